// Command surakarta is an engine program for the board game Surakarta: a
// program that graphical interfaces, referees and tournament runners start
// and play through its standard input and output. It speaks UGI, the
// Universal Game Interface (UCI generalised to any game), by default, and
// GTP, the Go Text Protocol version 2, with -gtp; packages ugi and gtp
// serve them, and this command gives them its engine: PVS with the
// Network evaluator, and options that change them.
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta@latest
//	surakarta              # UGI on standard input and output
//	surakarta -gtp         # GTP
//	surakarta bench        # the node count of a fixed search, and the speed
//
// Positions are written in the position text of package surakarta
// ("wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1") and moves in its notation
// ("a2a3"). Player 1 is Black, who moves first. Options set the move
// overhead and the rules (the quiet-ply and repetition limits; the
// Computer Olympiad's by default), which the servers of packages ugi and
// gtp keep, and the hash size, the search threads, the contempt, the
// searcher, the evaluator and the strength level: Level 1 to 9 plays the
// weaker players of package level, 10 (the default) the engine at full
// strength. The module's docs/engine.md has the commands of both
// protocols and a session of each, and docs/levels.md each level's Elo.
//
// The engine exits at quit or at the end of its input; with UGI a search
// or perft under way is then stopped, as by stop (a search still answers
// its bestmove), so that an engine whose GUI has gone does not go on
// searching.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/gtp"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/serve"
	"github.com/surakarta-go/surakarta/ugi"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: surakarta [-gtp] [-movetime D] [-tune]
       surakarta bench [depth]

surakarta is an engine program for the board game Surakarta: graphical
interfaces, referees and tournament runners start it and play it through
its standard input and output. It speaks UGI, the Universal Game
Interface (UCI made game-neutral: ugi, isready, setoption, uginewgame,
position, go, stop, query, quit, and bench, perft, show, eval), by default, and
GTP, the Go Text Protocol version 2, with -gtp. Positions are written as
wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1 and moves as a2a3; player 1 (p1) is
Black, who moves first. It plays principal variation search with the
Network evaluator; its options (ugi lists them) change that. The option
Level weakens it: 1, which a beginner can beat, to 10, full strength (the
default); each level's Elo is in the module's docs/levels.md.

With -gtp, genmove thinks for -movetime unless time_settings limit the
game.

With -tune, the engine also offers the constants of its search (the
margins, depths and reductions of its pruning) as spin options, such as
SearchRFPMargin, for a tuner: surakarta-match spsa tunes them (the
module's docs/tuning.md). Their defaults are the built-in search.

It exits at quit or at the end of its input; with UGI a search or perft
under way is then stopped, as by stop.

surakarta bench searches fixed positions to a fixed depth (10, or depth)
and prints the nodes and the speed, "<nodes> nodes <nps> nps": the node
count is the engine's signature, the same on every machine.

flags:
`

// engineAuthor is the author named by UGI's id.
const engineAuthor = "The surakarta authors"

// engineVersion returns the module's version, or "devel" for a build
// from a source tree.
func engineVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// ugiEngine returns e as package ugi serves it.
func ugiEngine(e *engine) ugi.Engine {
	return ugi.Engine{
		Name: "surakarta " + engineVersion(), Author: engineAuthor,
		Searcher: e.Searcher, Options: e.options(), SetOption: e.SetOption,
		Evaluator: e.Evaluator,
	}
}

// run runs the program with the given arguments and returns its exit
// status: 0 when the input ends or quit is sent, and for -h; 1 when the
// input or output fails; 2 for bad arguments.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta", flag.ContinueOnError)
	useGTP := flags.Bool("gtp", false, "speak GTP (the Go Text Protocol) instead of UGI")
	moveTime := cmdflag.MoveTime(flags) // GTP's, when no time_settings limit the game
	tune := flags.Bool("tune", false, "offer the search's constants as options, for a tuner such as surakarta-match spsa")
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	if status, ok := cmdflag.Parse(flags, args, usage, stdout, stderr); !ok {
		return status
	}
	if *moveTime <= 0 {
		return bad(fmt.Errorf("-movetime %v: want a positive time (GTP's genmove has no other limit)", *moveTime))
	}
	e := newEngine()
	e.tune = *tune
	// The engine's notes on its tables go between UGI's lines as info
	// string lines; GTP has no such line, so they go to stderr there.
	ugiOut := &noteWriter{w: stdout, prefix: "info string "}
	e.notes = ugiOut
	var err error
	switch {
	case flags.NArg() > 0:
		if flags.Arg(0) != "bench" {
			return bad(fmt.Errorf("unexpected argument %q (want bench, or flags only)", flags.Arg(0)))
		}
		// bench is UGI's bench command, checked here first so that bad
		// arguments end the program as bad arguments.
		depth := flags.Args()[1:]
		if len(depth) > 1 {
			return bad(errors.New("bench: want at most one argument, a depth"))
		}
		if len(depth) == 1 {
			if _, err := serve.ParseDepth(depth[0], surakarta.MaxDepth); err != nil {
				return bad(fmt.Errorf("bench: %w", err))
			}
		}
		err = ugi.Serve(context.Background(), strings.NewReader(strings.Join(append([]string{"bench"}, depth...), " ")+"\n"), ugiOut, ugiEngine(e))
	case *useGTP:
		e.notes = &noteWriter{w: stderr, prefix: "surakarta: "}
		err = gtp.Serve(context.Background(), stdin, stdout, gtp.Engine{
			Name: "surakarta", Version: engineVersion(),
			Searcher: e.Searcher, SetOption: e.SetOption, MoveTime: *moveTime,
		})
	default:
		err = ugi.Serve(context.Background(), stdin, ugiOut, ugiEngine(e))
	}
	if err != nil {
		fmt.Fprintln(stderr, "surakarta:", err)
		return 1
	}
	return 0
}
