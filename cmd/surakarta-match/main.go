// Command surakarta-match plays engine A against engine B and reports the
// result with statistics: W/D/L, score, Elo with its 95% interval, LOS,
// and optionally an SPRT. Engines are
// "searcher[,evaluator][,option=value...]" (pvs, alphabeta, mcts or uct;
// network, the default, tuned, endgame or sixfactor; options such as
// endgame-weight=60 or threads=2, see enginespec.Parse), or an engine
// program played through UGI or GTP, "ugi:PROGRAM [ARG...]" or
// "gtp:PROGRAM [ARG...]", each given with -engine: A, then B. Every
// finished game goes to the record file; run the same command again to
// resume an interrupted match. The record file is locked while a match
// runs, so a second match on it stops at once; a game cut short at its end
// by a crash is moved to FILE.partial and played again.
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta-match@latest
//	surakarta-match -engine pvs,endgame -engine alphabeta,sixfactor -games 200 -movetime 100ms
//	surakarta-match -engine pvs,sixfactor -engine pvs,endgame -sprt 0,10 -games 2000 -out games.txt
//	surakarta-match -engine pvs,tuned -engine pvs,endgame -tc 2s+50ms -games 20
//	surakarta-match -engine ugi:surakarta -engine pvs,tuned -depth 4 -games 20   # the engine binary, cmd/surakarta
//
// With -openings FILE, the openings are the positions of FILE, one
// position text a line, rather than random plies from the start: to
// measure play from chosen positions, such as endgames.
//
// With -tb DIR, a game ends at the first position that the endgame tables
// in DIR hold (those of the quiet-ply limit 50, which the match's
// Olympiad rules have), with the tables' result and the record's Reason
// "adjudicated: tablebase"; -tbpieces N takes only positions of at most N
// pieces.
//
// With -tc BASE+INCREMENT (Go durations, such as 10s+100ms; or
// MOVES/BASE+INCREMENT, such as 40/60s+0s, for BASE again after every
// MOVES moves of a side) the games are played on a clock that the match
// keeps: each side starts with BASE, gains INCREMENT after each of its
// moves and loses the wall time of each of its searches; a side whose time
// runs out loses on time. -movetime, -nodes and -depth are then off
// unless given, and when given they also apply: a search stops at the
// first limit it reaches.
//
// A match splits over machines: each shard (-shard i/N, or -shards N with
// the index from a Kubernetes Indexed Job or a Slurm job array) plays its
// share of the game pairs into its own record file, and -merge combines
// the files into the result of the whole match, which it reads from the
// records:
//
//	surakarta-match -engine pvs,tuned -engine pvs,endgame -depth 6 -movetime 0 -games 2000 -shard 0/4 -out shard-{shard}.txt
//	surakarta-match -sprt 0,10 -merge shard-*.txt
//
// The subcommand spsa tunes whole-number options of a UGI engine program
// by SPSA, as fishtest does (match.RunSPSA), such as the search constants
// that the engine cmd/surakarta offers as options with -tune:
//
//	surakarta-match spsa -engine 'ugi:surakarta -tune' -param SearchRFPMargin,40,10,120,4,0.002 -iterations 2000 -nodes 20000 -movetime 0 -out spsa.txt
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/regularfile"
	"github.com/surakarta-go/surakarta/internal/tbdir"
	"github.com/surakarta-go/surakarta/match"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = `usage: surakarta-match -engine A -engine B [flags]
       surakarta-match [-sprt elo0,elo1] -merge FILES...
       surakarta-match spsa -engine ugi:PROGRAM -param NAME,START,MIN,MAX,C_END,R_END... -iterations N [flags]

Surakarta-match plays engine A against engine B from random openings
(or those of -openings), each opening twice with the colours swapped, and
prints the result with its statistics on stdout; progress goes to stderr. The engines are given
with -engine, A first, then B. An engine is
searcher[,evaluator][,option=value...]: searcher pvs, alphabeta, mcts or
uct, evaluator network (the default: pvs is pvs,network), tuned, endgame
or sixfactor, options such as endgame-weight=60, table=4, threads=2 or
tb=DIR, the endgame tables in DIR (go doc
github.com/surakarta-go/surakarta/enginespec.Parse).
Or it is a player of package level, alone: random, greedy, or level1
(which a beginner can beat) to level10 (the engine at full strength),
such as -engine level3 -engine greedy (the module's docs/levels.md).

An engine that plays from an opening book (book=FILE in its spec, or a
UGI program's option.Book=FILE) is refused unless -allow-book is given:
a book makes the games of a match alike and skews its statistics.

Any spec may set the engine's name in the records and the summary with
name=NAME: pvs,tuned,name=base, level3,name=beginner,
ugi,name=sk:PROGRAM. Two engines of one name, such as one spec given
twice, are named NAME#1 (A) and NAME#2 (B).

An engine may also be a program that plays through UGI or GTP:
ugi:PROGRAM [ARG...] or gtp:PROGRAM [ARG...], with settings before the
colon: ugi,name=NAME,timeout=2s,option.Hash=16:PROGRAM (a word in '...'
may hold spaces), such as ugi:/tmp/surakarta or gtp:/tmp/surakarta -gtp.
Each game starts the program anew. The rules judge its moves: an illegal
move, a crash or no move within -movetime plus the timeout (default 2s;
1m with -movetime 0 and no -tc) loses that game, and the record and the progress
lines say why, at which position.

With -tc BASE+INCREMENT (Go durations: -tc 10s+100ms, -tc 2s+0s), or
-tc MOVES/BASE+INCREMENT (-tc 40/60s+0s: BASE again after every MOVES
moves of a side), the games are played on a clock that the match keeps:
each side starts with BASE and gains INCREMENT after each of its moves;
the wall time of each search is taken off the mover's clock, and a side
whose time runs out loses on time. Each search is told both sides' time
left (a UGI program in go p1time p2time p1inc p2inc [movestogo], a GTP
program with time_settings and time_left, in whole seconds). A program
that does not answer within its time left plus the timeout loses on time
too. -movetime, -nodes and -depth are off with -tc unless given; when
given they apply as well, and a search stops at the first limit it
reaches. The records' TimeControl header names the clock; TimeLeft and
LeastTimeLeft say each side's time left at the end and the least time a
side had left after a move.

With -openings FILE the openings are the positions of FILE, one position
text a line, such as bb4/b5/6/6/5w/4ww b 0 1 (blank lines and lines that
start with # are skipped): game pair p, rounds 2p+1 and 2p+2, starts from
position p+1 of the file, so -games may be at most twice their number.
No position may be a finished game or be there twice. FILE is a regular
file (not a named pipe or a device) of at most 64 MiB, its lines at most
4 KiB. -opening-plies does not go with it; -seed makes no opening then,
but the records name it as ever. The records carry the header [Openings
"given"]; a match resumes or merges from its records as one from random
openings does, and resuming with a file whose positions differ from
those of the rounds played fails.

With -tb DIR a game is adjudicated by the endgame tables in DIR (package
tablebase; surakarta-tb generate -dir DIR -pieces 4 -quiet-plies 50
makes them): it ends at the first position that they hold, its opening
or the position after any move, with their result. Its record's Reason
is "adjudicated: tablebase", and its Tablebase header says the value,
such as "3v2-q50: White to move wins" (White to move, with 3 pieces
against 2, wins under the quiet-ply limit 50). The games are played
under the Olympiad rules, so DIR must hold tables of the quiet-ply
limit 50: capture-all tables, or those of another limit, are refused.
The tables do not see repetitions, which end a game under these rules
by the piece count, so a table's result may not be what best play
under them gives (the module's docs/matches.md). -tbpieces N
adjudicates only positions of at most N pieces. A match resumes and
merges with its adjudicated records as with any others, whatever -tb.

With -merge, the arguments are the record files of a match's shards (or
of a whole match), and the match (engines, games, limits, openings,
seed) is read from their records; -sprt applies an SPRT to the merged
games, and -games gives the number of games of records that lack a Games
header. No other flag goes with -merge.

surakarta-match spsa tunes options of a UGI engine program by SPSA, as
fishtest does, a game pair per iteration; its flags are its own (see
surakarta-match spsa -h).

flags:
`

