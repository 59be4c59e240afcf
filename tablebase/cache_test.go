package tablebase

import (
	"math"
	"math/bits"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestCacheBytes: a cache keeps no more bytes than its limit, or one
// block when that block alone is more; and the values read through a
// cache of a block and of three, from one goroutine or from four at once,
// are those read through the default cache.
func TestCacheBytes(t *testing.T) {
	ps := randomSmallPositions(t, 2000, 21)
	wide := openTables(t, 0)
	want := make([]surakarta.TableValue, len(ps))
	for i, p := range ps {
		v, err := wide.Value(p)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		want[i] = v
	}
	const blockBytes = perBlock * 2 // a full block of capture-all entries
	for _, blocks := range []int{1, 3} {
		tb := openTables(t, 0)
		limit := blocks*blockBytes - 1
		tb.SetCacheBytes(limit)
		for i, p := range ps {
			if v, err := tb.Value(p); err != nil || v != want[i] {
				t.Fatalf("cache of %d blocks: %v: %+v, %v; want %+v", blocks, p, v, err, want[i])
			}
			n, used := held(tb.cache.Load())
			if n == 0 || (n > 1 && used > limit) {
				t.Fatalf("cache of %d bytes: %d blocks, %d bytes kept", limit, n, used)
			}
		}
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Go(func() {
				for i := g; i < len(ps); i += 4 {
					if v, err := tb.Value(ps[i]); err != nil || v != want[i] {
						t.Errorf("cache of %d blocks, 4 goroutines: %v: %+v, %v; want %+v", blocks, ps[i], v, err, want[i])
						return
					}
				}
			})
		}
		wg.Wait()
	}
}

// held returns the blocks a cache holds, and their bytes.
func held(bc *blockCache) (blocks, bytes int) {
	for i := range bc.slots {
		if b := bc.slots[i].Load(); b != nil {
			blocks++
			bytes += len(b.data)
		}
	}
	return blocks, bytes
}

// TestCacheRoom: a cache with room for every block of the tables has a
// slot for each, no more (however much room it is given), and keeps
// every block read, through a change of its size too; a smaller one
// keeps no more blocks than it has room for.
func TestCacheRoom(t *testing.T) {
	ps := randomSmallPositions(t, 3000, 41)
	tb := openTables(t, 0)
	read := map[uint64]bool{}
	for _, p := range ps {
		if _, err := tb.Value(p); err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		side := p.SideToMove()
		mover, other := uint64(p.Pieces(side)), uint64(p.Pieces(side.Other()))
		read[tb.file(class{bits.OnesCount64(mover), bits.OnesCount64(other)}).first+canonical.index(class{bits.OnesCount64(mover), bits.OnesCount64(other)}, mover, other)/perBlock] = true
	}
	if n, _ := held(tb.cache.Load()); n != len(read) || uint64(len(tb.cache.Load().slots)) != tb.blocks {
		t.Errorf("default cache: %d slots for %d blocks, holding %d blocks of the %d read", len(tb.cache.Load().slots), tb.blocks, n, len(read))
	}
	tb.SetCacheBytes(math.MaxInt)
	if n, _ := held(tb.cache.Load()); n != len(read) || uint64(len(tb.cache.Load().slots)) != tb.blocks {
		t.Errorf("cache of MaxInt bytes: %d slots for %d blocks, holding %d blocks of the %d read", len(tb.cache.Load().slots), tb.blocks, n, len(read))
	}
	const blockBytes = perBlock * 2
	tb.SetCacheBytes(10 * blockBytes)
	if n, used := held(tb.cache.Load()); n != 10 || used > 10*blockBytes {
		t.Errorf("cache of 10 blocks, from one of all: %d blocks, %d bytes", n, used)
	}
}
