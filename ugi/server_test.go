package ugi

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

func TestHandshake(t *testing.T) {
	var calls []string
	s := startSession(t, testEngine(&calls), serve.Caps{})
	s.send("ugi")
	lines, _ := s.untilPrefix("ugiok")
	want := []string{
		"id name test engine",
		"id author its authors",
		"option name MoveOverhead type spin default 20 min 0 max 10000",
		"option name QuietPlyLimit type spin default 50 min 0 max 1000000",
		"option name RepetitionLimit type spin default 2 min 0 max 1000000",
		"option name MultiPV type spin default 1 min 1 max 112",
		// Ponder and Clear Hash are the engine's own: they take the
		// place of UGI's.
		"option name UCI_ShowWDL type check default false",
		"option name Hash type spin default 1 min 1 max 64",
		"option name Evaluator type combo default tuned var tuned var sixfactor",
		"option name Ponder type check default false",
		"option name Log File type string default <empty>",
		"option name Clear Hash type button",
	}
	if !slices.Equal(lines, want) {
		t.Errorf("ugi:\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	if got := s.ready(); len(got) != 0 {
		t.Errorf("isready: %q before readyok", got)
	}
	for _, opt := range []string{"hash value 16", "Evaluator value SixFactor", "Ponder value TRUE", "Log File value my log.txt", "clear hash",
		"MoveOverhead value 50", "quietplylimit value 101", "RepetitionLimit value 3"} {
		s.send("setoption name " + opt)
		if got := s.ready(); len(got) != 0 {
			t.Errorf("setoption name %s: %q", opt, got)
		}
	}
	// The engine gets each of its options by its name, with the value in
	// its canonical form; the server keeps its own.
	if want := []string{"Hash=16", "Evaluator=sixfactor", "Ponder=true", "Log File=my log.txt", "Clear Hash="}; !slices.Equal(calls, want) {
		t.Errorf("SetOption calls %q, want %q", calls, want)
	}
	if show := s.show(); !slices.Contains(show, "info string rules QuietPlyLimit 50 RepetitionLimit 2") {
		t.Errorf("rules set by setoption changed the game: %q", show)
	}
	s.send("uginewgame")
	if show := s.show(); !slices.Contains(show, "info string rules QuietPlyLimit 101 RepetitionLimit 3") {
		t.Errorf("rules set by setoption do not apply from uginewgame: %q", show)
	}
	// An engine's refusal is the command's.
	calls = nil
	s.send("setoption name Log File value refused")
	if got := s.ready(); len(got) != 1 || got[0] != `info string error: setoption: option Log File: cannot open "refused"` {
		t.Errorf("refused by the engine: %q", got)
	}
	s.send("quit")
	if err := s.wait(); err != nil {
		t.Errorf("quit: %v", err)
	}
}

func TestPositionAndQuery(t *testing.T) {
	s := newSession(t)
	query := func(q, want string) {
		t.Helper()
		s.send("query " + q)
		s.expect("response " + want)
	}
	s.send("uginewgame", "position startpos")
	query("p1turn", "true")
	query("gameover", "false")
	query("result", "none")
	s.send("position startpos moves b2b3 e5e4")
	query("p1turn", "true")
	s.send("position startpos moves b2b3")
	query("p1turn", "false")
	// Black to move with a capture that takes White's last piece.
	s.send("position fen 6/6/6/w5/6/2b3 b 0 1")
	query("p1turn", "true")
	query("result", "none")
	s.send("position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3")
	query("gameover", "true")
	query("result", "p1win")
	query("p1turn", "false")
	// Repetition under the Olympiad rules: a draw with equal pieces.
	s.send("position fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6")
	query("gameover", "true")
	query("result", "draw")
	// White wins with more pieces at the quiet-ply limit.
	s.send("position fen ww3w/6/6/6/6/b4b w 49 30 moves a6a5")
	query("gameover", "true")
	query("result", "p2win")
	// Letter case, a capture claimed with x, a position text of two fields.
	s.send("position STARTPOS MOVES b2b3 e5e4", "position fen 6/6/6/w5/6/2b3 b MOVES c1xa3")
	query("result", "p1win")
	// show describes the game.
	s.send("position startpos moves b2b3")
	show := s.show()
	want := []string{
		"info string 6  w w w w w w",
		"info string position wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 1 1",
		"info string start wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 moves b2b3",
		"info string rules QuietPlyLimit 50 RepetitionLimit 2",
		"info string outcome not over",
	}
	for _, w := range want {
		if !slices.Contains(show, w) {
			t.Errorf("show: no line %q in %q", w, show)
		}
	}
}

func TestGo(t *testing.T) {
	s := newSession(t)
	g := surakarta.NewGame(surakarta.NewPosition())
	s.send("uginewgame", "position startpos")

	// go depth: one info line per iteration, then bestmove.
	infos, best := s.goSearch("depth 4")
	if len(infos) != 4 {
		t.Fatalf("go depth 4: %d info lines, want 4: %q", len(infos), infos)
	}
	for i, l := range infos {
		if d, _ := strconv.Atoi(infoRE.FindStringSubmatch(l)[1]); d != i+1 {
			t.Errorf("info line %d has depth %d", i+1, d)
		}
	}
	m := bestMove(t, best, g)
	if pv := strings.Fields(strings.SplitN(infos[3], " pv ", 2)[1]); pv[0] != m.String() {
		t.Errorf("bestmove %v, last pv %v", m, pv)
	}

	// go nodes: about that many nodes.
	s.send("position startpos moves " + m.String())
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	infos, best = s.goSearch("nodes 3000")
	bestMove(t, best, g)
	if len(infos) > 0 {
		if n, _ := strconv.Atoi(infoRE.FindStringSubmatch(infos[len(infos)-1])[3]); n > 3000+16 {
			t.Errorf("go nodes 3000: %d nodes", n)
		}
	}

	// go movetime, and a clock: a bestmove, in time on a machine not
	// otherwise busy.
	for _, args := range []string{"movetime 100", "p1time 2000 p2time 2000 p1inc 50 p2inc 50", "p1time 1000 p2time 300", "wtime 300 btime 1000 movestogo 5", "p2time -10 p1time 0", ""} {
		start := time.Now()
		_, best = s.goSearch(args)
		bestMove(t, best, g)
		testsize.RealTimeWithin(t, "go "+args+": bestmove", time.Since(start), 2*time.Second)
	}

	// A finished game has no move to search.
	s.send("position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3", "go depth 3")
	s.expect("info string the game is over: Black wins (no pieces left)")
	s.expect("bestmove 0000")
}

func TestStopInfiniteSearch(t *testing.T) {
	s := newSession(t)
	start := surakarta.NewGame(surakarta.NewPosition())
	s.send("position startpos", "go infinite")
	s.until(func(l string) bool { return strings.HasPrefix(l, "info depth 6 ") })
	// isready is answered while the search runs, and nothing that would
	// change the game or the options is done meanwhile: a search that
	// ends only at stop is not waited for, since the stop comes after.
	s.send("isready")
	s.until(func(l string) bool { return l == "readyok" })
	const busy = "info string error: a search is running that ends only when told: send stop first"
	for _, cmd := range []string{"uginewgame", "setoption name Hash value 2", "setoption name QuietPlyLimit value 3", "bench 1", "perft 1"} {
		s.send(cmd)
		s.untilPrefix(busy)
	}
	// A go is answered, with bestmove 0000.
	s.send("go depth 1")
	s.untilPrefix(busy)
	s.expect("bestmove 0000")
	s.send("query p1turn")
	s.untilPrefix("response true")
	s.send("show")
	s.untilPrefix("info string outcome not over")
	begin := time.Now()
	s.send("stop")
	_, best := s.untilPrefix("bestmove ")
	testsize.RealTimeWithin(t, "stop: bestmove", time.Since(begin), 2*time.Second)
	bestMove(t, best, start)
	// The search is over: nothing was changed, and a new one starts.
	s.send("isready")
	s.expect("readyok")
	if show := s.show(); !slices.Contains(show, "info string rules QuietPlyLimit 50 RepetitionLimit 2") || !slices.Contains(show, "info string position "+surakarta.StartText) {
		t.Errorf("after the refused commands: %q", show)
	}
	_, best = s.goSearch("depth 2")
	bestMove(t, best, start)
	// stop with no search does nothing.
	s.send("stop", "isready")
	s.expect("readyok")

	// An infinite search that ends (a depth limit, or the game's end in
	// sight) still waits for stop.
	s.send("go infinite depth 2")
	s.until(func(l string) bool { return strings.HasPrefix(l, "info depth 2 ") })
	s.send("isready")
	s.expect("readyok")
	s.send("stop")
	s.untilPrefix("bestmove ")

	// quit during a search ends Serve.
	s.send("go infinite", "quit")
	if err := s.wait(); err != nil {
		t.Errorf("quit during a search: %v", err)
	}
	if rest := s.rest(); len(rest) == 0 || !strings.HasPrefix(rest[len(rest)-1], "bestmove ") {
		t.Errorf("quit during a search: the output ends %q", rest)
	}
}

// TestEndOfInput: the end of the input stops a search, which answers
// its move, and Serve returns at once: a search to the greatest depth,
// which would run for hours, and an infinite one.
func TestEndOfInput(t *testing.T) {
	for _, search := range []string{"go depth " + strconv.Itoa(surakarta.MaxDepth), "go infinite"} {
		s := newSession(t)
		s.send("position startpos", search)
		s.untilPrefix("info depth 2 ") // it searches
		s.in.Close()
		if err := s.wait(); err != nil {
			t.Errorf("%s, then the end of the input: Serve: %v", search, err)
		}
		rest := s.rest()
		if len(rest) == 0 {
			t.Fatalf("%s, then the end of the input: no bestmove", search)
		}
		bestMove(t, rest[len(rest)-1], surakarta.NewGame(surakarta.NewPosition()))
	}
}

func TestRules(t *testing.T) {
	s := newSession(t)
	query := func(q, want string) {
		t.Helper()
		s.send("query " + q)
		s.expect("response " + want)
	}
	// Rules set by setoption apply from the next position.
	s.send("setoption name QuietPlyLimit value 4", "position startpos moves b2b3 e5e4 a2a3")
	query("gameover", "false")
	s.send("position startpos moves b2b3 e5e4 a2a3 f5f4")
	query("gameover", "true")
	query("result", "draw")
	s.send("setoption name QuietPlyLimit value 0", "position startpos moves b2b3 e5e4 a2a3 f5f4")
	query("gameover", "false")
	// A repetition limit of 3: the first repetition goes on.
	s.send("setoption name RepetitionLimit value 3", "position fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6")
	query("gameover", "false")
	s.send("position fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6 a1b1 a6b6 b1a1 b6a6")
	query("gameover", "true")
	// A search knows the rules: one ply before the quiet-ply limit, the
	// side ahead wins with any step.
	s.send("setoption name QuietPlyLimit value 50", "setoption name RepetitionLimit value 2", "position fen ww3w/6/6/6/6/b4b w 49 30")
	infos, best := s.goSearch("depth 3")
	if len(infos) == 0 || !strings.Contains(infos[0], " score mate 1 ") {
		t.Errorf("quiet-ply limit in one: %q", infos)
	}
	start, err := surakarta.ParsePosition("ww3w/6/6/6/6/b4b w 49 30")
	if err != nil {
		t.Fatal(err)
	}
	bestMove(t, best, surakarta.NewGame(start))
}

// TestBadInput: bad input gets one error line and changes nothing, a go
// refused also its bestmove 0000 (a GUI waits for it); the server goes
// on.
func TestBadInput(t *testing.T) {
	var calls []string
	s := startSession(t, testEngine(&calls), serve.Caps{})
	s.send("setoption name QuietPlyLimit value 70", "position startpos moves b2b3 e5e4")
	before := s.show()
	s.send("ugi")
	options, _ := s.untilPrefix("ugiok")
	for _, bad := range []string{
		"foo", "ucix", "go mate 0", "go mate -1", "go mate", "go depth", "go depth x", "go depth -1", "go nodes -5", "go movetime 1.5",
		"go wibble 3", "go searchmoves", "go searchmoves a2a9", "go searchmoves b2b3", "go depth 3 searchmoves a1a2 b1b2",
		"setoption", "setoption name", "setoption Hash value 1", "setoption name Hash", "setoption name Hash value", "setoption name Hash value -1",
		"setoption name Hash value 99999", "setoption name Bogus value 1", "setoption name value 1",
		"setoption name Evaluator value mcts", "setoption name Ponder value yes", "setoption name RepetitionLimit value 1",
		"setoption name QuietPlyLimit value x", "setoption name MoveOverhead value 10001",
		"query", "query wibble", "query gameover now", "perft", "perft 0", "perft x", "perft 99", "perft 1 2",
		"bench 0", "bench x", "bench 1 2", "bench 65",
	} {
		s.send(bad)
		if lines := refusal(s.ready(), bad); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: ") {
			t.Errorf("%q: got %q, want one error line", bad, lines)
		}
	}
	if after := s.show(); !slices.Equal(after, before) {
		t.Errorf("the game changed:\n%s\nthen\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
	s.send("ugi")
	if after, _ := s.untilPrefix("ugiok"); !slices.Equal(after, options) {
		t.Errorf("the options changed:\n%s\nthen\n%s", strings.Join(options, "\n"), strings.Join(after, "\n"))
	}
	if len(calls) != 0 {
		t.Errorf("SetOption called with %q", calls)
	}
	s.send("uginewgame")
	if after := s.show(); !slices.Contains(after, "info string rules QuietPlyLimit 70 RepetitionLimit 2") {
		t.Errorf("the settings changed: %q", after)
	}
	// The texts of some errors.
	for bad, want := range map[string]string{
		"go searchmoves a1a3":                    "info string error: go: searchmoves: illegal move: a1a3: a step goes to a neighbouring point, and a3 is not next to a1",
		"go mate 0":                              "info string error: go: mate 0: want a number of moves from 1",
		"go searchmoves a2a3 b9b3":               `info string error: go: searchmoves: invalid move notation: "b9b3": invalid square: "b9" is not a square a1…f6`,
		"setoption name hash value 0":            `info string error: setoption: option Hash: want a whole number from 1 to 64, not "0"`,
		"setoption name RepetitionLimit value 1": "info string error: setoption: option RepetitionLimit: 1 would end every game at once: want 0 (off) or 2 or more",
		"perft 9":                                `info string error: perft: want a depth from 1 to 8, not "9"`,
		"wibble":                                 `info string error: unknown command "wibble" (commands: ugi, isready, setoption, uginewgame, position, go, stop, ponderhit, query, bench, perft, show, eval, quit)`,
	} {
		s.send(bad)
		if lines := refusal(s.ready(), bad); len(lines) != 1 || lines[0] != want {
			t.Errorf("%q: got %q, want %q", bad, lines, want)
		}
	}
}

// refusal returns the lines that answer the refused command cmd without
// the bestmove 0000 that follows a go's error line, which it checks.
func refusal(lines []string, cmd string) []string {
	if !strings.HasPrefix(cmd, "go ") {
		return lines
	}
	if len(lines) == 0 || lines[len(lines)-1] != "bestmove 0000" {
		return append(lines, "(no bestmove 0000 last)")
	}
	return lines[:len(lines)-1]
}

// TestNoPosition: after a refused position the server has none: go
// answers bestmove 0000, query only an error, until a good position or
// uginewgame.
func TestNoPosition(t *testing.T) {
	s := newSession(t)
	for _, bad := range []string{
		"position", "position startpos b2b3", "position startpos moves b2b3 b2b3", "position startpos moves a1a1",
		"position startpos moves zz", "position fen", "position fen xx", "position fen wwwwww/wwwwww/6/6/bbbbbb/bbbbbbb b",
		"position fen 6/6/6/6/6/6 x", "position fen moves", "position fen wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 moves e5e4",
		"position startpos moves b2b3 e5e4 c1c1", "position sideways", "position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3 a3a4",
	} {
		s.send("position startpos moves b2b3")
		s.send(bad)
		if lines := s.ready(); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: position") {
			t.Errorf("%q: got %q, want one error line", bad, lines)
		}
		s.send("go depth 1")
		s.expect("info string error: no position: the last position command was refused; send position or uginewgame")
		s.expect("bestmove 0000")
		for _, q := range []string{"gameover", "p1turn", "result"} {
			s.send("query " + q)
			if lines := s.ready(); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: no position") {
				t.Errorf("%q, then query %s: %q", bad, q, lines)
			}
		}
		s.send("perft 1")
		if lines := s.ready(); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: perft: no position") {
			t.Errorf("%q, then perft 1: %q", bad, lines)
		}
		if show := s.show(); len(show) != 3 || !strings.HasPrefix(show[0], "info string no position") || show[2] != "info string outcome none" {
			t.Errorf("%q, then show: %q", bad, show)
		}
	}
	// bench and the options do not need a position.
	s.send("bench 1", "setoption name Hash value 2")
	if l := s.next(); !regexp.MustCompile(`^\d+ nodes \d+ nps$`).MatchString(l) {
		t.Errorf("bench 1 with no position: %q", l)
	}
	if lines := s.ready(); len(lines) != 0 {
		t.Errorf("setoption with no position: %q", lines)
	}
	// uginewgame, or a good position, sets a game again.
	s.send("uginewgame", "query p1turn")
	s.expect("response true")
	s.send("position fen xx", "isready")
	s.untilPrefix("readyok")
	s.send("position startpos moves b2b3", "query p1turn")
	s.expect("response false")
	_, best := s.goSearch("depth 2")
	g := surakarta.NewGame(surakarta.NewPosition())
	g.PlayText("b2b3")
	bestMove(t, best, g)

	// A position refused because a search runs until stop leaves no
	// position either: a go after the stop answers no move of the game
	// before.
	s.send("go infinite", "position startpos moves b2b3 e5e4", "stop")
	if lines, _ := s.untilPrefix("bestmove "); !slices.Contains(lines, "info string error: a search is running that ends only when told: send stop first") {
		t.Errorf("position during a search: %q", lines)
	}
	s.send("go depth 1")
	s.expect("info string error: no position: the last position command was refused; send position or uginewgame")
	s.expect("bestmove 0000")
}

