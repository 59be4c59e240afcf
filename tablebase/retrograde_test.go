package tablebase

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestWorkersSameBytes: Generate makes the same bytes with 1, 2 and 5
// workers, every file: the capture-all tables of up to 4 pieces (5 with
// SURAKARTA_FULL=1, 3 with -short) and those of up to 4 (3 with -short)
// under the quiet-ply limit 50, whose
// thresholds come from the same retrograde analysis.
func TestWorkersSameBytes(t *testing.T) {
	// 5 pieces under capture-all take most of a minute, and the race
	// detector makes 4 slow.
	allPieces, quietPieces := testsize.Sized(5, 4, 3), testsize.Sized(4, 4, 3)
	for _, tc := range []struct {
		pieces, limit int
	}{{allPieces, 0}, {quietPieces, 50}} {
		t.Run(fmt.Sprintf("pieces=%d,limit=%d", tc.pieces, tc.limit), func(t *testing.T) {
			var first map[string][]byte
			for _, w := range []int{1, 2, 5} {
				dir := t.TempDir()
				if err := Generate(context.Background(), dir, Options{Pieces: tc.pieces, QuietPlyLimit: tc.limit, Workers: w}); err != nil {
					t.Fatal(err)
				}
				files := readFiles(t, dir)
				if first == nil {
					first = files
					continue
				}
				if len(files) != len(first) {
					t.Fatalf("%d workers: %d files, 1 worker: %d", w, len(files), len(first))
				}
				for name, data := range first {
					if !bytes.Equal(files[name], data) {
						t.Errorf("%s: the bytes of %d workers differ from those of 1", name, w)
					}
				}
			}
		})
	}
}

// readFiles returns the files of dir by name.
func readFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = data
	}
	return files
}

// exitsFor returns the smaller tables the captures of the pair of c lead
// to, read from dir.
func exitsFor(t testing.TB, dir string, c class, limit int) *exitTables {
	t.Helper()
	exits := newExitTables(dir, limit)
	for _, k := range newPair(c).classes {
		if k.other > 1 {
			if err := exits.load(class{k.other - 1, k.mover}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return exits
}

// TestRetrogradeWorkers: the retrograde analysis of the capture-all pair
// 3v1 and 1v3 on 8 workers gives the codes it gives on 1. Its use is
// under the race detector (go test -race), which sees the workers of a
// distance updating the same positions: the pair is small, since the
// detector makes it slow, but its distances have up to 24,265 entries,
// 25 chunks to share out.
func TestRetrogradeWorkers(t *testing.T) {
	dir := t.TempDir()
	if err := Generate(context.Background(), dir, Options{Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	p := newPair(class{3, 1})
	exits := exitsFor(t, dir, p.classes[0], 0)
	e := ends{maxDistance: maxPlies}
	want, err := retrograde(context.Background(), p, exits.lookup, e, 1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := retrograde(context.Background(), p, exits.lookup, e, 8)
	if err != nil {
		t.Fatal(err)
	}
	for g := range got {
		if got[g] != want[g] {
			t.Fatalf("position %d: code %#x on 8 workers, %#x on 1", g, got[g], want[g])
		}
	}
}

// BenchmarkRetrograde times the two phases of the retrograde analysis of
// the capture-all pair 3v2 and 2v3 (971,520 entries for its 7,539,840
// positions, from the tables of 4 pieces the tests generate) on 1
// worker, 2 and GOMAXPROCS: "first" the first pass, which plays every
// move, and "back" the passing back of the values, distance by distance.
// The metric ns/position is the time of one analysis over the pair's
// positions, every placement, as before the tables held an entry an
// orbit.
func BenchmarkRetrograde(b *testing.B) {
	p := newPair(class{3, 2})
	exits := exitsFor(b, tablesDir(b, 0), p.classes[0], 0)
	e := ends{maxDistance: maxPlies}
	ctx := context.Background()
	workers := []int{1, 2}
	if n := runtime.GOMAXPROCS(0); n > 2 {
		workers = append(workers, n)
	}
	perPosition := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(p.placements()), "ns/position")
	}
	for _, w := range workers {
		b.Run(fmt.Sprintf("first/workers=%d", w), func(b *testing.B) {
			for b.Loop() {
				if _, err := firstPass(ctx, p, exits.lookup, e, w); err != nil {
					b.Fatal(err)
				}
			}
			perPosition(b)
		})
		b.Run(fmt.Sprintf("back/workers=%d", w), func(b *testing.B) {
			a, err := firstPass(ctx, p, exits.lookup, e, w)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				b.StopTimer()
				c := a.clone()
				b.StartTimer()
				if err := c.passBack(ctx, p, e, w); err != nil {
					b.Fatal(err)
				}
			}
			perPosition(b)
		})
	}
}

// clone returns a copy of a that passing back leaves a as it is.
func (a *analysis) clone() *analysis {
	c := &analysis{state: slices.Clone(a.state), lossExit: slices.Clone(a.lossExit)}
	for _, lists := range a.levels.at {
		c.levels.at = append(c.levels.at, slices.Clone(lists))
	}
	return c
}
