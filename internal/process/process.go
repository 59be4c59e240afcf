// Package process talks to an engine line by line: a program that it
// starts in a process of its own, or whatever is at the other end of a
// reader and a writer (a server in the same program, a socket). It is the
// machinery under the clients of packages ugi and gtp, which share its
// errors.
//
// A Conn holds little while nobody reads it: at most queued lines of at
// most MaxLine bytes, so that an engine that writes without end is held up
// by its own output (a pipe's buffer) instead of filling the client's
// memory. A longer line is a fault of the engine: it ends the output, and
// Next says "line too long", never a line cut short that might read as
// another.
package process

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

// Errors of an engine at the other end of a Conn, shared by the clients
// of both protocols.
var (
	// ErrExited is wrapped by the error of a read when the engine's output
	// has ended, and of a write that it no longer takes: it has exited or
	// closed its end. For a program, the error says its exit status and
	// how its standard error ends.
	ErrExited = errors.New("engine exited")
	// ErrProtocol is wrapped by the errors of the clients when the engine
	// breaks its protocol: an answer that does not read, output that
	// nobody asked for, or a line longer than MaxLine.
	ErrProtocol = errors.New("engine broke the protocol")
)

// MaxLine is the longest line read, in bytes, its line end included. An
// engine that writes a longer one breaks the protocol: Next returns an
// error wrapping ErrProtocol that says "line too long", after the lines
// before it, and the connection reads no more. Both protocols' lines are
// far shorter: an info line with a principal variation of 128 moves is
// under 1 KiB.
const MaxLine = 4096

// queued is how many lines of output wait to be read before the reader
// stops reading.
const queued = 8

// queuedWrites is how many writes wait to be written.
const queuedWrites = 16

// Grace is how long Close waits for an engine to end by itself after the
// quit line, and how long the clients wait for an engine to answer stop.
const Grace = time.Second

// Conn is a line-oriented connection to an engine. Send may be called
// from several goroutines at once; Next, Close and Kill from one at a
// time.
type Conn struct {
	lines    chan string
	stop     chan struct{} // closed by finish: the reader stops sending
	readDone chan struct{} // closed when the reader has ended
	readErr  error         // why the output ended, set before lines is closed
	eof      bool          // lines was seen closed

	writes    chan string
	closing   chan struct{} // closed by Close and Kill: the writer ends
	writeDone chan struct{} // closed when the writer has ended
	writeErr  error         // why a write failed, set before writeDone is closed

	once     sync.Once // finish
	closeErr error     // Close's error, set by finish

	// A program started by Start:
	cmd        *exec.Cmd
	stdin      *os.File // the write end of its standard input
	stdout     *os.File // the read end of its standard output
	stderrPipe *os.File // the read end of its standard error
	stderr     *tailBuffer
	stderrDone chan struct{} // closed when its standard error has been read
	exited     chan struct{} // closed once the program has exited (on Linux)

	// A pair given to Wrap:
	r io.Reader
	w io.Writer
}

// Start starts the program name with the arguments arg, in a process group
// of its own on Unix, with pipes to its standard input, output and error.
// Its error is one of starting the process, such as a program not found or
// not executable.
//
// Close and Kill kill the program's process group: the processes it
// started, unless they left the group (setsid, setpgid), as a daemon does;
// those are not ended, and Close does not wait for them. The program's
// output ends when it exits, on Linux also while such a process holds the
// pipe of its output open: Next then says that it exited, after the lines
// it wrote, with its exit status. Elsewhere such a process keeps the
// output open until it ends.
func Start(name string, arg ...string) (*Conn, error) {
	var pipes [6]*os.File // stdin, stdout and stderr: read end, write end
	for i := 0; i < len(pipes); i += 2 {
		r, w, err := os.Pipe()
		if err != nil {
			closeFiles(pipes[:i]...)
			return nil, err
		}
		pipes[i], pipes[i+1] = r, w
	}
	inR, inW, outR, outW, errR, errW := pipes[0], pipes[1], pipes[2], pipes[3], pipes[4], pipes[5]
	c := newConn()
	c.cmd = exec.Command(name, arg...)
	c.stdin, c.stdout, c.stderrPipe, c.stderr = inW, outR, errR, &tailBuffer{}
	// Files, not writers, so that Wait waits for the program only, not
	// for processes it left that hold a pipe open.
	c.cmd.Stdin, c.cmd.Stdout, c.cmd.Stderr = inR, outW, errW
	c.stderrDone, c.exited = make(chan struct{}), make(chan struct{})
	inOwnGroup(c.cmd)
	err := c.cmd.Start()
	closeFiles(inR, outW, errW) // the program's ends: it has its own copies
	if err != nil {
		closeFiles(inW, outR, errR)
		return nil, err
	}
	go c.watch(c.cmd.Process.Pid)
	go c.read(afterExit{outR, c.exited})
	go c.readStderr(afterExit{errR, c.exited})
	go c.write(inW)
	return c, nil
}

