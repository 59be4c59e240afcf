package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta/internal/tbdir"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/regularfile"
	"github.com/surakarta-go/surakarta/match"
)

// genUsage is the help text of surakarta-tune gen.
const genUsage = `usage: surakarta-tune gen [flags]
       surakarta-tune gen -merge [-out FILE] RECORD-FILE...

Gen plays self-play games of an engine (-engine, a spec of
enginespec.Parse) at a fixed number of nodes per move from distinct
random openings, writes them as game records (-records), and writes their
quiet positions, each with its game's result and the search's score (from the
move's comment in the record), to the data file (-out). A
position is quiet when EndgameAdjusted's captures-only search gives its
static score. With -from it reads game records instead of playing (for
example a match's record file) and only extracts positions. The same flags
give the same games and the same data, on any number of cores.

A run splits over machines as a match does: shard i of N (-shard i/N, i
from 0, or -shards N with the index from $JOB_COMPLETION_INDEX or
$SLURM_ARRAY_TASK_ID) plays the games g (from 0) with g mod N == i, each
from the opening and with the search that game g has in the whole run,
into its own record file and data file, {shard} in -records and -out
being i. Gen -merge then reads the shards' record files, the arguments,
and writes to -out the data of the whole run, the same bytes, the games in
the order of the whole run; no flag but -out goes with it:

  surakarta-tune gen -games 40000 -shard 0/4 -records games-{shard}.txt -out positions-{shard}.txt
  surakarta-tune gen -merge -out positions.txt games-*.txt

The library's weights were fitted to the data of
surakarta-tune gen -engine pvs,tuned -opening-plies 6 -games 180000 -nodes 3000 -seed 2,
played in two shards by the engine of the module's commit 98d8515.

flags:
`

// genConfig is what surakarta-tune gen does.
type genConfig struct {
	engine                    enginespec.Engine
	games, plies, concurrency int
	nodes                     int64
	seed                      uint64
	records, from, out        string
	shard                     cmdflag.Part // the games to play; the zero Part for all
	// tables, when not nil, label the positions they hold with their
	// exact result instead of the game's (-tb).
	tables *tbdir.Dir
}

// runGen runs surakarta-tune gen.
func runGen(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta-tune gen", flag.ContinueOnError)
	var c genConfig
	engineSpec := cmdflag.Engine(flags)
	flags.IntVar(&c.games, "games", 200, "self-play games to play")
	nodes := cmdflag.Nodes(flags, 2000)
	plies := cmdflag.OpeningPlies(flags)
	seed := cmdflag.Seed(flags)
	concurrency := cmdflag.Concurrency(flags)
	flags.StringVar(&c.records, "records", "", "file to write the games to (optional)")
	flags.StringVar(&c.from, "from", "", "read game records from this file instead of playing")
	flags.StringVar(&c.out, "out", "positions.txt", "data file: one quiet position and its result per line")
	// Runs across machines, as in surakarta-match: a shard plays the games g with g mod N == i.
	shard := cmdflag.Shard(flags, "the games g with g mod N == i, as the whole run plays them; {shard} in -out and -records is i")
	shards := cmdflag.Shards(flags)
	merge := flags.Bool("merge", false, "merge the record files of a run's shards, the arguments, into the data file of the whole run (-out)")
	tb := flags.String("tb", "", "label the positions that the endgame tables in `DIR` hold (those of each game's rules) with their exact result, and no search score")
	if code, ok := cmdflag.Parse(flags, args, genUsage, stdout, stderr); !ok {
		return code
	}
	c.nodes, c.plies, c.seed, c.concurrency = *nodes, *plies, *seed, *concurrency
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	if *merge {
		return runGenMerge(flags, c.out, *tb, stderr)
	}
	if flags.NArg() > 0 {
		return bad(fmt.Errorf("unexpected argument %q (every setting is a flag)", flags.Arg(0)))
	}
	switch {
	case c.from == "" && c.games <= 0:
		return bad(fmt.Errorf("-games %d: want 1 or more", c.games))
	case c.from == "" && c.nodes <= 0:
		return bad(fmt.Errorf("-nodes %d: want 1 or more (self-play searches a fixed number of nodes per move)", c.nodes))
	case c.plies <= 0:
		return bad(fmt.Errorf("-opening-plies %d: want 1 or more plies", c.plies))
	case c.concurrency < 0:
		return bad(fmt.Errorf("-concurrency %d: want 0 or more", c.concurrency))
	case c.from != "" && c.records != "":
		return bad(errors.New("-records and -from exclude each other"))
	}
	var err error
	if c.engine, err = cmdflag.ParseEngine(*engineSpec); err != nil {
		return bad(err)
	}
	if c.shard, err = cmdflag.ShardOf(*shard, *shards, os.Getenv); err != nil {
		return bad(err)
	}
	if err := c.shardFiles(); err != nil {
		return bad(err)
	}
	if *tb != "" {
		if c.tables, err = tbdir.Open(*tb); err != nil {
			return bad(fmt.Errorf("-tb: %w", err))
		}
		defer c.tables.Close()
	}
	if c.shard.Count > 0 {
		fmt.Fprintf(stderr, "shard %v of %d games: %s, %s\n", c.shard, c.games, c.records, c.out)
	}
	if err := gen(c, stderr); err != nil {
		fmt.Fprintln(stderr, flags.Name()+":", err)
		return 1
	}
	return 0
}

