package tablebase

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// readTable returns the file of class c under limit from the tests' tables.
func readTable(t testing.TB, c class, limit int) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(tablesDir(t, limit), fileName(c, limit)))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// decodeTable reads data as the table of class c under limit: the
// header, then every block, the first error wrapped as the reader wraps
// it.
func decodeTable(data []byte, c class, limit int) ([][]byte, error) {
	r := bytes.NewReader(data)
	h, err := readHeader(r, int64(len(data)), c, limit)
	if err != nil {
		return nil, err
	}
	var blocks [][]byte
	for b := range uint64(len(h.checksums)) {
		raw, err := h.readBlock(r, b)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, raw)
	}
	return blocks, nil
}

// classFieldsEnd is where the header's fields that name the table (magic,
// version, kind, class, limit) end: a change there is a mismatch, one
// elsewhere damage.
const classFieldsEnd = 4 + 2 + 1 + 1 + 1 + 2

// damageCases are the tables TestDamagedTables breaks: capture-all and
// quiet-ply ones, of one block and of several, and quiet-ply ones of
// each kind of class: as many pieces each side, the mover ahead, the
// mover behind.
var damageCases = []struct {
	c     class
	limit int
}{{class{1, 1}, 0}, {class{2, 1}, 0}, {class{1, 1}, testLimit}, {class{2, 1}, testLimit}, {class{1, 2}, testLimit}}

