package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// runTB runs the command in-process.
func runTB(args ...string) (int, string, string) {
	return cmdtest.Run(func(args []string, stdout, stderr io.Writer) int {
		return run(context.Background(), args, stdout, stderr)
	}, args...)
}

var (
	tablesOnce sync.Once
	tablesDir  string // capture-all tables of up to 3 pieces
	quietDir   string // tables of up to 3 pieces under a quiet-ply limit of 6
	tablesErr  string
)

// tables returns directories of small tables, made once by the command.
func tables(t *testing.T) (all, quiet string) {
	t.Helper()
	tablesOnce.Do(func() {
		root, err := os.MkdirTemp("", "surakarta-tb-test")
		if err != nil {
			tablesErr = err.Error()
			return
		}
		tablesDir, quietDir = filepath.Join(root, "all"), filepath.Join(root, "q6")
		if code, _, stderr := runTB("generate", "-dir", tablesDir, "-pieces", "3"); code != 0 {
			tablesErr = stderr
		}
		if code, _, stderr := runTB("generate", "-dir", quietDir, "-pieces", "3", "-quiet-plies", "6"); code != 0 {
			tablesErr += stderr
		}
	})
	if tablesErr != "" {
		t.Fatal(tablesErr)
	}
	return tablesDir, quietDir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if tablesDir != "" {
		os.RemoveAll(filepath.Dir(tablesDir))
	}
	program.Remove()
	os.Exit(code)
}

// TestGenerateOutput: generate prints a line for each pair of classes it
// makes and a last line, writes one file per class, and a second run
// over the same directory makes nothing (it resumes).
func TestGenerateOutput(t *testing.T) {
	cmdtest.ClearEnv(t, cmdflag.ShardEnv...)
	dir := t.TempDir()
	code, stdout, stderr := runTB("generate", "-dir", dir, "-pieces", "3", "-workers", "2")
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	want := regexp.MustCompile(`^1v1-all\.sktb: 1260 positions \(210 entries\) in .*\n2v1-all\.sktb and 1v2-all\.sktb: 42840 positions \(6324 entries\) in .*\ndone: the tables of 2 to 3 pieces \(capture-all\) in .*, 2 workers, .*s\n$`)
	if !want.MatchString(stdout) {
		t.Errorf("stdout:\n%s", stdout)
	}
	for _, name := range []string{"1v1-all.sktb", "2v1-all.sktb", "1v2-all.sktb"} {
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Error(err)
		}
	}
	code, stdout, _ = runTB("generate", "-dir", dir, "-pieces", "3", "-workers", "2")
	if code != 0 || strings.Count(stdout, "\n") != 1 || !strings.HasPrefix(stdout, "done: ") {
		t.Errorf("second run: status %d, stdout %q", code, stdout)
	}
	code, stdout, _ = runTB("generate", "-dir", dir, "-pieces", "2", "-quiet-plies", "6")
	if code != 0 || !strings.HasPrefix(stdout, "1v1-q6.sktb: 1260 positions") || !strings.Contains(stdout, "(quiet-ply limit 6)") {
		t.Errorf("-quiet-plies 6: status %d, stdout %q", code, stdout)
	}
}

// captures reports whether the side to move of p has a capture.
func captures(p surakarta.Position) bool {
	for _, m := range p.LegalMoves() {
		if m.IsCapture() {
			return true
		}
	}
	return false
}

