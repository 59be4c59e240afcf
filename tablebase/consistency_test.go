package tablebase

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// consistencyPositions returns the placements of class c the consistency
// tests check: all of them with SURAKARTA_FULL=1, else of the classes of
// 4 pieces a random fifth (a tenth with -short).
func consistencyPositions(c class, rng *rand.Rand) func(yield func(mover, other uint64) bool) {
	return func(yield func(mover, other uint64) bool) {
		every := 1
		if c.mover+c.other >= 4 {
			every = testsize.Sized(1, 5, 10)
		}
		k := everyPlacement.newCursor(c, 0)
		for i := range c.placements() {
			if i > 0 {
				k.next()
			}
			if every > 1 && rng.IntN(every) != 0 {
				continue
			}
			if !yield(k.placement()) {
				return
			}
		}
	}
}

// testClasses returns the classes of 2 to testPieces pieces.
func testClasses() []class {
	var cs []class
	for n := 2; n <= testPieces; n++ {
		cs = append(cs, classesOf(n)...)
	}
	return cs
}

// TestCaptureAllConsistent: each capture-all value follows from those
// after the moves, as the library plays them: a win in d has a move to a
// loss in d−1 (or capturing the last piece, d = 1) and none to a faster
// loss, a loss in d has only moves to wins, the slowest in d−1, a draw has
// a move to a draw and none to a loss, and a blocked side is adjudicated
// by the piece count at distance 0.
func TestCaptureAllConsistent(t *testing.T) {
	tb := openTables(t, 0)
	rng := rand.New(rand.NewPCG(5, 6))
	checked := 0
	for _, c := range testClasses() {
		for mover, other := range consistencyPositions(c, rng) {
			side := surakarta.Color(rng.IntN(2))
			p := positionOf(t, mover, other, side, 0)
			v, err := tb.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			checked++
			moves := p.LegalMoves()
			if len(moves) == 0 {
				want := surakarta.TableValue{Result: tableResult(adjudicate(c))}
				if v != want {
					t.Fatalf("%v is blocked: %+v, want %+v", p, v, want)
				}
				continue
			}
			lastPiece, draws, wins, slowestWin, fastestLoss := false, 0, 0, -1, -1
			for _, m := range moves {
				after := p
				after.PlayUnchecked(m)
				if after.Count(after.SideToMove()) == 0 {
					lastPiece = true
					continue
				}
				cv, err := tb.Value(after)
				if err != nil {
					t.Fatal(err)
				}
				switch cv.Result {
				case surakarta.TableDraw:
					draws++
				case surakarta.TableWin:
					wins++
					slowestWin = max(slowestWin, cv.Plies)
				case surakarta.TableLoss:
					if fastestLoss < 0 || cv.Plies < fastestLoss {
						fastestLoss = cv.Plies
					}
				}
			}
			ok := false
			switch v.Result {
			case surakarta.TableWin:
				ok = (lastPiece && v.Plies == 1) || (!lastPiece && fastestLoss >= 0 && v.Plies == fastestLoss+1)
			case surakarta.TableLoss:
				ok = wins == len(moves) && v.Plies == slowestWin+1
			case surakarta.TableDraw:
				ok = v.Plies == 0 && draws > 0 && !lastPiece && fastestLoss < 0
			}
			if !ok {
				t.Fatalf("%v: %+v, but its moves: last piece %v, %d draws, %d wins of the other side (slowest %d), fastest loss of the other side %d",
					p, v, lastPiece, draws, wins, slowestWin, fastestLoss)
			}
		}
	}
	t.Logf("%d positions", checked)
}

// TestQuietConsistent: under the small quiet-ply limit, each value with r
// quiet plies left follows from those after the moves as the library
// plays them (a quiet move leaves r−1, a capture the whole limit): the
// best of their results for the mover, or the piece count with none left
// or no move.
func TestQuietConsistent(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, testLimit)
	rng := rand.New(rand.NewPCG(7, 8))
	checked := 0
	for _, c := range testClasses() {
		for mover, other := range consistencyPositions(c, rng) {
			side := surakarta.Color(rng.IntN(2))
			moves := positionOf(t, mover, other, side, 0).LegalMoves()
			for quiet := 0; quiet <= testLimit; quiet++ {
				p := positionOf(t, mover, other, side, quiet)
				v, err := tb.Value(p)
				if err != nil {
					t.Fatal(err)
				}
				checked++
				want := tableResult(adjudicate(c))
				if quiet < testLimit && len(moves) > 0 {
					want = surakarta.TableLoss
					for _, m := range moves {
						after := p
						after.PlayUnchecked(m)
						r := surakarta.TableWin
						if after.Count(after.SideToMove()) > 0 {
							cv, err := tb.Value(after)
							if err != nil {
								t.Fatal(err)
							}
							r = -cv.Result
						}
						want = max(want, r)
						if want == surakarta.TableWin {
							break
						}
					}
				}
				if v.Result != want || (v.Plies != -1 && !(v.Plies == 0 && v.Result == surakarta.TableDraw)) {
					t.Fatalf("%v: %+v, want %v from its moves", p, v, want)
				}
			}
		}
	}
	t.Logf("%d values", checked)
}
