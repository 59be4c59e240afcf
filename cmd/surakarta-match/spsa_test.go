package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// TestSPSABadArgs: bad flags of spsa are refused with exit status 2 and a
// message that says what is wrong, before any engine starts.
func TestSPSABadArgs(t *testing.T) {
	base := []string{"spsa", "-engine", "ugi:surakarta -tune", "-iterations", "4", "-nodes", "100"}
	param := []string{"-param", "SearchRFPMargin,40,10,120,4,0.002"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"spsa", "-param", "A,1,0,2,1,0.1", "-iterations", "4"}, "give -engine, the UGI program to tune"},
		{base, "give -param for each parameter"},
		{append(append([]string(nil), base...), "-param", "A,1,0,2"), "six fields, not 4"},
		{append(append([]string(nil), base...), "-param", "A,1,5,2,1,1"), "parameter A: min 5 is above max 2"},
		{append(append([]string(nil), base...), "-param", "A,1,0,2,0,1"), "parameter A: c_end 0: want a positive perturbation"},
		{append(append([]string(nil), base...), "-param", "A,1,0,2,1,-1"), "parameter A: r_end -1"},
		{append(append([]string(nil), base...), "-param", "A,1,0,2,NaN,1"), `C_END "NaN": want a finite number`},
		{append(append([]string(nil), base...), "-param", "SearchNullDivisor,6,1,64,1e300,1e300"), "parameter SearchNullDivisor: c_end 1e+300 and r_end 1e+300 over 4 iterations"},
		{append(append(append([]string(nil), base...), param...), param...), "parameter SearchRFPMargin given twice"},
		{append([]string{"spsa", "-engine", "ugi:x", "-iterations", "0"}, param...), "-iterations 0: want a positive number"},
		{append([]string{"spsa", "-engine", "pvs,tuned", "-iterations", "4"}, param...), "want a UGI program"},
		{append(append([]string(nil), base...), append(param, "extra")...), `unexpected argument "extra"`},
		{append(append([]string(nil), base...), append(param, "-opening-plies", "0")...), "-opening-plies 0"},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, tc.want) ||
			!strings.Contains(errOut, "Run surakarta-match spsa -h for help.") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errOut, tc.want)
		}
	}
	if code, out, _ := runCmd("spsa", "-h"); code != 0 || !strings.Contains(out, "usage: surakarta-match spsa") || !strings.Contains(out, "-param") {
		t.Errorf("spsa -h: exit %d, %q", code, out)
	}
	if code, out, _ := runCmd("-h"); code != 0 || !strings.Contains(out, "surakarta-match spsa -engine ugi:PROGRAM") {
		t.Errorf("-h does not name spsa: exit %d", code)
	}
}

// TestSPSACommand tunes a search constant of the engine program,
// cmd/surakarta -tune, for two game pairs, and runs the command again,
// which finds the tuning done in its state file; a parameter the engine
// does not have fails the tuning with the engine's error.
func TestSPSACommand(t *testing.T) {
	dir := t.TempDir()
	engine, err := cmdtest.Build(dir, "../../cmd/surakarta")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "spsa.txt")
	args := []string{"spsa", "-engine", "ugi:" + engine + " -tune", "-param", "SearchRFPMargin,40,10,120,4,0.002",
		"-iterations", "2", "-depth", "2", "-movetime", "0", "-concurrency", "1", "-out", file}
	code, out, errOut := runCmd(args...)
	if code != 0 || !strings.HasPrefix(out, "option.SearchRFPMargin=") || strings.Count(errOut, "\niteration ") != 2 {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	state, err := os.ReadFile(file)
	if err != nil || !strings.HasPrefix(string(state), "spsa iterations 2 seed 1 ") || !strings.Contains(string(state), "\niteration 2 result ") ||
		!strings.Contains(string(state), "\nfinal SearchRFPMargin=") {
		t.Fatalf("state file %v:\n%s", err, state)
	}
	code, again, errOut := runCmd(args...)
	if code != 0 || again != out || strings.Contains(errOut, "iteration ") {
		t.Errorf("run again: exit %d, stdout %q (want %q), stderr:\n%s", code, again, out, errOut)
	}
	code, _, errOut = runCmd("spsa", "-engine", "ugi:"+engine+" -tune", "-param", "SearchNothing,1,0,2,1,0.1", "-iterations", "2", "-depth", "1")
	if code != 1 || !strings.Contains(errOut, `unknown option "SearchNothing"`) {
		t.Errorf("an unknown parameter: exit %d, stderr %q; want exit 1 and the engine's error", code, errOut)
	}
}
