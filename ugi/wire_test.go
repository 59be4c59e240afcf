package ugi

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// words splits a line into its command and the command's words.
func words(line string) (string, []string) {
	f := strings.Fields(line)
	return f[0], f[1:]
}

func TestOptionRoundTrip(t *testing.T) {
	for _, o := range []Option{
		{Name: "Hash", Type: OptionSpin, Default: "1", Min: 1, Max: 4096},
		{Name: "Contempt", Type: OptionSpin, Default: "0", Min: -1000, Max: 1000},
		{Name: "Evaluator", Type: OptionCombo, Default: "tuned", Vars: []string{"tuned", "endgame", "sixfactor"}},
		{Name: "Ponder", Type: OptionCheck, Default: "false"},
		{Name: "Log File", Type: OptionString, Default: ""},
		{Name: "Book", Type: OptionString, Default: "my book.txt"},
		{Name: "Clear Hash", Type: OptionButton},
	} {
		cmd, fields := words(o.String())
		got, err := parseOption(fields)
		if cmd != "option" || err != nil {
			t.Errorf("%q: %s, %v", o.String(), cmd, err)
			continue
		}
		if diff := cmp.Diff(o, got, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q read back (-want +got):\n%s", o.String(), diff)
		}
	}
}

func TestOptionLines(t *testing.T) {
	// The lines as UCI engines write them, derived by hand.
	for o, want := range map[*Option]string{
		{Name: "Hash", Type: OptionSpin, Default: "1", Min: 1, Max: 4096}:                  "option name Hash type spin default 1 min 1 max 4096",
		{Name: "Searcher", Type: OptionCombo, Default: "pvs", Vars: []string{"pvs", "ab"}}: "option name Searcher type combo default pvs var pvs var ab",
		{Name: "Clear Hash", Type: OptionButton}:                                           "option name Clear Hash type button",
		{Name: "Log", Type: OptionString}:                                                  "option name Log type string default <empty>",
	} {
		if got := o.String(); got != want {
			t.Errorf("got %q, want %q", got, want)
		}
	}
}

func TestParseOptionErrors(t *testing.T) {
	for _, line := range []string{
		"option type spin default 1 min 1 max 2",
		"option name X type knob default 1",
		"option name X type spin default 1 min 3 max 2",
		"option name X type spin default 1 min a max 2",
		"option name X type spin default 1",
	} {
		if _, err := parseOption(strings.Fields(line)[1:]); err == nil {
			t.Errorf("%q: no error", line)
		}
	}
}

func TestOptionValidate(t *testing.T) {
	spin := Option{Name: "Hash", Type: OptionSpin, Min: 1, Max: 4096}
	combo := Option{Name: "Evaluator", Type: OptionCombo, Vars: []string{"tuned", "sixfactor"}}
	check := Option{Name: "Ponder", Type: OptionCheck}
	for _, tc := range []struct {
		o      Option
		value  string
		want   string
		wantOK bool
	}{
		{spin, "16", "16", true},
		{spin, " 4096 ", "4096", true},
		{spin, "0", "", false},
		{spin, "4097", "", false},
		{spin, "1e3", "", false},
		{spin, "99999999999999999999", "", false},
		{combo, "Tuned", "tuned", true},
		{combo, "material", "", false},
		{check, "TRUE", "true", true},
		{check, "yes", "", false},
		{Option{Name: "Log", Type: OptionString}, "a b", "a b", true},
		{Option{Name: "Log", Type: OptionString}, "<empty>", "", true},
		{Option{Name: "Clear", Type: OptionButton}, "anything", "", true},
	} {
		got, err := tc.o.Validate(tc.value)
		if got != tc.want || (err == nil) != tc.wantOK {
			t.Errorf("%s.Validate(%q) = %q, %v; want %q, ok %v", tc.o.Name, tc.value, got, err, tc.want, tc.wantOK)
		}
	}
}

func TestSetOptionRoundTrip(t *testing.T) {
	for _, tc := range [][2]string{{"Hash", "16"}, {"Clear Hash", ""}, {"Log File", "my log.txt"}} {
		cmd, args := words(setOptionCommand(tc[0], tc[1]))
		name, value, err := parseSetOption(args)
		if cmd != "setoption" || err != nil || name != tc[0] || value != tc[1] {
			t.Errorf("%q: %s %q %q %v", setOptionCommand(tc[0], tc[1]), cmd, name, value, err)
		}
	}
	for _, bad := range []string{"", "Hash value 1", "name value 1"} {
		if _, _, err := parseSetOption(strings.Fields(bad)); err == nil {
			t.Errorf("setoption %s: no error", bad)
		}
	}
}

func TestPositionRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		g := surakartatest.RandomGame(r, r.IntN(40))
		line := positionCommand(g.StartPosition(), g.Moves())
		cmd, args := words(line)
		start, moves, err := parsePosition(args)
		if cmd != "position" || err != nil {
			t.Fatalf("game %d: %q: %v", i, line, err)
		}
		if start != g.StartPosition() {
			t.Fatalf("game %d: start %v, want %v", i, start, g.StartPosition())
		}
		if !slices.EqualFunc(moves, g.Moves(), sameSquares) {
			t.Fatalf("game %d: moves %v, want %v", i, moves, g.Moves())
		}
	}
	if got := positionCommand(surakarta.NewPosition(), nil); got != "position startpos" {
		t.Errorf("the start: %q", got)
	}
}

// sameSquares reports whether two moves go between the same squares: the
// position command writes moves without the capture mark, as the library's
// notation does.
func sameSquares(a, b surakarta.Move) bool { return a.From() == b.From() && a.To() == b.To() }

func TestParsePositionErrors(t *testing.T) {
	for _, args := range []string{"", "fen", "fen moves a2a3", "startpos a2a3", "startpos moves a2a9", "fen 6/6/6 b", "sideways"} {
		if _, _, err := parsePosition(strings.Fields(args)); err == nil {
			t.Errorf("position %s: no error", args)
		}
	}
}

func TestGoRoundTrip(t *testing.T) {
	a2a3, _ := surakarta.ParseMove("a2a3")
	for _, p := range []GoParams{
		{Limits: surakarta.Limits{MoveTime: 100 * time.Millisecond}},
		{Limits: surakarta.Limits{Depth: 7, Nodes: 12345}},
		{Limits: surakarta.Limits{Clock: surakarta.Clock{Black: 10 * time.Second, White: 9 * time.Second, BlackIncrement: 100 * time.Millisecond, WhiteIncrement: 200 * time.Millisecond, MovesToGo: 12}}},
		{Limits: surakarta.Limits{Depth: 3, SearchMoves: []surakarta.Move{a2a3}}},
		{Infinite: true},
		{Limits: surakarta.Limits{Depth: 5}, Infinite: true},
	} {
		cmd, args := words(goCommand(p))
		got, err := parseGo(args)
		if cmd != "go" || err != nil {
			t.Errorf("%q: %v", goCommand(p), err)
			continue
		}
		if diff := cmp.Diff(p, got, cmpopts.IgnoreFields(surakarta.Limits{}, "Progress"), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%q read back (-want +got):\n%s", goCommand(p), diff)
		}
	}
	// No limit at all is sent as the time a Searcher would take.
	if got := goCommand(GoParams{}); got != "go movetime 1000" {
		t.Errorf("no limits: %q", got)
	}
}

