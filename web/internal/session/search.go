package session

import (
	"context"
	"fmt"
	"time"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

// The engine's searches: its moves at each level (Think), the hint, and
// the speed test's searches (Bench).

// The budgets of the full engine's searches that do not play: a node
// count, not a time, so that a hint and an analysis are the same on every
// machine, however fast (and the tests can compute them).
const (
	// HintNodes is the budget of a hint: about half a second to a second
	// in the browser.
	HintNodes = 1_000_000
	// AnalysisNodes is the budget of each position that Analyse searches
	// by default: a median depth of about 11 or 12 over a game, a little
	// deeper than the analysis command's default depth of 10, and a game
	// of 60 plies in a few seconds in the browser (docs/browser.md).
	AnalysisNodes = 100_000
)

// LevelKey returns what the random choices of a level below level.Count
// are drawn from in a game from start (the second argument of level.New):
// the start position's hash. A level's move then depends on the game
// alone, the start and the moves since, so that a record tells what the
// level plays, and the same game gets the same replies.
func LevelKey(start surakarta.Position) uint64 { return start.Hash() }

// Thought is the engine's move and how it found it.
type Thought struct {
	Level  int     `json:"level"` // the level that played it, 1 to level.Count
	Move   string  `json:"move"`  // "b2b3" or "b2xe5"
	Path   *Path   `json:"path"`  // for a capture, its path
	Score  string  `json:"score"` // for the engine, as surakarta.FormatScore writes it
	Depth  int     `json:"depth"`
	Nodes  int64   `json:"nodes"`
	Millis float64 `json:"millis"` // search time
}

// Progress reports a completed iteration while the engine thinks.
type Progress struct {
	Depth  int     `json:"depth"`
	Score  string  `json:"score"`
	Nodes  int64   `json:"nodes"`
	Millis float64 `json:"millis"`
	PV     string  `json:"pv"` // the principal variation, as line writes it
}

// Think lets the engine of a level, 1 to level.Count, choose a move for
// the side to move, and plays it. Level level.Count, the engine at full
// strength, searches for moveTime; a level below searches within its own
// budget of nodes (package level), whatever moveTime is, so that its
// strength does not depend on the machine. progress, if not nil, is
// called after each completed iteration of the engine's searches (levels
// 6 to 10; levels 1 to 5 do not report).
func (s *Session) Think(lvl int, moveTime time.Duration, progress func(Progress)) (Thought, State, error) {
	var searcher surakarta.Searcher
	var lim surakarta.Limits
	switch {
	case lvl == level.Count:
		if moveTime <= 0 || moveTime > MaxMoveTime {
			return Thought{}, State{}, fmt.Errorf("thinking time %v: want more than 0 and at most %v", moveTime, MaxMoveTime)
		}
		searcher = s.searcher
		lim.MoveTime = moveTime
	case lvl >= 1 && lvl < level.Count:
		key := LevelKey(s.game.StartPosition())
		if s.player == nil || s.playerLevel != lvl || s.playerKey != key {
			p, err := level.New(lvl, key)
			if err != nil {
				return Thought{}, State{}, err
			}
			s.player, s.playerLevel, s.playerKey = p, lvl, key
		}
		searcher = s.player
	default:
		return Thought{}, State{}, fmt.Errorf("level %d: want 1 to %d", lvl, level.Count)
	}
	before := s.game.Position()
	if progress != nil {
		lim.Progress = func(info surakarta.Info) {
			progress(Progress{
				Depth:  info.Depth,
				Score:  surakarta.FormatScore(info.Score),
				Nodes:  info.Nodes,
				Millis: millis(info.Time),
				PV:     line(before, info.PV),
			})
		}
	}
	r, err := searcher.Search(context.Background(), s.game, lim)
	if err != nil {
		return Thought{}, State{}, err
	}
	if err := s.game.Play(r.Move); err != nil {
		return Thought{}, State{}, fmt.Errorf("the engine's move %v: %w", r.Move, err)
	}
	played := s.game.Moves()[s.game.Ply()-1] // with its capture bit
	t := Thought{
		Level:  lvl,
		Move:   played.Notation(),
		Path:   boardjson.PathOf(before, played),
		Score:  surakarta.FormatScore(r.Score),
		Depth:  r.Depth,
		Nodes:  r.Nodes,
		Millis: millis(r.Time),
	}
	return t, s.State(), nil
}

// Hint is the full engine's move for the side to move, not played.
type Hint struct {
	Move   string  `json:"move"` // "b2b3" or "b2xe5"
	From   string  `json:"from"`
	To     string  `json:"to"`
	Path   *Path   `json:"path"`  // for a capture, its path
	Score  string  `json:"score"` // for the side to move, as surakarta.FormatScore writes it
	Line   string  `json:"line"`  // the principal variation, as line writes it
	Depth  int     `json:"depth"`
	Nodes  int64   `json:"nodes"`
	Millis float64 `json:"millis"`
}

// Hint searches the position now with the full engine, cleared first,
// within HintNodes nodes, and returns its move without playing it: the
// same move on every machine for the same game.
func (s *Session) Hint() (Hint, error) {
	if o := s.game.Outcome(); o.Over {
		return Hint{}, fmt.Errorf("no hint: the game is over (%v)", o)
	}
	s.analyst.Clear()
	r, err := s.analyst.Search(context.Background(), s.game, surakarta.Limits{Nodes: HintNodes})
	if err != nil {
		return Hint{}, err
	}
	p := s.game.Position()
	m, err := p.Legal(r.Move) // with its capture bit
	if err != nil {
		return Hint{}, fmt.Errorf("the engine's move %v: %w", r.Move, err)
	}
	return Hint{
		Move: m.Notation(), From: m.From().String(), To: m.To().String(), Path: boardjson.PathOf(p, m),
		Score: surakarta.FormatScore(r.Score), Line: line(p, r.PV),
		Depth: r.Depth, Nodes: r.Nodes, Millis: millis(r.Time),
	}, nil
}

// BenchResult is one position searched by Bench.
type BenchResult struct {
	Nodes  int64   `json:"nodes"`
	Millis float64 `json:"millis"`
	Move   string  `json:"move"`
}

// Bench searches each position to depth with a fresh searcher, as the
// library's own benchmarks do, so that the node counts are the same on
// every platform and the speeds compare.
func Bench(positions []string, depth int) ([]BenchResult, error) {
	if len(positions) > MaxBench {
		return nil, fmt.Errorf("%d positions: at most %d", len(positions), MaxBench)
	}
	if depth < 1 || depth > surakarta.MaxDepth {
		return nil, fmt.Errorf("depth %d: want 1 to %d", depth, surakarta.MaxDepth)
	}
	var out []BenchResult
	for _, text := range positions {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			return nil, err
		}
		r, err := surakarta.NewPVS(surakarta.NewEndgameAdjusted()).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: depth})
		if err != nil {
			return nil, err
		}
		out = append(out, BenchResult{Nodes: r.Nodes, Millis: millis(r.Time), Move: r.Move.String()})
	}
	return out, nil
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
