package tablebase

import (
	"fmt"

	"github.com/surakarta-go/surakarta"
)

// ClassStats is what a class's table says: how many of its positions are
// won, drawn and lost for the side to move, and its longest win.
type ClassStats struct {
	Mover, Other        int    // the class: the side to move's pieces, the other side's
	Positions           uint64 // every placement, with the mover to move
	Wins, Draws, Losses uint64
	// LongestWin is the most plies to the end of a won position of the
	// class (capture-all tables; 0 under a quiet-ply limit), and
	// LongestWinExample the first such position, Black to move.
	LongestWin        int
	LongestWinExample surakarta.Position
}

// Stats reads the whole table of the class and counts its results. Under
// a quiet-ply limit the results are those of positions with no quiet
// plies: right after a capture, with the whole limit left.
func (t *Tables) Stats(mover, other int) (ClassStats, error) {
	c := class{mover, other}
	tf := t.files[c]
	if tf == nil {
		return ClassStats{}, fmt.Errorf("%w: no table of %d against %d pieces", ErrNotInTables, mover, other)
	}
	s := ClassStats{Mover: mover, Other: other, Positions: tf.h.positions}
	longest := uint64(0)
	for b := range uint64(len(tf.h.checksums)) {
		data, err := tf.h.readBlock(tf.f, b)
		if err != nil {
			return ClassStats{}, fmt.Errorf("%s: %w", tf.f.Name(), err)
		}
		first := b * uint64(tf.h.perBlock)
		eb := uint64(tf.h.entryBytes)
		for j := range uint64(len(data)) / eb {
			e := data[j*eb:]
			var v int
			if t.limit == 0 {
				code := uint16(e[0]) | uint16(e[1])<<8
				v = result(code)
				if v == vWin && plies(code) > s.LongestWin {
					s.LongestWin, longest = plies(code), first+j
				}
			} else {
				v = int(e[t.limit/4] >> (2 * (t.limit % 4)) & 3)
			}
			switch v {
			case vWin:
				s.Wins++
			case vLoss:
				s.Losses++
			default:
				s.Draws++
			}
		}
	}
	if s.LongestWin > 0 {
		m, o := c.placement(longest)
		s.LongestWinExample, _ = surakarta.NewPositionFromSets(surakarta.SquareSet(m), surakarta.SquareSet(o), surakarta.Black)
	}
	return s, nil
}
