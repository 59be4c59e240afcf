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
	// LongestWinPosition is the first position of the longest win, with
	// Black to move, in the order of placements (the mover's set of
	// points, then the other side's, each in colexicographic order); the
	// zero Position when there is none or under a quiet-ply limit.
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
	s := Stats{Mover: mover, Other: other, Positions: c.placements()}
	if limit > 0 {
		s.LongestWin = -1
	}
	// An entry stands for its orbit's positions (indexing): it counts as
	// many, and an entry no position takes counts none.
	cur := canonical.newCursor(c, 0)
	var longest [2]uint64 // the longest win's first placement: the mover's points, the other side's
	found := false
	for b := range uint64(len(h.checksums)) {
		data, err := h.readBlock(f, b)
		if err != nil {
			return Stats{}, fmt.Errorf("%s: %w", f.Name(), err)
		}
		first := b * uint64(h.perBlock)
		for j := range uint64(len(data) / h.entryBytes) {
			if first+j > 0 {
				cur.next()
			}
			positions := uint64(numSymmetries)
			if cur.symmetric {
				m, o := cur.placement()
				mi, oi := imagesOf(m), imagesOf(o)
				n, kept := canonical.orbit(c, &mi, &oi)
				if !kept {
					continue
				}
				positions = uint64(n)
			}
			entry := data[j*uint64(h.entryBytes):]
			var v int
			if limit == 0 {
				e := binary.LittleEndian.Uint16(entry)
				v = result(e)
				if v == vWin && (!found || plies(e) >= s.LongestWin) {
					if first := firstImage(cur.placement()); !found || plies(e) > s.LongestWin || less(first, longest) {
						s.LongestWin, longest, found = plies(e), first, true
					}
				}
			} else {
				v, _ = decodeQuiet(entry, c, limit)
			}
			switch v {
			case vWin:
				s.Wins += positions
			case vLoss:
				s.Losses += positions
			default:
				s.Draws += positions
			}
		}
	}
	if found {
		if s.LongestWinPosition, err = surakarta.NewPositionFromSets(surakarta.SquareSet(longest[0]), surakarta.SquareSet(longest[1]), surakarta.Black); err != nil {
			return Stats{}, err
		}
	}
	return s, nil
}

// firstImage returns the first of the images of the placement with the
// mover's pieces on mover and the other side's on other, in the order of
// placements: the mover's set, then the other side's, as numbers (their
// colexicographic order).
func firstImage(mover, other uint64) [2]uint64 {
	mi, oi := imagesOf(mover), imagesOf(other)
	first := [2]uint64{mover, other}
	for k := range mi {
		if img := [2]uint64{mi[k], oi[k]}; less(img, first) {
			first = img
		}
	}
	return first
}

// less orders placements as firstImage does.
func less(a, b [2]uint64) bool {
	return a[0] < b[0] || (a[0] == b[0] && a[1] < b[1])
}