// gen plays or reads the games of c and writes their quiet positions.
func gen(c genConfig, progress io.Writer) error {
	start := time.Now()
	var records []*record.Record
	if c.from != "" {
		var err error
		if records, err = readRecords(c.from); err != nil {
			return err
		}
	} else {
		var err error
		if records, err = selfPlay(c, progress); err != nil {
			return err
		}
		if c.records != "" {
			if err := writeRecords(c.records, records); err != nil {
				return err
			}
		}
	}
	played := time.Since(start)
	positions, exact, err := writeData(c.out, records, c.tables)
	if err != nil {
		return err
	}
	fmt.Fprintf(progress, "%d games, %d quiet positions in %s (games %s, positions %s)\n",
		len(records), positions, c.out, played.Round(time.Second), (time.Since(start) - played).Round(time.Second))
	if c.tables != nil {
		fmt.Fprintf(progress, "%d of them labelled by the endgame tables\n", exact)
	}
	return nil
}

// writeData writes the quiet positions of the finished games of records,
// in order, to the data file name, and returns their number and how many
// of them the tables (when not nil) labelled: a position they hold for
// its game's rules gets their exact result for its side to move and no
// search score, so that its target is that result alone, what no search
// at a few thousand nodes knows.
func writeData(name string, records []*record.Record, tables *tbdir.Dir) (positions, exact int, err error) {
	out, err := os.Create(name)
	if err != nil {
		return 0, 0, err
	}
	w := bufio.NewWriter(out)
	eval := surakarta.NewEndgameAdjusted()
	for _, r := range records {
		result, ok := blackScore(r.Result)
		if !ok {
			continue // an unfinished game teaches nothing
		}
		var held surakarta.EndgameTables
		if tables != nil {
			held = tables.For(r.Game.Rules())
		}
		for _, q := range quietPositions(r.Game, eval) {
			if v, ok := tableResult(held, q.p); ok {
				fmt.Fprintf(w, "%s;%g\n", q.p, v)
				positions++
				exact++
				continue
			}
			score := result
			if q.p.SideToMove() == surakarta.White {
				score = 1 - score
			}
			fmt.Fprintf(w, "%s;%g", q.p, score)
			if s, ok := searchScore(r, q); ok {
				fmt.Fprintf(w, ";%d", s)
			}
			w.WriteString("\n")
			positions++
		}
	}
	if err := w.Flush(); err != nil {
		out.Close()
		return 0, 0, err
	}
	return positions, exact, out.Close()
}

// tableResult returns the result of p for its side to move, 1, 0.5 or 0,
// when the tables hold it.
func tableResult(tables surakarta.EndgameTables, p surakarta.Position) (float64, bool) {
	if tables == nil {
		return 0, false
	}
	v, ok := tables.Probe(p)
	if !ok {
		return 0, false
	}
	switch v.Result {
	case surakarta.TableWin:
		return 1, true
	case surakarta.TableLoss:
		return 0, true
	}
	return 0.5, true
}

// blackScore returns Black's score in a game with the given result.
func blackScore(result string) (float64, bool) {
	switch result {
	case "1-0":
		return 1, true
	case "0-1":
		return 0, true
	case "1/2-1/2":
		return 0.5, true
	}
	return 0, false
}

// maxPlies ends a self-play game still going, adjudicated by piece count,
// as match.Run does.
const maxPlies = 400

