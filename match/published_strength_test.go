package match

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// strengthMatch is one match of a "Strength" section of
// docs/experiments.md: engine a (change) against b (opponent), its records
// in experiments/matches/strength/file; sprt is false for the matches of
// a fixed number of games, played to compare two rows.
type strengthMatch struct {
	change, opponent, tc string // the table's first three cells
	a, b                 string // the engines' names in the records
	file                 string
	sprt                 bool
}

// strengthMatches are the tables' rows, in their order.
var strengthMatches = []strengthMatch{
	{"`go movetime` spent whole (`new`)", "today's engine (`base`)", "50 ms/move", "new", "base", "movetime-new-vs-base-50ms.txt.gz", true},
	{"`contempt=20`", "`pvs,tuned`", "50 ms/move", "pvs,tuned,contempt=20", "pvs,tuned", "contempt20-vs-pvs-tuned-50ms.txt.gz", true},
	{"`contempt=20`", "`level9`", "50 ms/move", "pvs,tuned,contempt=20", "level9", "contempt20-vs-level9-50ms.txt.gz", false},
	{"none (`pvs,tuned`)", "`level9`", "50 ms/move", "pvs,tuned", "level9", "pvs-tuned-vs-level9-50ms.txt.gz", false},
	{"reverse futility pruning (`rfp`)", "the build before (`base`)", "50 ms/move", "rfp", "base", "rfp-vs-base-50ms.txt.gz", true},
	{"late-move pruning (`lmp`)", "the build before (`base`)", "50 ms/move", "lmp", "base", "lmp-vs-base-50ms.txt.gz", true},
	{"late-move pruning (`lmp`)", "the build before (`base`)", "200 ms/move", "lmp", "base", "lmp-vs-base-200ms.txt.gz", true},
	{"reverse futility pruning with late-move pruning (`rfp`)", "the build before, with late-move pruning (`base`)", "50 ms/move", "rfp", "base", "rfp-vs-lmp-50ms.txt.gz", true},
	{"futility pruning with late-move pruning (`fut`)", "the build before, with late-move pruning (`base`)", "50 ms/move", "fut", "base", "fut-vs-lmp-50ms.txt.gz", true},
	{"no table cutoffs at PV nodes (`nopvcut`)", "the build before, with late-move pruning (`base`)", "50 ms/move", "nopvcut", "base", "nopvcut-vs-lmp-50ms.txt.gz", true},
	{"Tuned refitted to today's games (`refit`)", "the build before, with late-move pruning (`base`)", "50 ms/move", "refit", "base", "refit-vs-lmp-50ms.txt.gz", true},
	{"Tuned refitted again, to the games of the engine with singular extensions (`refit2`)", "the build before, with singular extensions (`base`)", "50 ms/move", "refit2", "base", "refit2-vs-base-50ms.txt.gz", true},
	{"the same refit at the scale of today's weights (`refit2k`)", "the build before, with singular extensions (`base`)", "50 ms/move", "refit2k", "base", "refit2k-vs-base-50ms.txt.gz", true},
	{"12 moves left planned on a clock, not 20 (`tm12`)", "the build before (`base`)", "5 s + 50 ms a move", "tm12", "base", "tm12-vs-base-5s+50ms.txt.gz", true},
	{"8 moves left planned on a clock, not 12 (`tm8`)", "the build before, with 12 (`base`)", "5 s + 50 ms a move", "tm8", "base", "tm8-vs-tm12-5s+50ms.txt.gz", true},
	{"moves left planned from the move number, 26 − move number between 6 and 20, not 12 (`tmply`)", "the build before, with 12 (`base`)", "5 s + 50 ms a move", "tmply", "base", "tmply-vs-tm12-5s+50ms.txt.gz", true},
	{"history-based reductions (`hist`)", "the build before, with the refitted Tuned (`base`)", "50 ms/move", "hist", "base", "hist-vs-refit-50ms.txt.gz", true},
	{"counter-moves (`cm`)", "the build before, with the refitted Tuned (`base`)", "50 ms/move", "cm", "base", "cm-vs-refit-50ms.txt.gz", true},
	{"reverse futility pruning, 6 plies at 40 a ply, with the improving flag (`rfp3`)", "the build before, with 12 moves left planned on a clock (`base`)", "50 ms/move", "rfp3", "base", "rfp3-vs-base-50ms.txt.gz", true},
	{"reverse futility pruning, 6 plies at 40 a ply, with the improving flag (`rfp3`)", "the build before, with 12 moves left planned on a clock (`base`)", "5 s + 50 ms a move", "rfp3", "base", "rfp3-vs-base-5s+50ms.txt.gz", true},
	{"a ply more of late-move reduction at a node off the principal variation that is not improving (`lmri`)", "the build before, with reverse futility pruning (`base`)", "50 ms/move", "lmri", "base", "lmri-vs-base-50ms.txt.gz", true},
	{"late-move pruning to 5 plies, half as many moves kept when not improving (`lmpi`)", "the build before, with reverse futility pruning (`base`)", "50 ms/move", "lmpi", "base", "lmpi-vs-base-50ms.txt.gz", true},
	{"internal iterative reduction (`iir`)", "the build before, with reverse futility pruning (`base`)", "50 ms/move", "iir", "base", "iir-vs-base-50ms.txt.gz", true},
	{"internal iterative reduction (`iir`)", "the build before, with reverse futility pruning (`base`)", "5 s + 50 ms a move", "iir", "base", "iir-vs-base-5s+50ms.txt.gz", true},
	{"singular extensions, with multi-cut (`se`)", "the build before, with reverse futility pruning (`base`)", "50 ms/move", "se", "base", "se-vs-base-50ms.txt.gz", true},
	{"singular extensions, with multi-cut (`se`)", "the build before, with reverse futility pruning (`base`)", "5 s + 50 ms a move", "se", "base", "se-vs-base-5s+50ms.txt.gz", true},
	{"capture history, ordering the captures (`caph`)", "the build before, with singular extensions (`base`)", "50 ms/move", "caph", "base", "caph-vs-base-50ms.txt.gz", true},
	{"a ply more of late-move reduction at cut nodes (`cut`)", "the build before, with singular extensions (`base`)", "50 ms/move", "cut", "base", "cut-vs-base-50ms.txt.gz", true},
	{"singular extensions from 6 plies left, not 8 (`se6`)", "the build before, with singular extensions (`base`)", "50 ms/move", "se6", "base", "se6-vs-base-50ms.txt.gz", true},
	{"singular extensions from 6 plies left, not 8 (`se6`)", "the build before, with singular extensions (`base`)", "5 s + 50 ms a move", "se6", "base", "se6-vs-base-5s+50ms.txt.gz", true},
	{"ProbCut (`pc`)", "the build before, with singular extensions (`base`)", "50 ms/move", "pc", "base", "pc-vs-base-50ms.txt.gz", true},
	{"reverse futility pruning's margin 30 a ply, not 40 (`rfp30`)", "the build before, with singular extensions (`base`)", "50 ms/move", "rfp30", "base", "rfp30-vs-base-50ms.txt.gz", true},
	{"late-move reductions of ln(depth)·ln(move)/2, not /2.25 (`lmr2`)", "the build before, with singular extensions (`base`)", "50 ms/move", "lmr2", "base", "lmr2-vs-base-50ms.txt.gz", true},
	{"late-move reductions of ln(depth)·ln(move)/2, not /2.25 (`lmr2`)", "the build before, with singular extensions (`base`)", "5 s + 50 ms a move", "lmr2", "base", "lmr2-vs-base-5s+50ms.txt.gz", true},
	{"null-move reduction 2 + depth/6, not 3 + depth/6 (`nullr2`)", "the build before, with singular extensions (`base`)", "50 ms/move", "nullr2", "base", "nullr2-vs-base-50ms.txt.gz", true},
	{"null-move reduction a ply more for each 75 points the static score stands above beta, up to 3 (`nmp`)", "the build before, with singular extensions (`base`)", "50 ms/move", "nmp", "base", "nmp-vs-base-50ms.txt.gz", true},
	{"delta pruning in quiescence (`delta`)", "the build before, with singular extensions (`base`)", "50 ms/move", "delta", "base", "delta-vs-base-50ms.txt.gz", true},
	{"the table in buckets of 4 entries (`tt4`)", "the build before, with singular extensions (`base`)", "50 ms/move", "tt4", "base", "tt4-vs-base-50ms.txt.gz", true},
	{"the final engine, `a46ab68` (`final`)", "the engine of `128dc21` (`start`)", "50 ms/move", "final", "start", "final-vs-128dc21-50ms.txt.gz", false},
	{"the final engine, `a46ab68` (`final`)", "the engine of `128dc21` (`start`)", "5 s + 50 ms a move", "final", "start", "final-vs-128dc21-5s+50ms.txt.gz", false},
	{"the final engine with step 4, `83f82f8` (`final`)", "the engine of `128dc21` (`start`)", "5 s + 50 ms a move", "final", "start", "final2-vs-128dc21-5s+50ms.txt.gz", false},
	{"the final engine with step 5, `32cfecd` (`final`)", "the engine of `128dc21` (`start`)", "5 s + 50 ms a move", "final", "start", "final3-vs-128dc21-5s+50ms.txt.gz", false},
	{"the final engine with step 6, `e44ba39` (`final`)", "the engine of `128dc21` (`start`)", "50 ms/move", "final", "start", "final4-vs-128dc21-50ms.txt.gz", false},
	{"the final engine with step 6, `e44ba39` (`final`)", "the engine of `128dc21` (`start`)", "5 s + 50 ms a move", "final", "start", "final4-vs-128dc21-5s+50ms.txt.gz", false},
	{"today's engine, `38bcb7d` (`now`)", "the engine of `128dc21` (`start`)", "50 ms/move", "now", "start", "now-vs-128dc21-50ms.txt.gz", false},
	{"today's engine, `38bcb7d` (`now`)", "the engine of `128dc21` (`start`)", "5 s + 50 ms a move", "now", "start", "now-vs-128dc21-5s+50ms.txt.gz", false},
}

