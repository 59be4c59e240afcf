package tablebase

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta/internal/atomicfile"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// The file format, version 3. All numbers are little-endian.
//
//	magic        [4]byte "SKTB"
//	version      uint16  3
//	kind         uint8   1 capture-all, 2 quiet-ply limit
//	mover, other uint8   the class
//	limit        uint16  the quiet-ply limit (0 for capture-all)
//	entries      uint64  the class's entries (indexing)
//	perBlock     uint32  entries a block
//	blocks       uint32
//	offsets      [blocks+1]uint64  where each block starts, from the end of the header
//	checksums    [blocks]uint32    CRC-32 (IEEE) of each block's bytes, as stored
//	headerCRC    uint32  CRC-32 of everything above
//	the blocks, each its entries compressed with DEFLATE
//
// A capture-all entry is two bytes: the plies to the end above the result
// (the low two bits: 1 win, 2 loss, 3 draw). A quiet-ply entry is four
// bytes, two thresholds lo and hi, a uint16 each (1 to limit + 1, the
// limit + 1 meaning never), from which the result for every number r of
// quiet plies left follows: with as many pieces on each side, a win for
// r ≥ lo, a loss for r ≥ hi, else a draw; with unequal material, the
// piece count's result (the side ahead wins) for r < lo, a draw for
// lo ≤ r < hi, the side behind's win for r ≥ hi (docs/tablebases.md).
//
// The entries are the positions the canonical indexing keeps, one of
// each orbit under the eight symmetries of the board, in its order.
//
// Version 2 (an older release) had an entry for every placement, in the
// order of placements. Version 1 (older still) differed from 2 in the
// quiet-ply entry alone: the result for each r, two bits each. Their
// files, of both kinds, are refused as older versions: they are to be
// made again.
const (
	magic       = "SKTB"
	version     = 3
	kindAll     = 1
	kindQuiet   = 2
	fixedHeader = 4 + 2 + 1 + 1 + 1 + 2 + 8 + 4 + 4
	// perBlock is the entries of a block, the writer's and the only
	// one a reader takes: so the header of a class's file, which the
	// reader reads whole, is as long as the class's entries need (0.8 MB
	// for the largest class of 8 pieces), whatever the file claims.
	perBlock = 4096
)

// maxPacked returns the most bytes a block of raw bytes of entries may
// take compressed: what DEFLATE makes of raw bytes it cannot compress,
// stored as they are with a 5-byte header every at most 65,535 bytes
// (Go's writer ends one every 16,384), with room to spare. A reader
// refuses a block claiming more before reading it, so that a header,
// even one whose checksum is right, cannot make it allocate or read more
// than that: 18 KB for the largest entries, the quiet-ply ones.
func maxPacked(raw uint64) uint64 {
	return raw + raw/8 + 64
}

// ErrCorrupt is the error of a table file that is damaged: its checksums
// do not match, or it is cut short.
var ErrCorrupt = errors.New("tablebase: damaged table file")

// ErrMismatch is the error of a table file that is not the table asked
// for: another version, rule set or class.
var ErrMismatch = errors.New("tablebase: table file does not match")

// header is a table file's header.
type header struct {
	kind       uint8
	c          class
	limit      int
	positions  uint64
	perBlock   uint32
	offsets    []uint64
	checksums  []uint32
	size       int64 // the header's size: where the blocks start
	entryBytes int
}

// fileName returns the name of the file of class c under a quiet-ply
// limit (0: capture-all), such as "3v2-all.sktb" or "3v2-q50.sktb".
func fileName(c class, limit int) string {
	rules := "all"
	if limit > 0 {
		rules = fmt.Sprintf("q%d", limit)
	}
	return fmt.Sprintf("%dv%d-%s.sktb", c.mover, c.other, rules)
}

// entryBytes returns the size of an entry under limit.
func entryBytes(limit int) int {
	if limit == 0 {
		return 2
	}
	return quietEntryBytes
}

