package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
)

// TestFileBytes: a book of one move, written out, is the bytes
// docs/book.md describes, put together here field by field.
func TestFileBytes(t *testing.T) {
	book := build(t, 1, game(t, "", "1-0", "b2b3"), game(t, "", "1/2-1/2", "b2b3"))
	got, err := book.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	want := []byte("SKBOOK\r\n")
	want = append(want, 1, 0)                   // version 1
	want = append(want, 1, 0)                   // 1 ply, reserved
	want = append(want, 2, 0, 0, 0, 1, 0, 0, 0) // 2 games, 1 entry
	var e []byte
	e = binary.LittleEndian.AppendUint64(e, surakarta.NewPosition().Hash())
	e = append(e, 7, 13)      // b2, b3
	e = append(e, 1, 0, 0, 0) // 1 win
	e = append(e, 1, 0, 0, 0) // 1 draw
	e = append(e, 0, 0, 0, 0) // no loss
	want = binary.LittleEndian.AppendUint32(want, crc32.ChecksumIEEE(append(append([]byte(nil), want...), e...)))
	want = append(want, e...)
	if !bytes.Equal(got, want) {
		t.Errorf("got\n% x\nwant\n% x", got, want)
	}
	if len(got) != HeaderBytes+EntryBytes || HeaderBytes != 24 || EntryBytes != 22 {
		t.Errorf("%d bytes, header %d, entry %d; want 46, 24, 22", len(got), HeaderBytes, EntryBytes)
	}
}

// TestRoundTrip: a book read back is the book written.
func TestRoundTrip(t *testing.T) {
	book := build(t, DefaultPlies, testGames(t)...)
	var buf bytes.Buffer
	n, err := book.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) || n != HeaderBytes+6*EntryBytes {
		t.Fatalf("WriteTo: %d, %v (buffer %d)", n, err, buf.Len())
	}
	read, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(book, read, cmp.AllowUnexported(Book{}, entry{})); diff != "" {
		t.Errorf("(-written +read):\n%s", diff)
	}
}

// sealed returns the file of head (the header without its checksum) and
// the entries' bytes, with a true checksum: damage the checksum does not
// show, for the checks of the fields.
func sealed(head, body []byte) []byte {
	sum := crc32.Update(crc32.ChecksumIEEE(head), crc32.IEEETable, body)
	return append(binary.LittleEndian.AppendUint32(append([]byte(nil), head...), sum), body...)
}

// rawEntry is an entry's bytes.
func rawEntry(hash uint64, from, to byte, wins, draws, losses uint32) []byte {
	b := binary.LittleEndian.AppendUint64(nil, hash)
	b = append(b, from, to)
	b = binary.LittleEndian.AppendUint32(b, wins)
	b = binary.LittleEndian.AppendUint32(b, draws)
	return binary.LittleEndian.AppendUint32(b, losses)
}

// rawHeader is a header's bytes before the checksum.
func rawHeader(version uint16, plies, reserved byte, games, entries uint32) []byte {
	b := binary.LittleEndian.AppendUint16([]byte("SKBOOK\r\n"), version)
	b = append(b, plies, reserved)
	b = binary.LittleEndian.AppendUint32(b, games)
	return binary.LittleEndian.AppendUint32(b, entries)
}

