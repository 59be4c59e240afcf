package surakartatest

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/surakarta-go/surakarta"
)

// RandomPosition returns a random valid position drawn from r, for property
// tests that run over many seeds. Each side has 0 to MaxPieces pieces, each
// number equally likely, and either side is to move. The pieces stand on
// random squares, except in one position in eight, which is crowded: the
// side to move's pieces are packed into a corner and the opponent's around
// them, so that pieces are blocked and the side to move may have no move at
// all. The counters are drawn as PositionFrom reads random bytes: mostly
// small, sometimes a boundary value, now and then any value up to MaxCounter.
//
// The same state of r gives the same position; a later version of this
// package may draw different positions.
func RandomPosition(r *rand.Rand) surakarta.Position {
	side := surakarta.Color(r.IntN(2))
	data := []byte{byte(side)}
	data = appendRandomCode(data, r) // quiet plies
	data = appendRandomCode(data, r) // move number
	first, second := surakarta.Black, surakarta.White
	counts := [2]int{r.IntN(surakarta.MaxPieces + 1), r.IntN(surakarta.MaxPieces + 1)} // of first and second
	squares := r.Perm(surakarta.NumSquares)
	if r.IntN(8) == 0 {
		// Crowded: the squares in rings round a corner, the side to move's
		// pieces first.
		first, second = side, side.Other()
		corner, _ := surakarta.NewSquare(5*r.IntN(2), 5*r.IntN(2))
		slices.SortStableFunc(squares, func(a, b int) int {
			return distance(corner, surakarta.Square(a)) - distance(corner, surakarta.Square(b))
		})
	}
	for i, s := range squares[:counts[0]+counts[1]] {
		c := first
		if i >= counts[0] {
			c = second
		}
		data = append(data, byte(s)+surakarta.NumSquares*byte(c))
	}
	return PositionFrom(data)
}

// distance returns the number of king steps between two squares.
func distance(a, b surakarta.Square) int {
	return max(abs(a.File()-b.File()), abs(a.Rank()-b.Rank()))
}

// abs returns the absolute value of n.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// RandomGame returns a random legal game drawn from r: the standard start
// position or, as often, a RandomPosition; random rules, drawn as GameFrom
// reads random bytes, so often with a quiet-ply limit a few plies ahead and
// sometimes with a rule turned off; then up to plies random legal moves,
// fewer when the game ends sooner. About one game in six that the moves
// leave going on is then ended by the players: a resignation, a draw agreed
// or a time forfeit.
//
// The same state of r gives the same game; a later version of this package
// may draw different games.
func RandomGame(r *rand.Rand, plies int) *surakarta.Game {
	var data []byte
	if r.IntN(2) == 0 {
		data = append(data, 0)
	} else {
		p := EncodePosition(RandomPosition(r))
		data = append(data, byte(len(p)+1))
		data = append(data, p...)
	}
	data = appendRandomCode(data, r) // quiet-ply limit
	data = appendRandomCode(data, r) // repetition limit
	data = append(data, endNone)
	g := GameFrom(data)
	for range plies {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if err := g.Play(moves[r.IntN(len(moves))]); err != nil {
			panic(fmt.Sprintf("surakartatest: a legal move was refused: %v", err))
		}
	}
	declareEnd(g, byte(r.IntN(32)))
	return g
}

// appendRandomCode appends a random counter code to dst, with its four bytes
// after the escape code.
func appendRandomCode(dst []byte, r *rand.Rand) []byte {
	c := byte(r.IntN(256))
	dst = append(dst, c)
	if c == escapeCode {
		dst = binary.BigEndian.AppendUint32(dst, r.Uint32())
	}
	return dst
}
