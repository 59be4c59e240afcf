package tablebase

import (
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
	"sync/atomic"
	"syscall"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/errmark"
)

// Tables are the endgame tables of one rule set in a directory, opened
// for probing. A table is read block by block as probes need it, and the
// blocks read are kept in a cache (DefaultCacheBytes, SetCacheBytes):
// probing does not load the tables into memory.
//
// Tables implement surakarta.EndgameTables, so that a PVS can use them.
// Their methods are safe for concurrent use, and the threads of a search
// probe them without waiting for each other: a probe takes no lock. One
// the cache answers allocates nothing, and neither does one of a
// position the tables do not hold (Probe returns false; Value's error
// says why). One that reads its block allocates the block; two probes
// may read the same block at once, and the cache keeps one copy. Close
// may be called while probes run: a probe that overlaps it returns its
// value or none, and every probe that begins after it returned finds no
// value (Probe returns false, Value and BestMove ErrClosed).
//
// A nil *Tables holds no position, so that a program without tables can
// pass one on: Probe returns false, Value and BestMove an error wrapping
// ErrNotInTables, Pieces 0, TablesRules the zero Rules, Dropped none;
// SetCacheBytes does nothing, and Close returns nil, as it does for
// tables already closed.
type Tables struct {
	limit  int
	pieces int
	files  [maxPieces][maxPieces]*tableFile // by the class's counts; not changed once open returns

	blocks uint64                     // of all the tables
	cache  atomic.Pointer[blockCache] // nil once the tables are closed

	mu      sync.Mutex // for dropped, and for a tableFile's err to be set
	dropped []error    // the files left out and the tables found damaged, in order (Dropped)
}

// DefaultCacheBytes is the memory Tables keep for the blocks read, unless
// SetCacheBytes says otherwise.
const DefaultCacheBytes = 64 << 20

// tableFile is one class's opened file.
type tableFile struct {
	f     *os.File
	h     *header
	first uint64                // the number of its first block among the blocks of all the tables (blockCache)
	err   atomic.Pointer[error] // set, under Tables.mu, when a block was found damaged: the table is not read again
}

// ErrNotInTables is the error of a position the tables do not hold: too
// many pieces, a class whose table is not there, or a game already over.
var ErrNotInTables = errors.New("tablebase: position not in the tables")

// errNilTables is the error of Value and BestMove of a nil *Tables: made
// once, so that a probe of one allocates nothing.
var errNilTables = fmt.Errorf("%w: no tables (a nil *Tables)", ErrNotInTables)

// ErrClosed is the error of Value and BestMove on tables that Close
// closed, or that it was closing while they ran. Probe returns false
// then.
var ErrClosed = errors.New("tablebase: tables closed")

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
// header, and fails when dir is not a directory (syscall.ENOTDIR), holds
// no table of rules (an error wrapping ErrNoTables), or holds one it
// cannot use: a damaged one (ErrCorrupt), one under another table's name
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
		return nil, errmark.Errorf(syscall.ENOTDIR, "tablebase: %s is not a directory", dir)
	}
	t := &Tables{limit: rules.QuietPlyLimit}
	opened := 0
	if t.limit <= maxLimit {
		for m := 1; m < maxPieces; m++ {
			for o := 1; m+o <= maxPieces; o++ {
				c := class{m, o}
				f, h, err := openTable(filepath.Join(dir, fileName(c, t.limit)), c, t.limit)
				switch {
				case errors.Is(err, os.ErrNotExist):
					continue
				case err != nil && strict:
					t.closeFiles()
					return nil, err
				case err != nil:
					t.dropped = append(t.dropped, err)
					continue
				}
				t.files[m][o] = &tableFile{f: f, h: h, first: t.blocks}
				t.blocks += uint64(len(h.offsets) - 1)
				opened++
			}
		}
	}
	if opened == 0 {
		if len(t.dropped) > 0 {
			return nil, &leftOutError{noTables(dir, t.limit), t.dropped}
		}
		return nil, noTables(dir, t.limit)
	}
	t.cache.Store(newBlockCache(DefaultCacheBytes, t.blockBytes(), t.blocks))
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
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.dropped)
}

