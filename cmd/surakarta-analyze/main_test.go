package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/gtp"
	"github.com/surakarta-go/surakarta/internal/booktest"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/tablebase"
	"github.com/surakarta-go/surakarta/ugi"
)

// analyze runs the command with args and stdin, as its main does.
func analyze(ctx context.Context, stdin string, args ...string) (code int, stdout, stderr string) {
	return cmdtest.Run(func(args []string, stdout, stderr io.Writer) int {
		return run(ctx, args, strings.NewReader(stdin), stdout, stderr)
	}, args...)
}

// readRecords reads the records of text.
func readRecords(t *testing.T, text string) []*record.Record {
	t.Helper()
	recs, err := record.ReadAll(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	return recs
}

// expected returns the comments that package analysis makes for rec at
// depth, with one thread of the default engine.
func expected(t *testing.T, rec *record.Record, depth int) map[int]string {
	t.Helper()
	s := surakarta.NewPVS(surakarta.NewNetwork())
	r, err := analysis.Game(context.Background(), rec.Game, s, analysis.Options{Limits: surakarta.Limits{Depth: depth}})
	if err != nil {
		t.Fatal(err)
	}
	want := make(map[int]string)
	for _, a := range r.Moves {
		want[a.Ply] = a.Comment()
	}
	return want
}

// TestAnalyzeFile analyses testdata/games.txt, a win and a draw, and checks
// the annotated records against package analysis, the summaries and
// progress lines, and the graphs.
func TestAnalyzeFile(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "graph.svg")
	code, stdout, stderr := analyze(context.Background(), "", "-depth", "4", "-movetime", "0", "-svg", svg, "testdata/games.txt")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := readRecords(t, string(data))
	out := readRecords(t, stdout)
	if len(out) != len(in) {
		t.Fatalf("%d records out of %d", len(out), len(in))
	}
	for i, rec := range out {
		if got, want := rec.Game.Moves(), in[i].Game.Moves(); len(got) != len(want) || rec.Result != in[i].Result || rec.Reason != in[i].Reason {
			t.Errorf("record %d: %d moves, %s %s; want %d, %s %s", i+1, len(got), rec.Result, rec.Reason, len(want), in[i].Result, in[i].Reason)
		}
		if want := expected(t, in[i], 4); !maps.Equal(rec.Comments, want) {
			t.Errorf("record %d: comments\n%v\nwant\n%v", i+1, rec.Comments, want)
		}
		if v, _ := rec.Header("Annotator"); v != "pvs,network, depth 4" {
			t.Errorf("record %d: Annotator %q", i+1, v)
		}
		if v, _ := rec.Header("Event"); v != "pvs,tuned vs pvs,endgame" {
			t.Errorf("record %d: Event %q, the header of the input", i+1, v)
		}
	}
	for _, want := range []string{
		"analysing testdata/games.txt with pvs,network, depth 4\n",
		"game 1: pvs,endgame (Black) vs pvs,tuned (White), 29 plies, 1-0\n",
		"game 1: 29/29 positions searched\n",
		"game 1: Black (pvs,endgame): 15 moves, average loss ",
		"game 1: White (pvs,tuned): 14 moves, average loss ",
		"game 2: 27/27 positions searched\n",
		"game 2: Black (pvs,endgame): 14 moves, average loss ",
		"all 2 games: pvs,endgame: 29 moves, average loss ", // Black in both: 15 + 14 moves
		"all 2 games: pvs,tuned: 27 moves, average loss ",   // 14 + 13
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// A player's accuracy over the games is the mean of its games'.
	accuracy := func(prefix string) float64 {
		t.Helper()
		m := regexp.MustCompile(regexp.QuoteMeta(prefix) + `.*, accuracy (\d+\.\d)%,`).FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("stderr has no accuracy after %q:\n%s", prefix, stderr)
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	one, two := accuracy("game 1: Black (pvs,endgame): "), accuracy("game 2: Black (pvs,endgame): ")
	if all := accuracy("all 2 games: pvs,endgame: "); math.Abs(all-(one+two)/2) > 0.1 || all <= 0 {
		t.Errorf("pvs,endgame's accuracy over the games %v, in each %v and %v", all, one, two)
	}
	if n := strings.Count(stderr, "positions searched\n"); n != 20 {
		t.Errorf("%d progress lines, want one per tenth of each game, 20", n)
	}
	for i, name := range []string{svg, filepath.Join(dir, "graph-2.svg")} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		points := 0
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if s, ok := tok.(xml.StartElement); ok && s.Name.Local == "circle" {
				points++
			}
		}
		if points != in[i].Game.Ply() {
			t.Errorf("%s: %d points, want %d", name, points, in[i].Game.Ply())
		}
	}
}

