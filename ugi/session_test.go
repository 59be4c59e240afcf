package ugi

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// The session tests drive Serve in-process as a referee or a GUI drives
// an engine program: commands written to a pipe, answers read line by
// line from another. Every wait has a timeout, so that a server that
// hangs fails the test instead of hanging it.

// waitTimeout bounds every wait for the server's output; generous, for a
// loaded machine, since the searches of these tests take milliseconds.
const waitTimeout = 30 * time.Second

// session is a Serve running in a goroutine.
type session struct {
	tb     testing.TB
	in     *io.PipeWriter
	lines  chan string // the output lines; closed at the end of the output
	served chan error  // Serve's error, once it returns
	cancel context.CancelFunc
}

// testEngine returns an engine with a PVS and options of every type;
// calls records the SetOption calls.
func testEngine(calls *[]string) Engine {
	pvs := surakarta.NewPVS(surakarta.NewTuned())
	var mu sync.Mutex
	return Engine{
		Name:     "test engine",
		Author:   "its authors",
		Searcher: func() surakarta.Searcher { return pvs },
		Options: []Option{
			{Name: "Hash", Type: OptionSpin, Default: "1", Min: 1, Max: 64},
			{Name: "Evaluator", Type: OptionCombo, Default: "tuned", Vars: []string{"tuned", "sixfactor"}},
			{Name: "Ponder", Type: OptionCheck, Default: "false"},
			{Name: "Log File", Type: OptionString},
			{Name: "Clear Hash", Type: OptionButton},
		},
		SetOption: func(name, value string) error {
			mu.Lock()
			defer mu.Unlock()
			if calls != nil {
				*calls = append(*calls, name+"="+value)
			}
			if name == "Log File" && value == "refused" {
				return fmt.Errorf("cannot open %q", value)
			}
			return nil
		},
	}
}

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
		sc.Buffer(nil, 1<<21)
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

// newSession starts a session of the test engine, uncapped.
func newSession(tb testing.TB) *session { return startSession(tb, testEngine(nil), serve.Caps{}) }

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

// until returns the lines of output up to and including the first for
// which last is true.
func (s *session) until(last func(string) bool) []string {
	s.tb.Helper()
	var lines []string
	for {
		l := s.next()
		lines = append(lines, l)
		if last(l) {
			return lines
		}
	}
}

// untilPrefix returns the lines of output up to the first that starts
// with prefix, and that line.
func (s *session) untilPrefix(prefix string) ([]string, string) {
	s.tb.Helper()
	lines := s.until(func(l string) bool { return strings.HasPrefix(l, prefix) })
	return lines[:len(lines)-1], lines[len(lines)-1]
}

// expect reads the next line and fails unless it is want.
func (s *session) expect(want string) {
	s.tb.Helper()
	if got := s.next(); got != want {
		s.tb.Fatalf("got %q, want %q", got, want)
	}
}

// ready sends isready and returns the lines before readyok.
func (s *session) ready() []string {
	s.tb.Helper()
	s.send("isready")
	lines, _ := s.untilPrefix("readyok")
	return lines
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

// infoRE is the form of an iteration's info line.
var infoRE = regexp.MustCompile(`^info depth (\d+) seldepth \d+ score (cp -?\d+|mate -?\d+) nodes (\d+) nps \d+ time \d+ pv( [a-f][1-6][a-f][1-6])+$`)

// finalInfoRE is the form of the info line before bestmove.
var finalInfoRE = regexp.MustCompile(`^info nodes (\d+) nps \d+ time \d+( pv( [a-f][1-6][a-f][1-6])+)?$`)

// bestMove returns the move of a bestmove line, checking it is legal in g,
// and that its ponder move, if any, is legal after it.
func bestMove(tb testing.TB, line string, g *surakarta.Game) surakarta.Move {
	tb.Helper()
	text, ok := strings.CutPrefix(line, "bestmove ")
	if !ok {
		tb.Fatalf("got %q, want bestmove", line)
	}
	text, ponderText, hasPonder := strings.Cut(text, " ponder ")
	m, err := surakarta.ParseMove(text)
	if err != nil {
		tb.Fatalf("bestmove %q: %v", text, err)
	}
	legal, err := g.Position().Legal(m)
	if err != nil {
		tb.Fatalf("bestmove %v is not legal in %v", m, g.Position())
	}
	if hasPonder {
		p := g.Position()
		p.PlayUnchecked(legal)
		if _, err := p.Legal(mustMove(tb, ponderText)); err != nil {
			tb.Fatalf("%q: the ponder move is not legal after the best move: %v", line, err)
		}
	}
	return m
}

// mustMove parses a move's text.
func mustMove(tb testing.TB, text string) surakarta.Move {
	tb.Helper()
	m, err := surakarta.ParseMove(text)
	if err != nil {
		tb.Fatal(err)
	}
	return m
}

// goSearch sends go with args and returns the info lines and the bestmove
// line, checking their form.
func (s *session) goSearch(args string) (infos []string, best string) {
	s.tb.Helper()
	s.send("go " + args)
	lines, best := s.untilPrefix("bestmove ")
	if len(lines) == 0 || !finalInfoRE.MatchString(lines[len(lines)-1]) {
		s.tb.Fatalf("go %s: no final info line before %q: %q", args, best, lines)
	}
	for _, l := range lines[:len(lines)-1] {
		if !infoRE.MatchString(l) {
			s.tb.Errorf("go %s: line %q is no info line", args, l)
		}
	}
	return lines[:len(lines)-1], best
}

// show returns the server's show lines.
func (s *session) show() []string {
	s.tb.Helper()
	s.send("show")
	lines, last := s.untilPrefix("info string outcome ")
	return append(lines, last)
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