func TestPerft(t *testing.T) {
	s := newSession(t)
	s.send("position startpos", "perft 3")
	lines, last := s.untilPrefix("nodes ")
	g := surakarta.NewGame(surakarta.NewPosition())
	if last != "nodes 5382" || len(lines) != 16 {
		t.Errorf("perft 3: %d moves, %q; want 16 moves and nodes 5382", len(lines), last)
	}
	for i, l := range lines {
		m, n, total, err := parsePerftLine(l)
		p := g.Position()
		p.PlayUnchecked(g.LegalMoves()[i])
		if err != nil || total || m != g.LegalMoves()[i] || n != p.Perft(2) {
			t.Errorf("perft 3, line %d: %q", i+1, l)
		}
	}
	s.send("position fen 6/6/6/w5/6/2b3 b 0 1", "perft 1")
	lines, last = s.untilPrefix("nodes ")
	if want := []string{"c1a3: 1", "c1b1: 1", "c1d1: 1", "c1b2: 1", "c1c2: 1", "c1d2: 1"}; last != "nodes 6" || !slices.Equal(lines, want) {
		t.Errorf("perft 1: %q, %q", lines, last)
	}
	// perft of a finished game counts on: no game-end rule applies.
	s.send("position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3", "perft 2")
	if _, last := s.untilPrefix("nodes "); last != "nodes 0" {
		t.Errorf("perft 2 with no White piece: %q", last)
	}
}

