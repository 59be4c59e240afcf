package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

func TestParseGo(t *testing.T) {
	ms := time.Millisecond
	for _, tc := range []struct {
		args     string
		want     surakarta.Limits
		infinite bool
	}{
		{"", surakarta.Limits{}, false},
		{"depth 7", surakarta.Limits{Depth: 7}, false},
		{"depth 1000", surakarta.Limits{Depth: surakarta.MaxDepth}, false},
		{"nodes 12345", surakarta.Limits{Nodes: 12345}, false},
		{"movetime 250", surakarta.Limits{MoveTime: 250 * ms}, false},
		{"p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 7",
			surakarta.Limits{Clock: surakarta.Clock{Black: 1000 * ms, White: 2000 * ms, BlackIncrement: 10 * ms, WhiteIncrement: 20 * ms, MovesToGo: 7}}, false},
		{"btime 1000 wtime 2000 binc 10 winc 20",
			surakarta.Limits{Clock: surakarta.Clock{Black: 1000 * ms, White: 2000 * ms, BlackIncrement: 10 * ms, WhiteIncrement: 20 * ms}}, false},
		{"p1time -50 p2time 300", surakarta.Limits{Clock: surakarta.Clock{White: 300 * ms}}, false},
		{"p1time 0 p2time -5", surakarta.Limits{MoveTime: ms}, false}, // no time on any clock: move at once
		{"infinite", surakarta.Limits{Depth: surakarta.MaxDepth}, true},
		{"infinite depth 3", surakarta.Limits{Depth: 3}, true},
		{"depth 5 nodes 100 movetime 30", surakarta.Limits{Depth: 5, Nodes: 100, MoveTime: 30 * ms}, false},
	} {
		p, err := parseGo(strings.Fields(tc.args))
		if err != nil {
			t.Errorf("go %s: %v", tc.args, err)
			continue
		}
		if fmt.Sprint(p.limits) != fmt.Sprint(tc.want) || p.infinite != tc.infinite {
			t.Errorf("go %s: %+v infinite %v, want %+v infinite %v", tc.args, p.limits, p.infinite, tc.want, tc.infinite)
		}
	}
	for _, args := range []string{"depth", "depth x", "depth -1", "nodes -1", "movestogo -2", "movetime -5", "ponder", "mate 3", "depth 3 wibble", "p1time 1e3", "nodes 99999999999999999999"} {
		if _, err := parseGo(strings.Fields(args)); err == nil {
			t.Errorf("go %s: no error", args)
		}
	}
}

func TestParsePosition(t *testing.T) {
	rules := surakarta.OlympiadRules()
	for _, tc := range []struct{ args, want string }{
		{"startpos", surakarta.StartText},
		{"STARTPOS moves b2b3 e5e4", "wwwwww/wwww1w/4w1/1b4/b1bbbb/bbbbbb b 2 2"},
		{"fen 6/6/6/w5/6/2b3 b", "6/6/6/w5/6/2b3 b 0 1"},
		{"fen 6/6/6/w5/6/2b3 b 7 30 moves c1a3", "6/6/6/b5/6/6 w 0 30"},
		{"fen 6/6/6/w5/6/2b3 b MOVES c1b2", "6/6/6/w5/1b4/6 w 1 1"},
	} {
		g, err := parsePosition(strings.Fields(tc.args), rules)
		if err != nil || g.Position().String() != tc.want {
			t.Errorf("position %s: %v, %v; want %s", tc.args, g.Position(), err, tc.want)
		}
	}
	for _, args := range []string{"", "start", "startpos b2b3", "fen", "fen moves b2b3", "fen xx", "startpos moves a1a1", "startpos moves b2b3 b2b3"} {
		if _, err := parsePosition(strings.Fields(args), rules); err == nil {
			t.Errorf("position %s: no error", args)
		}
	}
}

