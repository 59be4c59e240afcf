package tablebase

import (
	"fmt"
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
			if bad := captureAllInconsistency(t, tb, positionOf(t, mover, other, side, 0)); bad != "" {
				t.Fatal(bad)
			}
			checked++
		}
	}
	t.Logf("%d positions", checked)
}

// captureAllInconsistency says how the capture-all value of p in tb does
// not follow from the values after its moves, or returns "" when it does.
func captureAllInconsistency(t testing.TB, tb *Tables, p surakarta.Position) string {
	t.Helper()
	v, err := tb.Value(p)
	if err != nil {
		t.Fatal(err)
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		c := class{p.Count(p.SideToMove()), p.Count(p.SideToMove().Other())}
		if want := (surakarta.TableValue{Result: tableResult(adjudicate(c))}); v != want {
			return fmt.Sprintf("%v is blocked: %+v, want %+v", p, v, want)
		}
		return ""
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
		return fmt.Sprintf("%v: %+v, but its moves: last piece %v, %d draws, %d wins of the other side (slowest %d), fastest loss of the other side %d",
			p, v, lastPiece, draws, wins, slowestWin, fastestLoss)
	}
	return ""
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
			for quiet := 0; quiet <= testLimit; quiet++ {
				if bad := quietInconsistency(t, tb, positionOf(t, mover, other, side, quiet), testLimit); bad != "" {
					t.Fatal(bad)
				}
				checked++
			}
		}
	}
	t.Logf("%d values", checked)
}

// quietInconsistency says how the value of p in tb, tables of the quiet-ply
// limit, does not follow from the values after its moves, or returns ""
// when it does: the best of their results for the mover (a quiet move
// leaves one quiet ply less, a capture the whole limit), or the piece
// count with none left or no move.
func quietInconsistency(t testing.TB, tb *Tables, p surakarta.Position, limit int) string {
	t.Helper()
	v, err := tb.Value(p)
	if err != nil {
		t.Fatal(err)
	}
	moves := p.LegalMoves()
	want := tableResult(adjudicate(class{p.Count(p.SideToMove()), p.Count(p.SideToMove().Other())}))
	if p.QuietPlies() < limit && len(moves) > 0 {
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
		return fmt.Sprintf("%v: %+v, want %v from its moves", p, v, want)
	}
	return ""
}
