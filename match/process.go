package match

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// program is an engine program running in a process of its own, driven
// through pipes to its standard input and output. Every read has a
// deadline; close ends the process, killing it (and the processes it
// started) when it does not quit by itself, and waits for it.
type program struct {
	cmd    *exec.Cmd
	stdin  *os.File // the write end of the program's standard input
	stdout *os.File // the read end of its standard output
	lines  chan string
	stop   chan struct{} // closed by close: the reader stops sending
	read   chan struct{} // closed when the reader has ended
	stderr *tailBuffer

	readErr error // why the output ended, set before lines is closed
	closed  bool
	exit    error // the exit status, once waited for
}

// Errors of a program's process: they end the game as a forfeit.
var (
	errNoAnswer = errors.New("no answer in time")
	errExited   = errors.New("the program's output ended")
	errWrite    = errors.New("cannot write to the program")
)

// maxProgramLine is the longest line a program may write.
const maxProgramLine = 1 << 20

// writeTimeout bounds a write to a program that does not read its input.
const writeTimeout = 5 * time.Second

// quitGrace is how long close waits for a program to exit by itself.
const quitGrace = time.Second

// startProgram starts argv[0] with the arguments argv[1:]. Its error is
// one of starting the process (a program not found, not executable).
func startProgram(argv []string) (*program, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	p := &program{
		cmd:    exec.Command(argv[0], argv[1:]...),
		stdin:  inW,
		stdout: outR,
		lines:  make(chan string, 256),
		stop:   make(chan struct{}),
		read:   make(chan struct{}),
		stderr: &tailBuffer{},
	}
	p.cmd.Stdin, p.cmd.Stdout, p.cmd.Stderr = inR, outW, p.stderr
	p.cmd.WaitDelay = time.Second // stderr held open by a process it left behind
	inOwnGroup(p.cmd)
	err = p.cmd.Start()
	inR.Close() // the program's ends: it has its own copies
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	go p.readLines()
	return p, nil
}

// readLines sends the program's lines of output to p.lines until the
// output ends or close stops it.
func (p *program) readLines() {
	defer close(p.read)
	defer close(p.lines)
	sc := bufio.NewScanner(p.stdout)
	sc.Buffer(nil, maxProgramLine)
	for sc.Scan() {
		select {
		case p.lines <- strings.TrimRight(sc.Text(), "\r"):
		case <-p.stop:
			return
		}
	}
	p.readErr = sc.Err()
}

// send writes lines to the program.
func (p *program) send(lines ...string) error {
	text := strings.Join(lines, "\n") + "\n"
	p.stdin.SetWriteDeadline(time.Now().Add(writeTimeout)) // error: no deadlines here
	if _, err := io.WriteString(p.stdin, text); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return fmt.Errorf("%w: it reads no input: writing %q: %v", errNoAnswer, clip.Text(lines[0]), err)
		}
		return p.died(fmt.Errorf("%w: writing %q: %v", errWrite, clip.Text(lines[0]), err))
	}
	return nil
}

// next returns the program's next line of output. It fails with an error
// wrapping errNoAnswer when none comes before deadline, errExited when the
// output ends, and ctx's error when ctx is done first.
func (p *program) next(ctx context.Context, deadline time.Time) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case line, ok := <-p.lines:
		if !ok {
			err := errExited
			if p.readErr != nil {
				err = fmt.Errorf("%w: %v", errExited, p.readErr)
			}
			return "", p.died(err)
		}
		return line, nil
	case <-timer.C:
		return "", errNoAnswer
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// died describes the end of a program that stopped reading or writing:
// err with the program's exit status and the end of its standard error,
// waiting a moment for it to exit.
func (p *program) died(err error) error {
	p.close(false)
	tail := ""
	if t := p.stderr.tail(); t != "" {
		tail = fmt.Sprintf("; its stderr ends %q", t)
	}
	return fmt.Errorf("%w (%s)%s", err, exitText(p.exit), tail)
}

// exitText describes a program's exit.
func exitText(err error) string {
	var exit *exec.ExitError
	switch {
	case err == nil:
		return "exit status 0"
	case errors.As(err, &exit):
		return exit.ProcessState.String()
	}
	return err.Error()
}

// close ends the program: with quit it first sends quit and waits a
// moment for the program to exit by itself. Then it kills the program
// and what it started, and waits for it. Calling close again does
// nothing.
func (p *program) close(quit bool) {
	if p.closed {
		return
	}
	p.closed = true
	if quit {
		p.send("quit") // error: it has gone already
	}
	p.stdin.Close()
	if quit {
		p.drain()
	}
	killGroup(p.cmd)
	close(p.stop)
	p.stdout.Close()
	<-p.read
	p.exit = p.cmd.Wait()
}

// drain reads the rest of the program's output until it ends, which it
// does when the program (and all that share its output) have exited, or
// until quitGrace has passed.
func (p *program) drain() {
	timer := time.NewTimer(quitGrace)
	defer timer.Stop()
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				return
			}
		case <-timer.C:
			return
		}
	}
}

// tailBuffer keeps the last bytes written to it: a program's standard
// error, quoted when it dies.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
}

// tailBytes is how much of a program's standard error a tailBuffer keeps.
const tailBytes = 200

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > tailBytes {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-tailBytes:]...)
	}
	return len(p), nil
}

// tail returns the last line or so written, clipped.
func (b *tailBuffer) tail() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := strings.TrimSpace(strings.ToValidUTF8(string(b.buf), ""))
	if i := strings.LastIndexByte(s, '\n'); i >= 0 && len(s)-i > 20 {
		s = s[i+1:]
	}
	if len(s) > 80 {
		s = "…" + s[len(s)-80:]
		s = strings.ToValidUTF8(s, "")
	}
	return s
}