func TestScoreText(t *testing.T) {
	for score, want := range map[int]string{
		0: "cp 0", -35: "cp -35", 120: "cp 120",
		surakarta.Win - 1: "mate 1", surakarta.Win - 3: "mate 2", surakarta.Win - 4: "mate 2",
		-(surakarta.Win - 2): "mate -1", -(surakarta.Win - 5): "mate -3",
	} {
		if got := scoreText(score); got != want {
			t.Errorf("scoreText(%d) = %q, want %q", score, got, want)
		}
	}
}

func TestOptions(t *testing.T) {
	o := defaultOptions()
	for _, tc := range []struct{ name, value string }{
		{"hash", "64"}, {"THREADS", "2"}, {"contempt", "-15"}, {"MoveOverhead", "0"}, {"searcher", "AlphaBeta"},
		{"evaluator", "SixFactor"}, {"QuietPlyLimit", "101"}, {"RepetitionLimit", "3"},
	} {
		if err := setOption(&o, tc.name, tc.value); err != nil {
			t.Errorf("%s %s: %v", tc.name, tc.value, err)
		}
	}
	want := options{hash: 64, threads: 2, contempt: -15, searcher: "alphabeta", evaluator: "sixfactor", rules: surakarta.Rules{QuietPlyLimit: 101, RepetitionLimit: 3}}
	if o != want {
		t.Errorf("options %+v, want %+v", o, want)
	}
	if _, ok := o.newSearcher().(*surakarta.AlphaBeta); !ok {
		t.Errorf("Searcher alphabeta makes a %T", o.newSearcher())
	}
	// PVS takes the hash, threads and contempt; Tuned is the default
	// evaluator.
	pvsOpts := o
	pvsOpts.searcher = "pvs"
	if s, ok := pvsOpts.newSearcher().(*surakarta.PVS); !ok || s.TableMegabytes != 64 || s.Threads != 2 || s.Contempt != -15 {
		t.Errorf("Searcher pvs with Hash 64, Threads 2, Contempt -15 makes %#v", pvsOpts.newSearcher())
	}
	if s, ok := defaultOptions().newSearcher().(*surakarta.PVS); !ok || s.Threads != 1 || s.Contempt != 0 {
		t.Errorf("the default searcher is %#v, want a PVS on 1 thread without contempt", defaultOptions().newSearcher())
	} else if _, ok := s.Evaluator.(*surakarta.Tuned); !ok {
		t.Errorf("the default evaluator is a %T, want Tuned", s.Evaluator)
	}
	for _, tc := range []struct{ name, value string }{
		{"Hash", "-1"}, {"Hash", "4097"}, {"Threads", "0"}, {"Contempt", "1001"}, {"Contempt", "-1001"}, {"MoveOverhead", "x"}, {"Searcher", "mcts"},
		{"Evaluator", ""}, {"RepetitionLimit", "1"}, {"QuietPlyLimit", "-1"}, {"Ponder", "true"},
	} {
		before := o
		if err := setOption(&o, tc.name, tc.value); err == nil || o != before {
			t.Errorf("%s %q: error %v, options %+v", tc.name, tc.value, err, o)
		}
	}
	// Every evaluator and searcher the options name exists.
	for _, name := range evaluatorNames {
		if evaluators[name] == nil {
			t.Errorf("no evaluator %q", name)
		}
	}
}

