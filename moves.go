package surakarta

import (
	"fmt"
	"iter"
	"math/bits"
	"slices"

	"github.com/surakarta-go/surakarta/internal/bitboard"
	"github.com/surakarta-go/surakarta/internal/circuit"
)

// MaxMoves bounds the number of legal moves in any position: at most 12
// pieces with at most 8 steps each, and at most 16 captures (see below).
const MaxMoves = 112

// Captures are found by the walks of internal/circuit: at most one walk
// forward and one backward from each of the four lines of each circuit.

// maxCaptures bounds the captures of one side: one per walk.
const maxCaptures = circuit.NumWalks

// The bound above holds by construction.
var _ [MaxMoves - (MaxPieces*8 + maxCaptures)]struct{}
var _ [(MaxPieces*8 + maxCaptures) - MaxMoves]struct{}

// neighbors holds the step targets of each square.
var neighbors = func() (n [NumSquares]uint64) {
	for s := Square(0); s < NumSquares; s++ {
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if t, ok := NewSquare(s.File()+df, s.Rank()+dr); ok && t != s {
					n[s] |= 1 << t
				}
			}
		}
	}
	return n
}()

// captures writes the capture moves of side c to list, each once, and returns
// their number.
func (p *Position) captures(c Color, list *[maxCaptures]Move) int {
	ownRings, enemyRings := p.rings[c&1], p.rings[c&1^1]
	n := 0
	for ci := range 2 {
		own, enemy := circuit.Doubled(ownRings, ci), circuit.Doubled(enemyRings, ci)
		d := own | enemy
		points := &circuit.RingPoint[ci]
		origin := &circuit.OriginBits[ci]
		for k := uint(0); k < circuit.Len; k += 6 {
			segment := d >> k & 63
			if segment == 0 {
				continue
			}
			if hi := uint(bits.Len64(segment)-1) & 7; own>>(k+hi)&1 != 0 {
				x := points[k+hi] & 63
				if t := circuit.ForwardHit(d, origin[x], k, hi); enemy>>t&1 != 0 {
					n = addCapture(list, n, newCapture(Square(x), Square(points[t&127])))
				}
			}
			if lo := uint(bits.TrailingZeros64(segment)) & 7; own>>(k+lo)&1 != 0 {
				x := points[k+lo] & 63
				if t := circuit.BackwardHit(d, origin[x], k, lo); enemy>>t&1 != 0 {
					n = addCapture(list, n, newCapture(Square(x), Square(points[t&127])))
				}
			}
		}
	}
	return n
}

// captureCounts returns the number of capture moves of each colour, finding
// both with one pass over the walks.
func (p *Position) captureCounts() [2]int {
	var lists [2][maxCaptures]Move
	var n [2]int
	for ci := range 2 {
		black, white := circuit.Doubled(p.rings[Black], ci), circuit.Doubled(p.rings[White], ci)
		d := black | white
		points := &circuit.RingPoint[ci]
		origin := &circuit.OriginBits[ci]
		for k := uint(0); k < circuit.Len; k += 6 {
			segment := d >> k & 63
			if segment == 0 {
				continue
			}
			// A walk captures when it meets a piece of the other colour.
			hi := uint(bits.Len64(segment)-1) & 7
			x := points[k+hi] & 63
			if t := circuit.ForwardHit(d, origin[x], k, hi); (black>>(k+hi)^black>>t)&(d>>t)&1 != 0 {
				c := white >> (k + hi) & 1
				n[c] = addCapture(&lists[c], n[c], newCapture(Square(x), Square(points[t&127])))
			}
			lo := uint(bits.TrailingZeros64(segment)) & 7
			x = points[k+lo] & 63
			if t := circuit.BackwardHit(d, origin[x], k, lo); (black>>(k+lo)^black>>t)&(d>>t)&1 != 0 {
				c := white >> (k + lo) & 1
				n[c] = addCapture(&lists[c], n[c], newCapture(Square(x), Square(points[t&127])))
			}
		}
	}
	return n
}

// addCapture adds m to list[:n] unless it is there already (two walks that
// reach the same target are one move) and returns the new length.
func addCapture(list *[maxCaptures]Move, n int, m Move) int {
	for _, seen := range list[:n] {
		if seen == m {
			return n
		}
	}
	list[n&(maxCaptures-1)] = m
	return n + 1
}

// empty returns the empty points of p.
func (p *Position) empty() uint64 { return ^(p.pieces[Black] | p.pieces[White]) & uint64(allSquares) }

