// Command puzzles makes the published puzzle set (docs/puzzles.md) from
// the engine's own games, the match records under experiments/matches:
// it analyses each game chosen, makes puzzles of the positions after the
// mistakes (package puzzle, FromReport), keeps those a deeper search and
// the endgame tables confirm (Verify), and rates each by the lowest level
// that solves it (Rate). Run from experiments/:
//
//	go run ./cmd/puzzles -shard 1 -shards 8 -out /tmp/puzzles   # one shard, resumable
//	go run ./cmd/puzzles -merge -out /tmp/puzzles > ../puzzle/published.txt
//
// A shard appends its puzzles to DIR/shard-I.txt and the games it has
// finished to DIR/shard-I.done, and skips those games when run again; it
// stops starting games after -time. -merge writes the puzzles of every
// shard of -out DIR and of the directories after it, each position once,
// ordered by difficulty, with a header, and counts them on stderr.
package main

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/puzzle"
	"github.com/surakarta-go/surakarta/tablebase"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "puzzles:", err)
		os.Exit(1)
	}
}

// settings are the command's flags.
type settings struct {
	matches, under       string
	perFile, skipPerFile int
	shard, shards        int
	out                  string
	analysisDepth, depth int
	verifyDepth          int
	rateNodes            int64
	tables               string
	budget               time.Duration
	maxGames             int
	merge                bool
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var s settings
	flags := flag.NewFlagSet("puzzles", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.StringVar(&s.matches, "matches", "matches", "the directory of the match records (*.txt.gz, searched recursively)")
	flags.StringVar(&s.under, "under", "", "take only the record files under this `DIR` of -matches, such as levels")
	flags.IntVar(&s.perFile, "per-file", 12, "games taken from each record file, its first")
	flags.IntVar(&s.skipPerFile, "skip-per-file", 0, "of those, leave out the first `N` (taken by an earlier set of shards)")
	flags.IntVar(&s.shard, "shard", 1, "this shard, 1 to -shards")
	flags.IntVar(&s.shards, "shards", 1, "the number of shards the games are split into")
	flags.StringVar(&s.out, "out", "puzzles-out", "the directory of the shards' files")
	flags.IntVar(&s.analysisDepth, "analysis-depth", 8, "depth of the analysis that finds the mistakes")
	flags.IntVar(&s.depth, "depth", 10, "depth of the searches that make the puzzles (MultiPV 2)")
	flags.IntVar(&s.verifyDepth, "verify-depth", 14, "depth of the searches that verify them")
	flags.Int64Var(&s.rateNodes, "rate-nodes", 20_000, "nodes a move of level 10 when rating")
	flags.StringVar(&s.tables, "tables", "", "a directory of endgame tables of the Olympiad rules (quiet-ply limit 50) for the verification")
	flags.DurationVar(&s.budget, "time", 24*time.Minute, "start no game after this long")
	flags.IntVar(&s.maxGames, "games", 0, "analyse at most this many games in this run (0: no limit)")
	flags.BoolVar(&s.merge, "merge", false, "write the shards' puzzles, merged, to standard output")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if s.merge {
		return merge(append([]string{s.out}, flags.Args()...), stdout, stderr)
	}
	if flags.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q: directories to merge go after -merge", flags.Arg(0))
	}
	if s.shards < 1 || s.shard < 1 || s.shard > s.shards {
		return fmt.Errorf("-shard %d of -shards %d", s.shard, s.shards)
	}
	return runShard(ctx, s, stderr)
}

// game is one game chosen: its record and its name.
type game struct {
	name string
	rec  *record.Record
}

// chooseGames returns the first perFile games of every record file under
// dir (under its subdirectory under, if not empty) but the first skip, in
// the order of the files' paths, then of the games, named by their path
// under dir.
func chooseGames(dir, under string, perFile, skip int) ([]game, error) {
	var files []string
	err := filepath.WalkDir(filepath.Join(dir, under), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".txt.gz") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var games []game
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		recs, err := readFirst(path, perFile)
		if err != nil {
			continue // not a file of game records, such as an SPSA log
		}
		for i, rec := range recs {
			if i < skip {
				continue
			}
			games = append(games, game{name: fmt.Sprintf("%s game %d", filepath.ToSlash(rel), i+1), rec: rec})
		}
	}
	return games, nil
}

// readFirst reads the first n records of a gzipped record file.
func readFirst(path string, n int) ([]*record.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	sc := record.NewScanner(z)
	var recs []*record.Record
	for len(recs) < n && sc.Scan() {
		recs = append(recs, sc.Record())
	}
	return recs, sc.Err()
}

