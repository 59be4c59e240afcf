package ugi

import (
	"context"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// The fault tests serve searchers that break the Searcher contract, as a
// searcher of another author may, and check that the server neither hangs
// nor dies nor sends a move the position does not allow.

// deafSearcher does not look at its context: it reports an iteration
// whose pv is b2b3, then blocks until release is closed, and returns
// b2b3; its first search reports a depth 9 before it returns, too late.
// It counts its searches.
type deafSearcher struct {
	release  chan struct{}
	once     sync.Once
	searches atomic.Int32
}

func newDeafSearcher(tb testing.TB) *deafSearcher {
	d := &deafSearcher{release: make(chan struct{})}
	// Before the session's cleanup, which waits for Serve.
	tb.Cleanup(d.let)
	return d
}

// let releases every search, from now on.
func (d *deafSearcher) let() { d.once.Do(func() { close(d.release) }) }

func (d *deafSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	n := d.searches.Add(1)
	b2b3 := surakarta.NewMove(surakarta.B2, surakarta.B3)
	if lim.Progress != nil {
		lim.Progress(surakarta.Info{Depth: 1, SelDepth: 1, PV: []surakarta.Move{b2b3}})
	}
	<-d.release
	if n == 1 && lim.Progress != nil {
		lim.Progress(surakarta.Info{Depth: 9, SelDepth: 9, PV: []surakarta.Move{b2b3}})
	}
	return surakarta.Result{Move: b2b3, Depth: 1, PV: []surakarta.Move{b2b3}}, nil
}

func (d *deafSearcher) Clear() {}

// faultEngine returns the test engine with searcher s and a stop grace of
// waitTimeout, so that a searcher that does stop is never given up on.
func faultEngine(s surakarta.Searcher) Engine {
	e := testEngine(nil)
	e.Searcher = func() surakarta.Searcher { return s }
	e.StopGrace = waitTimeout
	return e
}

// TestSearcherDeafToStop: a search that goes on after it is told to stop
// (by stop, quit, the end of the input, Serve's context) is given up on
// after the stop grace: bestmove is the move of its last pv, and Serve
// returns at quit, the end of the input and the context's end. After
// stop, the server goes on, without calling the searcher until the search
// returns, and shows nothing the search reports after its bestmove.
func TestSearcherDeafToStop(t *testing.T) {
	for _, end := range []string{"stop", "quit", "the end of the input", "ctx done"} {
		d := newDeafSearcher(t)
		e := faultEngine(d)
		// The search returns only when the test lets it: the grace makes
		// the test no faster to pass or fail, only to end.
		e.StopGrace = time.Millisecond
		s := startSession(t, e, serve.Caps{})
		s.send("position startpos", "go infinite")
		s.untilPrefix("info depth 1 ")
		switch end {
		case "stop", "quit":
			s.send(end)
		case "the end of the input":
			s.in.Close()
		case "ctx done":
			s.cancel()
		}
		lines, best := s.untilPrefix("bestmove ")
		const said = "info string the searcher did not stop within 1ms of being told to; bestmove is the first move of the last pv reported"
		if !slices.Contains(lines, said) || best != "bestmove b2b3" {
			t.Fatalf("%s: %q, %q; want %q and bestmove b2b3", end, lines, best, said)
		}
		if end != "stop" {
			var want error // nil at quit and the end of the input
			if end == "ctx done" {
				want = context.Canceled
			}
			if err := s.wait(); err != want {
				t.Errorf("%s: Serve returned %v, want %v", end, err, want)
			}
			continue
		}
		// The search has not returned: go and bench fail without calling
		// the searcher; the server answers the rest.
		s.send("go depth 1")
		s.expect("info string error: the searcher has not returned from a search it was told to stop, and is not called until it does")
		s.expect("bestmove 0000")
		s.send("bench 1")
		s.untilPrefix("info string error: bench: the searcher has not returned")
		s.send("query p1turn")
		s.expect("response true")
		if n := d.searches.Load(); n != 1 {
			t.Errorf("%d searches while the first has not returned", n)
		}
		// Once it returns, the searcher is called again. The server
		// learns of it at once or a little later: go until it searches.
		// The depth 9 the search reports first, before it returns, is
		// not shown.
		d.let()
		for {
			s.send("go depth 1")
			lines, best := s.untilPrefix("bestmove ")
			for _, l := range lines {
				if strings.HasPrefix(l, "info depth 9 ") {
					t.Errorf("after bestmove, a report of the search given up on: %q", l)
				}
			}
			if best == "bestmove b2b3" {
				break
			}
			if best != "bestmove 0000" {
				t.Fatalf("after the search returned: %q", best)
			}
		}
	}
}

// panicky is a searcher whose Search or Clear panics while the flag says
// so; otherwise it searches with a PVS.
type panicky struct {
	*surakarta.PVS
	inSearch, inClear atomic.Bool
}

func (p *panicky) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if p.inSearch.Load() {
		panic("boom in Search")
	}
	return p.PVS.Search(ctx, g, lim)
}

