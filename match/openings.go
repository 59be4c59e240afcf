package match

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/errmark"
)

// Openings returns n distinct opening positions, each made by plies random
// legal moves from the start (seeded by seed), none of them a finished
// game. It returns an error wrapping ErrInvalidConfig when plies or n is
// negative, and one wrapping ErrTooFewOpenings when it does not find n
// distinct openings: at once when n is more than the plies make (it knows
// how many up to 6 plies, 1, 16, 256, 2,494, 24,062, 149,446 and 975,590,
// and bounds them beyond), and otherwise after 100·n + 1000 tries.
func Openings(seed uint64, plies, n int) ([]surakarta.Position, error) {
	if plies < 0 || n < 0 {
		return nil, errmark.Errorf(ErrInvalidConfig, "match: Openings(%d plies, %d openings): want no negative number", plies, n)
	}
	if most := maxOpenings(plies); n > most {
		return nil, &tooFewError{fmt.Sprintf("match: Openings(%d plies, %d openings): %d plies from the start make at most %d distinct openings: play more plies", plies, n, plies, most), false}
	}
	r := rand.New(rand.NewPCG(seed, 0x5375726b))
	seen := make(map[surakarta.Position]bool)
	var openings []surakarta.Position
	maxTries := 100*min(n, math.MaxInt/200) + 1000
	for tries := 0; len(openings) < n; tries++ {
		if tries > maxTries {
			return nil, &tooFewError{fmt.Sprintf("match: Openings(%d plies, %d openings): found only %d distinct openings in %d tries: play more plies", plies, n, len(openings), tries), false}
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

// reachable holds, for each number of plies up to 6, how many distinct
// positions not over there are after exactly that many plies from the
// start (with their counters, as Position compares them): the most
// openings of those plies, so that Openings refuses at once to look for
// more, which it would do in vain for hours. TestReachableOpenings counts
// them again.
var reachable = [...]int{1, 16, 256, 2494, 24062, 149446, 975590}

// maxChildren bounds the positions one move makes from a position: the
// side to move has at most 12 pieces, and each moves to one of the 35
// other points, by a step or a capture.
const maxChildren = 12 * 35

// maxOpenings returns the most distinct openings that plies plies make:
// reachable's count, and beyond it a bound, each ply making at most
// maxChildren positions of each (math.MaxInt when the bound is larger).
func maxOpenings(plies int) int {
	if plies < len(reachable) {
		return reachable[plies]
	}
	most := reachable[len(reachable)-1]
	for range plies - len(reachable) + 1 {
		if most > math.MaxInt/maxChildren {
			return math.MaxInt
		}
		most *= maxChildren
	}
	return most
}

// tooFewError is the error of more openings asked for than there are: it
// wraps ErrTooFewOpenings and, for Config.Validate's, ErrInvalidConfig,
// with a message of its own.
type tooFewError struct {
	text    string
	invalid bool // an error of Config.Validate
}

func (e *tooFewError) Error() string { return e.text }

// Is reports whether target is ErrTooFewOpenings, or ErrInvalidConfig for
// an error of Config.Validate.
func (e *tooFewError) Is(target error) bool {
	return target == ErrTooFewOpenings || e.invalid && target == ErrInvalidConfig
}
