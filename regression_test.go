package surakarta_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// Tests of faults found by trying the library as a new importer would. Each
// one failed before its fix.

// TestZeroGameIsTheStart: the zero Game is a game from the start under the
// Olympiad rules; none of its methods panics.
func TestZeroGameIsTheStart(t *testing.T) {
	var g surakarta.Game
	if got, want := g.Position(), surakarta.NewPosition(); got != want {
		t.Errorf("Position() = %v, want the start %v", got, want)
	}
	if got := g.StartPosition(); got != surakarta.NewPosition() {
		t.Errorf("StartPosition() = %v, want the start", got)
	}
	if got, want := g.Rules(), surakarta.OlympiadRules(); got != want {
		t.Errorf("Rules() = %+v, want %+v", got, want)
	}
	if o := g.Outcome(); o.Over {
		t.Errorf("Outcome() = %v, want not over", o)
	}
	if n := len(g.LegalMoves()); n != 16 {
		t.Errorf("%d legal moves, want 16", n)
	}
	if n := g.Repetitions(); n != 1 {
		t.Errorf("Repetitions() = %d, want 1", n)
	}
	if ps := g.Positions(); len(ps) != 1 || ps[0] != surakarta.NewPosition() {
		t.Errorf("Positions() = %v, want the start alone", ps)
	}
	if err := g.Undo(); !errors.Is(err, surakarta.ErrNoMoveToUndo) {
		t.Errorf("Undo() = %v, want ErrNoMoveToUndo", err)
	}
	if c := g.Clone(); c.Position() != surakarta.NewPosition() {
		t.Errorf("Clone().Position() = %v, want the start", c.Position())
	}
	// It plays like NewGame(NewPosition()), repetition rule included.
	for _, m := range []string{"a2a3", "a5a4", "a3a2", "a4a5"} {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("PlayText(%s): %v", m, err)
		}
	}
	if o := g.Outcome(); o.Reason != surakarta.Repetition {
		t.Errorf("after a2a3 a5a4 a3a2 a4a5: %v, want a repetition", o)
	}
	var searched surakarta.Game
	res, err := surakarta.NewPVS(surakarta.NewSixFactor()).Search(context.Background(), &searched, surakarta.Limits{Depth: 2})
	if err != nil || res.Move == surakarta.NoMove {
		t.Errorf("searching the zero Game: %v, %v", res.Move, err)
	}
}

// TestEmptyBoardRoundTrips: the zero Position prints "6/6/6/6/6/6 b 0 1",
// which must parse back to it.
func TestEmptyBoardRoundTrips(t *testing.T) {
	var zero surakarta.Position
	text := zero.String()
	if text != "6/6/6/6/6/6 b 0 1" {
		t.Errorf("zero Position = %q", text)
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil || p != zero {
		t.Errorf("ParsePosition(%q) = %v, %v; want the zero Position", text, p, err)
	}
	// A game on it is over at once: nobody has a piece, a draw.
	if o := surakarta.NewGame(p).Outcome(); !o.Over || !o.Draw || o.Reason != surakarta.NoPieces {
		t.Errorf("Outcome on the empty board = %v, want a draw (no pieces left)", o)
	}
}

// TestCountersRoundTrip: a position's counters never grow past what its
// text may hold, so every position a game reaches prints a text that
// parses back, and so does a record of the game.
func TestCountersRoundTrip(t *testing.T) {
	p, err := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b 999999999 999999999")
	if err != nil {
		t.Fatal(err)
	}
	g, err := surakarta.NewGameWithRules(p, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"a2a3", "b5b6", "a3a2", "b6b5"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
		now := g.Position()
		again, err := surakarta.ParsePosition(now.String())
		if err != nil || again != now {
			t.Fatalf("after %s: %q does not parse back: %v", m, now, err)
		}
	}
	text, err := record.New(g).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := record.Parse(string(text)); err != nil {
		t.Errorf("a record of the game does not read back: %v\n%s", err, text)
	}
}

// TestSearchLimitErrors: invalid limits give an error wrapping
// ErrInvalidLimits that names the field and does not print the Progress
// function; a searcher without an evaluator says so with ErrNoEvaluator.
func TestSearchLimitErrors(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	progress := func(surakarta.Info) {}
	for _, s := range []surakarta.Searcher{surakarta.NewAlphaBeta(surakarta.NewSixFactor()), surakarta.NewPVS(surakarta.NewSixFactor())} {
		for _, lim := range []surakarta.Limits{
			{Depth: -1, Progress: progress},
			{Nodes: -5, Progress: progress},
			{MoveTime: -1, Progress: progress},
			{MultiPV: -1, Progress: progress},
		} {
			_, err := s.Search(context.Background(), g, lim)
			if !errors.Is(err, surakarta.ErrInvalidLimits) {
				t.Errorf("%T.Search(%+v) error = %v, want ErrInvalidLimits", s, lim, err)
				continue
			}
			if strings.Contains(err.Error(), "0x") || strings.Contains(err.Error(), "Progress") {
				t.Errorf("%T.Search error %q prints the Progress function", s, err)
			}
		}
	}
	for _, s := range []surakarta.Searcher{surakarta.NewAlphaBeta(nil), surakarta.NewPVS(nil)} {
		if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); !errors.Is(err, surakarta.ErrNoEvaluator) {
			t.Errorf("%T without an evaluator: error = %v, want ErrNoEvaluator", s, err)
		}
	}
}

