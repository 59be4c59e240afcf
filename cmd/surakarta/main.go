// Command surakarta is a Surakarta engine for graphical interfaces,
// referees and tournament runners: it plays through UGI, the Universal
// Game Interface (UCI generalised to any game), by default, and through
// GTP, the Go Text Protocol version 2, with -gtp.
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta@latest
//	surakarta              # UGI on standard input and output
//	surakarta -gtp         # GTP
//	surakarta bench        # the node count of a fixed search, and the speed
//
// Positions are written in the position text of package surakarta
// ("wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1") and moves in its notation
// ("a2a3"). Player 1 is Black, who moves first. Options set the hash
// size, the search threads, the contempt, the move overhead, the searcher
// and evaluator (PVS and Tuned by default) and the rules (the quiet-ply
// and repetition limits; the Computer Olympiad's by default). The
// module's README has the commands of both protocols and a session of
// each.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: surakarta [-gtp] [-movetime D]
       surakarta bench [depth]

Surakarta is a Surakarta engine. It reads commands on standard input and
answers on standard output: UGI (the Universal Game Interface: ugi,
isready, setoption, uginewgame, position, go, stop, query, quit, and bench,
perft, show) by default, GTP version 2 with -gtp. Positions are written as
wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 and moves as a2a3; player 1 (p1) is
Black, who moves first.

bench searches fixed positions to a fixed depth and prints the nodes and
the speed: "<nodes> nodes <nps> nps".

flags:
`

// engineAuthor is the author named by UGI's id and GTP's name.
const engineAuthor = "The surakarta authors"

// engineName returns the engine's name with its version, the module's
// version when it was built from a released module.
func engineName() string { return "surakarta " + engineVersion() }

// engineVersion returns the module's version, or "devel" for a build
// from a source tree.
func engineVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// maxLine is the longest line of input read; longer lines are refused.
const maxLine = 1 << 20

// run runs the engine with the given arguments and returns its exit
// status: 0 when the input ends or quit is sent, and for -h; 2 for bad
// arguments.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta", flag.ContinueOnError)
	gtp := flags.Bool("gtp", false, "speak GTP (the Go Text Protocol) instead of UGI")
	moveTime := flags.Duration("movetime", time.Second, "GTP: time per move when no time_settings limit the game")
	flags.SetOutput(io.Discard)
	bad := func(err error) int {
		fmt.Fprintln(stderr, "surakarta:", err)
		fmt.Fprintln(stderr, "Run surakarta -h for help.")
		return 2
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			flags.SetOutput(stdout)
			flags.PrintDefaults()
			return 0
		}
		return bad(err)
	}
	if *moveTime <= 0 {
		return bad(fmt.Errorf("-movetime %v: want a positive time", *moveTime))
	}
	e := newEngine(stdout)
	if flags.NArg() > 0 {
		if flags.Arg(0) != "bench" {
			return bad(fmt.Errorf("unexpected argument %q (want bench, or flags only)", flags.Arg(0)))
		}
		depth, err := benchDepthArg(flags.Args()[1:], 0)
		if err != nil {
			return bad(fmt.Errorf("bench: %w", err))
		}
		nodes, elapsed := bench(depth, e.opts)
		e.out.lines(benchLine(nodes, elapsed))
		return 0
	}
	if *gtp {
		s := &gtpSession{engine: e, moveTime: *moveTime}
		readLines(stdin, func(line string) bool {
			quit, _ := s.handle(line)
			return !quit
		}, func() { e.out.lines(fmt.Sprintf("? a line longer than %d bytes", maxLine), "") })
		return 0
	}
	u := &ugiSession{engine: e}
	readLines(stdin, func(line string) bool {
		err := u.handle(line)
		if err == errQuit {
			return false
		}
		if err != nil {
			u.out.lines("info string error: " + oneLine(err.Error()))
		}
		return true
	}, func() { u.out.lines(fmt.Sprintf("info string error: a line longer than %d bytes", maxLine)) })
	// The input has ended (or quit was sent): a search that ends by itself
	// is waited for, an infinite one stopped.
	u.wait()
	return 0
}

// readLines calls handle with each line of in, without its line end,
// until handle returns false or the input ends; a line longer than maxLine
// is skipped, calling tooLong.
func readLines(in io.Reader, handle func(line string) bool, tooLong func()) {
	r := bufio.NewReaderSize(in, 64<<10)
	var long bool
	var buf []byte
	for {
		chunk, isPrefix, err := r.ReadLine()
		if err != nil {
			return
		}
		if !long {
			buf = append(buf, chunk...)
			if len(buf) > maxLine {
				long = true
				buf = buf[:0]
			}
		}
		if isPrefix {
			continue
		}
		if long {
			long = false
			tooLong()
			continue
		}
		line := string(buf)
		buf = buf[:0]
		if !handle(line) {
			return
		}
	}
}

// oneLine replaces the line breaks of s by spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
