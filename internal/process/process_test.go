package process

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

// The tests start this test binary again as the engine, with the
// arguments "helper MODE": TestMain runs the helper instead of the tests.

func TestMain(m *testing.M) {
	if len(os.Args) >= 3 && os.Args[1] == "helper" {
		os.Exit(helper(os.Args[2]))
	}
	// A helper built with the race detector would wait a second at its
	// exit, as a program that does not quit.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	os.Exit(m.Run())
}

// helper is an engine program that behaves as mode says:
//
//	echo     answers each line with "got LINE", and exits on quit
//	long N   writes "before", a line of N bytes that starts "bestmove
//	         a2a3 xxx", then "after"
//	silent   reads its input and never answers
//	crash    writes to its standard error and exits with status 3
//	stubborn starts a child (a silent helper), writes its process id, and
//	         ignores quit
//	flood    writes lines of output without end
//
// and the modes of moreHelpers.
func helper(mode string) int {
	if h, ok := moreHelpers[mode]; ok {
		return h()
	}
	in := bufio.NewScanner(os.Stdin)
	switch mode {
	case "echo":
		for in.Scan() {
			fmt.Println("got " + in.Text())
			if in.Text() == "quit" {
				return 0
			}
		}
	case "long":
		n, _ := strconv.Atoi(os.Args[3])
		fmt.Println("before")
		fmt.Println(("bestmove a2a3 " + strings.Repeat("x", n))[:n])
		fmt.Println("after")
		for in.Scan() {
		}
	case "silent":
		for in.Scan() {
		}
		time.Sleep(time.Hour)
	case "crash":
		fmt.Fprintln(os.Stderr, "helper: something went wrong")
		return 3
	case "stubborn":
		child := exec.Command(os.Args[0], "helper", "silent")
		if err := child.Start(); err != nil {
			fmt.Println("error", err)
			return 1
		}
		fmt.Println(child.Process.Pid)
		for in.Scan() {
		}
		time.Sleep(time.Hour)
	case "flood":
		line := strings.Repeat("info string flood ", 50)
		for {
			if _, err := fmt.Println(line); err != nil {
				return 1
			}
		}
	}
	return 0
}

// moreHelpers are the helpers of one system's tests, by mode.
var moreHelpers = map[string]func() int{}

// startHelper starts the helper in mode.
func startHelper(t *testing.T, mode string) *Conn {
	t.Helper()
	c, err := Start(os.Args[0], append([]string{"helper"}, strings.Fields(mode)...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Kill)
	return c
}

// waitTimeout bounds a wait for a helper that only a hang makes long,
// never a slow machine.
const waitTimeout = 30 * time.Second

func ctxFor(t *testing.T, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

func TestLines(t *testing.T) {
	c := startHelper(t, "echo")
	ctx := ctxFor(t, waitTimeout)
	if err := c.Send(ctx, "a", "b c"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"got a", "got b c"} {
		if got, err := c.Next(ctx); got != want || err != nil {
			t.Fatalf("Next = %q, %v; want %q", got, err, want)
		}
	}
	// An error says that the program did not quit within Grace; that it
	// quits at once is checked with SURAKARTA_REALTIME=1.
	start := time.Now()
	if err := c.Close("quit"); err != nil {
		t.Errorf("Close: %v", err)
	}
	testsize.RealTimeWithin(t, "Close of a program that quits", time.Since(start), Grace/2)
	if err := c.Close("quit"); err != nil {
		t.Errorf("Close again: %v", err)
	}
	if _, err := c.Next(ctx); !errors.Is(err, ErrExited) {
		t.Errorf("Next after Close: %v", err)
	}
	if err := c.Send(ctx, "x"); !errors.Is(err, ErrExited) {
		t.Errorf("Send after Close: %v", err)
	}
}

// TestLongLine: a line longer than MaxLine is the engine's fault, which
// Next reports after the lines before it, not a line cut short; the
// output is read no further, and the program is ended.
func TestLongLine(t *testing.T) {
	for _, n := range []int{MaxLine, 1 << 20} {
		c := startHelper(t, "long "+strconv.Itoa(n))
		ctx := ctxFor(t, waitTimeout)
		if line, err := c.Next(ctx); line != "before" || err != nil {
			t.Fatalf("Next = %q, %v; want the line before the long one", line, err)
		}
		for range 2 {
			line, err := c.Next(ctx)
			if !errors.Is(err, ErrProtocol) || errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "line too long") ||
				!strings.Contains(err.Error(), `starting "bestmove a2a3 xxx`) || strings.Contains(err.Error(), "killed") {
				t.Fatalf("a line of %d bytes: Next = %d bytes, %v; want ErrProtocol saying line too long", n+1, len(line), err)
			}
		}
		if err := c.Close("quit"); err != nil {
			t.Errorf("Close: %v", err)
		}
	}
	// A line of MaxLine bytes with its line end is read.
	c := startHelper(t, "long "+strconv.Itoa(MaxLine-1))
	ctx := ctxFor(t, waitTimeout)
	c.Next(ctx)
	if line, err := c.Next(ctx); len(line) != MaxLine-1 || err != nil {
		t.Fatalf("a line of MaxLine bytes: Next = %d bytes, %v", len(line), err)
	}
	if line, err := c.Next(ctx); line != "after" || err != nil {
		t.Fatalf("Next = %q, %v; want the line after the long one", line, err)
	}
}

func TestNextContext(t *testing.T) {
	c := startHelper(t, "silent")
	cause := errors.New("my cause")
	ctx, cancel := context.WithTimeoutCause(context.Background(), 50*time.Millisecond, cause)
	defer cancel()
	if _, err := c.Next(ctx); err != cause {
		t.Errorf("Next: %v, want the context's cause", err)
	}
	// A program that ignores the end of its input is killed after Grace.
	start := time.Now()
	if err := c.Close("quit"); err == nil || !strings.Contains(err.Error(), "did not quit") {
		t.Errorf("Close: %v", err)
	}
	if d := time.Since(start); d < Grace || d > Grace+waitTimeout { // after Grace, any time short of a hang
		t.Errorf("Close took %v", d)
	}
}

func TestExited(t *testing.T) {
	c := startHelper(t, "crash")
	ctx := ctxFor(t, waitTimeout)
	_, err := c.Next(ctx)
	if !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "exit status 3") || !strings.Contains(err.Error(), "something went wrong") {
		t.Errorf("Next: %v; want ErrExited with the exit status and the end of stderr", err)
	}
	if err := c.Send(ctx, "x"); !errors.Is(err, ErrExited) {
		t.Errorf("Send: %v", err)
	}
	if got := c.Stderr(); got != "helper: something went wrong" {
		t.Errorf("Stderr = %q", got)
	}
	if err := c.Close("quit"); err != nil {
		t.Errorf("Close after the program's end: %v", err)
	}
}