// file returns the table of class c, and nil when there is none.
func (t *Tables) file(c class) *tableFile {
	if c.mover >= maxPieces || c.other >= maxPieces {
		return nil
	}
	return t.files[c.mover][c.other]
}

// complete reports whether every class of n pieces is there.
func (t *Tables) complete(n int) bool {
	for m := 1; m < n; m++ {
		if t.file(class{m, n - m}) == nil {
			return false
		}
	}
	return true
}

// Pieces returns the number of pieces up to which every class is in the
// tables: 0 for none.
func (t *Tables) Pieces() int {
	if t == nil {
		return 0
	}
	return t.pieces
}

// TablesRules returns the rules the tables were made under: no
// repetition limit, and the quiet-ply limit of their files (0 for the
// capture-all tables).
func (t *Tables) TablesRules() surakarta.Rules {
	if t == nil {
		return surakarta.Rules{}
	}
	return surakarta.Rules{QuietPlyLimit: t.limit}
}

// SetCacheBytes sets the memory kept for the blocks read: room for n
// bytes of whole blocks of the tables' rules (the last block of a table
// may be shorter), at least one block, and at most every block of the
// tables. With room for every block the cache keeps every block read;
// with less, each block has two places, fixed by its table and number,
// and a block read pushes out the one read longest ago of those there.
// The blocks the cache holds stay, as far as the new size has room for
// them. It may be called while probes run; after Close it does nothing.
func (t *Tables) SetCacheBytes(n int) {
	if t == nil {
		return
	}
	for {
		old := t.cache.Load()
		if old == nil {
			return
		}
		c := newBlockCache(n, t.blockBytes(), t.blocks)
		c.keepFrom(old)
		if t.cache.CompareAndSwap(old, c) {
			return
		}
	}
}

// blockBytes returns the bytes of a whole block of entries of the
// tables' rules.
func (t *Tables) blockBytes() int {
	return perBlock * entryBytes(t.limit)
}

// Close closes the files and drops the cache. Probes may run meanwhile:
// one that overlaps it returns its value or ErrClosed, and every one
// that begins after it returned ErrClosed; a block a probe could not
// read because the file was closed does not make its table damaged
// (Dropped). Closing closed tables does nothing and returns nil, and so
// does closing a nil *Tables.
func (t *Tables) Close() error {
	if t == nil {
		return nil
	}
	// The cache goes first: a probe that then fails to read a block
	// finds it gone, and so knows the file was closed under it.
	if t.cache.Swap(nil) == nil {
		return nil
	}
	return t.closeFiles()
}

