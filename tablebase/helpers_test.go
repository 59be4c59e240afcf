package tablebase

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// testLimit is the small quiet-ply limit the tests generate tables for:
// small enough to solve every position at every count of quiet plies
// left by a plain recursion.
const testLimit = 6

// testPieces is the most pieces of the tables the tests generate.
const testPieces = 4

// generated holds tables generated once per test binary, in directories
// removed by TestMain, since several tests read the same tables.
var generated struct {
	mu   sync.Mutex
	dirs map[int]string // by quiet-ply limit
	errs map[int]error
	tmp  []string
}

// TestMain removes the directories of the tables generated for the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range generated.tmp {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

// tablesDir returns a directory holding the tables of up to testPieces
// pieces under the quiet-ply limit (0: capture-all), generating them on
// the first call.
func tablesDir(t testing.TB, limit int) string {
	t.Helper()
	generated.mu.Lock()
	defer generated.mu.Unlock()
	if generated.dirs == nil {
		generated.dirs, generated.errs = map[int]string{}, map[int]error{}
	}
	if dir, ok := generated.dirs[limit]; ok {
		if err := generated.errs[limit]; err != nil {
			t.Fatal(err)
		}
		return dir
	}
	dir, err := os.MkdirTemp("", "tablebase-test")
	if err == nil {
		generated.tmp = append(generated.tmp, dir)
		err = Generate(context.Background(), dir, Options{Pieces: testPieces, QuietPlyLimit: limit})
	}
	generated.dirs[limit], generated.errs[limit] = dir, err
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// openTables opens the tables of tablesDir(limit), closed when the test
// ends.
func openTables(t testing.TB, limit int) *Tables {
	t.Helper()
	tb, err := Open(tablesDir(t, limit), surakarta.Rules{QuietPlyLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	if tb.Pieces() != testPieces {
		t.Fatalf("Pieces() = %d, want %d", tb.Pieces(), testPieces)
	}
	return tb
}

// positionOf returns the position with the mover's pieces on mover and the
// other side's on other, side to move, its quiet plies set to quiet.
func positionOf(t testing.TB, mover, other uint64, side surakarta.Color, quiet int) surakarta.Position {
	t.Helper()
	black, white := mover, other
	if side == surakarta.White {
		black, white = other, mover
	}
	p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(black), surakarta.SquareSet(white), side)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.SetQuietPlies(quiet); err != nil {
		t.Fatal(err)
	}
	return p
}

// everyPlacement is the indexing of every placement: the identity alone
// of the symmetries. Pairs under it are solved as the generator of
// format version 2 solved them, an entry a placement: the reference the
// tables' canonical indexing is checked against (TestEveryPosition).
var everyPlacement = &indexing{symmetries: 1}

// placementsInOrder yields the placements of c in the order of
// placements: the mover's set of points, then the other side's among the
// points left, each in colexicographic order.
func placementsInOrder(c class) func(yield func(mover, other uint64) bool) {
	return func(yield func(mover, other uint64) bool) {
		for r := range binomial[numSquares][c.mover] {
			mover := unrankSet(r, c.mover)
			for q := range binomial[numSquares-c.mover][c.other] {
				if !yield(mover, expand(unrankSet(q, c.other), mover)) {
					return
				}
			}
		}
	}
}
