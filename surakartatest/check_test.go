package surakartatest_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// moves parses moves or fails the test.
func moves(t *testing.T, texts ...string) []surakarta.Move {
	t.Helper()
	var out []surakarta.Move
	for _, text := range texts {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// TestCheckMoves: CheckMoves accepts the legal moves in any order, and
// refuses any other list with an error wrapping ErrMovesDiffer that names
// the position and the moves that differ, which is what a test reports.
func TestCheckMoves(t *testing.T) {
	// Black's a2 captures b2 round the a1 loop; its steps are a1, b1, a3
	// and b3.
	p := mustParse(t, "6/1w4/6/6/bw4/6 b 0 1")
	for _, tc := range []struct {
		moves []surakarta.Move
		want  string // "" for no error
	}{
		{p.LegalMoves(), ""},
		{moves(t, "a2b3", "a2a3", "a2b1", "a2a1", "a2b2"), ""},  // any order, no capture bit
		{moves(t, "a2xb2", "a2a1", "a2b1", "a2a3", "a2b3"), ""}, // a capture claimed rightly
		{moves(t, "a2a1", "a2a3", "a2b3", "a2c4"), `"6/1w4/6/6/bw4/6 b 0 1"`},
		{moves(t, "a2a1", "a2a3", "a2b3", "a2c4"), "missing: a2xb2, a2b1; not legal: a2c4"},
		{moves(t, "a2b2", "a2a1", "a2b1", "a2a3", "a2b3", "a2a3", "a2a3"), "listed more than once: a2a3"},
		{moves(t, "a2b2", "a2xa1", "a2b1", "a2a3", "a2b3"), "steps listed as captures: a2xa1"},
		{append(p.LegalMoves(), surakarta.NoMove), "not legal: none"},
		{append(p.LegalMoves(), surakarta.NewMove(surakarta.A2, surakarta.A3)|1<<14), "not legal: Move(17158)"},
		{nil, "missing: a2xb2, a2a1, a2b1, a2a3, a2b3"},
	} {
		err := surakartatest.CheckMoves(p, tc.moves)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("CheckMoves(%v): %v", tc.moves, err)
		case tc.want != "" && (!errors.Is(err, surakartatest.ErrMovesDiffer) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("CheckMoves(%v) = %v, want an error wrapping ErrMovesDiffer with %q", tc.moves, err, tc.want)
		}
	}
	// A side without pieces has no moves, even in a game that the rules
	// have not ended yet.
	if err := surakartatest.CheckMoves(mustParse(t, "6/6/6/6/6/w5 b"), nil); err != nil {
		t.Error(err)
	}

	r := rand.New(rand.NewPCG(16, 17))
	for range 2000 {
		p := surakartatest.RandomPosition(r)
		legal := p.LegalMoves()
		r.Shuffle(len(legal), func(i, j int) { legal[i], legal[j] = legal[j], legal[i] })
		if err := surakartatest.CheckMoves(p, legal); err != nil {
			t.Fatal(err)
		}
		if len(legal) > 0 {
			if err := surakartatest.CheckMoves(p, legal[1:]); err == nil {
				t.Fatalf("CheckMoves(%v) accepts the legal moves without %v", p, legal[0])
			}
		}
	}
}

// evaluatorFunc adapts a function that must not change its position.
type evaluatorFunc func(p surakarta.Position) int

func (f evaluatorFunc) Evaluate(p *surakarta.Position) int { return f(*p) }

// TestCheckEvaluator: CheckEvaluator accepts an evaluator that keeps the
// rules, and refuses one that breaks any with an error wrapping
// ErrEvaluatorRule that gives the scores and positions it found.
func TestCheckEvaluator(t *testing.T) {
	p := mustParse(t, "6/1w4/w5/6/bw4/b5 b 0 1")
	flip := surakarta.Position.SideToMove
	calls := 0
	for _, tc := range []struct {
		name string
		e    surakarta.Evaluator
		want string // "" for no error
	}{
		{"SixFactor", surakarta.NewSixFactor(), ""},
		{"side-relative material", evaluatorFunc(func(p surakarta.Position) int {
			return p.Count(flip(p)) - p.Count(flip(p).Other())
		}), ""},
		{"Black's material", evaluatorFunc(func(p surakarta.Position) int {
			return p.Count(surakarta.Black) - p.Count(surakarta.White)
		}), `= -1, but 1 for its flip "w5/wb4/6/b5/1b4/6 w 0 1"`},
		{"ranks for both sides", evaluatorFunc(func(p surakarta.Position) int {
			n := 0
			for s := range p.Pieces(flip(p)).All() {
				n += s.Rank()
			}
			return n
		}), "for its flip"},
		{"too large", evaluatorFunc(func(surakarta.Position) int { return surakarta.MaxEvaluation + 1 }), "outside ±MaxEvaluation"},
		{"too small", evaluatorFunc(func(surakarta.Position) int { return -surakarta.Win }), "outside ±MaxEvaluation"},
		{"changes the position", surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
			_ = p.Remove(surakarta.A1)
			return 0
		}), `changed the position to "6/1w4/w5/6/bw4/6 b 0 1"`},
		{"changes the counters", surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
			_ = p.SetQuietPlies(p.QuietPlies() + 1)
			return 0
		}), "changed the position"},
		{"not the same twice", evaluatorFunc(func(surakarta.Position) int { calls++; return calls }), "= 1, then 2"},
	} {
		err := surakartatest.CheckEvaluator(tc.e, p)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (!errors.Is(err, surakartatest.ErrEvaluatorRule) || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: CheckEvaluator = %v, want an error wrapping ErrEvaluatorRule with %q", tc.name, err, tc.want)
		}
	}
}
