package surakartatest_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

func TestFlip(t *testing.T) {
	for _, tc := range []struct{ p, want string }{
		{"6/1w4/6/6/bw4/6 b 3 7", "6/wb4/6/6/1b4/6 w 3 7"},
		{surakarta.StartText, "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb w 0 1"},
		{"6/6/6/6/6/6 b 0 1", "6/6/6/6/6/6 w 0 1"},
		{"b5/6/6/6/6/5w w 999999999 999999999", "5b/6/6/6/6/w5 b 999999999 999999999"},
	} {
		if got := surakartatest.Flip(mustParse(t, tc.p)).String(); got != tc.want {
			t.Errorf("Flip(%q) = %q, want %q", tc.p, got, tc.want)
		}
	}
}

func TestFlipMove(t *testing.T) {
	for _, tc := range []struct{ m, want string }{
		{"a1a2", "a6a5"},
		{"b2xe5", "b5xe2"},
		{"c3-d4", "c4d3"},
		{"f6e6", "f1e1"},
	} {
		m, err := surakarta.ParseMove(tc.m)
		if err != nil {
			t.Fatal(err)
		}
		got, err := surakartatest.FlipMove(m).MarshalText()
		if err != nil || string(got) != tc.want {
			t.Errorf("FlipMove(%v) = %s (%v), want %s", tc.m, got, err, tc.want)
		}
	}
	if got := surakartatest.FlipMove(surakarta.NoMove); got != surakarta.NoMove {
		t.Errorf("FlipMove(NoMove) = %v", got)
	}
	// FlipMove is its own inverse on every value, moves or not.
	for m := range surakarta.Move(1<<16 - 1) {
		if got := surakartatest.FlipMove(surakartatest.FlipMove(m)); got != m {
			t.Fatalf("FlipMove(FlipMove(%#x)) = %#x", uint16(m), uint16(got))
		}
	}
}

// TestFlipSymmetry checks the claims of Flip's documentation on many random
// positions: Flip is its own inverse, the side to move has the flipped moves,
// the rules end a game from the flip with the sides swapped, and the
// evaluators of package surakarta score a position and its flip the same.
func TestFlipSymmetry(t *testing.T) {
	evaluators := []struct {
		name string
		e    surakarta.Evaluator
	}{
		{"SixFactor", surakarta.NewSixFactor()},
		{"EndgameAdjusted", surakarta.NewEndgameAdjusted()},
		{"Phased", surakarta.NewPhased(nil)},
	}
	six := surakarta.NewSixFactor()
	r := rand.New(rand.NewPCG(14, 15))
	n := 6000
	if testing.Short() {
		n = 1000
	}
	for i := range n {
		p := surakartatest.RandomPosition(r)
		if i%2 == 1 {
			p = randomPosition(t, r)
		}
		f := surakartatest.Flip(p)
		checkPosition(t, f)
		if back := surakartatest.Flip(f); back != p {
			t.Fatalf("Flip(Flip(%v)) = %v", p, back)
		}
		if f.Count(surakarta.Black) != p.Count(surakarta.White) || f.Count(surakarta.White) != p.Count(surakarta.Black) ||
			f.QuietPlies() != p.QuietPlies() || f.MoveNumber() != p.MoveNumber() {
			t.Fatalf("Flip(%v) = %v: pieces or counters not kept", p, f)
		}

		var flipped []surakarta.Move
		for _, m := range p.LegalMoves() {
			flipped = append(flipped, surakartatest.FlipMove(m))
		}
		want, got := slices.Sorted(slices.Values(flipped)), slices.Sorted(slices.Values(f.LegalMoves()))
		if !slices.Equal(got, want) {
			t.Fatalf("legal moves of %v, flipped: %v; of its flip %v: %v", p, want, f, got)
		}
		if err := surakartatest.CheckMoves(f, flipped); err != nil {
			t.Fatal(err)
		}

		gp, err := surakarta.NewGameWithRules(p, surakarta.Rules{QuietPlyLimit: 50, RepetitionLimit: 2})
		if err != nil {
			t.Fatal(err)
		}
		gf, _ := surakarta.NewGameWithRules(f, gp.Rules())
		op, of := gp.Outcome(), gf.Outcome()
		if of.Over != op.Over || of.Draw != op.Draw || of.Reason != op.Reason || op.Over && !op.Draw && of.Winner != op.Winner.Other() {
			t.Fatalf("the game from %v is %v, but from its flip %v it is %v", p, op, f, of)
		}

		for _, ev := range evaluators {
			if a, b := ev.e.Evaluate(&p), ev.e.Evaluate(&f); a != b {
				t.Fatalf("%s: Evaluate(%v) = %d, but %d for its flip %v", ev.name, p, a, b, f)
			}
			if err := surakartatest.CheckEvaluator(ev.e, p); err != nil {
				t.Fatalf("%s: %v", ev.name, err)
			}
		}
		for _, c := range []surakarta.Color{surakarta.Black, surakarta.White} {
			if a, b := six.Terms(&p, c), six.Terms(&f, c.Other()); a != b {
				t.Fatalf("SixFactor terms of %v in %v: %+v; of %v in its flip %v: %+v", c, p, a, c.Other(), f, b)
			}
		}
	}
}
