package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// MaxLine is the longest line of input read; a longer one is skipped.
const MaxLine = 1 << 20

// ErrLineTooLong is the error of a line longer than MaxLine, which Input
// skips.
var ErrLineTooLong = fmt.Errorf("a line longer than %d bytes", MaxLine)

// Input reads lines from a reader in a goroutine of its own, so that the
// server can stop waiting for a line when its context is done.
type Input struct {
	lines chan line
	done  chan struct{}
	once  sync.Once
}

// line is a line read, or the error that ends the input.
type line struct {
	text string
	err  error
}

// NewInput starts reading r. Close releases the reading goroutine; a Read
// already under way in r ends when r returns.
func NewInput(r io.Reader) *Input {
	in := &Input{lines: make(chan line), done: make(chan struct{})}
	go in.read(r)
	return in
}

// Next returns the next line, without its line end ("\n" or "\r\n").
// A line longer than MaxLine is skipped and reported as ErrLineTooLong;
// reading goes on after it. At the end of the input Next returns io.EOF,
// after a read error that error, and when ctx is done ctx's error.
func (in *Input) Next(ctx context.Context) (string, error) {
	select {
	case l, ok := <-in.lines:
		if !ok {
			return "", io.EOF
		}
		return l.text, l.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// Close stops reading.
func (in *Input) Close() { in.once.Do(func() { close(in.done) }) }

// read reads r until its end, an error or Close.
func (in *Input) read(r io.Reader) {
	defer close(in.lines)
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	long := false
	for {
		chunk, isPrefix, err := br.ReadLine()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				in.send(line{err: err})
			}
			return
		}
		if !long {
			buf = append(buf, chunk...)
			if len(buf) > MaxLine {
				long, buf = true, buf[:0]
			}
		}
		if isPrefix {
			continue
		}
		l := line{text: string(buf)}
		if long {
			l = line{err: ErrLineTooLong}
		}
		long, buf = false, buf[:0]
		if !in.send(l) {
			return
		}
	}
}

// send hands a line to Next, unless Close comes first.
func (in *Input) send(l line) bool {
	select {
	case in.lines <- l:
		return true
	case <-in.done:
		return false
	}
}

// Output writes lines, whole and in order, from any goroutine.
type Output struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error // the first write error
}

// NewOutput returns an Output that writes to w.
func NewOutput(w io.Writer) *Output { return &Output{w: bufio.NewWriter(w)} }

// Lines writes lines, each followed by "\n", and flushes them.
func (o *Output) Lines(lines ...string) { o.LinesThen(nil, lines...) }

// LinesThen writes lines, calls then (if not nil) and flushes the lines,
// so that then runs before a reader can see them.
func (o *Output) LinesThen(then func(), lines ...string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, l := range lines {
		o.w.WriteString(l)
		o.w.WriteByte('\n')
	}
	if then != nil {
		then()
	}
	if err := o.w.Flush(); err != nil && o.err == nil {
		o.err = err
	}
}

// Err returns the first error of a write, if any: once a write has
// failed, nothing more is written.
func (o *Output) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}
