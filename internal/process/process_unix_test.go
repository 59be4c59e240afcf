//go:build unix

package process

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

func init() {
	moreHelpers["orphan"] = orphan
	moreHelpers["linger"] = func() int { time.Sleep(time.Minute); return 0 }
}

// orphan is a helper that starts a helper linger in a session of its
// own, which holds its standard input, output and error open and outlives
// it by a minute; writes "child PID" and a line to its standard error;
// and exits with status 3.
func orphan() int {
	child := exec.Command(os.Args[0], "helper", "linger")
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, os.Stderr
	child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := child.Start(); err != nil {
		fmt.Println("error", err)
		return 1
	}
	fmt.Println("child", child.Process.Pid)
	fmt.Fprintln(os.Stderr, "orphan: exiting")
	return 3
}

// TestExitWithOutputHeldOpen: a program that exits while a process it
// started in a session of its own holds its output open has exited, as
// Next says at once, with its exit status and the end of its standard
// error, after the lines it wrote; Close does not wait for the output to
// end. The process left behind is not the program's group's: Close does
// not end it.
func TestExitWithOutputHeldOpen(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("a program's exit is seen while its output is open on Linux only")
	}
	c := startHelper(t, "orphan")
	// Not a timing: 30s is the time the test waits, not the time it
	// expects (a program whose exit is not seen is never reported).
	ctx := ctxFor(t, 30*time.Second)
	line, err := c.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	child, err := strconv.Atoi(strings.TrimPrefix(line, "child "))
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	defer syscall.Kill(child, syscall.SIGKILL)
	for range 2 {
		_, err = c.Next(ctx)
		if !errors.Is(err, ErrExited) || !strings.Contains(err.Error(), "exit status 3") ||
			!strings.Contains(err.Error(), "holds its output open") || !strings.Contains(err.Error(), "orphan: exiting") {
			t.Fatalf("Next: %v; want ErrExited with the exit status, the end of stderr, and that the output is held open", err)
		}
	}
	start := time.Now()
	if err := c.Close("quit"); err != nil {
		t.Errorf("Close: %v", err)
	}
	testsize.RealTimeWithin(t, "Close", time.Since(start), Grace)
	if !running(child) {
		t.Errorf("the child %d in a session of its own has ended: the package's docs say it is left", child)
	}
}

// TestKillGroup: Close kills a program that ignores quit together with the
// processes it started.
func TestKillGroup(t *testing.T) {
	c := startHelper(t, "stubborn")
	ctx := ctxFor(t, waitTimeout)
	line, err := c.Next(ctx)
	if err != nil {
		t.Fatal(err)
	}
	child, err := strconv.Atoi(line)
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if err := c.Close("quit"); err == nil {
		t.Error("Close of a program that ignores quit: no error")
	}
	deadline := time.Now().Add(5 * time.Second)
	for running(child) {
		if time.Now().After(deadline) {
			t.Fatalf("the child %d is still running", child)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// running reports whether the process pid runs: it exists and, where
// /proc tells, is not a zombie waiting for a parent to reap it.
func running(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true
	}
	// The state follows the command's name, which is in parentheses.
	i := strings.LastIndexByte(string(stat), ')')
	return i < 0 || !strings.HasPrefix(string(stat[i+1:]), " Z")
}
