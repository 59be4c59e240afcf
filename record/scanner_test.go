package record_test

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/testkit"
	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
)

// This file tests Scanner and the limits of a record: records read
// one at a time in bounded memory, and short errors however long the input.

// TestScanner: the scanner reads the records ReadAll reads, one
// at a time, with the offset of each record's end, from a reader that
// gives a byte at a time as from one that gives everything at once.
func TestScanner(t *testing.T) {
	want, text := recThree(t)
	for name, r := range map[string]func() io.Reader{
		"whole":       func() io.Reader { return strings.NewReader(text) },
		"byte a time": func() io.Reader { return iotest.OneByteReader(strings.NewReader(text)) },
	} {
		t.Run(name, func(t *testing.T) {
			sc := record.NewScanner(r())
			if sc.Offset() != 0 || sc.Record() != nil {
				t.Errorf("before Scan: Offset %d, Record %v", sc.Offset(), sc.Record())
			}
			var got []*record.Record
			from := int64(0)
			for sc.Scan() {
				rec := sc.Record()
				got = append(got, rec)
				// The record ends at Offset, with its blank line to follow.
				end := sc.Offset()
				if end <= from || end > int64(len(text)) || text[end-1] != '\n' {
					t.Fatalf("record %d: Offset %d after %d in %d bytes", len(got), end, from, len(text))
				}
				alone, err := record.Parse(text[from:end])
				if err != nil || recDiff(rec, alone) != "" {
					t.Fatalf("record %d: the text up to Offset reads as %v, %v", len(got), alone, err)
				}
				from = end
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			recCheckAll(t, want, got)
			if sc.Scan() || sc.Record() != nil || sc.Err() != nil {
				t.Errorf("Scan after the end: true, or a record, or error %v", sc.Err())
			}
		})
	}

	t.Run("an error stops it", func(t *testing.T) {
		bad := text + "[Result \"*\"]\n\n1. a1a1 *\n\n" + text
		sc := record.NewScanner(strings.NewReader(bad))
		n := 0
		for sc.Scan() {
			n++
		}
		line := strings.Count(text, "\n") + 3
		if err := sc.Err(); n != 3 || !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), fmt.Sprintf("line %d:", line)) {
			t.Errorf("%d records, then %v; want 3, then an error on line %d", n, err, line)
		}
		if end := int64(len(text) - 1); sc.Offset() != end { // a blank line follows the last record
			t.Errorf("Offset %d after the error, want %d, the end of the last good record", sc.Offset(), end)
		}
		if sc.Scan() || sc.Record() != nil {
			t.Error("Scan went on after an error")
		}
	})

	t.Run("a failing reader", func(t *testing.T) {
		broken := errors.New("disk on fire")
		sc := record.NewScanner(io.MultiReader(strings.NewReader(text), iotest.ErrReader(broken)))
		n := 0
		for sc.Scan() {
			n++
		}
		if err := sc.Err(); !errors.Is(err, broken) || errors.Is(err, record.ErrInvalid) {
			t.Errorf("after %d records: %v; want the reader's error, not ErrInvalid", n, err)
		}
	})
}

// endless is a reader of an input too large to hold: head, then the byte
// fill for n bytes, then tail.
func endless(head string, fill byte, n int64, tail string) io.Reader {
	return io.MultiReader(strings.NewReader(head), io.LimitReader(repeatByte(fill), n), strings.NewReader(tail))
}

type repeatByte byte

func (b repeatByte) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}

// maxErrorLen is the longest error message a parser may give, whatever its
// input: each quotes at most a clipped excerpt of it.
const maxErrorLen = 512

