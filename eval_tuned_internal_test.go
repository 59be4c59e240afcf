package surakarta

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta/internal/circuit"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
)

// captureTargets returns the squares that side c can capture onto in p,
// from the move generator.
func captureTargets(p *Position, c Color) uint64 {
	var list [maxCaptures]Move
	var set uint64
	for _, m := range list[:p.captures(c, &list)] {
		set |= 1 << m.To()
	}
	return set
}

// TestWalksAgainstMoveGenerator checks what tunedeval.Walk finds against the move
// generator: the pieces a colour attacks are the targets of its captures;
// a piece is defended exactly when, were it a piece of the other colour,
// its own colour could capture it there; a walker is a piece first or last
// on one of the four lines of a circuit (checked on the circuits' point
// lists); and a piece put on a launch point of its colour can capture from
// there.
func TestWalksAgainstMoveGenerator(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	launchesSeen := 0
	for i := range 20000 {
		p := randomPosition(r)
		if i%2 == 1 {
			p = crowdedPosition(r)
		}
		w := tunedeval.Walk(p.rings)
		for _, c := range [2]Color{Black, White} {
			if got, want := w.Attacks[c], captureTargets(&p, c); got != want {
				t.Fatalf("%v: %v attacks %b, its captures reach %b", p, c, got, want)
			}
			var defended uint64
			for b := p.pieces[c]; b != 0; b &= b - 1 {
				s := Square(bits.TrailingZeros64(b))
				q := p
				q.pieces[c] &^= 1 << s
				q.pieces[c^1] |= 1 << s
				q.setDerived()
				if captureTargets(&q, c)&(1<<s) != 0 {
					defended |= 1 << s
				}
			}
			if w.Defends[c] != defended {
				t.Fatalf("%v: %v defends %b, by recapture %b", p, c, w.Defends[c], defended)
			}
			var walkers uint64
			d := p.pieces[Black] | p.pieces[White]
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
						if s := circuit.Square[ci][max(i, 0)]; i >= 0 && p.pieces[c]>>s&1 != 0 {
							walkers |= 1 << s
						}
					}
				}
			}
			if w.Walkers[c] != walkers {
				t.Fatalf("%v: %v walkers %b, by the point lists %b", p, c, w.Walkers[c], walkers)
			}
			for b := w.Launches[c]; b != 0; b &= b - 1 {
				s := Square(bits.TrailingZeros64(b))
				if d>>s&1 != 0 {
					t.Fatalf("%v: launch point %v of %v is occupied", p, s, c)
				}
				q := p
				q.pieces[c] |= 1 << s
				q.setDerived()
				var list [maxCaptures]Move
				found := false
				for _, m := range list[:q.captures(c, &list)] {
					found = found || m.From() == s
				}
				if !found {
					t.Fatalf("%v: a piece of %v on launch point %v cannot capture", p, c, s)
				}
				launchesSeen++
			}
		}
	}
	if launchesSeen < 1000 {
		t.Fatalf("only %d launch points checked", launchesSeen)
	}
}
