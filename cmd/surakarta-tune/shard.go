package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/tbdir"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
)

// shardFiles replaces {shard} in c's -records and -out by the shard's
// index. A shard must write both files of its own (-merge reads the
// records); {shard} without a shard is an error, as in surakarta-match.
func (c *genConfig) shardFiles() error {
	if c.shard.Count == 0 {
		for _, f := range []struct{ flag, name string }{{"-records", c.records}, {"-out", c.out}} {
			if strings.Contains(f.name, "{shard}") {
				return fmt.Errorf("%s %s: {shard} without -shard or -shards", f.flag, f.name)
			}
		}
		return nil
	}
	switch {
	case c.from != "":
		return fmt.Errorf("shard %v and -from: a shard plays its games; give -from without a shard", c.shard)
	case c.records == "":
		return fmt.Errorf("shard %v: give -records, the shard's record file, such as -records games-{shard}.txt: -merge reads it", c.shard)
	case !strings.Contains(c.records, "{shard}"):
		return fmt.Errorf("shard %v: -records %s: put {shard} in it, such as -records games-{shard}.txt, so that each shard writes its own", c.shard, c.records)
	case !strings.Contains(c.out, "{shard}"):
		return fmt.Errorf("shard %v: -out %s: put {shard} in it, such as -out positions-{shard}.txt, so that each shard writes its own", c.shard, c.out)
	}
	index := strconv.Itoa(c.shard.Index)
	c.records = strings.ReplaceAll(c.records, "{shard}", index)
	c.out = strings.ReplaceAll(c.out, "{shard}", index)
	return nil
}

// runGenMerge runs surakarta-tune gen -merge: it reads the record files of
// a run's shards, the arguments of flags, and writes to out the data file
// of the whole run, the games in its order, so the same bytes as the run
// without shards.
func runGenMerge(flags *flag.FlagSet, out, tb string, stderr io.Writer) int {
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	var other []string // flags given that are not for -merge
	flags.Visit(func(f *flag.Flag) {
		if f.Name != "merge" && f.Name != "out" && f.Name != "tb" {
			other = append(other, "-"+f.Name)
		}
	})
	files := flags.Args()
	switch {
	case len(other) > 0:
		return bad(fmt.Errorf("-merge reads the games from the records: %s not for -merge (only -out and -tb)", strings.Join(other, ", ")))
	case len(files) == 0:
		return bad(errors.New("-merge: give the shards' record files (their -records) as arguments, after the flags"))
	case strings.Contains(out, "{shard}"):
		return bad(fmt.Errorf("-out %s: -merge writes the one data file of the whole run: {shard} is for a shard's", out))
	}
	var tables *tbdir.Dir
	if tb != "" {
		var err error
		if tables, err = tbdir.Open(tb); err != nil {
			return bad(fmt.Errorf("-tb: %w", err))
		}
		defer tables.Close()
	}
	records, err := mergeRecords(files)
	if err == nil {
		var positions, exact int
		if positions, exact, err = writeData(out, records, tables); err == nil {
			fmt.Fprintf(stderr, "%d games from %d record files, %d quiet positions in %s", len(records), len(files), positions, out)
			if tables != nil {
				fmt.Fprintf(stderr, ", %d labelled by the endgame tables", exact)
			}
			fmt.Fprintln(stderr)
			return 0
		}
	}
	fmt.Fprintln(stderr, flags.Name()+":", err)
	return 1
}

// mergeRecords reads the self-play records of files, the shards of one
// run, and returns the run's games in its order, by their Round headers.
// Every game of the run (its Games header) must be there once, and every
// record must be of the same run: the headers other than Round the same.
func mergeRecords(files []string) ([]*record.Record, error) {
	var games []*record.Record // by index, g-1
	var from []string          // the file of each game
	var first *record.Record   // the first record read, the run's
	var firstFile string
	for _, name := range files {
		records, err := readRecords(name)
		if err != nil {
			return nil, err
		}
		for i, r := range records {
			round, _ := r.Header("Round")
			g, err := strconv.Atoi(round)
			if event, _ := r.Header("Event"); event != selfPlayEvent || err != nil || g < 1 {
				return nil, fmt.Errorf("%s: record %d is not a game of surakarta-tune gen (Event %q, Round %q)", name, i+1, event, round)
			}
			if first == nil {
				first, firstFile = r, name
				n, err := strconv.Atoi(headerOf(r, "Games"))
				if err != nil || n < 1 {
					return nil, fmt.Errorf("%s: record %d: Games %q: want the number of games of the run", name, i+1, headerOf(r, "Games"))
				}
				games, from = make([]*record.Record, n), make([]string, n)
			}
			for _, h := range first.Headers {
				if v := headerOf(r, h.Name); h.Name != "Round" && v != h.Value {
					return nil, fmt.Errorf("%s: game %d has %s %q, %s's games %q: not the same run", name, g, h.Name, v, firstFile, h.Value)
				}
			}
			switch {
			case g > len(games):
				return nil, fmt.Errorf("%s: game %d of a run of %d games", name, g, len(games))
			case games[g-1] != nil:
				return nil, fmt.Errorf("%s: game %d twice (also in %s)", name, g, from[g-1])
			}
			games[g-1], from[g-1] = r, name
		}
	}
	if first == nil {
		return nil, fmt.Errorf("no games in %s", strings.Join(files, ", "))
	}
	var missing []string
	for g, r := range games {
		if r == nil {
			missing = append(missing, strconv.Itoa(g+1))
		}
	}
	if len(missing) > 0 {
		n := len(missing)
		if n > 10 {
			missing = append(missing[:10], "…")
		}
		return nil, fmt.Errorf("the files lack %d of the run's %d games (games %s): give every shard's records", n, len(games), strings.Join(missing, ", "))
	}
	return games, nil
}

// headerOf returns r's header name, empty when it has none.
func headerOf(r *record.Record, name string) string {
	v, _ := r.Header(name)
	return v
}
