package tablebase

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// fixedHeaderOf returns the fixed part of the header of a capture-all
// table of class c that claims blocks of per positions.
func fixedHeaderOf(c class, per, blocks uint32) []byte {
	head := []byte(magic)
	head = binary.LittleEndian.AppendUint16(head, version)
	head = append(head, kindAll, uint8(c.mover), uint8(c.other))
	head = binary.LittleEndian.AppendUint16(head, 0)
	head = binary.LittleEndian.AppendUint64(head, canonical.size(c))
	head = binary.LittleEndian.AppendUint32(head, per)
	return binary.LittleEndian.AppendUint32(head, blocks)
}

// writeSparse writes data at the start of the file name and makes the
// file size bytes long: a sparse file, which takes no room on disk
// however long it claims to be.
func writeSparse(t *testing.T, name string, data []byte, size int64) {
	t.Helper()
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(name, size); err != nil {
		t.Skipf("no sparse file of %d bytes here: %v", size, err)
	}
}

// TestHugeIndex: a 4v4 file whose header claims blocks of one entry,
// 270,023,640 of them, so an index of 3.2 GB, in a sparse file as long
// as that, is refused as damage before anything of the size is
// allocated: a reader takes only the writer's blocks of 4,096 entries,
// so an index no larger than the class needs.
func TestHugeIndex(t *testing.T) {
	c := class{4, 4}
	blocks := uint32(canonical.size(c))
	dir := t.TempDir()
	size := int64(fixedHeader) + int64(blocks+1)*8 + int64(blocks)*4 + 4
	writeSparse(t, filepath.Join(dir, fileName(c, 0)), fixedHeaderOf(c, 1, blocks), size)
	var err error
	if n := allocated(func() { _, err = Open(dir, surakarta.Rules{}) }); n > 1<<24 {
		t.Errorf("Open allocated %d bytes", n)
	}
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "blocks of 1 positions") {
		t.Errorf("Open: %v, want ErrCorrupt for the blocks of 1 position", err)
	}
}

// hugeBlockTable returns a 1v1 capture-all file, its header's checksum
// right, whose one block claims n bytes: a sparse file as long as that.
func hugeBlockTable(t *testing.T, dir string, n uint64) {
	t.Helper()
	c := class{1, 1}
	head := fixedHeaderOf(c, perBlock, 1)
	head = binary.LittleEndian.AppendUint64(head, 0)
	head = binary.LittleEndian.AppendUint64(head, n)
	head = binary.LittleEndian.AppendUint32(head, 0)
	head = binary.LittleEndian.AppendUint32(head, crc32.ChecksumIEEE(head))
	writeSparse(t, filepath.Join(dir, fileName(c, 0)), head, int64(len(head))+int64(n))
}