func (p *panicky) Clear() {
	if p.inClear.Load() {
		panic("boom in Clear")
	}
	p.PVS.Clear()
}

// TestSearcherPanics: a panic of the searcher's Search is answered with an
// error line and bestmove 0000, one of its Clear (at uginewgame, or in
// bench) by the error of the next go or of bench, and the server goes on.
func TestSearcherPanics(t *testing.T) {
	p := &panicky{PVS: surakarta.NewPVS(surakarta.NewTuned())}
	s := startSession(t, faultEngine(p), serve.Caps{})
	start := surakarta.NewGame(surakarta.NewPosition())

	p.inSearch.Store(true)
	s.send("go depth 1")
	s.expect("info string error: the searcher's Search panicked: boom in Search")
	s.expect("bestmove 0000")
	s.send("bench 1")
	s.expect("info string error: bench: the searcher's Search panicked: boom in Search")
	p.inSearch.Store(false)
	_, best := s.goSearch("depth 1")
	bestMove(t, best, start)

	p.inClear.Store(true)
	s.send("uginewgame")
	if lines := s.ready(); len(lines) != 0 {
		t.Errorf("uginewgame, isready: %q before readyok", lines)
	}
	s.send("go depth 1")
	s.expect("info string error: the searcher's Clear panicked: boom in Clear")
	s.expect("bestmove 0000")
	s.send("bench 1")
	s.expect("info string error: bench: the searcher's Clear panicked: boom in Clear")
	p.inClear.Store(false)
	_, best = s.goSearch("depth 1")
	bestMove(t, best, start)
	s.send("quit")
	if err := s.wait(); err != nil {
		t.Errorf("quit: %v", err)
	}
}

// wrongSearcher returns move, after reporting an iteration with pv when
// pv is not nil.
type wrongSearcher struct {
	pv   []surakarta.Move
	move surakarta.Move
}

func (w *wrongSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if w.pv != nil && lim.Progress != nil {
		lim.Progress(surakarta.Info{Depth: 1, SelDepth: 1, PV: w.pv})
	}
	return surakarta.Result{Move: w.move, Depth: 1, PV: []surakarta.Move{w.move}, Nodes: 7}, nil
}

func (w *wrongSearcher) Clear() {}

