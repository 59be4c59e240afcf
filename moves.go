package surakarta

import (
	"fmt"
	"iter"
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/circuit"
)

// MaxMoves bounds the number of legal moves in any position: at most 12
// pieces, each with at most 8 steps and at most 4 captures (a square lies at
// most twice on the circuits, and each place has two directions).
const MaxMoves = MaxPieces * (8 + 4)

// How captures are found.
//
// Each circuit's occupancy is a 24-bit ring (circuit.Gather), doubled to 48
// bits so that any 23 consecutive ring points are one shift away. For a piece
// at ring index i, the window w holds the points at distances 1…23 from it,
// bit b being the point i+1+b, with the origin's own bits removed (the origin
// counts as empty). The first piece met walking forward is w's lowest bit and
// the first met walking backward is its highest bit. A loop lies after every
// sixth ring point, so a forward walk from i crosses one before its hit
// exactly when the hit's bit index is at least 5 − i%6, and a backward walk
// when it is at most 22 − i%6. A walk that meets nothing within 23 points
// has come back to the (empty) origin: a full lap, no capture.

const window = 1<<(circuit.Len-1) - 1 // 23 bits: distances 1…23

// place is one occurrence of a square on a circuit, with what the capture
// search needs about it.
type place struct {
	circuit uint8  // circuit.Inner or circuit.Outer
	start   uint8  // i+1: the doubled-ring bit of window bit 0
	minFwd  uint8  // lowest window bit a forward walk may capture on
	maxBack uint8  // highest window bit a backward walk may capture on
	origin  uint64 // the square's own bits in the doubled ring
}

var (
	neighbors [NumSquares]uint64                                  // step targets of each square
	places    [NumSquares][2]place                                // occurrences on the circuits
	numPlaces [NumSquares]uint8                                   // how many of places are used
	ringPoint [2][2 * circuit.Len]uint8                           // square at each doubled-ring index
	ringSpan  = [2]uint64{1<<circuit.Len - 1, 1<<circuit.Len - 1} // bits of one ring
)

func init() {
	for s := Square(0); s < NumSquares; s++ {
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if t, ok := NewSquare(s.File()+df, s.Rank()+dr); ok && t != s {
					neighbors[s] |= 1 << t
				}
			}
		}
		for k, o := range circuit.Occurrences[s] {
			r := o.Index % 6
			own := circuit.RingMask[s] >> circuit.Shift[o.Circuit] & ringSpan[o.Circuit]
			places[s][k] = place{
				circuit: o.Circuit,
				start:   o.Index + 1,
				minFwd:  5 - r,
				maxBack: 22 - r,
				origin:  own | own<<circuit.Len,
			}
			numPlaces[s]++
		}
	}
	for c := 0; c < 2; c++ {
		for i := range ringPoint[c] {
			ringPoint[c][i] = circuit.Square[c][i%circuit.Len]
		}
	}
}

func trailingZeros(b uint64) int { return bits.TrailingZeros64(b) }

// rings returns the doubled occupancy ring of each circuit.
func rings(occupied uint64) [2]uint64 {
	packed := circuit.Gather(occupied)
	inner := packed & ringSpan[0]
	outer := packed >> circuit.Shift[1] & ringSpan[1]
	return [2]uint64{inner | inner<<circuit.Len, outer | outer<<circuit.Len}
}

// captureTargets returns the squares that a piece on s can reach by a capture
// walk, given the doubled rings, before filtering for enemies: the first
// piece met on every walk that crossed a loop.
func captureTargets(s Square, ring *[2]uint64) uint64 {
	var targets uint64
	for k := uint8(0); k < numPlaces[s]; k++ {
		pl := &places[s][k]
		w := (ring[pl.circuit] &^ pl.origin) >> pl.start & window
		if w == 0 {
			continue
		}
		if lo := uint8(bits.TrailingZeros64(w)); lo >= pl.minFwd {
			targets |= 1 << ringPoint[pl.circuit][pl.start+lo]
		}
		if hi := uint8(63 - bits.LeadingZeros64(w)); hi <= pl.maxBack {
			targets |= 1 << ringPoint[pl.circuit][pl.start+hi]
		}
	}
	return targets
}

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice. Captures come first. It allocates nothing when
// dst has room (MaxMoves always suffices).
func (p *Position) AppendLegalMoves(dst []Move) []Move {
	own, enemy := p.pieces[p.side], p.pieces[p.side^1]
	occupied := own | enemy
	ring := rings(occupied)
	for b := own; b != 0; b &= b - 1 {
		from := Square(bits.TrailingZeros64(b))
		for t := captureTargets(from, &ring) & enemy; t != 0; t &= t - 1 {
			dst = append(dst, newCapture(from, Square(bits.TrailingZeros64(t))))
		}
	}
	empty := ^occupied
	for b := own; b != 0; b &= b - 1 {
		from := Square(bits.TrailingZeros64(b))
		for t := neighbors[from] & empty; t != 0; t &= t - 1 {
			dst = append(dst, NewMove(from, Square(bits.TrailingZeros64(t))))
		}
	}
	return dst
}

