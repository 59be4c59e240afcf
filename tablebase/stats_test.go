package tablebase

import (
	"context"
	"errors"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestClassStats counts the tables of up to 3 pieces, capture-all and
// under a quiet-ply limit of 4, and checks the counts against probing
// every position with Tables.Value, and the longest win against its
// position's value.
func TestClassStats(t *testing.T) {
	for _, rules := range []surakarta.Rules{{}, {QuietPlyLimit: 4}} {
		dir := t.TempDir()
		if err := Generate(context.Background(), dir, Options{Pieces: 3, QuietPlyLimit: rules.QuietPlyLimit}); err != nil {
			t.Fatal(err)
		}
		tables, err := Open(dir, rules)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []class{{1, 1}, {2, 1}, {1, 2}} {
			s, err := ClassStats(dir, rules, c.mover, c.other)
			if err != nil {
				t.Fatal(err)
			}
			var want Stats
			want.Mover, want.Other, want.Positions = c.mover, c.other, c.placements()
			want.LongestWin = -1
			if rules.QuietPlyLimit == 0 {
				want.LongestWin = 0
			}
			for m, o := range placementsInOrder(c) {
				p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(m), surakarta.SquareSet(o), surakarta.Black)
				if err != nil {
					t.Fatal(err)
				}
				v, err := tables.Value(p)
				if err != nil {
					t.Fatal(err)
				}
				switch v.Result {
				case surakarta.TableWin:
					want.Wins++
					if v.Plies > want.LongestWin {
						want.LongestWin, want.LongestWinPosition = v.Plies, p
					}
				case surakarta.TableLoss:
					want.Losses++
				default:
					want.Draws++
				}
			}
			if s != want {
				t.Errorf("%v, %dv%d: ClassStats = %+v, probing gives %+v", rules, c.mover, c.other, s, want)
			}
			if rules.QuietPlyLimit == 0 && s.Wins == 0 {
				t.Errorf("%dv%d: no wins", c.mover, c.other)
			}
		}
		tables.Close()
		for _, c := range []class{{2, 2}, {0, 1}, {8, 1}} {
			if _, err := ClassStats(dir, rules, c.mover, c.other); !errors.Is(err, ErrNotInTables) {
				t.Errorf("%v, %dv%d: error %v, want ErrNotInTables", rules, c.mover, c.other, err)
			}
		}
	}
}