// closeFiles closes files.
func closeFiles(files ...*os.File) {
	for _, f := range files {
		f.Close()
	}
}

// watch closes c.exited once the program has exited (where waitExit can
// tell), and gives the reads of its pipes drainTime to take what they
// hold: a read that then finds a pipe empty, which a process the program
// left holds open, ends its output.
func (c *Conn) watch(pid int) {
	if !waitExit(pid) {
		return
	}
	close(c.exited)
	deadline := time.Now().Add(drainTime)
	c.stdout.SetReadDeadline(deadline) // error: closed already by finish
	c.stderrPipe.SetReadDeadline(deadline)
}

// drainTime is how long a read of a pipe of a program that has exited
// waits for output: none comes from the program, whose output is in the
// pipe already, and what a process it left behind writes is not its.
const drainTime = 100 * time.Millisecond

// afterDrain is the most bytes read from a pipe of a program that has
// exited: more than a pipe holds, so that a process it left behind that
// writes without end does not keep the output going.
const afterDrain = 4 << 20

// errHeldOpen ends the output of a program that has exited while a
// process it left holds the pipe open.
var errHeldOpen = errors.New("a process it left behind holds its output open")

// afterExit reads a pipe of the program, and once the program has exited
// (exited is closed) only what the pipe holds.
type afterExit struct {
	f      *os.File
	exited chan struct{}
}

func (r afterExit) Read(p []byte) (int, error) {
	select {
	case <-r.exited:
		r.f.SetReadDeadline(time.Now().Add(drainTime))
	default:
	}
	n, err := r.f.Read(p)
	if errors.Is(err, os.ErrDeadlineExceeded) {
		err = errHeldOpen
	}
	return n, err
}

// readStderr keeps the end of the program's standard error until it ends.
func (c *Conn) readStderr(r io.Reader) {
	defer close(c.stderrDone)
	buf := make([]byte, 1024)
	read := 0 // since the program exited
	for {
		n, err := r.Read(buf)
		c.stderr.Write(buf[:n])
		if err != nil {
			return
		}
		select {
		case <-c.exited:
			if read += n; read > afterDrain {
				return
			}
		default:
		}
	}
}

// Wrap returns a Conn that reads the engine's lines from r and writes
// commands to w. Close and Kill close r and w when they are io.Closers;
// otherwise the goroutine that reads r ends only when r does.
func Wrap(r io.Reader, w io.Writer) *Conn {
	c := newConn()
	c.r, c.w = r, w
	go c.read(r)
	go c.write(w)
	return c
}

func newConn() *Conn {
	return &Conn{
		lines:     make(chan string, queued),
		stop:      make(chan struct{}),
		readDone:  make(chan struct{}),
		writes:    make(chan string, queuedWrites),
		closing:   make(chan struct{}),
		writeDone: make(chan struct{}),
	}
}

