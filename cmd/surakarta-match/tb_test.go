package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/tablebase"
)

// TestTablebaseFlag: -tb DIR adjudicates by the tables of the quiet-ply
// limit 50 in DIR, whose records resume and merge; a directory without
// them, and a bad -tbpieces, are refused before any game.
func TestTablebaseFlag(t *testing.T) {
	dir := t.TempDir()
	q50, all := filepath.Join(dir, "q50"), filepath.Join(dir, "all")
	for _, g := range []struct {
		dir   string
		limit int
	}{{q50, 50}, {all, 0}} {
		if err := tablebase.Generate(context.Background(), g.dir, tablebase.Options{Pieces: 3, QuietPlyLimit: g.limit}); err != nil {
			t.Fatal(err)
		}
	}
	openings := filepath.Join(dir, "openings.txt")
	if err := os.WriteFile(openings, []byte("bb4/6/6/6/6/5w b 0 1\nbb4/6/6/6/6/4ww w 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "games.txt")
	base := []string{"-engine", "pvs,tuned", "-engine", "pvs,endgame", "-depth", "1", "-movetime", "0", "-games", "4", "-openings", openings, "-out", out}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-tb", all}, "-tb " + all + ": no endgame tables of the match's rules, the Olympiad rules (QuietPlyLimit 50), only those of capture-all (QuietPlyLimit 0) up to 3 pieces: make them with surakarta-tb generate -dir " + all + " -pieces 4 -quiet-plies 50"},
		{[]string{"-tb", filepath.Join(dir, "none")}, "-tb " + filepath.Join(dir, "none") + ": stat "},
		{[]string{"-tb", q50, "-tbpieces", "-1"}, "-tbpieces -1: want 0 (every position the tables hold) or more pieces"},
		{[]string{"-tbpieces", "2"}, "-tbpieces 2 without -tb"},
	} {
		code, stdout, stderr := runCmd(append(base, tc.args...)...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "surakarta-match: "+tc.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and an error %q", tc.args, code, stdout, stderr, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%q: a record file was written", tc.args)
		}
	}

	args := append(base, "-tb", q50, "-tbpieces", "5")
	code, stdout, stderr := runCmd(args...)
	if code != 0 || !strings.HasPrefix(stdout, "pvs,tuned vs pvs,endgame: W-D-L ") ||
		!strings.Contains(stderr, "adjudicating by the endgame tables in "+q50+" (the quiet-ply limit 50, up to 3 pieces): positions of up to 3 pieces\n") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	records, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// The 3-piece opening is adjudicated before its first move, in both
	// of its games.
	if n := strings.Count(string(records), "[Reason \"adjudicated: tablebase\"]"); n < 2 || strings.Count(string(records), "[Tablebase \"") != n {
		t.Errorf("%d games adjudicated by the tables; want 2 or more, with a Tablebase header:\n%s", n, records)
	}
	for _, again := range [][]string{args, base} {
		if code, resumed, stderr := runCmd(again...); code != 0 || resumed != stdout || !strings.Contains(stderr, "resumed 4 games") {
			t.Errorf("%q again: exit %d, stdout %q, stderr %q; want %q, the games resumed", again, code, resumed, stderr, stdout)
		}
	}
	if code, merged, stderr := runCmd("-merge", out); code != 0 || merged != stdout {
		t.Errorf("-merge: exit %d, stdout %q, stderr %q; want %q", code, merged, stderr, stdout)
	}
	if code, _, stderr := runCmd("-merge", "-tb", q50, out); code != 2 || !strings.Contains(stderr, "-tb is not for -merge") {
		t.Errorf("-merge -tb: exit %d, stderr %q", code, stderr)
	}
}
