package main

import (
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// runCmd runs the command and returns its exit status and output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errOut strings.Builder
	code = run(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// summary matches the summary line: the engines, then Outcome.String's
// parts, the SPRT's if any. The groups are W, D, L, the five pair counts
// and the SPRT's decision.
var summary = regexp.MustCompile(`^pvs,tuned\+spread=(\d+) vs pvs,tuned: ` +
	`W-D-L (\d+)-(\d+)-(\d+), score \d+\.\d%, Elo ` + eloPattern + `, LOS \d+\.\d%, ` +
	`pairs (\d+)-(\d+)-(\d+)-(\d+)-(\d+), pair Elo ` + eloPattern +
	`(?:, SPRT \[0, 10\] LLR -?\d+\.\d\d \(-2\.94, 2\.94\) (undecided|H0 accepted|H1 accepted))?\n$`)

// eloPattern matches an Elo difference with its interval, or with the reason
// there is none (all the games or pairs alike).
const eloPattern = `[-+](?:\d+\.\d|Inf)(?: ± (?:\d+\.\d|Inf) \([-+](?:\d+\.\d|Inf), [-+](?:\d+\.\d|Inf)\)| \(no interval: [^)]*\))`

// TestMatch plays a short match and checks the summary's parts: the
// games and pairs add up, A's points in the games are those in the
// pairs, and the SPRT is reported.
func TestMatch(t *testing.T) {
	code, out, errOut := runCmd("-games", "4", "-depth", "2")
	m := summary.FindStringSubmatch(out)
	if code != 0 || m == nil || m[1] != "3" || m[10] == "" || !strings.Contains(errOut, "games 4/4") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	n := make([]int, 8)
	for i := range n {
		n[i], _ = strconv.Atoi(m[i+2])
	}
	w, d, l, pairs := n[0], n[1], n[2], n[3:]
	if w+d+l != 4 || pairs[0]+pairs[1]+pairs[2]+pairs[3]+pairs[4] != 2 {
		t.Errorf("4 games: W-D-L %d-%d-%d, pairs %v", w, d, l, pairs)
	}
	// In half points: 2W + D from the games, 0 to 4 per pair from the pairs.
	if halves := pairs[1] + 2*pairs[2] + 3*pairs[3] + 4*pairs[4]; 2*w+d != halves {
		t.Errorf("A has %d half points in the games, %d in the pairs", 2*w+d, halves)
	}
}

// With -weight 0 the engines search alike, so at a fixed depth each
// opening's second game is its first with the colours swapped: every pair
// splits, whatever the games' results. Without -sprt there is no SPRT.
func TestWeightZeroSplitsEveryPair(t *testing.T) {
	code, out, errOut := runCmd("-weight", "0", "-games", "6", "-depth", "2", "-sprt", "")
	m := summary.FindStringSubmatch(out)
	if code != 0 || m == nil || m[1] != "0" || m[10] != "" || strings.Contains(out, "SPRT") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(out, ", pairs 0-0-3-0-0, pair Elo +0.0 (no interval: all 3 pairs alike)\n") {
		t.Errorf("the default engine against itself: %q, want every pair split", out)
	}
}

func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-x"}, "flag provided but not defined: -x"},
		{[]string{"-sprt", "10"}, `-sprt "10": want elo0,elo1`},
		{[]string{"-sprt", "0,10,5"}, `-sprt "0,10,5": want elo0,elo1`},
		{[]string{"-sprt", "10,0"}, "Elo0 10 is not below Elo1 0"},
		{[]string{"-games", "3"}, "Games 3 is odd"},
		{[]string{"extra"}, `unexpected argument "extra"`},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "customeval: ") || !strings.Contains(errOut, tc.want) ||
			!strings.HasSuffix(errOut, "\nRun customeval -h for help.\n") || strings.Count(errOut, "\n") != 2 || strings.Contains(errOut, "match:") {
			t.Errorf("customeval %q: exit %d, stdout %q, stderr %q; want exit 2, an error saying %q (naming no package) and where to find help", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestHelp: -h gives a usage of the program's own, as the module's other
// programs do, then the flags; not the flag package's default.
func TestHelp(t *testing.T) {
	for _, arg := range []string{"-h", "-help", "--help"} {
		code, out, errOut := runCmd(arg)
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: customeval [flags]\n") || strings.Contains(out, "Usage of") {
			t.Errorf("customeval %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", arg, code, out, errOut)
		}
		for _, want := range []string{"Spread", "SPRT", "\nflags:\n", "-weight int", "-games int", "-depth int", "-movetime duration", "-sprt string", "-out string"} {
			if !strings.Contains(out, want) {
				t.Errorf("customeval %s: the usage lacks %q", arg, want)
			}
		}
	}
}

// Spread adds Weight for each file and rank more than the other side's.
// In this position Black, to move, has pieces on all 6 files and on 4
// ranks (1, 2, 3 and 5), White on 5 files (all but c) and 4 ranks (3 to
// 6).
func TestSpread(t *testing.T) {
	p, err := surakarta.ParsePosition("1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19")
	if err != nil {
		t.Fatal(err)
	}
	if b, w := Lines(&p, surakarta.Black), Lines(&p, surakarta.White); b != 10 || w != 9 {
		t.Errorf("Lines: Black %d, White %d; want 10 and 9", b, w)
	}
	tuned := surakarta.NewTuned()
	for weight, bonus := range map[int]int{0: 0, 3: 3, 10: 10} {
		if got, want := (Spread{Base: tuned, Weight: weight}).Evaluate(&p), tuned.Evaluate(&p)+bonus; got != want {
			t.Errorf("Spread with Weight %d: %d, want Tuned's %d + %d", weight, got, tuned.Evaluate(&p), bonus)
		}
	}
}

// TestSpreadOnTheNetworkKeepsItsPath: Spread on the network is an
// IncrementalEvaluator whose search is the one of its Evaluate alone (the
// same nodes and move), since the path changes the speed, never a score.
func TestSpreadOnTheNetworkKeepsItsPath(t *testing.T) {
	for _, base := range []surakarta.Evaluator{surakarta.NewNetwork(), surakarta.NewTuned()} {
		e := Spread{Base: base, Weight: 3}
		var _ surakarta.IncrementalEvaluator = e
		g := surakarta.NewGame(surakarta.NewPosition())
		withPath, err := surakarta.NewPVS(e).Search(context.Background(), g, surakarta.Limits{Depth: 6})
		if err != nil {
			t.Fatal(err)
		}
		alone, err := surakarta.NewPVS(surakarta.EvaluatorFunc(e.Evaluate)).Search(context.Background(), g, surakarta.Limits{Depth: 6})
		if err != nil {
			t.Fatal(err)
		}
		if withPath.Nodes != alone.Nodes || withPath.Move != alone.Move || withPath.Score != alone.Score {
			t.Errorf("Spread on %T: %d nodes, %v %d with the path; %d nodes, %v %d without", base,
				withPath.Nodes, withPath.Move, withPath.Score, alone.Nodes, alone.Move, alone.Score)
		}
	}
}