// run runs the command with the given arguments and returns its exit
// status: 0 on success and for -h, 2 for bad arguments, 1 when the match
// or the merge fails or is interrupted.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "spsa" {
		return runSPSA(args[1:], stdout, stderr)
	}
	flags := flag.NewFlagSet("surakarta-match", flag.ContinueOnError)
	engines := cmdflag.Engines(flags)
	games := flags.Int("games", 20, "number of games, even (each opening twice, colours swapped)")
	moveTime := cmdflag.MoveTime(flags)
	nodes := cmdflag.Nodes(flags, 0)
	depth := cmdflag.Depth(flags)
	tc := flags.String("tc", "", "clock: BASE+INCREMENT or MOVES/BASE+INCREMENT, Go durations, such as 10s+100ms or 40/60s+0s (-movetime then 0 unless given)")
	openingPlies := cmdflag.OpeningPlies(flags)
	openings := flags.String("openings", "", "file of the openings, one position text a line (# comments and blank lines skipped): game pair p plays line p's position; not with -opening-plies")
	seed := cmdflag.Seed(flags)
	concurrency := cmdflag.Concurrency(flags)
	out := flags.String("out", "", "record file: every finished game is appended; rerun to resume (locked while the match runs)")
	sprt := flags.String("sprt", "", "SPRT elo0,elo1 (alpha = beta = 0.05), e.g. 0,10")
	// Matches across machines (shard.go): a shard plays the pairs p with p mod N == i.
	shard := cmdflag.Shard(flags, "the game pairs p with p mod N == i; {shard} in -out is i")
	shards := cmdflag.Shards(flags)
	tb := flags.String("tb", "", "adjudicate by the endgame tables in `DIR` (of the quiet-ply limit 50): a game ends at the first position they hold, with their result")
	tbPieces := flags.Int("tbpieces", 0, "with -tb, adjudicate only positions of at most `N` pieces (0: all the tables hold)")
	allowBook := flags.Bool("allow-book", false, "let an engine play from an opening book (book= in its spec, or a UGI program's option.Book=)")
	merge := flags.Bool("merge", false, "merge the record files of a match's shards, the arguments, into the match's result; the match is read from the records")
	bad := func(err error) int { return badArgs(stderr, err) }
	if status, ok := cmdflag.Parse(flags, args, usage, stdout, stderr); !ok {
		return status
	}
	var sprtTest *elo.SPRT
	if *sprt != "" {
		e0, e1, ok := strings.Cut(*sprt, ",")
		elo0, err0 := strconv.ParseFloat(strings.TrimSpace(e0), 64)
		elo1, err1 := strconv.ParseFloat(strings.TrimSpace(e1), 64)
		if !ok || err0 != nil || err1 != nil {
			return bad(fmt.Errorf("-sprt %q: want elo0,elo1 such as 0,10", *sprt))
		}
		sprtTest = &elo.SPRT{Elo0: elo0, Elo1: elo1, Alpha: 0.05, Beta: 0.05}
		if err := sprtTest.Validate(); err != nil {
			// The flag's error, not the package's.
			return bad(fmt.Errorf("-sprt %q: %s", *sprt, strings.TrimPrefix(err.Error(), elo.ErrInvalidSPRT.Error()+": ")))
		}
	}
	if *merge {
		return runMerge(flags, *games, sprtTest, stdout, stderr)
	}
	if flags.NArg() > 0 {
		return bad(fmt.Errorf("unexpected argument %q (every setting is a flag)", flags.Arg(0)))
	}

	limits, err := flagLimits(flags, *moveTime, *nodes, *depth, *tc)
	if err != nil {
		return bad(err)
	}
	cfg := match.Config{
		Games:        *games,
		Limits:       limits,
		OpeningPlies: *openingPlies,
		Seed:         *seed,
		Concurrency:  *concurrency,
		RecordFile:   *out,
		SPRT:         sprtTest,
		AllowBook:    *allowBook,
		Progress:     stderr,
	}
	if cfg.Openings, cfg.OpeningPlies, err = flagOpenings(flags, *openings, *openingPlies); err != nil {
		return bad(err)
	}
	switch {
	case *tbPieces < 0:
		return bad(fmt.Errorf("-tbpieces %d: want 0 (every position the tables hold) or more pieces", *tbPieces))
	case *tbPieces > 0 && *tb == "":
		return bad(fmt.Errorf("-tbpieces %d without -tb: it bounds the positions that the tables of -tb adjudicate", *tbPieces))
	case *tb != "":
		tables, err := openTables(*tb)
		if err != nil {
			return bad(err)
		}
		defer tables.Close()
		cfg.Tables, cfg.TablePieces = tables.Fitting(surakarta.OlympiadRules()), *tbPieces
	}
	if len(*engines) != 2 {
		n := len(*engines)
		return bad(fmt.Errorf("-engine given %d %s: give it twice, engine A and then engine B, such as -engine pvs,tuned -engine pvs,endgame", n, plural(n, "time", "times")))
	}
	if cfg.A, err = cmdflag.ParseEngine((*engines)[0]); err != nil {
		return bad(err)
	}
	if cfg.B, err = cmdflag.ParseEngine((*engines)[1]); err != nil {
		return bad(err)
	}
	// The records tell the engines apart by name: two of one name, such as
	// one spec given twice, are named A's and B's.
	var sameName string
	if cfg.A.Name == cfg.B.Name {
		sameName = cfg.A.Name
		cfg.A.Name, cfg.B.Name = sameName+"#1", sameName+"#2"
	}
	if limits.MoveTime == 0 && *nodes == 0 && *depth == 0 && !limits.Clock.IsSet() {
		return bad(errors.New("give -movetime, -nodes, -depth or -tc a limit"))
	}
	if err := cfg.Validate(); err != nil {
		return bad(err)
	}
	part, err := cmdflag.ShardOf(*shard, *shards, os.Getenv)
	if err != nil {
		return bad(err)
	}
	cfg.Shard = match.Shard(part)
	if cfg.RecordFile, err = shardFile(*out, cfg.Shard); err != nil {
		return bad(err)
	}

	// Games beyond the cores only share them: not one game more is played
	// in an hour, each is slower (on time, weaker), and 20,000 at once
	// killed the process after 8,187 games.
	cores := runtime.GOMAXPROCS(0)
	many := cfg.Concurrency > cores
	if many {
		cfg.Concurrency = cores
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	fmt.Fprintf(stderr, "%s vs %s: %d games, %s\n", cfg.A.Name, cfg.B.Name, cfg.Games, match.LimitsText(cfg.Limits))
	if sameName != "" {
		fmt.Fprintf(stderr, "both engines are named %s: the records name A %s and B %s (name= in a spec names an engine)\n", sameName, cfg.A.Name, cfg.B.Name)
	}
	if many {
		fmt.Fprintf(stderr, "-concurrency %d: playing %d %s at once, one per core (more would only share the cores)\n", *concurrency, cores, plural(cores, "game", "games"))
	}
	if cfg.Shard.Count > 0 {
		fmt.Fprintf(stderr, "shard %v: %s\n", cfg.Shard, cfg.RecordFile)
	}
	if cfg.Tables != nil {
		n := cfg.Tables.Pieces()
		if cfg.TablePieces > 0 {
			n = min(n, cfg.TablePieces)
		}
		fmt.Fprintf(stderr, "adjudicating by the endgame tables in %s (the quiet-ply limit 50, up to %d pieces): positions of up to %d pieces\n", *tb, cfg.Tables.Pieces(), n)
	}
	res, err := match.Run(ctx, cfg)
	if res.Resumed > 0 {
		fmt.Fprintf(stderr, "resumed %d games from %s\n", res.Resumed, cfg.RecordFile)
	}
	return report(cfg, res, err, stdout, stderr)
}

