package ugi

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
)

// multiPVInfoRE is the form of an info line of one of an iteration's lines
// with the MultiPV option above 1: its depth, line number, score and PV.
var multiPVInfoRE = regexp.MustCompile(`^info depth (\d+) seldepth \d+ multipv (\d+) score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+ pv((?: [a-f][1-6][a-f][1-6])+)$`)

// TestGoMultiPV: with setoption name MultiPV value 3, go depth 4 writes
// lines 1 to 3 at each depth, each from another root move, with the
// lines, scores and moves of the library's search with Limits.MultiPV 3,
// and bestmove is line 1's move; back at 1 the info lines have no
// multipv. Values outside 1 to MaxMoves are refused.
func TestGoMultiPV(t *testing.T) {
	s := newSession(t)
	s.send("ugi")
	options, _ := s.untilPrefix("ugiok")
	if want := "option name MultiPV type spin default 1 min 1 max 112"; !slices.Contains(options, want) {
		t.Errorf("ugi: no line %q in %q", want, options)
	}
	s.send("setoption name MultiPV value 3", "uginewgame", "position startpos moves b2c3 f5e4")
	if got := s.ready(); len(got) != 0 {
		t.Fatalf("setoption name MultiPV value 3: %q", got)
	}
	s.send("go depth 4")
	lines, best := s.untilPrefix("bestmove ")
	if len(lines) != 4*3+1 || !finalInfoRE.MatchString(lines[len(lines)-1]) {
		t.Fatalf("go depth 4 with MultiPV 3: %d lines, want 12 info lines and the final one: %q", len(lines), lines)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2c3", "f5e4"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	var want []string // the library's info lines, from a search as the engine's
	if _, err := surakarta.NewPVS(surakarta.NewTuned()).Search(context.Background(), g, surakarta.Limits{Depth: 4, MultiPV: 3, Progress: func(in surakarta.Info) {
		want = append(want, "depth "+strconv.Itoa(in.Depth)+" multipv "+strconv.Itoa(in.MultiPV)+" score "+scoreText(in.Score)+" pv "+oneline.Moves(in.PV))
	}}); err != nil {
		t.Fatal(err)
	}
	var firsts []string
	for i, l := range lines[:12] {
		m := multiPVInfoRE.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("info line %d: %q is not an info line with multipv", i+1, l)
		}
		if d, n := strconv.Itoa(i/3+1), strconv.Itoa(i%3+1); m[1] != d || m[2] != n {
			t.Errorf("info line %d: depth %s, multipv %s; want depth %s, multipv %s", i+1, m[1], m[2], d, n)
		}
		if got := "depth " + m[1] + " multipv " + m[2] + " score " + m[3] + " pv" + m[4]; got != want[i] {
			t.Errorf("info line %d: %q; the library's search: %q", i+1, got, want[i])
		}
		first := strings.Fields(m[4])[0]
		if i%3 > 0 && slices.Contains(firsts[i/3*3:], first) {
			t.Errorf("info line %d: %q starts with the move of an earlier line", i+1, l)
		}
		firsts = append(firsts, first)
	}
	if m := bestMove(t, best, g); m.String() != firsts[9] {
		t.Errorf("bestmove %v; line 1 at depth 4 starts with %s", m, firsts[9])
	}

	// Back to one line: the info lines of before.
	s.send("setoption name MultiPV value 1")
	infos, best := s.goSearch("depth 3")
	if len(infos) != 3 {
		t.Errorf("go depth 3 with MultiPV 1: %q", infos)
	}
	bestMove(t, best, g)

	for _, bad := range []string{"0", "113", "-1", "three"} {
		s.send("setoption name MultiPV value " + bad)
		if got := s.ready(); len(got) != 1 || !strings.HasPrefix(got[0], "info string error: setoption: option MultiPV: want a whole number from 1 to 112") {
			t.Errorf("setoption name MultiPV value %s: %q", bad, got)
		}
	}
}

