package match

import (
	"fmt"
	"strings"
	"testing"
)

// tablebaseMatch is one row of the table of "Strength" in
// docs/tablebases.md: a PVS with endgame tables against the same without,
// its records in experiments/matches/tablebase/file; sprt is false for a
// match of a fixed number of games.
type tablebaseMatch struct {
	openings, tc string // the table's first two cells
	a, b         string // the engines' names in the records
	file         string
	sprt         bool
}

// tablebaseMatches are the table's rows, in its order.
var tablebaseMatches = []tablebaseMatch{
	{"400 endgames of 8 pieces (`openings-6-8.txt`)", "50 ms/move", "pvs,tuned,tb=/tmp/tb-q50", "pvs,tuned", "tb-vs-none-endgames-50ms.txt.gz", true},
	{"random, 4 plies (ordinary games)", "50 ms/move", "pvs,tuned,tb=/tmp/tb-q50", "pvs,tuned", "tb-vs-none-ordinary-50ms.txt.gz", false},
}

// TestTablebaseTable recounts the table of "Strength" in
// docs/tablebases.md from its records: each row's W-D-L, score, pairs,
// pair Elo with its 95% interval, and the SPRT [0, 10]'s decision after
// the games played (or, for a match of a fixed number of games, that
// number).
func TestTablebaseTable(t *testing.T) {
	text := docPage(t, "tablebases.md")
	for _, m := range tablebaseMatches {
		c, p := recount(t, records(t, "tablebase", m.file), m.a)
		e := p.Elo()
		want := fmt.Sprintf("| %s | %s | %d-%d-%d | %.1f%% | %d-%d-%d-%d-%d | %s (%s, %s) | %s |",
			m.openings, m.tc, c.Wins, c.Draws, c.Losses, scorePercent(c),
			p[0], p[1], p[2], p[3], p[4], signed(e.Diff), signed(e.Low), signed(e.High), sprtCell(c, p, m.sprt))
		if !strings.Contains(text, want) {
			t.Errorf("docs/tablebases.md has no row\n%s\nrecounted from tablebase/%s", want, m.file)
		}
	}
}
