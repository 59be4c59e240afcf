package ugi

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// scriptedSearcher is a searcher whose reports the test writes: it calls
// RootProgress with rootTimes, then Progress with infos, then, when the
// search ponders, waits for the ponder hit or ctx; it records the limits
// it was given and its Clear calls.
type scriptedSearcher struct {
	rootTimes []time.Duration
	infos     []surakarta.Info
	result    surakarta.Result

	mu       sync.Mutex
	limits   []surakarta.Limits
	clears   int
	pondered chan struct{} // closed once a search that ponders has reported
}

func (s *scriptedSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	s.mu.Lock()
	s.limits = append(s.limits, lim)
	s.mu.Unlock()
	for i, at := range s.rootTimes {
		if lim.RootProgress != nil {
			lim.RootProgress(surakarta.Info{Depth: 9, CurrMove: g.LegalMoves()[i%3], CurrMoveNumber: i + 1, Time: at})
		}
	}
	for _, in := range s.infos {
		lim.Progress(in)
	}
	if lim.Ponder != nil {
		close(s.pondered)
		select {
		case <-lim.Ponder:
		case <-ctx.Done():
		}
	}
	return s.result, nil
}

func (s *scriptedSearcher) Clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clears++
}

// scriptedEngine returns an engine of sc.
func scriptedEngine(sc *scriptedSearcher) Engine {
	return Engine{Name: "scripted", Searcher: func() surakarta.Searcher { return sc }}
}

// b2c3 and a5b4 are a move from the start and a reply to it.
var (
	b2c3 = surakarta.NewMove(surakarta.B2, surakarta.C3)
	a5b4 = surakarta.NewMove(surakarta.A5, surakarta.B4)
)

// TestGoPonder: go ponder searches with Limits.Ponder and the clock of go;
// bestmove waits for ponderhit, which closes Ponder, and then comes with
// its ponder move; stop ends a search that ponders with its bestmove too;
// ponderhit with no search pondering does nothing.
func TestGoPonder(t *testing.T) {
	for _, end := range []string{"ponderhit", "stop"} {
		sc := &scriptedSearcher{
			infos:    []surakarta.Info{{Depth: 1, SelDepth: 1, Score: 3, PV: []surakarta.Move{b2c3, a5b4}}},
			result:   surakarta.Result{Move: b2c3, PV: []surakarta.Move{b2c3, a5b4}, Depth: 1},
			pondered: make(chan struct{}),
		}
		s := startSession(t, scriptedEngine(sc), serve.Caps{})
		s.send("go ponder p1time 5000 p2time 4000")
		select {
		case <-sc.pondered:
		case <-time.After(waitTimeout):
			t.Fatalf("the search got no Limits.Ponder within %v", waitTimeout)
		}
		if lines := s.ready(); slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "bestmove") }) {
			t.Fatalf("bestmove before %s: %q", end, lines)
		}
		s.send("setoption name MultiPV value 2") // refused: the search goes on
		if l := s.next(); l != "info string error: a search is running that ends only when told: send ponderhit or stop first" {
			t.Errorf("setoption while pondering: %q", l)
		}
		s.send(end)
		_, best := s.untilPrefix("bestmove ")
		if best != "bestmove b2c3 ponder a5b4" {
			t.Errorf("%s: %q, want bestmove b2c3 ponder a5b4", end, best)
		}
		lim := sc.limits[0]
		if lim.Ponder == nil || lim.Clock.Black != 5*time.Second || lim.Clock.White != 4*time.Second {
			t.Errorf("the search's limits: %+v, want Ponder and the clock of go", lim)
		}
		if end == "ponderhit" {
			select {
			case <-lim.Ponder:
			default:
				t.Error("ponderhit did not close Limits.Ponder")
			}
		}
		s.send("ponderhit")
		if lines := s.ready(); len(lines) != 0 {
			t.Errorf("ponderhit with no search pondering: %q", lines)
		}
	}
}

// TestGoPonderLibrarySearch: the engine's PVS ponders to its depth and
// holds bestmove until ponderhit; bestmove's ponder move is legal after
// it (bestMove checks).
func TestGoPonderLibrarySearch(t *testing.T) {
	s := newSession(t)
	s.send("go ponder depth 3")
	if lines := s.ready(); slices.ContainsFunc(lines, func(l string) bool { return strings.HasPrefix(l, "bestmove") }) {
		t.Fatalf("bestmove before ponderhit: %q", lines)
	}
	s.send("ponderhit")
	_, best := s.untilPrefix("bestmove ")
	bestMove(t, best, surakarta.NewGame(surakarta.NewPosition()))
	if !strings.Contains(best, " ponder ") {
		t.Errorf("%q: no ponder move after a search of 3 plies", best)
	}
}

// wdlRE reads the score and the wdl of an info line.
var wdlRE = regexp.MustCompile(` score cp (-?\d+) wdl (\d+) (\d+) (\d+) nodes `)

