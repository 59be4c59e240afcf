package match

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
)

// The tests in this file tie the match results published in the docs
// (docs/experiments.md, search.md, tuning.md and matches.md) to the
// committed records of their games: every figure is recomputed from the
// records and must appear on its page exactly as printed here.
//
// The records are in experiments/matches at the repository root, a
// directory with its own go.mod so that it stays out of the module zip.
// In a clone the tests read them; in the module cache, where the directory
// is absent, they skip.

// recordsDir is where the match records are, relative to this package.
var recordsDir = filepath.Join("..", "experiments", "matches")

// records returns the path of a record file, a path under recordsDir. If
// recordsDir is absent the test skips, or fails in a git checkout (where
// the records belong).
func records(t *testing.T, elem ...string) string {
	t.Helper()
	if _, err := os.Stat(recordsDir); errors.Is(err, fs.ErrNotExist) {
		if _, err := os.Stat(filepath.Join("..", ".git")); err == nil {
			t.Fatalf("%s is missing from this git checkout: the match records are committed there", recordsDir)
		}
		t.Skipf("%s is absent (a module downloaded from the module cache has no match records): clone the repository to recompute the published tables", recordsDir)
	} else if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(append([]string{recordsDir}, elem...)...)
}

// docPage returns the text of the page name of docs/, which publishes
// the figures a test recounts.
func docPage(t *testing.T, name string) string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "docs", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// summaryLine returns the line cmd/surakarta-match prints for a match of
// a against b with these counts, as its -merge prints it from the records:
// "A vs B: " and the Outcome's String, with the SPRT's LLR and decision
// when sprt is not nil.
func summaryLine(a, b string, c elo.Counts, p elo.Pentanomial, sprt *elo.SPRT) string {
	o := Outcome{Counts: c, Pentanomial: p}
	if sprt != nil {
		o.SPRT = *sprt
		o.LLR = sprt.LLR(p)
		o.Decision = sprt.Decide(o.LLR)
	}
	return a + " vs " + b + ": " + o.String()
}

// recordsIn returns the records in file, gunzipped if its name ends in .gz.
func recordsIn(t *testing.T, file string) []*surakarta.Record {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(file, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		r = zr
	}
	recs, err := surakarta.ReadRecords(r)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return recs
}

// recount returns A's game counts and pair counts in a record file.
func recount(t *testing.T, file, a string) (elo.Counts, elo.Pentanomial) {
	t.Helper()
	m := &matchState{scores: make(map[int]float64)}
	for _, rec := range recordsIn(t, file) {
		black, _ := rec.Header("Black")
		var number int
		round, _ := rec.Header("Round")
		if _, err := fmt.Sscan(round, &number); err != nil {
			t.Fatalf("%s: Round %q: %v", file, round, err)
		}
		if _, seen := m.scores[number]; seen {
			t.Fatalf("%s: round %d twice", file, number)
		}
		if err := m.add(number, aScore(rec.Result, black == a)); err != nil {
			t.Fatalf("%s: round %d: %v", file, number, err)
		}
	}
	return m.outcome.Counts, m.outcome.Pentanomial
}

// scorePercent returns A's score in percent as the published tables have
// it, (100·W + 50·D)/N, which is exact whenever the percentage is
// representable: 41-20-19 gives exactly 63.75, printed "63.8", where
// 100·0.6375 would give 63.749… and "63.7".
func scorePercent(c elo.Counts) float64 {
	n := c.Games()
	if n == 0 {
		return 50
	}
	return float64(100*c.Wins+50*c.Draws) / float64(n)
}

// sprtCell returns the SPRT [0, 10] cell of a published table's row: the
// decision after the games played, with the LLR, or, for a match of a
// fixed number of games (sprt false), that number.
func sprtCell(c elo.Counts, p elo.Pentanomial, sprt bool) string {
	if !sprt {
		return fmt.Sprintf("none: a fixed %d games", c.Games())
	}
	test := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	llr := test.LLR(p)
	return fmt.Sprintf("%s after %d games (LLR %.2f)", strings.TrimSuffix(test.Decide(llr).String(), " accepted"), c.Games(), llr)
}

