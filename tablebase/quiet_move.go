package tablebase

import (
	"fmt"

	"github.com/surakarta-go/surakarta"
)

// quietValue returns the class of p, its result for the side to move
// under the tables' quiet-ply limit with its quiet plies, and the
// threshold that bounds that result (decodeQuiet).
func (t *Tables) quietValue(p surakarta.Position) (c class, v, threshold int, err error) {
	entry, c, err := t.entry(p)
	if err != nil {
		return c, 0, 0, err
	}
	v, threshold = decodeQuiet(entry, c, max(t.limit-p.QuietPlies(), 0))
	return c, v, threshold, nil
}

// quietChoice is a move as bestQuietMove weighs it.
type quietChoice struct {
	move      surakarta.Move
	v         int  // the result for the side that plays it
	capture   bool // a capture: the game leaves the pair at once
	horizon   bool // a win or loss that the quiet-ply limit brings, not a capture
	threshold int  // of the position after a quiet move (decodeQuiet)
}

// better reports whether a is a better move than b for the side that
// plays them. A better result first. Among wins, a capture (it wins
// now); then, when the win comes from a capture the winner forces, the
// position after the move nearest that capture (the smallest
// threshold: the quiet plies in which the winner forces it from there);
// when it
// comes from the limit, the one furthest from a draw for the loser (the
// largest threshold: the plies it needs left to reach one). Among
// losses, the other way round: a quiet move, the capture furthest away,
// or a draw nearest.
func (a quietChoice) better(b quietChoice) bool {
	switch {
	case a.v != b.v:
		return rankOf(a.v) > rankOf(b.v)
	case a.v == vDraw:
		return false
	case a.capture != b.capture:
		return a.capture == (a.v == vWin) // a winner captures, a loser does not
	case a.capture:
		return false
	case (a.v == vWin) != a.horizon:
		return a.threshold < b.threshold // a win by capture, or a loss at the limit
	}
	return a.threshold > b.threshold
}

// bestQuietMove is BestMove under a quiet-ply limit: the move with the
// best result for the side to move, and among those the one that
// quietChoice.better prefers. The tables' thresholds make each move of
// a win by capture bring the capture a ply nearer: the winning capture
// is reached, and no position is seen twice before it.
func (t *Tables) bestQuietMove(p surakarta.Position) (surakarta.Move, surakarta.TableValue, error) {
	value, err := t.Value(p)
	if err != nil {
		return surakarta.NoMove, surakarta.TableValue{}, err
	}
	var best quietChoice
	found := false
	for _, m := range p.LegalMoves() {
		after := p
		after.PlayUnchecked(m)
		ch := quietChoice{move: m, capture: m.IsCapture(), v: vWin}
		if after.Count(after.SideToMove()) > 0 {
			c, v, threshold, err := t.quietValue(after)
			if err != nil {
				return surakarta.NoMove, surakarta.TableValue{}, err
			}
			ch.v = negate(v)
			if !ch.capture {
				ch.threshold = threshold
				ch.horizon = c.mover != c.other && v == adjudicate(c)
			}
		}
		if !found || ch.better(best) {
			best, found = ch, true
		}
	}
	if !found {
		return surakarta.NoMove, surakarta.TableValue{}, fmt.Errorf("%w: the side to move has no legal move", ErrNotInTables)
	}
	v := surakarta.TableValue{Result: tableResult(best.v), Plies: -1}
	if v.Result == surakarta.TableDraw {
		v.Plies = 0
	}
	if v.Result == value.Result {
		v.Conversion = value.Conversion
	}
	return best.move, v, nil
}
