package surakartatest

import (
	"fmt"
	"slices"

	"github.com/surakarta-go/surakarta"
)

// PositionFrom turns any bytes, such as a fuzzer's input, into a valid
// position. It never panics, and every valid position comes from some bytes:
// PositionFrom(EncodePosition(p)) == p for every Position p. Missing bytes
// read as zeros, so PositionFrom(nil) is the zero Position, the empty board.
//
// The bytes are read in order:
//
//	side      one byte: even for Black to move, odd for White
//	quiet     the plies since the last capture: a counter code (below)
//	move      the move number: a counter code
//	pieces    every byte left: a piece on square b mod 36 (a1 = 0, b1 = 1, …,
//	          f6 = 35), Black's when b/36 is even and White's when it is odd;
//	          a later piece replaces an earlier one on its square, and a piece
//	          of a colour that has MaxPieces pieces elsewhere is skipped
//
// The number of pieces thus follows the length of the input, so short inputs
// give endgames and long ones crowded boards. A counter code is one byte c:
//
//	0–191     a small value. The quiet plies are c/4 for c < 64, so 0–15 are
//	          the most common, and c−48 above, 16–143, which covers the
//	          common quiet-ply limits (40, 50, 100) and a ply either side.
//	          The move number is c+1, 1–192.
//	192–254   a boundary value, where a counter kept in too narrow an integer
//	          wraps, or its text gains a digit, or play saturates:
//	          2^k−1 and 2^k for k = 8…29, 10^k−1 and 10^k for k = 3…8, and
//	          MaxCounter−6 … MaxCounter.
//	255       any value: the next four bytes, big endian, modulo MaxCounter+1
//	          (a move number of 0 is taken as 1).
//
// The format is part of the API: an input kept in a fuzz corpus stands for
// the same position in every later version of this package.
func PositionFrom(data []byte) surakarta.Position {
	d := decoder{data}
	return d.position()
}

// EncodePosition returns bytes that PositionFrom turns back into p: the side
// to move, the counters, then one byte for each piece in the order of the
// squares. Use it to seed a fuzz corpus with positions of interest:
//
//	f.Add(surakartatest.EncodePosition(p))
func EncodePosition(p surakarta.Position) []byte {
	out := make([]byte, 0, 3+2*surakarta.MaxPieces)
	out = append(out, byte(p.SideToMove()))
	out = quietPlies.append(out, p.QuietPlies(), 0)
	out = moveNumber.append(out, p.MoveNumber(), 0)
	for s := range surakarta.Square(surakarta.NumSquares) {
		if c, ok := p.PieceAt(s); ok {
			out = append(out, byte(s)+surakarta.NumSquares*byte(c))
		}
	}
	return out
}

