package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// infoLine is the form of an iteration's info line.
var infoLine = regexp.MustCompile(`^info depth (\d+) seldepth \d+ score (cp -?\d+|mate -?\d+) nodes (\d+) nps \d+ time \d+ pv( [a-f][1-6][a-f][1-6])+$`)

// finalInfo is the form of the info line before bestmove.
var finalInfo = regexp.MustCompile(`^info nodes (\d+) nps \d+ time \d+( pv( [a-f][1-6][a-f][1-6])+)?$`)

// bestMove returns the move of a bestmove line, checking it is legal in g,
// and that its ponder move, if any, is legal after it.
func bestMove(t *testing.T, line string, g *surakarta.Game) surakarta.Move {
	t.Helper()
	text, ok := strings.CutPrefix(line, "bestmove ")
	if !ok {
		t.Fatalf("got %q, want bestmove", line)
	}
	text, ponder, hasPonder := strings.Cut(text, " ponder ")
	m, err := surakarta.ParseMove(text)
	if err != nil {
		t.Fatalf("bestmove %q: %v", text, err)
	}
	legal, err := g.Position().Legal(m)
	if err != nil {
		t.Fatalf("bestmove %v is not legal in %v", m, g.Position())
	}
	if hasPonder {
		p := g.Position()
		p.PlayUnchecked(legal)
		reply, err := surakarta.ParseMove(ponder)
		if err == nil {
			_, err = p.Legal(reply)
		}
		if err != nil {
			t.Fatalf("%q: the ponder move: %v", line, err)
		}
	}
	return m
}

// goSearch sends go with args and returns the info lines and the bestmove
// line, checking their form.
func goSearch(t *testing.T, p *process, args string) (infos []string, best string) {
	t.Helper()
	p.send("go " + args)
	lines, best := p.untilPrefix("bestmove ")
	if len(lines) == 0 || !finalInfo.MatchString(lines[len(lines)-1]) {
		t.Fatalf("go %s: no final info line before %q: %q", args, best, lines)
	}
	for _, l := range lines[:len(lines)-1] {
		if !infoLine.MatchString(l) {
			t.Errorf("go %s: line %q is no info line", args, l)
		}
	}
	return lines[:len(lines)-1], best
}

func TestUGIHandshake(t *testing.T) {
	p := startEngine(t, "engine")
	p.send("ugi")
	lines, _ := p.untilPrefix("ugiok")
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "id name surakarta") || lines[1] != "id author "+engineAuthor {
		t.Fatalf("ugi: id lines %q", lines)
	}
	// The server's options first, then UGI's, then the engine's.
	want := []string{
		"option name MoveOverhead type spin default 20 min 0 max 10000",
		"option name QuietPlyLimit type spin default 50 min 0 max 1000000",
		"option name RepetitionLimit type spin default 2 min 0 max 1000000",
		"option name MultiPV type spin default 1 min 1 max 112",
		"option name Ponder type check default false",
		"option name UCI_ShowWDL type check default false",
		"option name Clear Hash type button",
		"option name Hash type spin default 16 min 1 max 4096",
		"option name Threads type spin default 1 min 1 max 256",
		"option name Contempt type spin default 0 min -1000 max 1000",
		"option name Searcher type combo default pvs var pvs var alphabeta var mcts var uct",
		"option name Evaluator type combo default network var network var tuned var endgame var sixfactor",
		"option name Level type spin default 10 min 1 max 10",
		"option name TablebasePath type string default <empty>",
		"option name NetworkFile type string default <empty>",
		"option name Book type string default <empty>",
		"option name BookPlies type spin default 0 min 0 max 255",
		"option name BookVariety type spin default 100 min 0 max 100",
		"option name BookByScore type check default false",
	}
	if !slices.Equal(lines[2:], want) {
		t.Errorf("ugi: options\n%s\nwant\n%s", strings.Join(lines[2:], "\n"), strings.Join(want, "\n"))
	}
	p.send("isready")
	p.expect("readyok")
	for _, opt := range []string{"Hash value 16", "hash value 1", "Threads value 1", "MoveOverhead value 50", "Searcher value alphabeta",
		"Searcher value PVS", "Evaluator value sixfactor", "Evaluator value Tuned", "Evaluator value endgame", "QuietPlyLimit value 101", "RepetitionLimit value 3",
		"MultiPV value 3", "multipv value 1", "Level value 3", "level value 10"} {
		p.send("setoption name "+opt, "isready")
		p.expect("readyok") // no error line before it
	}
	p.send("quit")
	if err := p.wait(); err != nil {
		t.Errorf("quit: exit %v", err)
	}
}

