package match

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/surakarta-go/surakarta"
)

// Openings returns n distinct opening positions, each made by plies random
// legal moves from the start (seeded by seed), none of them a finished
// game. It returns an error when plies or n is negative, or when it does
// not find n distinct openings.
func Openings(seed uint64, plies, n int) ([]surakarta.Position, error) {
	if plies < 0 || n < 0 {
		return nil, fmt.Errorf("match: Openings(%d plies, %d openings): want no negative number", plies, n)
	}
	r := rand.New(rand.NewPCG(seed, 0x5375726b))
	seen := make(map[surakarta.Position]bool)
	var openings []surakarta.Position
	maxTries := 100*min(n, math.MaxInt/200) + 1000
	for tries := 0; len(openings) < n; tries++ {
		if tries > maxTries {
			return nil, fmt.Errorf("match: found only %d distinct openings of %d plies, want %d", len(openings), plies, n)
		}
		g := surakarta.NewGame(surakarta.NewPosition())
		for g.Ply() < plies && !g.Outcome().Over {
			moves := g.LegalMoves()
			if err := g.Play(moves[r.IntN(len(moves))]); err != nil {
				return nil, err
			}
		}
		p := g.Position()
		if g.Outcome().Over || seen[p] {
			continue
		}
		seen[p] = true
		openings = append(openings, p)
	}
	return openings, nil
}
