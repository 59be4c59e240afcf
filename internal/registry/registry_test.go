package registry

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

func TestNames(t *testing.T) {
	if got, want := SearcherNames(), []string{"pvs", "alphabeta", "mcts", "uct"}; !slices.Equal(got, want) {
		t.Errorf("SearcherNames() = %q, want %q", got, want)
	}
	if got, want := EvaluatorNames(), []string{"network", "tuned", "endgame", "sixfactor"}; !slices.Equal(got, want) {
		t.Errorf("EvaluatorNames() = %q, want %q", got, want)
	}
}

func TestLookup(t *testing.T) {
	for name, want := range map[string]any{"pvs": &surakarta.PVS{}, "AlphaBeta": &surakarta.AlphaBeta{}, "MCTS": &surakarta.MCTS{}, "uct": &surakarta.MCTS{}} {
		s, ok := LookupSearcher(name)
		if !ok {
			t.Errorf("LookupSearcher(%q): not found", name)
			continue
		}
		if got := s.New(surakarta.NewTuned()); typeName(got) != typeName(want) {
			t.Errorf("%s makes a %s", name, typeName(got))
		}
	}
	for name, want := range map[string]any{"tuned": &surakarta.Tuned{}, "Endgame": &surakarta.EndgameAdjusted{}, "SIXFACTOR": &surakarta.SixFactor{}, "Network": &surakarta.Network{}} {
		e, ok := LookupEvaluator(name)
		if !ok {
			t.Errorf("LookupEvaluator(%q): not found", name)
			continue
		}
		if got := e.New(); typeName(got) != typeName(want) {
			t.Errorf("%s makes a %s", name, typeName(got))
		}
	}
	if _, ok := LookupSearcher("mcts2"); ok {
		t.Error("LookupSearcher(mcts2) found one")
	}
	if _, ok := LookupEvaluator(""); ok {
		t.Error("LookupEvaluator(\"\") found one")
	}
}

// TestDefaults: the first of each list is the library's default, and
// every pair plays.
func TestDefaults(t *testing.T) {
	if _, ok := Searchers()[0].New(nil).(*surakarta.PVS); !ok {
		t.Error("the default searcher is not PVS")
	}
	if _, ok := Evaluators()[0].New().(*surakarta.Network); !ok {
		t.Error("the default evaluator is not Network")
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range Searchers() {
		for _, e := range Evaluators() {
			res, err := s.New(e.New()).Search(context.Background(), g, surakarta.Limits{Depth: 2})
			if err != nil || res.Move == surakarta.NoMove {
				t.Errorf("%s,%s: %v, %v", s.Name, e.Name, res.Move, err)
			}
		}
	}
	// The lists returned are copies.
	Searchers()[0].Name = "changed"
	if SearcherNames()[0] != "pvs" {
		t.Error("Searchers returned the registry itself")
	}
}

// TestPlayers: random, greedy and the levels, each playing a legal move;
// the top level is the engine.
func TestPlayers(t *testing.T) {
	want := []string{"random", "greedy"}
	for n := 1; n <= level.Count; n++ {
		want = append(want, fmt.Sprintf("level%d", n))
	}
	if got := PlayerNames(); !slices.Equal(got, want) {
		t.Errorf("PlayerNames() = %q, want %q", got, want)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, p := range Players() {
		res, err := p.New(1).Search(context.Background(), g, surakarta.Limits{Nodes: 1000})
		if err != nil || res.Move == surakarta.NoMove {
			t.Errorf("%s: %v, %v", p.Name, res.Move, err)
		}
	}
	if p, ok := LookupPlayer("LEVEL10"); !ok || typeName(p.New(1)) != "*surakarta.PVS" {
		t.Errorf("LookupPlayer(LEVEL10) = %v, %v", p.Name, ok)
	}
	for _, name := range []string{"pvs", "level0", "level11", ""} {
		if _, ok := LookupPlayer(name); ok {
			t.Errorf("LookupPlayer(%q) found one", name)
		}
	}
}

func typeName(x any) string { return fmt.Sprintf("%T", x) }
