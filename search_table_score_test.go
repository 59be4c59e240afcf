package surakarta

import "testing"

// TestTableScoresThroughTheTable: a score stored in the transposition
// table at one ply and read at another keeps its distance from the
// position, for the wins and losses of the rules (Win−n) and for those of
// endgame tables without a distance (TableWinScore−n) alike; evaluations
// are stored as they are.
func TestTableScoresThroughTheTable(t *testing.T) {
	for _, tc := range []struct {
		name  string
		score int // at ply 3
		shift int // +1: a win, whose score falls with the ply; −1: a loss; 0: an evaluation
	}{
		{"a win", Win - 7, +1},
		{"a loss", -(Win - 7), -1},
		{"a table win", TableWinScore - 7, +1},
		{"a table loss", -(TableWinScore - 7), -1},
		{"an evaluation", MaxEvaluation, 0},
		{"a draw", 0, 0},
	} {
		stored := toTable(tc.score, 3)
		for _, ply := range []int{0, 3, 10} {
			if got, want := fromTable(stored, ply), tc.score-tc.shift*(ply-3); got != want {
				t.Errorf("%s: %d stored at ply 3 reads %d at ply %d, want %d", tc.name, tc.score, got, ply, want)
			}
		}
	}
}