// LegalMoves returns the legal moves of the side to move, captures first.
// Game-end rules are not applied: a side with no pieces has no moves.
func (p Position) LegalMoves() []Move {
	return p.AppendLegalMoves(make([]Move, 0, 32))
}

// Moves yields the legal moves of the side to move, in the order of
// LegalMoves, without allocating.
func (p Position) Moves() iter.Seq[Move] {
	return func(yield func(Move) bool) {
		var buf [MaxMoves]Move
		for _, m := range p.AppendLegalMoves(buf[:0]) {
			if !yield(m) {
				return
			}
		}
	}
}

// CountMoves returns the number of legal moves of the side to move (steps and
// captures), without listing them.
func (p *Position) CountMoves() int {
	steps, captures := p.countMoves(p.side)
	return steps + captures
}

// countMoves counts the steps and the captures that side c could play.
func (p *Position) countMoves(c Color) (steps, captures int) {
	own, enemy := p.pieces[c], p.pieces[c^1]
	occupied := own | enemy
	ring := rings(occupied)
	empty := ^occupied
	for b := own; b != 0; b &= b - 1 {
		from := Square(bits.TrailingZeros64(b))
		steps += bits.OnesCount64(neighbors[from] & empty)
		captures += bits.OnesCount64(captureTargets(from, &ring) & enemy)
	}
	return steps, captures
}

// PlayUnchecked plays m without checking that it is legal: the fast path for
// search and perft. m must be one of p's legal moves (from LegalMoves or
// AppendLegalMoves, or checked with Legal); whether it captures is decided by
// the board, not by m's capture bit. For any other move the result is
// unspecified, though it never panics and never adds pieces. Use Play or
// Game.Play for moves from users.
func (p *Position) PlayUnchecked(m Move) {
	from, to := m.From(), m.To()
	if from >= NumSquares || to >= NumSquares || p.pieces[p.side]&(1<<from) == 0 {
		return
	}
	side, other := p.side, p.side^1
	p.pieces[side] ^= 1<<from | 1<<to
	p.hash ^= zobristPiece[side][from] ^ zobristPiece[side][to] ^ zobristWhite
	if p.pieces[other]&(1<<to) != 0 {
		p.pieces[other] ^= 1 << to
		p.hash ^= zobristPiece[other][to]
		p.quietPlies = 0
	} else {
		p.quietPlies++
	}
	if side == White {
		p.fullMoves++
	}
	p.side = other
}

// Legal returns the legal move of p that goes from m.From() to m.To(), with
// its capture bit set when it captures. When there is none it returns an
// error wrapping ErrIllegalMove that says why.
func (p *Position) Legal(m Move) (Move, error) {
	from, to := m.From(), m.To()
	illegal := func(format string, args ...any) (Move, error) {
		return NoMove, fmt.Errorf("%w: %v: %s", ErrIllegalMove, m, fmt.Sprintf(format, args...))
	}
	if m == NoMove || from == to {
		return illegal("not a move")
	}
	c, ok := p.PieceAt(from)
	switch {
	case !ok:
		return illegal("no piece on %v", from)
	case c != p.side:
		return illegal("the piece on %v is %v's, but %v is to move", from, c, p.side)
	}
	own, enemy := p.pieces[p.side], p.pieces[p.side^1]
	if own&(1<<to) != 0 {
		return illegal("%v holds a piece of %v's own", to, p.side)
	}
	if enemy&(1<<to) == 0 {
		if neighbors[from]&(1<<to) == 0 {
			return illegal("a step goes to a neighbouring point, and %v is not next to %v", to, from)
		}
		return NewMove(from, to), nil
	}
	ring := rings(own | enemy)
	if captureTargets(from, &ring)&(1<<to) == 0 {
		if numPlaces[from] == 0 {
			return illegal("%v is a corner, on no circuit, so it cannot capture", from)
		}
		return illegal("no circuit path from %v reaches %v over empty points after crossing a loop", from, to)
	}
	return newCapture(from, to), nil
}

// Play plays m if it is legal in p and returns an error wrapping
// ErrIllegalMove if not, leaving p unchanged. Only m's squares matter: a move
// from ParseMove is accepted when the position has a legal move between the
// same squares.
func (p *Position) Play(m Move) error {
	legal, err := p.Legal(m)
	if err != nil {
		return err
	}
	p.PlayUnchecked(legal)
	return nil
}

// Perft returns the number of leaf nodes of the legal-move tree of the given
// depth: 1 for depth 0, 0 for a negative depth. No game-end rule is applied.
// The last ply is counted without being played.
func (p Position) Perft(depth int) uint64 {
	if depth < 0 {
		return 0
	}
	if depth == 0 {
		return 1
	}
	return perft(&p, depth)
}

func perft(p *Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var buf [MaxMoves]Move
	var nodes uint64
	for _, m := range p.AppendLegalMoves(buf[:0]) {
		child := *p
		child.PlayUnchecked(m)
		nodes += perft(&child, depth-1)
	}
	return nodes
}