// TestClientMultiPV: Go reads the multipv of each info line into
// Info.MultiPV, gives the result line 1's score and PV, and the lines of
// the last iteration as Lines, as the library's search has them.
func TestClientMultiPV(t *testing.T) {
	c := startServer(t)
	ctx := testContext(t)
	if err := c.SetOption(ctx, "MultiPV", "3"); err != nil {
		t.Fatal(err)
	}
	if err := c.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := c.Position(ctx, g.StartPosition(), nil); err != nil {
		t.Fatal(err)
	}
	var infos []surakarta.Info
	res, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 4}}, func(in surakarta.Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	var wantInfos []surakarta.Info
	want, err := surakarta.NewPVS(surakarta.NewTuned()).Search(ctx, g, surakarta.Limits{Depth: 4, MultiPV: 3, Progress: func(in surakarta.Info) {
		wantInfos = append(wantInfos, in)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != len(wantInfos) {
		t.Fatalf("%d infos, want %d", len(infos), len(wantInfos))
	}
	for i, in := range infos {
		w := wantInfos[i]
		if in.Depth != w.Depth || in.MultiPV != w.MultiPV || in.Score != w.Score || oneline.Moves(in.PV) != oneline.Moves(w.PV) {
			t.Errorf("info %d: depth %d, multipv %d, score %d, pv %v; want %d, %d, %d, %v", i+1, in.Depth, in.MultiPV, in.Score, in.PV, w.Depth, w.MultiPV, w.Score, w.PV)
		}
	}
	if res.Move.String() != want.Move.String() || res.Score != want.Score || res.Depth != 4 || oneline.Moves(res.PV) != oneline.Moves(want.PV) {
		t.Errorf("Go: move %v, score %d, depth %d, PV %v; want %v, %d, 4, %v", res.Move, res.Score, res.Depth, res.PV, want.Move, want.Score, want.PV)
	}
	if len(res.Lines) != 3 {
		t.Fatalf("Go: lines %v, want 3", res.Lines)
	}
	for i, l := range res.Lines {
		if w := want.Lines[i]; l.Score != w.Score || oneline.Moves(l.PV) != oneline.Moves(w.PV) {
			t.Errorf("line %d: %d %v, want %d %v", i+1, l.Score, l.PV, w.Score, w.PV)
		}
	}
}

// TestClientMultiPVLines: Lines are the last iteration's, as an engine
// wrote them, in the order of their multipv numbers: a line out of order
// or of another depth is left out, an iteration without multipv has one
// line, and the result's score and PV are line 1's.
func TestClientMultiPVLines(t *testing.T) {
	for _, tc := range []struct {
		name, output string
		score        int
		pv           string
		lines        []string // score and PV of each line
	}{
		{"three lines", "info depth 1 multipv 1 score cp 5 pv a2a3\ninfo depth 1 multipv 2 score cp 3 pv b2b3\n" +
			"info depth 2 multipv 1 score cp 7 pv b2b3 a5a4\ninfo depth 2 multipv 2 score cp 6 pv a2a3 a5a4\ninfo depth 2 multipv 3 score cp -1 pv c2c3 a5a4",
			7, "b2b3 a5a4", []string{"7 b2b3 a5a4", "6 a2a3 a5a4", "-1 c2c3 a5a4"}},
		{"cut short", "info depth 1 multipv 1 score cp 5 pv a2a3\ninfo depth 1 multipv 2 score cp 3 pv b2b3\ninfo depth 2 multipv 1 score cp 2 pv c2c3",
			2, "c2c3", []string{"2 c2c3"}},
		{"out of order", "info depth 3 multipv 1 score cp 5 pv a2a3\ninfo depth 3 multipv 3 score cp 1 pv c2c3\ninfo depth 4 multipv 2 score cp 0 pv d2d3",
			5, "a2a3", []string{"5 a2a3"}},
		{"no multipv", "info depth 1 score cp 5 pv a2a3\ninfo depth 2 score cp 4 pv b2b3 a5a4",
			4, "b2b3 a5a4", []string{"4 b2b3 a5a4"}},
	} {
		ctx := testContext(t)
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, "go") {
				say(strings.Split(tc.output, "\n")...)
				say("bestmove a2a3")
				return true
			}
			return plain(line, say)
		})
		res, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 4}}, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var lines []string
		for _, l := range res.Lines {
			lines = append(lines, strings.TrimSpace(strconv.Itoa(l.Score)+" "+oneline.Moves(l.PV)))
		}
		if res.Score != tc.score || oneline.Moves(res.PV) != tc.pv || !slices.Equal(lines, tc.lines) {
			t.Errorf("%s: score %d, PV %v, lines %q; want %d, %s, %q", tc.name, res.Score, res.PV, lines, tc.score, tc.pv, tc.lines)
		}
	}
}

// TestFinalInfoMultiPV: with MultiPV, the info line before bestmove
// repeats the PV only when it is not line 1's of the last iteration.
func TestFinalInfoMultiPV(t *testing.T) {
	s := newSession(t)
	s.send("setoption name MultiPV value 4", "position startpos", "go depth 3")
	lines, _ := s.untilPrefix("bestmove ")
	if last := lines[len(lines)-1]; !finalInfoRE.MatchString(last) || strings.Contains(last, " pv ") {
		t.Errorf("the line before bestmove: %q; want a final info line without pv", last)
	}
}
