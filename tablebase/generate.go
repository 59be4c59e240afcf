package tablebase

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// Limits of Generate.
const (
	// maxPieces is the most pieces in all that Generate makes tables for:
	// its indices are 32-bit, and a pair of classes of 8 pieces has fewer
	// than 2³² positions.
	maxPieces = 8
	// maxLimit is the largest quiet-ply limit Generate takes.
	maxLimit = 1000
)

// MaxWorkers is the most Options.Workers Generate takes: each worker is
// a goroutine, which cannot help beyond the machine's cores, and a
// number in the millions took gigabytes of memory for nothing. It is
// far above the cores of any machine the tables are made on.
const MaxWorkers = 1024

// Options say what Generate makes.
type Options struct {
	// Pieces: the tables of every class with 2 to Pieces pieces in all
	// (2 to 8).
	Pieces int
	// QuietPlyLimit is the rule set: 0 for capture-all (no limit on quiet
	// plies, no repetition limit: a game that never ends is a draw), or a
	// quiet-ply limit (1 to 1000) without a repetition limit.
	QuietPlyLimit int
	// Shard and Shards split the classes of exactly Pieces pieces between
	// Shards runs, on as many machines, as the match tool's shards do:
	// shard i (0 to Shards−1) makes the pairs of classes j with j mod
	// Shards = i, and needs the tables of fewer pieces in the directory
	// already. Shards 0 makes everything missing, one size after another.
	Shard, Shards int
	// Workers is the number of goroutines: 0 means runtime.GOMAXPROCS,
	// and 1 to MaxWorkers that many, though never more than a pair has
	// chunks of 65,536 positions to share out.
	Workers int
	// Log, if not nil, receives a line for each pair of classes made, for
	// each table found damaged and made again, and for each temporary
	// file of a stopped run removed.
	Log func(line string)
}

// ErrInvalidOptions is the error of options out of range.
var ErrInvalidOptions = errors.New("tablebase: invalid options")