func TestStartFailure(t *testing.T) {
	if _, err := Start(filepath.Join(t.TempDir(), "none")); err == nil {
		t.Error("no error")
	}
}

func TestWrap(t *testing.T) {
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() { // an engine that echoes, as helper echo
		defer close(done)
		defer outW.Close()
		sc := bufio.NewScanner(cmdR)
		for sc.Scan() {
			fmt.Fprintln(outW, "got "+sc.Text())
			if sc.Text() == "quit" {
				return
			}
		}
	}()
	c := Wrap(outR, cmdW)
	ctx := ctxFor(t, waitTimeout)
	if err := c.Send(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Next(ctx); got != "got a" || err != nil {
		t.Fatalf("Next = %q, %v", got, err)
	}
	if err := c.Close("quit"); err != nil {
		t.Errorf("Close: %v", err)
	}
	<-done
}

// TestIdleMemory: while nobody reads, a Conn takes at most a few lines of
// an engine that writes without end; reading then goes on.
func TestIdleMemory(t *testing.T) {
	outR, outW := io.Pipe()
	var written atomic.Int64
	go func() {
		line := []byte(strings.Repeat("y", MaxLine-1) + "\n")
		for {
			n, err := outW.Write(line)
			written.Add(int64(n))
			if err != nil {
				return
			}
		}
	}()
	c := Wrap(outR, io.Discard)
	defer c.Kill()
	time.Sleep(200 * time.Millisecond)
	// What the reader took: the lines queued, the one it holds, and its
	// buffer.
	limit := int64((queued + 2) * MaxLine)
	n := written.Load()
	if n > limit {
		t.Errorf("%d bytes taken while idle, more than %d", n, limit)
	}
	t.Logf("taken while idle: %d bytes (limit %d)", n, limit)
	ctx := ctxFor(t, waitTimeout)
	for range 100 {
		if line, err := c.Next(ctx); err != nil || len(line) != MaxLine-1 {
			t.Fatalf("Next: %d bytes, %v", len(line), err)
		}
	}
}

// TestIdleMemoryProgram: a program that floods its output costs the
// process that reads it no memory beyond a few lines while it is not
// read.
func TestIdleMemoryProgram(t *testing.T) {
	c := startHelper(t, "flood")
	ctx := ctxFor(t, waitTimeout)
	if _, err := c.Next(ctx); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	time.Sleep(300 * time.Millisecond)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 256<<10 {
		t.Errorf("the heap grew by %d bytes while the flood was not read", grew)
	}
	t.Logf("heap %d → %d bytes", before.HeapAlloc, after.HeapAlloc)
	for range 1000 {
		if _, err := c.Next(ctx); err != nil {
			t.Fatal(err)
		}
	}
}

func TestTailBuffer(t *testing.T) {
	var b tailBuffer
	if n, err := b.Write([]byte(strings.Repeat("z", 1000))); n != 1000 || err != nil {
		t.Errorf("Write: %d, %v", n, err)
	}
	b.Write([]byte("first line\nthe last line of the error output\n"))
	if got := b.tail(); got != "the last line of the error output" {
		t.Errorf("tail %q", got)
	}
}
