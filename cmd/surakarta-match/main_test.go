package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/booktest"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// runCmd runs the command and returns its exit status and output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	return cmdtest.Run(run, args...)
}

func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		code, out, errOut := runCmd(arg)
		if code != 0 || !strings.HasPrefix(out, "usage: surakarta-match -engine A -engine B [flags]\n") || errOut != "" {
			t.Errorf("match %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out, errOut)
		}
		for _, want := range []string{"-engine", "-games", "-sprt", "-opening-plies", "-openings FILE", "-concurrency", "-merge", "-tb DIR", "-tbpieces N", "enginespec.Parse"} {
			if !strings.Contains(out, want) {
				t.Errorf("match %s: the usage lacks %q", arg, want)
			}
		}
	}
}

// TestBadArguments: every bad flag is an error before any game starts and
// before anything is printed on stdout; no record file is written.
func TestBadArguments(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-games", "3"}, "Games 3 is odd"},
		{[]string{"-games", "0"}, "Games 0: want a positive number"},
		{[]string{"-games", "-4"}, "Games -4"},
		{[]string{"-nodes", "-5"}, "Nodes -5 is negative"},
		{[]string{"-depth", "-1"}, "Depth -1 is negative"},
		{[]string{"-movetime", "-1s"}, "MoveTime -1s is negative"},
		{[]string{"-movetime", "0", "-depth", "0"}, "give -movetime, -nodes, -depth or -tc a limit"},
		{[]string{"-tc", "10s"}, `-tc "10s": want BASE+INCREMENT`},
		{[]string{"-tc", "x+1s"}, `-tc "x+1s"`},
		{[]string{"-tc", "0s+1s"}, "positive BASE"},
		{[]string{"-tc", "1s+-1s"}, `-tc "1s+-1s"`},
		{[]string{"-tc", "1s+"}, `-tc "1s+"`},
		{[]string{"-tc", "+1s"}, `-tc "+1s"`},
		{[]string{"-tc", "0/1s+0s"}, `-tc "0/1s+0s"`},
		{[]string{"-tc", "-3/1s+0s"}, `-tc "-3/1s+0s"`},
		{[]string{"-tc", "a/1s+0s"}, `-tc "a/1s+0s"`},
		{[]string{"-tc", "1/2/1s+0s"}, `-tc "1/2/1s+0s"`},
		{[]string{"-tc", "1e400s+0s"}, `-tc "1e400s+0s"`},
		{[]string{"-tc", "10s+100ms", "-movetime", "-1s"}, "MoveTime -1s is negative"},
		{[]string{"-opening-plies", "-1"}, "-opening-plies -1"},
		{[]string{"-opening-plies", "0"}, "-opening-plies 0"},
		{[]string{"-games", "48126"}, "Games 48126 needs 24063 openings, one per game pair, but 4 plies from the start make at most 24062 distinct ones: play more plies (-opening-plies)"},
		{[]string{"-games", "2000000000", "-opening-plies", "7"}, "but 7 plies from the start make at most 409747800 distinct ones: play more plies (-opening-plies)"},
		{[]string{"-openings", "4"}, "-openings 4: open 4: no such file or directory (-openings is a file of positions; the random plies of each opening are -opening-plies)"},
		{[]string{"-concurrency", "-1"}, "Concurrency -1 is negative"},
		{[]string{"extra"}, `unexpected argument "extra"`},
		{[]string{"-games", "2", "4"}, `unexpected argument "4"`},
		{[]string{"-sprt", "10,0"}, "Elo0 10 is not below Elo1 0"},
		{[]string{"-sprt", "5,5"}, "not below"},
		{[]string{"-sprt", "nan,10"}, "Elo0 NaN is not a finite number"},
		{[]string{"-sprt", "0,inf"}, "Elo1 +Inf"},
		{[]string{"-sprt", "10"}, `-sprt "10": want elo0,elo1`},
		{[]string{"-sprt", "a,b"}, `-sprt "a,b"`},
		{[]string{"-engine", "pvs,endgame,bogus=1", "-engine", "pvs,tuned"}, `-engine "pvs,endgame,bogus=1": unknown option "bogus"`},
		{[]string{"-engine", "pvs,tuned", "-engine", "negamax,sixfactor"}, `unknown searcher "negamax"`},
		{[]string{"-engine", "pvs,endgame"}, "-engine given 1 time: give it twice"},
		{[]string{"-engine"}, "flag needs an argument: -engine"},
		{[]string{"-engine", "pvs,endgame", "-engine", "pvs,tuned", "-engine", "pvs,sixfactor"}, "-engine given 3 times"},
		{[]string{"-a", "pvs,endgame"}, "flag provided but not defined: -a"},
		{[]string{"-games", "x"}, `invalid value "x" for flag -games`},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
	} {
		args := []string{"-out", file, "-depth", "1", "-concurrency", "1"}
		if !slices.Contains(tc.args, "-engine") {
			args = append(args, "-engine", "pvs,sixfactor", "-engine", "alphabeta,sixfactor")
		}
		code, out, errOut := runCmd(append(args, tc.args...)...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "surakarta-match: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("match %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
		if strings.Contains(errOut, "match: match:") || strings.Contains(errOut, " vs ") {
			t.Errorf("match %q: stderr %q", tc.args, errOut)
		}
		if _, err := os.Stat(file); err == nil {
			t.Fatalf("match %q: a record file was written", tc.args)
		}
	}
}

