// Package tt is the transposition table of the PVS searcher: a fixed-size
// hash table of search results keyed by Zobrist hash.
//
// The table is an array of buckets of two entries each, 32 bytes, so two
// buckets share a cache line. Slot 0 is depth-preferred: a new result
// replaces it only when it searched at least as deep, or when the entry is
// from an earlier search. Otherwise the result goes to slot 1, which is
// always replaced. Entries keep the full 64-bit key, so a hit is a hit.
package tt

// Bound says how a stored score relates to the true score.
type Bound uint8

// The bounds of a stored score.
const (
	None  Bound = iota // no score stored (only the move is useful)
	Lower              // the true score is at least the stored score (a beta cutoff)
	Upper              // the true score is at most the stored score (all moves failed low)
	Exact              // the stored score is the true score
)

// Entry is one stored result.
type Entry struct {
	Key   uint64
	Score int32
	Move  uint16
	Depth int8
	Bound Bound
	gen   uint8
	_     [1]byte
}

type bucket [2]Entry

// Table is a transposition table. The zero Table has no room and stores
// nothing; make one with New.
type Table struct {
	buckets []bucket
	mask    uint64
	gen     uint8
}

// EntrySize and BucketSize are the sizes of an entry and a bucket in bytes.
const (
	EntrySize  = 16
	BucketSize = 2 * EntrySize
)

// New returns a table of at most megabytes MiB (at least one bucket): the
// number of buckets is the largest power of two that fits.
func New(megabytes int) *Table {
	n := uint64(1)
	for n*2*BucketSize <= uint64(max(megabytes, 0))<<20 {
		n *= 2
	}
	return &Table{buckets: make([]bucket, n), mask: n - 1}
}

// Len returns the number of entries the table can hold.
func (t *Table) Len() int { return 2 * len(t.buckets) }

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.buckets)
	t.gen = 0
}

// NewSearch marks the start of a search: entries stored before it become
// the first to be replaced in depth-preferred slots.
func (t *Table) NewSearch() { t.gen++ }

// Probe returns the entry stored for key, if any.
func (t *Table) Probe(key uint64) (Entry, bool) {
	if len(t.buckets) == 0 {
		return Entry{}, false
	}
	b := &t.buckets[key&t.mask]
	for i := range b {
		if b[i].Key == key && !b[i].empty() {
			return b[i], true
		}
	}
	return Entry{}, false
}

func (e *Entry) empty() bool { return e.Bound == None && e.Move == 0 }

// Store records a result for key; a result without a move keeps the move
// stored for key. A result for the key in slot 0 replaces it. Otherwise the
// result takes slot 0 when it is at least as deep or slot 0 is from an
// earlier search, and slot 0's entry moves down to slot 1; else it takes
// slot 1.
func (t *Table) Store(key uint64, move uint16, score int32, depth int8, bound Bound) {
	if len(t.buckets) == 0 {
		return
	}
	b := &t.buckets[key&t.mask]
	e := Entry{Key: key, Score: score, Move: move, Depth: depth, Bound: bound, gen: t.gen}
	switch {
	case b[0].Key == key:
		if move == 0 {
			e.Move = b[0].Move
		}
		b[0] = e
		return
	case b[1].Key == key && move == 0:
		e.Move = b[1].Move
	}
	if b[0].empty() || depth >= b[0].Depth || b[0].gen != t.gen {
		// b[0] holds another key (the first case took key), so demoting it
		// also drops any older entry for key from slot 1.
		b[1], b[0] = b[0], e
		return
	}
	b[1] = e
}