// TestPerftInBackground: a long perft runs in the background: isready and
// query are answered at once, and stop, quit and the end of the input end
// it. A perft 8 takes minutes: an answer that waited for its end would
// not come within waitTimeout, on any machine; that it comes within a
// second is checked with SURAKARTA_REALTIME=1.
func TestPerftInBackground(t *testing.T) {
	s := newSession(t)
	s.send("perft 8")
	begin := time.Now()
	s.send("isready")
	s.expect("readyok")
	testsize.RealTimeWithin(t, "isready during perft 8: readyok", time.Since(begin), time.Second)
	s.send("query p1turn")
	s.expect("response true")
	begin = time.Now()
	s.send("stop")
	s.expect("info string perft stopped")
	testsize.RealTimeWithin(t, "stop during perft 8: stopped", time.Since(begin), time.Second)
	// It is over: a new command is carried out.
	s.send("perft 2")
	if _, last := s.untilPrefix("nodes "); last != "nodes 256" {
		t.Errorf("perft 2 after stop: %q", last)
	}
	s.send("perft 8")
	begin = time.Now()
	s.send("quit")
	if err := s.wait(); err != nil {
		t.Errorf("quit during perft: %v", err)
	}
	testsize.RealTimeWithin(t, "quit during perft 8: Serve returned", time.Since(begin), time.Second)

	// The end of the input stops a perft too.
	s = newSession(t)
	s.send("perft 8")
	s.in.Close()
	if err := s.wait(); err != nil {
		t.Errorf("Serve: %v", err)
	}
	if rest := s.rest(); len(rest) == 0 || rest[len(rest)-1] != "info string perft stopped" {
		t.Errorf("perft 8, then the end of the input: %q", rest)
	}
}

