// Package tt is the transposition table of the PVS searcher: a fixed-size
// hash table of search results keyed by Zobrist hash, which several
// goroutines may read and write at once without locks.
//
// The table is an array of buckets of two entries each. An entry is 16
// bytes, two 64-bit words: the result packed into one word (data) and the
// key XORed with it (check). A reader loads both and takes the entry only
// when check XOR data gives its key back, so an entry torn by two writers at
// once, which no longer decodes to any key it was stored under, is a miss
// rather than a wrong result. A bucket is 32 bytes, so two share a 64-byte
// cache line, and a table of n MiB holds n·2^15 buckets.
//
// Slot 0 of a bucket is depth-preferred: a new result replaces it only when
// it searched at least as deep, or when the entry is from an earlier search.
// Otherwise the result goes to slot 1, which is always replaced.
package tt

import (
	"math/bits"
	"sync/atomic"
)

// Bound says how a stored score relates to the true score.
type Bound uint8

// The bounds of a stored score.
const (
	None  Bound = iota // no score stored (only the move is useful)
	Lower              // the true score is at least the stored score (a beta cutoff)
	Upper              // the true score is at most the stored score (all moves failed low)
	Exact              // the stored score is the true score
)

// Entry is one stored result, as Probe returns it.
type Entry struct {
	Score int32
	Move  uint16
	Depth int8
	Bound Bound
}

// The layout of an entry's data word.
const (
	moveShift  = 32 // bits 32–47: the move
	depthShift = 48 // bits 48–55: the depth (int8)
	boundShift = 56 // bits 56–57: the bound
	genShift   = 58 // bits 58–63: the search generation
	genMask    = 1<<6 - 1
)

// pack returns the data word of a result stored in generation gen.
func pack(score int32, move uint16, depth int8, bound Bound, gen uint8) uint64 {
	return uint64(uint32(score)) | uint64(move)<<moveShift | uint64(uint8(depth))<<depthShift |
		uint64(bound&3)<<boundShift | uint64(gen&genMask)<<genShift
}

// unpack returns the result of a data word.
func unpack(d uint64) Entry {
	return Entry{Score: int32(uint32(d)), Move: uint16(d >> moveShift), Depth: int8(d >> depthShift), Bound: Bound(d >> boundShift & 3)}
}

func moveOf(d uint64) uint16 { return uint16(d >> moveShift) }
func depthOf(d uint64) int8  { return int8(d >> depthShift) }
func genOf(d uint64) uint8   { return uint8(d >> genShift & genMask) }
func isEmpty(d uint64) bool  { return d>>boundShift&3 == uint64(None) && moveOf(d) == 0 }
func withMove(d uint64, move uint16) uint64 {
	return d&^(0xffff<<moveShift) | uint64(move)<<moveShift
}

// slot is one entry: check is the key XOR data.
type slot struct {
	check, data atomic.Uint64
}

// load returns the slot's key and data word.
func (s *slot) load() (key, data uint64) {
	d := s.data.Load()
	return s.check.Load() ^ d, d
}

// store writes an entry for key.
func (s *slot) store(key, data uint64) {
	s.data.Store(data)
	s.check.Store(key ^ data)
}

type bucket [2]slot

// Table is a transposition table. The zero Table has no room and stores
// nothing; make one with New. Its methods may be called from several
// goroutines at once, except Clear, which must not run during a search.
type Table struct {
	buckets []bucket
	mask    uint64
	gen     atomic.Uint32
}

// EntrySize and BucketSize are the sizes of an entry and a bucket in bytes.
const (
	EntrySize  = 16
	BucketSize = 2 * EntrySize
)

// MaxMegabytes is the largest size New makes, 64 GiB: sizes are taken
// at most this, so that the size in bytes cannot overflow.
const MaxMegabytes = 1 << 16

// New returns a table of at most megabytes MiB (at least one bucket): the
// number of buckets is the largest power of two that fits. A size below 0
// is taken as 0, one above MaxMegabytes as MaxMegabytes.
func New(megabytes int) *Table {
	n := numBuckets(megabytes)
	return &Table{buckets: make([]bucket, n), mask: n - 1}
}

// numBuckets returns the number of buckets of a table of megabytes MiB,
// as New says.
func numBuckets(megabytes int) uint64 {
	fit := uint64(min(max(megabytes, 0), MaxMegabytes)) << 20 / BucketSize
	return 1 << max(bits.Len64(fit)-1, 0)
}

// Len returns the number of entries the table can hold.
func (t *Table) Len() int { return 2 * len(t.buckets) }

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.buckets)
	t.gen.Store(0)
}

// NewSearch marks the start of a search: entries stored before it become
// the first to be replaced in depth-preferred slots.
func (t *Table) NewSearch() { t.gen.Add(1) }

// Probe returns the entry stored for key, if any.
func (t *Table) Probe(key uint64) (Entry, bool) {
	if len(t.buckets) == 0 {
		return Entry{}, false
	}
	b := &t.buckets[key&t.mask]
	for i := range b {
		if k, d := b[i].load(); k == key && !isEmpty(d) {
			return unpack(d), true
		}
	}
	return Entry{}, false
}

// Store records a result for key; a result without a move keeps the move
// stored for key. A result for the key in slot 0 replaces it. Otherwise the
// result takes slot 0 when it is at least as deep or slot 0 is from an
// earlier search, and slot 0's entry moves down to slot 1; else it takes
// slot 1.
func (t *Table) Store(key uint64, move uint16, score int32, depth int8, bound Bound) {
	if len(t.buckets) == 0 {
		return
	}
	gen := uint8(t.gen.Load())
	b := &t.buckets[key&t.mask]
	e := pack(score, move, depth, bound, gen)
	k0, d0 := b[0].load()
	if k0 == key {
		if move == 0 {
			e = withMove(e, moveOf(d0))
		}
		b[0].store(key, e)
		return
	}
	if k1, d1 := b[1].load(); k1 == key && move == 0 {
		e = withMove(e, moveOf(d1))
	}
	if isEmpty(d0) || depth >= depthOf(d0) || genOf(d0) != gen&genMask {
		// Slot 0 holds another key (the first case took key), so demoting
		// it also drops any older entry for key from slot 1.
		b[1].store(k0, d0)
		b[0].store(key, e)
		return
	}
	b[1].store(key, e)
}

// hashfullSample is how many entries Hashfull looks at: the table's first
// thousand, as Stockfish samples its own.
const hashfullSample = 1000

// Hashfull returns how full the table is, per mille: of its first thousand
// entries (all of them in a smaller table), those written since the last
// NewSearch, as UCI's hashfull counts the entries in use. It reads
// entries that the search may be writing: a count, not a snapshot.
func (t *Table) Hashfull() int {
	n := min(t.Len(), hashfullSample)
	if n == 0 {
		return 0
	}
	gen := uint8(t.gen.Load()) & genMask
	used := 0
	for i := range n {
		_, d := t.buckets[i/2][i%2].load()
		if !isEmpty(d) && genOf(d) == gen {
			used++
		}
	}
	return used * 1000 / n
}