// TestDamagedTables: whatever byte of a table file is changed, reading the
// table fails with an error wrapping ErrMismatch (a change to the fields
// that name it) or ErrCorrupt (any other, the header's checksum or a
// block's catching it, even a bit DEFLATE ignores); it never panics.
func TestDamagedTables(t *testing.T) {
	for _, tc := range damageCases {
		data := readTable(t, tc.c, tc.limit)
		want, err := decodeTable(data, tc.c, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		for at := range data {
			flips := []byte{0x01, 0x80, 0xff}
			if testing.Short() {
				flips = flips[at%3 : at%3+1]
			}
			for _, flip := range flips {
				bad := bytes.Clone(data)
				bad[at] ^= flip
				got, err := decodeTable(bad, tc.c, tc.limit)
				switch {
				case err == nil:
					t.Fatalf("%s with byte %d ^ %#x: read without error (same entries: %v)", fileName(tc.c, tc.limit), at, flip, equalBlocks(got, want))
				case at < classFieldsEnd && !errors.Is(err, ErrMismatch):
					t.Fatalf("%s with byte %d ^ %#x: %v, want ErrMismatch", fileName(tc.c, tc.limit), at, flip, err)
				case at >= classFieldsEnd && !errors.Is(err, ErrCorrupt):
					t.Fatalf("%s with byte %d ^ %#x: %v, want ErrCorrupt", fileName(tc.c, tc.limit), at, flip, err)
				}
			}
		}
	}
}

// equalBlocks reports whether two tables read have the same entries.
func equalBlocks(a, b [][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !bytes.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TestTruncatedTables: a table file cut short anywhere fails to read with
// an error wrapping ErrCorrupt, and one with bytes added too.
func TestTruncatedTables(t *testing.T) {
	for _, tc := range damageCases {
		data := readTable(t, tc.c, tc.limit)
		for n := range len(data) {
			if _, err := decodeTable(data[:n], tc.c, tc.limit); !errors.Is(err, ErrCorrupt) {
				t.Fatalf("%s cut to %d bytes of %d: %v, want ErrCorrupt", fileName(tc.c, tc.limit), n, len(data), err)
			}
		}
		if _, err := decodeTable(append(bytes.Clone(data), 0), tc.c, tc.limit); !errors.Is(err, ErrCorrupt) {
			t.Fatalf("%s with a byte added: %v, want ErrCorrupt", fileName(tc.c, tc.limit), err)
		}
	}
}

// copyTables copies the named table files of the tests' tables under
// limit to a new directory, each under the name its pair gives.
func copyTables(t *testing.T, limit int, names map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for from, to := range names {
		data, err := os.ReadFile(filepath.Join(tablesDir(t, limit), from))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, to), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestOpenDamagedTables: through Open and Value, a damaged block is an
// error wrapping ErrCorrupt for the positions in it (and Probe reports
// them missing), a damaged header fails Open, and a file under another
// table's name fails Open with ErrMismatch.
func TestOpenDamagedTables(t *testing.T) {
	// A byte in the middle of the only block of 1v1.
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb"})
	name := filepath.Join(dir, "1v1-all.sktb")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)-len(data)/4] ^= 0x10
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tb, err := Open(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	p := positionOf(t, 1, 1<<35, surakarta.Black, 0)
	if v, err := tb.Value(p); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Value of %v in a damaged table: %+v, %v; want ErrCorrupt", p, v, err)
	}
	if v, ok := tb.Probe(p); ok {
		t.Errorf("Probe of %v in a damaged table: %+v, true", p, v)
	}

	// A damaged header.
	data[20] ^= 1
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, surakarta.Rules{}); !errors.Is(err, ErrCorrupt) {
		t.Errorf("Open with a damaged header: %v, want ErrCorrupt", err)
	}

	// Files under other tables' names.
	for _, tc := range []struct {
		limit    int
		from, to string
		rules    surakarta.Rules
	}{
		{0, "2v1-all.sktb", "1v2-all.sktb", surakarta.Rules{}},
		{0, "2v1-all.sktb", "3v1-all.sktb", surakarta.Rules{}},
		{0, "1v1-all.sktb", "1v1-q6.sktb", surakarta.Rules{QuietPlyLimit: 6}},
		{testLimit, "1v1-q6.sktb", "1v1-q8.sktb", surakarta.Rules{QuietPlyLimit: 8}},
		{testLimit, "1v1-q6.sktb", "1v1-all.sktb", surakarta.Rules{}},
		{testLimit, "2v2-q6.sktb", "3v1-q6.sktb", surakarta.Rules{QuietPlyLimit: 6}},
	} {
		dir := copyTables(t, tc.limit, map[string]string{tc.from: tc.to})
		if _, err := Open(dir, tc.rules); !errors.Is(err, ErrMismatch) {
			t.Errorf("%s named %s: Open: %v, want ErrMismatch", tc.from, tc.to, err)
		}
	}
}

// FuzzReadTable: arbitrary bytes read as a table never panic nor make the
// reader allocate more than the file and a block's entries, and fail with
// an error wrapping ErrCorrupt or ErrMismatch.
func FuzzReadTable(f *testing.F) {
	// Tables of 3 pieces in the fuzzer's own directory: each of its
	// processes makes them in milliseconds.
	dir := f.TempDir()
	for _, limit := range []int{0, testLimit} {
		if err := Generate(context.Background(), dir, Options{Pieces: 3, QuietPlyLimit: limit}); err != nil {
			f.Fatal(err)
		}
	}
	for i, tc := range damageCases {
		data, err := os.ReadFile(filepath.Join(dir, fileName(tc.c, tc.limit)))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, uint8(i))
	}
	f.Fuzz(func(t *testing.T, data []byte, which uint8) {
		tc := damageCases[int(which)%len(damageCases)]
		if _, err := decodeTable(data, tc.c, tc.limit); err != nil && !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrMismatch) {
			t.Fatalf("%v, want ErrCorrupt or ErrMismatch", err)
		}
	})
}

// TestBlockEnds: a block's compressed stream must end where its entries
// do and where the next block starts: a change to the bytes that close it
// (the empty last stored block the writer ends it with), or a first
// block marked last, so that what follows is left unread, is damage,
// though the entries read are the same.
func TestBlockEnds(t *testing.T) {
	for _, tc := range damageCases {
		data := readTable(t, tc.c, tc.limit)
		h, err := readHeader(bytes.NewReader(data), int64(len(data)), tc.c, tc.limit)
		if err != nil {
			t.Fatal(err)
		}
		for b := range len(h.checksums) {
			start, end := h.size+int64(h.offsets[b]), h.size+int64(h.offsets[b+1])
			cases := map[int64]byte{start: 1} // the first block's BFINAL bit
			for at := end - 4; at < end; at++ {
				cases[at] = 0xff
			}
			for at, flip := range cases {
				bad := bytes.Clone(data)
				bad[at] ^= flip
				if _, err := decodeTable(bad, tc.c, tc.limit); !errors.Is(err, ErrCorrupt) {
					t.Errorf("%s block %d, byte %d ^ %#x: %v, want ErrCorrupt", fileName(tc.c, tc.limit), b, at, flip, err)
				}
			}
		}
	}
}