// TestPublishedTables checks the table of the papers' experiments in
// docs/experiments.md, and the summary line of (b) as the match tool
// prints it.
func TestPublishedTables(t *testing.T) {
	text := docPage(t, "experiments.md")
	for _, tc := range []struct{ file, a, b string }{
		{"endgame-vs-sixfactor.txt.gz", "pvs,endgame", "pvs,sixfactor"},
		{"pvs-vs-alphabeta.txt.gz", "pvs,sixfactor", "alphabeta,sixfactor"},
		{"pvs-endgame-vs-alphabeta-sixfactor.txt.gz", "pvs,endgame", "alphabeta,sixfactor"},
	} {
		c, p := recount(t, records(t, tc.file), tc.a)
		e := c.Elo()
		want := fmt.Sprintf("%d-%d-%d, **%.1f%%**, Elo **%s** (%s, %s)",
			c.Wins, c.Draws, c.Losses, scorePercent(c), signed(e.Diff), signed(e.Low), signed(e.High))
		if !strings.Contains(text, want) {
			t.Errorf("docs/experiments.md has no %q, the result recounted from %s", want, tc.file)
		}
		if tc.file == "pvs-vs-alphabeta.txt.gz" {
			if line := summaryLine(tc.a, tc.b, c, p, nil); !strings.Contains(text, line) {
				t.Errorf("docs/experiments.md has no line\n%s\nrecounted from %s", line, tc.file)
			}
		}
	}
}