// TestProbeOneAgainstOne probes every position of one piece against one
// under capture-all and checks what follows from the rules alone: the
// mover wins in 1 ply exactly when it has a capture, and its best move is
// then a capture; without one, when every move gives the other side a
// capture, it loses in 2 plies.
func TestProbeOneAgainstOne(t *testing.T) {
	all, _ := tables(t)
	wins, losses := 0, 0
	for b := range surakarta.NumSquares {
		for w := range surakarta.NumSquares {
			if b == w {
				continue
			}
			p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(1)<<b, surakarta.SquareSet(1)<<w, surakarta.Black)
			if err != nil {
				t.Fatal(err)
			}
			line, err := probe(all, 0, p)
			if err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			f := strings.Fields(line)
			if len(f) != 3 {
				t.Fatalf("%v: %q", p, line)
			}
			if captures(p) {
				wins++
				m, err := surakarta.ParseMove(f[2])
				if err != nil {
					t.Fatal(err)
				}
				if m, err = p.Legal(m); err != nil || !m.IsCapture() || f[0] != "win" || f[1] != "1" {
					t.Errorf("%v: %q: want win 1 and a capture", p, line)
				}
				continue
			}
			lost := len(p.LegalMoves()) > 0
			for _, m := range p.LegalMoves() {
				after := p
				after.PlayUnchecked(m)
				lost = lost && captures(after)
			}
			if f[0] == "win" && f[1] == "1" {
				t.Errorf("%v: %q without a capture", p, line)
			}
			if lost {
				losses++
				if f[0] != "loss" || f[1] != "2" {
					t.Errorf("%v: %q: every move gives a capture, want loss 2", p, line)
				}
			}
		}
	}
	if wins == 0 || losses == 0 {
		t.Errorf("%d wins in 1, %d losses in 2: the test checks too little", wins, losses)
	}
}

// TestProbeRun: probe prints one line on stdout, for both rule sets.
// Under a quiet-ply limit of 6 a position with 5 quiet plies ends after
// the next ply unless a capture resets the count, so the side with more
// pieces wins and the other, without a capture, loses.
func TestProbeRun(t *testing.T) {
	all, quiet := tables(t)
	for _, tc := range []struct {
		args []string
		want string // a regular expression for the whole of stdout
	}{
		{[]string{"-dir", all, "-position", "6/1w4/6/6/b5/6 b"}, `^win 1 a2b5\n$`},
		{[]string{"-dir", all, "-position", "6/1w4/6/6/bw4/6 b"}, `^(win|loss) [0-9]+ [a-f][1-6][a-f][1-6]\n$`},
		{[]string{"-dir", quiet, "-quiet-plies", "6", "-position", "6/6/2b3/6/6/w4b b 5 1"}, `^win - [a-f][1-6][a-f][1-6]\n$`},
	} {
		code, stdout, stderr := runTB(append([]string{"probe"}, tc.args...)...)
		if code != 0 || stderr != "" || !regexp.MustCompile(tc.want).MatchString(stdout) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %s", tc.args, code, stdout, stderr, tc.want)
		}
	}
	// The one piece against two, with 5 quiet plies and no capture.
	found := false
	for b := range surakarta.NumSquares {
		p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(1)<<b, 1<<35|1<<34, surakarta.Black)
		if err != nil || b >= 34 {
			continue
		}
		if err := p.SetQuietPlies(5); err != nil {
			t.Fatal(err)
		}
		if captures(p) || len(p.LegalMoves()) == 0 {
			continue
		}
		found = true
		code, stdout, stderr := runTB("probe", "-dir", quiet, "-quiet-plies", "6", "-position", p.String())
		if code != 0 || !regexp.MustCompile(`^loss - [a-f][1-6][a-f][1-6]\n$`).MatchString(stdout) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want a loss", p, code, stdout, stderr)
		}
	}
	if !found {
		t.Error("no position of one piece against two without a capture")
	}
}