func TestUGIPositionAndQuery(t *testing.T) {
	p := startEngine(t, "engine")
	query := func(q, want string) {
		t.Helper()
		p.send("query " + q)
		p.expect("response " + want)
	}
	p.send("ugi")
	p.untilPrefix("ugiok")
	p.send("uginewgame", "position startpos")
	query("p1turn", "true")
	query("gameover", "false")
	query("result", "none")
	p.send("position startpos moves b2b3 e5e4")
	query("p1turn", "true")
	p.send("position startpos moves b2b3")
	query("p1turn", "false")
	// Black to move with a capture that takes White's last piece.
	p.send("position fen 6/6/6/w5/6/2b3 b 0 1")
	query("p1turn", "true")
	query("result", "none")
	p.send("position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3")
	query("gameover", "true")
	query("result", "p1win")
	query("p1turn", "false")
	// Repetition under the Olympiad rules: a draw with equal pieces.
	p.send("position fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6")
	query("gameover", "true")
	query("result", "draw")
	// White wins with more pieces at the quiet-ply limit.
	p.send("position fen ww3w/6/6/6/6/b4b w 49 30 moves a6a5")
	query("gameover", "true")
	query("result", "p2win")
	// show describes the game.
	p.send("position startpos moves b2b3", "show")
	lines, _ := p.untilPrefix("info string outcome ")
	want := []string{"info string position wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 1 1", "info string start wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 moves b2b3"}
	for _, w := range want {
		if !slices.Contains(lines, w) {
			t.Errorf("show: no line %q in %q", w, lines)
		}
	}
}

func TestUGIGo(t *testing.T) {
	p := startEngine(t, "engine")
	g := surakarta.NewGame(surakarta.NewPosition())
	p.send("uginewgame", "position startpos")

	// go depth: one info line per iteration, then bestmove.
	infos, best := goSearch(t, p, "depth 4")
	if len(infos) != 4 {
		t.Fatalf("go depth 4: %d info lines, want 4: %q", len(infos), infos)
	}
	for i, l := range infos {
		if d, _ := strconv.Atoi(infoLine.FindStringSubmatch(l)[1]); d != i+1 {
			t.Errorf("info line %d has depth %d", i+1, d)
		}
	}
	m := bestMove(t, best, g)
	if pv := strings.Fields(strings.SplitN(infos[3], " pv ", 2)[1]); pv[0] != m.String() {
		t.Errorf("bestmove %v, last pv %v", m, pv)
	}

	// go nodes: about that many nodes.
	p.send("position startpos moves " + m.String())
	if err := g.Play(m); err != nil {
		t.Fatal(err)
	}
	infos, best = goSearch(t, p, "nodes 3000")
	bestMove(t, best, g)
	if len(infos) > 0 {
		if n, _ := strconv.Atoi(infoLine.FindStringSubmatch(infos[len(infos)-1])[3]); n > 3000+16 {
			t.Errorf("go nodes 3000: %d nodes", n)
		}
	}

	// go movetime, and a clock: a bestmove, in time on a machine not
	// otherwise busy.
	for _, args := range []string{"movetime 100", "p1time 2000 p2time 2000 p1inc 50 p2inc 50", "p1time 1000 p2time 300", "wtime 300 btime 1000 movestogo 5", "p2time -10 p1time 0"} {
		start := time.Now()
		_, best = goSearch(t, p, args)
		bestMove(t, best, g)
		testsize.RealTimeWithin(t, "go "+args+": bestmove", time.Since(start), 2*time.Second)
	}

	// perft and bench.
	p.send("position startpos", "perft 3")
	lines, last := p.untilPrefix("nodes ")
	if last != "nodes 5382" || len(lines) != 16 {
		t.Errorf("perft 3: %d moves, %q; want 16 moves and nodes 5382", len(lines), last)
	}
	p.send("bench 3")
	if l := p.next(); !regexp.MustCompile(`^\d+ nodes \d+ nps$`).MatchString(l) {
		t.Errorf("bench 3: %q", l)
	}

	// A finished game has no move to search.
	p.send("position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3", "go depth 3")
	p.untilPrefix("info string the game is over")
	p.expect("bestmove 0000")
}

