package tablebase

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// symmetries are the eight symmetries of the square board, as maps of a
// point's file and rank: the identity, three rotations and four
// reflections.
var symmetries = [8]func(f, r int) (int, int){
	func(f, r int) (int, int) { return f, r },
	func(f, r int) (int, int) { return 5 - r, f },
	func(f, r int) (int, int) { return 5 - f, 5 - r },
	func(f, r int) (int, int) { return r, 5 - f },
	func(f, r int) (int, int) { return 5 - f, r },
	func(f, r int) (int, int) { return f, 5 - r },
	func(f, r int) (int, int) { return r, f },
	func(f, r int) (int, int) { return 5 - r, 5 - f },
}

// mapSquare returns s under symmetry k.
func mapSquare(k int, s surakarta.Square) surakarta.Square {
	f, r := symmetries[k](s.File(), s.Rank())
	return surakarta.Square(r*6 + f)
}

// mapSet returns set under symmetry k.
func mapSet(k int, set surakarta.SquareSet) surakarta.SquareSet {
	var out surakarta.SquareSet
	for s := range set.All() {
		out |= 1 << mapSquare(k, s)
	}
	return out
}

// mapPosition returns p under symmetry k, its counters kept.
func mapPosition(t testing.TB, k int, p surakarta.Position) surakarta.Position {
	t.Helper()
	q, err := surakarta.NewPositionFromSets(mapSet(k, p.Pieces(surakarta.Black)), mapSet(k, p.Pieces(surakarta.White)), p.SideToMove())
	if err != nil {
		t.Fatal(err)
	}
	if err := q.SetQuietPlies(p.QuietPlies()); err != nil {
		t.Fatal(err)
	}
	return q
}

// moveKey is a move as its squares and whether it captures.
type moveKey struct {
	from, to surakarta.Square
	capture  bool
}

// moveKeys returns the moves under symmetry k, sorted, to compare lists.
func moveKeys(moves []surakarta.Move, k int) []moveKey {
	var out []moveKey
	for _, m := range moves {
		out = append(out, moveKey{mapSquare(k, m.From()), mapSquare(k, m.To()), m.IsCapture()})
	}
	slices.SortFunc(out, func(a, b moveKey) int {
		if a.from != b.from {
			return int(a.from) - int(b.from)
		}
		return int(a.to) - int(b.to)
	})
	return out
}

// randomSmallPosition returns a random position of 2 to testPieces pieces,
// each side at least one, either side to move, with up to testLimit+1
// quiet plies.
func randomSmallPosition(t testing.TB, rng *rand.Rand) surakarta.Position {
	n := 2 + rng.IntN(testPieces-1)
	m := 1 + rng.IntN(n-1)
	var mover, other uint64
	for i, s := range rng.Perm(numSquares)[:n] {
		if i < m {
			mover |= 1 << s
		} else {
			other |= 1 << s
		}
	}
	return positionOf(t, mover, other, surakarta.Color(rng.IntN(2)), rng.IntN(testLimit+2))
}

// randomSmallPositions returns n positions of randomSmallPosition from
// a generator seeded with seed.
func randomSmallPositions(t testing.TB, n int, seed uint64) []surakarta.Position {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	ps := make([]surakarta.Position, n)
	for i := range ps {
		ps[i] = randomSmallPosition(t, rng)
	}
	return ps
}

// TestSymmetricMoves: the eight symmetries of the board map the capture
// circuits onto themselves, so the moves of a position's image are the
// images of its moves, captures included: what makes TestSymmetricValues
// a check of the tables. And the rules know no colour: the same
// placements with the colours swapped and the other side to move have the
// same moves, which is why a table holds a position and its colour swap
// in one entry (so that no probe of the tables could tell them apart).
func TestSymmetricMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 3000 {
		var p surakarta.Position
		if i%2 == 0 {
			p = surakartatest.RandomPosition(rng)
		} else {
			p = randomSmallPosition(t, rng)
		}
		for k := range symmetries {
			q := mapPosition(t, k, p)
			if got, want := moveKeys(q.LegalMoves(), 0), moveKeys(p.LegalMoves(), k); !slices.Equal(got, want) {
				t.Fatalf("%v under symmetry %d is %v: moves %v, want the images %v", p, k, q, got, want)
			}
		}
		swapped := positionOf(t, uint64(p.Pieces(p.SideToMove())), uint64(p.Pieces(p.SideToMove().Other())), p.SideToMove().Other(), p.QuietPlies())
		if got, want := moveKeys(swapped.LegalMoves(), 0), moveKeys(p.LegalMoves(), 0); !slices.Equal(got, want) {
			t.Fatalf("%v with the colours swapped is %v: moves %v, want %v", p, swapped, got, want)
		}
	}
}

// TestSymmetricValues: a position and its eight images have the same
// value, in the capture-all tables and the quiet-ply ones. (Its colour
// swap is the same entry of the tables, so a probe could not differ:
// TestSymmetricMoves checks instead that the rules know no colour.)
func TestSymmetricValues(t *testing.T) {
	for _, limit := range []int{0, testLimit} {
		tb := openTables(t, limit)
		rng := rand.New(rand.NewPCG(11, uint64(limit)))
		for range 3000 {
			p := randomSmallPosition(t, rng)
			want, err := tb.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			for k := range symmetries {
				q := mapPosition(t, k, p)
				if got, err := tb.Value(q); err != nil || got != want {
					t.Fatalf("limit %d: %v has %+v, its image %v %+v (%v)", limit, p, want, q, got, err)
				}
			}
		}
	}
}
