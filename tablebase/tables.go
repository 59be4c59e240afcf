package tablebase

import (
	"container/list"
	"encoding/binary"
	"errors"
	"fmt"
	"maps"
	"math/bits"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
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
	dropped    []error // the files left out and the tables found damaged, in order (Dropped)
	cache      map[blockKey]*list.Element
	order      *list.List // of *cachedBlock, the most recent first
	cacheBytes int
	cacheLimit int
}

// DefaultCacheBytes is the memory Tables keep for the blocks read last.
const DefaultCacheBytes = 64 << 20

// tableFile is one class's opened file.
type tableFile struct {
	f   *os.File
	h   *header
	err error // set when a block was found damaged: the table is not read again; under Tables.mu
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

// ErrNoTables is the error of Open given a directory that holds no
// table of the rules it was given: tables of other rules would never be
// used by a search of a game under these, so Open says so rather than
// return empty tables. Its message names the rules the directory's
// tables are for.
var ErrNoTables = errors.New("tablebase: no tables of these rules")

// Open opens the tables in dir made under rules, the rules of the games
// they are to be probed for: the capture-all tables when rules have no
// quiet-ply limit, else those of its limit (the repetition limit does
// not matter: the tables are made without one). It checks every file's
// header, and fails when dir is not a directory, holds no table of
// rules (an error wrapping ErrNoTables), or holds one it cannot use: a
// damaged one (ErrCorrupt), one under another table's name
// (ErrMismatch), or a file that is not a regular one. OpenUsable leaves
// such files out instead.
func Open(dir string, rules surakarta.Rules) (*Tables, error) {
	return open(dir, rules, true)
}

// OpenUsable is Open that leaves out, rather than fails on, the files it
// cannot use: Dropped returns them with what is wrong. It fails when dir
// is not a directory or holds no usable table of rules, so that what it
// returns always has a table; a program that must go on with the good
// tables of a directory where one is damaged (an engine) uses it, and
// says what Dropped says.
func OpenUsable(dir string, rules surakarta.Rules) (*Tables, error) {
	return open(dir, rules, false)
}

// open is Open, or OpenUsable when not strict.
func open(dir string, rules surakarta.Rules, strict bool) (*Tables, error) {
	if err := rules.Validate(); err != nil {
		return nil, err
	}
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("tablebase: %s is not a directory", dir)
	}
	t := &Tables{limit: rules.QuietPlyLimit, files: map[class]*tableFile{}, cache: map[blockKey]*list.Element{}, order: list.New(), cacheLimit: DefaultCacheBytes}
	if t.limit <= maxLimit {
		for m := 1; m < maxPieces; m++ {
			for o := 1; m+o <= maxPieces; o++ {
				c := class{m, o}
				f, h, err := openTable(filepath.Join(dir, fileName(c, t.limit)), c, t.limit)
				switch {
				case errors.Is(err, os.ErrNotExist):
					continue
				case err != nil && strict:
					t.Close()
					return nil, err
				case err != nil:
					t.dropped = append(t.dropped, err)
					continue
				}
				t.files[c] = &tableFile{f: f, h: h}
			}
		}
	}
	if len(t.files) == 0 {
		if len(t.dropped) > 0 {
			return nil, &leftOutError{noTables(dir, t.limit), t.dropped}
		}
		return nil, noTables(dir, t.limit)
	}
	for n := 2; n <= maxPieces && t.complete(n); n++ {
		t.pieces = n
	}
	return t, nil
}

// leftOutError is OpenUsable's error when it left out every file of the
// rules: it wraps ErrNoTables and each file's error, and says them on
// one line, so that an engine can pass it on as one.
type leftOutError struct {
	noTables error
	dropped  []error
}

// Error says what is wrong with the rules' tables and with each file.
func (e *leftOutError) Error() string {
	msg := e.noTables.Error() + "; left out:"
	for _, err := range e.dropped {
		msg += " " + err.Error() + ";"
	}
	return strings.TrimSuffix(msg, ";")
}

// Unwrap returns ErrNoTables's error and each file's, for errors.Is.
func (e *leftOutError) Unwrap() []error { return append([]error{e.noTables}, e.dropped...) }

