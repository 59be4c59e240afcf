package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surakarta-go/surakarta"
)

// Stats are what the table of one class says, counted over all its
// positions, for the side to move: what publishing the tables needs, and
// what probing one position at a time would take a long time to gather.
type Stats struct {
	// Mover and Other are the class: the pieces of the side to move and
	// of the other side.
	Mover, Other int
	// Positions is the number of positions of the class, every placement
	// of the pieces; Wins, Draws and Losses split them. Under a quiet-ply
	// limit they are the values with no quiet plies played.
	Positions, Wins, Draws, Losses uint64
	// LongestWin is the most plies to the end of a won position under
	// capture-all (0 without a win), −1 under a quiet-ply limit, whose
	// tables store no plies to the end.
	LongestWin int
	// LongestWinPosition is the first position, in the table's order, of
	// the longest win, with Black to move; the zero Position when there
	// is none or under a quiet-ply limit.
	LongestWinPosition surakarta.Position
}

// ClassStats counts the table of the class of mover against other pieces
// in dir, made under rules, reading it block by block. It returns an
// error wrapping ErrNotInTables when the table is not there, and one
// wrapping ErrCorrupt or ErrMismatch when it is damaged.
func ClassStats(dir string, rules surakarta.Rules, mover, other int) (Stats, error) {
	if err := rules.Validate(); err != nil {
		return Stats{}, err
	}
	limit := rules.QuietPlyLimit
	c := class{mover, other}
	if mover < 1 || other < 1 || mover+other > maxPieces || limit > maxLimit {
		return Stats{}, fmt.Errorf("%w: no table of %d against %d pieces under a quiet-ply limit of %d", ErrNotInTables, mover, other, limit)
	}
	f, h, err := openTable(filepath.Join(dir, fileName(c, limit)), c, limit)
	if errors.Is(err, os.ErrNotExist) {
		return Stats{}, fmt.Errorf("%w: %v", ErrNotInTables, err)
	}
	if err != nil {
		return Stats{}, err
	}
	defer f.Close()
	s := Stats{Mover: mover, Other: other, Positions: h.positions}
	if limit > 0 {
		s.LongestWin = -1
	}
	longest, found := uint64(0), false
	for b := range uint64(len(h.checksums)) {
		data, err := h.readBlock(f, b)
		if err != nil {
			return Stats{}, fmt.Errorf("%s: %w", f.Name(), err)
		}
		first := b * uint64(h.perBlock)
		for j := range uint64(len(data) / h.entryBytes) {
			entry := data[j*uint64(h.entryBytes):]
			var v int
			if limit == 0 {
				e := binary.LittleEndian.Uint16(entry)
				v = result(e)
				if v == vWin && (!found || plies(e) > s.LongestWin) {
					s.LongestWin, longest, found = plies(e), first+j, true
				}
			} else {
				v, _ = decodeQuiet(entry, c, limit)
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
	if found {
		m, o := c.placement(longest)
		if s.LongestWinPosition, err = surakarta.NewPositionFromSets(surakarta.SquareSet(m), surakarta.SquareSet(o), surakarta.Black); err != nil {
			return Stats{}, err
		}
	}
	return s, nil
}
