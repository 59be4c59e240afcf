package tablebase

import (
	"testing"
)

// BenchmarkProbe probes random positions of at most 4 pieces in the
// capture-all tables: "cached" with the default cache, which holds every
// block of these tables after the first probes, and "block-read" with a
// cache too small to keep any, so that each probe reads, checks and
// decompresses a block, as a probe of large tables mostly does.
func BenchmarkProbe(b *testing.B) {
	ps := randomSmallPositions(b, 4096, 1)
	for _, bc := range []struct {
		name  string
		cache int
	}{{"cached", 0}, {"block-read", 1}} {
		b.Run(bc.name, func(b *testing.B) {
			tb := openTables(b, 0)
			if bc.cache > 0 {
				tb.SetCacheBytes(bc.cache)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, ok := tb.Probe(ps[i%len(ps)]); !ok {
					b.Fatalf("%v: not in the tables", ps[i%len(ps)])
				}
				i++
			}
		})
	}
}
