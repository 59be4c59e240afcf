package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// The file format, version 1 (docs/book.md). All numbers are
// little-endian.
//
//	magic    [8]byte "SKBOOK\r\n"
//	version  uint16  1
//	plies    uint8   1 to MaxPlies
//	reserved uint8   0
//	games    uint32  the games the book was built from
//	entries  uint32  the number of entries, at most MaxEntries
//	checksum uint32  CRC-32 (IEEE) of the 20 bytes above and every entry
//	entries  [entries]entry, sorted by hash, from, to, no key twice
//
// An entry is EntryBytes bytes:
//
//	hash   uint64  the Zobrist hash of the position (Position.Hash)
//	from   uint8   the square the move leaves, 0 (a1) to 35 (f6)
//	to     uint8   the square it goes to, another one
//	wins   uint32  the games that played it and that its mover won
//	draws  uint32  … drew
//	losses uint32  … lost; the three add up to 1 to 2³²−1
//
// and nothing follows the last.
const (
	magic   = "SKBOOK\r\n"
	version = 1
	// HeaderBytes is the size of a book file's header.
	HeaderBytes = 8 + 2 + 1 + 1 + 4 + 4 + 4
	// EntryBytes is the size of a book file's entry: one move of one
	// position.
	EntryBytes = 8 + 1 + 1 + 4 + 4 + 4
	// MaxEntries is the most entries a book file may hold, so that a
	// reader never needs more than MaxEntries × EntryBytes bytes (1.4
	// GiB) and a crafted header cannot make it try.
	MaxEntries = 1 << 26
)

// WriteTo writes b as a book file to w and returns the bytes written.
// A book of no plies (the zero Book, or nil) is an error wrapping
// ErrInvalidBook, and so is a nil w; then nothing is written.
func (b *Book) WriteTo(w io.Writer) (int64, error) {
	switch {
	case b == nil:
		return 0, fmt.Errorf("%w: no book (nil) to write", ErrInvalidBook)
	case w == nil:
		return 0, fmt.Errorf("%w: no writer (nil) to write the book to", ErrInvalidBook)
	}
	if b.plies < 1 || b.plies > MaxPlies {
		return 0, fmt.Errorf("%w: %d plies: want 1 to %d", ErrInvalidBook, b.plies, MaxPlies)
	}
	if len(b.entries) > MaxEntries {
		return 0, fmt.Errorf("%w: %d entries, more than a file holds (%d)", ErrInvalidBook, len(b.entries), MaxEntries)
	}
	body := make([]byte, 0, len(b.entries)*EntryBytes)
	for _, e := range b.entries {
		body = binary.LittleEndian.AppendUint64(body, e.hash)
		body = append(body, byte(e.from), byte(e.to))
		body = binary.LittleEndian.AppendUint32(body, e.wins)
		body = binary.LittleEndian.AppendUint32(body, e.draws)
		body = binary.LittleEndian.AppendUint32(body, e.losses)
	}
	head := b.header()
	sum := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, body)
	head = binary.LittleEndian.AppendUint32(head, sum)
	n, err := w.Write(head)
	if err != nil {
		return int64(n), err
	}
	m, err := w.Write(body)
	return int64(n + m), err
}

// header returns the header's bytes before the checksum.
func (b *Book) header() []byte {
	head := append(make([]byte, 0, HeaderBytes), magic...)
	head = binary.LittleEndian.AppendUint16(head, version)
	head = append(head, byte(b.plies), 0)
	head = binary.LittleEndian.AppendUint32(head, b.games)
	return binary.LittleEndian.AppendUint32(head, uint32(len(b.entries)))
}

// MarshalBinary returns b as a book file.
func (b *Book) MarshalBinary() ([]byte, error) {
	var buf bytes.Buffer
	_, err := b.WriteTo(&buf)
	return buf.Bytes(), err
}

