package tablebase

import (
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"sync"

	"github.com/surakarta-go/surakarta"
)

// Tables are the endgame tables of one rule set in a directory, opened
// for probing. A table is read block by block as probes need it, and the
// blocks read last are kept, up to CacheBytes: probing does not load the
// tables into memory.
//
// Tables implement surakarta.EndgameTables, so that a PVS can use them.
// Their methods are safe for concurrent use.
type Tables struct {
	limit  int
	pieces int
	files  map[class]*tableFile

	mu         sync.Mutex
	cache      map[blockKey]*list.Element
	order      *list.List // of *cachedBlock, the most recent first
	cacheBytes int
	cacheLimit int
}

// DefaultCacheBytes is the memory Tables keep for the blocks read last.
const DefaultCacheBytes = 64 << 20

// tableFile is one class's opened file.
type tableFile struct {
	f *os.File
	h *header
}

type blockKey struct {
	c     class
	block uint64
}

type cachedBlock struct {
	key  blockKey
	data []byte
}

// ErrNotInTables is the error of a position the tables do not hold: too
// many pieces, a class whose table is not there, or a game already over.
var ErrNotInTables = errors.New("tablebase: position not in the tables")

// Open opens the tables in dir made under rules: the capture-all tables
// when rules have no quiet-ply limit, else those of its limit (the
// repetition limit does not matter: the tables are made without one). It
// checks every file's header and fails on a damaged or mismatched one; a
// dir without tables of the rules gives empty Tables.
func Open(dir string, rules surakarta.Rules) (*Tables, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	t := &Tables{limit: rules.QuietPlyLimit, files: map[class]*tableFile{}, cache: map[blockKey]*list.Element{}, order: list.New(), cacheLimit: DefaultCacheBytes}
	if t.limit > maxLimit {
		return t, nil
	}
	for m := 1; m < maxPieces; m++ {
		for o := 1; m+o <= maxPieces; o++ {
			c := class{m, o}
			f, err := os.Open(filepath.Join(dir, fileName(c, t.limit)))
			if errors.Is(err, os.ErrNotExist) {
				continue
			}
			if err != nil {
				t.Close()
				return nil, err
			}
			h, err := openHeader(f, c, t.limit)
			if err != nil {
				f.Close()
				t.Close()
				return nil, fmt.Errorf("%s: %w", f.Name(), err)
			}
			t.files[c] = &tableFile{f, h}
		}
	}
	for n := 2; n <= maxPieces && t.complete(n); n++ {
		t.pieces = n
	}
	return t, nil
}

// openHeader reads the header of the open file f.
func openHeader(f *os.File, c class, limit int) (*header, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return readHeader(f, info.Size(), c, limit)
}

// complete reports whether every class of n pieces is there.
func (t *Tables) complete(n int) bool {
	for m := 1; m < n; m++ {
		if t.files[class{m, n - m}] == nil {
			return false
		}
	}
	return true
}

// Pieces returns the number of pieces up to which every class is in the
// tables: 0 for none.
func (t *Tables) Pieces() int { return t.pieces }

// TablesRules returns the rules the tables were made under: no
// repetition limit, and the quiet-ply limit of their files (0 for the
// capture-all tables).
func (t *Tables) TablesRules() surakarta.Rules {
	return surakarta.Rules{QuietPlyLimit: t.limit}
}

// SetCacheBytes sets the memory kept for the blocks read last (at least
// one block is kept).
func (t *Tables) SetCacheBytes(n int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.cacheLimit = n
	t.evict()
}

// Close closes the files.
func (t *Tables) Close() error {
	var first error
	for _, f := range t.files {
		if err := f.f.Close(); err != nil && first == nil {
			first = err
		}
	}
	t.files = map[class]*tableFile{}
	return first
}

// Probe returns the value of p for its side to move, and false when p is
// not in the tables. It implements surakarta.EndgameTables; Value gives
// the reason a position is not there.
func (t *Tables) Probe(p surakarta.Position) (surakarta.TableValue, bool) {
	v, err := t.Value(p)
	return v, err == nil
}

