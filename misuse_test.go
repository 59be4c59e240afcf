package surakarta_test

import (
	"context"
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestNilEvaluatorFunc: a searcher whose Evaluator is an EvaluatorFunc
// holding a nil function is refused like one with no Evaluator, rather
// than calling it.
func TestNilEvaluatorFunc(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range []surakarta.Searcher{
		surakarta.NewPVS(surakarta.EvaluatorFunc(nil)),
		surakarta.NewAlphaBeta(surakarta.EvaluatorFunc(nil)),
		surakarta.NewMCTS(surakarta.EvaluatorFunc(nil)),
	} {
		if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 2}); !errors.Is(err, surakarta.ErrNoEvaluator) {
			t.Errorf("%T with EvaluatorFunc(nil): error %v, want ErrNoEvaluator", s, err)
		}
	}
}

// TestNewMoveOffTheBoard: a square off the board makes no move, which is
// refused by name, not a move between other squares.
func TestNewMoveOffTheBoard(t *testing.T) {
	for _, sq := range [][2]surakarta.Square{{99, 200}, {surakarta.NumSquares, surakarta.A1}, {surakarta.A1, 255}} {
		m := surakarta.NewMove(sq[0], sq[1])
		if m != surakarta.NotAMove {
			t.Errorf("NewMove(%d, %d) = %v, want NotAMove", sq[0], sq[1], m)
		}
		if _, err := surakarta.NewPosition().Legal(m); !errors.Is(err, surakarta.ErrIllegalMove) {
			t.Errorf("Legal(NewMove(%d, %d)): %v, want ErrIllegalMove", sq[0], sq[1], err)
		}
		if err := surakarta.NewGame(surakarta.NewPosition()).Play(m); !errors.Is(err, surakarta.ErrIllegalMove) {
			t.Errorf("Game.Play(NewMove(%d, %d)): %v, want ErrIllegalMove", sq[0], sq[1], err)
		}
	}
	if got := surakarta.NewMove(surakarta.F6, surakarta.C2).String(); got != "f6c2" {
		t.Errorf("NewMove(F6, C2) = %q", got)
	}
}

// TestMoveStringOfNoMove: values that are no move print as their number.
func TestMoveStringOfNoMove(t *testing.T) {
	for m, want := range map[surakarta.Move]string{
		surakarta.NotAMove: "Move(65535)", 1<<13 | 1: "Move(8193)", 7 | 7<<6: "Move(455)",
		surakarta.NoMove: "none", 1 | 2<<6: "b1c1",
	} {
		if got := m.String(); got != want {
			t.Errorf("Move(%d).String() = %q, want %q", uint16(m), got, want)
		}
	}
}

// TestRulesString: Rules print as a record's Rules header writes them.
func TestRulesString(t *testing.T) {
	for r, want := range map[surakarta.Rules]string{
		surakarta.OlympiadRules(): "quiet=50 repetition=2",
		{}:                        "quiet=0 repetition=0",
	} {
		if got := r.String(); got != want {
			t.Errorf("%#v.String() = %q, want %q", r, got, want)
		}
	}
}

// TestCheckSearch: the checks every Searcher makes of its arguments, each
// error with its sentinel, in one function a Searcher of one's own calls.
func TestCheckSearch(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	over := surakarta.NewGame(surakarta.NewPosition())
	if err := over.Resign(surakarta.White); err != nil {
		t.Fatal(err)
	}
	a6a4, err := surakarta.ParseMove("a6a4")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		g    *surakarta.Game
		lim  surakarta.Limits
		want error
	}{
		{"fine", ctx, g, surakarta.Limits{Depth: 1}, nil},
		{"nil context", nil, g, surakarta.Limits{}, surakarta.ErrInvalidSearch},
		{"nil game", ctx, nil, surakarta.Limits{}, surakarta.ErrInvalidSearch},
		{"negative depth", ctx, g, surakarta.Limits{Depth: -1}, surakarta.ErrInvalidLimits},
		{"game over", ctx, over, surakarta.Limits{}, surakarta.ErrGameOver},
		{"illegal search move", ctx, g, surakarta.Limits{SearchMoves: []surakarta.Move{a6a4}}, surakarta.ErrIllegalMove},
	} {
		err := surakarta.CheckSearch(tc.ctx, tc.g, tc.lim)
		if tc.want == nil && err != nil || !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
}
