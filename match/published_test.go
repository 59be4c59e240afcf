package match

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The tests in this file tie the match results published in README.md to
// the committed records of their games: every figure is recomputed from
// the records and must appear in README exactly as printed here.

// readme returns the text of README.md.
func readme(t *testing.T) string {
	t.Helper()
	text, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// recount returns A's game counts and pair counts in a record file.
func recount(t *testing.T, file, a string) (Counts, Pentanomial) {
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
		m.add(number, aScore(rec.Result, black == a))
	}
	return m.outcome.Counts, m.outcome.Pentanomial
}

// TestPublishedTables checks the table of the papers' experiments.
func TestPublishedTables(t *testing.T) {
	text := readme(t)
	for _, tc := range []struct{ file, a string }{
		{"endgame-vs-sixfactor.txt", "pvs,endgame"},
		{"pvs-vs-alphabeta.txt", "pvs,sixfactor"},
		{"pvs-endgame-vs-alphabeta-sixfactor.txt", "pvs,endgame"},
	} {
		c, _ := recount(t, filepath.Join("..", "testdata", "matches", tc.file), tc.a)
		e := c.Elo()
		want := fmt.Sprintf("%d-%d-%d, **%.1f%%**, Elo **%s** (%s, %s)",
			c.Wins, c.Draws, c.Losses, scorePercent(c), signed(e.Diff), signed(e.Low), signed(e.High))
		if !strings.Contains(text, want) {
			t.Errorf("README has no %q, the result recounted from %s", want, tc.file)
		}
	}
}

// TestTuningTable checks the table of the tuning matches: each variant (A)
// against the defaults, its SPRT [0, 10] LLR recomputed from the pairs.
func TestTuningTable(t *testing.T) {
	text := readme(t)
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct{ file, a string }{
		{"weight20.txt", "pvs,endgame,endgame-weight=20"},
		{"weight60.txt", "pvs,endgame,endgame-weight=60"},
	} {
		c, p := recount(t, filepath.Join("..", "testdata", "matches", "tune", tc.file), tc.a)
		e := c.Elo()
		want := fmt.Sprintf("| `%s` | %d-%d-%d | %.1f%% | %s (%s, %s) | %d-%d-%d-%d-%d | %.2f |",
			tc.a, c.Wins, c.Draws, c.Losses, scorePercent(c), signed(e.Diff), signed(e.Low), signed(e.High),
			p[0], p[1], p[2], p[3], p[4], sprt.LLR(p))
		if !strings.Contains(text, want) {
			t.Errorf("README has no row starting\n%s\nrecounted from tune/%s", want, tc.file)
		}
	}
}