// writeTable writes the table of class c, whose entries (already
// encoded, entryBytes each) are data, to dir, through a temporary file
// renamed at the end: a killed generation leaves no partial table, and
// its temporary file is removed by the next generator's removeStale.
func writeTable(dir string, c class, limit int, data []byte) error {
	eb := entryBytes(limit)
	n := canonical.size(c)
	if uint64(len(data)) != n*uint64(eb) {
		return fmt.Errorf("tablebase: %v: %d bytes of entries for %d positions", c, len(data), n)
	}
	blocks := (n + perBlock - 1) / perBlock
	var body bytes.Buffer
	offsets := make([]uint64, 0, blocks+1)
	checksums := make([]uint32, 0, blocks)
	zw, _ := flate.NewWriter(&body, flate.DefaultCompression)
	for b := range blocks {
		offsets = append(offsets, uint64(body.Len()))
		raw := data[b*perBlock*uint64(eb) : min((b+1)*perBlock, n)*uint64(eb)]
		start := body.Len()
		zw.Reset(&body)
		zw.Write(raw)
		if err := zw.Close(); err != nil {
			return err
		}
		checksums = append(checksums, crc32.ChecksumIEEE(body.Bytes()[start:]))
	}
	offsets = append(offsets, uint64(body.Len()))
	head := make([]byte, 0, fixedHeader+8*len(offsets)+4*len(checksums)+4)
	head = append(head, magic...)
	head = binary.LittleEndian.AppendUint16(head, version)
	kind := uint8(kindAll)
	if limit > 0 {
		kind = kindQuiet
	}
	head = append(head, kind, uint8(c.mover), uint8(c.other))
	head = binary.LittleEndian.AppendUint16(head, uint16(limit))
	head = binary.LittleEndian.AppendUint64(head, n)
	head = binary.LittleEndian.AppendUint32(head, perBlock)
	head = binary.LittleEndian.AppendUint32(head, uint32(blocks))
	for _, o := range offsets {
		head = binary.LittleEndian.AppendUint64(head, o)
	}
	for _, s := range checksums {
		head = binary.LittleEndian.AppendUint32(head, s)
	}
	head = binary.LittleEndian.AppendUint32(head, crc32.ChecksumIEEE(head))

	f, err := atomicfile.CreateTemp(dir, fileName(c, limit), 0o600)
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	defer f.Close()
	if _, err := f.Write(head); err != nil {
		return err
	}
	if _, err := f.Write(body.Bytes()); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	return atomicfile.Commit(f, filepath.Join(dir, fileName(c, limit)))
}

// tempName matches the names of the temporary files writeTable writes,
// as atomicfile.CreateTemp makes them from a table's name:
// "1v1-all.sktb.tmp" and a random number.
var tempName = regexp.MustCompile(`^[1-9]v[1-9]-(all|q[1-9][0-9]*)\.sktb\.tmp[0-9]+$`)

// removeStale removes the temporary files that the writeTable of a
// killed generator left in dir (atomicfile.RemoveStale), telling log
// (when not nil) of each: the files named as tempName says, not locked
// by a generator at work, however recently written. Where there is no
// flock the time alone decides: the files last written a minute or more
// before start (when the generator calling it started).
func removeStale(dir string, start time.Time, log func(string)) error {
	return atomicfile.RemoveStale(dir, tempName.MatchString, start, func(file string, err error) {
		switch {
		case log == nil:
		case err == nil:
			log(fmt.Sprintf("removed %s, left by a generator that was stopped while writing it", file))
		default:
			log(fmt.Sprintf("could not remove %s, left by a generator that was stopped: %v", file, err))
		}
	})
}

// openTable opens the file name, the table of class c under limit, and
// reads its header. It opens regular files only (following symbolic
// links), and without waiting: a named pipe or a device under a table's
// name is refused at once, never read, so that it cannot block the
// caller. A file that is not there gives an error wrapping
// os.ErrNotExist; a damaged or mismatched one an error naming the file.
func openTable(name string, c class, limit int) (*os.File, *header, error) {
	f, err := regularfile.Open(name)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	h, err := readHeader(f, info.Size(), c, limit)
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	return f, h, nil
}

