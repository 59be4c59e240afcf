package tablebase

import (
	"encoding/binary"

	"github.com/surakarta-go/surakarta"
)

// The results of entries: the low two bits of a capture-all code, and
// what decodeQuiet makes of a quiet-ply entry.
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

// rankOf orders the results for the mover: loss 0, draw 1, win 2.
func rankOf(v int) int {
	switch v {
	case vWin:
		return 2
	case vDraw:
		return 1
	}
	return 0
}

// quietEntryBytes is the size of a quiet-ply table's entry: two
// thresholds, uint16 each, since a quiet-ply limit goes up to 1000.
const quietEntryBytes = 4

// decodeQuiet reads the entry of a position of class c under a
// quiet-ply limit, its two thresholds lo and hi (solveQuiet; each 1 to
// the limit + 1, the limit + 1 meaning never), and returns its result
// for the mover with r quiet plies left (0 to the limit), and the
// threshold that bounds it: for a win or a loss that a capture brings,
// the plies left from which it holds, the quiet plies in which the
// winner forces the capture; for the piece count's result, which holds
// below lo, lo, the plies left from which the side behind would force a
// draw.
//
// With as many pieces on each side the result is a win from lo plies
// left, a loss from hi (one of them never), a draw below. Else it is the
// piece count's result (the side ahead wins) below lo, a draw from lo
// and the other side's win from hi.
func decodeQuiet(entry []byte, c class, r int) (v, threshold int) {
	lo, hi := int(binary.LittleEndian.Uint16(entry)), int(binary.LittleEndian.Uint16(entry[2:]))
	if c.mover == c.other {
		switch {
		case r >= lo:
			return vWin, lo
		case r >= hi:
			return vLoss, hi
		}
		return vDraw, min(lo, hi)
	}
	switch {
	case r < lo:
		return adjudicate(c), lo
	case r < hi:
		return vDraw, lo
	}
	return negate(adjudicate(c)), hi
}

// conversion returns TableValue.Conversion of a position of class c
// whose quiet-ply entry decodes to the result v and the threshold
// (decodeQuiet): the threshold for a win or loss that a capture decides,
// 0 for a draw and for the piece count's result.
func conversion(c class, v, threshold int) int {
	if v == vDraw || (c.mover != c.other && v == adjudicate(c)) {
		return 0
	}
	return threshold
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
