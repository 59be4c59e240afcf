// Package fakeengine is an engine program that misbehaves on purpose,
// for the tests of what plays engine programs (packages enginespec and
// match): the test binary itself, started again with the arguments
// "fake-engine MODE DIR", plays through UGI or GTP and fails the way MODE
// says (see Command). Its processes write their ids in DIR, so that a
// test can check that none is left (CheckGone).
package fakeengine

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// Main runs the fake engine, and exits with its status, when the test
// binary was started as one; otherwise it returns, having set GORACE so
// that the fake engines the tests start exit at once: one built with the
// race detector would wait a second at its exit, as a program that does
// not quit. Call it first in TestMain.
func Main() {
	if len(os.Args) >= 4 && os.Args[1] == "fake-engine" {
		os.Exit(run(os.Args[2], os.Args[3]))
	}
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
}

// Command returns the command line, for the COMMAND of an engine spec,
// of a fake engine of mode that writes its process id in a file in
// pidDir, such as "ugi,name=fake:" + Command(t, "crash", dir).
//
// The fake engine plays the first legal move, and fails at its FailsAt-th
// search the way mode says: answering an illegal move (illegal,
// gtp-illegal), exiting (crash), never answering and ignoring quit
// (hang), answering garbage (garbage), or refusing a move of its opponent
// (gtp-refuse), answering go twice (twice) or genmove twice (gtp-twice),
// or answering position with a bestmove (after-position), exiting after
// starting a process in a session of its own that holds its standard
// input, output and error open (orphan, on Unix), or writing a line of 2
// MiB (long: an info line before bestmove; gtp-long: genmove's answer).
// In mode flood it writes 75,000 info lines of 4000 bytes after its first
// move, while it goes on. In modes ok, gtp-log and ugi-log it plays on
// without fault, through GTP for gtp-log, and in the last two keeps the
// commands it gets, one a line, in pidDir/PID.log.
func Command(t testing.TB, mode, pidDir string) string {
	t.Helper()
	return Quote(t, os.Args[0]) + " fake-engine " + mode + " " + Quote(t, pidDir)
}

// Quote quotes a path for the command of an engine spec; the test skips
// when the path holds a quote.
func Quote(t testing.TB, s string) string {
	t.Helper()
	if strings.Contains(s, "'") {
		t.Skipf("path %q holds a quote", s)
	}
	return "'" + s + "'"
}

// FailsAt is the search at which a fake engine misbehaves: a game it
// plays lasts at least 2·FailsAt-2 plies.
const FailsAt = 3

// longLine is the length of the long line of modes long and gtp-long,
// 2 MiB: far beyond the longest line a client reads.
const longLine = 2 << 20

// The flood of the fake engine's mode flood after its first move: lines
// of 4000 bytes (a client reads lines of up to 4 KiB), 300 MB in all.
const (
	floodLine  = 4000
	floodLines = 75_000
)

