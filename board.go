package surakarta

import (
	"fmt"
	"iter"
	"math/bits"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/circuit"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// Color is the colour of a side: Black or White.
type Color uint8

// The two sides. Black moves first.
const (
	Black Color = 0
	White Color = 1
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "Black" or "White".
func (c Color) String() string {
	switch c {
	case Black:
		return "Black"
	case White:
		return "White"
	}
	return "Color(" + strconv.Itoa(int(c)) + ")"
}

// Valid reports whether c is Black or White.
func (c Color) Valid() bool { return c <= White }

// ParseColor parses a colour: "black" or "white", or "b" or "w", in any
// letter case. Other text gives an error wrapping ErrInvalidColor.
func ParseColor(text string) (Color, error) {
	switch strings.ToLower(text) {
	case "black", "b":
		return Black, nil
	case "white", "w":
		return White, nil
	}
	return Black, fmt.Errorf("%w: %q: want black or white (or b or w)", ErrInvalidColor, clip.Text(text))
}

// MarshalText implements encoding.TextMarshaler: "Black" or "White", as
// String writes them (UnmarshalText reads any letter case). A value that
// is neither gives an error wrapping ErrInvalidColor.
func (c Color) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrInvalidColor, c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseColor. On
// error c is unchanged.
func (c *Color) UnmarshalText(text []byte) error {
	parsed, err := ParseColor(string(text))
	if err != nil {
		return err
	}
	*c = parsed
	return nil
}

// Square is a point of the 6×6 board: a1 = 0, b1 = 1, …, f1 = 5, a2 = 6, …,
// f6 = 35. Files a–f run left to right, ranks 1–6 bottom to top, and
// Square = (rank-1)*6 + file.
type Square uint8

// The 36 squares.
const (
	A1, B1, C1, D1, E1, F1 Square = 0, 1, 2, 3, 4, 5
	A2, B2, C2, D2, E2, F2 Square = 6, 7, 8, 9, 10, 11
	A3, B3, C3, D3, E3, F3 Square = 12, 13, 14, 15, 16, 17
	A4, B4, C4, D4, E4, F4 Square = 18, 19, 20, 21, 22, 23
	A5, B5, C5, D5, E5, F5 Square = 24, 25, 26, 27, 28, 29
	A6, B6, C6, D6, E6, F6 Square = 30, 31, 32, 33, 34, 35
)

// NumSquares is the number of points on the board.
const NumSquares = 36

// NewSquare returns the square on file (0 = a … 5 = f) and rank (0 = rank 1 …
// 5 = rank 6). It reports false when either is outside 0..5.
func NewSquare(file, rank int) (Square, bool) {
	if file < 0 || file > 5 || rank < 0 || rank > 5 {
		return 0, false
	}
	return Square(rank*6 + file), true
}

// File returns the file of s, 0 (a) to 5 (f).
func (s Square) File() int { return int(s) % 6 }

// Rank returns the rank of s, 0 (rank 1) to 5 (rank 6).
func (s Square) Rank() int { return int(s) / 6 }

// Valid reports whether s is one of the 36 squares.
func (s Square) Valid() bool { return s < NumSquares }

// String returns the square's name, such as "b2".
func (s Square) String() string {
	if !s.Valid() {
		return "Square(" + strconv.Itoa(int(s)) + ")"
	}
	return string([]byte{'a' + byte(s.File()), '1' + byte(s.Rank())})
}

// ParseSquare parses a square name such as "b2" (any letter case). Other
// text gives an error wrapping ErrInvalidSquare.
func ParseSquare(name string) (Square, error) {
	if len(name) == 2 {
		f := name[0] | 0x20 // lower case
		r := name[1]
		if f >= 'a' && f <= 'f' && r >= '1' && r <= '6' {
			return Square((r-'1')*6 + (f - 'a')), nil
		}
	}
	return 0, fmt.Errorf("%w: %q is not a square a1…f6", ErrInvalidSquare, clip.Text(name))
}

// MarshalText implements encoding.TextMarshaler: the square's name, such
// as "b2". A value that is not a square gives an error wrapping
// ErrInvalidSquare.
func (s Square) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, fmt.Errorf("%w: %v", ErrInvalidSquare, s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseSquare. On
// error s is unchanged.
func (s *Square) UnmarshalText(text []byte) error {
	parsed, err := ParseSquare(string(text))
	if err != nil {
		return err
	}
	*s = parsed
	return nil
}

// SquareSet is a set of squares: bit s is set when square s is in the set.
type SquareSet uint64

// allSquares is the set of all 36 squares.
const allSquares SquareSet = 1<<NumSquares - 1

// Has reports whether s is in the set.
func (set SquareSet) Has(s Square) bool { return s < NumSquares && set&(1<<s) != 0 }

// Count returns the number of squares in the set.
func (set SquareSet) Count() int { return bits.OnesCount64(uint64(set)) }

// All yields the squares of the set in increasing order.
func (set SquareSet) All() iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for b := set & allSquares; b != 0; b &= b - 1 {
			if !yield(Square(bits.TrailingZeros64(uint64(b)))) {
				return
			}
		}
	}
}

// Move is a move from one square to another: a step or a capture. Its bit
// layout is
//
//	bits 0–5   from square
//	bits 6–11  to square
//	bit  12    set for a capture
//
// The moves a Position generates carry the capture bit exactly. A move made
// by NewMove does not know the position and has no capture bit; Position.Legal
// and Game.Play find the legal move with the same squares. A move given to
// them with the capture bit set (ParseMove sets it for "b2xe5") claims to be
// a capture, and is illegal when the squares make a step. The zero Move is
// NoMove, which is never legal.
type Move uint16

// NoMove is the zero Move: no move at all.
const NoMove Move = 0

const moveCaptureBit = 1 << 12

// NewMove returns the move from one square to another, without the capture
// bit (see Move).
func NewMove(from, to Square) Move { return Move(from&63) | Move(to&63)<<6 }

func newCapture(from, to Square) Move { return NewMove(from, to) | moveCaptureBit }

// From returns the square the move starts from.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the move ends on.
func (m Move) To() Square { return Square(m >> 6 & 63) }

// IsCapture reports whether the move captures. Only moves generated by a
// Position, or resolved by Position.Legal, carry this bit.
func (m Move) IsCapture() bool { return m&moveCaptureBit != 0 }

// String returns the move in the canonical notation: from then to, lower
// case, such as "a2a3" or "b2e5" (a capture looks like a step). NoMove is
// "none".
func (m Move) String() string {
	if m == NoMove {
		return "none"
	}
	return m.From().String() + m.To().String()
}

// valid reports whether m is NoMove or a move that ParseMove can write:
// two different squares and no bit above the capture bit.
func (m Move) valid() bool {
	return m == NoMove || m>>13 == 0 && m.From().Valid() && m.To().Valid() && m.From() != m.To()
}

// MarshalText implements encoding.TextMarshaler. It writes String, with an
// "x" between the squares of a move that has the capture bit ("b2xe5"), so
// that UnmarshalText gives back the same value; NoMove is "none". A value
// that is no move (a square out of range, from = to, unused bits set) gives
// an error wrapping ErrInvalidMove.
func (m Move) MarshalText() ([]byte, error) {
	switch {
	case !m.valid():
		return nil, fmt.Errorf("%w: Move(%d) is not a move", ErrInvalidMove, uint16(m))
	case m.IsCapture():
		return []byte(m.From().String() + "x" + m.To().String()), nil
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler: "none" is NoMove,
// anything else is read by ParseMove. On error m is unchanged.
func (m *Move) UnmarshalText(text []byte) error {
	if string(text) == "none" {
		*m = NoMove
		return nil
	}
	parsed, err := ParseMove(string(text))
	if err != nil {
		return err
	}
	*m = parsed
	return nil
}

// ParseMove parses a move such as "a2a3", "a2-a3" or "b2xe5", in any letter
// case. An "x" between the squares claims a capture and sets the capture
// bit, which Position.Legal and Game.Play then check (see Move); a move
// written without it, or with "-", claims nothing. Malformed text gives an
// error wrapping ErrInvalidMove, and also ErrInvalidSquare when a square is
// wrong.
func ParseMove(text string) (Move, error) {
	s := text
	var claim Move
	if len(s) == 5 && (s[2] == '-' || s[2] == 'x' || s[2] == 'X') {
		if s[2] != '-' {
			claim = moveCaptureBit
		}
		s = s[:2] + s[3:]
	}
	if len(s) != 4 {
		return NoMove, fmt.Errorf("%w: %q: want from and to squares, such as \"a2a3\"", ErrInvalidMove, clip.Text(text))
	}
	from, err := ParseSquare(s[:2])
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, text, err)
	}
	to, err := ParseSquare(s[2:])
	if err != nil {
		return NoMove, fmt.Errorf("%w: %q: %w", ErrInvalidMove, text, err)
	}
	if from == to {
		return NoMove, fmt.Errorf("%w: %q: from and to are the same square", ErrInvalidMove, text)
	}
	return NewMove(from, to) | claim, nil
}

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

// String returns the position in the text format that ParsePosition reads,
// such as "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1".
func (p Position) String() string {
	b, _ := p.MarshalText()
	return string(b)
}

// MarshalText implements encoding.TextMarshaler with the format of String.
func (p Position) MarshalText() ([]byte, error) {
	out := make([]byte, 0, 48)
	for rank := 5; rank >= 0; rank-- {
		empty := 0
		for file := 0; file < 6; file++ {
			c, ok := p.PieceAt(Square(rank*6 + file))
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				out = append(out, byte('0'+empty))
				empty = 0
			}
			out = append(out, "bw"[c])
		}
		if empty > 0 {
			out = append(out, byte('0'+empty))
		}
		if rank > 0 {
			out = append(out, '/')
		}
	}
	out = append(out, ' ', "bw"[p.side], ' ')
	out = strconv.AppendUint(out, uint64(p.quietPlies), 10)
	out = append(out, ' ')
	out = strconv.AppendUint(out, uint64(p.fullMoves)+1, 10)
	return out, nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParsePosition. On
// error p is unchanged.
func (p *Position) UnmarshalText(text []byte) error {
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePosition parses a position text (see the package documentation,
// "Position text"):
//
//	<ranks> <side> [<quiet plies> <move number>]
//
// The ranks run from 6 down to 1, separated by '/'; in each, files a→f: 'b'
// for Black, 'w' for White, a digit 1–6 for that many empty points. Side is
// 'b' or 'w'. The counters default to 0 and 1, and go up to MaxCounter.
// Letters may be in any case. Malformed text or more than 12 pieces of a
// colour is rejected with an error wrapping ErrInvalidPosition that quotes
// at most the start of the text. An empty board is accepted: it is the zero
// Position, a finished game.
func ParsePosition(text string) (Position, error) {
	bad := func(format string, args ...any) (Position, error) {
		return Position{}, fmt.Errorf("%w: %q: %s", ErrInvalidPosition, clip.Text(text), fmt.Sprintf(format, args...))
	}
	fields := strings.Fields(text)
	if len(fields) != 2 && len(fields) != 4 {
		return bad("want 2 or 4 fields (ranks, side[, quiet plies, move number]), got %d", len(fields))
	}
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 6 {
		return bad("want 6 ranks separated by '/', got %d", len(ranks))
	}
	var p Position
	for i, row := range ranks {
		rank := 5 - i
		file := 0
		for j := 0; j < len(row); j++ {
			ch := row[j]
			switch {
			case ch >= '1' && ch <= '6':
				file += int(ch - '0')
			case ch|0x20 == 'b' || ch|0x20 == 'w':
				if file < 6 {
					c := Black
					if ch|0x20 == 'w' {
						c = White
					}
					p.pieces[c] |= 1 << (rank*6 + file)
				}
				file++
			default:
				return bad("rank %d: unexpected %q (want b, w or a digit 1-6)", rank+1, ch)
			}
			if file > 6 {
				return bad("rank %d is wider than 6 points", rank+1)
			}
		}
		if file != 6 {
			return bad("rank %d has %d points, want 6", rank+1, file)
		}
	}
	for _, c := range [2]Color{Black, White} {
		if n := p.Count(c); n > MaxPieces {
			return bad("%v has %d pieces, at most %d allowed", c, n, MaxPieces)
		}
	}
	switch strings.ToLower(fields[1]) {
	case "b":
		p.side = Black
	case "w":
		p.side = White
	default:
		return bad("side to move %q is not b or w", clip.Text(fields[1]))
	}
	if len(fields) == 4 {
		quiet, ok := parseCount(fields[2])
		if !ok {
			return bad("quiet plies %q is not a number 0…%d", clip.Text(fields[2]), MaxCounter)
		}
		moveNumber, ok := parseCount(fields[3])
		if !ok || moveNumber < 1 {
			return bad("move number %q is not a number 1…%d", clip.Text(fields[3]), MaxCounter)
		}
		p.quietPlies = uint32(quiet)
		p.fullMoves = uint32(moveNumber - 1)
	}
	p.setDerived()
	return p, nil
}

// setDerived computes the hash and the circuit occupancy from the placement.
func (p *Position) setDerived() {
	p.hash = p.computeHash()
	p.rings = [2]uint64{circuit.Gather(p.pieces[Black]), circuit.Gather(p.pieces[White])}
}

// Diagram returns the board drawn in text, rank 6 on top, with 'b' for
// Black, 'w' for White and '.' for an empty point:
//
//	6  w w w w w w
//	5  w w w w w w
//	4  . . . . . .
//	3  . . . . . .
//	2  b b b b b b
//	1  b b b b b b
//	   a b c d e f
func (p Position) Diagram() string {
	var sb strings.Builder
	for rank := 5; rank >= 0; rank-- {
		sb.WriteByte(byte('1' + rank))
		sb.WriteByte(' ')
		for file := 0; file < 6; file++ {
			sb.WriteByte(' ')
			c, ok := p.PieceAt(Square(rank*6 + file))
			switch {
			case !ok:
				sb.WriteByte('.')
			default:
				sb.WriteByte("bw"[c])
			}
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("   a b c d e f\n")
	return sb.String()
}