// openTables opens the endgame tables of -tb, dir, as an engine's tb=DIR
// opens them, and returns them when they hold tables of the match's
// rules, the Olympiad rules (of the quiet-ply limit 50).
func openTables(dir string) (*tbdir.Dir, error) {
	d, err := tbdir.Open(dir)
	if err != nil {
		return nil, fmt.Errorf("-tb %s: %w", dir, err)
	}
	if rules := surakarta.OlympiadRules(); d.Fitting(rules) == nil {
		d.Close()
		return nil, fmt.Errorf("-tb %s: no endgame tables of the match's rules, the Olympiad rules (QuietPlyLimit %d), only those of %s: make them with surakarta-tb generate -dir %s -pieces 4 -quiet-plies %d",
			dir, rules.QuietPlyLimit, d.Describe(), dir, rules.QuietPlyLimit)
	}
	return d, nil
}

// Limits of a file of openings (-openings). A position text takes at
// most some 50 bytes, so that a file of a million openings, for two
// million games, is within them; a file given by mistake (a record file,
// an endgame table) is refused at once rather than read whole.
const (
	maxOpeningsLine = 4 << 10  // bytes in a line, without its line break
	maxOpeningsFile = 64 << 20 // bytes in the file
)

// readOpenings reads the file of -openings: one position text a line
// (surakarta.ParsePosition), blank lines and lines starting with # skipped.
// Its errors name the file and, for a position that does not read, the
// line. It reads a regular file only (regularfile.Open), refusing a named
// pipe at once rather than wait for a writer, and refuses a file or a
// line beyond its limits (maxOpeningsFile, maxOpeningsLine) having read
// no more than them.
func readOpenings(file string) ([]surakarta.Position, error) {
	f, err := regularfile.Open(file)
	if err != nil {
		if _, numeric := strconv.Atoi(file); numeric == nil && errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("-openings %s: %w (-openings is a file of positions; the random plies of each opening are -opening-plies)", file, err)
		}
		return nil, fmt.Errorf("-openings: %w", err)
	}
	defer f.Close()
	tooLarge := fmt.Errorf("-openings: %s is larger than %d MiB: too large for a file of openings (one position text a line)", file, maxOpeningsFile>>20)
	if info, err := f.Stat(); err == nil && info.Size() > maxOpeningsFile {
		return nil, tooLarge
	}
	in := &io.LimitedReader{R: f, N: maxOpeningsFile + 1} // the file may grow as it is read
	sc := bufio.NewScanner(in)
	sc.Buffer(nil, maxOpeningsLine+2) // a line too long, and "\r\n"
	var openings []surakarta.Position
	n := 0 // the lines read
	long := false
	for sc.Scan() {
		n++
		if long = len(sc.Bytes()) > maxOpeningsLine; long {
			break
		}
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := surakarta.ParsePosition(line)
		if err != nil {
			return nil, fmt.Errorf("-openings: %s:%d: %w", file, n, err)
		}
		openings = append(openings, p)
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		long, n = true, n+1
	}
	switch {
	case in.N == 0:
		return nil, tooLarge
	case long:
		return nil, fmt.Errorf("-openings: %s:%d: a line longer than %d bytes (one position text a line)", file, n, maxOpeningsLine)
	case sc.Err() != nil:
		return nil, fmt.Errorf("-openings: %s: %w", file, sc.Err())
	case len(openings) == 0:
		return nil, fmt.Errorf("-openings: %s holds no position (one position text a line)", file)
	}
	return openings, nil
}

