package surakarta

import (
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/splitmix"
)

// Zobrist keys: one random 64-bit key per (colour, square) and one for White
// to move. They are derived from a fixed seed, so hashes are the same in
// every run and every program.
var (
	zobristPiece [2][NumSquares]uint64
	zobristWhite uint64
)

func init() {
	state := uint64(0x5375_7261_6b61_7274) // "Surakart"
	for c := range zobristPiece {
		for s := range zobristPiece[c] {
			zobristPiece[c][s] = splitmix.Next(&state)
		}
	}
	zobristWhite = splitmix.Next(&state)
	state = 0x7175_6965_7470_6c79 // "quietply"
	for i := range zobristQuiet {
		zobristQuiet[i] = splitmix.Next(&state)
	}
}

// computeHash returns the Zobrist hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for c := range p.pieces {
		for b := p.pieces[c]; b != 0; b &= b - 1 {
			h ^= zobristPiece[c][bits.TrailingZeros64(b)]
		}
	}
	if p.side == White {
		h ^= zobristWhite
	}
	return h
}

// zobristQuiet holds a key per quiet-ply count up to maxQuietKey, mixed into
// the transposition table's key when a quiet-ply limit applies.
var zobristQuiet [maxQuietKey + 1]uint64

const maxQuietKey = 255