func TestUGIStopInfiniteSearch(t *testing.T) {
	p := startEngine(t, "engine")
	p.send("position startpos", "go infinite")
	p.until(func(l string) bool { return strings.HasPrefix(l, "info depth 6 ") })
	// isready and query are answered while the search runs; a position
	// is refused, since a search that ends only at stop cannot be waited
	// for, and leaves no position.
	p.send("isready", "query p1turn", "position startpos moves b2b3")
	lines := p.until(func(l string) bool { return l == "readyok" || strings.HasPrefix(l, "info string error") })
	if last := lines[len(lines)-1]; last != "readyok" {
		t.Fatalf("isready during the search: got %q first", last)
	}
	p.untilPrefix("response true")
	p.untilPrefix("info string error: a search is running that ends only when told: send stop first")
	start := time.Now()
	p.send("stop")
	_, best := p.untilPrefix("bestmove ")
	testsize.RealTimeWithin(t, "stop: bestmove", time.Since(start), 2*time.Second)
	bestMove(t, best, surakarta.NewGame(surakarta.NewPosition()))
	// The search is over: a new one starts.
	p.send("isready")
	p.expect("readyok")
	p.send("position startpos")
	_, best = goSearch(t, p, "depth 2")
	bestMove(t, best, surakarta.NewGame(surakarta.NewPosition()))

	// An infinite search that ends (a depth limit, or the game's end in
	// sight) still waits for stop.
	p.send("go infinite depth 2")
	p.until(func(l string) bool { return strings.HasPrefix(l, "info depth 2 ") })
	p.send("isready")
	p.expect("readyok")
	p.send("stop")
	p.untilPrefix("bestmove ")

	// quit during a search ends the process.
	p.send("go infinite", "quit")
	if err := p.wait(); err != nil {
		t.Errorf("quit during a search: exit %v", err)
	}
}

// TestUGIEndOfInput: at the end of the input the engine stops its
// search, answers its move and exits: a GUI that has gone leaves no
// search behind, neither a long one (go depth 1000000 is the greatest
// depth, hours of search) nor an infinite one.
func TestUGIEndOfInput(t *testing.T) {
	for _, search := range []string{"go depth 1000000", "go infinite"} {
		p := startEngine(t, "engine")
		p.send("position startpos", search)
		p.untilPrefix("info depth 3 ") // it searches
		p.stdin.Close()
		_, best := p.untilPrefix("bestmove ")
		bestMove(t, best, surakarta.NewGame(surakarta.NewPosition()))
		if err := p.wait(); err != nil {
			t.Errorf("%s, then the end of the input: exit %v", search, err)
		}
	}
}

