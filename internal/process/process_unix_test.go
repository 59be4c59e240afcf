//go:build unix

package process

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKillGroup: Close kills a program that ignores quit together with the
// processes it started.
func TestKillGroup(t *testing.T) {
	c := startHelper(t, "stubborn")
	ctx := ctxFor(t, 10*time.Second)
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