// Generate makes the tables opt asks for in dir, by retrograde analysis,
// skipping those already there and sound, every block read and checked:
// a run that was killed resumes, redoing only the pair of classes it was
// making, and a damaged table is made again (Log says so). The files are
// the same bytes whatever the number of workers or shards.
//
// It first removes the temporary files a generator killed while writing
// a table left in dir (Log names each): those named as its own and not
// locked by a generator at work, however recently written, so that a
// killed run started again at once removes its own, and generators
// sharing dir (the shards of a level) keep theirs. Where there is no
// flock (Windows) it removes those written a minute or more before this
// run started.
//
// A pair of classes (the mover's and the other side's piece counts, and
// the same swapped, which a quiet move turns into each other) is made
// from the tables of one piece fewer. It is solved, and its tables hold,
// one entry for each orbit of positions under the board's eight
// symmetries, nearly an eighth of its positions. Its arrays take 6 bytes
// an entry (4 for the result, the distance and the count of quiet moves,
// which the workers update together, 2 for the captures), plus 4 for
// each settled entry in the lists by distance, and under a quiet-ply
// limit 2 more for the thresholds of the first of its two passes; a
// class's file is written from 2 bytes an entry (4 under a quiet-ply
// limit, whatever the limit); besides, the smaller tables it needs are
// read whole (2 bytes an entry). Measured with the collector's headroom,
// the peak resident memory is at most 29 bytes an entry of the largest
// pair under capture-all (docs/tablebases.md).
func Generate(ctx context.Context, dir string, opt Options) error {
	switch {
	case opt.Pieces < 2 || opt.Pieces > maxPieces:
		return fmt.Errorf("%w: Pieces %d: want 2 to %d", ErrInvalidOptions, opt.Pieces, maxPieces)
	case opt.QuietPlyLimit < 0 || opt.QuietPlyLimit > maxLimit:
		return fmt.Errorf("%w: QuietPlyLimit %d: want 0 (capture-all) to %d", ErrInvalidOptions, opt.QuietPlyLimit, maxLimit)
	case opt.Shards < 0 || opt.Shards > 1000 || opt.Shard < 0 || (opt.Shards > 0 && opt.Shard >= opt.Shards) || (opt.Shards == 0 && opt.Shard != 0):
		return fmt.Errorf("%w: shard %d/%d: want i/N with 0 ≤ i < N ≤ 1000, or 0/0 for no shards", ErrInvalidOptions, opt.Shard, opt.Shards)
	case opt.Workers < 0 || opt.Workers > MaxWorkers:
		return fmt.Errorf("%w: Workers %d: want 0 (runtime.GOMAXPROCS) to %d", ErrInvalidOptions, opt.Workers, MaxWorkers)
	}
	workers := opt.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	began := time.Now()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := removeStale(dir, began, opt.Log); err != nil {
		return err
	}
	from := 2
	if opt.Shards > 0 {
		from = opt.Pieces
		for n := 2; n < opt.Pieces; n++ {
			for _, c := range classesOf(n) {
				if err := present(dir, c, opt.QuietPlyLimit); err != nil {
					return fmt.Errorf("tablebase: shard %d/%d makes the tables of %d pieces, and needs those of %d, which are not all in %s (%w): make them first", opt.Shard, opt.Shards, opt.Pieces, n, dir, err)
				}
			}
		}
	}
	for n := from; n <= opt.Pieces; n++ {
		exits := newExitTables(dir, opt.QuietPlyLimit)
		for j, first := range pairsOf(n) {
			if opt.Shards > 0 && j%opt.Shards != opt.Shard {
				continue
			}
			p := newPair(first)
			done := true
			for _, c := range p.classes {
				err := checkTable(dir, c, opt.QuietPlyLimit)
				if err != nil && !errors.Is(err, os.ErrNotExist) && opt.Log != nil {
					opt.Log(fmt.Sprintf("%s cannot be used, made again: %v", fileName(c, opt.QuietPlyLimit), err))
				}
				done = done && err == nil
			}
			if done {
				continue
			}
			start := time.Now()
			if err := makePair(ctx, dir, p, opt.QuietPlyLimit, exits, workers); err != nil {
				return err
			}
			if opt.Log != nil {
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				opt.Log(fmt.Sprintf("%s: %d positions (%d entries) in %.1fs (heap %d MiB)", pairName(p, opt.QuietPlyLimit), p.placements(), p.total, time.Since(start).Seconds(), ms.HeapSys>>20))
			}
		}
	}
	return nil
}

// pairName names a pair's files.
func pairName(p pair, limit int) string {
	name := fileName(p.classes[0], limit)
	if len(p.classes) > 1 {
		name += " and " + fileName(p.classes[1], limit)
	}
	return name
}

// classesOf returns the classes of n pieces in all.
func classesOf(n int) []class {
	var cs []class
	for m := n - 1; m >= 1; m-- {
		cs = append(cs, class{m, n - m})
	}
	return cs
}

// pairsOf returns the first class of each pair of n pieces, the mover
// with more pieces first: the order shards split them in.
func pairsOf(n int) []class {
	var cs []class
	for m := n - 1; m >= n-m; m-- {
		cs = append(cs, class{m, n - m})
	}
	return cs
}

// present returns nil when dir holds the table of c with a sound
// header, else what is wrong.
func present(dir string, c class, limit int) error {
	f, _, err := openTable(filepath.Join(dir, fileName(c, limit)), c, limit)
	if err != nil {
		return err
	}
	return f.Close()
}