// read sends the lines of r, without their line ends, to c.lines until r
// ends, a line is longer than MaxLine, or finish stops it.
func (c *Conn) read(r io.Reader) {
	defer func() {
		close(c.readDone) // first: gone may then read readErr
		close(c.lines)
	}()
	br := bufio.NewReaderSize(r, MaxLine)
	read := 0 // since the program exited
	for {
		line, err := br.ReadSlice('\n')
		if c.exited != nil {
			select {
			case <-c.exited:
				if read += len(line); read > afterDrain {
					c.readErr = errHeldOpen
					return
				}
			default:
			}
		}
		if err == bufio.ErrBufferFull {
			// Not cut short, which could make another line of it (the
			// first MaxLine bytes of a bestmove line may read as another
			// move): the output ends here, a fault of the engine.
			c.readErr = &lineTooLong{start: clip.Text(strings.ToValidUTF8(string(line), "?"))}
			return
		}
		text := strings.TrimRight(string(line), "\r\n")
		if err != nil && text == "" {
			if err != io.EOF {
				c.readErr = err
			}
			return
		}
		select {
		case c.lines <- text:
		case <-c.stop:
			return
		}
		if err != nil {
			if err != io.EOF {
				c.readErr = err
			}
			return
		}
	}
}

// write writes what Send queues to w until a write fails, or Close or
// Kill is called; then it writes what is still queued and closes w.
func (c *Conn) write(w io.Writer) {
	defer close(c.writeDone)
	defer func() {
		if cl, ok := w.(io.Closer); ok {
			cl.Close() // the engine reads the end of its input
		}
	}()
	for {
		select {
		case text := <-c.writes:
			if _, err := io.WriteString(w, text); err != nil {
				c.writeErr = err
				return
			}
		case <-c.closing:
			for {
				select {
				case text := <-c.writes:
					if _, err := io.WriteString(w, text); err != nil {
						c.writeErr = err
						return
					}
				default:
					return
				}
			}
		}
	}
}

