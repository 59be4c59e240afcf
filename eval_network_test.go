package surakarta_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestNetworkColourFlip: the network sees each side's pieces from that
// side's point of view, so a position with its colours swapped and its
// board mirrored top to bottom scores the same for the other side to move,
// exactly.
func TestNetworkColourFlip(t *testing.T) {
	n := surakarta.NewNetwork()
	r := evRand(2)
	for range evRandomPositions {
		b, side := evRandomBoard(r)
		p := evPosition(t, b, side)
		flipped := evPosition(t, evColourFlip(b), side.Other())
		if got, want := n.Evaluate(&flipped), n.Evaluate(&p); got != want {
			t.Fatalf("Evaluate(%q) = %d, but %d after the colour flip: %q", p, want, got, flipped)
		}
		if s := n.Evaluate(&p); s < -surakarta.MaxEvaluation || s > surakarta.MaxEvaluation {
			t.Fatalf("Evaluate(%q) = %d: beyond MaxEvaluation", p, s)
		}
	}
}

// TestNetworkZeroValue: the zero Network is the built-in network.
func TestNetworkZeroValue(t *testing.T) {
	var zero surakarta.Network
	n := surakarta.NewNetwork()
	for _, p := range middleGamePositions(t) {
		if zero.Evaluate(&p) != n.Evaluate(&p) {
			t.Fatalf("%q: the zero Network scores %d, NewNetwork's %d", p, zero.Evaluate(&p), n.Evaluate(&p))
		}
	}
}

// TestNetworkIncremental: the searchers keep the network's first layer up
// to date from the parent's as they play moves, while a Network wrapped in
// an EvaluatorFunc is evaluated afresh at every node. Both must search
// alike: the same move, score, line and node count, node for node, on the
// middle-game positions, through PVS (with null moves, whose child has
// its parent's placement), AlphaBeta and the quiescence search; with
// -short, the first 5 positions and PVS to depth 5.
func TestNetworkIncremental(t *testing.T) {
	n := surakarta.NewNetwork()
	fresh := surakarta.EvaluatorFunc(n.Evaluate)
	positions := middleGamePositions(t)
	positions = positions[:testsize.Sized(len(positions), len(positions), 5)]
	pvsDepth := testsize.Sized(6, 6, 5)
	for _, p := range positions {
		for _, tc := range []struct {
			name  string
			new   func(surakarta.Evaluator) surakarta.Searcher
			depth int
		}{
			{"PVS", func(e surakarta.Evaluator) surakarta.Searcher { return surakarta.NewPVS(e) }, pvsDepth},
			{"AlphaBeta", func(e surakarta.Evaluator) surakarta.Searcher { return surakarta.NewAlphaBeta(e) }, 3},
		} {
			var results [2]surakarta.Result
			for i, e := range []surakarta.Evaluator{n, fresh} {
				res, err := tc.new(e).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: tc.depth})
				if err != nil {
					t.Fatal(err)
				}
				res.Time = 0
				results[i] = res
			}
			if diff := cmp.Diff(results[1], results[0]); diff != "" {
				t.Fatalf("%s of %q: the incremental search differs from evaluating afresh (-fresh +incremental):\n%s", tc.name, p, diff)
			}
		}
	}
}

// TestReadNetwork: ReadNetwork reads the built-in weights back to the same
// evaluator, and refuses what is not a weights file.
func TestReadNetwork(t *testing.T) {
	data, err := os.ReadFile("internal/nnue/default.nnue")
	if err != nil {
		t.Fatal(err)
	}
	n, err := surakarta.ReadNetwork(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	builtIn := surakarta.NewNetwork()
	for _, p := range middleGamePositions(t) {
		if n.Evaluate(&p) != builtIn.Evaluate(&p) {
			t.Fatalf("%q: the weights read back score %d, the built-in ones %d", p, n.Evaluate(&p), builtIn.Evaluate(&p))
		}
	}
	for name, bad := range map[string][]byte{
		"empty":     nil,
		"text":      []byte("wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"),
		"truncated": data[:len(data)/2],
	} {
		if _, err := surakarta.ReadNetwork(bytes.NewReader(bad)); !errors.Is(err, surakarta.ErrInvalidNetwork) {
			t.Errorf("%s: error %v, want ErrInvalidNetwork", name, err)
		}
	}
}