// badArgs reports a bad argument and returns the exit status 2.
func badArgs(stderr io.Writer, err error) int {
	fmt.Fprintln(stderr, "surakarta-match:", message(err))
	fmt.Fprintln(stderr, "Run surakarta-match -h for help.")
	return 2
}

// message is the text of an error of package match as the command says
// it, with the flag that helps when the plies of the openings make too
// few of them.
func message(err error) string {
	text := cmdflag.Message(err)
	if errors.Is(err, match.ErrTooFewOpenings) {
		text += " (-opening-plies)"
	}
	return text
}

// runMerge merges the record files, the arguments of flags, with the match
// read from their records; games is the value of -games and sprt the SPRT
// of -sprt, if any.
func runMerge(flags *flag.FlagSet, games int, sprt *elo.SPRT, stdout, stderr io.Writer) int {
	bad := func(err error) int { return badArgs(stderr, err) }
	given := make(map[string]bool)
	var other []string // flags given that are not for -merge
	flags.Visit(func(f *flag.Flag) {
		given[f.Name] = true
		if f.Name != "merge" && f.Name != "sprt" && f.Name != "games" {
			other = append(other, "-"+f.Name)
		}
	})
	if len(other) > 0 {
		return bad(fmt.Errorf("-merge reads the match from the records: %s %s not for -merge (only -sprt, and -games for records without a Games header)", strings.Join(other, ", "), plural(len(other), "is", "are")))
	}
	files := flags.Args()
	if len(files) == 0 {
		return bad(errors.New("-merge: give the record files as arguments, after the flags"))
	}
	cfg, err := match.ReadConfig(files...)
	if err != nil {
		fmt.Fprintln(stderr, "surakarta-match:", cmdflag.Message(err))
		return 1
	}
	switch {
	case cfg.Games == 0 && !given["games"]:
		return bad(errors.New("-merge: the records do not say the number of games (they have no Games header): give -games"))
	case cfg.Games == 0:
		cfg.Games = games
	case given["games"]:
		return bad(fmt.Errorf("-games %d: the records say the match has %d games; -games is for records without a Games header", games, cfg.Games))
	}
	cfg.SPRT, cfg.Progress = sprt, stderr
	fmt.Fprintf(stderr, "%s vs %s: %d games, %s\n", cfg.A.Name, cfg.B.Name, cfg.Games, match.LimitsText(cfg.Limits))
	fmt.Fprintf(stderr, "merging %d record %s\n", len(files), plural(len(files), "file", "files"))
	res, err := match.Merge(cfg, files...)
	if err != nil && errors.Is(err, match.ErrInvalidConfig) {
		return bad(err)
	}
	return report(cfg, res, err, stdout, stderr)
}