// TestBadArguments: every bad flag, position or directory is a clear
// error on stderr with a non-zero status, and nothing on stdout.
func TestBadArguments(t *testing.T) {
	cmdtest.ClearEnv(t, cmdflag.ShardEnv...)
	all, _ := tables(t)
	empty := t.TempDir()
	file := filepath.Join(empty, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "want a command: generate, probe or stats"},
		{[]string{"make"}, 2, `unknown command "make"`},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-colour", "x"}, 2, "flag provided but not defined: -colour"},
		{[]string{"generate", "-pieces", "3"}, 2, "give -dir"},
		{[]string{"generate", "-dir", empty}, 2, "-pieces 0: want 2 to 8"},
		{[]string{"generate", "-dir", empty, "-pieces", "0"}, 2, "-pieces 0: want 2 to 8"},
		{[]string{"generate", "-dir", empty, "-pieces", "1"}, 2, "-pieces 1: want 2 to 8"},
		{[]string{"generate", "-dir", empty, "-pieces", "9"}, 2, "-pieces 9: want 2 to 8"},
		{[]string{"generate", "-dir", empty, "-pieces", "-1"}, 2, "-pieces -1: want 2 to 8"},
		{[]string{"generate", "-dir", empty, "-pieces", "99999999999999999999"}, 2, "invalid value"},
		{[]string{"generate", "-dir", empty, "-pieces", "three"}, 2, "invalid value"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-quiet-plies", "-1"}, 2, "-quiet-plies -1: want 0 (capture-all) to 1000"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-quiet-plies", "1001"}, 2, "-quiet-plies 1001"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-workers", "-2"}, 2, "-workers -2"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-workers", "1025"}, 2, "-workers 1025: want 0 (all cores) to 1024"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shard", "2/2"}, 2, "index 2 is not between 0 and 1"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shard", "x"}, 2, `shard "x": want i/N`},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shard", "0/0"}, 2, "want at least 1 shard"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shard", "0/2", "-shards", "2"}, 2, "give one of them"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shards", "2"}, 2, "no shard index"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shard", "0/2000"}, 2, "invalid options"},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "-shard", "0/2"}, 1, "needs those of 2, which are not all in"},
		{[]string{"generate", "-dir", file, "-pieces", "2"}, 1, "surakarta-tb generate: the tables of 2 to 2 pieces (capture-all) in " + file},
		{[]string{"generate", "-dir", empty, "-pieces", "3", "extra"}, 2, `unexpected argument "extra"`},
		{[]string{"probe", "-position", "6/1w4/6/6/b5/6 b"}, 2, "give -dir"},
		{[]string{"probe", "-dir", all, "-position", "6/1w4/6/6/b5/6"}, 2, "-position: invalid position"},
		{[]string{"probe", "-dir", all, "-position", "7/6/6/6/6/6 b"}, 2, "-position: invalid position"},
		{[]string{"probe", "-dir", all, "-position", "bbbbbb/bbbbbb/6/6/wwwwww/wwwwww b", "-quiet-plies", "x"}, 2, "invalid value"},
		{[]string{"probe", "-dir", all}, 2, "give -position, the position to probe"},
		{[]string{"probe", "-dir", all, "-position", "bbbbbb/bbbbbb/6/6/wwwwww/wwwwww b"}, 1, "no table of 12 against 12 pieces (" + all + " holds every class of up to 3 pieces, capture-all)"},
		{[]string{"probe", "-dir", all, "-position", "6/1w4/6/6/bb4/b5 w"}, 1, "no table of 1 against 3 pieces"},
		{[]string{"probe", "-dir", all, "-position", "6/6/6/6/bb4/6 w"}, 1, "the game is over: a side has no pieces"},
		{[]string{"probe", "-dir", all, "-position", "6/6/6/6/ww4/bw4 b"}, 1, "the game is over: the side to move has no legal move"},
		{[]string{"probe", "-dir", all, "-position", "6/1w4/6/6/b5/6 b 6 1", "-quiet-plies", "6"}, 1, "the game is over: 6 quiet plies, the limit is 6"},
		{[]string{"probe", "-dir", all, "-position", "6/1w4/6/6/b5/6 b", "-quiet-plies", "50"}, 1, all + " holds no tables of quiet-ply limit 50 (make them with surakarta-tb generate): it holds those of -quiet-plies 0"},
		{[]string{"probe", "-dir", empty, "-position", "6/1w4/6/6/b5/6 b"}, 1, empty + " holds no tables of capture-all (make them with surakarta-tb generate)\n"},
		{[]string{"probe", "-dir", filepath.Join(empty, "none"), "-position", "6/1w4/6/6/b5/6 b"}, 1, "-dir: stat " + filepath.Join(empty, "none") + ": no such file or directory"},
		{[]string{"probe", "-dir", file, "-position", "6/1w4/6/6/b5/6 b"}, 1, "not a directory"},
	} {
		code, stdout, stderr := runTB(tc.args...)
		// The errors are the command's, not a package's ("match: …").
		if code != tc.code || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Contains(stderr, "panic") || strings.Contains(stderr, "match: ") {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, code, stdout, stderr, tc.code, tc.want)
		}
	}
}