// TestTuningTable checks the tables of the tuning matches and of the
// search changes tried (docs/experiments.md) and the row of the match of
// two threads against one (docs/search.md): each variant (A) against the
// defaults, its SPRT [0, 10] LLR recomputed from the pairs.
func TestTuningTable(t *testing.T) {
	text := docPage(t, "experiments.md")
	sprt := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	// Each row is a variant (A) and its record file; a note after A says
	// what differs from the other rows (the table's memory, the time per
	// move), and page names the page when it is not experiments.md.
	for _, tc := range []struct{ file, a, note, page string }{
		{"weight20.txt.gz", "pvs,endgame,endgame-weight=20", "", ""},
		{"weight60.txt.gz", "pvs,endgame,endgame-weight=60", "", ""},
		{"weight100.txt.gz", "pvs,endgame,endgame-weight=100", "", ""},
		{"noquiescence.txt.gz", "pvs,endgame,quiescence=off", "", ""},
		{"nocutoffs.txt.gz", "pvs,endgame,cutoffs=off", "", ""},
		{"nolmr.txt.gz", "pvs,endgame,lmr=off", "", ""},
		{"nonull.txt.gz", "pvs,endgame,nullmove=off", "", ""},
		{"nokillers.txt.gz", "pvs,endgame,killers=off", "", ""},
		{"nohistory.txt.gz", "pvs,endgame,history=off", "", ""},
		{"noaspiration.txt.gz", "pvs,endgame,aspiration=0", "", ""},
		{"aspiration25.txt.gz", "pvs,endgame,aspiration=25", "", ""},
		{"aspiration100.txt.gz", "pvs,endgame,aspiration=100", "", ""},
		{"table1-24byte.txt.gz", "pvs,endgame,table=1", ": 1.5 MiB against 24 MiB", ""},
		{"table4-24byte.txt.gz", "pvs,endgame,table=4", ": 6 MiB against 24 MiB", ""},
		{"table4.txt.gz", "pvs,endgame,table=4", ": 4 MiB against 1 MiB", ""},
		{"table16.txt.gz", "pvs,endgame,table=16", ": 16 MiB against 1 MiB", ""},
		{"table16-200ms.txt.gz", "pvs,endgame,table=16", ", 200 ms/move, seed 3: 16 MiB against 1 MiB", ""},
		{"threads2.txt.gz", "pvs,endgame,threads=2", "", "search.md"},
		{"lmrlog.txt.gz", "pvs,endgame,lmr-log=on", "", ""},
		{"lmrlog-tuned.txt.gz", "pvs,tuned", " against `pvs,tuned,lmr-log=off`, seed 5", ""},
		{"multicut.txt.gz", "pvs,endgame,multicut=on", "", ""},
		{"threatext.txt.gz", "pvs,endgame,threat-extension=on", "", ""},
		{"roottablemove.txt.gz", "pvs,endgame,root-table-move=on", "", ""},
		{"nullr2.txt.gz", "pvs,endgame,null-reduction=2", "", ""},
		{"nullr4.txt.gz", "pvs,endgame,null-reduction=4", "", ""},
		{"nulldiv4.txt.gz", "pvs,endgame,null-divisor=4", "", ""},
	} {
		c, p := recount(t, records(t, "tune", tc.file), tc.a)
		e := c.Elo()
		want := fmt.Sprintf("| `%s`%s | %d-%d-%d | %.1f%% | %s (%s, %s) | %d-%d-%d-%d-%d | %.2f |",
			tc.a, tc.note, c.Wins, c.Draws, c.Losses, scorePercent(c), signed(e.Diff), signed(e.Low), signed(e.High),
			p[0], p[1], p[2], p[3], p[4], sprt.LLR(p))
		page, pageText := "experiments.md", text
		if tc.page != "" {
			page, pageText = tc.page, docPage(t, tc.page)
		}
		if !strings.Contains(pageText, want) {
			t.Errorf("docs/%s has no row starting\n%s\nrecounted from tune/%s", page, want, tc.file)
		}
	}

	// How many games of the first two weight matches reach the endgame
	// phase, where the endgame piece weight applies.
	var reached []string
	endgame := surakarta.NewEndgameAdjusted()
	for _, file := range []string{"weight20.txt.gz", "weight60.txt.gz"} {
		n := 0
		for _, rec := range recordsIn(t, records(t, "tune", file)) {
			for _, p := range rec.Game.Positions() {
				if p.Count(surakarta.Black) <= endgame.AdjustedPieces && p.Count(surakarta.White) <= endgame.AdjustedPieces {
					n++
					break
				}
			}
		}
		reached = append(reached, fmt.Sprint(n))
	}
	if want := strings.Join(reached, " and ") + " of the 400 games"; !strings.Contains(flat(text), want) {
		t.Errorf("docs/experiments.md has no %q: the games reaching the endgame phase", want)
	}

	// The first check of the table default at a longer time control,
	// quoted in the text: the default (A, then 1.5 MiB) against table=16
	// (B, then 24 MiB).
	c, _ := recount(t, records(t, "tune", "table16-200ms-24byte.txt.gz"), "pvs,endgame")
	e := c.Elo()
	want := fmt.Sprintf("%d-%d-%d, Elo %s (%s, %s) in %d games", c.Wins, c.Draws, c.Losses,
		strings.ReplaceAll(signed(e.Diff), "-", "−"), strings.ReplaceAll(signed(e.Low), "-", "−"), strings.ReplaceAll(signed(e.High), "-", "−"), c.Games())
	if !strings.Contains(flat(text), want) {
		t.Errorf("docs/experiments.md has no %q, the first 200 ms table match recounted", want)
	}
}

// flat returns text with every run of spaces and line breaks made one
// space, to find a phrase however the page wraps it.
func flat(text string) string { return strings.Join(strings.Fields(text), " ") }