// TestBench: bench's count is the engine's signature: the same each
// time, whatever came before.
func TestBench(t *testing.T) {
	s := newSession(t)
	count := func() string {
		t.Helper()
		s.send("bench 4")
		l := s.next()
		m := regexp.MustCompile(`^(\d+) nodes \d+ nps$`).FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("bench 4: %q", l)
		}
		return m[1]
	}
	first := count()
	s.send("position startpos moves b2b3")
	s.goSearch("depth 6")
	if again := count(); again != first {
		t.Errorf("bench 4: %s nodes, then %s after a search", first, again)
	}
	// It is what a new PVS makes of each position.
	var want int64
	for _, p := range benchPositions {
		res, err := surakarta.NewPVS(surakarta.NewTuned()).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: 4})
		if err != nil {
			t.Fatal(err)
		}
		want += res.Nodes
	}
	if first != strconv.FormatInt(want, 10) {
		t.Errorf("bench 4: %s nodes, want %d", first, want)
	}
	// The next search is as after uginewgame: bench left nothing behind.
	s.send("uginewgame", "position startpos")
	_, best1 := s.goSearch("depth 5")
	s.send("bench 1")
	s.next()
	_, best2 := s.goSearch("depth 5")
	if best1 != best2 {
		t.Errorf("go depth 5: %s, then after bench %s", best1, best2)
	}
}

