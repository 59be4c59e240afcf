package surakarta_test

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/circuit"
	"github.com/surakarta-go/surakarta/internal/reference"
	"github.com/surakarta-go/surakarta/internal/testsize"
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
		tunedeval.Features(&f, &pieces, &rings, uint8(p.SideToMove()))
		want := tunedeval.Score(f[:], tunedeval.Phase(&pieces), tunedeval.Opening[:], tunedeval.Endgame[:])
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

// refCaptures returns the captures of colour c (0 Black, 1 White) on a
// board of the given bitboards by the reference generator, which, unlike
// Position, takes any number of pieces.
func refCaptures(pieces [2]uint64, c int) []reference.Move {
	var b reference.Board
	for s := range surakarta.NumSquares {
		switch {
		case pieces[0]>>s&1 != 0:
			b[s] = reference.Black
		case pieces[1]>>s&1 != 0:
			b[s] = reference.White
		}
	}
	var caps []reference.Move
	for _, m := range reference.LegalMoves(b, []reference.Color{reference.Black, reference.White}[c]) {
		if m.Capture {
			caps = append(caps, m)
		}
	}
	return caps
}

// refTargets returns the squares that colour c can capture onto.
func refTargets(pieces [2]uint64, c int) uint64 {
	var set uint64
	for _, m := range refCaptures(pieces, c) {
		set |= 1 << m.To
	}
	return set
}

// TestWalksAgainstReference checks what tunedeval.Walk finds against the
// reference move generator: the pieces a colour attacks are the targets of
// its captures; a piece is defended exactly when, were it a piece of the
// other colour, its own colour could capture it there; a walker is a
// piece first or last on one of the four lines of a circuit (checked on
// the circuits' point lists); and a piece put on a launch point of its
// colour can capture from there. The positions are random and crowded
// ones by turns, the crowded ones stressing the circuits: 20,000 with
// SURAKARTA_FULL=1, 6,000 by default, 4,000 with -short.
func TestWalksAgainstReference(t *testing.T) {
	testsize.Sequential(t)
	n := testsize.Sized(20_000, 6_000, 4_000)
	r := rand.New(rand.NewPCG(5, 5))
	launchesSeen := 0
	for i := range n {
		p := surakartatest.RandomPosition(r)
		if i%2 == 1 {
			p = crowdedPosition(r)
		}
		pieces := [2]uint64{uint64(p.Pieces(surakarta.Black)), uint64(p.Pieces(surakarta.White))}
		w := tunedeval.Walk(&[2]uint64{circuit.Gather(pieces[0]), circuit.Gather(pieces[1])})
		d := pieces[0] | pieces[1]
		for c := range 2 {
			if got, want := w.Attacks[c], refTargets(pieces, c); got != want {
				t.Fatalf("%v: colour %d attacks %b, its captures reach %b", p, c, got, want)
			}
			var defended uint64
			for b := pieces[c]; b != 0; b &= b - 1 {
				s := bits.TrailingZeros64(b)
				q := pieces
				q[c] &^= 1 << s
				q[c^1] |= 1 << s
				if refTargets(q, c)&(1<<s) != 0 {
					defended |= 1 << s
				}
			}
			if w.Defends[c] != defended {
				t.Fatalf("%v: colour %d defends %b, by recapture %b", p, c, w.Defends[c], defended)
			}
			var walkers uint64
			for ci := range 2 {
				for k := 0; k < circuit.Len; k += 6 {
					first, last := -1, -1
					for i := k; i < k+6; i++ {
						if d>>circuit.Square[ci][i]&1 != 0 {
							if first < 0 {
								first = i
							}
							last = i
						}
					}
					for _, i := range []int{first, last} {
						if s := circuit.Square[ci][max(i, 0)]; i >= 0 && pieces[c]>>s&1 != 0 {
							walkers |= 1 << s
						}
					}
				}
			}
			if w.Walkers[c] != walkers {
				t.Fatalf("%v: colour %d walkers %b, by the point lists %b", p, c, w.Walkers[c], walkers)
			}
			for b := w.Launches[c]; b != 0; b &= b - 1 {
				s := bits.TrailingZeros64(b)
				if d>>s&1 != 0 {
					t.Fatalf("%v: launch point %d of colour %d is occupied", p, s, c)
				}
				q := pieces
				q[c] |= 1 << s
				found := false
				for _, m := range refCaptures(q, c) {
					found = found || m.From == s
				}
				if !found {
					t.Fatalf("%v: a piece of colour %d on launch point %d cannot capture", p, c, s)
				}
				launchesSeen++
			}
		}
	}
	if launchesSeen < n/20 {
		t.Fatalf("only %d launch points checked", launchesSeen)
	}
}

// TestPieceValue measures what a piece is worth to each evaluator: the
// mean gain in the side to move's score when one opposing piece is taken
// off, over every opposing piece of the 16 fixed middle-game positions.
// Every evaluator of the package keeps to the unit of evaluation, within
// a seventh of PieceValue; the docs quote these means (go test -run
// '^TestPieceValue$' -v .).
func TestPieceValue(t *testing.T) {
	for _, tc := range []struct {
		name     string
		e        surakarta.Evaluator
		low, top float64
	}{
		{"Tuned", surakarta.NewTuned(), 70, 90},
		{"EndgameAdjusted", surakarta.NewEndgameAdjusted(), 70, 90},
		{"SixFactor", surakarta.NewSixFactor(), 70, 90},
		{"Phased", surakarta.NewPhased(nil), 70, 90},
		{"Network", surakarta.NewNetwork(), 60, 100},
	} {
		var sum, n int
		for _, p := range middleGamePositions(t) {
			base := tc.e.Evaluate(&p)
			for s := range p.Pieces(p.SideToMove().Other()).All() {
				q := p
				if err := q.Remove(s); err != nil {
					t.Fatal(err)
				}
				sum += tc.e.Evaluate(&q) - base
				n++
			}
		}
		mean := float64(sum) / float64(n)
		t.Logf("%s: taking one of %d opposing pieces off gains %.1f on average", tc.name, n, mean)
		if mean < tc.low || mean > tc.top {
			t.Errorf("%s: a piece is worth %.1f on average, outside %v to %v: the docs say otherwise", tc.name, mean, tc.low, tc.top)
		}
	}
}