// AppendLegalMoves appends the legal moves of the side to move to dst and
// returns the extended slice: captures first, then steps. It allocates
// nothing when dst has room for MaxMoves more moves, and then writes the
// moves straight into it.
func (p Position) AppendLegalMoves(dst []Move) []Move {
	if n := len(dst); cap(dst)-n >= MaxMoves {
		return dst[:n+len(p.appendMoves((*[MaxMoves]Move)(dst[n:n+MaxMoves])))]
	}
	var buf [MaxMoves]Move
	return append(dst, p.appendMoves(&buf)...)
}

// appendMoves writes the legal moves of the side to move to list and returns
// them as a slice of it: captures first, then steps.
func (p *Position) appendMoves(list *[MaxMoves]Move) []Move {
	n := p.captures(p.side, (*[maxCaptures]Move)(list[:maxCaptures]))
	empty := p.empty()
	for b := p.pieces[p.side]; b != 0; b &= b - 1 {
		from := Square(bits.TrailingZeros64(b))
		for t := neighbors[from] & empty; t != 0; t &= t - 1 {
			list[n] = move(from, Square(bits.TrailingZeros64(t)))
			n++
		}
	}
	return list[:n]
}

// LegalMoves returns the legal moves of the side to move, captures first.
// Game-end rules are not applied: a side with no pieces has no moves.
func (p Position) LegalMoves() []Move {
	var buf [MaxMoves]Move
	return slices.Clone(p.appendMoves(&buf))
}

// LegalMovesSeq yields the legal moves of the side to move, in the order
// of LegalMoves, without allocating.
func (p Position) LegalMovesSeq() iter.Seq[Move] {
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
func (p Position) CountMoves() int { return p.countMoves() }

// countMoves is CountMoves for the hot paths, without copying p.
func (p *Position) countMoves() int {
	var caps [maxCaptures]Move
	return bitboard.CountSteps(p.pieces[p.side], p.empty()) + p.captures(p.side, &caps)
}

// hasMove reports whether the side to move has a legal move: the capture
// walks run only when no piece can step.
func (p *Position) hasMove() bool {
	if bitboard.CountSteps(p.pieces[p.side], p.empty()) > 0 {
		return true
	}
	var caps [maxCaptures]Move
	return p.captures(p.side, &caps) > 0
}

// PlayUnchecked plays m without checking that it is legal: the fast path for
// search and perft. m must be one of p's legal moves (from LegalMoves or
// AppendLegalMoves, or checked with Legal); whether it captures is decided by
// the board, not by m's capture bit. For any other move the result is
// unspecified, though it never panics and never adds pieces. Use Play or
// Game.Play for moves from users.
func (p *Position) PlayUnchecked(m Move) {
	from, to := m.From(), m.To()
	if from >= NumSquares || to >= NumSquares || from == to || p.pieces[p.side]&(1<<from) == 0 {
		return
	}
	side, other := p.side, p.side^1
	p.pieces[side] ^= 1<<from | 1<<to
	p.hash ^= zobristPiece[side][from] ^ zobristPiece[side][to] ^ zobristWhite
	p.rings[side] ^= circuit.RingMask[from] ^ circuit.RingMask[to]
	if p.pieces[other]&(1<<to) != 0 {
		p.pieces[other] ^= 1 << to
		p.rings[other] ^= circuit.RingMask[to]
		p.hash ^= zobristPiece[other][to]
		p.quietPlies = 0
	} else if p.quietPlies < MaxCounter {
		p.quietPlies++
	}
	if side == White && p.fullMoves < MaxCounter-1 {
		p.fullMoves++
	}
	p.side = other
}

// Legal returns the legal move of p that goes from m.From() to m.To(), with
// its capture bit set when it captures. When there is none, or when m
// claims a capture (its capture bit is set) and the squares make a step, it
// returns an error wrapping ErrIllegalMove that says why.
func (p Position) Legal(m Move) (Move, error) {
	from, to := m.From(), m.To()
	illegal := func(format string, args ...any) (Move, error) {
		return NoMove, fmt.Errorf("%w: %v: %s", ErrIllegalMove, m, fmt.Sprintf(format, args...))
	}
	if m == NoMove || from == to || !m.valid() {
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
		if m.IsCapture() {
			return illegal("written as a capture, but %v is empty: a capture ends on an enemy piece", to)
		}
		if neighbors[from]&(1<<to) == 0 {
			return illegal("a step goes to a neighbouring point, and %v is not next to %v", to, from)
		}
		return move(from, to), nil
	}
	var caps [maxCaptures]Move
	for _, c := range caps[:p.captures(p.side, &caps)] {
		if c.From() == from && c.To() == to {
			return c, nil
		}
	}
	if len(circuit.Occurrences[from]) == 0 {
		return illegal("%v is a corner, on no circuit, so it cannot capture", from)
	}
	return illegal("no circuit path from %v reaches %v over empty points after crossing a loop", from, to)
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