// TestStrengthTable recounts the tables of the "Strength" sections of
// docs/experiments.md from their records: each row's W-D-L, score, pair
// Elo with its 95% interval, and the SPRT cell (sprtCell). Every record
// in experiments/matches/strength must have its row, so that none is
// committed unpublished and unchecked.
func TestStrengthTable(t *testing.T) {
	text := docPage(t, "experiments.md")
	files, err := filepath.Glob(records(t, "strength", "*.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !slices.ContainsFunc(strengthMatches, func(m strengthMatch) bool { return m.file == filepath.Base(f) }) {
			t.Errorf("strength/%s has no row among strengthMatches", filepath.Base(f))
		}
	}
	for _, m := range strengthMatches {
		c, p := recount(t, records(t, "strength", m.file), m.a)
		e := p.Elo()
		want := fmt.Sprintf("| %s | %s | %s | %d-%d-%d | %.1f%% | %s (%s, %s) | %s |",
			m.change, m.opponent, m.tc, c.Wins, c.Draws, c.Losses, scorePercent(c),
			signed(e.Diff), signed(e.Low), signed(e.High), sprtCell(c, p, m.sprt))
		if !strings.Contains(text, want) {
			t.Errorf("docs/experiments.md has no row starting\n%s\nrecounted from strength/%s", want, m.file)
		}
	}
}