// selfPlay plays the games of c's shard (all c.games games without one),
// game g from opening g, and returns their records in the order of g.
func selfPlay(c genConfig, progress io.Writer) ([]*record.Record, error) {
	openings, err := match.Openings(c.seed, c.plies, c.games)
	if err != nil {
		return nil, err
	}
	var games []int // the games g to play, in order
	for g := range c.games {
		if c.shard.Count == 0 || g%c.shard.Count == c.shard.Index {
			games = append(games, g)
		}
	}
	workers := c.concurrency
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	records := make([]*record.Record, len(games))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	var failed error
	for range min(workers, len(games)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// One searcher per side, cleared between games, as in a match.
			searchers := [2]surakarta.Searcher{c.engine.New(), c.engine.New()}
			defer cmdflag.Close(searchers[0])
			defer cmdflag.Close(searchers[1])
			for i := range next {
				g := games[i]
				rec, err := playGame(searchers, openings[g], g+1, c)
				mu.Lock()
				records[i] = rec
				if err != nil && failed == nil {
					failed = fmt.Errorf("game %d: %w", g+1, err)
				}
				done++
				if done%500 == 0 || done == len(games) {
					fmt.Fprintf(progress, "%d/%d games\n", done, len(games))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range games {
		next <- i
	}
	close(next)
	wg.Wait()
	return records, failed
}

// playGame plays self-play game number round (from 1) from opening.
func playGame(searchers [2]surakarta.Searcher, opening surakarta.Position, round int, c genConfig) (*record.Record, error) {
	for _, s := range searchers {
		s.Clear()
	}
	g := surakarta.NewGame(opening)
	lim := surakarta.Limits{Nodes: c.nodes}
	var scores []string // the comment of each move: its search's score and depth
	for !g.Outcome().Over && g.Ply() < maxPlies {
		p := g.Position()
		res, err := searchers[p.SideToMove()].Search(context.Background(), g, lim)
		if err != nil {
			return nil, err
		}
		if err := g.Play(res.Move); err != nil {
			return nil, err
		}
		scores = append(scores, fmt.Sprintf("%+d/%d", res.Score, res.Depth))
	}
	engine := fmt.Sprintf("%s nodes=%d", c.engine.Name, c.nodes)
	// Round and Games, as in a match's records, let -merge put a shard's
	// games in their place in the whole run and check that none is
	// missing; Seed, like the others, tells apart the games of two runs.
	rec := record.New(g,
		record.Header{Name: "Event", Value: selfPlayEvent},
		record.Header{Name: "Round", Value: strconv.Itoa(round)},
		record.Header{Name: "Black", Value: engine},
		record.Header{Name: "White", Value: engine},
		record.Header{Name: "TimeControl", Value: fmt.Sprintf("%d nodes/move", c.nodes)},
		record.Header{Name: "Seed", Value: strconv.FormatUint(c.seed, 10)},
		record.Header{Name: "Games", Value: strconv.Itoa(c.games)},
	)
	for i, s := range scores {
		rec.Comments[i+1] = s
	}
	if !g.Outcome().Over {
		rec.Result = surakarta.Adjudicate(g.Position(), surakarta.NotOver).Result()
		rec.Reason = "adjudicated: move limit"
	}
	return rec, nil
}

// selfPlayEvent is the Event of gen's records.
const selfPlayEvent = "self-play"

// writeRecords writes records to a new file.
func writeRecords(name string, records []*record.Record) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	for _, r := range records {
		if _, err := r.WriteTo(w); err != nil {
			f.Close()
			return err
		}
		w.WriteString("\n")
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// quietPosition is a quiet position of a game: the game's position at
// ply from, or the end of the captures from it that quiesce found, with
// the other side to move when flipped.
type quietPosition struct {
	p       surakarta.Position
	from    int
	flipped bool
}

// searchScore returns the score the game's search gave the position that
// q comes from, for q's side to move, read from the comment after the move
// played there ("+35/8": the score, then the depth, as gen writes it),
// within ±MaxEvaluation (the score of a won or lost game is taken to be
// that), and false when there is none.
func searchScore(r *record.Record, q quietPosition) (int, bool) {
	text, _, ok := strings.Cut(r.Comments[q.from+1], "/")
	if !ok {
		return 0, false
	}
	s, err := strconv.Atoi(text)
	if err != nil {
		return 0, false
	}
	s = min(max(s, -surakarta.MaxEvaluation), surakarta.MaxEvaluation)
	if q.flipped {
		s = -s
	}
	return s, true
}

// quietPositions returns the quiet positions of g, leaving out its start
// (a random opening) and its final position. A position is quiet when the
// side to move has no capture, or when no capture improves on eval's static
// score: the captures-only search that PVS runs at its horizon (stand pat
// on the static score, then every capture) returns exactly the static
// score. For a position that is not quiet, quietPositions takes the
// position at the end of that search's principal variation instead, where
// standing pat was best, so that position is quiet by the same test. A
// position equal to the one before it in the list is not repeated.
func quietPositions(g *surakarta.Game, eval surakarta.Evaluator) []quietPosition {
	var quiet []quietPosition
	positions := g.Positions()
	for i := 1; i < len(positions)-1; i++ {
		_, leaf := quiesce(eval, positions[i], -surakarta.MaxEvaluation-1, surakarta.MaxEvaluation+1, 0)
		if leaf.Count(leaf.SideToMove()) == 0 || leaf.Count(leaf.SideToMove().Other()) == 0 {
			continue // the captures end the game: not a position to evaluate
		}
		if n := len(quiet); n > 0 && quiet[n-1].p == leaf {
			continue
		}
		quiet = append(quiet, quietPosition{leaf, i, leaf.SideToMove() != positions[i].SideToMove()})
	}
	return quiet
}

// maxQuiescencePly bounds the captures-only search; each capture removes a
// piece, so it ends long before in practice.
const maxQuiescencePly = 24

// quiesce is a fail-soft captures-only alpha-beta search of p with stand
// pat. It returns the score of p for its side to move, a side with no
// pieces having lost, and the position at the end of its principal
// variation: p itself when no capture scores above the static score.
func quiesce(eval surakarta.Evaluator, p surakarta.Position, alpha, beta, ply int) (int, surakarta.Position) {
	if p.Count(p.SideToMove()) == 0 {
		return -surakarta.MaxEvaluation, p
	}
	best, leaf := eval.Evaluate(&p), p
	if best >= beta || ply >= maxQuiescencePly {
		return best, leaf
	}
	alpha = max(alpha, best)
	for _, m := range p.LegalMoves() {
		if !m.IsCapture() {
			break // captures come first
		}
		child := p
		child.PlayUnchecked(m)
		score, end := quiesce(eval, child, -beta, -alpha, ply+1)
		if score = -score; score > best {
			best, leaf = score, end
			if score > alpha {
				alpha = score
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best, leaf
}

// noSearchScore marks a position of the data without a search score.
const noSearchScore = math.MinInt32

// readRecords reads the game records of the file name (gen -from, and
// the shards' files of gen -merge). It reads a regular file only
// (regularfile.Open): a named pipe is refused at once rather than waited
// on for a writer, and a device rather than read as records. The file's
// size is not limited, a run's records taking hundreds of megabytes, but
// its lines are, as record.ReadAll limits them.
func readRecords(name string) ([]*record.Record, error) {
	f, err := regularfile.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	records, err := record.ReadAll(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return records, nil
}

// readData reads a data file of surakarta-tune gen: lines
// "position;result", or "position;result;search score" as gen writes
// them now. It returns the positions, their results for the side to move
// and their search scores, noSearchScore where a line has none. It reads
// a regular file only, as readRecords does, and lines of at most
// bufio.MaxScanTokenSize bytes (64 KiB, some thousand times a line of
// gen's); the number of lines is not limited.
func readData(name string) ([]surakarta.Position, []float64, []int32, error) {
	f, err := regularfile.Open(name)
	if err != nil {
		return nil, nil, nil, err
	}
	defer f.Close()
	var positions []surakarta.Position
	var results []float64
	var searched []int32
	s := bufio.NewScanner(f)
	line := 0
	for s.Scan() {
		line++
		fields := strings.Split(s.Text(), ";")
		if len(fields) != 2 && len(fields) != 3 {
			return nil, nil, nil, fmt.Errorf("%s:%d: want position;result or position;result;search score", name, line)
		}
		p, err := surakarta.ParsePosition(fields[0])
		if err != nil {
			return nil, nil, nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		var result float64
		switch fields[1] {
		case "1":
			result = 1
		case "0.5":
			result = 0.5
		case "0":
			result = 0
		default:
			return nil, nil, nil, fmt.Errorf("%s:%d: result %q: want 1, 0.5 or 0", name, line, fields[1])
		}
		score := int32(noSearchScore)
		if len(fields) == 3 {
			n, err := strconv.Atoi(fields[2])
			if err != nil || n < -surakarta.MaxEvaluation || n > surakarta.MaxEvaluation {
				return nil, nil, nil, fmt.Errorf("%s:%d: search score %q: want an integer within ±%d", name, line, fields[2], surakarta.MaxEvaluation)
			}
			score = int32(n)
		}
		positions = append(positions, p)
		results = append(results, result)
		searched = append(searched, score)
	}
	if err := s.Err(); err != nil {
		return nil, nil, nil, fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	return positions, results, searched, nil
}
