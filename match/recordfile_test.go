package match

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/atomicfile"
)

// The tests of the record file through Run: a record cut short at the end
// is set aside, damage elsewhere and games of another match or round are
// refused, and a locked file is not written. cmd/surakarta-match tests the same
// by running the program: killing it, cutting its file, starting two.

// playedFile plays a match of games games into a new file, one game at a
// time, so the rounds are in order, and returns the file's name and text.
func playedFile(t *testing.T, games int) (string, string) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := config(file, games)
	cfg.Concurrency = 1
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return file, string(text)
}

// rounds returns the Round headers of the records in file, in file order.
func rounds(t *testing.T, file string) []int {
	t.Helper()
	var numbers []int
	for _, rec := range recordsIn(t, file) {
		text, _ := rec.Header("Round")
		n, err := strconv.Atoi(text)
		if err != nil {
			t.Fatalf("%s: Round %q", file, text)
		}
		numbers = append(numbers, n)
	}
	return numbers
}

// oneEach reports whether numbers are 1…n, each once.
func oneEach(numbers []int, n int) bool {
	s := slices.Sorted(slices.Values(numbers))
	return slices.Equal(s, []int{1, 2, 3, 4, 5, 6, 7, 8}[:n])
}

// TestRunSetsAsideACutTail: a record cut short at the end of the file, at
// any point, is moved to FILE.partial and its game played again; a file cut
// within its final blank line only is completed.
func TestRunSetsAsideACutTail(t *testing.T) {
	_, text := playedFile(t, 4)
	last := strings.LastIndex(strings.TrimRight(text, "\n"), "\n\n[") + 2 // the last record's start
	lastRecord := text[last:]
	moves := last + strings.Index(lastRecord, "\n\n") + 2 // its moves' start
	for _, tc := range []struct {
		name    string
		cut     int // the file's length after the cut
		resumed int
	}{
		{"in the first header", last + 5, 3},
		{"after a header line", last + strings.Index(lastRecord, "\n") + 1, 3},
		{"in the blank line after the headers", moves - 1, 3},
		{"after the blank line after the headers", moves, 3},
		{"in the moves", moves + 10, 3},
		{"in the result", len(text) - 3, 3},
		{"the final line break", len(text) - 1, 4},
		{"both final line breaks", len(text) - 2, 4},
		{"the first record", 30, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "games.txt")
			if err := os.WriteFile(file, []byte(text[:tc.cut]), 0o644); err != nil {
				t.Fatal(err)
			}
			var progress bytes.Buffer
			cfg := config(file, 4)
			cfg.Progress = &progress
			out, err := Run(context.Background(), cfg)
			if err != nil || out.Resumed != tc.resumed || out.Counts.Games() != 4 {
				t.Fatalf("Run: resumed %d, %d games, %v; want %d resumed, 4 games", out.Resumed, out.Counts.Games(), err, tc.resumed)
			}
			if got := rounds(t, file); len(got) != 4 || !oneEach(got, 4) {
				t.Errorf("rounds in the file: %v, want 1 to 4 once each", got)
			}
			partial, err := os.ReadFile(file + ".partial")
			if tc.resumed == 4 {
				if err == nil || strings.Contains(progress.String(), ".partial") {
					t.Errorf("a complete file had its end set aside: %q", partial)
				}
				return
			}
			// What follows the last complete record's last line.
			want := text[:tc.cut]
			if tc.resumed > 0 {
				want = text[last-1 : tc.cut]
			}
			if err != nil || string(partial) != want {
				t.Errorf("%s.partial = %q, %v; want %q", file, partial, err, want)
			}
			if !strings.Contains(progress.String(), "cut short") || !strings.Contains(progress.String(), file+".partial") {
				t.Errorf("progress does not say what was set aside:\n%s", progress.String())
			}
		})
	}
}

// TestEndlessLine: a file of zero bytes without a line break, such as
// /dev/zero gives without end, is refused by Merge, ReadConfig and Run as
// a record whose first line is too long, after a line's worth of it: it
// is not read to its end as a record cut short, which for /dev/zero
// never came. A sparse file of 16 MiB stands for the endless one.
func TestEndlessLine(t *testing.T) {
	file := filepath.Join(t.TempDir(), "zeros.txt")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(16 << 20); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	f.Close()
	tooLong := func(what string, err error) {
		t.Helper()
		if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "line 1: ") || !strings.Contains(err.Error(), "MaxLineBytes") {
			t.Errorf("%s: %.300v; want an invalid record, its line 1 too long", what, err)
		}
	}
	_, err = Merge(config(file, 4), file)
	tooLong("Merge", err)
	_, err = ReadConfig(file)
	tooLong("ReadConfig", err)
	_, err = Run(context.Background(), config(file, 4))
	tooLong("Run", err)
	if info, err := os.Stat(file); err != nil || info.Size() != 16<<20 {
		t.Errorf("the file after Run: %v; want it left as it was, 16 MiB", err)
	}
	if _, err := os.Stat(file + ".partial"); err == nil {
		t.Error("the file was set aside as a record cut short")
	}
}

// zeros is a reader of n zero bytes, no line break among them, that
// counts the bytes read.
type zeros struct{ n, read int64 }

func (z *zeros) ReadByte() (byte, error) {
	if z.read == z.n {
		return 0, io.EOF
	}
	z.read++
	return 0, nil
}

