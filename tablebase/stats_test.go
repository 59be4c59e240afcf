package tablebase

import (
	"context"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestStats: a class's counts add up to its positions and agree with
// Value position by position, and the longest win's example is a win in
// that many plies.
func TestStats(t *testing.T) {
	dir := t.TempDir()
	if err := Generate(context.Background(), dir, Options{Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	tables, err := Open(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer tables.Close()
	for _, c := range []class{{1, 1}, {2, 1}, {1, 2}} {
		s, err := tables.Stats(c.mover, c.other)
		if err != nil {
			t.Fatal(err)
		}
		var want [3]uint64
		for i := range c.size() {
			m, o := c.placement(i)
			p, _ := surakarta.NewPositionFromSets(surakarta.SquareSet(m), surakarta.SquareSet(o), surakarta.Black)
			v, err := tables.Value(p)
			if err != nil {
				t.Fatal(err)
			}
			want[v.Result+1]++
		}
		if s.Positions != c.size() || s.Losses != want[0] || s.Draws != want[1] || s.Wins != want[2] {
			t.Errorf("%v: stats %+v, want %d positions, %v losses, draws, wins", c, s, c.size(), want)
		}
		if v, err := tables.Value(s.LongestWinExample); err != nil || v != (surakarta.TableValue{Result: surakarta.TableWin, Plies: s.LongestWin}) || s.LongestWin == 0 {
			t.Errorf("%v: the longest win's example %v is %+v, %v; want a win in %d", c, s.LongestWinExample, v, err, s.LongestWin)
		}
	}
	if _, err := tables.Stats(3, 1); err == nil {
		t.Error("Stats of a class not in the tables: no error")
	}
}
