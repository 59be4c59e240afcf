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
		if code != 0 || !strings.HasPrefix(out, "usage: perft [flags]\n") || errOut != "" {
			t.Errorf("perft %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out, errOut)
		}
		for _, want := range []string{"-depth", "-concurrency", "-position", "ranks from 6 down to 1"} {
			if !strings.Contains(out, want) {
				t.Errorf("perft %s: the usage lacks %q", arg, want)
			}
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-depth", "0"}, "-depth 0: want 1 to 12"},
		{[]string{"-depth", "13"}, "-depth 13"},
		{[]string{"-concurrency", "-1"}, "-concurrency -1"},
		{[]string{"-workers", "1"}, "flag provided but not defined: -workers"},
		{[]string{"-position", "bad"}, "invalid position"},
		{[]string{"7"}, `unexpected argument "7"`},
		{[]string{"-x"}, "flag provided but not defined: -x"},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "perft: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("perft %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// The counts of the start position (the reference table of the root
// package's perft test); the time and speed vary.
func TestPerft(t *testing.T) {
	for _, workers := range []string{"1", "2"} {
		code, out, errOut := runCmd("-depth", "3", "-concurrency", workers)
		if code != 0 || errOut != "" {
			t.Fatalf("exit %d, stderr %q", code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 5 || !strings.HasPrefix(lines[0], "perft of wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 with "+workers+" worker(s)") {
			t.Fatalf("output:\n%s", out)
		}
		var got []string
		for _, l := range lines[2:] {
			got = append(got, strings.Join(strings.Fields(l)[:2], " "))
		}
		if want := "1 16,2 256,3 5382"; strings.Join(got, ",") != want {
			t.Errorf("depths and leaves %q, want %q", strings.Join(got, ","), want)
		}
	}
}