func TestGTPClock(t *testing.T) {
	s := &gtpSession{engine: newEngine(io.Discard), moveTime: time.Second}
	if lim := s.limits(surakarta.Black); lim.MoveTime != time.Second || lim.Clock.IsSet() {
		t.Errorf("no time settings: %+v", lim)
	}
	// 10 s main time, then 5 s for 2 moves.
	if err := s.timeSettings([]string{"10", "5", "2"}); err != nil {
		t.Fatal(err)
	}
	s.clock.spend(surakarta.Black, 4*time.Second)
	if s.clock.left[surakarta.Black] != 6*time.Second || s.clock.stones[surakarta.Black] != 0 {
		t.Errorf("after 4 s: %v, %d stones", s.clock.left[surakarta.Black], s.clock.stones[surakarta.Black])
	}
	s.clock.spend(surakarta.Black, 7*time.Second) // 6 s of main time, 1 s of the first period
	if s.clock.left[surakarta.Black] != 4*time.Second || s.clock.stones[surakarta.Black] != 1 {
		t.Errorf("into byo-yomi: %v, %d stones", s.clock.left[surakarta.Black], s.clock.stones[surakarta.Black])
	}
	if lim := s.limits(surakarta.Black); lim.Clock.Black != 4*time.Second || lim.Clock.MovesToGo != 1 {
		t.Errorf("in byo-yomi: %+v", lim)
	}
	s.clock.spend(surakarta.Black, time.Second) // the period's last move: a new period
	if s.clock.left[surakarta.Black] != 5*time.Second || s.clock.stones[surakarta.Black] != 2 {
		t.Errorf("a new period: %v, %d stones", s.clock.left[surakarta.Black], s.clock.stones[surakarta.Black])
	}
	// White's clock is White's.
	if lim := s.limits(surakarta.White); lim.Clock.White != 10*time.Second || lim.Clock.Black != 0 || lim.Clock.MovesToGo != 0 {
		t.Errorf("White: %+v", lim)
	}
	// Byo-yomi time with no stones: no time limit.
	if err := s.timeSettings([]string{"10", "5", "0"}); err != nil || s.clock.set {
		t.Errorf("time_settings 10 5 0: %v, %+v", err, s.clock)
	}
	// Absolute time, exhausted: move at once.
	if err := s.timeSettings([]string{"1", "0", "0"}); err != nil {
		t.Fatal(err)
	}
	s.clock.spend(surakarta.White, 2*time.Second)
	if lim := s.limits(surakarta.White); lim.MoveTime != time.Millisecond {
		t.Errorf("no time left: %+v", lim)
	}
}