// TestRecordHugeLines: a line of 100 MB, anywhere in a record, gives an
// error that names its line and quotes a few bytes of it, and reading it
// takes a small, bounded memory.
func TestRecordHugeLines(t *testing.T) {
	const huge = 100 << 20
	good := "[Event \"x\"]\n[Result \"*\"]\n\n1. b2b3 *\n\n"
	for _, tc := range []struct {
		name, head string
		fill       byte
		tail       string
		line       int
	}{
		{"header value", "[Event \"", 'a', "\"]\n[Result \"*\"]\n\n*\n", 1},
		{"header name", "[", 'A', " \"x\"]\n[Result \"*\"]\n\n*\n", 1},
		{"unterminated value", "[Result \"*\"]\n[Event \"", 'a', "\n\n*\n", 2},
		{"moves", "[Result \"*\"]\n\n1. ", 'b', " *\n", 3},
		{"number", "[Result \"*\"]\n\n", '1', ". b2b3 *\n", 3},
		{"spaces", "[Result \"*\"]\n\n1. b2b3", ' ', "*\n", 3},
		{"comment", "[Result \"*\"]\n\n1. b2b3 {", 'c', "} *\n", 3},
		{"comment on a later line", "[Result \"*\"]\n\n1. b2b3 {a\n", 'c', "} *\n", 4},
		{"garbage after a record", good, 0, "", 6},
		{"no line breaks at all", "", 'x', "", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var recs []*record.Record
			var err error
			bytes := testkit.Allocated(func() {
				recs, err = record.ReadAll(endless(tc.head, tc.fill, huge, tc.tail))
			})
			if bytes > 4<<20 {
				t.Errorf("reading allocated %d MiB for a line of %d MiB", bytes>>20, huge>>20)
			}
			if err == nil {
				t.Fatalf("no error, %d records", len(recs))
			}
			if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), fmt.Sprintf("line %d:", tc.line)) ||
				!strings.Contains(err.Error(), "MaxLineBytes") {
				t.Errorf("error %.300q; want one about the length of line %d", err, tc.line)
			}
			if len(err.Error()) > maxErrorLen {
				t.Errorf("the error takes %d bytes", len(err.Error()))
			}
			if tc.head == good && len(recs) != 1 {
				t.Errorf("%d records before the error, want 1", len(recs))
			}
		})
	}

	// The same line in a string: Parse's error is as short.
	for _, text := range []string{
		"[Event \"" + strings.Repeat("a", 1<<20) + "\"]\n[Result \"*\"]\n\n*\n",
		"[Result \"*\"]\n\n1. " + strings.Repeat("b", 1<<20) + " *\n",
	} {
		_, err := record.Parse(text)
		if err == nil {
			t.Errorf("Parse of a 1 MiB line: no error")
		} else if !errors.Is(err, record.ErrInvalid) || len(err.Error()) > maxErrorLen || !strings.Contains(err.Error(), "MaxLineBytes") {
			t.Errorf("Parse of a 1 MiB line: %.300q (%d bytes)", err, len(err.Error()))
		}
	}
}

// TestRecordLimits: a record may have MaxHeaders headers, not one
// more, and lines of MaxLineBytes bytes, not one more.
func TestRecordLimits(t *testing.T) {
	headers := func(n int) string {
		var sb strings.Builder
		for i := range n - 1 {
			fmt.Fprintf(&sb, "[H%d \"%d\"]\n", i, i)
		}
		return sb.String() + "[Result \"*\"]\n\n*\n"
	}
	if _, err := record.Parse(headers(record.MaxHeaders)); err != nil {
		t.Errorf("%d headers: %v", record.MaxHeaders, err)
	}
	_, err := record.Parse(headers(record.MaxHeaders + 1))
	if want := fmt.Sprintf("line %d: ", record.MaxHeaders+1); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "MaxHeaders") {
		t.Errorf("%d headers: %v; want an error saying %q and naming MaxHeaders", record.MaxHeaders+1, err, want)
	}

	value := func(n int) string { // a header line of n bytes
		return "[Event \"" + strings.Repeat("v", n-len("[Event \"\"]")) + "\"]\n[Result \"*\"]\n\n*\n"
	}
	for _, read := range []func(string) error{
		func(text string) error { _, err := record.Parse(text); return err },
		func(text string) error { _, err := record.ReadAll(strings.NewReader(text)); return err },
		func(text string) error {
			_, err := record.ReadAll(strings.NewReader(strings.ReplaceAll(text, "\n", "\r\n")))
			return err
		},
	} {
		if err := read(value(record.MaxLineBytes)); err != nil {
			t.Errorf("a line of MaxLineBytes: %.200v", err)
		}
		if err := read(value(record.MaxLineBytes + 1)); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "line 1:") {
			t.Errorf("a line of MaxLineBytes+1: %.200v", err)
		}
	}
}

