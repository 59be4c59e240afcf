package gtp

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// The fault tests serve searchers that break the Searcher contract, as a
// searcher of another author may, and check that the server neither hangs
// nor dies.

// faultEngine returns the test engine with searcher s and a stop grace of
// waitTimeout, so that a searcher that does stop is never given up on.
func faultEngine(s surakarta.Searcher) Engine {
	e := testEngine(nil, 10*time.Millisecond)
	e.Searcher = func() surakarta.Searcher { return s }
	e.StopGrace = waitTimeout
	return e
}

// deafSearcher does not look at its context: it says on started that it
// searches, then blocks until release is closed.
type deafSearcher struct {
	started chan struct{}
	release chan struct{}
}

func (d *deafSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	d.started <- struct{}{}
	<-d.release
	return surakarta.Result{Move: g.LegalMoves()[0]}, nil
}

func (d *deafSearcher) Clear() {}

// TestGenMoveSearcherDeafToContext: when Serve's context is done during a
// genmove whose searcher goes on, genmove is answered "?" after the stop
// grace and Serve returns.
func TestGenMoveSearcherDeafToContext(t *testing.T) {
	d := &deafSearcher{started: make(chan struct{}, 1), release: make(chan struct{})}
	e := faultEngine(d)
	// The search returns only when the test lets it: the grace makes the
	// test no faster to pass or fail, only to end.
	e.StopGrace = time.Millisecond
	s := startSession(t, e, serve.Caps{})
	t.Cleanup(func() { close(d.release) }) // before the session's cleanup, which waits for Serve
	s.send("genmove b")
	select {
	case <-d.started:
	case <-time.After(waitTimeout):
		t.Fatal("genmove b: no search")
	}
	s.cancel()
	if err := s.wait(); err != context.Canceled {
		t.Errorf("Serve returned %v, want %v", err, context.Canceled)
	}
	want := []string{"? the searcher did not stop within 1ms of being told to", ""}
	if got := s.rest(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("genmove b, then ctx done: %q, want %q", got, want)
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

// TestGenMoveSearcherPanics: a panic of the searcher's Search fails the
// genmove, one of its Clear at clear_board the next genmove, and the
// server goes on.
func TestGenMoveSearcherPanics(t *testing.T) {
	p := &panicky{PVS: surakarta.NewPVS(surakarta.NewTuned())}
	s := startSession(t, faultEngine(p), serve.Caps{})
	expect := func(command string, want ...string) {
		t.Helper()
		if got := s.answer(command); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: %q, want %q", command, got, want)
		}
	}
	p.inSearch.Store(true)
	expect("genmove b", "? the searcher's Search panicked: boom in Search")
	expect("surakarta-legal_moves", "= "+oneline.Moves(surakarta.NewPosition().LegalMoves())) // nothing played
	p.inSearch.Store(false)
	if got := s.answer("genmove b"); len(got) != 1 || !strings.HasPrefix(got[0], "= ") {
		t.Errorf("genmove b: %q", got)
	}
	p.inClear.Store(true)
	expect("clear_board", "=")
	expect("genmove b", "? the searcher's Clear panicked: boom in Clear") // it waits for the clear
	p.inClear.Store(false)
	if got := s.answer("genmove b"); len(got) != 1 || !strings.HasPrefix(got[0], "= ") {
		t.Errorf("genmove b: %q", got)
	}
	expect("quit", "=")
	if err := s.wait(); err != nil {
		t.Errorf("quit: %v", err)
	}
}
