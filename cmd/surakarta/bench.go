package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// benchPositions are the positions of bench: the start and the sixteen
// middle-game positions of the library's benchmarks (testdata/middlegame.txt
// in the module).
var benchPositions = []string{
	surakarta.StartText,
	"1ww1ww/ww1w1w/1ww3/2bb2/b1b1b1/bbb1bb b 6 16",
	"2w1ww/3bww/1w1w2/bb2b1/bbbwb1/bw1b2 w 0 17",
	"1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19",
	"wb1www/www3/3ww1/1bb3/bbb1b1/2wbbb b 10 21",
	"ww1w1b/1wwww1/1ww1b1/bwb3/1bb1b1/1b2wb b 4 21",
	"1www1w/www3/1b1w2/b2ww1/1b3w/bbb1b1 w 5 20",
	"1ww1w1/w4w/w3w1/4wb/bbbw2/bb1bbb b 0 20",
	"www2w/ww1wb1/w5/bw2b1/b1bb1b/bbb3 b 12 18",
	"ww1www/w2w1w/w2w1b/6/b2bbb/bbbbb1 b 1 13",
	"w1wbww/ww4/2w2w/bw4/b1bbbb/b2wbb w 17 19",
	"wwb2w/ww1www/5b/3b1w/bb1bb1/1b1bbb b 3 15",
	"2w1ww/w3ww/2ww2/2w1bb/b3b1/b2wb1 w 5 20",
	"www2w/b2www/4w1/bbw3/b2b1b/bb1wbb b 1 17",
	"w1w3/www1w1/3www/1b2b1/wbb1b1/b1bwbb w 3 18",
	"wwww1w/www3/1bw2w/bbb1b1/1bb1bb/2b3 w 2 20",
	"ww1w1w/2wb1w/1w3w/1bwbb1/1b2bb/bbb1b1 b 6 17",
}

// benchDepth is the depth of bench: about two seconds of PVS on the
// development machine.
const benchDepth = 10

// bench searches every bench position to depth with a new searcher made
// with the options (so that the count does not depend on what came
// before) and returns the nodes searched and the time it took. With the
// default options the node count is the same on every machine: the
// engine's signature.
func bench(depth int, opts options) (nodes int64, elapsed time.Duration) {
	for _, text := range benchPositions {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			panic(err) // unreachable: the positions are valid
		}
		g, err := surakarta.NewGameWithRules(p, opts.rules)
		if err != nil || g.Outcome().Over {
			continue // rules given by the options may end a position's game
		}
		res, err := opts.newSearcher().Search(context.Background(), g, surakarta.Limits{Depth: depth})
		if err != nil {
			panic(err) // unreachable: the game is not over and the limits are valid
		}
		nodes += res.Nodes
		elapsed += res.Time
	}
	return nodes, elapsed
}

// benchLine is bench's report, in the form engine testing frameworks read.
func benchLine(nodes int64, elapsed time.Duration) string {
	return fmt.Sprintf("%d nodes %d nps", nodes, nodesPerSecond(nodes, elapsed))
}

// maxPerftDepth is the deepest perft allowed: 8 (about a minute from the
// start), or cap if it is smaller and not 0.
func maxPerftDepth(cap int) int {
	if cap > 0 {
		return min(cap, 8)
	}
	return 8
}

// perftLines counts the leaves of the legal-move tree of p to depth, no
// game-end rule applied: a line "move: count" for each legal move, then
// "nodes total".
func perftLines(p surakarta.Position, depth int) []string {
	var lines []string
	var total uint64
	for _, m := range p.LegalMoves() {
		child := p
		child.PlayUnchecked(m)
		n := child.Perft(depth - 1)
		total += n
		lines = append(lines, m.String()+": "+strconv.FormatUint(n, 10))
	}
	return append(lines, "nodes "+strconv.FormatUint(total, 10))
}

// benchDepthArg parses the arguments of bench, an optional depth:
// benchDepth when there is none, else a depth from 1 to MaxDepth; neither
// deeper than cap, when it is not 0.
func benchDepthArg(args []string, cap int) (int, error) {
	hi := surakarta.MaxDepth
	if cap > 0 {
		hi = min(hi, cap)
	}
	switch len(args) {
	case 0:
		return min(benchDepth, hi), nil
	case 1:
		return parseDepth(args[0], hi)
	}
	return 0, errors.New("want at most one argument, a depth")
}

// parseDepth parses a depth from 1 to hi.
func parseDepth(arg string, hi int) (int, error) {
	d, err := strconv.Atoi(arg)
	if err != nil || d < 1 || d > hi {
		return 0, fmt.Errorf("want a depth from 1 to %d, not %q", hi, clip.Text(arg))
	}
	return d, nil
}