// TestHugeBlock: a 1v1 file whose sound header claims its one block of
// 420 bytes of entries takes 64 GiB, or 1 GiB, compressed, is refused
// by Open before any block is read; OpenUsable leaves it out, and so
// finds no table. And the bound a reader takes is one the writer's
// compression keeps: blocks of incompressible entries of the largest
// size fit in it.
func TestHugeBlock(t *testing.T) {
	p := positionOf(t, 1, 1<<35, surakarta.Black, 0)
	for _, n := range []uint64{64 << 30, 1 << 30} {
		dir := t.TempDir()
		hugeBlockTable(t, dir, n)
		var tb *Tables
		var err error
		if got := allocated(func() { tb, err = Open(dir, surakarta.Rules{}) }); got > 1<<24 {
			t.Errorf("a block of %d bytes: Open allocated %d bytes", n, got)
		}
		if !errors.Is(err, ErrCorrupt) {
			t.Errorf("a block of %d bytes: Open: %v, want ErrCorrupt", n, err)
			if tb != nil && n > 1<<30 {
				tb.Value(p) // what a probe did: allocate the block
			}
			continue
		}
		if _, err := OpenUsable(dir, surakarta.Rules{}); !errors.Is(err, ErrNoTables) || !errors.Is(err, ErrCorrupt) {
			t.Errorf("a block of %d bytes: OpenUsable: %v, want ErrNoTables and ErrCorrupt", n, err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, limit := range []int{0, 50, maxLimit} {
		raw := make([]byte, perBlock*entryBytes(limit))
		for i := range raw {
			raw[i] = byte(rng.Uint32())
		}
		var packed bytes.Buffer
		zw, _ := flate.NewWriter(&packed, flate.DefaultCompression)
		zw.Write(raw)
		zw.Close()
		if uint64(packed.Len()) > maxPacked(uint64(len(raw))) {
			t.Errorf("%d random bytes compress to %d, above the bound %d", len(raw), packed.Len(), maxPacked(uint64(len(raw))))
		}
	}
}

// damagedCopy copies the tests' capture-all 1v1 table to a new directory
// with a byte of its block changed, and returns the directory and the
// table's sound bytes.
func damagedCopy(t *testing.T) (string, []byte) {
	t.Helper()
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb"})
	good := readTable(t, class{1, 1}, 0)
	bad := bytes.Clone(good)
	bad[len(bad)-len(bad)/4] ^= 0x10
	if err := os.WriteFile(filepath.Join(dir, "1v1-all.sktb"), bad, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, good
}

// TestDamageRemembered: a table whose block a probe found damaged is not
// read again: a later probe fails at once with the same error, even
// once the file under it holds sound bytes, and Dropped names it once.
func TestDamageRemembered(t *testing.T) {
	dir, good := damagedCopy(t)
	tb, err := Open(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	p := positionOf(t, 1, 1<<35, surakarta.Black, 0)
	_, first := tb.Value(p)
	if !errors.Is(first, ErrCorrupt) {
		t.Fatalf("Value in a damaged block: %v, want ErrCorrupt", first)
	}
	// The same file, rewritten in place: a read now would succeed.
	if err := os.WriteFile(filepath.Join(dir, "1v1-all.sktb"), good, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, q := range []surakarta.Position{p, positionOf(t, 1<<3, 1<<20, surakarta.White, 0)} {
		if v, err := tb.Value(q); err != first {
			t.Errorf("Value of %v after the damage was found: %+v, %v; want %v", q, v, err, first)
		}
	}
	if d := tb.Dropped(); len(d) != 1 || d[0].Error() != first.Error() {
		t.Errorf("Dropped() = %v, want [%v]", d, first)
	}
}

// TestOpenNoTables: Open fails, rather than return tables that hold
// nothing, on a directory that is not there or not a directory, on one
// without tables, and on one whose tables are of other rules than those
// given, naming those it holds; RuleSets lists them.
func TestOpenNoTables(t *testing.T) {
	all := tablesDir(t, 0)
	file := filepath.Join(all, "1v1-all.sktb")
	for _, tc := range []struct {
		dir   string
		rules surakarta.Rules
		is    error
		want  string
	}{
		{"/nonexistent", surakarta.Rules{}, os.ErrNotExist, ""},
		{file, surakarta.Rules{}, syscall.ENOTDIR, ""},
		{t.TempDir(), surakarta.Rules{}, ErrNoTables, "Generate"},
		{all, surakarta.OlympiadRules(), ErrNoTables, "only tables of capture-all"},
		{all, surakarta.Rules{QuietPlyLimit: 2000}, ErrNoTables, "up to 1000"},
	} {
		tb, err := Open(tc.dir, tc.rules)
		if !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Open(%s, %+v) = %v, %v; want an error with %q", tc.dir, tc.rules, tb, err, tc.want)
		}
	}
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb"})
	for _, name := range []string{"2v1-q50.sktb", "1v1-q6.sktb", "1v1-q6.sktb.tmp12", "9v9-all.sktb", "1v1-q0.sktb", "1v1-q1001.sktb", "notes.txt"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sets, err := RuleSets(dir)
	want := []surakarta.Rules{{}, {QuietPlyLimit: 6}, {QuietPlyLimit: 50}}
	if err != nil || len(sets) != len(want) || sets[0] != want[0] || sets[1] != want[1] || sets[2] != want[2] {
		t.Errorf("RuleSets = %v, %v; want %v", sets, err, want)
	}
}

// TestOpenUsable: OpenUsable opens the sound tables of a directory and
// leaves out, naming each in Dropped, a damaged one and one under
// another table's name, where Open fails on either.
func TestOpenUsable(t *testing.T) {
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb", "2v1-all.sktb": "2v1-all.sktb", "1v2-all.sktb": "1v2-all.sktb", "2v2-all.sktb": "2v2-all.sktb", "3v1-all.sktb": "1v3-all.sktb"})
	name := filepath.Join(dir, "2v2-all.sktb")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	data[20] ^= 1
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(dir, surakarta.Rules{}); err == nil {
		t.Error("Open of a directory with a damaged table: no error")
	}
	tb, err := OpenUsable(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	d := tb.Dropped()
	if tb.Pieces() != 3 || len(d) != 2 || !errors.Is(d[0], ErrMismatch) || !strings.Contains(d[0].Error(), "1v3-all.sktb") ||
		!errors.Is(d[1], ErrCorrupt) || !strings.Contains(d[1].Error(), "2v2-all.sktb") {
		t.Errorf("OpenUsable: %d pieces, dropped %v; want 3, and 1v3 and 2v2 dropped", tb.Pieces(), d)
	}
	if _, err := tb.Value(positionOf(t, 3, 1<<35, surakarta.Black, 0)); err != nil {
		t.Errorf("Value of 2v1: %v", err)
	}
}