// commentOf returns a comment of exactly n > 0 bytes: words of 99 bytes
// and a last one of 1 to 100, separated by single spaces.
func commentOf(n int) string {
	words := (n - 1) / 100
	return strings.Repeat(strings.Repeat("c", 99)+" ", words) + strings.Repeat("c", n-100*words)
}

// TestRecordCommentLimit: the comments of a record may take
// MaxCommentBytes bytes, two a comment for its braces, not one more,
// in the text read as in the record written; a comment may span lines.
func TestRecordCommentLimit(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.PlayText("b2b3"); err != nil {
		t.Fatal(err)
	}
	max := record.MaxCommentBytes
	for _, tc := range []struct {
		first, second int // the bytes of the comments before and after b2b3; -1 for none
		ok            bool
	}{
		{max - 2, -1, true},
		{max - 1, -1, false},
		{max - 1000 - 4, 1000, true},
		{max - 1000 - 3, 1000, false},
	} {
		comments := map[int]string{0: commentOf(tc.first)}
		// Read: the first comment a word a line, the second on one line.
		text := "[Result \"*\"]\n\n{" + strings.ReplaceAll(comments[0], " ", "\n") + "}\n1. b2b3"
		if tc.second >= 0 {
			comments[1] = commentOf(tc.second)
			text += " {" + comments[1] + "}"
		}
		text += " *\n"
		r, err := record.Parse(text)
		switch {
		case tc.ok && err != nil:
			t.Errorf("comments of %d and %d bytes: %.200v", tc.first, tc.second, err)
		case tc.ok && cmp.Diff(comments, r.Comments) != "":
			t.Errorf("comments of %d and %d bytes: read otherwise", tc.first, tc.second)
		case !tc.ok && (!errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxCommentBytes")):
			t.Errorf("comments of %d and %d bytes: %.200v; want an error about MaxCommentBytes", tc.first, tc.second, err)
		}
		// Written.
		r = record.New(g)
		r.Comments = comments
		out, err := r.MarshalText()
		switch {
		case tc.ok && err != nil:
			t.Errorf("comments of %d and %d bytes: MarshalText: %.200v", tc.first, tc.second, err)
		case tc.ok:
			if back, err := record.Parse(string(out)); err != nil || recDiff(r, back) != "" {
				t.Errorf("comments of %d and %d bytes: MarshalText's text reads back as %.200v", tc.first, tc.second, err)
			}
		case !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxCommentBytes"):
			t.Errorf("comments of %d and %d bytes: MarshalText: %.200v; want an error about MaxCommentBytes", tc.first, tc.second, err)
		}
	}
}

// TestRecordEndlessComments: a comment that never ends, or endless
// comments, cost the memory of MaxCommentBytes and a short error
// naming the line where they pass it.
func TestRecordEndlessComments(t *testing.T) {
	const huge = 100 << 20
	line := strings.Repeat("c", 999) + "\n" // 1000 bytes a line
	for _, tc := range []struct {
		name, head, fill string
		line             int // where the limit is passed
	}{
		{"one comment", "[Result \"*\"]\n\n1. b2b3 {", line, 3 + record.MaxCommentBytes/1000},
		{"empty comments", "[Result \"*\"]\n\n1. b2b3\n", "{} {} {} {} {} {} {} {} {} {}\n", 4 + record.MaxCommentBytes/20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			bytes := testkit.Allocated(func() {
				_, err = record.ReadAll(io.MultiReader(strings.NewReader(tc.head), io.LimitReader(&repeatString{s: tc.fill}, huge)))
			})
			t.Logf("reading allocated %.1f MiB", float64(bytes)/(1<<20))
			if bytes > 16<<20 { // a few times MaxCommentBytes, as the comment grows
				t.Errorf("reading allocated %d MiB", bytes>>20)
			}
			want := fmt.Sprintf("line %d: ", tc.line)
			if !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "MaxCommentBytes") || len(err.Error()) > maxErrorLen {
				t.Errorf("error %.300q; want a short one saying %q and naming MaxCommentBytes", err, want)
			}
		})
	}
}