// Value returns the value of p for its side to move: the result, and
// for a win or a loss under the capture-all rules the plies to the end of
// the game with best play (−1 under a quiet-ply limit, whose tables store
// the result only). Under a quiet-ply limit the value is that of p's
// quiet plies. It returns an error wrapping ErrNotInTables when p is not
// there, and one wrapping ErrCorrupt when its block is damaged.
func (t *Tables) Value(p surakarta.Position) (surakarta.TableValue, error) {
	side := p.SideToMove()
	mover, other := uint64(p.Pieces(side)), uint64(p.Pieces(side.Other()))
	c := class{bits.OnesCount64(mover), bits.OnesCount64(other)}
	if c.mover == 0 || c.other == 0 {
		return surakarta.TableValue{}, fmt.Errorf("%w: the game is over", ErrNotInTables)
	}
	tf := t.files[c]
	if tf == nil {
		return surakarta.TableValue{}, fmt.Errorf("%w: no table of %d against %d pieces", ErrNotInTables, c.mover, c.other)
	}
	i := index(mover, other)
	entry, err := t.entry(c, tf, i)
	if err != nil {
		return surakarta.TableValue{}, err
	}
	if t.limit == 0 {
		e := binary.LittleEndian.Uint16(entry)
		v := surakarta.TableValue{Result: tableResult(result(e)), Plies: plies(e)}
		if v.Result == surakarta.TableDraw {
			v.Plies = 0
		}
		return v, nil
	}
	r := max(t.limit-p.QuietPlies(), 0)
	v := surakarta.TableValue{Result: tableResult(int(entry[r/4] >> (2 * (r % 4)) & 3)), Plies: -1}
	if v.Result == surakarta.TableDraw {
		v.Plies = 0
	}
	return v, nil
}

// entry returns the bytes of entry i of class c.
func (t *Tables) entry(c class, tf *tableFile, i uint64) ([]byte, error) {
	key := blockKey{c, i / uint64(tf.h.perBlock)}
	data, ok := t.cached(key)
	if !ok {
		// The block is read without the lock, so that other threads'
		// probes go on meanwhile; one that read the same block first
		// has its copy kept.
		read, err := tf.h.readBlock(tf.f, key.block)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", tf.f.Name(), err)
		}
		data = t.keep(key, read)
	}
	at := (i % uint64(tf.h.perBlock)) * uint64(tf.h.entryBytes)
	return data[at : at+uint64(tf.h.entryBytes)], nil
}

// cached returns block key from the cache, and false when it is not
// there.
func (t *Tables) cached(key blockKey) ([]byte, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.lookup(key)
}

// keep puts block key, just read as data, in the cache, unless another
// probe put it there meanwhile, and returns the cache's copy.
func (t *Tables) keep(key blockKey, data []byte) []byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	if kept, ok := t.lookup(key); ok {
		return kept
	}
	t.cache[key] = t.order.PushFront(&cachedBlock{key, data})
	t.cacheBytes += len(data)
	t.evict()
	return data
}

// lookup returns block key from the cache, as the one used last, and
// false when it is not there. t.mu must be held.
func (t *Tables) lookup(key blockKey) ([]byte, bool) {
	e, ok := t.cache[key]
	if !ok {
		return nil, false
	}
	t.order.MoveToFront(e)
	return e.Value.(*cachedBlock).data, true
}

// evict drops the blocks read longest ago beyond the cache's limit,
// keeping the last one.
func (t *Tables) evict() {
	for t.cacheBytes > t.cacheLimit && t.order.Len() > 1 {
		b := t.order.Remove(t.order.Back()).(*cachedBlock)
		delete(t.cache, b.key)
		t.cacheBytes -= len(b.data)
	}
}

// BestMove returns a move that keeps p's value, and the value: for a win
// the fastest (under the capture-all rules) and for a loss the slowest.
// Under a quiet-ply limit, where the tables store no distance, a won
// position's move still makes progress: the position after it is lost
// with fewer quiet plies left, or a capture brings the game to a smaller
// class. It returns an error wrapping ErrNotInTables when p or a position
// after one of its moves is not there or p has no legal move.
func (t *Tables) BestMove(p surakarta.Position) (surakarta.Move, surakarta.TableValue, error) {
	if _, err := t.Value(p); err != nil {
		return surakarta.NoMove, surakarta.TableValue{}, err
	}
	best, bestValue, found := surakarta.NoMove, surakarta.TableValue{}, false
	for _, m := range p.LegalMoves() {
		after := p
		after.PlayUnchecked(m)
		var v surakarta.TableValue
		if after.Count(after.SideToMove()) == 0 {
			v = surakarta.TableValue{Result: surakarta.TableWin, Plies: 1}
		} else {
			child, err := t.Value(after)
			if err != nil {
				return surakarta.NoMove, surakarta.TableValue{}, err
			}
			v = surakarta.TableValue{Result: -child.Result, Plies: child.Plies}
			if child.Plies >= 0 && child.Result != surakarta.TableDraw {
				v.Plies++
			}
		}
		if !found || betterValue(v, bestValue) {
			best, bestValue, found = m, v, true
		}
	}
	if !found {
		return surakarta.NoMove, surakarta.TableValue{}, fmt.Errorf("%w: the side to move has no legal move", ErrNotInTables)
	}
	return best, bestValue, nil
}

// betterValue reports whether a is better than b for the side that
// chooses: a better result, a faster win or a slower loss.
func betterValue(a, b surakarta.TableValue) bool {
	switch {
	case a.Result != b.Result:
		return a.Result > b.Result
	case a.Result == surakarta.TableWin:
		return a.Plies < b.Plies
	case a.Result == surakarta.TableLoss:
		return a.Plies > b.Plies
	}
	return false
}