// TestParseGo: go's arguments read back, and a bad one is refused with an
// error that the server sends in an info string line, which a GUI shows:
// wantErr is a few words of it.
func TestParseGo(t *testing.T) {
	for _, tc := range []struct {
		args    string
		want    GoParams
		wantErr string // in the error
	}{
		{args: "btime 5000 wtime 4000 binc 10 winc 20", want: GoParams{Limits: surakarta.Limits{Clock: surakarta.Clock{Black: 5 * time.Second, White: 4 * time.Second, BlackIncrement: 10 * time.Millisecond, WhiteIncrement: 20 * time.Millisecond}}}},
		{args: "p1time -50 p2time 0", want: GoParams{Limits: surakarta.Limits{MoveTime: time.Millisecond}}},
		{args: "depth 99999", want: GoParams{Limits: surakarta.Limits{Depth: surakarta.MaxDepth}}},
		{args: "searchmoves a2a3 b2b3 depth 2", want: GoParams{Limits: surakarta.Limits{Depth: 2, SearchMoves: []surakarta.Move{surakarta.NewMove(surakarta.A2, surakarta.A3), surakarta.NewMove(surakarta.B2, surakarta.B3)}}}},
		{args: "searchmoves a2a3", wantErr: ""},
		{args: "searchmoves", wantErr: "searchmoves"},
		{args: "searchmoves a2a9", wantErr: "searchmoves"},
		{args: "ponder movetime 100", want: GoParams{Ponder: true, Limits: surakarta.Limits{MoveTime: 100 * time.Millisecond}}},
		{args: "mate 3", want: GoParams{Limits: surakarta.Limits{Mate: 3}}},
		{args: "mate 99999999999", want: GoParams{Limits: surakarta.Limits{Mate: surakarta.MaxDepth}}},
		{args: "mate 0", wantErr: "mate 0"},
		{args: "depth", wantErr: "depth wants a value"},
		{args: "depth x", wantErr: `depth "x"`},
		{args: "nodes -1", wantErr: "negative"},
	} {
		got, err := parseGo(strings.Fields(tc.args))
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("go %s: error %v, want one saying %q", tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("go %s: %v", tc.args, err)
			continue
		}
		if tc.args == "searchmoves a2a3" {
			continue // only that it reads
		}
		if diff := cmp.Diff(tc.want, got, cmpopts.IgnoreFields(surakarta.Limits{}, "Progress"), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("go %s (-want +got):\n%s", tc.args, diff)
		}
	}
}

func TestInfoRoundTrip(t *testing.T) {
	pv := []surakarta.Move{surakarta.NewMove(surakarta.A2, surakarta.A3), surakarta.NewMove(surakarta.F5, surakarta.F4)}
	for _, in := range []surakarta.Info{
		{Depth: 7, SelDepth: 12, Score: 35, Nodes: 123456, NodesPerSecond: 2000000, Time: 61 * time.Millisecond, PV: pv},
		{Depth: 1, SelDepth: 1, Score: -surakarta.MaxEvaluation, Nodes: 16, Time: 0, PV: pv[:1]},
		{Depth: 5, SelDepth: 5, Score: surakarta.Win - 3, PV: pv},    // a win in 3 plies: mate 2
		{Depth: 5, SelDepth: 5, Score: -(surakarta.Win - 4), PV: pv}, // a loss in 4 plies: mate -2
		{Depth: 4, SelDepth: 9, Score: -12, Nodes: 900, Time: 2 * time.Millisecond, PV: pv, MultiPV: 3},
		{Depth: 4, SelDepth: 9, Score: 20, Nodes: 900, Time: 2 * time.Millisecond, PV: pv, MultiPV: 1},
		{Depth: 9, SelDepth: 14, Score: 20, Nodes: 9000, Time: 1500 * time.Millisecond, PV: pv, Hashfull: 417, WDL: surakarta.WDL{Win: 301, Draw: 650, Loss: 49}},
	} {
		line := infoLine(in, in.WDL != surakarta.WDL{})
		cmd, fields := words(line)
		got, ok := parseInfo(fields)
		if cmd != "info" || !ok {
			t.Errorf("%q: no depth read", line)
		}
		if hasMultiPV := slices.Contains(fields, "multipv"); hasMultiPV != (in.MultiPV > 0) {
			t.Errorf("%q: multipv written %v, want only for a line number above 0 (%d)", line, hasMultiPV, in.MultiPV)
		}
		if diff := cmp.Diff(in, got); diff != "" {
			t.Errorf("%q read back (-want +got):\n%s", line, diff)
		}
	}
	if _, ok := parseInfo(strings.Fields("string depth 3")); ok {
		t.Error("info string read as an iteration")
	}
	if in, ok := parseInfo(strings.Fields(finalInfoLine(surakarta.Result{Nodes: 5, Time: time.Second, PV: pv}, true))); ok || in.Nodes != 5 || len(in.PV) != 2 {
		t.Errorf("final info line read as %+v, %v", in, ok)
	}
}