// TestMatch plays a short match into a record file, then resumes it.
func TestMatch(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	args := []string{"-engine", "pvs,endgame", "-engine", "alphabeta,sixfactor", "-games", "4", "-depth", "1", "-movetime", "0", "-concurrency", "2", "-out", file, "-sprt", "0,10"}
	code, out, errOut := runCmd(args...)
	if code != 0 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "pvs,endgame vs alphabeta,sixfactor: W-D-L ") ||
		!strings.Contains(out, "SPRT [0, 10]") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if !strings.HasPrefix(errOut, "pvs,endgame vs alphabeta,sixfactor: 4 games, depth 1\n") || !strings.Contains(errOut, "games 4/4") {
		t.Errorf("stderr %q", errOut)
	}
	code, again, errOut := runCmd(args...)
	if code != 0 || again != out || !strings.Contains(errOut, "resumed 4 games from "+file) {
		t.Errorf("rerun: exit %d, stdout %q (first %q), stderr %q", code, again, out, errOut)
	}
}

// TestOneSpecTwice: an engine given twice, or two engines of one name,
// play as NAME#1 and NAME#2, which resume; name= names an engine; "pvs"
// is the engine "pvs,network".
func TestOneSpecTwice(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	for _, tc := range []struct {
		a, b, name string
	}{
		{"pvs,endgame", "PVS, endgame", "pvs,endgame"},
		{"pvs,endgame,name=x", "alphabeta,sixfactor,name=x", "x"},
		{"pvs", "pvs,network", "pvs,network"}, // a searcher alone has the default evaluator, and says so
	} {
		args := []string{"-engine", tc.a, "-engine", tc.b, "-games", "2", "-depth", "1", "-movetime", "0", "-out", file}
		code, out, errOut := runCmd(args...)
		a, b := tc.name+"#1", tc.name+"#2"
		note := fmt.Sprintf("both engines are named %s: the records name A %s and B %s (name= in a spec names an engine)\n", tc.name, a, b)
		if code != 0 || !strings.HasPrefix(out, a+" vs "+b+": W-D-L ") || !strings.HasPrefix(errOut, a+" vs "+b+": 2 games, depth 1\n"+note) {
			t.Errorf("%s and %s: exit %d, stdout %q, stderr %q", tc.a, tc.b, code, out, errOut)
		}
		if code, again, errOut := runCmd(args...); code != 0 || again != out || !strings.Contains(errOut, "resumed 2 games") {
			t.Errorf("%s and %s again: exit %d, stdout %q, stderr %q; want the 2 games resumed", tc.a, tc.b, code, again, errOut)
		}
		os.Remove(file)
	}
	code, out, _ := runCmd("-engine", "pvs,endgame,name=new", "-engine", "pvs,endgame,name=base", "-games", "2", "-depth", "1", "-movetime", "0")
	if code != 0 || !strings.HasPrefix(out, "new vs base: W-D-L ") {
		t.Errorf("name=: exit %d, stdout %q", code, out)
	}
}

// TestConcurrencyAtMostTheCores: a -concurrency beyond the cores, which
// would only share them (20,000 killed the process), plays one game per
// core, and says so after the match's line.
func TestConcurrencyAtMostTheCores(t *testing.T) {
	cores := runtime.GOMAXPROCS(0)
	code, out, errOut := runCmd("-engine", "pvs,endgame", "-engine", "alphabeta,sixfactor", "-games", "2", "-depth", "1", "-movetime", "0", "-concurrency", "20000")
	games := "games"
	if cores == 1 {
		games = "game"
	}
	want := fmt.Sprintf("pvs,endgame vs alphabeta,sixfactor: 2 games, depth 1\n-concurrency 20000: playing %d %s at once, one per core (more would only share the cores)\n", cores, games)
	if code != 0 || !strings.HasPrefix(out, "pvs,endgame vs alphabeta,sixfactor: W-D-L ") || !strings.HasPrefix(errOut, want) {
		t.Errorf("exit %d, stdout %q, stderr %q; want stderr to start %q", code, out, errOut, want)
	}
	if _, _, errOut := runCmd("-engine", "pvs,endgame", "-engine", "alphabeta,sixfactor", "-games", "2", "-depth", "1", "-movetime", "0", "-concurrency", strconv.Itoa(cores)); strings.Contains(errOut, "-concurrency") {
		t.Errorf("-concurrency %d, the cores: stderr %q", cores, errOut)
	}
}

