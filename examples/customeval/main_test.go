package main

import (
	"os"
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
		if code != 0 || !strings.HasPrefix(out, "usage: customeval [position]\n") || errOut != "" {
			t.Errorf("customeval %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out, errOut)
		}
	}
}

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"6/6/6 b"}, "invalid position"},
		{[]string{"-x"}, "flag provided but not defined: -x"},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "customeval: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("customeval %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// A position given in one argument or in several reads the same.
func TestPositionArguments(t *testing.T) {
	_, one, _ := runCmd("6/1w4/6/6/bw4/6 b")
	code, two, errOut := runCmd("6/1w4/6/6/bw4/6", "b")
	if code != 0 || errOut != "" || one != two || !strings.Contains(one, "score for Black: SixFactor") {
		t.Errorf("exit %d, stderr %q:\n%s\n%s", code, errOut, one, two)
	}
}

// The terms of the default position.
func Example() {
	run(nil, os.Stdout, os.Stderr)
	// Output:
	// 6  . w . w . w
	// 5  . w b . . b
	// 4  w . . . w w
	// 3  . w . . w b
	// 2  b . . b b b
	// 1  b b b . b .
	//    a b c d e f
	// Black to move, opening
	//
	// term                      Black  White  weight
	// N pieces                     11      9       6
	// M steps                      25     30       1
	// C captures                    3      3    in A
	// A attack = M + C             28     33       2
	// P point values              275    265       1
	// O loops held                  5      3  in Arc
	// E loops left by enemy         5      3  in Arc
	// Arc = 5·O + 5·E              50     30       1
	// SixFactor value             472    445
	// files + ranks held           10      9       3
	// Spread value                502    472
	//
	// score for Black: SixFactor 27, Spread 30
}
