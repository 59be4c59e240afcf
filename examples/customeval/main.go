// Command customeval measures an evaluator of its own with a match, the
// way to try an idea for the engine. Spread, below, is the default
// evaluator, Tuned, plus a bonus for every file and every rank on which a
// side has a piece (pieces spread out are harder to trap and reach more
// circuit lines; Tuned weighs the spread already, and the match tells
// whether more of it helps). The program plays PVS with Spread (engine A) against the
// default engine, PVS with Tuned (engine B), from seeded openings, each
// played twice with the colours swapped, and prints the match's summary:
// W-D-L, score, Elo with its 95% interval and LOS; the game pairs and the
// Elo from them; and the SPRT's hypotheses, LLR, bounds and decision.
//
// To try your own idea, change Evaluate (build on surakarta.SixFactor's
// Terms, or start from nothing) and engine A's name, and run the match.
// Spread also implements surakarta.IncrementalEvaluator (NewPath), so
// that built on the network, whose search keeps its first layer's sums
// along the path, it keeps the network's speed: a wrapper that only
// implements Evaluate is evaluated a position at a time, several times
// slower.
// The default, 40 games at depth 6, takes seconds and tells only a large
// difference; more games, or moves on time, measure a small one, until
// the SPRT decides: "H1 accepted" (A is elo1 stronger: keep the idea) or
// "H0 accepted" (A is no better than elo0: drop it).
//
//	go run ./examples/customeval
//	go run ./examples/customeval -weight 6 -games 400 -depth 0 -movetime 50ms
//	go run ./examples/customeval -games 2000 -depth 8 -sprt 0,5 -out games.txt
//
// With -weight 0 engine A is the default engine, and at a fixed depth the
// two games of an opening are one game with the engines swapped: every
// pair splits 1-1 (pairs 0-0-20-0-0, pair Elo +0.0, no interval: all
// pairs alike) however the games went, as the pair statistics take out
// what the openings decide.
//
// Only the public API of packages surakarta and match is used: copy the
// file and change it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/bits"
	"os"
	"os/signal"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

// Spread is Base plus Weight points for every file and every rank on which
// the side to move has a piece, less the same for the other side.
type Spread struct {
	Base   surakarta.Evaluator
	Weight int
}

// Evaluate implements surakarta.Evaluator: the score of p for the side to
// move, in Base's units.
func (e Spread) Evaluate(p *surakarta.Position) int {
	us := p.SideToMove()
	return e.Base.Evaluate(p) + e.Weight*(Lines(p, us)-Lines(p, us.Other()))
}

// NewPath implements surakarta.IncrementalEvaluator, so that a Spread on
// the network (Spread{Base: surakarta.NewNetwork()}) searches at the
// network's speed: the search evaluates its positions through the path,
// which forwards to Base's own path and adds the bonus. On a Base that
// keeps no path (Tuned), the path evaluates a position at a time, as
// Evaluate does.
func (e Spread) NewPath() surakarta.PathEvaluator {
	if inc, ok := e.Base.(surakarta.IncrementalEvaluator); ok {
		return spreadPath{base: inc.NewPath(), weight: e.Weight}
	}
	return spreadPath{plain: e.Base, weight: e.Weight}
}

// spreadPath is Spread's path: Base's path, or Base itself, plus the
// bonus.
type spreadPath struct {
	base   surakarta.PathEvaluator // Base's path, when it has one
	plain  surakarta.Evaluator     // else Base
	weight int
}

// Evaluate implements surakarta.PathEvaluator: what Spread.Evaluate gives
// p, from Base's path when it has one.
func (w spreadPath) Evaluate(p *surakarta.Position, ply int) int {
	us := p.SideToMove()
	bonus := w.weight * (Lines(p, us) - Lines(p, us.Other()))
	if w.base != nil {
		return w.base.Evaluate(p, ply) + bonus
	}
	return w.plain.Evaluate(p) + bonus
}

