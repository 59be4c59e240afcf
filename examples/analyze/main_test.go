package main

import (
	"strings"
	"testing"
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
		if code != 0 || !strings.HasPrefix(out, "usage: analyze [flags] [position]\n") || errOut != "" {
			t.Errorf("analyze %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out, errOut)
		}
		for _, want := range []string{"-movetime", "-depth", "-searcher", "-eval", "-threads", "-contempt", "ranks from 6 down to 1"} {
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
		{[]string{"-movetime", "0"}, "give -movetime or -depth a limit"},
		{[]string{"-searcher", "mcts"}, `-searcher "mcts"`},
		{[]string{"-threads", "0"}, "-threads 0: want 1 or more"},
		{[]string{"-searcher", "alphabeta", "-threads", "2"}, "for -searcher pvs"},
		{[]string{"-eval", "material"}, `-eval "material"`},
		{[]string{"-bogus"}, "flag provided but not defined: -bogus"},
		{[]string{"-depth", "x"}, `invalid value "x" for flag -depth`},
		{[]string{"6/6/6 b"}, "invalid position"},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "analyze: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("analyze %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

func TestAnalyze(t *testing.T) {
	code, out, errOut := runCmd("-depth", "3", "-movetime", "0", "6/1w4/6/6/bw4/6", "b")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"2  b w . . . .", "Black to move; pvs + tuned", "best move a2a3, score loss in 4, depth 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzeThreads(t *testing.T) {
	code, out, errOut := runCmd("-depth", "4", "-movetime", "0", "-threads", "2", "-contempt", "10")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"depth  sel", "best move ", "depth 4"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// TestAnalyzeEval: -eval chooses the evaluator.
func TestAnalyzeEval(t *testing.T) {
	for _, name := range []string{"tuned", "endgame", "sixfactor"} {
		code, out, errOut := runCmd("-depth", "2", "-movetime", "0", "-eval", name)
		if code != 0 || errOut != "" || !strings.Contains(out, "pvs + "+name) || !strings.Contains(out, "best move") {
			t.Fatalf("analyze -eval %s: exit %d, stderr %q, stdout:\n%s", name, code, errOut, out)
		}
	}
}
