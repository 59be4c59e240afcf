package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

var peakHash = flag.Int("peak-hash", 64, "TestEnginePeakMemory: the Hash whose peak it measures, in MiB")

// peakKiB returns the peak resident memory of the process pid in KiB,
// VmHWM of /proc/PID/status, or 0 where there is none.
func peakKiB(t *testing.T, pid int) int {
	t.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatalf("VmHWM: %v", err)
			}
			return n
		}
	}
	return 0
}

// enginePeak runs a session of the engine binary with Hash mb that
// changes every engine option between games, each game a search and a
// uginewgame (whose clear writes every page of the table), and returns
// the engine's peak resident memory in KiB.
func enginePeak(t *testing.T, mb int) int {
	p := startEngine(t, fmt.Sprintf("engine with Hash %d", mb))
	p.send("ugi")
	p.untilPrefix("ugiok")
	p.send(fmt.Sprintf("setoption name Hash value %d", mb))
	game := func() {
		t.Helper()
		p.send("position startpos", "go depth 5")
		p.untilPrefix("bestmove ")
		p.send("uginewgame", "isready")
		p.expect("readyok")
	}
	game()
	for _, option := range []string{"Contempt value 20", "Threads value 2", "Evaluator value sixfactor", "Searcher value alphabeta", "Searcher value pvs", "Hash value " + strconv.Itoa(mb)} {
		p.send("setoption name " + option)
		game()
	}
	peak := peakKiB(t, p.cmd.Process.Pid)
	p.send("quit")
	if err := p.wait(); err != nil {
		t.Fatal(err)
	}
	return peak
}

// TestEnginePeakMemory: the engine holds one table at a time, whatever
// option changes between games, so that its peak memory is its table
// (Hash MiB) plus what it needs with the smallest table: the peak with
// Hash 64 (-peak-hash) exceeds the peak with Hash 1 by the 63 MiB of
// table, not by two tables. Linux only (it reads the peak from /proc).
func TestEnginePeakMemory(t *testing.T) {
	mb := *peakHash
	if mb < 2 || mb > 4096 {
		t.Fatalf("-peak-hash %d: want 2 to 4096", mb)
	}
	small := enginePeak(t, 1)
	if small == 0 {
		t.Skip("no /proc/PID/status VmHWM here")
	}
	large := enginePeak(t, mb)
	t.Logf("peak resident memory: Hash 1: %d KiB; Hash %d: %d KiB (+%d KiB)", small, mb, large, large-small)
	want, slack := (mb-1)<<10, 8<<10+mb<<2 // KiB: the table, and 8 MiB and 1/256 of it
	if extra := large - small; extra < want-slack || extra > want+slack {
		t.Errorf("Hash %d took %d KiB more than Hash 1 at its peak; want the %d MiB of one table, ±%d KiB", mb, extra, mb-1, slack)
	}
}