// Lines returns the number of files plus the number of ranks on which c has
// a piece.
func Lines(p *surakarta.Position, c surakarta.Color) int {
	var files, ranks uint
	for s := range p.Pieces(c).All() {
		files |= 1 << s.File()
		ranks |= 1 << s.Rank()
	}
	return bits.OnesCount(files) + bits.OnesCount(ranks)
}

const usage = `usage: customeval [flags]

Customeval measures an evaluator with a match: engine A, PVS with Spread
(the Tuned evaluator plus -weight points for every file and every rank on
which a side has a piece), against engine B, PVS with Tuned, from seeded
openings, each played twice with the colours swapped. A line per game on
stderr shows the progress; the summary on stdout gives W-D-L, score, Elo
with its 95% interval and LOS, the game pairs and their Elo, and the
SPRT's decision: "H1 accepted" (keep the idea) or "H0 accepted" (drop
it). With -out the games are appended to a record file, and a run with
the same file resumes the match.

To try an idea of your own, change Evaluate in the program's source.

flags:
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run plays the match that args describe, with a progress line per game
// on stderr, and prints its summary on stdout, also when it stops early
// (interrupted, or an engine failed). It returns the exit status: 0 when
// done and for -h, which writes the usage on stdout, 2 for bad flags, 1
// when the match did not finish.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("customeval", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // the messages are run's own
	weight := flags.Int("weight", 3, "Spread's points for each file and rank held")
	games := flags.Int("games", 40, "number of games, even (each opening twice)")
	depth := flags.Int("depth", 6, "depth of every search (0 = none)")
	moveTime := flags.Duration("movetime", 0, "time for every move, such as 50ms (0 = none)")
	sprt := flags.String("sprt", "0,10", `SPRT "elo0,elo1" (alpha = beta = 0.05), or "" for none`)
	out := flags.String("out", "", "record file: every game is appended; run again to resume")
	bad := func(err error) int {
		fmt.Fprintln(stderr, "customeval:", message(err))
		fmt.Fprintln(stderr, "Run customeval -h for help.")
		return 2
	}
	if err := flags.Parse(args); errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, usage)
		flags.SetOutput(stdout)
		flags.PrintDefaults()
		return 0
	} else if err != nil {
		return bad(err)
	}
	if flags.NArg() > 0 {
		return bad(fmt.Errorf("unexpected argument %q (every setting is a flag)", flags.Arg(0)))
	}

	a := enginespec.Engine{
		Name: fmt.Sprintf("pvs,tuned+spread=%d", *weight),
		New: func() surakarta.Searcher {
			return surakarta.NewPVS(Spread{Base: surakarta.NewTuned(), Weight: *weight})
		},
	}
	b := enginespec.Engine{
		Name: "pvs,tuned",
		New:  func() surakarta.Searcher { return surakarta.NewPVS(surakarta.NewTuned()) },
	}
	cfg := match.Config{
		A: a, B: b,
		Games:      *games,
		Limits:     surakarta.Limits{Depth: *depth, MoveTime: *moveTime},
		Seed:       1,
		RecordFile: *out,
		Progress:   stderr,
	}
	if *sprt != "" {
		e0, e1, _ := strings.Cut(*sprt, ",")
		elo0, err0 := strconv.ParseFloat(e0, 64)
		elo1, err1 := strconv.ParseFloat(e1, 64)
		if err0 != nil || err1 != nil {
			return bad(fmt.Errorf("-sprt %q: want elo0,elo1 such as 0,10", *sprt))
		}
		cfg.SPRT = &elo.SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05}
	}
	if err := cfg.Validate(); err != nil {
		return bad(err)
	}

	res, err := match.Run(ctx, cfg)
	if res.Counts.Games() > 0 {
		fmt.Fprintf(stdout, "%s vs %s: %v\n", a.Name, b.Name, res)
	}
	if err != nil {
		fmt.Fprintln(stderr, "customeval:", message(err))
		return 1
	}
	return 0
}

// message returns the text of err without the "match: " that package
// match puts before its errors: the program names itself instead.
func message(err error) string {
	return strings.TrimPrefix(err.Error(), "match: ")
}