func TestInfoLineTBHits(t *testing.T) {
	in := surakarta.Info{Depth: 1, SelDepth: 1, Score: surakarta.TableWinScore - 1, Nodes: 9, TBHits: 8, PV: []surakarta.Move{surakarta.NewMove(0, 1)}}
	line := infoLine(in, false)
	if !strings.Contains(line, " tbhits 8 ") || !strings.Contains(line, " score cp 499999 ") {
		t.Errorf("infoLine = %q, want tbhits 8 and the table win as cp 499999", line)
	}
	got, ok := parseInfo(strings.Fields(line)[1:])
	if !ok || got.TBHits != 8 || got.Score != in.Score {
		t.Errorf("parseInfo(%q) = %+v, want TBHits 8 and score %d", line, got, in.Score)
	}
	if line := infoLine(surakarta.Info{Depth: 1}, false); strings.Contains(line, "tbhits") {
		t.Errorf("infoLine without hits = %q, want no tbhits", line)
	}
}

func TestScoreText(t *testing.T) {
	for score, want := range map[int]string{
		0: "cp 0", 35: "cp 35", -120: "cp -120",
		surakarta.Win - 1: "mate 1", surakarta.Win - 3: "mate 2",
		-(surakarta.Win - 2): "mate -1", -(surakarta.Win - 4): "mate -2",
		surakarta.TableWinScore - 3: "cp 499997", -(surakarta.TableWinScore - 3): "cp -499997",
	} {
		if got := scoreText(score); got != want {
			t.Errorf("scoreText(%d) = %q, want %q", score, got, want)
		}
	}
	for words, want := range map[string]int{
		"cp 99999999": surakarta.MaxEvaluation, "mate 1000000": surakarta.Win - 999, "mate -1000000": -(surakarta.Win - 1000),
		"cp 499997": surakarta.TableWinScore - 3, "cp -499997": -(surakarta.TableWinScore - 3), "cp 400000": surakarta.MaxEvaluation,
	} {
		if got, ok := parseScore(strings.Fields(words)); !ok || got != want {
			t.Errorf("parseScore(%s) = %d, %v; want %d", words, got, ok, want)
		}
	}
	for _, bad := range []string{"mate 0", "cp", "cp x", "lowerbound 3"} {
		if _, ok := parseScore(strings.Fields(bad)); ok {
			t.Errorf("parseScore(%s) read a score", bad)
		}
	}
}

func TestBestMoveRoundTrip(t *testing.T) {
	b2e5, f5f4 := surakarta.NewMove(surakarta.B2, surakarta.E5), surakarta.NewMove(surakarta.F5, surakarta.F4)
	for _, tc := range []struct{ m, ponder surakarta.Move }{
		{surakarta.NoMove, surakarta.NoMove}, {b2e5, surakarta.NoMove}, {b2e5, f5f4},
	} {
		line := bestMovePonderLine(tc.m, tc.ponder)
		_, fields := words(line)
		got, ponder, err := parseBestMove(fields)
		if err != nil || got != tc.m || ponder != tc.ponder {
			t.Errorf("%q read back as %v ponder %v, %v", line, got, ponder, err)
		}
	}
	if line := bestMovePonderLine(surakarta.NoMove, f5f4); line != "bestmove 0000" {
		t.Errorf("no move with a ponder move: %q, want bestmove 0000", line)
	}
	if _, _, err := parseBestMove(nil); err == nil {
		t.Error("bestmove without a move: no error")
	}
	if m, ponder, err := parseBestMove([]string{"b2b3", "ponder", "e5e4"}); err != nil || m != surakarta.NewMove(surakarta.B2, surakarta.B3) || ponder != surakarta.NewMove(surakarta.E5, surakarta.E4) {
		t.Errorf("bestmove b2b3 ponder e5e4: %v ponder %v, %v", m, ponder, err)
	}
	if m, ponder, err := parseBestMove([]string{"b2b3", "ponder", "z9"}); err != nil || m != surakarta.NewMove(surakarta.B2, surakarta.B3) || ponder != surakarta.NoMove {
		t.Errorf("bestmove b2b3 ponder z9: %v ponder %v, %v; want the move, no ponder move, no error", m, ponder, err)
	}
}

