package serve

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta"
)

// The server calls the engine's searcher through search and clear, so that
// a searcher that does not behave cannot take the server down with it: a
// panic is recovered into an error, and a search that goes on after its
// context is done is given up on after the stop grace.

// DefaultStopGrace is how long a server waits for a search to return once
// its context is done (at stop, quit, the end of the input, Serve's
// context done) when Server.StopGrace is 0: ample for a searcher that
// looks at its context (the library's return within milliseconds), and
// short enough that a program waiting for the move, or for the engine to
// exit, does not give up on it first: a ugi.Client waits a second
// (process.Grace) for either.
const DefaultStopGrace = 500 * time.Millisecond

// ErrNotStopped is wrapped by the error of a search that had not returned
// when the stop grace after its context was done ran out. The server
// answers without it; the searcher is not called again until it returns.
var ErrNotStopped = errors.New("the searcher did not stop")

// errStray is the error of Searcher while a search the server gave up on
// has not returned: calling the searcher beside it, which need not be
// safe for concurrent use, could break it.
var errStray = errors.New("the searcher has not returned from a search it was told to stop, and is not called until it does")

// PanicError is the error of a searcher's Search or Clear that panicked:
// the server recovers the panic, so that one searcher's fault does not
// end the program that serves it.
type PanicError struct {
	Method string // Search or Clear
	Value  any    // what the searcher panicked with
}

// Error says which method panicked and with what, for the protocol's
// error line or answer.
func (e *PanicError) Error() string {
	return fmt.Sprintf("the searcher's %s panicked: %v", e.Method, e.Value)
}

// stopGrace returns StopGrace, or DefaultStopGrace when it is not
// positive.
func (s *Server) stopGrace() time.Duration {
	if s.StopGrace > 0 {
		return s.StopGrace
	}
	return DefaultStopGrace
}

// search returns sr.Search(ctx, g, lim), which it runs in a goroutine of
// its own: a panic is returned as a *PanicError, and once ctx is done it
// waits the stop grace at most before it returns an error wrapping
// ErrNotStopped, leaving the search to run on as a stray (Searcher fails
// until it returns). lim.Progress is not called once search has returned,
// so that no report of the search comes after its result.
func (s *Server) search(ctx context.Context, sr surakarta.Searcher, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	var mu sync.Mutex
	open := true
	if progress := lim.Progress; progress != nil {
		lim.Progress = func(in surakarta.Info) {
			mu.Lock()
			defer mu.Unlock()
			if open {
				progress(in)
			}
		}
	}
	defer func() {
		mu.Lock()
		open = false
		mu.Unlock()
	}()
	type outcome struct {
		res surakarta.Result
		err error
	}
	done := make(chan outcome, 1)
	returned := make(chan struct{}) // closed when sr.Search has returned or panicked
	go func() {
		defer close(returned)
		var o outcome
		func() {
			defer func() {
				if v := recover(); v != nil {
					o = outcome{err: &PanicError{Method: "Search", Value: v}}
				}
			}()
			o.res, o.err = sr.Search(ctx, g, lim)
		}()
		sr = nil // as in NewGame: hold no searcher once the result is given
		done <- o
	}()
	select {
	case o := <-done:
		return o.res, o.err
	case <-ctx.Done():
	}
	grace := s.stopGrace()
	timer := time.NewTimer(grace)
	defer timer.Stop()
	select {
	case o := <-done:
		return o.res, o.err
	case <-timer.C:
		s.stray.Store(&returned)
		return surakarta.Result{}, fmt.Errorf("%w within %v of being told to", ErrNotStopped, grace)
	}
}

// strayErr returns errStray while a search the server gave up on has not
// returned.
func (s *Server) strayErr() error {
	p := s.stray.Load()
	if p == nil {
		return nil
	}
	select {
	case <-*p:
		s.stray.CompareAndSwap(p, nil)
		return nil
	default:
		return errStray
	}
}

// clearSearcher calls sr.Clear and returns a *PanicError if it panics.
func clearSearcher(sr surakarta.Searcher) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Method: "Clear", Value: v}
		}
	}()
	sr.Clear()
	return nil
}