// checkTable reads the whole table of c in dir, every block, and returns
// nil when it is sound, an error wrapping os.ErrNotExist when it is not
// there, and else what is wrong with it.
func checkTable(dir string, c class, limit int) error {
	f, h, err := openTable(filepath.Join(dir, fileName(c, limit)), c, limit)
	if err != nil {
		return err
	}
	defer f.Close()
	for b := range uint64(len(h.checksums)) {
		if _, err := h.readBlock(f, b); err != nil {
			return fmt.Errorf("%s: %w", f.Name(), err)
		}
	}
	return nil
}

// makePair solves the pair and writes its tables.
func makePair(ctx context.Context, dir string, p pair, limit int, exits *exitTables, workers int) error {
	for _, c := range p.classes {
		if c.other > 1 {
			if err := exits.load(class{c.other - 1, c.mover}); err != nil {
				return err
			}
		}
	}
	data, err := solvePair(ctx, p, limit, exits.lookup, workers)
	if err != nil {
		return err
	}
	for k, c := range p.classes {
		if err := writeTable(dir, c, limit, data[k]); err != nil {
			return err
		}
	}
	return nil
}

// solvePair solves the pair under limit (0: capture-all), the captures
// looked up by exit, and returns the entries of each of its classes as
// its table holds them.
func solvePair(ctx context.Context, p pair, limit int, exit exitFunc, workers int) ([][]byte, error) {
	out := make([][]byte, len(p.classes))
	if limit == 0 {
		tables, err := solveAll(ctx, p, exit, workers)
		if err != nil {
			return nil, err
		}
		for k := range p.classes {
			out[k] = make([]byte, 2*len(tables[k]))
			for i, e := range tables[k] {
				binary.LittleEndian.PutUint16(out[k][2*i:], e)
			}
		}
		return out, nil
	}
	lo, hi, err := solveQuiet(ctx, p, limit, exit, workers)
	if err != nil {
		return nil, err
	}
	for k, c := range p.classes {
		out[k] = make([]byte, p.ix.size(c)*quietEntryBytes)
		for i := range p.ix.size(c) {
			g := p.offsets[k] + i
			binary.LittleEndian.PutUint16(out[k][i*quietEntryBytes:], lo[g])
			binary.LittleEndian.PutUint16(out[k][i*quietEntryBytes+2:], hi[g])
		}
	}
	return out, nil
}

// exitCode returns what a capture into the position of class c whose
// entry is entry is worth to retrograde (exitFunc): under capture-all the
// entry's code, under a quiet-ply limit its result with the whole limit
// left (a capture resets the count), as a code at distance 0.
func exitCode(entry []byte, c class, limit int) uint16 {
	if limit == 0 {
		return binary.LittleEndian.Uint16(entry)
	}
	v, _ := decodeQuiet(entry, c, limit)
	return uint16(v)
}

// exitTables are the smaller tables a pair's captures lead to, read
// whole into memory: under capture-all each position's code, under a
// quiet-ply limit its result with the whole limit left (a capture resets
// the count), as a code at distance 0.
type exitTables struct {
	dir    string
	limit  int
	tables map[class][]uint16
}

func newExitTables(dir string, limit int) *exitTables {
	return &exitTables{dir: dir, limit: limit, tables: map[class][]uint16{}}
}

func (e *exitTables) lookup(c class, i uint64) uint16 { return e.tables[c][i] }

// load reads the table of c, once.
func (e *exitTables) load(c class) error {
	if e.tables[c] != nil {
		return nil
	}
	f, h, err := openTable(filepath.Join(e.dir, fileName(c, e.limit)), c, e.limit)
	if err != nil {
		return err
	}
	defer f.Close()
	t := make([]uint16, h.positions)
	for b := range uint64(len(h.checksums)) {
		data, err := h.readBlock(f, b)
		if err != nil {
			return fmt.Errorf("%s: %w", f.Name(), err)
		}
		first := b * uint64(h.perBlock)
		for j := range uint64(len(data) / h.entryBytes) {
			t[first+j] = exitCode(data[j*uint64(h.entryBytes):], c, e.limit)
		}
	}
	e.tables[c] = t
	return nil
}