// TestCutShortReadsALine: cutShort answers an input of zero bytes
// without a line break, damage and not a record cut short, after reading
// one line's worth of it (MaxLineBytes, and a '\r'); the input
// stops after a GiB, so that a cutShort that read on would not hang.
func TestCutShortReadsALine(t *testing.T) {
	z := &zeros{n: 1 << 30}
	if cut, err := cutShort(z); cut || err != nil {
		t.Errorf("cutShort of zero bytes: %v, %v; want false", cut, err)
	}
	if z.read > record.MaxLineBytes+2 {
		t.Errorf("cutShort read %d bytes of a line longer than a record's, want at most %d", z.read, record.MaxLineBytes+2)
	}
}

// TestRunRefusesDamage: a record that does not read before the last one is
// an error naming its line, and the file is left as it was.
func TestRunRefusesDamage(t *testing.T) {
	file, text := playedFile(t, 4)
	second := strings.Index(text, "\n\n[") + 2
	moves := second + strings.Index(text[second:], "\n\n") + 2
	damaged := text[:moves] + "1. a1a1 " + text[moves:]
	if err := os.WriteFile(file, []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	line := strings.Count(damaged[:moves], "\n") + 1
	_, err := Run(context.Background(), config(file, 6))
	if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "line "+strconv.Itoa(line)+":") {
		t.Errorf("Run on a file damaged on line %d: %v", line, err)
	}
	if now, _ := os.ReadFile(file); string(now) != damaged {
		t.Error("the damaged file was changed")
	}
	if _, err := os.Stat(file + ".partial"); err == nil {
		t.Error("damage was set aside as a cut record")
	}

	// A complete record at the end that does not read is damage too.
	last := strings.LastIndex(strings.TrimRight(text, "\n"), "\n\n[") + 2
	lastMoves := last + strings.Index(text[last:], "\n\n") + 2
	damaged = text[:lastMoves] + "1. a1a1 " + text[lastMoves:]
	if err := os.WriteFile(file, []byte(damaged), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), config(file, 6)); !errors.Is(err, record.ErrInvalid) {
		t.Errorf("Run on a file whose complete last record is damaged: %v", err)
	}
	if now, _ := os.ReadFile(file); string(now) != damaged {
		t.Error("the damaged file was changed")
	}
}

// TestRunChecksEachRecordsRound: a record that another match, or another
// round, would have made is an error naming the record, and so is a
// round twice; the file is left as it was.
func TestRunChecksEachRecordsRound(t *testing.T) {
	_, text := playedFile(t, 4)
	first := text[:strings.Index(text, "\n\n[")+2]
	for _, tc := range []struct {
		name   string
		text   string
		change func(*Config)
		want   string
	}{
		{"other openings", text, func(c *Config) { c.OpeningPlies = 6 }, "record 1: round 1"},
		{"other seed", text, func(c *Config) { c.Seed = 4 }, "record 1: "},
		{"other limits", text, func(c *Config) { c.Limits.Depth = 3 }, "record 1: "},
		{"engines swapped", text, func(c *Config) { c.A, c.B = c.B, c.A }, "record 1: "},
		{"a round twice", text + first, nil, "record 5: round 1"},
		{"colours swapped", strings.Replace(strings.Replace(strings.Replace(text, `[Black "strong"]`, `[Black "x"]`, 1), `[White "blind"]`, `[White "strong"]`, 1), `[Black "x"]`, `[Black "blind"]`, 1), nil, `record 1: round 1`},
		{"no round", strings.Replace(text, `[Round "1"]`, `[Round "first"]`, 1), nil, `record 1: `},
		{"unfinished", unfinished(t, first) + text[len(first):], nil, "record 1: round 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "games.txt")
			if err := os.WriteFile(file, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			cfg := config(file, 4)
			if tc.change != nil {
				tc.change(&cfg)
			}
			out, err := Run(context.Background(), cfg)
			if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Run: %v; want ErrMismatch naming %s and %q", err, file, tc.want)
			}
			if out.Counts.Games() != 0 {
				t.Errorf("%d games counted", out.Counts.Games())
			}
			if now, _ := os.ReadFile(file); string(now) != tc.text {
				t.Error("the file was changed")
			}
		})
	}
}

// unfinished returns the text of the record without its last move and
// with the result "*".
func unfinished(t *testing.T, text string) string {
	t.Helper()
	rec, err := record.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := rec.Game.Undo(); err != nil {
		t.Fatal(err)
	}
	rec.Result, rec.Reason = "*", ""
	out, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestRunRefusesALockedFile: while another holds the record file's lock,
// Run fails at once and writes nothing; it takes the lock for its run.
func TestRunRefusesALockedFile(t *testing.T) {
	if !atomicfile.HaveFlock {
		t.Skip("no file locks on this system")
	}
	file, text := playedFile(t, 2)
	other, err := os.OpenFile(file, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := atomicfile.Lock(other); err != nil {
		t.Fatal(err)
	}
	out, err := Run(context.Background(), config(file, 4))
	if !errors.Is(err, ErrLocked) || out.Counts.Games() != 0 {
		t.Errorf("Run on a locked file: %+v, %v", out.Counts, err)
	}
	if now, _ := os.ReadFile(file); string(now) != text {
		t.Error("the locked file was written")
	}
	other.Close() // releases the lock
	if out, err := Run(context.Background(), config(file, 4)); err != nil || out.Resumed != 2 || out.Counts.Games() != 4 {
		t.Errorf("Run after the lock was released: %+v, %v", out, err)
	}
}

// recordsIn returns the records of a record file.
func recordsIn(t *testing.T, file string) []*record.Record {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.ReadAll(f)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return recs
}