func TestUGIRules(t *testing.T) {
	p := startEngine(t, "engine")
	query := func(q, want string) {
		t.Helper()
		p.send("query " + q)
		p.expect("response " + want)
	}
	// Rules set by setoption apply from the next position.
	p.send("setoption name QuietPlyLimit value 4", "position startpos moves b2b3 e5e4 a2a3")
	query("gameover", "false")
	p.send("position startpos moves b2b3 e5e4 a2a3 f5f4")
	query("gameover", "true")
	query("result", "draw")
	p.send("setoption name QuietPlyLimit value 0", "position startpos moves b2b3 e5e4 a2a3 f5f4")
	query("gameover", "false")
	// A repetition limit of 3: the first repetition goes on.
	p.send("setoption name RepetitionLimit value 3", "position fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6")
	query("gameover", "false")
	p.send("position fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6 a1b1 a6b6 b1a1 b6a6")
	query("gameover", "true")
	// A search knows the rules: one ply before the quiet-ply limit, the
	// side ahead wins with any step.
	p.send("setoption name QuietPlyLimit value 50", "setoption name RepetitionLimit value 2", "position fen ww3w/6/6/6/6/b4b w 49 30")
	infos, best := goSearch(t, p, "depth 3")
	if len(infos) == 0 || !strings.Contains(infos[0], " score mate 1 ") {
		t.Errorf("quiet-ply limit in one: %q", infos)
	}
	start, err := surakarta.ParsePosition("ww3w/6/6/6/6/b4b w 49 30")
	if err != nil {
		t.Fatal(err)
	}
	bestMove(t, best, surakarta.NewGame(start))
}

// TestUGIBadInput: bad input gets an error line and changes nothing; the
// engine goes on.
func TestUGIBadInput(t *testing.T) {
	p := startEngine(t, "engine")
	p.send("position startpos moves b2b3 e5e4")
	before := showGame(t, p)
	for _, bad := range []string{
		"foo", "ucix", "go mate 0", "go depth", "go depth x", "go depth -1", "go nodes -5", "go movetime 1.5",
		"go wibble 3", "go searchmoves b2b3",
		"setoption", "setoption name", "setoption name Hash", "setoption name Hash value", "setoption name Hash value -1",
		"setoption name Hash value 0", "setoption name Hash value 99999", "setoption name Threads value 0", "setoption name Bogus value 1",
		"setoption name Searcher value negamax", "setoption name RepetitionLimit value 1", "setoption name QuietPlyLimit value x",
		"query", "query wibble", "query gameover now", "perft", "perft 0", "perft x", "perft 99", "bench 0", "bench x", "bench 1 2",
	} {
		p.send(bad, "isready")
		lines, _ := p.untilPrefix("readyok")
		if strings.HasPrefix(bad, "go ") && len(lines) == 2 && lines[1] == "bestmove 0000" {
			lines = lines[:1] // a go refused is answered
		}
		if len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: ") {
			t.Errorf("%q: got %q, want one error line", bad, lines)
		}
	}
	if after := showGame(t, p); !slices.Equal(after, before) {
		t.Errorf("the game changed:\n%s\nthen\n%s", strings.Join(before, "\n"), strings.Join(after, "\n"))
	}
	// Options unchanged too.
	p.send("ugi")
	lines, _ := p.untilPrefix("ugiok")
	if !slices.Contains(lines, "option name Hash type spin default 16 min 1 max 4096") {
		t.Errorf("ugi after bad input: %q", lines)
	}
	p.send("long " + strings.Repeat("x", 2<<20))
	p.untilPrefix("info string error: a line longer than")
	p.send("isready")
	p.expect("readyok")
	// A line too long to read leaves no position, as a refused one does.
	if after := showGame(t, p); !strings.HasPrefix(after[0], "info string no position: a line too long to read") {
		t.Errorf("show after a long line: %q", after)
	}
}

// showGame returns the engine's show lines.
func showGame(t *testing.T, p *process) []string {
	t.Helper()
	p.send("show")
	lines, last := p.untilPrefix("info string outcome ")
	return append(lines, last)
}