// runShard makes the puzzles of the shard's games not yet done.
func runShard(ctx context.Context, s settings, stderr io.Writer) error {
	games, err := chooseGames(s.matches, s.under, s.perFile, s.skipPerFile)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(s.out, 0o755); err != nil {
		return err
	}
	donePath := filepath.Join(s.out, fmt.Sprintf("shard-%d.done", s.shard))
	done, err := readLines(donePath)
	if err != nil {
		return err
	}
	var tables surakarta.EndgameTables
	if s.tables != "" {
		t, err := tablebase.Open(s.tables, surakarta.OlympiadRules())
		if err != nil {
			return err
		}
		defer t.Close()
		tables = t
	}
	out, err := os.OpenFile(filepath.Join(s.out, fmt.Sprintf("shard-%d.txt", s.shard)), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer out.Close()
	doneFile, err := os.OpenFile(donePath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer doneFile.Close()

	start := time.Now()
	searcher := surakarta.NewPVS(surakarta.NewNetwork())
	verifier := surakarta.NewPVS(surakarta.NewNetwork())
	var found, kept, games0 int
	for i, gm := range games {
		if i%s.shards != s.shard-1 || done[gm.name] {
			continue
		}
		if s.maxGames > 0 && games0 >= s.maxGames {
			break
		}
		if time.Since(start) > s.budget {
			fmt.Fprintf(stderr, "time is up after %d games: run again to go on\n", games0)
			break
		}
		g := gm.rec.Game
		if g.Rules() != surakarta.OlympiadRules() || g.Ply() == 0 {
			fmt.Fprintf(doneFile, "%s\n", gm.name)
			continue
		}
		report, err := analysis.Game(ctx, g, searcher, analysis.Options{Limits: surakarta.Limits{Depth: s.analysisDepth}})
		if err != nil {
			return fmt.Errorf("%s: %w", gm.name, err)
		}
		puzzles, err := puzzle.FromReport(ctx, g, report, searcher, puzzle.Options{Limits: surakarta.Limits{Depth: s.depth}, Source: gm.name})
		if err != nil {
			return fmt.Errorf("%s: %w", gm.name, err)
		}
		keptHere := 0
		for _, p := range puzzles {
			found++
			err := puzzle.Verify(ctx, p, verifier, puzzle.VerifyOptions{Limits: surakarta.Limits{Depth: s.verifyDepth}, Tables: tables})
			if errors.Is(err, puzzle.ErrRejected) {
				fmt.Fprintf(stderr, "%s ply %d: %v\n", gm.name, p.Ply, err)
				continue
			}
			if err != nil {
				return fmt.Errorf("%s: %w", gm.name, err)
			}
			if p.Difficulty, err = puzzle.Rate(ctx, p, puzzle.RateOptions{Limits: surakarta.Limits{Nodes: s.rateNodes}}); err != nil {
				return fmt.Errorf("%s: %w", gm.name, err)
			}
			kept++
			keptHere++
			if err := puzzle.Write(out, []puzzle.Puzzle{p}); err != nil {
				return err
			}
		}
		fmt.Fprintf(doneFile, "%s\n", gm.name)
		games0++
		fmt.Fprintf(stderr, "%s: %d plies, %d puzzles kept of %d (in all %d of %d, %d games, %v)\n",
			gm.name, g.Ply(), keptHere, len(puzzles), kept, found, games0, time.Since(start).Round(time.Second))
	}
	return nil
}

// readLines returns the set of lines of a file, empty when it does not
// exist.
func readLines(path string) (map[string]bool, error) {
	set := map[string]bool{}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return set, nil
	}
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" {
			set[l] = true
		}
	}
	return set, err
}

// merge writes the puzzles of every shard file in dirs, each position
// once, by difficulty, then source and ply, and counts them on stats.
func merge(dirs []string, w, stats io.Writer) error {
	var files []string
	for _, dir := range dirs {
		found, err := filepath.Glob(filepath.Join(dir, "shard-*.txt"))
		if err != nil {
			return err
		}
		files = append(files, found...)
	}
	seen := map[surakarta.Position]bool{}
	var all []puzzle.Puzzle
	twice := 0
	for _, path := range files {
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		ps, err := puzzle.Read(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		for _, p := range ps {
			if seen[p.Position] {
				twice++
				continue
			}
			seen[p.Position] = true
			all = append(all, p)
		}
	}
	slices.SortFunc(all, func(a, b puzzle.Puzzle) int {
		return cmp.Or(cmp.Compare(a.Difficulty, b.Difficulty), cmp.Compare(a.Source, b.Source), cmp.Compare(a.Ply, b.Ply))
	})
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "# Surakarta puzzles from the engine's own games: %d puzzles, made by experiments/cmd/puzzles (docs/puzzles.md).\n", len(all))
	fmt.Fprintf(bw, "# position; solution; kind; difficulty; ply; source\n")
	if err := puzzle.Write(bw, all); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	count(stats, all, twice)
	return nil
}

// count writes how many puzzles there are of each difficulty, theme and
// length of solution.
func count(w io.Writer, all []puzzle.Puzzle, twice int) {
	fmt.Fprintf(w, "%d puzzles (%d more were a position already taken)\n", len(all), twice)
	var difficulty [puzzle.Unsolved + 1]int
	themes := map[string]int{}
	lengths := map[int]int{}
	for _, p := range all {
		difficulty[p.Difficulty]++
		themes[p.Theme()]++
		lengths[len(p.Solution)]++
	}
	for d, n := range difficulty {
		if n > 0 {
			fmt.Fprintf(w, "difficulty %d: %d\n", d, n)
		}
	}
	for _, theme := range slices.Sorted(maps.Keys(themes)) {
		fmt.Fprintf(w, "%s: %d\n", theme, themes[theme])
	}
	for _, n := range slices.Sorted(maps.Keys(lengths)) {
		fmt.Fprintf(w, "solution of %d plies: %d\n", n, lengths[n])
	}
}