// readHeader reads and checks the header of a table file of size bytes:
// the table of class c under limit. Checking its entries makes the index
// of c's entries (leadSets, once a process), so that Open, not the first
// probe, pays for it.
func readHeader(r io.ReaderAt, size int64, c class, limit int) (*header, error) {
	fixed := make([]byte, fixedHeader)
	if _, err := r.ReadAt(fixed, 0); err != nil {
		return nil, fmt.Errorf("%w: the header: %v", ErrCorrupt, err)
	}
	le := binary.LittleEndian
	if string(fixed[:4]) != magic {
		return nil, fmt.Errorf("%w: not a table file", ErrMismatch)
	}
	switch v := le.Uint16(fixed[4:]); {
	case v == 1 || v == 2:
		return nil, fmt.Errorf("%w: version %d, made by an older release of this package: the table must be made again (Generate, surakarta-tb generate)", ErrMismatch, v)
	case v != version:
		return nil, fmt.Errorf("%w: version %d, want %d", ErrMismatch, v, version)
	}
	h := &header{kind: fixed[6], c: class{int(fixed[7]), int(fixed[8])}, limit: int(le.Uint16(fixed[9:])),
		positions: le.Uint64(fixed[11:]), perBlock: le.Uint32(fixed[19:])}
	blocks := uint64(le.Uint32(fixed[23:]))
	wantKind := uint8(kindAll)
	if limit > 0 {
		wantKind = kindQuiet
	}
	switch {
	case h.kind != wantKind || h.limit != limit:
		return nil, fmt.Errorf("%w: kind %d with quiet-ply limit %d, want kind %d with %d", ErrMismatch, h.kind, h.limit, wantKind, limit)
	case h.c != c:
		return nil, fmt.Errorf("%w: class %dv%d, want %dv%d", ErrMismatch, h.c.mover, h.c.other, c.mover, c.other)
	case h.positions != canonical.size(c):
		return nil, fmt.Errorf("%w: %d entries, want %d", ErrCorrupt, h.positions, canonical.size(c))
	case h.perBlock != perBlock:
		return nil, fmt.Errorf("%w: blocks of %d positions, want %d", ErrCorrupt, h.perBlock, perBlock)
	case blocks != (h.positions+perBlock-1)/perBlock:
		return nil, fmt.Errorf("%w: %d blocks of %d positions for %d", ErrCorrupt, blocks, h.perBlock, h.positions)
	}
	h.size = fixedHeader + int64(blocks+1)*8 + int64(blocks)*4 + 4
	if h.size > size {
		return nil, fmt.Errorf("%w: %d bytes, shorter than its header", ErrCorrupt, size)
	}
	rest := make([]byte, h.size-fixedHeader)
	if _, err := r.ReadAt(rest, fixedHeader); err != nil {
		return nil, fmt.Errorf("%w: the header: %v", ErrCorrupt, err)
	}
	sum := crc32.Update(crc32.ChecksumIEEE(fixed), crc32.IEEETable, rest[:len(rest)-4])
	if sum != le.Uint32(rest[len(rest)-4:]) {
		return nil, fmt.Errorf("%w: the header's checksum", ErrCorrupt)
	}
	h.entryBytes = entryBytes(limit)
	h.offsets = make([]uint64, blocks+1)
	for i := range h.offsets {
		h.offsets[i] = le.Uint64(rest[8*i:])
		if (i > 0 && h.offsets[i] < h.offsets[i-1]) || h.offsets[i] > uint64(size-h.size) {
			return nil, fmt.Errorf("%w: block offsets", ErrCorrupt)
		}
		if b := uint64(i - 1); i > 0 && h.offsets[i]-h.offsets[b] > maxPacked(h.rawBytes(b)) {
			return nil, fmt.Errorf("%w: block %d of %d bytes, more than its %d bytes of entries can take compressed", ErrCorrupt, b, h.offsets[i]-h.offsets[b], h.rawBytes(b))
		}
	}
	if h.offsets[0] != 0 || h.offsets[blocks] != uint64(size-h.size) {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrCorrupt, size, uint64(h.size)+h.offsets[blocks])
	}
	base := 8 * int(blocks+1)
	h.checksums = make([]uint32, blocks)
	for i := range h.checksums {
		h.checksums[i] = le.Uint32(rest[base+4*i:])
	}
	return h, nil
}

// inflaters keeps DEFLATE readers for reuse: a new one allocates about
// 40 KB of state, which a probe that reads a block would otherwise pay
// each time (BenchmarkProbe).
var inflaters sync.Pool

// inflater returns a DEFLATE reader of r, reused from inflaters when one
// is there; readBlock gives it back.
func inflater(r io.Reader) io.ReadCloser {
	if zr, ok := inflaters.Get().(io.ReadCloser); ok {
		if err := zr.(flate.Resetter).Reset(r, nil); err == nil {
			return zr
		}
	}
	return flate.NewReader(r)
}

// rawBytes returns the bytes of the entries of block b.
func (h *header) rawBytes(b uint64) uint64 {
	return (min((b+1)*uint64(h.perBlock), h.positions) - b*uint64(h.perBlock)) * uint64(h.entryBytes)
}

// readBlock reads and checks block b.
func (h *header) readBlock(r io.ReaderAt, b uint64) ([]byte, error) {
	packed := make([]byte, h.offsets[b+1]-h.offsets[b])
	if _, err := r.ReadAt(packed, h.size+int64(h.offsets[b])); err != nil {
		return nil, fmt.Errorf("%w: block %d: %v", ErrCorrupt, b, err)
	}
	// The checksum is of the bytes as stored, so that every change is
	// caught, even to bits DEFLATE ignores.
	if crc32.ChecksumIEEE(packed) != h.checksums[b] {
		return nil, fmt.Errorf("%w: block %d's checksum", ErrCorrupt, b)
	}
	raw := make([]byte, h.rawBytes(b))
	br := bytes.NewReader(packed)
	zr := inflater(br)
	defer inflaters.Put(zr)
	if _, err := io.ReadFull(zr, raw); err != nil {
		return nil, fmt.Errorf("%w: block %d: %v", ErrCorrupt, b, err)
	}
	// The stream must end cleanly right after the entries, at the end of
	// the block's bytes: else a damaged end (or a block marked last too
	// early, leaving bytes unread) would pass, the checksum seeing the
	// same entries.
	var one [1]byte
	switch _, err := io.ReadFull(zr, one[:]); {
	case err == nil:
		return nil, fmt.Errorf("%w: block %d is longer than its entries", ErrCorrupt, b)
	case err != io.EOF:
		return nil, fmt.Errorf("%w: block %d's end: %v", ErrCorrupt, b, err)
	case br.Len() != 0:
		return nil, fmt.Errorf("%w: block %d ends %d bytes early", ErrCorrupt, b, br.Len())
	}
	return raw, nil
}