// TestShowWDL: with UCI_ShowWDL the info lines carry wdl, the library's
// model of their score from the start's 24 pieces; without, none.
func TestShowWDL(t *testing.T) {
	s := newSession(t)
	infos, _ := s.goSearch("depth 3")
	for _, l := range infos {
		if strings.Contains(l, " wdl ") {
			t.Fatalf("UCI_ShowWDL off: %q", l)
		}
	}
	s.send("setoption name UCI_ShowWDL value true", "go depth 3")
	lines, _ := s.untilPrefix("bestmove ")
	n := 0
	for _, l := range lines {
		m := wdlRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		n++
		score, _ := strconv.Atoi(m[1])
		want := surakarta.ScoreWDL(score, 24)
		if got := m[2] + " " + m[3] + " " + m[4]; got != strconv.Itoa(want.Win)+" "+strconv.Itoa(want.Draw)+" "+strconv.Itoa(want.Loss) {
			t.Errorf("%q: wdl %s, want %+v", l, got, want)
		}
	}
	if n != 3 {
		t.Errorf("%d info lines with wdl, want 3: %q", n, lines)
	}
}

// TestCurrMoveAndHashfull: currmove lines come only once the search has
// run 3 s, at least 250 ms apart; hashfull shows once it has run a second.
func TestCurrMoveAndHashfull(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	sc := &scriptedSearcher{
		rootTimes: []time.Duration{0, ms(1000), ms(2999), ms(3000), ms(3100), ms(3249), ms(3250), ms(3600)},
		infos: []surakarta.Info{
			{Depth: 8, SelDepth: 8, Score: 1, Time: ms(900), Hashfull: 120, PV: []surakarta.Move{b2c3}},
			{Depth: 9, SelDepth: 9, Score: 1, Time: ms(3700), Hashfull: 250, PV: []surakarta.Move{b2c3}},
		},
		result: surakarta.Result{Move: b2c3, PV: []surakarta.Move{b2c3}},
	}
	s := startSession(t, scriptedEngine(sc), serve.Caps{})
	s.send("go movetime 5000")
	lines, _ := s.untilPrefix("bestmove ")
	moves := surakarta.NewGame(surakarta.NewPosition()).LegalMoves()
	want := []string{
		"info depth 9 currmove " + moves[0].String() + " currmovenumber 4",
		"info depth 9 currmove " + moves[0].String() + " currmovenumber 7",
		"info depth 9 currmove " + moves[1].String() + " currmovenumber 8",
		"info depth 8 seldepth 8 score cp 1 nodes 0 nps 0 time 900 pv b2c3",
		"info depth 9 seldepth 9 score cp 1 nodes 0 nps 0 hashfull 250 time 3700 pv b2c3",
	}
	if !slices.Equal(lines[:len(want)], want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// TestClearHash: the Clear Hash button clears the searcher last used and
// keeps the game; before any search there is none to clear.
func TestClearHash(t *testing.T) {
	sc := &scriptedSearcher{result: surakarta.Result{Move: b2c3, PV: []surakarta.Move{b2c3}}}
	s := startSession(t, scriptedEngine(sc), serve.Caps{})
	s.send("setoption name Clear Hash")
	s.ready()
	s.send("position startpos moves b2c3", "go depth 1")
	s.untilPrefix("bestmove ")
	s.send("setoption name clear hash")
	s.ready()
	sc.mu.Lock()
	clears := sc.clears
	sc.mu.Unlock()
	if clears != 1 {
		t.Errorf("%d clears, want 1", clears)
	}
	if show := strings.Join(s.show(), "\n"); !strings.Contains(show, "moves b2c3") {
		t.Errorf("Clear Hash changed the game:\n%s", show)
	}
}

// TestGoMate: go mate N finds the win in N moves of a position the
// brute-force solver of the library's tests checks (capture the last
// piece); MCTS answers with an error and bestmove 0000.
func TestGoMate(t *testing.T) {
	s := newSession(t)
	s.send("position fen 6/2w2b/6/6/6/3w2 w 0 1", "go mate 1")
	lines, best := s.untilPrefix("bestmove ")
	if best != "bestmove c5f5" || !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, " score mate 1 ") }) {
		t.Errorf("go mate 1: %q, %q; want score mate 1 and bestmove c5f5", lines, best)
	}
	e := testEngine(nil)
	e.Searcher = func() surakarta.Searcher { return surakarta.NewMCTS(surakarta.NewTuned()) }
	s = startSession(t, e, serve.Caps{})
	s.send("go mate 2")
	lines, best = s.untilPrefix("bestmove ")
	if best != "bestmove 0000" || len(lines) != 1 || !strings.Contains(lines[0], "MCTS proves no distance") {
		t.Errorf("MCTS, go mate 2: %q, %q", lines, best)
	}
}
