// Package registry names the module's searchers and evaluators, once for
// every program that lets its user choose them by name: the engine
// binary's Searcher and Evaluator options, and engine specs such as
// "pvs,network". Each list is in order, the default first. The players of
// package level (the random mover, the greedy player and the strength
// levels) are named apart, since they need no evaluator: engine specs
// such as "greedy" and "level3".
package registry

import (
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

// Searcher is a searcher that a program may choose by name.
type Searcher struct {
	Name string // lower case, such as "pvs"
	// New returns a new searcher with its defaults that scores positions
	// with e.
	New func(e surakarta.Evaluator) surakarta.Searcher
}

// Evaluator is an evaluator that a program may choose by name.
type Evaluator struct {
	Name string                     // lower case, such as "tuned"
	New  func() surakarta.Evaluator // a new evaluator with its defaults
}

// Player is a player of package level that a program may choose by name
// alone: it needs no evaluator.
type Player struct {
	Name string // lower case: "random", "greedy", or "level1" to "levelN" for N = level.Count
	// New returns a new player whose random choices come from seed.
	New func(seed uint64) surakarta.Searcher
}

var players = func() []Player {
	list := []Player{{"random", level.NewRandom}, {"greedy", level.NewGreedy}}
	for n := 1; n <= level.Count; n++ {
		list = append(list, Player{"level" + strconv.Itoa(n), func(seed uint64) surakarta.Searcher {
			s, err := level.New(n, seed)
			if err != nil {
				panic(err) // n is a level
			}
			return s
		}})
	}
	return list
}()

// Players returns the players: random, greedy, then the levels from 1 to
// level.Count.
func Players() []Player { return append([]Player(nil), players...) }

// PlayerNames returns the names of the players, in the order of Players.
func PlayerNames() []string { return names(players, func(p Player) string { return p.Name }) }

// LookupPlayer returns the player of that name, in any letter case.
func LookupPlayer(name string) (Player, bool) { return lookup(players, name, Player.name) }

var searchers = []Searcher{
	{"pvs", func(e surakarta.Evaluator) surakarta.Searcher { return surakarta.NewPVS(e) }},
	{"alphabeta", func(e surakarta.Evaluator) surakarta.Searcher { return surakarta.NewAlphaBeta(e) }},
	{"mcts", func(e surakarta.Evaluator) surakarta.Searcher { return surakarta.NewMCTS(e) }},
	// uct is MCTS with random playouts (MCTS.Playouts): plain UCT, the
	// reference that MCTS is measured against.
	{"uct", func(e surakarta.Evaluator) surakarta.Searcher {
		s := surakarta.NewMCTS(e)
		s.Playouts = true
		return s
	}},
}

var evaluators = []Evaluator{
	{"network", func() surakarta.Evaluator { return surakarta.NewNetwork() }},
	{"tuned", func() surakarta.Evaluator { return surakarta.NewTuned() }},
	{"endgame", func() surakarta.Evaluator { return surakarta.NewEndgameAdjusted() }},
	{"sixfactor", func() surakarta.Evaluator { return surakarta.NewSixFactor() }},
}

// Searchers returns the searchers, the default (PVS) first.
func Searchers() []Searcher { return append([]Searcher(nil), searchers...) }

// Evaluators returns the evaluators, the default (Network) first.
func Evaluators() []Evaluator { return append([]Evaluator(nil), evaluators...) }

// SearcherNames returns the names of the searchers, the default first.
func SearcherNames() []string { return names(searchers, func(s Searcher) string { return s.Name }) }

// EvaluatorNames returns the names of the evaluators, the default first.
func EvaluatorNames() []string {
	return names(evaluators, func(e Evaluator) string { return e.Name })
}

// LookupSearcher returns the searcher of that name, in any letter case.
func LookupSearcher(name string) (Searcher, bool) { return lookup(searchers, name, Searcher.name) }

// LookupEvaluator returns the evaluator of that name, in any letter case.
func LookupEvaluator(name string) (Evaluator, bool) { return lookup(evaluators, name, Evaluator.name) }

func (s Searcher) name() string  { return s.Name }
func (e Evaluator) name() string { return e.Name }
func (p Player) name() string    { return p.Name }

func names[T any](list []T, name func(T) string) []string {
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = name(x)
	}
	return out
}

func lookup[T any](list []T, name string, nameOf func(T) string) (T, bool) {
	for _, x := range list {
		if strings.EqualFold(nameOf(x), name) {
			return x, true
		}
	}
	var zero T
	return zero, false
}