// TestRecordPlyLimit: a record may hold MaxPlies moves, not one more.
func TestRecordPlyLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("replays a million plies")
	}
	rules := surakarta.Rules{RepetitionLimit: surakarta.MaxCounter}
	g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range testkit.Shuffle(record.MaxPlies) {
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := record.New(g).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	if r, err := record.Parse(string(text)); err != nil || r.Game.Ply() != record.MaxPlies {
		t.Fatalf("a record of MaxPlies moves: %v", err)
	}
	// One move more: the reader refuses it, and the writer does not write
	// it.
	end := strings.LastIndex(string(text), " *\n")
	if end < 0 {
		t.Fatalf("the record of MaxPlies moves does not end with *: %q", text[max(len(text)-40, 0):])
	}
	more := fmt.Sprintf("%s %d. a2a3%s", text[:end], record.MaxPlies/2+1, text[end:])
	_, err = record.Parse(more)
	if want := "MaxPlies"; !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), want) {
		t.Errorf("a record of MaxPlies+1 moves: %v; want an error saying %q", err, want)
	}
	if err := g.PlayText("a2a3"); err != nil {
		t.Fatal(err)
	}
	if _, err := record.New(g).MarshalText(); !errors.Is(err, record.ErrInvalid) || !strings.Contains(err.Error(), "MaxPlies") {
		t.Errorf("writing a game of MaxPlies+1 moves: %v; want ErrInvalid naming MaxPlies", err)
	}
}