// TestHostileHeader: a header whose checksum is right but which claims
// blocks so large that reading one would allocate hundreds of megabytes
// is damage, found before any block is read.
func TestHostileHeader(t *testing.T) {
	c, limit := class{4, 4}, maxLimit
	const per = 1 << 20
	blocks := (canonical.size(c) + per - 1) / per
	head := []byte(magic)
	head = binary.LittleEndian.AppendUint16(head, version)
	head = append(head, kindQuiet, uint8(c.mover), uint8(c.other))
	head = binary.LittleEndian.AppendUint16(head, uint16(limit))
	head = binary.LittleEndian.AppendUint64(head, canonical.size(c))
	head = binary.LittleEndian.AppendUint32(head, per)
	head = binary.LittleEndian.AppendUint32(head, uint32(blocks))
	for i := range blocks + 1 {
		head = binary.LittleEndian.AppendUint64(head, 16*i)
	}
	head = append(head, make([]byte, 4*blocks)...)
	head = binary.LittleEndian.AppendUint32(head, crc32.ChecksumIEEE(head))
	data := append(head, make([]byte, 16*blocks)...)
	if _, err := readHeader(bytes.NewReader(data), int64(len(data)), c, limit); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("a header of blocks of %d entries of %d bytes: %v, want ErrCorrupt", per, entryBytes(limit), err)
	}
}

// withVersion returns the table file data of class c under limit with
// its header's version set to v, the header's checksum made right.
func withVersion(t *testing.T, data []byte, c class, limit int, v uint16) []byte {
	t.Helper()
	h, err := readHeader(bytes.NewReader(data), int64(len(data)), c, limit)
	if err != nil {
		t.Fatal(err)
	}
	out := bytes.Clone(data)
	binary.LittleEndian.PutUint16(out[4:], v)
	binary.LittleEndian.PutUint32(out[h.size-4:], crc32.ChecksumIEEE(out[:h.size-4]))
	return out
}

// TestOlderVersion: a file of format version 1 or 2, of either kind, is
// refused with ErrMismatch and an error that says it is of that version,
// made by an older release, and must be made again; Generate makes it
// again, the log saying why, the same bytes as a table made afresh.
func TestOlderVersion(t *testing.T) {
	for _, tc := range []struct {
		c     class
		limit int
		old   uint16
	}{{class{1, 1}, 0, 1}, {class{2, 1}, testLimit, 1}, {class{1, 2}, 0, 2}, {class{1, 1}, testLimit, 2}} {
		name := fileName(tc.c, tc.limit)
		good := readTable(t, tc.c, tc.limit)
		old := withVersion(t, good, tc.c, tc.limit, tc.old)
		_, err := decodeTable(old, tc.c, tc.limit)
		if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), fmt.Sprintf("version %d", tc.old)) || !strings.Contains(err.Error(), "made again") {
			t.Errorf("%s of version %d: %v, want ErrMismatch saying it must be made again", name, tc.old, err)
		}
		if _, err := decodeTable(withVersion(t, good, tc.c, tc.limit, 4), tc.c, tc.limit); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "version 4") {
			t.Errorf("%s of version 4: %v, want ErrMismatch", name, err)
		}

		dir := t.TempDir()
		pieces := tc.c.mover + tc.c.other
		if err := Generate(context.Background(), dir, Options{Pieces: pieces, QuietPlyLimit: tc.limit}); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		fresh, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, withVersion(t, fresh, tc.c, tc.limit, tc.old), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Open(dir, surakarta.Rules{QuietPlyLimit: tc.limit}); !errors.Is(err, ErrMismatch) {
			t.Errorf("Open with %s of version %d: %v, want ErrMismatch", name, tc.old, err)
		}
		var log []string
		if err := Generate(context.Background(), dir, Options{Pieces: pieces, QuietPlyLimit: tc.limit, Log: func(l string) { log = append(log, l) }}); err != nil {
			t.Fatal(err)
		}
		if len(log) != 2 || !strings.HasPrefix(log[0], name+fmt.Sprintf(" cannot be used, made again: %s: tablebase: table file does not match: version %d, made by an older release", path, tc.old)) {
			t.Errorf("the log:\n%s", strings.Join(log, "\n"))
		}
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, fresh) {
			t.Errorf("%s made again: %v, the same bytes: %v", name, err, bytes.Equal(got, fresh))
		}
	}
}
