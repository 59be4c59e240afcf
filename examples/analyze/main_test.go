package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runCmd runs the command and returns its exit status and output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut strings.Builder
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		code, out, errOut := runCmd(arg)
		if code != 0 || !strings.HasPrefix(out, "usage: analyze [flags]\n") || errOut != "" {
			t.Errorf("analyze %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out, errOut)
		}
		for _, want := range []string{"-position", "-engine", "-movetime", "-depth", "-multipv", "ranks from 6 down to 1"} {
			if !strings.Contains(out, want) {
				t.Errorf("analyze %s: the usage lacks %q", arg, want)
			}
		}
	}
}

// TestBadArguments: every bad argument is an error before anything is
// printed on stdout.
func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "-1"}, "Depth -1 is negative"},
		{[]string{"-movetime", "-1s"}, "MoveTime -1s is negative"},
		{[]string{"-multipv", "-1"}, "MultiPV -1 is negative"},
		{[]string{"-movetime", "0"}, "give -movetime or -depth a limit"},
		{[]string{"-engine", "negamax,tuned"}, `-engine "negamax,tuned": unknown searcher "negamax"`},
		{[]string{"-engine", "pvs,tuned,threads=0"}, "threads"},
		{[]string{"-engine", "alphabeta,tuned,threads=2"}, "is for pvs only"},
		{[]string{"-engine", "pvs,material"}, `unknown evaluator "material"`},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"-depth", "x"}, `invalid value "x" for flag -depth`},
		{[]string{"-position", "6/6/6 b"}, "invalid position"},
		{[]string{"6/1w4/6/6/bw4/6 b"}, `unexpected argument "6/1w4/6/6/bw4/6 b" (give the position with -position)`},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "analyze: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("analyze %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
		if strings.Contains(errOut, "match:") {
			t.Errorf("analyze %q: the error names a package: %q", tc.args, errOut)
		}
	}
}

func TestAnalyze(t *testing.T) {
	code, out, errOut := runCmd("-depth", "3", "-movetime", "0", "-position", "6/1w4/6/6/bw4/6 b")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"2  b w . . . .", "Black to move; pvs,network, depth 3\n", "best move a2a3, score loss in 4 plies, depth 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "best lines") {
		t.Errorf("the output of one line shows lines:\n%s", out)
	}
}

// TestAnalyzeMultiPV: -multipv k shows the best move's depths, one row
// each, then the k lines of the last depth, best first, each from another
// move, the first the best move's; a k above the legal moves shows them
// all.
func TestAnalyzeMultiPV(t *testing.T) {
	row := regexp.MustCompile(`^ *(\d+) +(.+?)  \[(\w+)`)
	for _, tc := range []struct {
		args         []string
		depth, lines int
	}{
		{[]string{"-depth", "4", "-movetime", "0", "-multipv", "3"}, 4, 3},
		{[]string{"-depth", "4", "-movetime", "0", "-multipv", "3", "-engine", "alphabeta,sixfactor"}, 4, 3},
		{[]string{"-depth", "3", "-movetime", "0", "-multipv", "64", "-position", "6/1w4/6/6/bw4/6 b"}, 3, 5},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 0 || errOut != "" {
			t.Fatalf("analyze %q: exit %d, stderr %q", tc.args, code, errOut)
		}
		_, table, _ := strings.Cut(out, "  pv\n")
		depths, rest, _ := strings.Cut(table, "\n\n")
		if n := len(strings.Split(depths, "\n")); n != tc.depth {
			t.Errorf("analyze %q: %d rows of depths, want %d:\n%s", tc.args, n, tc.depth, out)
		}
		head := fmt.Sprintf("the %d best lines at depth %d:\n", tc.lines, tc.depth)
		lines, ok := strings.CutPrefix(rest, head)
		if !ok || !strings.Contains(out, " best moves\n") {
			t.Fatalf("analyze %q: want a header with the best moves and %q:\n%s", tc.args, head, out)
		}
		rows := strings.Split(lines, "\n")[:tc.lines]
		seen := map[string]bool{}
		for i, r := range rows {
			m := row.FindStringSubmatch(r)
			if m == nil || m[1] != strconv.Itoa(i+1) || seen[m[3]] {
				t.Errorf("analyze %q: line %d reads %q: want its number, score and a line from another move", tc.args, i+1, r)
				continue
			}
			seen[m[3]] = true
			if i == 0 && !strings.Contains(out, "\nbest move "+m[3]+", score "+m[2]+",") {
				t.Errorf("analyze %q: the best move and score are not line 1's (%s %s):\n%s", tc.args, m[3], m[2], out)
			}
		}
	}
}

// TestAnalyzeEngine: -engine chooses the searcher, the evaluator and their
// options.
func TestAnalyzeEngine(t *testing.T) {
	for _, spec := range []string{"pvs,tuned,threads=2,contempt=10", "pvs,endgame", "alphabeta,sixfactor"} {
		code, out, errOut := runCmd("-depth", "3", "-movetime", "0", "-engine", spec)
		if code != 0 || errOut != "" || !strings.Contains(out, "; "+spec+", depth 3\n") || !strings.Contains(out, "best move ") {
			t.Fatalf("analyze -engine %s: exit %d, stderr %q, stdout:\n%s", spec, code, errOut, out)
		}
	}
}

// TestAnalyzeSaysOnlyItsLimits: the limits line names the limits set and
// no other: no "depth 0" without a depth limit.
func TestAnalyzeSaysOnlyItsLimits(t *testing.T) {
	code, out, errOut := runCmd("-movetime", "20ms")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "Black to move; pvs,network, 20ms/move\n") || strings.Contains(out, "depth 0") {
		t.Errorf("output:\n%s", out)
	}
}

// TestAnalyzeShortSearchTime: a search of a few microseconds (alpha-beta
// to depth 2) does not report "in 0s".
func TestAnalyzeShortSearchTime(t *testing.T) {
	code, out, errOut := runCmd("-depth", "2", "-movetime", "0", "-engine", "alphabeta,sixfactor")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "best move ") || strings.Contains(out, " in 0s\n") {
		t.Errorf("output:\n%s", out)
	}
}

// TestRoundTime: a search's time shows in three significant digits, or in
// milliseconds: a search shorter than half a millisecond does not show as
// 0s.
func TestRoundTime(t *testing.T) {
	for d, want := range map[time.Duration]string{
		272409 * time.Nanosecond:      "272µs",
		999 * time.Nanosecond:         "999ns",
		3253400 * time.Nanosecond:     "3.25ms",
		300123456 * time.Nanosecond:   "300ms",
		12345678901 * time.Nanosecond: "12.346s",
		0:                             "0s",
	} {
		if got := roundTime(d).String(); got != want {
			t.Errorf("roundTime(%v) = %s, want %s", d, got, want)
		}
	}
}