// TestAnalyzeStdinToFile reads the records from stdin and writes them to
// -out, stdout staying empty.
func TestAnalyzeStdinToFile(t *testing.T) {
	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out.txt")
	code, stdout, stderr := analyze(context.Background(), string(data), "-depth", "2", "-nodes", "100000", "-movetime", "0", "-engine", "pvs,endgame", "-out", out)
	if code != 0 || stdout != "" {
		t.Fatalf("exit %d, stdout %q\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "analysing standard input with pvs,endgame, 100000 nodes a position, depth 2\n") {
		t.Errorf("stderr:\n%s", stderr)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, string(text))
	if len(recs) != 2 || len(recs[0].Comments) != 29 || len(recs[1].Comments) != 27 {
		t.Errorf("-out:\n%s", text)
	}
}

// TestInterrupted: an analysis whose context is done writes the game
// under way with the moves analysed, and a comment after the last of them
// (before the first move when there is none) that says the record lacks
// the others, and exits 1.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code, stdout, stderr := analyze(ctx, "", "-depth", "4", "testdata/games.txt")
	if code != 1 || !strings.Contains(stderr, "game 1: stopped after 0 of 29 moves: context canceled") {
		t.Errorf("exit %d, stderr:\n%s", code, stderr)
	}
	want := map[int]string{0: "— plies 1 to 29 not annotated: the analysis stopped before ply 1"}
	if recs := readRecords(t, stdout); len(recs) != 1 || !maps.Equal(recs[0].Comments, want) {
		t.Errorf("stdout:\n%s", stdout)
	}

	// Interrupted once 6 positions of the first game are searched, as its
	// second progress line says: its first 5 moves are annotated.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	var out strings.Builder
	errOut := &cancelAt{line: "game 1: 6/29 positions searched\n", cancel: cancel}
	code = run(ctx, []string{"-depth", "4", "-movetime", "0", "testdata/games.txt"}, strings.NewReader(""), &out, errOut)
	if code != 1 || !strings.Contains(errOut.String(), "game 1: stopped after 5 of 29 moves: context canceled") {
		t.Errorf("interrupted at ply 6: exit %d, stderr:\n%s", code, errOut.String())
	}
	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	want = expected(t, readRecords(t, string(data))[0], 4)
	for ply := 6; ply <= 29; ply++ {
		delete(want, ply)
	}
	want[5] += " — plies 6 to 29 not annotated: the analysis stopped after ply 5"
	if recs := readRecords(t, out.String()); len(recs) != 1 || !maps.Equal(recs[0].Comments, want) {
		t.Errorf("interrupted at ply 6: comments %v, want %v", recs[0].Comments, want)
	}
}

// cancelAt is the stderr of a run that calls cancel once line is written,
// as an interrupt would then.
type cancelAt struct {
	strings.Builder
	line   string
	cancel func()
}

func (c *cancelAt) Write(p []byte) (int, error) {
	if string(p) == c.line {
		c.cancel()
	}
	return c.Builder.Write(p)
}

// TestMain runs the test binary as an engine program when its arguments
// are "fake-engine ugi" or "fake-engine gtp", so that the tests of
// engine programs need no program built: PVS with the Network evaluator on
// one thread, over UGI within the limits it is sent, and over GTP, which
// cannot say a depth, to depth 1.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "fake-engine" {
		os.Exit(fakeEngine(os.Args[2]))
	}
	os.Exit(m.Run())
}