// TestInfoNewWords: wdl, hashfull, currmove and currmovenumber read as
// UCI engines write them, out-of-range numbers clamped, a wdl that does
// not add up to 1000 and a currmove that is no move left out; a currmove
// line is no iteration's.
func TestInfoNewWords(t *testing.T) {
	b2e5 := surakarta.NewMove(surakarta.B2, surakarta.E5)
	for line, want := range map[string]surakarta.Info{
		"depth 3 score cp 5 wdl 200 700 100 hashfull 1500":                          {Depth: 3, Score: 5, WDL: surakarta.WDL{Win: 200, Draw: 700, Loss: 100}, Hashfull: 1000},
		"depth 3 score cp 5 wdl 200 700 99 hashfull -4":                             {Depth: 3, Score: 5},
		"depth 3 score cp 5 wdl 200 x 100":                                          {Depth: 3, Score: 5},
		"depth 12 currmove b2e5 currmovenumber 7":                                   {Depth: 12, CurrMove: b2e5, CurrMoveNumber: 7},
		"depth 12 currmove b2e5 currmovenumber 99999":                               {Depth: 12, CurrMove: b2e5, CurrMoveNumber: surakarta.MaxMoves},
		"depth 12 currmove zz currmovenumber 2":                                     {Depth: 12, CurrMoveNumber: 2},
		"depth 2 seldepth 3 score mate 1 wdl 1000 0 0 nodes 5 nps 5 time 1 pv b2e5": {Depth: 2, SelDepth: 3, Score: surakarta.Win - 1, WDL: surakarta.WDL{Win: 1000}, Nodes: 5, NodesPerSecond: 5, Time: time.Millisecond, PV: []surakarta.Move{b2e5}},
	} {
		got, _ := parseInfo(strings.Fields(line))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("info %s (-want +got):\n%s", line, diff)
		}
	}
	in := surakarta.Info{Depth: 12, CurrMove: b2e5, CurrMoveNumber: 7}
	line := currMoveLine(in)
	if line != "info depth 12 currmove b2e5 currmovenumber 7" {
		t.Errorf("currMoveLine = %q", line)
	}
	if got, ok := parseInfo(strings.Fields(line)[1:]); ok || !cmp.Equal(got, in) {
		t.Errorf("%q read as %+v, iteration %v", line, got, ok)
	}
	short := infoLine(surakarta.Info{Depth: 3, Hashfull: 400, Time: 999 * time.Millisecond}, false)
	if strings.Contains(short, "hashfull") || strings.Contains(short, "wdl") {
		t.Errorf("infoLine before a second, wdl off = %q: want neither hashfull nor wdl", short)
	}
}

func TestQueryAnswer(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for q, want := range map[string]string{QueryGameOver: "false", QueryP1Turn: "true", QueryResult: "none"} {
		if got, err := queryAnswer(g, q); err != nil || got != want {
			t.Errorf("query %s = %q, %v; want %q", q, got, err, want)
		}
	}
	if err := g.Resign(surakarta.Black); err != nil {
		t.Fatal(err)
	}
	if got, _ := queryAnswer(g, QueryResult); got != "p2win" {
		t.Errorf("after Black resigns: %q", got)
	}
	if _, err := queryAnswer(g, "winner"); err == nil {
		t.Error("query winner: no error")
	}
}

// FuzzWire feeds any line to the readers of every message: none may panic,
// and what parseGo and parsePosition accept writes back to a command that
// reads the same.
func FuzzWire(f *testing.F) {
	for _, s := range []string{
		"go p1time 1000 p2time 900 movestogo 3", "go searchmoves a2a3 b2b3 infinite", "go depth -1",
		"position startpos moves a2a3 f5f4", "position startpos moves b2xe5", "position fen 6/1w4/6/6/bw4/6 b moves b2b5",
		"info depth 3 seldepth 5 score mate -2 nodes 1 nps 2 time 3 pv a2a3",
		"info depth 3 seldepth 5 multipv 2 score cp -7 nodes 1 nps 2 time 3 pv a2a3 b5xb2",
		"option name Hash type spin default 1 min 1 max 4096", "option name X type combo default a var a var b c",
		"setoption name Clear Hash", "bestmove 0000 ponder a2a3",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			return
		}
		args := fields[1:]
		if in, ok := parseInfo(args); ok {
			// An iteration's line writes back to one that reads the same.
			_, again := words(infoLine(in, true))
			got, ok := parseInfo(again)
			if !ok || got.Depth != in.Depth || got.SelDepth != in.SelDepth || got.MultiPV != in.MultiPV || got.Score != in.Score ||
				got.Nodes != in.Nodes || got.NodesPerSecond != in.NodesPerSecond || got.Time != in.Time ||
				got.WDL != in.WDL && in.WDL != (surakarta.WDL{}) || got.Hashfull != in.Hashfull && in.Time >= hashfullAfter ||
				!slices.EqualFunc(got.PV, in.PV, sameSquares) {
				t.Fatalf("info %q read as %+v, written as %q, read back as %+v", line, in, infoLine(in, true), got)
			}
		}
		parseBestMove(args)
		parseSetOption(args)
		parseID(args)
		if o, err := parseOption(args); err == nil {
			if _, again := words(o.String()); len(again) == 0 {
				t.Fatalf("option %q written as %q", line, o.String())
			}
		}
		if p, err := parseGo(args); err == nil {
			_, again := words(goCommand(p))
			q, err := parseGo(again)
			if err != nil {
				t.Fatalf("go %q read as %+v, written as %q, which does not read: %v", line, p, goCommand(p), err)
			}
			if goCommand(q) != goCommand(p) {
				t.Fatalf("go %q: written %q, then %q", line, goCommand(p), goCommand(q))
			}
		}
		if start, moves, err := parsePosition(args); err == nil {
			_, again := words(positionCommand(start, moves))
			start2, moves2, err := parsePosition(again)
			if err != nil || start2 != start || !slices.EqualFunc(moves, moves2, sameSquares) {
				t.Fatalf("position %q: written %q, read back %v %v %v", line, positionCommand(start, moves), start2, moves2, err)
			}
		}
	})
}

