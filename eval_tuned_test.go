package surakarta_test

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/circuit"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// TestTunedIsTheFitted: NewTuned and the zero Tuned both score every
// position as the features and the fitted weights of internal/tunedeval
// do, from the position's public methods.
func TestTunedIsTheFitted(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	made, zero := surakarta.NewTuned(), &surakarta.Tuned{}
	for range 3000 {
		p := surakartatest.RandomPosition(r)
		var pieces, rings [2]uint64
		for c := range pieces {
			pieces[c] = uint64(p.Pieces(surakarta.Color(c)))
			rings[c] = circuit.Gather(pieces[c])
		}
		var f [tunedeval.NumFeatures]int32
		tunedeval.Features(&f, pieces, rings, uint8(p.SideToMove()))
		want := tunedeval.Score(f[:], tunedeval.Phase(pieces), tunedeval.Opening[:], tunedeval.Endgame[:])
		if a, b := made.Evaluate(&p), zero.Evaluate(&p); a != want || b != want {
			t.Fatalf("%v: NewTuned scores %d, the zero Tuned %d, the fitted weights %d", p, a, b, want)
		}
	}
}

// TestTunedSymmetry checks the fitted evaluator with CheckEvaluator (range,
// no change, same score twice, colour flip) and against the board mirrored
// left to right, which the rules also treat alike.
func TestTunedSymmetry(t *testing.T) {
	e := surakarta.NewTuned()
	r := rand.New(rand.NewPCG(7, 7))
	for range 5000 {
		p := surakartatest.RandomPosition(r)
		if err := surakartatest.CheckEvaluator(e, p); err != nil {
			t.Fatal(err)
		}
		var q surakarta.Position
		for _, c := range [2]surakarta.Color{surakarta.Black, surakarta.White} {
			for s := range p.Pieces(c).All() {
				m, _ := surakarta.NewSquare(5-s.File(), s.Rank())
				if err := q.Put(m, c); err != nil {
					t.Fatal(err)
				}
			}
		}
		q.SetSideToMove(p.SideToMove())
		if a, b := e.Evaluate(&p), e.Evaluate(&q); a != b {
			t.Fatalf("Evaluate(%v) = %d, but %d mirrored: %v", p, a, b, q)
		}
	}
}

// TestTunedAllocs checks that Evaluate allocates nothing.
func TestTunedAllocs(t *testing.T) {
	e := surakarta.NewTuned()
	positions := middleGamePositions(t)
	if n := testing.AllocsPerRun(100, func() {
		for i := range positions {
			e.Evaluate(&positions[i])
		}
	}); n != 0 {
		t.Fatalf("Evaluate allocates %v times per run", n)
	}
}

var _ surakarta.Evaluator = (*surakarta.Tuned)(nil)
