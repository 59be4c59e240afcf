package puzzle_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/puzzle"
)

// testGame reads the game of testdata/game.txt, a game between two of the
// engine's Monte Carlo searchers.
func testGame(t *testing.T) *surakarta.Game {
	t.Helper()
	data, err := os.ReadFile("testdata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(string(data))
	if err != nil {
		t.Fatal(err)
	}
	return rec.Game
}

var findOptions = puzzle.Options{Limits: surakarta.Limits{Depth: 8}, Source: "test game"}

// checkFound checks the puzzles found in g: each true to the rules, from
// a position of g at its Ply, confirmed by a deeper search (Verify), and
// with the first move that another searcher finds best: the papers'
// alpha-beta with the Tuned evaluator, whose search and evaluation share
// no code with PVS's and the Network's.
func checkFound(t *testing.T, g *surakarta.Game, ps []puzzle.Puzzle) {
	t.Helper()
	positions := g.Positions()
	for _, p := range ps {
		if err := p.Check(); err != nil {
			t.Errorf("%v: %v", p, err)
		}
		if p.Ply < 0 || p.Ply >= len(positions) || positions[p.Ply] != p.Position {
			t.Errorf("%v: not the position after %d moves of the game", p, p.Ply)
		}
		if p.Source != "test game" || p.Difficulty != puzzle.Unrated {
			t.Errorf("%v: source %q, difficulty %d", p, p.Source, p.Difficulty)
		}
		err := puzzle.Verify(context.Background(), p, surakarta.NewPVS(surakarta.NewNetwork()), puzzle.VerifyOptions{Limits: surakarta.Limits{Depth: 12}})
		if err != nil {
			t.Errorf("%v: the deeper search does not confirm it: %v", p, err)
		}
		res, err := surakarta.NewAlphaBeta(surakarta.NewTuned()).Search(context.Background(), p.Game(), surakarta.Limits{Depth: 6})
		if err != nil || !p.Accepts(p.Game(), 0, res.Move) {
			t.Errorf("%v: alpha-beta plays %v (%v)", p, res.Move, err)
		}
	}
}

func TestFindAndFromReport(t *testing.T) {
	testsize.Sequential(t)
	g := testGame(t)
	ctx := context.Background()
	found, err := puzzle.Find(ctx, g, surakarta.NewPVS(surakarta.NewNetwork()), findOptions)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) == 0 {
		t.Fatal("Find found no puzzle in the test game")
	}
	checkFound(t, g, found)

	s := surakarta.NewPVS(surakarta.NewNetwork())
	report, err := analysis.Game(ctx, g, s, analysis.Options{Limits: surakarta.Limits{Depth: 8}})
	if err != nil {
		t.Fatal(err)
	}
	fromReport, err := puzzle.FromReport(ctx, g, report, s, findOptions)
	if err != nil {
		t.Fatal(err)
	}
	checkFound(t, g, fromReport)
	// The puzzle of the file format's tests, after the white piece's
	// step to b3, which Black's c1 takes round the inner loop.
	for name, ps := range map[string][]puzzle.Puzzle{"Find": found, "FromReport": fromReport} {
		if len(ps) == 0 || ps[0].Ply != 2 || ps[0].String() != "wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 0; 2; test game" {
			t.Errorf("%s: the first puzzle is not c1b3 at ply 2: %v", name, ps)
		}
	}
}

func TestFindRefuses(t *testing.T) {
	ctx := context.Background()
	s := surakarta.NewPVS(surakarta.NewNetwork())
	g := testGame(t)
	other, err := surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{QuietPlyLimit: 0, RepetitionLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	for name, call := range map[string]func() error{
		"nil context": func() error {
			//lint:ignore SA1012 a nil context is what is tested
			_, err := puzzle.Find(nil, g, s, findOptions)
			return err
		},
		"nil game":     func() error { _, err := puzzle.Find(ctx, nil, s, findOptions); return err },
		"nil searcher": func() error { _, err := puzzle.Find(ctx, g, nil, findOptions); return err },
		"other rules":  func() error { _, err := puzzle.Find(ctx, other, s, findOptions); return err },
		"MaxPlies": func() error {
			_, err := puzzle.Find(ctx, g, s, puzzle.Options{MaxPlies: puzzle.MaxSolutionPlies + 1})
			return err
		},
		"SearchMoves": func() error {
			_, err := puzzle.Find(ctx, g, s, puzzle.Options{Limits: surakarta.Limits{SearchMoves: []surakarta.Move{1}}})
			return err
		},
		"Ponder": func() error {
			_, err := puzzle.Find(ctx, g, s, puzzle.Options{Limits: surakarta.Limits{Ponder: make(chan struct{})}})
			return err
		},
		"Mate": func() error {
			_, err := puzzle.Find(ctx, g, s, puzzle.Options{Limits: surakarta.Limits{Mate: 3}})
			return err
		},
		"negative depth": func() error {
			_, err := puzzle.Find(ctx, g, s, puzzle.Options{Limits: surakarta.Limits{Depth: -1}})
			return err
		},
		"bad source": func() error {
			_, err := puzzle.Find(ctx, g, s, puzzle.Options{Source: "a\nb"})
			return err
		},
		"nil report": func() error { _, err := puzzle.FromReport(ctx, g, nil, s, findOptions); return err },
		"verify nil searcher": func() error {
			p, _ := puzzle.Parse(wonPiece)
			return puzzle.Verify(ctx, p, nil, puzzle.VerifyOptions{})
		},
	} {
		if err := call(); !errors.Is(err, puzzle.ErrInvalidOptions) {
			t.Errorf("%s: %v, want ErrInvalidOptions", name, err)
		}
	}
}

func TestFromReportOfAnotherGame(t *testing.T) {
	ctx := context.Background()
	s := surakarta.NewPVS(surakarta.NewNetwork())
	g := testGame(t)
	report := &analysis.Report{Moves: []analysis.Annotation{{Ply: 2, Mover: surakarta.Black, Loss: 100}}}
	if _, err := puzzle.FromReport(ctx, g, report, s, findOptions); !errors.Is(err, puzzle.ErrInvalidOptions) {
		t.Errorf("a report whose mover is wrong: %v", err)
	}
}

func TestFindStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := puzzle.Find(ctx, testGame(t), surakarta.NewPVS(surakarta.NewNetwork()), findOptions)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Find with a cancelled context: %v", err)
	}
}