// TestBenchPositions: bench searches the start and the positions of the
// library's benchmarks, testdata/middlegame.txt.
func TestBenchPositions(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "middlegame.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{surakarta.StartText}
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	if !slices.Equal(benchTexts, want) || len(benchPositions) != 17 {
		t.Errorf("benchTexts:\n%s\nwant the start and testdata/middlegame.txt:\n%s", strings.Join(benchTexts, "\n"), strings.Join(want, "\n"))
	}
}

// TestOddInput: lines too long, NUL bytes, characters of several bytes
// and white space of every kind get an error line each, in valid UTF-8;
// the server goes on.
func TestOddInput(t *testing.T) {
	s := newSession(t)
	s.send("long " + strings.Repeat("x", 2<<20))
	s.expect("info string error: a line longer than 1048576 bytes")
	s.send("isready")
	s.expect("readyok")
	for _, odd := range []string{
		strings.Repeat("é", 100), strings.Repeat("€", 30) + " go", "\x00", "go\x00", "go depth 1\x00", "isready\x00",
		"\xff\xfe", strings.Repeat("a", 39) + "é", "position startpos moves " + strings.Repeat("ü", 50),
	} {
		s.send(odd)
		lines := refusal(s.ready(), odd)
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: ") {
			t.Errorf("%.60q: %q, want one error line", odd, lines)
		}
		for _, l := range lines {
			if !utf8.ValidString(l) {
				t.Errorf("%.60q: the error line %q is not UTF-8", odd, l)
			}
			if utf8.ValidString(odd) && !strings.ContainsRune(odd, 0) && strings.Contains(l, `\x`) {
				t.Errorf("%.60q: the error line %q quotes part of a character", odd, l)
			}
		}
	}
	// White space of every kind separates words; empty lines do nothing.
	s.send("", "   ", "\t", "position\tstartpos  moves\tb2b3 \r", "query p1turn")
	s.expect("response false")
}