// TestTimeManagementTable checks the figures of "Time management" in
// docs/experiments.md: the SPRT of today's time management (A) against
// v0.1.0's (tm=old, B) at the same time per move, recomputed from its
// records, in the table and in the summary line.
func TestTimeManagementTable(t *testing.T) {
	text := docPage(t, "experiments.md")
	sprt := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	c, p := recount(t, records(t, "time", "tm-100ms.txt.gz"), "pvs,endgame")
	e := c.Elo()
	want := fmt.Sprintf("| `pvs,endgame` against `pvs,endgame,tm=old`, 100 ms/move | %d-%d-%d | %.1f%% | %s (%s, %s) | %d-%d-%d-%d-%d | %.2f |",
		c.Wins, c.Draws, c.Losses, scorePercent(c), signed(e.Diff), signed(e.Low), signed(e.High),
		p[0], p[1], p[2], p[3], p[4], sprt.LLR(p))
	if !strings.Contains(text, want) {
		t.Errorf("docs/experiments.md has no row starting\n%s\nrecounted from time/tm-100ms.txt.gz", want)
	}
	if line := summaryLine("pvs,endgame", "pvs,endgame,tm=old", c, p, &sprt); !strings.Contains(text, line) {
		t.Errorf("docs/experiments.md has no line\n%s\nrecounted from time/tm-100ms.txt.gz", line)
	}
}

// TestClockMatchRecords checks the figures of docs/search.md of the clock
// match that cmd/surakarta's TestClockMatch played: two engine processes
// through UGI on a clock, refereed from outside. They are recounted from
// its records: the games, the time forfeits (none) and the least time left
// after a move.
func TestClockMatchRecords(t *testing.T) {
	text := flat(docPage(t, "search.md"))
	recs := recordsIn(t, records(t, "time", "clock-10s+100ms.txt.gz"))
	forfeits := 0
	least := time.Duration(math.MaxInt64)
	for _, rec := range recs {
		if rec.Reason == surakarta.TimeForfeit.String() {
			forfeits++
		}
		v, _ := rec.Header("LeastTimeLeft")
		d, err := time.ParseDuration(v)
		if err != nil {
			round, _ := rec.Header("Round")
			t.Fatalf("clock record, round %s: LeastTimeLeft %q: %v", round, v, err)
		}
		least = min(least, d)
	}
	want := fmt.Sprintf("%d games at 10 s + 100 ms a side, %d time forfeits; the least time left after a move was %v", len(recs), forfeits, least)
	if !strings.Contains(text, want) {
		t.Errorf("docs/search.md has no %q, recounted from time/clock-10s+100ms.txt.gz", want)
	}
}

// TestTunedTable checks the match of the Tuned evaluator against
// EndgameAdjusted: its row in docs/tuning.md, every figure recounted from
// the records, and the SPRT's decision; and its summary line.
func TestTunedTable(t *testing.T) {
	text := docPage(t, "tuning.md")
	sprt := elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	c, p := recount(t, records(t, "tuned-vs-endgame.txt.gz"), "pvs,tuned")
	e, pe := c.Elo(), p.Elo()
	llr := sprt.LLR(p)
	want := fmt.Sprintf("| %d-%d-%d | %.1f%% | %s (%s, %s) | %s (%s, %s) | %d-%d-%d-%d-%d | %.2f | %s after %d games |",
		c.Wins, c.Draws, c.Losses, scorePercent(c), signed(e.Diff), signed(e.Low), signed(e.High),
		signed(pe.Diff), signed(pe.Low), signed(pe.High), p[0], p[1], p[2], p[3], p[4], llr, strings.TrimSuffix(sprt.Decide(llr).String(), " accepted"), c.Games())
	if !strings.Contains(text, want) {
		t.Errorf("docs/tuning.md has no row containing\n%s\nrecounted from tuned-vs-endgame.txt.gz", want)
	}
	if line := summaryLine("pvs,tuned", "pvs,endgame", c, p, &sprt); !strings.Contains(text, line) {
		t.Errorf("docs/tuning.md has no line\n%s\nrecounted from tuned-vs-endgame.txt.gz", line)
	}
}