// TestOpeningsFile: -openings reads a file of positions, one a line, and
// its errors name the line; a match from it starts its rounds from them.
func TestOpeningsFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	good := write("good.txt", "# endgames\n\nbb4/b5/6/6/5w/4ww b 0 1\r\n  # a comment\nbbb3/6/6/6/6/3www w 0 1\n")
	badLine := write("bad.txt", "# endgames\nbb4/b5/6/6/5w/4ww b 0 1\n\nbb4/b5/6/6/5w b 0 1\n")
	empty := write("empty.txt", "")
	comments := write("comments.txt", "# only\n\n# comments\n")
	over := write("over.txt", "bb4/b5/6/6/5w/4ww b 0 1\nbb4/6/6/6/6/6 w 0 1\n")
	twice := write("twice.txt", "bb4/b5/6/6/5w/4ww b 0 1\nbb4/b5/6/6/5w/4ww b 0 1\n")
	// A line one byte too long, and one longer than the reader's buffer.
	longLine := write("long.txt", "bb4/b5/6/6/5w/4ww b 0 1\n# "+strings.Repeat("x", maxOpeningsLine-1)+"\n")
	longer := write("longer.txt", "bb4/b5/6/6/5w/4ww b 0 1\n\n"+strings.Repeat("x", 3*maxOpeningsLine))
	large := write("large.txt", "")
	if err := os.Truncate(large, maxOpeningsFile+1); err != nil { // no blocks on disk where sparse files are
		t.Fatal(err)
	}
	out := filepath.Join(dir, "games.txt")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-openings", badLine}, "-openings: " + badLine + ":4: invalid position"},
		{[]string{"-openings", empty}, "-openings: " + empty + " holds no position"},
		{[]string{"-openings", comments}, "holds no position"},
		{[]string{"-openings", filepath.Join(dir, "none.txt")}, "-openings: open " + filepath.Join(dir, "none.txt") + ": no such file"},
		{[]string{"-openings", good, "-opening-plies", "4"}, "-openings and -opening-plies: the openings are either given in a file or random plies from the start, not both"},
		{[]string{"-opening-plies", "6", "-openings", good}, "not both"},
		{[]string{"-openings", good, "-games", "6"}, "Games 6 needs 3 openings (one per game pair), but 2 are given"},
		{[]string{"-openings", over}, "opening 2 (bb4/6/6/6/6/6 w 0 1) is a finished game"},
		{[]string{"-openings", twice}, "opening 2 (bb4/b5/6/6/5w/4ww b 0 1) is opening 1 again"},
		{[]string{"-openings", large}, fmt.Sprintf("-openings: %s is larger than %d MiB: too large for a file of openings", large, maxOpeningsFile>>20)},
		{[]string{"-openings", longLine}, fmt.Sprintf("-openings: %s:2: a line longer than %d bytes (one position text a line)", longLine, maxOpeningsLine)},
		{[]string{"-openings", longer}, fmt.Sprintf("-openings: %s:3: a line longer than %d bytes", longer, maxOpeningsLine)},
	} {
		args := append([]string{"-engine", "pvs,tuned", "-engine", "pvs,endgame", "-depth", "1", "-games", "2", "-out", out}, tc.args...)
		code, stdout, errOut := runCmd(args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(errOut, "surakarta-match: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("match %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, stdout, errOut, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("match %q: a record file was written", tc.args)
		}
	}

	args := []string{"-engine", "pvs,tuned", "-engine", "pvs,endgame", "-depth", "1", "-movetime", "0", "-games", "4", "-openings", good, "-out", out}
	code, stdout, errOut := runCmd(args...)
	if code != 0 || !strings.HasPrefix(stdout, "pvs,tuned vs pvs,endgame: W-D-L ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, errOut)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.ReadAll(f)
	if err != nil || len(recs) != 4 {
		t.Fatalf("%d records, %v; want 4", len(recs), err)
	}
	for _, r := range recs {
		n, _ := r.Header("Round")
		want := map[string]string{"1": "bb4/b5/6/6/5w/4ww b 0 1", "2": "bb4/b5/6/6/5w/4ww b 0 1", "3": "bbb3/6/6/6/6/3www w 0 1", "4": "bbb3/6/6/6/6/3www w 0 1"}[n]
		if got := r.Game.StartPosition().String(); got != want {
			t.Errorf("round %s starts from %s, want %s", n, got, want)
		}
	}
	// Resumed from the same file, and merged from the records alone.
	if code, again, errOut := runCmd(args...); code != 0 || again != stdout || !strings.Contains(errOut, "resumed 4 games") {
		t.Errorf("rerun: exit %d, stdout %q (first %q), stderr %q", code, again, stdout, errOut)
	}
	if code, merged, errOut := runCmd("-merge", out); code != 0 || merged != stdout {
		t.Errorf("-merge: exit %d, stdout %q (the match's %q), stderr %q", code, merged, stdout, errOut)
	}
	// Another file: refused.
	other := write("other.txt", "bbb3/6/6/6/6/3www w 0 1\nbb4/b5/6/6/5w/4ww b 0 1\n")
	if code, _, errOut := runCmd(append(args[:len(args)-4], "-openings", other, "-out", out)...); code != 1 || !strings.Contains(errOut, "the file was played with other openings") {
		t.Errorf("another openings file: exit %d, stderr %q", code, errOut)
	}
}

// TestClockMatch plays a short match on a clock: no forfeit, and the
// records name the clock and the time left. -depth, given with -tc, also
// applies; -movetime does not unless given.
//
// The searches are bounded by -depth 2, far within the clock: with moves
// played on time alone (a 1 s clock) the engines kept as little as 7 ms
// under -race on 2 cores, and lost on time when another test ran beside
// them. Whether the engines manage a tight clock is the match package's
// test; this one checks what the flags make of the clock.
func TestClockMatch(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	code, out, errOut := runCmd("-engine", "pvs,endgame", "-engine", "pvs,tuned", "-tc", "10s+100ms", "-depth", "2", "-games", "2", "-concurrency", "2", "-out", file)
	if code != 0 || !strings.HasPrefix(out, "pvs,endgame vs pvs,tuned: W-D-L ") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	if !strings.HasPrefix(errOut, "pvs,endgame vs pvs,tuned: 2 games, 10s+100ms, depth 2\n") || strings.Contains(errOut, "forfeits") {
		t.Errorf("stderr:\n%s", errOut)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.ReadAll(f)
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d records, %v; want 2", len(recs), err)
	}
	for _, r := range recs {
		tc, _ := r.Header("TimeControl")
		left, _ := r.Header("TimeLeft")
		_, forfeit := r.Header("Forfeit")
		if tc != "10s+100ms, depth 2" || !strings.HasPrefix(left, "black ") || forfeit || r.Reason == "time forfeit" {
			t.Errorf("TimeControl %q, TimeLeft %q, reason %q", tc, left, r.Reason)
		}
	}
	for args, want := range map[string]string{
		"-tc 40/1s+0s -depth 1":              "40/1s+0s, depth 1",
		"-tc 1s+0s -depth 1 -movetime 500ms": "1s+0s, 500ms/move, depth 1",
	} {
		code, _, errOut := runCmd(append(strings.Fields(args), "-games", "2", "-engine", "pvs,sixfactor", "-engine", "alphabeta,sixfactor")...)
		if code != 0 || !strings.HasPrefix(errOut, "pvs,sixfactor vs alphabeta,sixfactor: 2 games, "+want+"\n") {
			t.Errorf("match %s: exit %d, stderr:\n%s", args, code, errOut)
		}
	}
}

// A match of two games at depth 1: the summary goes to stdout, the
// progress to stderr.
func Example() {
	run([]string{"-engine", "pvs,endgame", "-engine", "alphabeta,sixfactor", "-games", "2", "-depth", "1", "-movetime", "0"}, os.Stdout, new(strings.Builder))
	// Output:
	// pvs,endgame vs alphabeta,sixfactor: W-D-L 2-0-0, score 100.0%, Elo +Inf (no interval: all 2 games alike), LOS 92.1%, pairs 0-0-0-0-1, pair Elo +Inf (no interval from one pair)
}

// TestAllowBook: an engine with a book is refused, with the reason,
// unless -allow-book.
func TestAllowBook(t *testing.T) {
	name := booktest.Write(t, 1, "1-0", "d2d3")
	args := []string{"-engine", "alphabeta,sixfactor,book=" + name, "-engine", "alphabeta,endgame", "-games", "2", "-depth", "1", "-movetime", "0"}
	code, _, errOut := runCmd(args...)
	if code != 2 || !strings.Contains(errOut, "plays from the book "+name+": a book makes the games of a match alike") || !strings.Contains(errOut, "-allow-book") {
		t.Errorf("without -allow-book: exit %d, stderr %q", code, errOut)
	}
	code, out, errOut := runCmd(append(args, "-allow-book")...)
	if code != 0 || !strings.HasPrefix(out, "alphabeta,sixfactor,book=") {
		t.Errorf("with -allow-book: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