// TestGenerateRemakesDamaged: generate over a directory whose table has
// a sound header but a damaged block says so, makes it again, the bytes
// of a sound run, and ends done.
func TestGenerateRemakesDamaged(t *testing.T) {
	cmdtest.ClearEnv(t, cmdflag.ShardEnv...)
	all, _ := tables(t)
	dir := t.TempDir()
	for _, name := range []string{"1v1-all.sktb", "2v1-all.sktb", "1v2-all.sktb"} {
		data, err := os.ReadFile(filepath.Join(all, name))
		if err != nil {
			t.Fatal(err)
		}
		if name == "2v1-all.sktb" {
			data[len(data)-100] ^= 0x10
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, stdout, stderr := runTB("generate", "-dir", dir, "-pieces", "3")
	want := regexp.MustCompile(`^2v1-all\.sktb cannot be used, made again: .*2v1-all\.sktb: tablebase: damaged table file: block \d+'s checksum\n2v1-all\.sktb and 1v2-all\.sktb: 42840 positions \(6324 entries\) in .*\ndone: `)
	if code != 0 || stderr != "" || !want.MatchString(stdout) {
		t.Errorf("status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	sameFiles(t, "made again", all, dir)
}

// TestHelp: -h of the command and of each subcommand prints its usage on
// stdout with status 0.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"generate", "-h"}, {"probe", "-h"}, {"stats", "-h"}} {
		code, stdout, stderr := runTB(args...)
		if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "usage: surakarta-tb ") {
			t.Errorf("%q: status %d, stdout %q, stderr %q", args, code, stdout, stderr)
		}
	}
}

// TestStats: stats prints a line per class, fewer pieces first, whose
// counts add up to the class's positions, and whose longest win probe
// gives as a win in as many plies; under a quiet-ply limit, no distance.
func TestStats(t *testing.T) {
	all, quiet := tables(t)
	code, stdout, stderr := runTB("stats", "-dir", all)
	if code != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", code, stderr)
	}
	line := regexp.MustCompile(`^(\dv\d) positions (\d+) win (\d+) [0-9.]+% draw (\d+) [0-9.]+% loss (\d+) [0-9.]+% longest-win (\d+) (.+)$`)
	lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
	var classes []string
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("line %q", l)
		}
		classes = append(classes, m[1])
		var n [4]int
		for i := range n {
			n[i], _ = strconv.Atoi(m[2+i])
		}
		if n[1]+n[2]+n[3] != n[0] {
			t.Errorf("%q: the counts do not add up", l)
		}
		code, out, errOut := runTB("probe", "-dir", all, "-position", m[7])
		if code != 0 || !strings.HasPrefix(out, "win "+m[6]+" ") {
			t.Errorf("%q: probe of the longest win: status %d, %q %q", l, code, out, errOut)
		}
	}
	if got := strings.Join(classes, " "); got != "1v1 2v1 1v2" {
		t.Errorf("classes %s, want 1v1 2v1 1v2", got)
	}
	if !strings.HasPrefix(stdout, "1v1 positions 1260 ") {
		t.Errorf("stdout %q", stdout)
	}
	code, stdout, _ = runTB("stats", "-dir", quiet, "-quiet-plies", "6")
	if code != 0 || strings.Count(stdout, "longest-win - -\n") != 3 {
		t.Errorf("-quiet-plies 6: status %d, stdout %q", code, stdout)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"stats", "-dir", all, "-quiet-plies", "50"}, 1, "holds no tables of quiet-ply limit 50"},
		{[]string{"stats", "-dir", filepath.Join(all, "none")}, 1, "no such file or directory"},
		{[]string{"stats"}, 2, "give -dir"},
		{[]string{"stats", "-dir", all, "-pieces", "3"}, 2, "flag provided but not defined: -pieces"},
	} {
		code, stdout, stderr := runTB(tc.args...)
		if code != tc.code || stdout != "" || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, code, stdout, stderr, tc.code, tc.want)
		}
	}
}