// ladderSteps are the rows of "Strength: the ladder" in
// docs/experiments.md: a step's number and the record of its match among
// strengthMatches, in the table's order.
var ladderSteps = []struct {
	step int
	file string // strengthMatch.file
}{
	{1, "movetime-new-vs-base-50ms.txt.gz"},
	{2, "lmp-vs-base-50ms.txt.gz"},
	{2, "lmp-vs-base-200ms.txt.gz"},
	{3, "refit-vs-lmp-50ms.txt.gz"},
	{4, "tm12-vs-base-5s+50ms.txt.gz"},
	{5, "rfp3-vs-base-50ms.txt.gz"},
	{5, "rfp3-vs-base-5s+50ms.txt.gz"},
	{6, "se-vs-base-50ms.txt.gz"},
	{6, "se-vs-base-5s+50ms.txt.gz"},
}

// TestLadderTable recounts "Strength: the ladder" in docs/experiments.md:
// each step's pair Elo with its interval and its SPRT cell, from the
// records of its match, and the sum of the steps at 50 ms a move (one
// match a step), its interval's distances the root sum of squares of the
// steps'.
func TestLadderTable(t *testing.T) {
	text := docPage(t, "experiments.md")
	start := strings.Index(text, "## Strength: the ladder")
	if start < 0 {
		t.Fatal(`docs/experiments.md has no section "Strength: the ladder"`)
	}
	section := text[start:]
	if end := strings.Index(section[1:], "\n## "); end >= 0 {
		section = section[:end+1]
	}
	var sum, below, above float64
	for _, s := range ladderSteps {
		i := slices.IndexFunc(strengthMatches, func(m strengthMatch) bool { return m.file == s.file })
		if i < 0 {
			t.Fatalf("ladder step %d: no match with the record %s among strengthMatches", s.step, s.file)
		}
		m := strengthMatches[i]
		c, p := recount(t, records(t, "strength", m.file), m.a)
		e := p.Elo()
		want := fmt.Sprintf("| %d | %s | %s | %s | %s (%s, %s) | %s |",
			s.step, m.change, m.opponent, m.tc, signed(e.Diff), signed(e.Low), signed(e.High), sprtCell(c, p, m.sprt))
		if !strings.Contains(section, want) {
			t.Errorf("the ladder has no row\n%s\nrecounted from strength/%s", want, m.file)
		}
		if m.tc == "50 ms/move" {
			sum += e.Diff
			below = math.Hypot(below, e.Diff-e.Low)
			above = math.Hypot(above, e.High-e.Diff)
		}
	}
	want := fmt.Sprintf("**%s\n(%s, %s)**", signed(sum), signed(sum-below), signed(sum+above))
	if !strings.Contains(strings.ReplaceAll(section, "\n", " "), strings.ReplaceAll(want, "\n", " ")) {
		t.Errorf("the ladder does not give the sum of its steps at 50 ms a move, %s", strings.ReplaceAll(want, "\n", " "))
	}
}