// run is the fake engine of mode (see Command), which writes its process
// id in a file in pidDir, and its status.
func run(mode, pidDir string) int {
	pid := strconv.Itoa(os.Getpid())
	if mode == "linger" {
		pid = lingerPrefix + pid
	}
	if err := os.WriteFile(filepath.Join(pidDir, pid), nil, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if mode == "linger" {
		time.Sleep(time.Minute)
		return 0
	}
	gtp := strings.HasPrefix(mode, "gtp-")
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var outMu sync.Mutex // say and the flood of mode flood
	say := func(lines ...string) {
		outMu.Lock()
		defer outMu.Unlock()
		for _, l := range lines {
			fmt.Fprintln(out, l)
		}
		out.Flush()
	}
	game := surakarta.NewGame(surakarta.NewPosition())
	searches, plays, positions := 0, 0, 0
	illegal := func() string {
		for from := range surakarta.Square(36) {
			for to := range surakarta.Square(36) {
				m, err := surakarta.ParseMove(from.String() + to.String())
				if err == nil && game.Clone().Play(m) != nil {
					return m.String()
				}
			}
		}
		return "a1a1"
	}
	for in.Scan() {
		fields := strings.Fields(in.Text())
		if len(fields) == 0 {
			continue
		}
		cmd, args := fields[0], fields[1:]
		if mode == "gtp-log" || mode == "ugi-log" { // keep the commands, one a line, in pidDir/PID.log
			f, err := os.OpenFile(filepath.Join(pidDir, pid+".log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err == nil {
				fmt.Fprintln(f, strings.Join(fields, " "))
				f.Close()
			}
		}
		if gtp {
			switch cmd {
			case "protocol_version":
				say("= 2", "")
				continue
			case "clear_board":
				game = surakarta.NewGame(surakarta.NewPosition())
			case "surakarta-position":
				p, err := surakarta.ParsePosition(strings.Join(args, " "))
				if err != nil {
					say("? "+err.Error(), "")
					continue
				}
				game = surakarta.NewGame(p)
			case "play":
				if plays++; mode == "gtp-refuse" && plays >= FailsAt {
					say("? illegal move", "")
					continue
				}
				game.PlayText(args[1])
			case "genmove":
				searches++
				m := game.LegalMoves()[0].String()
				if mode == "gtp-illegal" && searches >= FailsAt {
					m = illegal()
				} else {
					game.PlayText(m)
				}
				if mode == "gtp-long" && searches >= FailsAt {
					m += " " + strings.Repeat("x", longLine)
				}
				say("= "+m, "")
				if mode == "gtp-twice" && searches >= FailsAt {
					say("= "+m, "")
				}
				continue
			case "quit":
				say("=", "")
				return 0
			}
			say("=", "")
			continue
		}
		switch cmd {
		case "ugi":
			say("id name fake", "ugiok")
		case "isready":
			say("readyok")
		case "uginewgame":
			game = surakarta.NewGame(surakarta.NewPosition())
		case "position":
			text, moves, _ := strings.Cut(" "+strings.Join(args[1:], " ")+" ", " moves ")
			if text = strings.TrimSpace(text); args[0] == "startpos" {
				text = surakarta.StartText
			}
			p, err := surakarta.ParsePosition(text)
			if err != nil {
				say("info string error: " + err.Error())
				continue
			}
			game = surakarta.NewGame(p)
			for _, m := range strings.Fields(moves) {
				game.PlayText(m)
			}
			if positions++; mode == "after-position" && positions >= FailsAt {
				say("bestmove " + game.LegalMoves()[0].String())
			}
		case "go":
			searches++
			m := game.LegalMoves()[0].String()
			if searches >= FailsAt {
				switch mode {
				case "illegal":
					m = illegal()
				case "crash":
					fmt.Fprintln(os.Stderr, "fake engine: crashing")
					return 3
				case "orphan":
					if err := startLingering(pidDir); err != nil {
						fmt.Fprintln(os.Stderr, err)
						return 1
					}
					return 3
				case "hang":
					time.Sleep(time.Hour)
				case "garbage":
					say("info depth garbage \x01\xff", "bestmove ?!\x07")
					continue
				case "twice":
					say("bestmove "+m, "bestmove "+m)
					continue
				case "long":
					say("info string "+strings.Repeat("x", longLine), "bestmove "+m)
					continue
				}
			}
			say("info depth 1 score cp 0 nodes 1 pv "+m, "bestmove "+m)
			if mode == "flood" && searches == 1 {
				go func() { // while it reads and answers the next commands
					line := "info string " + strings.Repeat("x", floodLine-len("info string "))
					for range floodLines {
						say(line)
					}
				}()
			}
		case "quit":
			return 0
		}
	}
	if mode == "hang" {
		time.Sleep(time.Hour)
	}
	return 0
}

// CheckGone fails unless every fake engine process whose id is in pidDir
// has ended: what plays it must end its program.
func CheckGone(t testing.TB, pidDir string) {
	t.Helper()
	entries, err := os.ReadDir(pidDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no fake engine started")
	}
	if runtime.GOOS == "windows" {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), lingerPrefix) {
			continue
		}
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if p, err := os.FindProcess(pid); err == nil && p.Signal(syscall.Signal(0)) == nil {
			t.Errorf("fake engine process %d is still running", pid)
		}
	}
}

// lingerPrefix starts the names of the files of the processes in pidDir
// that the fake engine of mode orphan leaves behind.
const lingerPrefix = "linger-"

// KillLingering kills the processes that fake engines of mode orphan
// left behind in sessions of their own, which what plays them does not
// end; defer it in a test of mode orphan.
func KillLingering(t testing.TB, pidDir string) {
	entries, _ := os.ReadDir(pidDir)
	for _, e := range entries {
		if pid, ok := strings.CutPrefix(e.Name(), lingerPrefix); ok {
			n, err := strconv.Atoi(pid)
			if err != nil {
				t.Fatal(err)
			}
			if p, err := os.FindProcess(n); err == nil {
				p.Kill()
			}
		}
	}
}
