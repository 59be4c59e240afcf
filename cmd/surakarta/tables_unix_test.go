//go:build unix

package main

import (
	"path/filepath"
	"slices"
	"syscall"
	"testing"
)

// TestTablebasePathNamedPipe: a named pipe under a table's name is left
// out at once, said in an info string line, and the other tables taken:
// setoption does not wait on the pipe, so the engine answers isready.
func TestTablebasePathNamedPipe(t *testing.T) {
	dir := tablesDir(t)
	fifo := filepath.Join(dir, "2v2-all.sktb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	p := startEngine(t, "engine")
	p.send("setoption name TablebasePath value "+dir, "isready")
	lines, _ := p.untilPrefix("readyok")
	if want := "info string endgame tables: not used: " + fifo + ": not a regular file (a named pipe)"; !slices.Contains(lines, want) {
		t.Errorf("setoption TablebasePath with a named pipe: %q, want %q", lines, want)
	}
}
