package match

import (
	"fmt"
	"strings"
	"testing"
)

// TestMCTSTable recounts the matches of Monte Carlo tree search
// (docs/mcts.md) from their records in experiments/matches/mcts: each
// row's W-D-L, score, pairs and pair Elo interval, for engine A.
func TestMCTSTable(t *testing.T) {
	text := docPage(t, "mcts.md")
	for _, m := range []struct{ file, a, b string }{
		{"mcts-vs-pvs.txt.gz", "mcts,tuned", "pvs,tuned"},
		{"mcts-vs-uct.txt.gz", "mcts,tuned", "uct,tuned"},
		{"mcts-vs-alphabeta.txt.gz", "mcts,tuned", "alphabeta,tuned"},
		{"mcts-vs-pvs-400ms.txt.gz", "mcts,tuned", "pvs,tuned"},
		{"mcts-threads2.txt.gz", "mcts,tuned,threads=2", "mcts,tuned"},
		{"mcts-uniform-priors.txt.gz", "mcts,tuned", "mcts-uniform-priors,tuned"},
		{"mcts-playout-leaves.txt.gz", "mcts,tuned", "mcts-playout-leaves,tuned"},
	} {
		c, p := recount(t, records(t, "mcts", m.file), m.a)
		e := p.Elo()
		want := fmt.Sprintf("| `%s` | `%s` | %d | %d-%d-%d | %.1f%% | %d-%d-%d-%d-%d | %s (%s, %s) |",
			m.a, m.b, c.Games(), c.Wins, c.Draws, c.Losses, scorePercent(c), p[0], p[1], p[2], p[3], p[4], signed(e.Diff), signed(e.Low), signed(e.High))
		if !strings.Contains(text, want) {
			t.Errorf("docs/mcts.md has no row\n%s\nrecounted from mcts/%s", want, m.file)
		}
	}
}
