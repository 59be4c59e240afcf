// Command match plays engine A against engine B and reports the result with
// statistics: W/D/L, score, Elo with its 95% interval, LOS, and optionally an
// SPRT. Engines are "searcher,evaluator[,option=value...]" (pvs or
// alphabeta; sixfactor or endgame; options such as endgame-weight=60 or
// nullmove=off, see match.ParseEngine). Every finished game goes to the
// record file; run the same command again to resume an interrupted match.
//
//	go run ./examples/match -a pvs,endgame -b alphabeta,sixfactor -games 200 -movetime 100ms
//	go run ./examples/match -a pvs,sixfactor -b pvs,endgame -sprt 0,10 -games 2000 -out games.txt
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/match"
)

func main() {
	a := flag.String("a", "pvs,sixfactor", "engine A: searcher,evaluator[,option=value...]")
	b := flag.String("b", "alphabeta,sixfactor", "engine B: searcher,evaluator[,option=value...]")
	games := flag.Int("games", 20, "number of games (each opening twice, colours swapped)")
	moveTime := flag.Duration("movetime", 100*time.Millisecond, "time per move (0 = none)")
	nodes := flag.Int64("nodes", 0, "nodes per move (0 = none)")
	depth := flag.Int("depth", 0, "depth per move (0 = none)")
	openingPlies := flag.Int("openings", 4, "random plies from the start in each opening")
	seed := flag.Uint64("seed", 1, "seed of the openings")
	concurrency := flag.Int("concurrency", 0, "games at once (0 = all cores)")
	out := flag.String("out", "", "record file: every finished game is appended; rerun to resume")
	sprt := flag.String("sprt", "", "SPRT elo0,elo1 (alpha = beta = 0.05), e.g. 0,10")
	flag.Parse()

	cfg := match.Config{
		Games:        *games,
		Limits:       surakarta.Limits{MoveTime: *moveTime, Nodes: *nodes, Depth: *depth},
		OpeningPlies: *openingPlies,
		Seed:         *seed,
		Concurrency:  *concurrency,
		RecordFile:   *out,
		Progress:     os.Stderr,
	}
	var err error
	if cfg.A, err = match.ParseEngine(*a); err != nil {
		fail(err)
	}
	if cfg.B, err = match.ParseEngine(*b); err != nil {
		fail(err)
	}
	if *moveTime == 0 && *nodes == 0 && *depth == 0 {
		fail(fmt.Errorf("give -movetime, -nodes or -depth a limit"))
	}
	if *sprt != "" {
		e0, e1, ok := strings.Cut(*sprt, ",")
		elo0, err0 := strconv.ParseFloat(e0, 64)
		elo1, err1 := strconv.ParseFloat(e1, 64)
		if !ok || err0 != nil || err1 != nil || elo0 >= elo1 {
			fail(fmt.Errorf("-sprt %q: want elo0,elo1 with elo0 < elo1", *sprt))
		}
		cfg.SPRT = &match.SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(os.Stderr, "%s vs %s: %d games, %s\n", cfg.A.Name, cfg.B.Name, cfg.Games, match.LimitsText(cfg.Limits))
	res, err := match.Run(ctx, cfg)
	if res.Resumed > 0 {
		fmt.Fprintf(os.Stderr, "resumed %d games from %s\n", res.Resumed, *out)
	}
	line := cfg.A.Name + " vs " + cfg.B.Name + ": " + match.Summary(res.Counts)
	if cfg.SPRT != nil {
		lo, hi := cfg.SPRT.Bounds()
		p := res.Pentanomial
		line += fmt.Sprintf(", pairs %d-%d-%d-%d-%d, SPRT [%g, %g] LLR %.2f (%.2f, %.2f) %v",
			p[0], p[1], p[2], p[3], p[4], cfg.SPRT.Elo0, cfg.SPRT.Elo1, res.LLR, lo, hi, res.Decision)
	}
	fmt.Println(line)
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "match:", err)
	os.Exit(2)
}