// Read reads a book file from r, to its end, and checks all of it: the
// magic, the version, the header's fields, the length, the checksum,
// and every entry (squares of the board, two different ones, a count of
// at least 1 that fits 32 bits, the order). A file that is not a book,
// of another version, truncated, longer than its header says or damaged
// gives an error wrapping ErrInvalidBook that says which, and so does a
// nil r; an error of r is returned wrapped. It allocates no more than the
// file's own size, whatever its header says.
func Read(r io.Reader) (*Book, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: no reader (nil) to read a book from", ErrInvalidBook)
	}
	head := make([]byte, HeaderBytes)
	if n, err := io.ReadFull(r, head); err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			if n >= len(magic) && string(head[:len(magic)]) != magic || n < len(magic) && !bytes.HasPrefix([]byte(magic), head[:n]) {
				return nil, fmt.Errorf("%w: not a book file (it does not start with %q)", ErrInvalidBook, magic)
			}
			return nil, fmt.Errorf("%w: truncated: %d bytes, shorter than the header (%d)", ErrInvalidBook, n, HeaderBytes)
		}
		return nil, fmt.Errorf("book: reading: %w", err)
	}
	if string(head[:len(magic)]) != magic {
		return nil, fmt.Errorf("%w: not a book file (it does not start with %q)", ErrInvalidBook, magic)
	}
	if v := binary.LittleEndian.Uint16(head[8:]); v != version {
		return nil, fmt.Errorf("%w: version %d: this reader reads version %d", ErrInvalidBook, v, version)
	}
	plies, reserved := int(head[10]), head[11]
	games := binary.LittleEndian.Uint32(head[12:])
	count := binary.LittleEndian.Uint32(head[16:])
	sum := binary.LittleEndian.Uint32(head[20:])
	switch {
	case plies < 1:
		return nil, fmt.Errorf("%w: 0 plies: want 1 to %d", ErrInvalidBook, MaxPlies)
	case reserved != 0:
		return nil, fmt.Errorf("%w: the reserved byte 11 is %d, not 0", ErrInvalidBook, reserved)
	case count > MaxEntries:
		return nil, fmt.Errorf("%w: %d entries, more than a book file holds (%d)", ErrInvalidBook, count, MaxEntries)
	}
	want := int64(count) * EntryBytes
	// ReadAll grows its buffer with what it reads, so a header that
	// claims more entries than the file has allocates nothing for them.
	body, err := io.ReadAll(io.LimitReader(r, want+1))
	if err != nil {
		return nil, fmt.Errorf("book: reading: %w", err)
	}
	switch {
	case int64(len(body)) < want:
		return nil, fmt.Errorf("%w: truncated: the header says %d entries (%d bytes after the header), the file has %d bytes after it", ErrInvalidBook, count, want, len(body))
	case int64(len(body)) > want:
		return nil, fmt.Errorf("%w: bytes after the last of its %d entries", ErrInvalidBook, count)
	}
	if got := crc32.Update(crc32.ChecksumIEEE(head[:20]), crc32.IEEETable, body); got != sum {
		return nil, fmt.Errorf("%w: damaged: checksum %08x, the header says %08x", ErrInvalidBook, got, sum)
	}
	b := &Book{plies: plies, games: games, entries: make([]entry, count)}
	for i := range b.entries {
		raw := body[i*EntryBytes : (i+1)*EntryBytes]
		e := entry{
			hash: binary.LittleEndian.Uint64(raw),
			from: surakarta.Square(raw[8]), to: surakarta.Square(raw[9]),
			wins: binary.LittleEndian.Uint32(raw[10:]), draws: binary.LittleEndian.Uint32(raw[14:]), losses: binary.LittleEndian.Uint32(raw[18:]),
		}
		switch {
		case !e.from.Valid() || !e.to.Valid() || e.from == e.to:
			return nil, fmt.Errorf("%w: entry %d: squares %d and %d: want two different squares 0 to %d", ErrInvalidBook, i, raw[8], raw[9], surakarta.NumSquares-1)
		case e.count() == 0:
			return nil, fmt.Errorf("%w: entry %d: a move played 0 times", ErrInvalidBook, i)
		case e.count() > 1<<32-1:
			return nil, fmt.Errorf("%w: entry %d: a move played %d times, more than 32 bits hold", ErrInvalidBook, i, e.count())
		case i > 0 && compareEntries(b.entries[i-1], e) >= 0:
			return nil, fmt.Errorf("%w: entry %d: out of order or twice", ErrInvalidBook, i)
		}
		b.entries[i] = e
	}
	return b, nil
}

// UnmarshalBinary reads a book file from data into b, as Read does. A
// nil b, which has nowhere to put it, is an error wrapping
// ErrInvalidBook.
func (b *Book) UnmarshalBinary(data []byte) error {
	if b == nil {
		return fmt.Errorf("%w: UnmarshalBinary into a nil *Book", ErrInvalidBook)
	}
	read, err := Read(bytes.NewReader(data))
	if err != nil {
		return err
	}
	*b = *read
	return nil
}

// ReadFile reads the book file name, as Read does. It opens only a
// regular file, so that a named pipe or a device given by mistake is an
// error rather than a read that never ends.
func ReadFile(name string) (*Book, error) {
	f, err := regularfile.Open(name)
	if err != nil {
		return nil, fmt.Errorf("book: %w", err)
	}
	defer f.Close()
	b, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}
