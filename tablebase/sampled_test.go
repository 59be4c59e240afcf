package tablebase

import (
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestSampledConsistent checks random positions of every class by
// consistency, as TestCaptureAllConsistent and TestQuietConsistent check
// every position of the tests' tables: each value follows from the values
// after its moves, as the library plays them. It is how tables too large
// for the tests to make are checked: with SURAKARTA_TB_DIR=DIR, the tables
// of DIR (made by surakarta-tb generate) under the rule set
// SURAKARTA_TB_QUIET (the quiet-ply limit; 0, the default, capture-all),
// SURAKARTA_TB_SAMPLES positions a class (default 100,000), with a block
// cache of 1 GiB. Without it,
// the tests' own tables under both rule sets, 2,000 positions a class.
func TestSampledConsistent(t *testing.T) {
	type run struct {
		tb    *Tables
		limit int
	}
	var runs []run
	samples := 2000
	if dir := os.Getenv("SURAKARTA_TB_DIR"); dir != "" {
		limit := 0
		if q := os.Getenv("SURAKARTA_TB_QUIET"); q != "" {
			var err error
			if limit, err = strconv.Atoi(q); err != nil || limit < 0 {
				t.Fatalf("SURAKARTA_TB_QUIET %q: want a quiet-ply limit, 0 for capture-all", q)
			}
		}
		var err error
		if n := os.Getenv("SURAKARTA_TB_SAMPLES"); n != "" {
			if samples, err = strconv.Atoi(n); err != nil || samples < 1 {
				t.Fatalf("SURAKARTA_TB_SAMPLES %q: want a positive number", n)
			}
		} else {
			samples = 100_000
		}
		tb, err := Open(dir, surakarta.Rules{QuietPlyLimit: limit})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { tb.Close() })
		tb.SetCacheBytes(1 << 30) // the random probes of 7 pieces miss a smaller cache
		runs = append(runs, run{tb, limit})
	} else {
		runs = append(runs, run{openTables(t, 0), 0}, run{openTables(t, testLimit), testLimit})
	}
	for _, r := range runs {
		rng := rand.New(rand.NewPCG(11, uint64(r.limit)))
		for n := 2; n <= r.tb.Pieces(); n++ {
			for _, c := range classesOf(n) {
				for range samples {
					squares := rng.Perm(numSquares)
					var mover, other uint64
					for _, sq := range squares[:c.mover] {
						mover |= 1 << sq
					}
					for _, sq := range squares[c.mover:n] {
						other |= 1 << sq
					}
					quiet := 0
					if r.limit > 0 {
						quiet = rng.IntN(r.limit + 1)
					}
					p := positionOf(t, mover, other, surakarta.Color(rng.IntN(2)), quiet)
					bad := ""
					if r.limit == 0 {
						bad = captureAllInconsistency(t, r.tb, p)
					} else {
						bad = quietInconsistency(t, r.tb, p, r.limit)
					}
					if bad != "" {
						t.Fatalf("class %dv%d: %s", c.mover, c.other, bad)
					}
				}
			}
			t.Logf("limit %d: %d pieces, %d positions a class: consistent", r.limit, n, samples)
		}
	}
}
