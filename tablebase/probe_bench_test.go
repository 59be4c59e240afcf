package tablebase

import (
	"sync/atomic"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// BenchmarkProbe probes random positions of at most 4 pieces in the
// capture-all tables: "cached" with the default cache, which holds every
// block of these tables after the first probes, and "block-read" with a
// cache too small to keep any, so that each probe reads, checks and
// decompresses a block, as a probe of large tables mostly does;
// "not-in-tables" probes the starting position, of 24 pieces, which the
// tables do not hold. The "parallel" ones probe from GOMAXPROCS
// goroutines at once (b.RunParallel), as the threads of a search do.
func BenchmarkProbe(b *testing.B) {
	ps := randomSmallPositions(b, 4096, 1)
	for _, bc := range []struct {
		name     string
		cache    int
		parallel bool
	}{{"cached", 0, false}, {"block-read", 1, false}, {"cached-parallel", 0, true}, {"block-read-parallel", 1, true}} {
		b.Run(bc.name, func(b *testing.B) {
			tb := openTables(b, 0)
			if bc.cache > 0 {
				tb.SetCacheBytes(bc.cache)
			}
			b.ReportAllocs()
			if !bc.parallel {
				i := 0
				for b.Loop() {
					if _, ok := tb.Probe(ps[i%len(ps)]); !ok {
						b.Fatalf("%v: not in the tables", ps[i%len(ps)])
					}
					i++
				}
				return
			}
			var start atomic.Int64
			b.RunParallel(func(pb *testing.PB) {
				// Each goroutine starts elsewhere in the positions.
				i := int(start.Add(997))
				for pb.Next() {
					if _, ok := tb.Probe(ps[i%len(ps)]); !ok {
						b.Errorf("%v: not in the tables", ps[i%len(ps)])
						return
					}
					i++
				}
			})
		})
	}
	b.Run("not-in-tables", func(b *testing.B) {
		tb := openTables(b, 0)
		p := surakarta.NewPosition()
		b.ReportAllocs()
		for b.Loop() {
			if _, ok := tb.Probe(p); ok {
				b.Fatal("the starting position is in the tables")
			}
		}
	})
}