func TestServeErrors(t *testing.T) {
	e := testEngine(nil)
	for name, bad := range map[string]Engine{
		"no searcher":           {Name: "x"},
		"options, no setter":    {Searcher: e.Searcher, Options: e.Options},
		"a server option":       {Searcher: e.Searcher, Options: []Option{{Name: "moveoverhead", Type: OptionSpin}}, SetOption: e.SetOption},
		"an option named twice": {Searcher: e.Searcher, Options: []Option{{Name: "Hash", Type: OptionSpin}, {Name: "HASH", Type: OptionSpin}}, SetOption: e.SetOption},
	} {
		var out strings.Builder
		if err := Serve(context.Background(), strings.NewReader("isready\n"), &out, bad); err == nil || out.Len() != 0 {
			t.Errorf("%s: %v, wrote %q", name, err, out.String())
		}
	}
	// r's error.
	boom := errors.New("boom")
	var out strings.Builder
	if err := Serve(context.Background(), io.MultiReader(strings.NewReader("isready\n"), iotest.ErrReader(boom)), &out, e); err != boom || out.String() != "readyok\n" {
		t.Errorf("a read error: %v, wrote %q", err, out.String())
	}
	// w's error stops Serve.
	if err := Serve(context.Background(), strings.NewReader("isready\nisready\n"), errWriter{boom}, e); err != boom {
		t.Errorf("a write error: %v", err)
	}
	// ctx done: while waiting for input, during a search. Neither ends by
	// itself: a Serve that missed the end of its context would not return.
	for _, input := range []string{"", "go infinite\n", "go depth 60\n"} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		r, w := io.Pipe()
		go io.WriteString(w, input)
		served := make(chan error, 1)
		go func() { served <- Serve(ctx, r, io.Discard, e) }()
		select {
		case err := <-served:
			if err != context.DeadlineExceeded {
				t.Errorf("%q, ctx done: %v", input, err)
			}
		case <-time.After(waitTimeout): // a hang, not a slow machine
			t.Fatalf("%q, ctx done: Serve still running after %v", input, waitTimeout)
		}
		cancel()
		w.Close()
	}
	// quit and the end of the input: nil.
	if err := Serve(context.Background(), strings.NewReader("quit\nisready\n"), io.Discard, e); err != nil {
		t.Errorf("quit: %v", err)
	}
	if err := Serve(context.Background(), strings.NewReader("isready"), io.Discard, e); err != nil {
		t.Errorf("the end of the input: %v", err)
	}
}