// closeFiles closes the files, and returns the first error.
func (t *Tables) closeFiles() error {
	var first error
	for _, files := range t.files {
		for _, f := range files {
			if f == nil {
				continue
			}
			if err := f.f.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
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
// no plies to the end). Under a quiet-ply limit the value is that of p's
// quiet plies, and a win or loss that a capture decides has the quiet
// plies to that capture as its Conversion. It returns an error wrapping ErrNotInTables when p is not
// there, and one wrapping ErrCorrupt when its block is damaged: then the
// whole table is dropped (Dropped), and every later probe of its class
// returns that error at once, without reading the file again. After
// Close it returns ErrClosed.
func (t *Tables) Value(p surakarta.Position) (surakarta.TableValue, error) {
	if t == nil {
		return surakarta.TableValue{}, errNilTables
	}
	entry, c, err := t.entry(p)
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
	res, threshold := decodeQuiet(entry, c, max(t.limit-p.QuietPlies(), 0))
	v := surakarta.TableValue{Result: tableResult(res), Plies: -1, Conversion: conversion(c, res, threshold)}
	if v.Result == surakarta.TableDraw {
		v.Plies = 0
	}
	return v, nil
}

// entry returns the bytes of p's entry and p's class, or Value's error.
// It allocates nothing unless it reads a block, or finds the table
// damaged.
func (t *Tables) entry(p surakarta.Position) ([]byte, class, error) {
	side := p.SideToMove()
	mover, other := uint64(p.Pieces(side)), uint64(p.Pieces(side.Other()))
	c := class{bits.OnesCount64(mover), bits.OnesCount64(other)}
	cache := t.cache.Load()
	if cache == nil {
		return nil, c, ErrClosed
	}
	tf := t.file(c)
	if tf == nil {
		return nil, c, notInTables(c)
	}
	if err := tf.err.Load(); err != nil {
		return nil, c, *err
	}
	i := canonical.index(c, mover, other)
	b := i / perBlock // the only size of block readHeader takes
	data, ok := cache.get(tf.first + b)
	if !ok {
		// Another probe may be reading the same block meanwhile: the
		// one that puts it in the cache first has its copy kept.
		read, err := tf.h.readBlock(tf.f, b)
		if err != nil {
			if t.cache.Load() == nil {
				return nil, c, ErrClosed // the file was closed under the read
			}
			return nil, c, t.drop(tf, fmt.Errorf("%s: %w", tf.f.Name(), err))
		}
		data = cache.put(tf.first+b, read)
	}
	at := (i % perBlock) * uint64(tf.h.entryBytes)
	return data[at : at+uint64(tf.h.entryBytes)], c, nil
}

// drop remembers that tf failed with err, found by a probe, unless it
// failed before, and returns the error it is dropped with.
func (t *Tables) drop(tf *tableFile, err error) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if first := tf.err.Load(); first != nil {
		return *first
	}
	tf.err.Store(&err)
	t.dropped = append(t.dropped, err)
	return err
}

// missingTable is the error of a position of class c that the tables do
// not hold: the game is over when a side has no piece, else there is no
// table of c. Its message is made when asked for, so that a probe of
// such a position allocates nothing (notInTables).
type missingTable struct{ c class }

// Error says why the position is not in the tables.
func (e *missingTable) Error() string {
	if e.c.mover == 0 || e.c.other == 0 {
		return ErrNotInTables.Error() + ": the game is over"
	}
	return fmt.Sprintf("%v: no table of %d against %d pieces", ErrNotInTables, e.c.mover, e.c.other)
}

// Unwrap returns ErrNotInTables.
func (e *missingTable) Unwrap() error { return ErrNotInTables }

// missing holds the missingTable of every class a position can have.
var missing = func() (m [surakarta.MaxPieces + 1][surakarta.MaxPieces + 1]missingTable) {
	for i := range m {
		for j := range m[i] {
			m[i][j].c = class{i, j}
		}
	}
	return m
}()

// notInTables returns the error of a position of class c that the tables
// do not hold, without allocating.
func notInTables(c class) error {
	if c.mover > surakarta.MaxPieces || c.other > surakarta.MaxPieces {
		return &missingTable{c} // no position has so many pieces
	}
	return &missing[c.mover][c.other]
}

// BestMove returns a move that keeps p's value, and the value: for a win
// the fastest (under the capture-all rules) and for a loss the slowest.
// Under a quiet-ply limit a win takes a winning capture when there is
// one, else the quiet move that brings the winning capture nearest, and
// a loss puts the capture off longest; where the limit's piece count
// decides (the side ahead holding on), the side ahead keeps the other
// furthest from a draw and the side behind goes nearest one. It returns
// an error wrapping ErrNotInTables when p or a position after one of its
// moves is not there or p has no legal move.
func (t *Tables) BestMove(p surakarta.Position) (surakarta.Move, surakarta.TableValue, error) {
	if t == nil {
		return surakarta.NoMove, surakarta.TableValue{}, errNilTables
	}
	if t.limit > 0 {
		return t.bestQuietMove(p)
	}
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