// Send queues lines to be written, each followed by a line break, in one
// write. It returns before they are written, so that an engine that is
// busy writing cannot hold up its reader: a write that fails makes the
// following Next fail. Its error is context.Cause(ctx) when ctx is done
// before the lines could be queued, or wraps ErrExited when the engine no
// longer takes input.
func (c *Conn) Send(ctx context.Context, lines ...string) error {
	text := strings.Join(lines, "\n") + "\n"
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	select {
	case <-c.closing:
		return fmt.Errorf("%w: the connection is closed", ErrExited)
	case <-c.writeDone:
		return c.gone()
	default:
	}
	select {
	case c.writes <- text:
		return nil
	case <-c.writeDone:
		return c.gone()
	case <-c.closing:
		return fmt.Errorf("%w: the connection is closed", ErrExited)
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

// Next returns the engine's next line of output. Its error is
// context.Cause(ctx) when ctx is done first, and wraps ErrExited when the
// output has ended or a write has failed; a program is then ended.
func (c *Conn) Next(ctx context.Context) (string, error) {
	if c.eof {
		return "", c.gone()
	}
	select {
	case line, ok := <-c.lines:
		return c.got(line, ok)
	case <-c.writeDone:
		select { // what the engine wrote before it went
		case line, ok := <-c.lines:
			return c.got(line, ok)
		default:
			return "", c.gone()
		}
	case <-ctx.Done():
		return "", context.Cause(ctx)
	}
}

// Pending returns a line of the engine's output that waits to be read,
// without waiting for one: false when there is none, or the output has
// ended (Next then says how).
func (c *Conn) Pending() (string, bool) {
	if c.eof {
		return "", false
	}
	select {
	case line, ok := <-c.lines:
		if !ok {
			c.eof = true
			return "", false
		}
		return line, true
	default:
		return "", false
	}
}

// got returns a line received from c.lines, or the error of its end.
func (c *Conn) got(line string, ok bool) (string, error) {
	if !ok {
		c.eof = true
		return "", c.gone()
	}
	return line, nil
}

// lineTooLong is why the output ended when the engine wrote a line longer
// than MaxLine.
type lineTooLong struct{ start string }

func (e *lineTooLong) Error() string {
	return fmt.Sprintf("line too long: a line of more than %d bytes, starting %q", MaxLine, e.start)
}

// gone returns the error of an engine whose output has ended or which
// takes no more input; it ends a program and says its exit status and
// the end of its standard error. An engine that wrote a line longer than
// MaxLine broke the protocol: that is its error, without an exit status,
// which would be the one of the kill that ends it.
func (c *Conn) gone() error {
	var long *lineTooLong
	select {
	case <-c.readDone:
		if errors.As(c.readErr, &long) {
			if c.cmd != nil {
				c.once.Do(func() { c.finish(false) })
			}
			return fmt.Errorf("%w: %v", ErrProtocol, long)
		}
	default:
	}
	var what string
	select {
	case <-c.readDone:
		switch {
		case c.readErr == errHeldOpen:
			what = "it exited, and " + errHeldOpen.Error()
		case c.readErr != nil:
			what = "its output ended: " + c.readErr.Error()
		default:
			what = "its output ended"
		}
	default:
		what = "it takes no more input"
		select {
		case <-c.writeDone:
			if c.writeErr != nil {
				what = "writing to it: " + c.writeErr.Error()
			}
		default:
		}
	}
	if c.cmd == nil {
		return fmt.Errorf("%w: %s", ErrExited, what)
	}
	c.once.Do(func() { c.finish(false) })
	tail := ""
	if t := c.stderr.tail(); t != "" {
		tail = fmt.Sprintf("; its stderr ends %q", t)
	}
	return fmt.Errorf("%w: %s (%s)%s", ErrExited, what, exitText(c.cmd.ProcessState, c.closeErr), tail)
}

// Close ends the connection: it sends quit (unless it is empty) as the
// last line, waits up to Grace for the engine's output to end, and then
// kills a program and its process group (see Start), and waits for it. Its
// error says how a program ended when it did not exit by itself with
// status 0. Closing again does nothing and returns nil.
func (c *Conn) Close(quit string) error {
	var err error
	c.once.Do(func() {
		if quit != "" {
			select {
			case c.writes <- quit + "\n":
			default: // the engine takes no input
			}
		}
		close(c.closing)
		c.drain(Grace)
		c.finish(true)
		err = c.closeErr
	})
	return err
}

// Kill ends the connection at once: it kills a program and its process
// group (see Start), and waits for it; it closes the reader and writer of
// a Conn from Wrap that are io.Closers.
func (c *Conn) Kill() {
	c.once.Do(func() {
		close(c.closing)
		c.finish(false)
	})
}

// drain reads and drops output until it ends or wait has passed.
func (c *Conn) drain(wait time.Duration) {
	if c.eof {
		return
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case _, ok := <-c.lines:
			if !ok {
				c.eof = true
				return
			}
		case <-timer.C:
			return
		}
	}
}

// finish ends a program, or closes a wrapped pair, and stops the reader
// and the writer. With report it sets closeErr to say how a program ended
// when it did not exit by itself with status 0. It is called once.
func (c *Conn) finish(report bool) {
	select {
	case <-c.closing:
	default:
		close(c.closing)
	}
	close(c.stop)
	if c.cmd == nil {
		if cl, ok := c.w.(io.Closer); ok {
			cl.Close()
			<-c.writeDone
		}
		if cl, ok := c.r.(io.Closer); ok {
			cl.Close()
			<-c.readDone
		}
		return
	}
	killGroup(c.cmd)
	c.stdin.Close() // a write blocked in it ends
	c.stdout.Close()
	<-c.readDone
	<-c.writeDone
	err := c.cmd.Wait()
	// The end of the standard error, which a process left behind may
	// hold open where the program's exit is not seen (see Start).
	select {
	case <-c.stderrDone:
	case <-time.After(Grace):
	}
	c.stderrPipe.Close()
	<-c.stderrDone
	if report && err != nil {
		c.closeErr = fmt.Errorf("engine %s", exitText(c.cmd.ProcessState, err))
		if !c.eof {
			c.closeErr = fmt.Errorf("engine did not quit within %v: killed", Grace)
		}
	}
}

// exitText describes a program's exit.
func exitText(state *os.ProcessState, err error) string {
	if state != nil {
		return state.String()
	}
	if err != nil {
		return err.Error()
	}
	return "not exited"
}

// Stderr returns the end of a program's standard error, its last line or
// so, clipped; "" for a Conn from Wrap.
func (c *Conn) Stderr() string {
	if c.stderr == nil {
		return ""
	}
	return c.stderr.tail()
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
	n := len(p)
	if len(p) > tailBytes {
		p = p[len(p)-tailBytes:]
	}
	b.buf = append(b.buf, p...)
	if len(b.buf) > tailBytes {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-tailBytes:]...)
	}
	return n, nil
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