// errWriter fails every write.
type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

// slowClear is a PVS whose Clear waits for release, as the clear of a
// large table takes seconds; it records the order of events in log.
type slowClear struct {
	*surakarta.PVS
	release chan struct{}
	ended   chan struct{} // closed when the test ends, releasing any clear
	mu      sync.Mutex
	log     []string
}

func (s *slowClear) note(event string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = append(s.log, event)
}

func (s *slowClear) Clear() {
	s.note("clearing")
	select {
	case <-s.release:
	case <-s.ended:
	}
	s.PVS.Clear()
	s.note("cleared")
}

func (s *slowClear) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	s.note("search")
	return s.PVS.Search(ctx, g, lim)
}

// TestNewGameClearsInTheBackground: uginewgame clears the searcher
// without holding up the commands that do not need it (position, query,
// show, the server's options, stop); isready is answered, go searches and
// the engine's options are set only once the clear has ended; and Serve
// returns only then.
func TestNewGameClearsInTheBackground(t *testing.T) {
	sc := &slowClear{PVS: surakarta.NewPVS(surakarta.NewTuned()), release: make(chan struct{}), ended: make(chan struct{})}
	var calls []string
	e := testEngine(&calls)
	e.Searcher = func() surakarta.Searcher { return sc }
	s := startSession(t, e, serve.Caps{})
	t.Cleanup(func() { close(sc.ended) }) // before the session's cleanup, which waits for Serve
	s.send("go depth 1")
	s.untilPrefix("bestmove ")
	s.send("uginewgame", "position startpos moves a2a3", "query p1turn", "setoption name QuietPlyLimit value 40", "stop")
	s.expect("response false") // answered while the clear waits
	if shown := strings.Join(s.show(), "\n"); !strings.Contains(shown, "moves a2a3") {
		t.Fatalf("show during the clear:\n%s", shown)
	}
	// One write, which the server takes in while the first of them waits.
	s.send("setoption name Ponder value true\ngo depth 1\nisready")
	// Whatever comes now came after the release: isready, the engine's
	// option and go wait for the clear.
	answered := make(chan string, 1)
	go func() {
		l := <-s.lines
		sc.note("answered " + strings.Fields(l)[0])
		answered <- l
	}()
	time.Sleep(100 * time.Millisecond) // room for a wrong answer to come early; not needed to pass
	sc.note("released")
	close(sc.release)
	var best, ready bool // in either order: isready is answered while go searches
	seen := func(l string) bool {
		best = best || strings.HasPrefix(l, "bestmove ")
		ready = ready || l == "readyok"
		return best && ready
	}
	seen(<-answered)
	s.until(seen)
	sc.mu.Lock()
	log := strings.Join(sc.log, ", ")
	sc.mu.Unlock()
	// After the clear: the search, and the first answer (readyok or the
	// search's first line), in either order.
	if want := "search, clearing, released, cleared, "; !strings.HasPrefix(log, want) || len(sc.log) != 6 || !slices.Contains(sc.log[4:], "search") {
		t.Errorf("events %s; want %s then the search and the first answer", log, want)
	}
	if len(calls) != 1 || calls[0] != "Ponder=true" {
		t.Errorf("SetOption calls %q", calls)
	}

	// Serve returns once a clear has ended.
	sc.release = make(chan struct{})
	s.send("uginewgame", "quit")
	go func() {
		time.Sleep(100 * time.Millisecond)
		sc.note("released")
		close(sc.release)
	}()
	if err := s.wait(); err != nil {
		t.Fatal(err)
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if n := len(sc.log); sc.log[n-2] != "released" || sc.log[n-1] != "cleared" {
		t.Errorf("events %q: Serve returned before the clear ended", sc.log)
	}
}
