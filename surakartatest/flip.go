package surakartatest

import "github.com/surakarta-go/surakarta"

// Flip returns p seen from the other side: the board turned top to bottom
// (rank r becomes rank 7−r, files kept) with the colours of the pieces
// swapped, and the other side to move; the counters are kept. Black's a1
// becomes White's a6.
//
// The rules treat both sides alike and are symmetric under this reflection,
// so a position and its flip are the same game with the names of the sides
// swapped: the side to move has the same moves, flipped (see FlipMove), and
// a correct evaluator gives both the same score. An evaluator that fails
// this has a bug, such as a term that reads a square table for one colour
// the wrong way up, or that counts the wrong side's pieces; CheckEvaluator
// checks it. (The move number is kept too, though in a game it counts the
// moves of Black and White together: an evaluator that works out the plies
// played from it and the side to move may see them differ by one.)
//
// Flip is its own inverse: Flip(Flip(p)) == p.
func Flip(p surakarta.Position) surakarta.Position {
	var q surakarta.Position
	// The flip of a valid position is valid, so the builder cannot fail.
	for _, c := range [2]surakarta.Color{surakarta.Black, surakarta.White} {
		for s := range p.Pieces(c).All() {
			_ = q.Put(flipSquare(s), c.Other())
		}
	}
	_ = q.SetSideToMove(p.SideToMove().Other())
	_ = q.SetQuietPlies(p.QuietPlies())
	_ = q.SetMoveNumber(p.MoveNumber())
	return q
}

// FlipMove returns m with its squares turned top to bottom, as Flip turns
// the board, and its capture bit kept: the move of Flip(p) that corresponds
// to m in p. A value that is no move keeps what is not a move about it:
// NoMove, and any other value with the same square twice, is returned as it
// is, and a square out of range is kept. FlipMove is its own inverse.
func FlipMove(m surakarta.Move) surakarta.Move {
	if m.From() == m.To() {
		return m
	}
	const squareBits = 1<<12 - 1 // bits 0–11: from and to (see surakarta.Move)
	from, to := surakarta.Move(flipSquare(m.From())), surakarta.Move(flipSquare(m.To()))
	return from | to<<6 | m&^squareBits
}

// flipSquare returns s on the same file and the mirrored rank; a value that
// is not a square is returned as it is.
func flipSquare(s surakarta.Square) surakarta.Square {
	if !s.Valid() {
		return s
	}
	return surakarta.Square((5-s.Rank())*6 + s.File())
}
