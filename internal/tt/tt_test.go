package tt

import (
	"math"
	"sync"
	"testing"
	"unsafe"
)

func TestStoreProbe(t *testing.T) {
	tab := New(1)
	if got, want := tab.Len(), 2*(1<<20)/BucketSize; got != want {
		t.Fatalf("Len() = %d, want %d", got, want)
	}
	const k = 12345
	if _, ok := tab.Probe(k); ok {
		t.Fatal("empty table reports a hit")
	}
	tab.Store(k, 7, -30, 4, Exact)
	e, ok := tab.Probe(k)
	if !ok || e.Move != 7 || e.Score != -30 || e.Depth != 4 || e.Bound != Exact {
		t.Fatalf("Probe = %+v, %v", e, ok)
	}
	tab.Store(k, 0, 12, 2, Upper) // no move: keep the stored one
	if e, _ := tab.Probe(k); e.Move != 7 || e.Score != 12 || e.Bound != Upper {
		t.Fatalf("after a move-less store: %+v", e)
	}
}

func TestReplacement(t *testing.T) {
	tab := New(0) // one bucket: every key collides
	deep, shallow, other := uint64(1), uint64(2), uint64(3)
	tab.Store(deep, 1, 0, 9, Exact)
	tab.Store(shallow, 2, 0, 3, Exact) // shallower: goes to the always-replace slot
	tab.Store(other, 3, 0, 2, Lower)   // replaces shallow, not deep
	if _, ok := tab.Probe(deep); !ok {
		t.Error("the deep entry was replaced by shallower ones")
	}
	if _, ok := tab.Probe(shallow); ok {
		t.Error("the always-replace slot kept its old entry")
	}
	if _, ok := tab.Probe(other); !ok {
		t.Error("the newest entry is missing")
	}
	tab.NewSearch()
	tab.Store(shallow, 2, 0, 1, Exact) // deep is from an old search: replaceable
	if e, ok := tab.Probe(shallow); !ok || e.Depth != 1 {
		t.Error("a new search's entry did not take the depth-preferred slot")
	}
	if _, ok := tab.Probe(deep); !ok {
		t.Error("the demoted entry should move to the always-replace slot")
	}
	tab.Clear()
	if _, ok := tab.Probe(shallow); ok {
		t.Error("Clear left an entry")
	}
	var zero Table
	zero.Store(1, 1, 1, 1, Exact)
	if _, ok := zero.Probe(1); ok {
		t.Error("the zero Table stored something")
	}
}

// TestPromoteFromSlot1 stores again, deeper, a key that sits in the
// always-replace slot: it moves to the depth-preferred slot, and the entry
// it displaces there moves down instead of being lost.
func TestPromoteFromSlot1(t *testing.T) {
	tab := New(0) // one bucket
	tab.NewSearch()
	deep, other := uint64(1), uint64(2)
	tab.Store(deep, 1, 0, 5, Exact)
	tab.Store(other, 2, 0, 3, Exact) // shallower: slot 1
	tab.Store(other, 0, 7, 6, Lower) // now deeper: slot 0, keeping its move
	if e, ok := tab.Probe(other); !ok || e.Depth != 6 || e.Move != 2 || e.Score != 7 {
		t.Errorf("the promoted entry: %+v, %v; want depth 6, move 2, score 7", e, ok)
	}
	if e, ok := tab.Probe(deep); !ok || e.Depth != 5 {
		t.Errorf("the displaced entry was lost: %+v, %v", e, ok)
	}
}

// TestSizes: an entry is 16 bytes and a bucket 32, as documented, and a
// table of n MiB takes at most n MiB (and more than half of it).
func TestSizes(t *testing.T) {
	if got := unsafe.Sizeof(slot{}); got != EntrySize {
		t.Errorf("an entry takes %d bytes, want %d", got, EntrySize)
	}
	if got := unsafe.Sizeof(bucket{}); got != BucketSize {
		t.Errorf("a bucket takes %d bytes, want %d", got, BucketSize)
	}
	for _, mb := range []int{1, 3, 4, 16, 100} {
		tab := New(mb)
		if got := int(unsafe.Sizeof(tab.buckets[0])) * len(tab.buckets); got > mb<<20 || got <= mb<<19 {
			t.Errorf("New(%d) takes %d bytes, want at most %d and more than half", mb, got, mb<<20)
		}
	}
}

// TestNumBuckets: the bucket count is the largest power of two whose
// buckets fit in the size, and sizes out of range, which once overflowed
// the byte count and looped for ever, are taken as 0 or MaxMegabytes.
func TestNumBuckets(t *testing.T) {
	for _, tc := range []struct {
		megabytes int
		want      uint64
	}{
		{math.MinInt, 1}, {-1, 1}, {0, 1},
		{1, 1 << 15}, {3, 1 << 16}, {4, 1 << 17}, {4096, 1 << 27},
		{MaxMegabytes, 1 << 31}, {MaxMegabytes + 1, 1 << 31},
		{1 << 30, 1 << 31}, {1 << 43, 1 << 31}, {1 << 44, 1 << 31}, {math.MaxInt, 1 << 31},
	} {
		if got := numBuckets(tc.megabytes); got != tc.want {
			t.Errorf("numBuckets(%d) = %d, want %d", tc.megabytes, got, tc.want)
		}
	}
}