// TestScannerMemory: scanning 20 MB of records (4 MB with -short)
// holds one at a time.
func TestScannerMemory(t *testing.T) {
	_, text := recThree(t)
	size := int64(20 << 20)
	if testing.Short() {
		size = 4 << 20
	}
	input := io.LimitReader(&repeatString{s: text}, size-size%int64(len(text)))
	sc := record.NewScanner(input)
	var peak uint64
	var ms runtime.MemStats
	n := 0
	for sc.Scan() {
		if n++; n%2000 == 0 {
			runtime.GC()
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapAlloc)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d records in %d MiB, at most %.1f MiB on the heap", n, size>>20, float64(peak)/(1<<20))
	if peak > 8<<20 {
		t.Errorf("scanning %d MiB of records held %.1f MiB", size>>20, float64(peak)/(1<<20))
	}
}

// repeatString reads s again and again.
type repeatString struct {
	s   string
	off int
}

func (r *repeatString) Read(p []byte) (int, error) {
	n := copy(p, r.s[r.off:])
	r.off = (r.off + n) % len(r.s)
	return n, nil
}

// TestErrorsQuoteBriefly: no parser repeats a long input in its error.
func TestErrorsQuoteBriefly(t *testing.T) {
	long := strings.Repeat("é", 1<<20) // two bytes a character: clipping must keep them whole
	bad := map[string]func() error{
		"ParsePosition":       func() error { _, err := surakarta.ParsePosition(long); return err },
		"ParsePosition rank":  func() error { _, err := surakarta.ParsePosition(long + "/6/6/6/6/6 b"); return err },
		"ParsePosition count": func() error { _, err := surakarta.ParsePosition("6/6/6/6/6/6 b " + long); return err },
		"ParseMove":           func() error { _, err := surakarta.ParseMove(long); return err },
		"ParseSquare":         func() error { _, err := surakarta.ParseSquare(long); return err },
		"ParseColor":          func() error { _, err := surakarta.ParseColor(long); return err },
		"Move.UnmarshalText":  func() error { var m surakarta.Move; return m.UnmarshalText([]byte(long)) },
		"Square.Unmarshal":    func() error { var s surakarta.Square; return s.UnmarshalText([]byte(long)) },
		"Color.Unmarshal":     func() error { var c surakarta.Color; return c.UnmarshalText([]byte(long)) },
		"Position.Unmarshal":  func() error { var p surakarta.Position; return p.UnmarshalText([]byte(long)) },
	}
	// Records whose fault quotes a long part of a line, within the limit
	// of a line.
	part := strings.Repeat("é", record.MaxLineBytes/2-100)
	for name, text := range map[string]string{
		"start":                      part + "\n",
		"header name":                "[" + strings.Repeat("N", record.MaxLineBytes-10) + "]\n",
		"header name twice":          "[" + strings.Repeat("N", 1000) + " \"x\"]\n[" + strings.Repeat("N", 1000) + " \"x\"]\n",
		"after a value":              "[Event \"x\"] " + part + "\n",
		"unterminated":               "[" + strings.Repeat("N", 30000) + " \"x\n",
		"bad escape":                 "[" + strings.Repeat("N", 30000) + " \"\\x\"]\n",
		"control character":          "[" + strings.Repeat("N", 30000) + " \"\x01\"]\n",
		"Result":                     "[Result \"" + part + "\"]\n\n*\n",
		"Reason":                     "[Result \"1/2-1/2\"]\n[Reason \"" + part + "\"]\n\n" + recRepetition + " 1/2-1/2\n",
		"Position":                   "[Position \"" + part + "\"]\n[Result \"*\"]\n\n*\n",
		"Rules":                      "[Rules \"" + part + "\"]\n[Result \"*\"]\n\n*\n",
		"Rules key":                  "[Rules \"" + part + "=1\"]\n[Result \"*\"]\n\n*\n",
		"move":                       recHeaders + "1. " + part + " *\n",
		"move number":                recHeaders + strings.Repeat("1", 60000) + ". b2b3 *\n",
		"number then result":         recHeaders + "1. b2b3 " + strings.Repeat("1", 60000) + ". *\n",
		"number then number":         recHeaders + "1" + strings.Repeat(".", 60000) + " 1. b2b3 *\n",
		"number at the end":          recHeaders + "1" + strings.Repeat(".", 60000) + "\n",
		"after the result":           recHeaders + "* " + part + "\n",
		"missing number":             recHeaders + part + " *\n",
		"comment before the headers": "{" + part + "}\n",
		"comment in the headers":     "[Result \"*\"]\n{" + part + "}\n\n*\n",
		"comment after the result":   recHeaders + "* {" + part + "}\n",
		"comment after a number":     recHeaders + "1. {" + part + "} b2b3 *\n",
		"unterminated comment":       recHeaders + "1. b2b3 {" + part + "\n",
		"control in a comment":       recHeaders + "1. b2b3 {" + part + "\x01}\n",
		"control on a later line":    recHeaders + "1. b2b3 {" + part + "\n" + part + "\x01}\n",
		"comment not UTF-8":          recHeaders + "1. b2b3 {" + part + "\xff}\n",
		"semicolon comment":          recHeaders + "1. b2b3 ;" + part + "\n",
	} {
		bad["Parse "+name] = func() error { _, err := record.Parse(text); return err }
	}
	// Records written: MarshalText names what it cannot write as briefly.
	g := surakarta.NewGame(surakarta.NewPosition())
	over := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range testkit.Shuffle(4) {
		if err := over.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	for name, r := range map[string]*record.Record{
		"header name":  {Game: g, Result: "*", Headers: []record.Header{{Name: long, Value: "x"}}},
		"header twice": {Game: g, Result: "*", Headers: []record.Header{{Name: "A" + long[:1000], Value: "x"}, {Name: "A" + long[:1000], Value: "y"}}},
		"header value": {Game: g, Result: "*", Headers: []record.Header{{Name: "A" + long[:1000], Value: "\x01"}}},
		"Result":       {Game: g, Result: long},
		"Reason":       {Game: over, Result: "1/2-1/2", Reason: long},
		"Reason text":  {Game: g, Result: "1-0", Reason: "\x01" + long},
		"comment":      {Game: g, Result: "*", Comments: map[int]string{0: long + "}"}},
		"comment word": {Game: g, Result: "*", Comments: map[int]string{0: long}},
		"comment ply":  {Game: g, Result: "*", Comments: map[int]string{1 << 30: "x"}},
	} {
		bad["MarshalText "+name] = func() error { _, err := r.MarshalText(); return err }
	}
	for name, f := range bad {
		err := f()
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if msg := err.Error(); len(msg) > maxErrorLen {
			t.Errorf("%s: an error of %d bytes: %.200q…", name, len(msg), msg)
		} else if !utf8.ValidString(msg) {
			t.Errorf("%s: the error is not valid UTF-8: %q", name, msg)
		}
	}
}

// FuzzScanner: on any input the scanner gives the same records and
// error whether the reader gives a byte at a time or all at once; each
// record is the text up to its Offset, read alone; errors wrap
// ErrInvalid and are short.
func FuzzScanner(f *testing.F) {
	good := "[Event \"x\"]\n[Result \"*\"]\n\n1. b2b3 e5e4 *\n\n"
	for _, text := range []string{
		good + good, good + "[Result \"*\"]\n\n1. a1a1 *\n", good[:30], good + good[:40],
		"\ufeff" + good, strings.ReplaceAll(good, "\n", "\r\n"), good + "\n\n\n", "\n", "",
		"[Result \"1/2-1/2\"]\n[Reason \"repetition\"]\n\n" + recRepetition + " 1/2-1/2",
		"[Result \"*\"]\n\n{a} 1. b2b3 {b\nc} e5e4 {d} *\n\n" + good,
		"[Result \"*\"]\n\n1. b2b3 {a\n[Result \"*\"]\n\n" + good,
		"[Result \"*\"]\n\n1. b2b3 {a\n[Result \"*\"]\n} *\n\n" + good,
		"[Result \"*\"]\n\n1. b2b3 }{ *\n",
		recVariationText + "\n" + good,
		"[Result \"*\"]\n\n1. b2b3?! (1. c2c3 $1\n{x} 1... e5e4 (1... f5f4)) *\n\n" + good,
		"[Result \"*\"]\n\n1. b2b3 (1. c2c3\n\n" + good,
	} {
		f.Add(text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		whole := record.NewScanner(strings.NewReader(text))
		bytewise := record.NewScanner(iotest.OneByteReader(strings.NewReader(text)))
		from := int64(0)
		for n := 1; ; n++ {
			ok := whole.Scan()
			if ok != bytewise.Scan() {
				t.Fatalf("record %d: the scanners disagree on whether there is one", n)
			}
			if !ok {
				break
			}
			rec, end := whole.Record(), whole.Offset()
			if d := recDiff(rec, bytewise.Record()); d != "" || end != bytewise.Offset() {
				t.Fatalf("record %d: the scanners differ (Offset %d and %d):\n%s", n, end, bytewise.Offset(), d)
			}
			if end <= from || end > int64(len(text)) {
				t.Fatalf("record %d: Offset %d after %d", n, end, from)
			}
			alone, err := record.Parse(text[from:end])
			if err != nil || recDiff(rec, alone) != "" {
				t.Fatalf("record %d: its text %q reads as %v, %v", n, text[from:end], alone, err)
			}
			from = end
		}
		err := whole.Err()
		if (err == nil) != (bytewise.Err() == nil) || err != nil && err.Error() != bytewise.Err().Error() {
			t.Fatalf("errors differ: %v and %v", err, bytewise.Err())
		}
		if err != nil {
			if !errors.Is(err, record.ErrInvalid) {
				t.Fatalf("%v does not wrap ErrInvalid", err)
			}
			if len(err.Error()) > maxErrorLen {
				t.Fatalf("an error of %d bytes: %q", len(err.Error()), err)
			}
		}
	})
}

func ExampleScanner() {
	records := `[Round "1"]
[Result "*"]

1. b2b3 e5e4 *

[Round "2"]
[Result "1/2-1/2"]
[Reason "repetition"]

1. a2a3 a5a4 2. a3a2 a4a5 1/2-1/2
`
	sc := record.NewScanner(strings.NewReader(records))
	for sc.Scan() {
		rec := sc.Record()
		round, _ := rec.Header("Round")
		fmt.Printf("round %s: %d plies, %s, ends at byte %d\n", round, rec.Game.Ply(), rec.Result, sc.Offset())
	}
	if err := sc.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// round 1: 2 plies, *, ends at byte 41
	// round 2: 4 plies, 1/2-1/2, ends at byte 130
}
