package tablebase

import "github.com/surakarta-go/surakarta"

// The results of entries, in the low two bits of a capture-all code and
// alone in a quiet table's 2-bit values.
const (
	vUnknown = 0 // while generating only; in a finished table it means a draw
	vWin     = 1
	vLoss    = 2
	vDraw    = 3
)

// maxPlies is the largest distance a capture-all code holds.
const maxPlies = 1<<14 - 1

// code is a capture-all entry: the distance to the end in plies above the
// result.
func code(v, plies int) uint16 { return uint16(plies)<<2 | uint16(v) }

// result and plies split a code.
func result(c uint16) int { return int(c & 3) }
func plies(c uint16) int  { return int(c >> 2) }

// adjudicate returns the result for the mover of a game ended by the
// piece count (a blocked mover, the quiet-ply limit): more pieces win.
func adjudicate(c class) int {
	switch {
	case c.mover > c.other:
		return vWin
	case c.mover < c.other:
		return vLoss
	}
	return vDraw
}

// negate returns the result for the other side.
func negate(v int) int {
	switch v {
	case vWin:
		return vLoss
	case vLoss:
		return vWin
	}
	return v
}

// better reports whether the result a is better than b for the mover:
// win, then draw, then loss.
func better(a, b int) bool { return rankOf(a) > rankOf(b) }

func rankOf(v int) int {
	switch v {
	case vWin:
		return 2
	case vDraw:
		return 1
	}
	return 0
}

// tableResult converts a result.
func tableResult(v int) surakarta.TableResult {
	switch v {
	case vWin:
		return surakarta.TableWin
	case vLoss:
		return surakarta.TableLoss
	}
	return surakarta.TableDraw
}
