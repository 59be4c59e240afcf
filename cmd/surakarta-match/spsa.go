package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/match"
)

const spsaUsage = `usage: surakarta-match spsa -engine ugi:PROGRAM -param NAME,START,MIN,MAX,C_END,R_END [-param ...] -iterations N [flags]

surakarta-match spsa tunes whole-number options of a UGI engine program by
SPSA, as fishtest and OpenBench tune engines (go doc
github.com/surakarta-go/surakarta/match.RunSPSA): each iteration plays one
game pair, from one opening, between the program with every parameter
nudged up or down at random and the program nudged the other way, and
moves the parameters toward the side that scored better. The engine's own
search constants are its options when it runs with -tune:

  surakarta-match spsa -engine 'ugi:surakarta -tune' \
    -param SearchRFPMargin,40,10,120,4,0.002 -param SearchLMRDivisor,225,100,400,20,0.002 \
    -iterations 2000 -nodes 20000 -movetime 0 -out spsa.txt

-engine is the program, ugi:PROGRAM [ARG...] or ugi,SETTING...:PROGRAM
[ARG...] without name=; each side of a pair is that spec with
option.NAME=VALUE for every parameter. Each -param is one parameter as
fishtest writes it: its option's NAME, the START value, the range MIN to
MAX, C_END, how far the last iteration perturbs it (large enough that the
two sides differ by a few Elo), and R_END, the learning rate at the end.
-iterations is the number of game pairs; the schedule of perturbations
and learning rates (A = iterations/10, alpha 0.602, gamma 0.101) ends at
C_END and R_END. Before the first pair the program is started with every
parameter at its MIN and at its MAX, so that an option it does not have
or a value it refuses stops the tuning at once.

The games are those of a match: -movetime, -nodes, -depth or -tc bound
every move, -opening-plies random plies (or the positions of -openings,
cycled) make each pair's opening, and -seed seeds the openings and the
perturbations: with a deterministic limit (-nodes or -depth, and
-movetime 0) the same command plays the same games. Progress, a line per
pair, goes to stderr. -out writes the tuning to a state file, a line per
pair with every parameter's value so far and a final line with the values
rounded; run the same command again to resume it after its last pair. At
the end stdout gets the values as the settings of an engine spec,
option.NAME=VALUE,..., such as for a match of the tuned engine against
the untuned one.

flags:
`

// paramList is the value of -param, given once per parameter.
type paramList []match.SPSAParam

func (l *paramList) String() string {
	var s []string
	for _, p := range *l {
		s = append(s, p.String())
	}
	return strings.Join(s, " ")
}

func (l *paramList) Set(text string) error {
	p, err := match.ParseSPSAParam(text)
	if err != nil {
		return errors.New(strings.TrimPrefix(err.Error(), "match: "))
	}
	*l = append(*l, p)
	return nil
}

// runSPSA runs surakarta-match spsa with the arguments after spsa, and
// returns its exit status: 0 when the tuning ends and for -h, 2 for bad
// arguments, 1 when the tuning fails or is interrupted.
func runSPSA(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta-match spsa", flag.ContinueOnError)
	engine := cmdflag.Engine(flags)
	var params paramList
	flags.Var(&params, "param", "a parameter to tune, NAME,START,MIN,MAX,C_END,R_END (fishtest's line), given once for each")
	iterations := flags.Int("iterations", 0, "game pairs to play: the schedule's N")
	moveTime := cmdflag.MoveTime(flags)
	nodes := cmdflag.Nodes(flags, 0)
	depth := cmdflag.Depth(flags)
	tc := flags.String("tc", "", "clock: BASE+INCREMENT or MOVES/BASE+INCREMENT, as for a match (-movetime then 0 unless given)")
	openingPlies := cmdflag.OpeningPlies(flags)
	openings := flags.String("openings", "", "file of the openings, one position text a line: pair k plays line k's position, cycling; not with -opening-plies")
	seed := cmdflag.Seed(flags)
	concurrency := cmdflag.Concurrency(flags)
	out := flags.String("out", "", "state file: a line per pair, to resume from by running the command again")
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	if status, ok := cmdflag.ParseAll(flags, args, spsaUsage, stdout, stderr); !ok {
		return status
	}
	switch {
	case !given(flags, "engine"):
		return bad(errors.New("give -engine, the UGI program to tune, such as -engine 'ugi:surakarta -tune'"))
	case len(params) == 0:
		return bad(errors.New("give -param for each parameter to tune, such as -param SearchRFPMargin,40,10,120,4,0.002"))
	case *iterations <= 0:
		return bad(fmt.Errorf("-iterations %d: want a positive number of game pairs", *iterations))
	}
	limits, err := flagLimits(flags, *moveTime, *nodes, *depth, *tc)
	if err != nil {
		return bad(err)
	}
	c := match.SPSAConfig{
		Params: params, Iterations: *iterations, Seed: *seed, Engine: *engine, Limits: limits,
		Concurrency: *concurrency, StateFile: *out, Progress: stderr,
	}
	if c.Openings, c.OpeningPlies, err = flagOpenings(flags, *openings, *openingPlies); err != nil {
		return bad(err)
	}
	if err := c.Validate(); err != nil {
		msg := cmdflag.Message(err)
		if _, after, ok := strings.Cut(msg, "SPSA: "); ok {
			msg = after // the flags' error, not the package's
		}
		return bad(errors.New(msg))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stderr, "spsa: %d %s, %d game pairs, %s\n", len(params), plural(len(params), "parameter", "parameters"), *iterations, match.LimitsText(limits))
	st, err := match.RunSPSA(ctx, c)
	if err != nil {
		if st.Iteration > 0 && *out != "" {
			fmt.Fprintf(stderr, "stopped after pair %d of %d; run the same command again to resume from %s\n", st.Iteration, *iterations, *out)
		}
		fmt.Fprintln(stderr, "surakarta-match spsa:", cmdflag.Message(err))
		return 1
	}
	values := st.Values()
	settings := make([]string, len(params))
	for i, p := range params {
		settings[i] = fmt.Sprintf("option.%s=%d", p.Name, values[i])
	}
	fmt.Fprintln(stdout, strings.Join(settings, ","))
	return 0
}