// fakeEngine serves PVS over protocol, ugi or gtp, on stdin and stdout.
func fakeEngine(protocol string) int {
	pvs := surakarta.NewPVS(surakarta.NewNetwork())
	pvs.Threads = 1
	var err error
	switch protocol {
	case "ugi":
		err = ugi.Serve(context.Background(), os.Stdin, os.Stdout, ugi.Engine{Name: "fake", Searcher: func() surakarta.Searcher { return pvs }})
	case "gtp":
		err = gtp.Serve(context.Background(), os.Stdin, os.Stdout, gtp.Engine{Name: "fake", Searcher: func() surakarta.Searcher { return depthOne{pvs} }})
	default:
		err = fmt.Errorf("no protocol %q", protocol)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// depthOne searches to depth 1 whatever the limits.
type depthOne struct{ *surakarta.PVS }

func (d depthOne) Search(ctx context.Context, g *surakarta.Game, _ surakarta.Limits) (surakarta.Result, error) {
	return d.PVS.Search(ctx, g, surakarta.Limits{Depth: 1})
}

// fakeSpec returns the engine spec of this test binary as an engine
// program over protocol, with the settings given (such as ",name=x").
func fakeSpec(protocol, settings string) string {
	return protocol + settings + ":'" + os.Args[0] + "' fake-engine " + protocol
}

// TestBookEngine: an engine that plays from a book is refused, with exit
// status 2: its book moves have no score.
func TestBookEngine(t *testing.T) {
	name := booktest.Write(t, 2, "1-0", "d2d3")
	code, stdout, stderr := analyze(context.Background(), "", "-engine", "pvs,tuned,book="+name, "-depth", "2", "-movetime", "0", "testdata/games.txt")
	if code != 2 || stdout != "" || !strings.Contains(stderr, "plays from the book "+name+": a book move has no score to analyse with") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// TestNoScoreEngine: an engine that reports no score (a search of depth
// 0) is refused before any record is read or written, or the -pictures
// directory made, with exit status 2: the players random and greedy and
// a GTP program, told by their results, not their names. A UGI program
// that reports scores is accepted, and annotates as the library does.
func TestNoScoreEngine(t *testing.T) {
	dir := t.TempDir()
	for _, engine := range []string{"random", "greedy", "GREEDY,seed=3", fakeSpec("gtp", "")} {
		out, pictures := filepath.Join(dir, "out.txt"), filepath.Join(dir, "pictures")
		code, stdout, stderr := analyze(context.Background(), "", "-engine", engine, "-depth", "2", "-movetime", "0", "-out", out, "-pictures", pictures, "testdata/games.txt")
		if code != 2 || stdout != "" || !strings.Contains(stderr, "reports no score: its search of the start position completed no iteration (depth 0)") || strings.Contains(stderr, "game 1") {
			t.Errorf("-engine %s: exit %d, stdout %q, stderr:\n%s", engine, code, stdout, stderr)
		}
		for _, file := range []string{out, pictures} {
			if _, err := os.Stat(file); !os.IsNotExist(err) {
				t.Errorf("-engine %s: %s was created (%v)", engine, file, err)
			}
		}
	}

	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	rec := readRecords(t, string(data))[0]
	var one bytes.Buffer
	if _, err := rec.WriteTo(&one); err != nil {
		t.Fatal(err)
	}
	// The name, with a tab that a record's header cannot hold, is written
	// with a space.
	code, stdout, stderr := analyze(context.Background(), one.String(), "-engine", fakeSpec("ugi", ",name=fake\tugi"), "-depth", "2", "-movetime", "0")
	if code != 0 {
		t.Fatalf("a UGI program: exit %d\n%s", code, stderr)
	}
	got := readRecords(t, stdout)[0]
	if want := expected(t, rec, 2); !maps.Equal(got.Comments, want) {
		t.Errorf("a UGI program: comments\n%v\nwant\n%v", got.Comments, want)
	}
	if v, _ := got.Header("Annotator"); v != "fake ugi, depth 2" {
		t.Errorf("a UGI program: Annotator %q", v)
	}
}

// TestBadInput: flags that cannot be used exit 2 before reading, records
// that do not read exit 1 with the line.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-depth", "-1"}, 2, "Depth -1 is negative"},
		{[]string{"-depth", "0", "-movetime", "0"}, 2, "give -depth, -nodes or -movetime a limit"},
		{[]string{"-engine", "x"}, 2, `-engine "x"`},
		{[]string{"a", "b"}, 2, `unexpected argument "b"`},
		{[]string{"-x"}, 2, "flag provided but not defined: -x"},
		{[]string{"testdata/missing.txt"}, 1, "missing.txt"},
		{[]string{"-picture-format", "gif"}, 2, `-picture-format "gif": give svg or png`},
		{[]string{"-pictures", "testdata/random.txt"}, 2, "-pictures testdata/random.txt: not a directory"},
	} {
		code, stdout, stderr := analyze(context.Background(), "", tc.args...)
		if code != tc.code || stdout != "" || !strings.HasPrefix(stderr, "surakarta-analyze: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, code, stdout, stderr, tc.code, tc.want)
		}
	}
	for _, tc := range []struct{ input, want string }{
		{"", "standard input holds no record"},
		{"[Result \"*\"]\n\n1. b2b5 *\n", "standard input: invalid record: line 3: ply 1: b2b5"},
	} {
		code, _, stderr := analyze(context.Background(), tc.input, "-depth", "1")
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("input %q: exit %d, stderr %q; want exit 1 and %q", tc.input, code, stderr, tc.want)
		}
	}
}