// TestSearcherIllegalMove: a move the searcher returns that go does not
// allow is not sent: an info string line says so, and bestmove is the
// first move of the last pv reported if go allows it, else the first of
// searchmoves, else the position's first legal move.
func TestSearcherIllegalMove(t *testing.T) {
	move := func(text string) surakarta.Move {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	first := surakarta.NewPosition().LegalMoves()[0].String()
	for _, tc := range []struct {
		pv           []string // reported, if not nil
		move, goArgs string
		want, why    string
	}{
		{pv: []string{"b2b3", "b5b4"}, move: "a6a5", goArgs: "depth 1", want: "b2b3",
			why: "illegal move: a6a5: the piece on a6 is White's, but Black is to move; bestmove is the first move of the last pv reported"},
		{move: "a2a3", goArgs: "depth 1 searchmoves c2c3 d2d3", want: "c2c3",
			why: "a2a3 is not one of searchmoves; bestmove is the first of searchmoves"},
		{pv: []string{"a6a5"}, move: "a6a5", goArgs: "depth 1", want: first,
			why: "illegal move: a6a5: the piece on a6 is White's, but Black is to move; bestmove is the first legal move"},
		{move: "0000", goArgs: "movetime 10", want: first,
			why: "illegal move: none: not a move; bestmove is the first legal move"},
	} {
		w := &wrongSearcher{move: surakarta.NoMove}
		if tc.move != "0000" {
			w.move = move(tc.move)
		}
		if tc.pv != nil {
			w.pv = []surakarta.Move{}
			for _, m := range tc.pv {
				w.pv = append(w.pv, move(m))
			}
		}
		s := startSession(t, faultEngine(w), serve.Caps{})
		s.send("go " + tc.goArgs)
		lines, best := s.untilPrefix("bestmove ")
		said := "info string the searcher's move: " + tc.why
		if best != "bestmove "+tc.want || !slices.Contains(lines, said) {
			t.Errorf("go %s, the searcher's move %s: %q, %q; want %q and bestmove %s", tc.goArgs, tc.move, lines, best, said, tc.want)
		}
		// The final info line shows no pv of the move not sent.
		if final := lines[len(lines)-1]; !strings.HasPrefix(final, "info nodes 7 ") || strings.Contains(final, " pv ") {
			t.Errorf("go %s: final info line %q", tc.goArgs, final)
		}
	}
}

// limitsSearcher records the limits of its searches, and answers the
// first legal move at once.
type limitsSearcher struct {
	mu     sync.Mutex
	limits []surakarta.Limits
}

func (l *limitsSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	l.mu.Lock()
	l.limits = append(l.limits, lim)
	l.mu.Unlock()
	return surakarta.Result{Move: g.LegalMoves()[0]}, nil
}

func (l *limitsSearcher) Clear() {}

// last returns the limits of the last search.
func (l *limitsSearcher) last() surakarta.Limits {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.limits[len(l.limits)-1]
}

// TestGoWithoutTheMoversClock: a clock without the time of the side to
// move says nothing of the time it has: it is ignored, with an info string
// line, and the search keeps go's other limits, or searches for
// DefaultMoveTime; a time given as 0 still moves at once.
func TestGoWithoutTheMoversClock(t *testing.T) {
	const (
		other   = " who is to move: the clock is ignored; searching within the other limits"
		forever = " who is to move: the clock is ignored; searching until stop"
		dflt    = " who is to move: the clock is ignored; searching for movetime 1000, as go with no limits does"
		p1      = "info string go gave no p1time (btime) for p1,"
		p2      = "info string go gave no p2time (wtime) for p2,"
	)
	second := time.Second
	for _, tc := range []struct {
		position, goArgs, warning string
		want                      surakarta.Limits // Depth, Nodes, MoveTime and Clock
	}{
		{"startpos", "wtime 1000", p1 + dflt, surakarta.Limits{MoveTime: surakarta.DefaultMoveTime}},
		{"startpos", "p2time 1000 p2inc 10 binc 100 movestogo 3", p1 + dflt, surakarta.Limits{MoveTime: surakarta.DefaultMoveTime}},
		{"startpos", "wtime 0", p1 + dflt, surakarta.Limits{MoveTime: surakarta.DefaultMoveTime}},
		{"startpos", "wtime 1000 depth 3", p1 + other, surakarta.Limits{Depth: 3}},
		{"startpos", "wtime 1000 nodes 500 movetime 40", p1 + other, surakarta.Limits{Nodes: 500, MoveTime: 40 * time.Millisecond}},
		{"startpos moves b2b3", "btime 1000", p2 + dflt, surakarta.Limits{MoveTime: surakarta.DefaultMoveTime}},
		{"startpos moves b2b3", "p1time 5000 p1inc 10 infinite", p2 + forever, surakarta.Limits{Depth: surakarta.MaxDepth}},
		// The mover's own time: the clock, as given.
		{"startpos", "btime 1000", "", surakarta.Limits{Clock: surakarta.Clock{Black: second}}},
		{"startpos moves b2b3", "wtime 1000 winc 5", "", surakarta.Limits{Clock: surakarta.Clock{White: second, WhiteIncrement: 5 * time.Millisecond}}},
		{"startpos", "btime 0", "", surakarta.Limits{MoveTime: time.Millisecond}},
		{"startpos", "btime 0 wtime 1000", "", surakarta.Limits{Clock: surakarta.Clock{White: second}}},
	} {
		l := &limitsSearcher{}
		s := startSession(t, faultEngine(l), serve.Caps{})
		s.send("position "+tc.position, "go "+tc.goArgs)
		if strings.Contains(tc.goArgs, "infinite") {
			s.send("stop")
		}
		lines, _ := s.untilPrefix("bestmove ")
		var warnings []string
		for _, line := range lines {
			if strings.HasPrefix(line, "info string ") {
				warnings = append(warnings, line)
			}
		}
		if want := []string{tc.warning}; tc.warning == "" && len(warnings) != 0 || tc.warning != "" && !slices.Equal(warnings, want) {
			t.Errorf("position %s, go %s: info strings %q, want %q", tc.position, tc.goArgs, warnings, tc.warning)
		}
		got := l.last()
		got = surakarta.Limits{Depth: got.Depth, Nodes: got.Nodes, MoveTime: got.MoveTime, Clock: got.Clock}
		if !equalLimits(got, tc.want) {
			t.Errorf("position %s, go %s: limits %+v, want %+v", tc.position, tc.goArgs, got, tc.want)
		}
	}
}

// equalLimits compares the limits without funcs or slices.
func equalLimits(a, b surakarta.Limits) bool {
	return a.Depth == b.Depth && a.Nodes == b.Nodes && a.MoveTime == b.MoveTime && a.Clock == b.Clock
}