// TestReadErrors: every kind of damage is an error wrapping
// ErrInvalidBook. Each file is made to fail one check, and the test wants
// that check's key word in the message, so that a file refused by another
// check (a checksum every file fails) fails the test; the rest of the
// message may be reworded.
func TestReadErrors(t *testing.T) {
	good := rawEntry(5, 7, 13, 1, 0, 0)
	for _, tc := range []struct {
		name, want string
		data       []byte
	}{
		{"empty", "truncated: 0 bytes", nil},
		{"short magic", "truncated: 4 bytes", []byte("SKBO")},
		{"other file", "not a book file", []byte("PK\x03\x04 and more bytes than a header has")},
		{"other short file", "not a book file", []byte("{}")},
		{"header cut", "truncated: 20 bytes", rawHeader(1, 12, 0, 1, 1)},
		{"version 2", "version 2", sealed(rawHeader(2, 12, 0, 1, 1), good)},
		{"0 plies", "0 plies", sealed(rawHeader(1, 0, 0, 1, 1), good)},
		{"reserved", "reserved", sealed(rawHeader(1, 12, 7, 1, 1), good)},
		{"too many entries", "4294967295 entries", sealed(rawHeader(1, 12, 0, 1, 1<<32-1), good)},
		{"entries cut", "the header says 2 entries", sealed(rawHeader(1, 12, 0, 1, 2), good)},
		{"entry cut", "the header says 1 entries", sealed(rawHeader(1, 12, 0, 1, 1), good[:21])},
		{"trailing bytes", "bytes after", sealed(rawHeader(1, 12, 0, 1, 1), append(append([]byte(nil), good...), 0))},
		{"checksum", "checksum", func() []byte { d := sealed(rawHeader(1, 12, 0, 1, 1), good); d[30]++; return d }()},
		{"square off the board", "squares", sealed(rawHeader(1, 12, 0, 1, 1), rawEntry(5, 7, 36, 1, 0, 0))},
		{"one square", "squares", sealed(rawHeader(1, 12, 0, 1, 1), rawEntry(5, 7, 7, 1, 0, 0))},
		{"played 0 times", "0 times", sealed(rawHeader(1, 12, 0, 1, 1), rawEntry(5, 7, 13, 0, 0, 0))},
		{"count past 32 bits", "4294967296 times", sealed(rawHeader(1, 12, 0, 1, 1), rawEntry(5, 7, 13, 1<<32-1, 1, 0))},
		{"out of order", "out of order", sealed(rawHeader(1, 12, 0, 1, 2), append(rawEntry(6, 7, 13, 1, 0, 0), good...))},
		{"twice", "out of order", sealed(rawHeader(1, 12, 0, 1, 2), append(append([]byte(nil), good...), good...))},
	} {
		_, err := Read(bytes.NewReader(tc.data))
		if !errors.Is(err, ErrInvalidBook) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want ErrInvalidBook that says %q", tc.name, err, tc.want)
		}
	}
}

// TestReadEveryDamage: every truncation and every change of one byte of
// a real book is refused.
func TestReadEveryDamage(t *testing.T) {
	data, err := build(t, DefaultPlies, testGames(t)...).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		if _, err := Read(bytes.NewReader(data[:n])); !errors.Is(err, ErrInvalidBook) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	for i := range data {
		for _, delta := range []byte{1, 0x80} {
			d := bytes.Clone(data)
			d[i] += delta
			if _, err := Read(bytes.NewReader(d)); !errors.Is(err, ErrInvalidBook) {
				t.Fatalf("byte %d changed by %d: %v", i, delta, err)
			}
		}
	}
}

// TestReadBoundedAllocation: a header that claims the most entries, on a
// file of a few bytes, makes the reader allocate a few bytes, not the
// gigabyte the entries would need.
func TestReadBoundedAllocation(t *testing.T) {
	data := sealed(rawHeader(1, 12, 0, 1, MaxEntries), rawEntry(5, 7, 13, 1, 0, 0))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Read(bytes.NewReader(data))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrInvalidBook) {
		t.Fatal(err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("reading a %d-byte file allocated %d bytes", len(data), grew)
	}
}

// failingReader fails after its bytes.
type failingReader struct{ data []byte }

func (r *failingReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.ErrClosedPipe
	}
	n := copy(p, r.data)
	r.data = r.data[n:]
	return n, nil
}

// TestReadReaderError: an error of the reader is passed on, not taken
// for a damaged file.
func TestReadReaderError(t *testing.T) {
	data, _ := build(t, 4, testGames(t)...).MarshalBinary()
	for _, n := range []int{0, 10, HeaderBytes + 3} {
		if _, err := Read(&failingReader{data[:n]}); !errors.Is(err, io.ErrClosedPipe) || errors.Is(err, ErrInvalidBook) {
			t.Errorf("after %d bytes: %v", n, err)
		}
	}
}

// TestWriteInvalid: a book of no plies (the zero Book) is not written.
func TestWriteInvalid(t *testing.T) {
	if _, err := new(Book).MarshalBinary(); !errors.Is(err, ErrInvalidBook) {
		t.Errorf("the zero Book: %v", err)
	}
}

// FuzzRead: whatever the bytes, Read returns a book or an error wrapping
// ErrInvalidBook, never panics, and a book it returns writes back to the
// same bytes.
func FuzzRead(f *testing.F) {
	data, err := build(f, DefaultPlies,
		game(f, "", "1-0", "b2b3", "e5e4", "a2a3"),
		game(f, "", "0-1", "b2b3", "e5e4", "c2c3")).MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:HeaderBytes])
	f.Add([]byte{})
	f.Add(sealed(rawHeader(1, 12, 0, 1, 1), rawEntry(5, 7, 13, 1, 0, 0)))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Read(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrInvalidBook) {
				t.Fatalf("%v, want ErrInvalidBook", err)
			}
			return
		}
		again, err := b.MarshalBinary()
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("written back: %v\n% x\nread\n% x", err, again, data)
		}
		b.Moves(surakarta.NewPosition())
	})
}
