package match

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/level"
)

// levelMatch is one match of the levels' calibration: A against B, its
// records in experiments/matches/levels/A-vs-B.txt.gz.
type levelMatch struct{ a, b string }

func (m levelMatch) file() string { return m.a + "-vs-" + m.b + ".txt.gz" }

// levelName is the engine spec of level n.
func levelName(n int) string { return fmt.Sprintf("level%d", n) }

// TestLevelsTable recounts the calibration of the strength levels
// (docs/levels.md) from its records: each match's row, and the scale
// that chains the adjacent matches from the greedy player (Elo 0) up,
// summing their pair Elo differences, with an interval whose distances
// below and above are the root sum of squares of the matches' own; and the
// random mover's bound below the greedy player.
func TestLevelsTable(t *testing.T) {
	text := docPage(t, "levels.md")
	row := func(m levelMatch) (elo.Counts, elo.Pentanomial, elo.Estimate) {
		c, p := recount(t, records(t, "levels", m.file()), m.a)
		e := p.Elo()
		want := fmt.Sprintf("| `%s` | `%s` | %d-%d-%d | %.1f%% | %d-%d-%d-%d-%d | %s (%s, %s) |",
			m.a, m.b, c.Wins, c.Draws, c.Losses, scorePercent(c), p[0], p[1], p[2], p[3], p[4], signed(e.Diff), signed(e.Low), signed(e.High))
		if !strings.Contains(text, want) {
			t.Errorf("docs/levels.md has no row starting\n%s\nrecounted from levels/%s", want, m.file())
		}
		return c, p, e
	}

	// The random mover against the greedy player: no point in 400 games,
	// so only a bound: by the rule of three the random mover's expected
	// score is below 3/N with 95% confidence.
	c, _, _ := row(levelMatch{"greedy", "random"})
	if c.Wins != c.Games() {
		t.Fatalf("the random mover took points from the greedy player (%+v): the table's bound no longer applies", c)
	}
	bound := fmt.Sprintf("| below %.0f | %d |", elo.FromScore(3/float64(c.Games())), c.Games())
	if line := lineOf(text, "\n| random |"); !strings.HasSuffix(strings.TrimSpace(line), bound) {
		t.Errorf("docs/levels.md: the row of the random mover does not end with %q: %q", bound, line)
	}
	if line := lineOf(text, "\n| greedy |"); !strings.HasSuffix(strings.TrimSpace(line), "| 0 (the anchor) | |") {
		t.Errorf("docs/levels.md: the row of the greedy player does not end with %q: %q", "| 0 (the anchor) | |", line)
	}

	// The scale: each level from the match with the one below it.
	scale := map[string]float64{"greedy": 0}
	var below, above float64 // sums of the squared distances to the interval's ends
	prev := "greedy"
	for n := 1; n <= level.Count; n++ {
		m := levelMatch{levelName(n), prev}
		c, _, e := row(m)
		scale[m.a] = scale[prev] + e.Diff
		below += (e.Diff - e.Low) * (e.Diff - e.Low)
		above += (e.High - e.Diff) * (e.High - e.Diff)
		want := fmt.Sprintf("| %s (%s, %s) | %d |", signed(scale[m.a]), signed(scale[m.a]-math.Sqrt(below)), signed(scale[m.a]+math.Sqrt(above)), c.Games())
		if !hasRow(text, fmt.Sprintf("| %d |", n), want) {
			t.Errorf("docs/levels.md: no row of level %d ends with %q", n, want)
		}
		prev = m.a
	}

	// The cross-checks, two apart: the direct result and the scale's
	// difference.
	for _, m := range []levelMatch{{"level2", "greedy"}, {"level3", "level1"}, {"level5", "level3"}, {"level7", "level5"}, {"level9", "level7"}, {"level10", "level8"}} {
		row(m)
		want := fmt.Sprintf("| %s |", signed(scale[m.a]-scale[m.b]))
		if line := lineOf(text, fmt.Sprintf("| `%s` | `%s` |", m.a, m.b)); !strings.HasSuffix(strings.TrimSpace(line), want) {
			t.Errorf("docs/levels.md: the row of %s against %s does not end with the scale's difference %q: %q", m.a, m.b, want, line)
		}
	}
}

// hasRow reports whether a line of text starts with prefix and ends with
// suffix.
func hasRow(text, prefix, suffix string) bool {
	for line := range strings.Lines(text) {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, prefix) && strings.HasSuffix(line, suffix) {
			return true
		}
	}
	return false
}

// lineOf returns the line of text that holds s first, or "".
func lineOf(text, s string) string {
	i := strings.Index(text, s)
	if i < 0 {
		return ""
	}
	if s[0] == '\n' {
		i++
	}
	start := strings.LastIndexByte(text[:i], '\n') + 1
	end := strings.IndexByte(text[i:], '\n')
	if end < 0 {
		return text[start:]
	}
	return text[start : i+end]
}
