package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/tbdir"
	"github.com/surakarta-go/surakarta/tablebase"
	"github.com/surakarta-go/surakarta/ugi"
)

// tablesDir returns a directory with the capture-all tables of up to 3
// pieces and those of the quiet-ply limit 10.
func tablesDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, limit := range []int{0, 10} {
		if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 3, QuietPlyLimit: limit}); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestTablebasePathOption(t *testing.T) {
	dir := tablesDir(t)
	e := newEngine()
	// Refused paths change nothing.
	before := *e
	for _, bad := range []string{filepath.Join(dir, "missing"), filepath.Join(dir, "2v1-all.sktb"), t.TempDir()} {
		err := e.SetOption("TablebasePath", bad)
		if err == nil || !strings.Contains(err.Error(), "endgame tables: ") || *e != before {
			t.Errorf("TablebasePath %s: error %v, engine %+v", bad, err, *e)
		}
	}
	if err := e.SetOption("tablebasepath", dir); err != nil {
		t.Fatal(err)
	}
	s, ok := e.Searcher().(tbdir.PVS)
	if !ok {
		t.Fatalf("with tables the searcher is a %T", e.Searcher())
	}
	p, err := surakarta.ParsePosition("6/6/6/w5/6/1bb3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		rules surakarta.Rules
		hits  bool
		win   func(int) bool
	}{
		{surakarta.Rules{}, true, surakarta.IsWin},
		{surakarta.Rules{RepetitionLimit: 3}, true, surakarta.IsWin},
		{surakarta.Rules{QuietPlyLimit: 10}, true, func(s int) bool { return surakarta.IsWin(s) || surakarta.IsTableWin(s) }},
		{surakarta.OlympiadRules(), false, func(int) bool { return true }}, // no tables of the limit 50
	} {
		g, err := surakarta.NewGameWithRules(p, tc.rules)
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 2})
		if err != nil {
			t.Fatal(err)
		}
		if (res.TBHits > 0) != tc.hits || !tc.win(res.Score) {
			t.Errorf("rules %+v: %d hits, score %s; want hits %v and a win", tc.rules, res.TBHits, surakarta.FormatScore(res.Score), tc.hits)
		}
	}
	// An empty path drops the tables.
	if err := e.SetOption("TablebasePath", ""); err != nil {
		t.Fatal(err)
	}
	if pvs, ok := e.Searcher().(*surakarta.PVS); !ok || pvs.Tables != nil || e.tables != nil {
		t.Errorf("TablebasePath empty: searcher %T, engine tables %v", e.Searcher(), e.tables)
	}
}

func TestUGITablebasePath(t *testing.T) {
	dir := tablesDir(t)
	// A won position of 2 pieces against 1 without a capture: the search
	// has iterations to report.
	tb, err := tablebase.Open(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	var p surakarta.Position
	for black := range surakarta.NumSquares {
		for white := range surakarta.NumSquares {
			q, err := surakarta.NewPositionFromSets(surakarta.SquareSet(3<<black), surakarta.SquareSet(1<<white), surakarta.Black)
			if err != nil || black+1 >= surakarta.NumSquares {
				continue
			}
			v, ok := tb.Probe(q)
			if ok && v.Result == surakarta.TableWin && v.Plies > 3 {
				p = q
			}
		}
	}
	if p.Count(surakarta.Black) == 0 {
		t.Fatal("no won position")
	}
	in := strings.Join([]string{
		"ugi",
		"setoption name TablebasePath value " + filepath.Join(dir, "missing"),
		"setoption name TablebasePath value " + dir,
		"setoption name QuietPlyLimit value 0",
		"position fen " + p.String(),
		"go depth 3",
		"isready",
	}, "\n") + "\n"
	var out bytes.Buffer
	if err := ugi.Serve(context.Background(), strings.NewReader(in), &out, ugiEngine(newEngine())); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"option name TablebasePath type string default <empty>",
		"info string error: setoption: option TablebasePath: endgame tables: ",
		" tbhits ",
		"bestmove ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in the output:\n%s", want, text)
		}
	}
	if strings.Count(text, "info string error") != 1 {
		t.Errorf("want one error, for the missing directory:\n%s", text)
	}
}

// damageBlocks changes every byte of the table file name past its
// header of blocks blocks (the format of package tablebase: 27 bytes,
// then an offset for each block and one more, a checksum for each
// block, and the header's checksum), so that the header is sound and
// every block damaged.
func damageBlocks(t *testing.T, name string, blocks int) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for i := 27 + 8*(blocks+1) + 4*blocks + 4; i < len(data); i++ {
		data[i] ^= 0xff
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestTablebaseNotes: the engine takes a directory of good tables with a
// damaged one among them and a stray empty file of another rule set, and
// says what it took and what it left out, in info string lines; at go,
// that no tables fit the game's rules, and that a table was found
// damaged, each once, the search going on without it.
func TestTablebaseNotes(t *testing.T) {
	dir := tablesDir(t)
	if err := os.WriteFile(filepath.Join(dir, "1v1-q60.sktb"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	damageBlocks(t, filepath.Join(dir, "2v1-all.sktb"), 1) // 3,162 entries: one block
	p := startEngine(t, "engine")
	p.send("setoption name TablebasePath value "+dir, "isready")
	lines, _ := p.untilPrefix("readyok")
	want := []string{
		"info string endgame tables in " + dir + ": capture-all (QuietPlyLimit 0) up to 3 pieces; the quiet-ply limit 10 (QuietPlyLimit 10) up to 3 pieces",
		"info string endgame tables: not used: tablebase: no tables of these rules: " + dir + " holds no usable tables of the quiet-ply limit 60, only tables of capture-all (QuietPlyLimit 0) and the quiet-ply limit 10 (QuietPlyLimit 10), which a search uses in games of that quiet-ply limit only; left out: " + filepath.Join(dir, "1v1-q60.sktb") + ": tablebase: damaged table file: the header: EOF",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("setoption TablebasePath:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	notes := func(rules string, want string) {
		t.Helper()
		p.send("position fen 6/6/6/w5/6/1bb3 b 0 1", "go depth 2")
		lines, _ := p.untilPrefix("bestmove ")
		var got []string
		for _, l := range lines {
			if strings.HasPrefix(l, "info string ") {
				got = append(got, l)
			}
		}
		if (want == "" && len(got) > 0) || (want != "" && (len(got) != 1 || !strings.HasPrefix(got[0], want))) {
			t.Errorf("%s: %q, want one line starting %q", rules, got, want)
		}
	}
	notes("Olympiad rules", "info string endgame tables: none in "+dir+" fit this game's rules (QuietPlyLimit 50), so the search goes without them: it holds capture-all (QuietPlyLimit 0)")
	notes("Olympiad rules again", "")
	p.send("setoption name QuietPlyLimit value 0")
	notes("capture-all", "info string endgame tables: not used: "+filepath.Join(dir, "2v1-all.sktb")+": tablebase: damaged table file: block ")
	notes("capture-all again", "")
	p.send("setoption name QuietPlyLimit value 10")
	notes("a quiet-ply limit of 10", "")

	// GTP has no info string: the notes go to stderr.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-gtp"}, strings.NewReader("surakarta-setoption TablebasePath "+dir+"\nquit\n"), &stdout, &stderr); code != 0 ||
		!strings.HasPrefix(stdout.String(), "=") || !strings.HasPrefix(stderr.String(), "surakarta: endgame tables in "+dir+": capture-all") ||
		!strings.Contains(stderr.String(), "\nsurakarta: endgame tables: not used: ") {
		t.Errorf("GTP: status %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}