func TestHelp(t *testing.T) {
	code, stdout, stderr := analyze(context.Background(), "", "-h")
	if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: surakarta-analyze [flags] [FILE]\n") {
		t.Fatalf("-h: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	for _, want := range []string{"-engine", "-depth", "-nodes", "-movetime", "-out", "-svg", "-pictures", "-picture-format", "inaccuracy when it loses 20", "a mistake from 40", "a\nblunder from 60", "±200"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the usage lacks %q", want)
		}
	}
}

// TestAnalyzeTablebase analyses a game of 2 pieces against 1 played out
// by the capture-all tables, from the longest such win, with -engine
// pvs,tuned,tb=DIR at depth 2: every position's score is the tables'
// exact one, a win or a loss in as many plies as the tables say, which a
// search of depth 2 without them does not see.
func TestAnalyzeTablebase(t *testing.T) {
	dir := t.TempDir()
	if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	var start surakarta.Position
	longest := 0
	for w := range surakarta.NumSquares {
		for a := range surakarta.NumSquares {
			for b := a + 1; b < surakarta.NumSquares; b++ {
				p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(1<<a|1<<b), surakarta.SquareSet(1)<<w, surakarta.Black)
				if v, ok := tb.Probe(p); err == nil && ok && v.Result == surakarta.TableWin && v.Plies > longest {
					start, longest = p, v.Plies
				}
			}
		}
	}
	if longest < 5 {
		t.Fatalf("the longest win of 2 against 1 takes %d plies", longest)
	}
	g, err := surakarta.NewGameWithRules(start, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	s := surakarta.NewPVS(surakarta.NewTuned())
	s.Tables = tb
	var want []string // the tables' score of each position before its move
	for !g.Outcome().Over {
		v, _ := tb.Probe(g.Position())
		unit := "plies"
		if v.Plies == 1 {
			unit = "ply"
		}
		want = append(want, fmt.Sprintf("{%v in %d %s →", v.Result, v.Plies, unit))
		res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1})
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatal(err)
		}
	}
	var rec bytes.Buffer
	if _, err := record.New(g).WriteTo(&rec); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := analyze(context.Background(), rec.String(), "-engine", "pvs,tuned,tb="+dir, "-depth", "2", "-movetime", "0")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stderr, "tb="+strings.ToLower(dir)) {
		t.Errorf("no tables in the engine's name:\n%s", stderr)
	}
	// Each score, in order of the plies, in the text unwrapped.
	rest := strings.Join(strings.Fields(stdout), " ")
	for ply, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("ply %d: no %q after the scores before it, in\n%s", ply, w, stdout)
		}
		rest = rest[i+len(w):]
	}
	// Without the tables the first score is not the win's distance.
	if code, stdout, stderr := analyze(context.Background(), rec.String(), "-engine", "pvs,tuned", "-depth", "2", "-movetime", "0"); code != 0 || strings.Contains(stdout, want[0]) {
		t.Errorf("without the tables: exit %d, the analysis has %q too:\n%s\n%s", code, want[0], stdout, stderr)
	}
	if code, _, stderr := analyze(context.Background(), rec.String(), "-engine", "pvs,tuned,tb="+filepath.Join(dir, "missing")); code != 2 || !strings.Contains(stderr, "tb: ") {
		t.Errorf("a missing table directory: exit %d\n%s", code, stderr)
	}
}

// filler returns a comment of n bytes: words of 999 letters.
func filler(n int) string {
	b := bytes.Repeat([]byte("x"), n)
	for i := 999; i < n-1; i += 1000 {
		b[i] = ' '
	}
	return string(b)
}

