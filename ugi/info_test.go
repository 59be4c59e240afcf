package ugi

import (
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
)

// The go lines and info lines of a match against an engine program.

func TestGoLines(t *testing.T) {
	for _, tc := range []struct {
		lim  surakarta.Limits
		want string
	}{
		{surakarta.Limits{}, "go movetime 1000"},
		{surakarta.Limits{Depth: 3}, "go depth 3"},
		{surakarta.Limits{MoveTime: 50 * time.Millisecond, Nodes: 9}, "go movetime 50 nodes 9"},
		{surakarta.Limits{Clock: surakarta.Clock{Black: time.Second, WhiteIncrement: 10 * time.Millisecond, MovesToGo: 5}},
			"go p1time 1000 p2time 0 p1inc 0 p2inc 10 movestogo 5"},
	} {
		if got := goCommand(GoParams{Limits: tc.lim}); got != tc.want {
			t.Errorf("goCommand(%+v) = %q, want %q", tc.lim, got, tc.want)
		}
	}
}

func TestParseInfoLines(t *testing.T) {
	in, ok := parseInfo(strings.Fields("depth 4 seldepth 7 score mate 2 nodes 1234 nps 99 time 15 pv a2a3 b5b4 zz"))
	pv := oneline.Moves(in.PV)
	if !ok || in.Depth != 4 || in.SelDepth != 7 || in.Score != surakarta.Win-3 || in.Nodes != 1234 || in.NodesPerSecond != 99 ||
		in.Time != 15*time.Millisecond || pv != "a2a3 b5b4" {
		t.Errorf("parseInfo: %+v (pv %s), %v", in, pv, ok)
	}
	if in, ok := parseInfo(strings.Fields("depth x score cp -35 score cp")); ok || in.Score != -35 {
		t.Errorf("parseInfo without a depth: %+v, %v", in, ok)
	}
	for text, plies := range map[string]int{"mate 500": 999, "mate 700": 999, "mate -500": 1000, "mate -9999": 1000} {
		in, _ := parseInfo(strings.Fields("depth 1 score " + text))
		if n, ok := surakarta.PliesToEnd(in.Score); !ok || n != plies || (in.Score > 0) != !strings.Contains(text, "-") {
			t.Errorf("parseInfo: score %s is %d (%s), want the end in %d plies", text, in.Score, surakarta.FormatScore(in.Score), plies)
		}
	}
	if _, ok := parseInfo(strings.Fields("string depth 3")); ok {
		t.Error("parseInfo read an info string")
	}
	// The lines of MultiPV, as UCI engines write them.
	in, ok = parseInfo(strings.Fields("depth 6 seldepth 9 multipv 2 score cp -14 nodes 5000 nps 1000 time 5 pv b2c3 a5b4"))
	if !ok || in.Depth != 6 || in.MultiPV != 2 || in.Score != -14 || oneline.Moves(in.PV) != "b2c3 a5b4" {
		t.Errorf("parseInfo, multipv 2: %+v, %v", in, ok)
	}
	for text, want := range map[string]int{"multipv 0": 0, "multipv -3": 0, "multipv 112": 112, "multipv 99999999": surakarta.MaxMoves, "multipv x": 0} {
		if in, _ := parseInfo(strings.Fields("depth 1 " + text + " score cp 1")); in.MultiPV != want || in.Score != 1 {
			t.Errorf("parseInfo: %s read as multipv %d, score %d; want %d, 1", text, in.MultiPV, in.Score, want)
		}
	}
}

// FuzzParseInfo: any info line an engine program writes is read without a
// panic, and what is read stays within the library's bounds.
func FuzzParseInfo(f *testing.F) {
	for _, line := range []string{
		"depth 8 seldepth 27 score cp 10 nodes 51178 nps 539555 time 94 pv e2d3 b5c4",
		"depth 3 score mate 2 pv a2b3",
		"depth 3 multipv 3 score cp -4 pv a2b3",
		"depth 3 multipv -1 multipv 99999999999 score cp 4",
		"depth 3 score mate -1",
		"depth 3 score mate 700",
		"depth -5 score cp 99999999999 nodes x time -3 pv zz",
		"string error: something",
		"depth 99999999999999999999 score",
		"score cp",
		"depth 9 score cp 3 wdl 500 300 200 hashfull 412 pv a2b3",
		"depth 9 score cp 3 wdl 900 300 -200 hashfull 99999 wdl 1 2",
		"depth 14 currmove a2b3 currmovenumber 9",
		"depth 14 currmove currmovenumber -3 currmove zz",
	} {
		f.Add(line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		info, ok := parseInfo(strings.Fields(line))
		// The words of any line, an iteration's or not, stay in bounds.
		if w := info.WDL; w != (surakarta.WDL{}) && (min(w.Win, w.Draw, w.Loss) < 0 || w.Win+w.Draw+w.Loss != 1000) {
			t.Errorf("%q: wdl %+v", line, w)
		}
		if info.Hashfull < 0 || info.Hashfull > 1000 || info.CurrMoveNumber < 0 || info.CurrMoveNumber > surakarta.MaxMoves {
			t.Errorf("%q: hashfull %d, currmovenumber %d", line, info.Hashfull, info.CurrMoveNumber)
		}
		if _, err := surakarta.ParseMove(info.CurrMove.String()); info.CurrMove != surakarta.NoMove && err != nil {
			t.Errorf("%q: currmove %v does not read back: %v", line, info.CurrMove, err)
		}
		if !ok {
			return
		}
		if info.Depth < 0 || info.Depth > surakarta.MaxDepth {
			t.Errorf("%q: depth %d", line, info.Depth)
		}
		if info.Time < 0 || info.SelDepth < 0 || info.Nodes < 0 || info.NodesPerSecond < 0 {
			t.Errorf("%q: time %v, seldepth %d, nodes %d, nps %d", line, info.Time, info.SelDepth, info.Nodes, info.NodesPerSecond)
		}
		if info.MultiPV < 0 || info.MultiPV > surakarta.MaxMoves {
			t.Errorf("%q: multipv %d", line, info.MultiPV)
		}
		if info.Score > surakarta.Win || info.Score < -surakarta.Win {
			t.Errorf("%q: score %d beyond ±Win", line, info.Score)
		}
		if _, ok := surakarta.PliesToEnd(info.Score); !ok && (info.Score > surakarta.MaxEvaluation || info.Score < -surakarta.MaxEvaluation) {
			t.Errorf("%q: score %d is neither an evaluation nor a win or loss", line, info.Score)
		}
		for _, m := range info.PV {
			if _, err := surakarta.ParseMove(m.String()); err != nil {
				t.Errorf("%q: PV move %v does not read back: %v", line, m, err)
			}
		}
	})
}