// GameFrom turns any bytes, such as a fuzzer's input, into a legal game: a
// start position, the rules, and legal moves chosen by the bytes that follow
// until they run out or the game ends. It never panics, and every game comes
// from some bytes: GameFrom(EncodeGame(g)) is a game with the same start
// position, rules, moves and outcome as g. GameFrom(nil) is a game from the
// standard start under the Olympiad rules, with no moves played.
//
// The bytes are read in order:
//
//	start         one byte n: for n mod 64 = 0 the standard start position,
//	              otherwise PositionFrom of the next (n mod 64) − 1 bytes
//	quiet limit   Rules.QuietPlyLimit: a counter code (see PositionFrom).
//	              A small code c counts the plies left before the limit from
//	              the start position's quiet plies q. By c mod 16:
//	                0       q + 50
//	                1       0: the rule is off
//	                2       q: the game is over at the start
//	                3–15    q + 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 30, 100
//	              (at most MaxCounter). A boundary value or any value (codes
//	              192–255) is the limit itself, 0 being off.
//	repetition    Rules.RepetitionLimit: a counter code whose small values are,
//	              by c mod 4, 2, 0 (off), 3 and 4; a limit of 1 is taken as 2
//	end           one byte e: when the moves run out and the rules have not
//	              ended the game, e mod 32 = 1 ends it by Black's resignation,
//	              2 by White's, 3 by a draw agreed, 4 by Black's time forfeit
//	              and 5 by White's; other values leave it going on
//	moves         every byte left, one a ply: byte b plays LegalMoves()[b mod
//	              len(LegalMoves())], captures first
//
// So random bytes make games that are near their end, of every kind: a side
// without pieces or without moves (from a start position near it), the
// quiet-ply limit, repetition, and the ends the players declare.
//
// As for PositionFrom, the format is part of the API, though the move that a
// byte picks follows the order of Position.LegalMoves: should a later
// version of package surakarta list the moves in another order, an input
// would play other moves.
func GameFrom(data []byte) *surakarta.Game {
	d := decoder{data}
	start := surakarta.NewPosition()
	if n := int(d.next() % 64); n > 0 {
		sub := decoder{d.take(n - 1)}
		start = sub.position()
	}
	rules := surakarta.Rules{
		QuietPlyLimit:   quietLimit.decode(&d, start.QuietPlies()),
		RepetitionLimit: repetitionLimit.decode(&d, 0),
	}
	end := d.next() % 32
	g, err := surakarta.NewGameWithRules(start, rules)
	if err != nil {
		panic(fmt.Sprintf("surakartatest: rules %+v do not validate: %v", rules, err))
	}
	for len(d.data) > 0 {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[int(d.next())%len(moves)]); err != nil {
			panic(fmt.Sprintf("surakartatest: a legal move was refused: %v", err))
		}
	}
	declareEnd(g, end)
	return g
}

// declareEnd ends g as the end code says, unless the rules have ended it.
func declareEnd(g *surakarta.Game, end byte) {
	if g.Outcome().Over {
		return
	}
	// The game is not over and the colours are valid, so these cannot fail.
	switch end {
	case endBlackResigns, endWhiteResigns:
		_ = g.Resign(surakarta.Color(end - endBlackResigns))
	case endDrawAgreed:
		_ = g.AgreeDraw()
	case endBlackForfeits, endWhiteForfeits:
		_ = g.ForfeitOnTime(surakarta.Color(end - endBlackForfeits))
	}
}

// The end codes of GameFrom.
const (
	endNone = iota
	endBlackResigns
	endWhiteResigns
	endDrawAgreed
	endBlackForfeits
	endWhiteForfeits
)

// EncodeGame returns bytes that GameFrom turns back into a game with the
// start position, rules, moves and outcome of g: one byte for each move,
// its index in LegalMoves. Use it to seed a fuzz corpus with games of
// interest, such as games read from records:
//
//	f.Add(surakartatest.EncodeGame(record.Game))
func EncodeGame(g *surakarta.Game) []byte {
	var out []byte
	start := g.StartPosition()
	if start == surakarta.NewPosition() {
		out = append(out, 0)
	} else {
		p := EncodePosition(start)
		out = append(out, byte(len(p)+1))
		out = append(out, p...)
	}
	rules := g.Rules()
	out = quietLimit.append(out, rules.QuietPlyLimit, start.QuietPlies())
	out = repetitionLimit.append(out, rules.RepetitionLimit, 0)
	out = append(out, endCode(g.Outcome()))
	positions := g.Positions()
	for i, m := range g.Moves() {
		index := slices.Index(positions[i].LegalMoves(), m)
		if index < 0 {
			panic(fmt.Sprintf("surakartatest: move %v of the game is not legal in %v", m, positions[i]))
		}
		out = append(out, byte(index))
	}
	return out
}

// endCode returns the end code of GameFrom for an outcome: the declared end,
// or endNone.
func endCode(o surakarta.Outcome) byte {
	switch o.Reason {
	case surakarta.Resignation:
		return endBlackResigns + byte(o.Winner.Other())
	case surakarta.DrawAgreement:
		return endDrawAgreed
	case surakarta.TimeForfeit:
		return endBlackForfeits + byte(o.Winner.Other())
	}
	return endNone
}

// decoder reads bytes in order; once they run out it reads zeros.
type decoder struct{ data []byte }