// TestCommentLimit: when the comments would take a record beyond the most
// a record's may (record.MaxCommentBytes), here a record with
// long comments of its own, the annotations that fit are written, with a
// note after them on the plies that lack one, the record reads back,
// stderr says which plies lack one, and the summaries count every move:
// the analysis is not lost.
func TestCommentLimit(t *testing.T) {
	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	rec := readRecords(t, string(data))[0] // 29 plies
	want := expected(t, rec, 2)
	// Room for a few annotations and the note.
	rec.Comments[0] = filler(record.MaxCommentBytes - 2 - 500)
	var in bytes.Buffer
	if _, err := rec.WriteTo(&in); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := analyze(context.Background(), in.String(), "-depth", "2", "-movetime", "0")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	got := readRecords(t, stdout)[0].Comments
	fit := len(got) - 1 // the annotations of plies 1 to fit, and the comment before the first move
	if fit < 1 || fit >= 29 || got[0] != rec.Comments[0] {
		t.Fatalf("comments at %d plies", len(got))
	}
	for ply := 1; ply < fit; ply++ {
		if got[ply] != want[ply] {
			t.Errorf("the comment at ply %d is %q, want %q", ply, got[ply], want[ply])
		}
	}
	note := fmt.Sprintf(" — plies %d to 29 not annotated: the comments of plies %d to 29 would take the record's beyond 1048576 bytes, the most a record may hold (record.MaxCommentBytes)", fit+1, fit+1)
	if got[fit] != want[fit]+note {
		t.Errorf("the comment at ply %d is %q, want %q", fit, got[fit], want[fit]+note)
	}
	for _, line := range []string{
		fmt.Sprintf("game 1: plies %d to 29 not annotated in the record: their comments would take it beyond 1048576 bytes", fit+1),
		"game 1: Black (pvs,endgame): 15 moves, ",
		"game 1: White (pvs,tuned): 14 moves, ",
	} {
		if !strings.Contains(stderr, line) {
			t.Errorf("stderr lacks %q:\n%s", line, stderr)
		}
	}
}

// TestNotAnalysable: a game whose annotated record could not be written,
// since its own comments leave no room for the note on the plies not
// annotated or its headers no room for the Annotator header, and a -svg
// file in a directory that does not exist, are refused before any
// search, with exit status 1; the games before are written.
func TestNotAnalysable(t *testing.T) {
	data, err := os.ReadFile("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	recs := readRecords(t, string(data))
	full := readRecords(t, string(data))[1]
	full.Comments[0] = filler(record.MaxCommentBytes - 2)
	crowded := record.New(recs[1].Game)
	for i := range record.MaxHeaders - 4 { // and Rules, Position, Result and Reason
		crowded.Headers = append(crowded.Headers, record.Header{Name: fmt.Sprintf("H%d", i), Value: "v"})
	}
	for _, tc := range []struct {
		name string
		rec  *record.Record
		want string
	}{
		{"no room for the note", full, "game 2: not analysed: analysis: invalid analysis: the record's own comments take 1048576 of the 1048576 bytes"},
		{"no room for the header", crowded, "game 2: not analysed: the record has 100 headers, the most a record may (record.MaxHeaders), and no room for the Annotator header"},
	} {
		var in bytes.Buffer
		for _, rec := range []*record.Record{recs[0], tc.rec} {
			if _, err := rec.WriteTo(&in); err != nil {
				t.Fatal(err)
			}
		}
		code, stdout, stderr := analyze(context.Background(), in.String(), "-depth", "1", "-movetime", "0")
		if code != 1 || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "game 2: 3/27 positions searched") {
			t.Errorf("%s: exit %d, stderr:\n%s", tc.name, code, stderr)
		}
		if out := readRecords(t, stdout); len(out) != 1 || out[0].Game.Ply() != 29 {
			t.Errorf("%s: %d records written, want game 1's", tc.name, len(out))
		}
	}

	code, stdout, stderr := analyze(context.Background(), "", "-depth", "1", "-svg", filepath.Join(t.TempDir(), "missing", "graph.svg"), "testdata/games.txt")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "missing/graph.svg: its directory") || strings.Contains(stderr, "searched") {
		t.Errorf("-svg in a missing directory: exit %d, stdout %q, stderr:\n%s", code, stdout, stderr)
	}
}

// TestReachedDepth: an engine whose searches stop short of -depth, here
// level1, which looks one ply ahead, has the depth they reached in the
// Annotator header and on stderr, so that the record does not claim a
// depth it was not analysed to.
func TestReachedDepth(t *testing.T) {
	code, stdout, stderr := analyze(context.Background(), "", "-engine", "level1", "-depth", "10", "-movetime", "0", "testdata/games.txt")
	if code != 0 || !strings.Contains(stderr, "game 1: the engine's searches reached depth 1 at most, not the 10 asked\n") {
		t.Fatalf("exit %d, stderr:\n%s", code, stderr)
	}
	for i, rec := range readRecords(t, stdout) {
		if v, _ := rec.Header("Annotator"); v != "level1, depth 10 (its searches reached depth 1 at most)" {
			t.Errorf("record %d: Annotator %q", i+1, v)
		}
	}
	// The default engine reaches the depth: the header says no more.
	_, stdout, _ = analyze(context.Background(), "", "-depth", "3", "-movetime", "0", "testdata/games.txt")
	for i, rec := range readRecords(t, stdout) {
		if v, _ := rec.Header("Annotator"); v != "pvs,network, depth 3" {
			t.Errorf("pvs,network: record %d: Annotator %q", i+1, v)
		}
	}
}