func TestBenchLineRoundTrip(t *testing.T) {
	line := benchLine(2214605, 2*time.Second)
	if line != "2214605 nodes 1107302 nps" {
		t.Errorf("benchLine: %q", line)
	}
	if nodes, nps, err := parseBenchLine(line); nodes != 2214605 || nps != 1107302 || err != nil {
		t.Errorf("%q read back as %d, %d, %v", line, nodes, nps, err)
	}
	for _, bad := range []string{"", "12 nodes", "x nodes 3 nps", "12 nodes -3 nps", "12 knots 3 nps"} {
		if _, _, err := parseBenchLine(bad); err == nil {
			t.Errorf("parseBenchLine(%q): no error", bad)
		}
	}
}

func TestPerftLinesRoundTrip(t *testing.T) {
	m := surakarta.NewMove(surakarta.B2, surakarta.E5)
	if got, n, total, err := parsePerftLine(perftMoveLine(m, 12345)); got != m || n != 12345 || total || err != nil {
		t.Errorf("%q read back as %v %d %v %v", perftMoveLine(m, 12345), got, n, total, err)
	}
	if got, n, total, err := parsePerftLine(perftTotalLine(5382)); got != surakarta.NoMove || n != 5382 || !total || err != nil {
		t.Errorf("%q read back as %v %d %v %v", perftTotalLine(5382), got, n, total, err)
	}
	if perftMoveLine(m, 7) != "b2e5: 7" || perftTotalLine(7) != "nodes 7" {
		t.Errorf("perft lines %q, %q", perftMoveLine(m, 7), perftTotalLine(7))
	}
	for _, bad := range []string{"", "nodes", "nodes -1", "b2e5 7", "b2e9: 7", "b2e5: x", "info string " + perftStopped} {
		if _, _, _, err := parsePerftLine(bad); err == nil {
			t.Errorf("parsePerftLine(%q): no error", bad)
		}
	}
}

func TestShowLines(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	if err := g.PlayText("b2b3"); err != nil {
		t.Fatal(err)
	}
	lines := showLines(g, surakarta.Rules{}, nil)
	want := []string{
		"info string 6  w w w w w w", "info string 5  w w w w w w", "info string 4  . . . . . .", "info string 3  . b . . . .",
		"info string 2  b . b b b b", "info string 1  b b b b b b", "info string    a b c d e f",
		"info string position wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 1 1",
		"info string start wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 moves b2b3",
		"info string rules QuietPlyLimit 50 RepetitionLimit 2",
		"info string outcome not over",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("show:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	lines = showLines(nil, surakarta.Rules{QuietPlyLimit: 7}, errors.New("no position: refused"))
	want = []string{"info string no position: refused", "info string rules QuietPlyLimit 7 RepetitionLimit 0", "info string outcome none"}
	if !slices.Equal(lines, want) {
		t.Errorf("show with no game: %q", lines)
	}
}