// TestPackRoundTrip: every field survives packing, at its extremes too.
func TestPackRoundTrip(t *testing.T) {
	for _, e := range []Entry{
		{Score: 0, Move: 0, Depth: 0, Bound: Lower},
		{Score: -1_000_000, Move: 1<<16 - 1, Depth: -1, Bound: Exact},
		{Score: 1<<31 - 1, Move: 839, Depth: 127, Bound: Upper},
		{Score: -1 << 31, Move: 1, Depth: -128, Bound: None},
	} {
		for _, gen := range []uint8{0, 1, 63, 64, 255} {
			d := pack(e.Score, e.Move, e.Depth, e.Bound, gen)
			if got := unpack(d); got != e {
				t.Errorf("unpack(pack(%+v)) = %+v", e, got)
			}
			if genOf(d) != gen&genMask {
				t.Errorf("generation %d stored as %d", gen, genOf(d))
			}
		}
	}
}

// TestConcurrentUse: goroutines storing and probing the same small table at
// once never read a result that was not stored for the key probed (run it
// with -race too).
func TestConcurrentUse(t *testing.T) {
	tab := New(0) // one bucket: every key collides
	// Each key's results are made from the key, so a hit can be checked.
	want := func(key uint64) (uint16, int32, int8) { return uint16(key), int32(key * 7), int8(key % 100) }
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 20000 {
				key := uint64(g*1000 + i%50 + 1)
				m, s, d := want(key)
				tab.Store(key, m, s, d, Exact)
				probe := uint64((g+1)%4*1000 + i%50 + 1)
				if e, ok := tab.Probe(probe); ok {
					m, s, d := want(probe)
					if e.Move != m || e.Score != s || e.Depth != d {
						t.Errorf("Probe(%d) = %+v, which was never stored for it", probe, e)
						return
					}
				}
			}
		})
	}
	wg.Wait()
}

// TestConcurrentSameKeys: goroutines storing different results for the
// same few keys at once (as the threads of a parallel search do) never
// make a probe return a mix of two results: every hit is a result that
// one goroutine stored for that key, whole.
func TestConcurrentSameKeys(t *testing.T) {
	tab := New(0) // one bucket: both slots contended
	// Goroutine g stores for key k the result made from (k, g), each field
	// different per goroutine, so that a torn entry would show.
	result := func(key uint64, g int) (uint16, int32, int8) {
		return uint16(key*16 + uint64(g)), int32(key)*1000 + int32(g), int8(g)
	}
	const goroutines = 4
	var wg sync.WaitGroup
	for g := range goroutines {
		wg.Go(func() {
			for i := range 20000 {
				key := uint64(i%3 + 1)
				m, s, d := result(key, g)
				tab.Store(key, m, s, d, Lower)
				probe := uint64((i+g)%3 + 1)
				e, ok := tab.Probe(probe)
				if !ok {
					continue
				}
				whole := false
				for h := range goroutines {
					if m, s, d := result(probe, h); e.Move == m && e.Score == s && e.Depth == d && e.Bound == Lower {
						whole = true
					}
				}
				if !whole {
					t.Errorf("Probe(%d) = %+v, which no goroutine stored for it", probe, e)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestHashfull: Hashfull counts the entries of this search among the first
// thousand, per mille: those of an earlier search do not count, and a
// table of fewer entries counts them all.
func TestHashfull(t *testing.T) {
	tab := New(1)
	if got := tab.Hashfull(); got != 0 {
		t.Errorf("an empty table: %d", got)
	}
	// Keys 0 to 249 go to slot 0 of buckets 0 to 249: entries 0 to 499
	// hold 250 of them, and keys of buckets 500 and on count nowhere.
	for k := range uint64(250) {
		tab.Store(k, 1, 0, 1, Exact)
		tab.Store(k+600, 1, 0, 1, Exact)
	}
	if got := tab.Hashfull(); got != 250 {
		t.Errorf("250 entries of the first 1000: %d", got)
	}
	tab.NewSearch()
	if got := tab.Hashfull(); got != 0 {
		t.Errorf("after NewSearch: %d, want 0", got)
	}
	for k := range uint64(100) {
		tab.Store(k, 1, 0, 2, Exact)
	}
	if got := tab.Hashfull(); got != 100 {
		t.Errorf("100 entries of this search: %d", got)
	}
	small := New(0) // one bucket
	small.Store(0, 1, 0, 1, Exact)
	if got := small.Hashfull(); got != 500 {
		t.Errorf("one entry of 2: %d, want 500", got)
	}
	if got := (&Table{}).Hashfull(); got != 0 {
		t.Errorf("the zero Table: %d", got)
	}
}
