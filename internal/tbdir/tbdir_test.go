package tbdir

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/tablebase"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	for _, limit := range []int{0, 10} {
		if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 3, QuietPlyLimit: limit}); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for rules, want := range map[surakarta.Rules]int{
		{}: 0, {RepetitionLimit: 2}: 0, {QuietPlyLimit: 10}: 10, {QuietPlyLimit: 10, RepetitionLimit: 3}: 10,
	} {
		if tb := d.For(rules); tb == nil || tb.TablesRules().QuietPlyLimit != want {
			t.Errorf("For(%+v) = %v, want the tables of the limit %d", rules, tb, want)
		}
	}
	if tb := d.Fitting(surakarta.Rules{QuietPlyLimit: 10, RepetitionLimit: 2}); tb == nil || tb.TablesRules().QuietPlyLimit != 10 {
		t.Errorf("Fitting(quiet 10, repetition 2) = %v, want the tables of the limit 10", tb)
	}
	if tb := d.Fitting(surakarta.OlympiadRules()); tb != nil {
		t.Errorf("Fitting(Olympiad rules) = %v, want none", tb)
	}
	var notes []string
	d.Notify(func(note string) { notes = append(notes, note) })
	if len(notes) != 0 {
		t.Errorf("Fitting made notes: %q", notes)
	}
	if tb := d.For(surakarta.OlympiadRules()); tb != nil {
		t.Errorf("For(Olympiad rules) = %v, want none: the directory has no tables of the limit 50", tb)
	}
	for _, bad := range []string{filepath.Join(dir, "missing"), filepath.Join(dir, "2v1-all.sktb"), t.TempDir()} {
		if _, err := Open(bad); err == nil {
			t.Errorf("Open(%s): no error", bad)
		}
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

// TestOpenUsable: OpenUsable opens the good tables of a directory where
// Open refuses it for a damaged header or a stray empty file of another
// rule set, and notes each file left out, once; a game whose rules no
// tables fit is noted once; a table a search finds damaged is noted once,
// when the search ends.
func TestOpenUsable(t *testing.T) {
	dir := t.TempDir()
	for _, limit := range []int{0, 10} {
		if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 3, QuietPlyLimit: limit}); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "1v1-q60.sktb"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	head := filepath.Join(dir, "1v2-q10.sktb")
	data, err := os.ReadFile(head)
	if err != nil {
		t.Fatal(err)
	}
	data[30] ^= 1
	if err := os.WriteFile(head, data, 0o644); err != nil {
		t.Fatal(err)
	}
	damageBlocks(t, filepath.Join(dir, "2v1-all.sktb"), 1) // 3,162 entries: one block
	if _, err := Open(dir); err == nil {
		t.Error("Open: no error")
	}
	d, err := OpenUsable(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var notes []string
	d.Notify(func(note string) { notes = append(notes, note) })
	if len(notes) != 2 || !strings.Contains(notes[0], "not used: "+head+": tablebase: damaged table file") ||
		!strings.Contains(notes[1], "not used: tablebase: no tables of these rules: "+dir+" holds no usable tables of the quiet-ply limit 60") ||
		!strings.Contains(notes[1], "1v1-q60.sktb: tablebase: damaged table file") {
		t.Errorf("the notes at opening:\n%s", strings.Join(notes, "\n"))
	}
	if got := d.Describe(); got != "capture-all (QuietPlyLimit 0) up to 3 pieces; the quiet-ply limit 10 (QuietPlyLimit 10) up to 2 pieces" {
		t.Errorf("Describe() = %q", got)
	}

	p, err := surakarta.ParsePosition("6/6/6/w5/6/1bb3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	for i, rules := range []surakarta.Rules{surakarta.OlympiadRules(), {}, {QuietPlyLimit: 50}, {}} {
		notes = nil
		g, err := surakarta.NewGameWithRules(p, rules)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (PVS{PVS: surakarta.NewPVS(surakarta.NewTuned()), Dir: d}).Search(context.Background(), g, surakarta.Limits{Depth: 2}); err != nil {
			t.Fatal(err)
		}
		var want string
		switch i {
		case 0:
			want = "endgame tables: none in " + dir + " fit this game's rules (QuietPlyLimit 50), so the search goes without them: it holds capture-all (QuietPlyLimit 0) up to 3 pieces;"
		case 1:
			want = "endgame tables: not used: " + filepath.Join(dir, "2v1-all.sktb") + ": tablebase: damaged table file: block "
		}
		if (want == "" && len(notes) > 0) || (want != "" && (len(notes) != 1 || !strings.HasPrefix(notes[0], want))) {
			t.Errorf("search %d, %+v: notes %q, want one starting %q", i, rules, notes, want)
		}
	}
}
