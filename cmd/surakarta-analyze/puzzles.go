package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/puzzle"
)

// findPuzzles makes the puzzles of the n-th game, rec, from its report
// (puzzle.FromReport, with the analysis's searcher and limits), keeps
// those a deeper search confirms (puzzle.Verify, within deeper's limits)
// and writes them to a.puzzles. A game not under the Olympiad rules has
// none, and says so.
func (a *analyzer) findPuzzles(n int, rec *record.Record, report *analysis.Report) error {
	if rec.Game.Rules() != surakarta.OlympiadRules() {
		fmt.Fprintf(a.stderr, "game %d: no puzzles: its rules are %v, and puzzles are made under the Olympiad rules\n", n, rec.Game.Rules())
		return nil
	}
	source := fmt.Sprintf("%s game %d", a.source, n)
	found, err := puzzle.FromReport(a.ctx, rec.Game, report, a.searcher, puzzle.Options{Limits: a.limits, Source: source})
	if err != nil {
		return err
	}
	var kept []puzzle.Puzzle
	for _, p := range found {
		err := puzzle.Verify(a.ctx, p, a.searcher, puzzle.VerifyOptions{Limits: deeper(a.limits)})
		if err != nil {
			fmt.Fprintf(a.stderr, "game %d: the puzzle at ply %d is dropped: %v\n", n, p.Ply, err)
			if a.ctx.Err() != nil {
				return err
			}
			continue
		}
		kept = append(kept, p)
	}
	fmt.Fprintf(a.stderr, "game %d: %d puzzles\n", n, len(kept))
	a.puzzleCount += len(kept)
	return puzzle.Write(a.puzzles, kept)
}

// deeper returns the limits of the search that verifies a puzzle: four
// plies deeper, four times the nodes, twice the time.
func deeper(l surakarta.Limits) surakarta.Limits {
	if l.Depth > 0 {
		l.Depth = min(l.Depth+4, surakarta.MaxDepth)
	}
	if l.Nodes <= math.MaxInt64/4 {
		l.Nodes *= 4
	}
	if l.MoveTime <= math.MaxInt64/2 {
		l.MoveTime *= 2
	}
	return l
}

// sourceName returns the name of the record file as a puzzle's source
// names it: its base name, or "stdin", as one line of at most 200 bytes
// without control characters.
func sourceName(name string) string {
	if name == "standard input" {
		return "stdin"
	}
	s := strings.TrimSpace(headerValue(filepath.Base(name)))
	if len(s) > 200 {
		s = strings.TrimSpace(strings.ToValidUTF8(s[:200], ""))
	}
	return s
}