// noTables returns the error of dir holding no usable table of the
// quiet-ply limit (0: capture-all), naming the rules of those it holds.
func noTables(dir string, limit int) error {
	what := "tables of " + rulesName(limit)
	if limit > maxLimit {
		what += fmt.Sprintf(" (Generate makes quiet-ply limits up to %d)", maxLimit)
	}
	sets, err := RuleSets(dir)
	if err != nil {
		return fmt.Errorf("%w: %s holds no %s: %w", ErrNoTables, dir, what, err)
	}
	var others []string
	for _, r := range sets {
		if r.QuietPlyLimit != limit {
			others = append(others, fmt.Sprintf("%s (QuietPlyLimit %d)", rulesName(r.QuietPlyLimit), r.QuietPlyLimit))
		}
	}
	if len(others) == 0 {
		return fmt.Errorf("%w: %s holds no usable %s (make them with Generate)", ErrNoTables, dir, what)
	}
	return fmt.Errorf("%w: %s holds no usable %s, only tables of %s, which a search uses in games of that quiet-ply limit only", ErrNoTables, dir, what, strings.Join(others, " and "))
}

// rulesName names the rule set of a quiet-ply limit (0: capture-all).
func rulesName(limit int) string {
	if limit == 0 {
		return "capture-all"
	}
	return fmt.Sprintf("the quiet-ply limit %d", limit)
}

// tableName matches the name of a table file: the class, then "all" or
// the quiet-ply limit.
var tableName = regexp.MustCompile(`^([1-9])v([1-9])-(all|q([1-9][0-9]{0,3}))\.sktb$`)

// RuleSets returns the rules that dir holds tables of, by the names of
// its files: Rules{} when it holds capture-all ones, and the quiet-ply
// limit of each other, in increasing order. A name says what a file
// should hold, not that it is sound: Open checks that. It is how a
// program that opens whatever a directory holds (package tbdir, for the
// engine and the match tool) finds the rule sets to Open.
func RuleSets(dir string) ([]surakarta.Rules, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("tablebase: %w", err)
	}
	seen := map[int]bool{}
	for _, e := range entries {
		m := tableName.FindStringSubmatch(e.Name())
		if m == nil || int(m[1][0]-'0')+int(m[2][0]-'0') > maxPieces {
			continue
		}
		limit := 0
		if m[4] != "" {
			limit, _ = strconv.Atoi(m[4])
		}
		if limit <= maxLimit {
			seen[limit] = true
		}
	}
	var sets []surakarta.Rules
	for _, limit := range slices.Sorted(maps.Keys(seen)) {
		sets = append(sets, surakarta.Rules{QuietPlyLimit: limit})
	}
	return sets, nil
}

// Dropped returns the tables left out, each as an error naming its file
// and what is wrong, in the order found: the files OpenUsable could not
// use, and the tables a probe found damaged since (a block whose
// checksum or compressed stream is wrong, or that could not be read).
// A table found damaged is not read again: its positions are then not
// in the tables, so a damaged block costs one read, not one a probe.
func (t *Tables) Dropped() []error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.dropped)
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
// there, and one wrapping ErrCorrupt when its block is damaged: then the
// whole table is dropped (Dropped), and every later probe of its class
// returns that error at once, without reading the file again.
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
	data, ok, err := t.cached(key, tf)
	if err != nil {
		return nil, err
	}
	if !ok {
		// The block is read without the lock, so that other threads'
		// probes go on meanwhile; one that read the same block first
		// has its copy kept.
		read, err := tf.h.readBlock(tf.f, key.block)
		if err != nil {
			return nil, t.drop(tf, fmt.Errorf("%s: %w", tf.f.Name(), err))
		}
		data = t.keep(key, read)
	}
	at := (i % uint64(tf.h.perBlock)) * uint64(tf.h.entryBytes)
	return data[at : at+uint64(tf.h.entryBytes)], nil
}

// cached returns block key of tf from the cache, and false when it is
// not there; or the error tf was dropped with.
func (t *Tables) cached(key blockKey, tf *tableFile) ([]byte, bool, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tf.err != nil {
		return nil, false, tf.err
	}
	data, ok := t.lookup(key)
	return data, ok, nil
}

// drop remembers that tf failed with err, found by a probe, unless it
// failed before, and returns the error it is dropped with.
func (t *Tables) drop(tf *tableFile, err error) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tf.err == nil {
		tf.err = err
		t.dropped = append(t.dropped, err)
	}
	return tf.err
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