func TestGTPClean(t *testing.T) {
	for in, want := range map[string]string{
		"name":                  "name",
		"play\tb b2b3  # go":    "play b b2b3  ",
		"# all comment":         "",
		"na\x01me\r":            "name",
		"genmove w\x7f":         "genmove w",
		"10 boardsize 6 #\tsix": "10 boardsize 6 ",
	} {
		if got := gtpClean(in); got != want {
			t.Errorf("gtpClean(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestReadLines(t *testing.T) {
	in := "one\r\ntwo\n" + strings.Repeat("x", maxLine+1) + "\nthree\nquit\nfour"
	var got []string
	long := 0
	readLines(strings.NewReader(in), func(line string) bool {
		got = append(got, line)
		return line != "quit"
	}, func() { long++ })
	if strings.Join(got, ",") != "one,two,three,quit" || long != 1 {
		t.Errorf("lines %q, %d too long", got, long)
	}
}

func TestRun(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, strings.NewReader(""), &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "usage: surakarta") {
		t.Errorf("-h: exit %d, %q", code, stdout.String())
	}
	for _, args := range [][]string{{"-bogus"}, {"-movetime", "0s"}, {"perft"}, {"bench", "0"}, {"bench", "x"}} {
		stdout.Reset()
		stderr.Reset()
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 2 || stdout.Len() != 0 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
	// bench with an argument: its signature. The count is the same every
	// time (a fresh searcher for each position, one thread).
	stdout.Reset()
	if code := run([]string{"bench", "3"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("bench 3: exit %d, %s", code, stderr.String())
	}
	line := regexp.MustCompile(`^(\d+) nodes \d+ nps\n$`).FindStringSubmatch(stdout.String())
	if line == nil {
		t.Fatalf("bench 3: %q", stdout.String())
	}
	nodes, _ := bench(3, defaultOptions())
	if line[1] != fmt.Sprint(nodes) {
		t.Errorf("bench 3: %s nodes, then %d", line[1], nodes)
	}
	// A session from standard input, to its end.
	stdout.Reset()
	if code := run(nil, strings.NewReader("isready\nposition startpos\ngo depth 2\n"), &stdout, &stderr); code != 0 ||
		!regexp.MustCompile(`^readyok\n(info .*\n)+bestmove [a-f][1-6][a-f][1-6]\n$`).MatchString(stdout.String()) {
		t.Errorf("session: exit %d, %q", code, stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"-gtp"}, strings.NewReader("name\nquit\nname\n"), &stdout, &stderr); code != 0 || stdout.String() != "= surakarta\n\n=\n\n" {
		t.Errorf("GTP session: exit %d, %q", code, stdout.String())
	}
}

// engineState is what a refused command must not change.
func engineState(e *engine) string {
	g := e.game
	return fmt.Sprintf("%v|%v|%v|%v|%+v", g.StartPosition(), g.Moves(), g.Rules(), g.Outcome(), e.opts)
}

// fuzzSeeds are sessions of both protocols, one command a line.
var fuzzSeeds = []string{
	"ugi\nisready\nuginewgame\nposition startpos moves b2b3 e5e4\ngo depth 3\nquery result\nstop",
	"position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3\nquery gameover\nquery result\ngo nodes 100",
	"setoption name QuietPlyLimit value 4\nposition startpos moves b2b3 e5e4 a2a3 f5f4\nquery gameover",
	"go infinite\nisready\nposition startpos\nstop\ngo p1time 100 p2time 100\nquit",
	"position startpos moves zz\nposition fen xx moves\nsetoption name Hash value -3\nperft 2\nbench 1",
	"1 protocol_version\nboardsize 6\nclear_board\nplay b b2b3\ngenmove w\nundo\nshowboard\nfinal_score",
	"time_settings 10 0 0\ntime_left b 5 0\ngenmove b\nsurakarta-position 6/6/6/w5/6/2b3 b\nplay b c1a3\nfinal_score",
	"surakarta-setoption RepetitionLimit 1\nplay x a1\nkomi z\n# c\nquit",
}

// FuzzUGI: no input panics or hangs the UGI session, and a refused command
// changes nothing.
func FuzzUGI(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		e := newEngine(io.Discard)
		e.nodeCap, e.depthCap = 2000, 3
		u := &ugiSession{engine: e}
		defer u.stop()
		for i, line := range strings.Split(input, "\n") {
			if i == 50 {
				break
			}
			before := engineState(e)
			err := u.handle(line)
			if err == errQuit {
				return
			}
			if err != nil {
				if after := engineState(e); after != before {
					t.Fatalf("%q refused (%v) but changed the engine:\n%s\n%s", line, err, before, after)
				}
			}
		}
	})
}

// FuzzGTP: no input panics or hangs the GTP session, and a failed command
// changes nothing.
func FuzzGTP(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		e := newEngine(io.Discard)
		e.nodeCap, e.depthCap = 2000, 3
		s := &gtpSession{engine: e, moveTime: time.Millisecond}
		for i, line := range strings.Split(input, "\n") {
			if i == 50 {
				break
			}
			before := engineState(e)
			quit, err := s.handle(line)
			if quit {
				return
			}
			if err != nil {
				if after := engineState(e); after != before {
					t.Fatalf("%q failed (%v) but changed the engine:\n%s\n%s", line, err, before, after)
				}
			}
		}
	})
}

// TestBenchPositions: bench searches the start and the positions of the
// library's benchmarks, testdata/middlegame.txt, of which the engine holds
// a copy (an installed binary has no testdata to read).
func TestBenchPositions(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "middlegame.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{surakarta.StartText}
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if !slices.Equal(benchPositions, want) {
		t.Errorf("benchPositions:\n%s\nwant the start and testdata/middlegame.txt:\n%s", strings.Join(benchPositions, "\n"), strings.Join(want, "\n"))
	}
}
