package surakarta

import (
	"fmt"
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/circuit"
)

// MaxPieces is the most pieces a side can have: the 12 it starts with.
const MaxPieces = 12

// Position is a placement of the pieces together with the side to move, the
// plies since the last capture and the move number. It is a small value with
// no pointers inside: copy it with =, compare it with ==.
//
// Methods that only read a position have value receivers, so they work on
// any Position value, such as g.Position().CountMoves(). Methods that change
// it (Play, PlayUnchecked, Put, Remove, the Set methods, UnmarshalText) have
// pointer receivers. Every Position these methods can make is valid: at most
// MaxPieces pieces of each colour and counters within MaxCounter, and its
// text parses back to the same value.
//
// The zero Position is an empty board with Black to move at move 1. Use
// NewPosition for the start, ParsePosition for any other, or build one from
// the empty board with Put.
type Position struct {
	pieces     [2]uint64 // bitboards indexed by Color; bit s = square s
	hash       uint64    // Zobrist hash of pieces and side, kept up to date
	rings      [2]uint64 // each colour's places on both circuits (circuit.Gather), kept up to date
	quietPlies uint32    // plies since the last capture, at most MaxCounter
	fullMoves  uint32    // completed moves of White: move number − 1, at most MaxCounter−1
	side       Color
}

// MaxCounter bounds a position's counters: the plies since the last capture
// are at most MaxCounter and the move number is at most MaxCounter. Playing
// a move does not take a counter past it (it stays there), so every position
// prints a text that parses back.
const MaxCounter = 999_999_999

// StartText is the text of the start position.
const StartText = "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"

// NewPosition returns the start position: Black on ranks 1–2, White on ranks
// 5–6, Black to move.
func NewPosition() Position {
	var p Position
	p.pieces[Black] = 1<<12 - 1
	p.pieces[White] = (1<<12 - 1) << 24
	p.setDerived()
	return p
}

// SideToMove returns the side to move.
func (p Position) SideToMove() Color { return p.side }

// PieceAt returns the colour of the piece on s, and false when s is empty
// (or not a square).
func (p Position) PieceAt(s Square) (Color, bool) {
	if s >= NumSquares {
		return Black, false
	}
	switch {
	case p.pieces[Black]&(1<<s) != 0:
		return Black, true
	case p.pieces[White]&(1<<s) != 0:
		return White, true
	}
	return Black, false
}

// Pieces returns the squares occupied by c.
func (p Position) Pieces(c Color) SquareSet { return SquareSet(p.pieces[c&1]) }

// Count returns the number of pieces of c.
func (p Position) Count(c Color) int { return bits.OnesCount64(p.pieces[c&1]) }

// QuietPlies returns the number of plies played since the last capture (or
// since the position was set up).
func (p Position) QuietPlies() int { return int(p.quietPlies) }

// MoveNumber returns the move number: 1 at the start, increased after each
// move of White.
func (p Position) MoveNumber() int { return int(p.fullMoves) + 1 }

// Hash returns the Zobrist hash of the placement and the side to move. Equal
// placements with the same side to move have equal hashes, whatever the
// counters; it is updated incrementally as moves are played.
func (p Position) Hash() uint64 { return p.hash }

// Put places a piece of colour c on s, replacing whatever stood there. It
// returns an error wrapping ErrInvalidPosition, leaving p unchanged, when s
// is not a square, c is not a colour, or c has MaxPieces pieces elsewhere.
// The counters are kept.
func (p *Position) Put(s Square, c Color) error {
	switch {
	case !s.Valid():
		return fmt.Errorf("%w: cannot put a piece on %v", ErrInvalidPosition, s)
	case !c.Valid():
		return fmt.Errorf("%w: cannot put a piece of %v", ErrInvalidPosition, c)
	case bits.OnesCount64(p.pieces[c]&^(1<<s)) >= MaxPieces:
		return fmt.Errorf("%w: cannot put a piece of %v on %v: %v has %d pieces already", ErrInvalidPosition, c, s, c, MaxPieces)
	}
	p.pieces[c^1] &^= 1 << s
	p.pieces[c] |= 1 << s
	p.setDerived()
	return nil
}

// NewPositionFromSets returns the position with Black's pieces on black,
// White's on white and c to move, its counters at zero: a quick way to
// build many positions, as endgame table generators do. It returns an
// error wrapping ErrInvalidPosition when a set holds a bit that is not a
// square or more than MaxPieces squares, or the sets share a square, and
// one wrapping ErrInvalidColor when c is not a colour.
func NewPositionFromSets(black, white SquareSet, c Color) (Position, error) {
	switch {
	case !c.Valid():
		return Position{}, fmt.Errorf("%w: %v cannot be to move", ErrInvalidColor, c)
	case (black|white)&^SquareSet(allSquares) != 0:
		return Position{}, fmt.Errorf("%w: a set holds bits that are not squares: %#x", ErrInvalidPosition, uint64((black|white)&^SquareSet(allSquares)))
	case black&white != 0:
		return Position{}, fmt.Errorf("%w: both colours on %v", ErrInvalidPosition, Square(bits.TrailingZeros64(uint64(black&white))))
	case black.Count() > MaxPieces || white.Count() > MaxPieces:
		return Position{}, fmt.Errorf("%w: %d black and %d white pieces: at most %d a side", ErrInvalidPosition, black.Count(), white.Count(), MaxPieces)
	}
	var p Position
	p.pieces = [2]uint64{uint64(black), uint64(white)}
	p.side = c
	p.setDerived()
	return p, nil
}

// Remove empties s. It returns an error wrapping ErrInvalidPosition when s
// is not a square. The counters are kept.
func (p *Position) Remove(s Square) error {
	if !s.Valid() {
		return fmt.Errorf("%w: cannot remove a piece from %v", ErrInvalidPosition, s)
	}
	p.pieces[Black] &^= 1 << s
	p.pieces[White] &^= 1 << s
	p.setDerived()
	return nil
}

// SetSideToMove sets the side to move. It returns an error wrapping
// ErrInvalidColor when c is not a colour.
func (p *Position) SetSideToMove(c Color) error {
	if !c.Valid() {
		return fmt.Errorf("%w: %v cannot be to move", ErrInvalidColor, c)
	}
	p.side = c
	p.setDerived()
	return nil
}

// SetQuietPlies sets the number of plies since the last capture, 0 to
// MaxCounter; another number gives an error wrapping ErrInvalidPosition.
func (p *Position) SetQuietPlies(n int) error {
	if n < 0 || n > MaxCounter {
		return fmt.Errorf("%w: quiet plies %d is not a number 0…%d", ErrInvalidPosition, n, MaxCounter)
	}
	p.quietPlies = uint32(n)
	return nil
}

// SetMoveNumber sets the move number, 1 to MaxCounter; another number gives
// an error wrapping ErrInvalidPosition.
func (p *Position) SetMoveNumber(n int) error {
	if n < 1 || n > MaxCounter {
		return fmt.Errorf("%w: move number %d is not a number 1…%d", ErrInvalidPosition, n, MaxCounter)
	}
	p.fullMoves = uint32(n - 1)
	return nil
}

// samePlacement reports whether p and q have the same pieces on the same
// squares and the same side to move: the test for a repeated position.
func (p Position) samePlacement(q Position) bool {
	return p.pieces == q.pieces && p.side == q.side
}

// setDerived computes the hash and the circuit occupancy from the placement.
func (p *Position) setDerived() {
	p.hash = p.computeHash()
	p.rings = [2]uint64{circuit.Gather(p.pieces[Black]), circuit.Gather(p.pieces[White])}
}