// next returns the next byte, or 0 when there is none.
func (d *decoder) next() byte {
	if len(d.data) == 0 {
		return 0
	}
	b := d.data[0]
	d.data = d.data[1:]
	return b
}

// take returns the next n bytes, or as many as are left.
func (d *decoder) take(n int) []byte {
	n = min(n, len(d.data))
	b := d.data[:n]
	d.data = d.data[n:]
	return b
}

// position reads a position in the format of PositionFrom, using up every
// byte.
func (d *decoder) position() surakarta.Position {
	var p surakarta.Position
	// The values are valid by construction, so the setters cannot fail;
	// Put fails, and is meant to be skipped, for a colour's piece beyond
	// MaxPieces.
	_ = p.SetSideToMove(surakarta.Color(d.next() & 1))
	_ = p.SetQuietPlies(quietPlies.decode(d, 0))
	_ = p.SetMoveNumber(moveNumber.decode(d, 0))
	for _, b := range d.data {
		_ = p.Put(surakarta.Square(b%surakarta.NumSquares), surakarta.Color(b/surakarta.NumSquares&1))
	}
	d.data = nil
	return p
}

// Counter codes (see PositionFrom).
const (
	boundaryCode = 192 // codes 192–254 stand for boundaryValue(code − boundaryCode)
	escapeCode   = 255 // code 255 is followed by the value in four bytes
)

// boundaryValue returns the i-th boundary value, 0 ≤ i < 63: 2^k−1 and 2^k
// for k = 8…29, 10^k−1 and 10^k for k = 3…8, then MaxCounter, MaxCounter−1, …,
// MaxCounter−6.
func boundaryValue(i int) int {
	switch {
	case i < 44:
		return 1<<(8+i/2) - 1 + i%2
	case i < 56:
		i -= 44
		n := 1
		for range 3 + i/2 {
			n *= 10
		}
		return n - 1 + i%2
	}
	return surakarta.MaxCounter - (i - 56)
}

// counter is a number that PositionFrom or GameFrom reads as a counter
// code: small gives the values of the codes below boundaryCode, which may
// depend on a base value, and valid makes any number read valid for the
// counter.
type counter struct {
	small func(code byte, base int) int
	valid func(n int) int
}

// The counters of PositionFrom and GameFrom.
var (
	quietPlies = counter{
		small: func(c byte, _ int) int {
			if c < 64 {
				return int(c) / 4
			}
			return int(c) - 48
		},
		valid: func(n int) int { return n },
	}
	moveNumber = counter{
		small: func(c byte, _ int) int { return int(c) + 1 },
		valid: func(n int) int { return max(n, 1) },
	}
	// The small codes of the quiet-ply limit count the plies left from the
	// base, the start position's quiet plies; code 1 turns the rule off.
	quietLimit = counter{
		small: func(c byte, base int) int {
			if c%16 == 1 {
				return 0
			}
			return min(base+pliesLeft[c%16], surakarta.MaxCounter)
		},
		valid: func(n int) int { return n },
	}
	pliesLeft = [16]int{50, 0, 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 30, 100}

	repetitionLimit = counter{
		small: func(c byte, _ int) int { return [4]int{2, 0, 3, 4}[c%4] },
		valid: func(n int) int {
			if n == 1 {
				return 2
			}
			return n
		},
	}
)

// decode reads a counter code.
func (k counter) decode(d *decoder, base int) int {
	switch c := d.next(); {
	case c < boundaryCode:
		return k.valid(k.small(c, base))
	case c < escapeCode:
		return k.valid(boundaryValue(int(c - boundaryCode)))
	}
	var n uint32
	for range 4 {
		n = n<<8 | uint32(d.next())
	}
	return k.valid(int(n % (surakarta.MaxCounter + 1)))
}

// append appends the code of n, a valid value of the counter: the first
// one-byte code that decodes to n, or the escape code and n.
func (k counter) append(dst []byte, n, base int) []byte {
	for c := range escapeCode {
		d := decoder{[]byte{byte(c)}}
		if k.decode(&d, base) == n {
			return append(dst, byte(c))
		}
	}
	return append(dst, escapeCode, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
}
