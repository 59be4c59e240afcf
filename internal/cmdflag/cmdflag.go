// Package cmdflag defines the flags that the module's commands share, so
// that each is spelt, typed, documented and defaulted the same wherever it
// appears: the position (-position), the engine (-engine, a spec of
// package enginespec), the games played at once (-concurrency), the
// time per move (-movetime, one default), the plies of
// random openings (-opening-plies), the search depth and nodes per move
// (-depth, -nodes), the seed of the openings (-seed) and the shard of the
// work to do (-shard, -shards); and ShardOf, the shard that -shard i/N or
// -shards N give, with the index from a job's environment. The test of
// package cmdtest builds every program and checks its flags against
// these. The examples use only public packages, so that they can be
// copied: they write their flags out.
package cmdflag

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
)

// Defaults of the shared flags.
const (
	DefaultEngine       = "pvs,network"             // -engine: PVS with the Network evaluator
	DefaultMoveTime     = surakarta.DefaultMoveTime // -movetime
	DefaultOpeningPlies = 4                         // -opening-plies: a match's default
)

// engineSpec is what an engine spec is, as the usage of -engine says it.
const engineSpec = "searcher[,evaluator][,option=value...] such as pvs or pvs,endgame,threads=2, a player random, greedy or level1 to level10, or ugi:PROGRAM or gtp:PROGRAM (go doc github.com/surakarta-go/surakarta/enginespec.Parse)"

// Position defines -position, the position text of a position, by default
// the start.
func Position(fs *flag.FlagSet) *string {
	return fs.String("position", surakarta.StartText, "the `position`, a position text such as \"6/1w4/6/6/bw4/6 b\" (go doc github.com/surakarta-go/surakarta.ParsePosition)")
}

// Engine defines -engine, an engine spec, by default DefaultEngine.
func Engine(fs *flag.FlagSet) *string {
	return fs.String("engine", DefaultEngine, "the engine, a `spec`: "+engineSpec)
}

// Engines defines -engine as a flag given once for each of a match's two
// engines, A and then B, and returns the specs given, in order.
func Engines(fs *flag.FlagSet) *[]string {
	var specs engineList
	fs.Var(&specs, "engine", "an engine `spec`, given twice: engine A, then engine B; a spec is "+engineSpec)
	return (*[]string)(&specs)
}

// engineList is the value of a repeated -engine.
type engineList []string

func (l *engineList) String() string {
	if l == nil {
		return ""
	}
	return strings.Join(*l, " ")
}

func (l *engineList) Set(spec string) error {
	*l = append(*l, spec)
	return nil
}

// Concurrency defines -concurrency, the games played at once, 0 for all
// cores: a match's and surakarta-tune gen's.
func Concurrency(fs *flag.FlagSet) *int {
	return fs.Int("concurrency", 0, "games played at once (0 = all cores)")
}

// MoveTime defines -movetime, the time per move, by default
// DefaultMoveTime.
func MoveTime(fs *flag.FlagSet) *time.Duration {
	return fs.Duration("movetime", DefaultMoveTime, "time per move (0 = none, if another limit is given)")
}

// OpeningPlies defines -opening-plies, the random plies from the start
// that make each opening, by default DefaultOpeningPlies.
func OpeningPlies(fs *flag.FlagSet) *int {
	return fs.Int("opening-plies", DefaultOpeningPlies, "random plies from the start that make each opening")
}

// Depth defines -depth, the search depth per move, by default none.
func Depth(fs *flag.FlagSet) *int { return DepthDefault(fs, 0) }

// DepthDefault defines -depth, the search depth per move, by default def.
func DepthDefault(fs *flag.FlagSet, def int) *int {
	return fs.Int("depth", def, "search depth per move (0 = no depth limit)")
}

// Nodes defines -nodes, the nodes searched per move, by default def.
func Nodes(fs *flag.FlagSet, def int64) *int64 {
	return fs.Int64("nodes", def, "nodes searched per move (0 = no node limit)")
}

// Seed defines -seed, the seed of the random openings, by default 1.
func Seed(fs *flag.FlagSet) *uint64 {
	return fs.Uint64("seed", 1, "seed of the random openings")
}

// ParseEngine parses an engine spec as enginespec.Parse does, with an
// error that names the flag rather than the package.
func ParseEngine(spec string) (enginespec.Engine, error) {
	e, err := enginespec.Parse(spec)
	if err != nil {
		return e, fmt.Errorf("-%s", strings.TrimPrefix(err.Error(), "enginespec: "))
	}
	return e, nil
}

// Message returns the text of err, an error of package match, without the
// package's "match: " before it: what a command prints after its own name.
func Message(err error) string {
	return strings.TrimPrefix(err.Error(), "match: ")
}

// Close closes s if it holds something to release, such as the process of
// an engine program.
func Close(s surakarta.Searcher) {
	if c, ok := s.(io.Closer); ok {
		c.Close()
	}
}

// Parse parses args with fs as every command does: quietly, since a
// command writes its own messages. It reports false with the exit status
// when the command should stop: after -h, which writes usage and the
// flags' defaults to stdout (status 0), or a bad flag (BadArgs, status 2).
func Parse(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (int, bool) {
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return 0, false
		}
		return BadArgs(fs, stderr, err), false
	}
	return 0, true
}

// BadArgs reports a bad argument of the command fs is for, as every
// command does, "NAME: ERROR" and "Run NAME -h for help." on stderr, and
// returns the exit status 2.
func BadArgs(fs *flag.FlagSet, stderr io.Writer, err error) int {
	return BadCommand(stderr, fs.Name(), err)
}

// BadCommand is BadArgs for the command name without a flag set, such as
// a command whose first argument names its subcommand.
func BadCommand(stderr io.Writer, name string, err error) int {
	fmt.Fprintf(stderr, "%s: %v\n", name, err)
	fmt.Fprintf(stderr, "Run %s -h for help.\n", name)
	return 2
}

// ParseAll is Parse for a command whose every setting is a flag: an
// argument left after the flags is a bad argument.
func ParseAll(fs *flag.FlagSet, args []string, usage string, stdout, stderr io.Writer) (int, bool) {
	if status, ok := Parse(fs, args, usage, stdout, stderr); !ok {
		return status, false
	}
	if fs.NArg() > 0 {
		return BadArgs(fs, stderr, fmt.Errorf("unexpected argument %q (every setting is a flag)", fs.Arg(0))), false
	}
	return 0, true
}
