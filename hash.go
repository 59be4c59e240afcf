package surakarta

import "math/bits"

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
			zobristPiece[c][s] = splitMix64(&state)
		}
	}
	zobristWhite = splitMix64(&state)
	state = 0x7175_6965_7470_6c79 // "quietply"
	for i := range zobristQuiet {
		zobristQuiet[i] = splitMix64(&state)
	}
}

// splitMix64 advances state and returns the next number of the SplitMix64
// generator.
func splitMix64(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
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
