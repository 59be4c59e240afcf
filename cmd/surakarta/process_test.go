package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// The protocol tests drive the engine as a referee or a GUI would: the
// binary, built once per test run, in a process of its own, through pipes.
// Every wait has a timeout, so that an engine that hangs fails the test
// instead of hanging it.

// binary is the engine built by TestMain.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "surakarta-engine-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if binary, err = cmdtest.Build(dir, "."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// waitTimeout bounds every wait for the engine's output; generous, for a
// loaded machine, since the searches of these tests take milliseconds.
const waitTimeout = 30 * time.Second

// process is an engine process driven through its standard input and
// output.
type process struct {
	tb     testing.TB
	name   string
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string // its output lines; closed at the end of the output
	stderr *syncBuffer
	exited chan struct{} // closed when the process has exited
	err    error         // its exit error, once exited is closed
}

// startEngine starts the engine with args; the test's cleanup ends it.
func startEngine(tb testing.TB, name string, args ...string) *process {
	tb.Helper()
	p := &process{tb: tb, name: name, lines: make(chan string, 1024), stderr: &syncBuffer{}, exited: make(chan struct{})}
	p.cmd = exec.Command(binary, args...)
	p.cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		tb.Fatal(err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	read := make(chan struct{})
	go func() {
		defer close(read)
		defer close(p.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
	}()
	go func() {
		<-read // Wait closes the pipe: read all of it first
		p.err = p.cmd.Wait()
		close(p.exited)
	}()
	tb.Cleanup(func() {
		p.stdin.Close()
		select {
		case <-p.exited:
		case <-time.After(5 * time.Second):
			p.cmd.Process.Kill()
			<-p.exited
		}
		if s := p.stderr.String(); s != "" {
			tb.Errorf("%s wrote to stderr:\n%s", p.name, s)
		}
	})
	return p
}

// send writes lines to the engine.
func (p *process) send(lines ...string) {
	p.tb.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(p.stdin, l+"\n"); err != nil {
			p.tb.Fatalf("%s: writing %q: %v", p.name, l, err)
		}
	}
}

// next returns the engine's next line of output.
func (p *process) next() string {
	p.tb.Helper()
	select {
	case l, ok := <-p.lines:
		if !ok {
			p.tb.Fatalf("%s: the output ended (exit %v); stderr: %s", p.name, p.wait(), p.stderr.String())
		}
		return l
	case <-time.After(waitTimeout):
		p.tb.Fatalf("%s: no output for %v", p.name, waitTimeout)
	}
	return ""
}

// until returns the lines of output up to and including the first for
// which last is true.
func (p *process) until(last func(string) bool) []string {
	p.tb.Helper()
	var lines []string
	for {
		l := p.next()
		lines = append(lines, l)
		if last(l) {
			return lines
		}
	}
}

// untilPrefix returns the lines of output up to the first that starts
// with prefix, and that line.
func (p *process) untilPrefix(prefix string) ([]string, string) {
	p.tb.Helper()
	lines := p.until(func(l string) bool { return strings.HasPrefix(l, prefix) })
	return lines[:len(lines)-1], lines[len(lines)-1]
}

// expect reads the next line and fails unless it is want.
func (p *process) expect(want string) {
	p.tb.Helper()
	if got := p.next(); got != want {
		p.tb.Fatalf("%s: got %q, want %q", p.name, got, want)
	}
}

// wait waits for the process to exit and returns its exit error.
func (p *process) wait() error {
	select {
	case <-p.exited:
		return p.err
	case <-time.After(waitTimeout):
		p.tb.Fatalf("%s: still running after %v", p.name, waitTimeout)
	}
	return nil
}

// syncBuffer is a bytes.Buffer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// take returns what was written and empties the buffer.
func (s *syncBuffer) take() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	text := s.b.String()
	s.b.Reset()
	return text
}