// plural returns one when n is 1 and many otherwise.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// report prints the summary of the match, the result, on stdout and
// returns the exit status. A match that stopped early (interrupted, an
// engine failed) or a merge that lacks games has no result: stdout gets
// nothing, so that no script takes the games so far for one; their
// summary, if any, goes to stderr, marked as such, before the error.
func report(cfg match.Config, res match.Outcome, err error, stdout, stderr io.Writer) int {
	line := cfg.A.Name + " vs " + cfg.B.Name + shardName(cfg.Shard) + ": " + res.String()
	if err == nil {
		fmt.Fprintln(stdout, line)
		return 0
	}
	if res.Counts.Games() > 0 {
		fmt.Fprintln(stderr, "so far, no result:", line)
	}
	fmt.Fprintln(stderr, "surakarta-match:", message(err))
	return 1
}

// given reports whether the flag name was set on the command line.
func given(flags *flag.FlagSet, name string) bool {
	set := false
	flags.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// flagLimits returns the limits of the flags -movetime, -nodes, -depth and
// -tc, as a match and an SPSA tuning take them: with -tc, -movetime is
// 0 unless given, since its default is for games without a clock.
func flagLimits(flags *flag.FlagSet, moveTime time.Duration, nodes int64, depth int, tc string) (surakarta.Limits, error) {
	limits := surakarta.Limits{MoveTime: moveTime, Nodes: nodes, Depth: depth}
	if tc != "" {
		clock, err := parseClock(tc)
		if err != nil {
			return surakarta.Limits{}, err
		}
		limits.Clock = clock
		if !given(flags, "movetime") {
			limits.MoveTime = 0
		}
	}
	return limits, nil
}

// flagOpenings returns the openings of the flag -openings (a file) and the
// random plies of -opening-plies, 0 when the openings come from a file:
// one or the other, not both. OpeningPlies 0 would mean the default to
// package match; here the flag shows its default, so 0 is refused rather
// than silently replaced.
func flagOpenings(flags *flag.FlagSet, file string, plies int) ([]surakarta.Position, int, error) {
	if file == "" {
		if plies <= 0 {
			return nil, 0, fmt.Errorf("-opening-plies %d: want 1 or more plies", plies)
		}
		return nil, plies, nil
	}
	if given(flags, "opening-plies") {
		return nil, 0, errors.New("-openings and -opening-plies: the openings are either given in a file or random plies from the start, not both")
	}
	openings, err := readOpenings(file)
	return openings, 0, err
}

// parseClock parses the value of -tc: BASE+INCREMENT, or
// MOVES/BASE+INCREMENT for a control of MOVES moves that repeats, the
// times Go durations (BASE positive, INCREMENT not negative).
func parseClock(text string) (surakarta.Clock, error) {
	bad := fmt.Errorf("-tc %q: want BASE+INCREMENT or MOVES/BASE+INCREMENT, Go durations with a positive BASE, such as 10s+100ms or 40/60s+0s", text)
	var c surakarta.Clock
	rest := strings.TrimSpace(text)
	if moves, after, ok := strings.Cut(rest, "/"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(moves))
		if err != nil || n <= 0 {
			return c, bad
		}
		c.MovesToGo, rest = n, after
	}
	baseText, incText, ok := strings.Cut(rest, "+")
	if !ok {
		return c, bad
	}
	base, err1 := time.ParseDuration(strings.TrimSpace(baseText))
	inc, err2 := time.ParseDuration(strings.TrimSpace(incText))
	if err1 != nil || err2 != nil || base <= 0 || inc < 0 {
		return c, bad
	}
	c.Black, c.White, c.BlackIncrement, c.WhiteIncrement = base, base, inc, inc
	return c, nil
}