// TestFormatScoreBeyondWin: a number past ±Win is no win or loss, and is
// printed as a number, not "win in -5".
func TestFormatScoreBeyondWin(t *testing.T) {
	for _, score := range []int{surakarta.Win + 5, -surakarta.Win - 5, 100 * surakarta.Win} {
		if surakarta.IsWin(score) || surakarta.IsLoss(score) {
			t.Errorf("IsWin/IsLoss(%d) = true, want false", score)
		}
		if _, ok := surakarta.PliesToEnd(score); ok {
			t.Errorf("PliesToEnd(%d) reports an end", score)
		}
		if got := surakarta.FormatScore(score); strings.Contains(got, "win") || strings.Contains(got, "loss") {
			t.Errorf("FormatScore(%d) = %q, want a number", score, got)
		}
	}
	if got := surakarta.FormatScore(surakarta.Win - 5); got != "win in 5 plies" {
		t.Errorf("FormatScore(Win-5) = %q, want win in 5 plies", got)
	}
}

// TestEvaluatorCannotFakeAWin: an evaluator's score is clamped to
// ±MaxEvaluation by both searchers, so a huge score never reads as a won
// or lost game.
func TestEvaluatorCannotFakeAWin(t *testing.T) {
	huge := surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
		if p.SideToMove() == surakarta.Black {
			return 100 * surakarta.Win
		}
		return -100 * surakarta.Win
	})
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range []surakarta.Searcher{surakarta.NewAlphaBeta(huge), surakarta.NewPVS(huge)} {
		for depth := 1; depth <= 3; depth++ {
			res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: depth})
			if err != nil {
				t.Fatal(err)
			}
			if surakarta.IsWin(res.Score) || surakarta.IsLoss(res.Score) || res.Score > surakarta.MaxEvaluation || res.Score < -surakarta.MaxEvaluation {
				t.Errorf("%T depth %d: score %d (%s), want within ±MaxEvaluation", s, depth, res.Score, surakarta.FormatScore(res.Score))
			}
		}
	}
}

// TestNewPhasedNil: a nil base means the six-factor defaults.
func TestNewPhasedNil(t *testing.T) {
	ph := surakarta.NewPhased(nil)
	p := surakarta.NewPosition()
	if got, want := ph.Evaluate(&p), surakarta.NewSixFactor().Evaluate(&p); got != want {
		t.Errorf("NewPhased(nil).Evaluate(start) = %d, want SixFactor's %d", got, want)
	}
}

// TestParseMoveSquareErrors: a move with a bad square wraps both
// ErrInvalidMove and ErrInvalidSquare.
func TestParseMoveSquareErrors(t *testing.T) {
	for _, text := range []string{"b6b7", "g1a1", "a0-a1", "a1xz9"} {
		_, err := surakarta.ParseMove(text)
		if !errors.Is(err, surakarta.ErrInvalidMove) || !errors.Is(err, surakarta.ErrInvalidSquare) {
			t.Errorf("ParseMove(%q) error = %v, want ErrInvalidMove and ErrInvalidSquare", text, err)
		}
	}
}

// TestCaptureClaimChecked: "b2xb3" claims a capture; for a step it is
// refused, and the game does not change.
func TestCaptureClaimChecked(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	err := g.PlayText("b2xb3")
	if !errors.Is(err, surakarta.ErrIllegalMove) || !strings.Contains(err.Error(), "capture") {
		t.Errorf("PlayText(b2xb3) from the start = %v, want ErrIllegalMove about the capture", err)
	}
	if g.Ply() != 0 {
		t.Errorf("the refused move was played")
	}
	for _, text := range []string{"b2b3", "b2-b3", "B2-B3"} {
		g := surakarta.NewGame(surakarta.NewPosition())
		if err := g.PlayText(text); err != nil {
			t.Errorf("PlayText(%s) = %v, want it played", text, err)
		}
	}
	// A real capture may be written either way.
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	for _, text := range []string{"a2b2", "a2xb2", "a2-b2"} {
		g := surakarta.NewGame(p)
		if err := g.PlayText(text); err != nil {
			t.Errorf("PlayText(%s) = %v, want the capture played", text, err)
		}
	}
}
