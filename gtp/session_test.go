package gtp

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// The session tests drive Serve in-process as a controller drives an
// engine program: commands written to a pipe, answers read line by line
// from another. Every wait has a timeout, so that a server that hangs
// fails the test instead of hanging it.

// waitTimeout bounds every wait for the server's output.
const waitTimeout = 30 * time.Second

// session is a Serve running in a goroutine.
type session struct {
	tb     testing.TB
	in     *io.PipeWriter
	lines  chan string // the output lines; closed at the end of the output
	served chan error  // Serve's error, once it returns
	cancel context.CancelFunc
}

// testEngine returns an engine with a PVS and an option, Evaluator, that
// takes tuned or sixfactor; calls records the SetOption calls.
func testEngine(calls *[]string, moveTime time.Duration) Engine {
	pvs := surakarta.NewPVS(surakarta.NewTuned())
	var mu sync.Mutex
	return Engine{
		Name:     "test engine",
		Version:  "1.0",
		Searcher: func() surakarta.Searcher { return pvs },
		SetOption: func(name, value string) error {
			mu.Lock()
			defer mu.Unlock()
			if !strings.EqualFold(name, "Evaluator") {
				return &optionError{"unknown option " + name}
			}
			if value != "tuned" && value != "sixfactor" {
				return &optionError{"option Evaluator: want tuned or sixfactor"}
			}
			if calls != nil {
				*calls = append(*calls, name+"="+value)
			}
			return nil
		},
		MoveTime: moveTime,
	}
}

type optionError struct{ s string }

func (e *optionError) Error() string { return e.s }

// startSession starts Serve of e, capped by caps; the test's cleanup
// ends it.
func startSession(tb testing.TB, e Engine, caps serve.Caps) *session {
	tb.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{tb: tb, in: inW, lines: make(chan string, 1<<16), served: make(chan error, 1), cancel: cancel}
	go func() {
		err := serveCapped(ctx, inR, outW, e, caps)
		inR.Close()
		outW.Close()
		s.served <- err
	}()
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
	}()
	tb.Cleanup(func() {
		cancel()
		inW.Close()
		select {
		case <-s.served:
		case <-time.After(waitTimeout): // a hang, not a slow machine
			tb.Errorf("Serve still running %v after the test", waitTimeout)
		}
	})
	return s
}

// send writes lines to the server.
func (s *session) send(lines ...string) {
	s.tb.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(s.in, l+"\n"); err != nil {
			s.tb.Fatalf("writing %q: %v", l, err)
		}
	}
}

// next returns the server's next line of output.
func (s *session) next() string {
	s.tb.Helper()
	select {
	case l, ok := <-s.lines:
		if !ok {
			s.tb.Fatalf("the output ended")
		}
		return l
	case <-time.After(waitTimeout):
		s.tb.Fatalf("no output for %v", waitTimeout)
	}
	return ""
}

// answer sends a command and returns the answer's lines, without the
// empty line that ends it.
func (s *session) answer(command string) []string {
	s.tb.Helper()
	s.send(command)
	var lines []string
	for {
		l := s.next()
		if l == "" {
			return lines
		}
		lines = append(lines, l)
	}
}

// wait waits for Serve to return, and returns its error.
func (s *session) wait() error {
	s.tb.Helper()
	select {
	case err := <-s.served:
		s.served <- err // for the cleanup
		return err
	case <-time.After(waitTimeout):
		s.tb.Fatalf("Serve still running after %v", waitTimeout)
	}
	return nil
}

// rest returns the output left once it has ended.
func (s *session) rest() []string {
	s.tb.Helper()
	var lines []string
	for {
		select {
		case l, ok := <-s.lines:
			if !ok {
				return lines
			}
			lines = append(lines, l)
		case <-time.After(waitTimeout):
			s.tb.Fatalf("the output has not ended after %v", waitTimeout)
		}
	}
}

// syncBuffer is a strings.Builder safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}
