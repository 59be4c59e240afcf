package surakarta

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestSearchRepetitionsInLongGames checks the search's repetition rule
// (searchCore.terminal) against a count by brute force over the whole
// game and the search path, in games whose stretch since the last capture
// is short (every position copied into the search) and long (the older
// positions counted from the game's index): at every node of random quiet
// paths from the game's end, the search ends the game exactly when the
// path's last position has occurred RepetitionLimit times since the last
// capture.
func TestSearchRepetitionsInLongGames(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 38))
	shuffle := []Move{NewMove(A2, A3), NewMove(A5, A4), NewMove(A3, A2), NewMove(A4, A5)}
	checked, ended := 0, 0
	for _, plies := range []int{0, 10, scanLimit - 1, scanLimit, scanLimit + 1, 200, 3000} {
		// Limit 0 stands for one more than the root's count: a path
		// back to the root ends the game, by positions that may lie
		// far back in it.
		for _, limit := range []int{2, 3, 5, 0} {
			for _, shuffled := range []bool{false, true} {
				g, err := NewGameWithRules(NewPosition(), Rules{RepetitionLimit: 1 << 20})
				if err != nil {
					t.Fatal(err)
				}
				// Shuffles, which repeat positions, between random quiet
				// stretches, which seldom do.
				for g.Ply() < plies {
					if shuffled || r.IntN(3) == 0 {
						for _, m := range shuffle {
							if err := g.Play(m); err != nil {
								break
							}
						}
						continue
					}
					if !playQuiet(g, r) {
						break
					}
				}
				limit := limit
				if limit == 0 {
					limit = g.Repetitions() + 1
				}
				g.rules.RepetitionLimit = limit
				if g.Outcome().Over {
					continue
				}
				var c searchCore
				if _, err := c.begin(context.Background(), g, Limits{Depth: 1}, NewTuned()); err != nil {
					t.Fatal(err)
				}
				c.disarm()
				for range 20 {
					// A random quiet path from the root that often takes back
					// its own move of two plies before, so that positions
					// recur, on the path and from the game.
					path := []Position{g.Position()}
					var moves []Move
					for ply := 1; ply < 24; ply++ {
						p := path[ply-1]
						var m Move
						if len(moves) >= 2 && r.IntN(10) < 7 {
							back := moves[len(moves)-2]
							m = NewMove(back.To(), back.From())
						}
						if m == NoMove || !isQuietLegal(p, m) {
							m = randomQuiet(p, r)
						}
						if m == NoMove {
							break
						}
						p.PlayUnchecked(m)
						path = append(path, p)
						moves = append(moves, m)
						c.stack[ply-1] = path[ply-1]
						c.hashes[c.base+ply-1] = path[ply-1].hash
						c.stack[ply] = p
						c.hashes[c.base+ply] = p.hash
						_, over := c.terminal(&c.stack[ply], ply, 0)
						want := countOccurrences(g, path) >= limit
						if over != want {
							t.Fatalf("%d plies, limit %d, path %d: terminal says over %v, the count says %v", g.Ply(), limit, ply, over, want)
						}
						checked++
						if over {
							ended++
							break
						}
					}
				}
			}
		}
	}
	if ended < 20 {
		t.Fatalf("only %d of %d nodes ended by repetition: the test checks too little", ended, checked)

	}
}

// countOccurrences counts the positions of the game since its last capture
// and of the path after the game's position that have the path's last
// position's placement, that one included.
func countOccurrences(g *Game, path []Position) int {
	last := path[len(path)-1]
	all := append(append([]Position(nil), g.history()...), path[1:]...)
	n := 0
	for i := len(all) - 1; i >= 0; i-- {
		if all[i].samePlacement(last) {
			n++
		}
		if all[i].quietPlies == 0 {
			break
		}
	}
	return n
}

func isQuietLegal(p Position, m Move) bool {
	for _, l := range p.LegalMoves() {
		if l == m {
			return !l.IsCapture()
		}
	}
	return false
}

func randomQuiet(p Position, r *rand.Rand) Move {
	var quiet []Move
	for _, m := range p.LegalMoves() {
		if !m.IsCapture() {
			quiet = append(quiet, m)
		}
	}
	if len(quiet) == 0 {
		return NoMove
	}
	return quiet[r.IntN(len(quiet))]
}

func playQuiet(g *Game, r *rand.Rand) bool {
	m := randomQuiet(g.Position(), r)
	return m != NoMove && g.Play(m) == nil
}
