// Package nnue is the network evaluator of package surakarta: its inputs,
// its integer inference, its weights file and the embedded weights, in one
// place for the evaluator and for the trainer (cmd/surakarta-tune net),
// which must compute what the evaluator computes.
//
// The network sees a position twice, once from each side's point of view
// (a perspective). From Black's, the inputs are the 36 squares of Black's
// pieces, then the 36 of White's; from White's, the 36 of White's pieces,
// then Black's, each square turned half round (s → 35 − s), so that both
// sides see the board as Black does at the start, moving up. A first layer
// of Hidden units is shared by both perspectives; its sums, the
// accumulator, change by a column of weights for each piece that appears
// or leaves, so the search keeps them up to date from the parent's as
// moves are played (Accumulator.Update) instead of summing all the pieces
// again. The two perspectives' units, the side to move's first, are
// clipped to [0, 1] and feed either the output directly, or a second
// layer of Second units, clipped to [0, 1] again, then the output. The
// output layer has a set of weights for each of Buckets ranges of the
// number of pieces on the board (the output buckets of chess networks),
// so that the opening and the ending weigh the units apart. The
// output is the logit of the side to move's win probability; divided by
// the scale K of the Tuned evaluator (tunedeval.Scale) it is a score in
// the unit of evaluation.
//
// Inference is in integers, the same on every platform: the first layer's
// weights and sums are int16 in 1/QA steps (an activation of 1 is QA), the
// second layer's weights int8 in 1/QB, the output's int16 in 1/QO.
package nnue

import (
	"math/bits"
)

// The network's sizes.
const (
	// Squares is the number of squares of the board.
	Squares = 36
	// Inputs is the number of inputs of a perspective: own pieces, then
	// the opponent's, a square each.
	Inputs = 2 * Squares
	// MaxHidden bounds Hidden, the first layer's units a perspective.
	MaxHidden = 256
	// MaxSecond bounds Second, the second layer's units.
	MaxSecond = 64
	// MaxBuckets bounds Buckets, the output layer's sets of weights.
	MaxBuckets = 8
	// MaxPieces is the most pieces on the board: 12 a side.
	MaxPieces = 24
)

// The quantization steps.
const (
	// QA is the first layer's step: its weights, biases and sums are in
	// 1/QA, and a unit clipped to [0, 1] is an integer 0…QA.
	QA = 127
	// QB is the second layer's weight step: its weights are int8 in 1/QB,
	// so they lie within ±127/QB.
	QB = 64
	// QO is the output layer's weight step.
	QO = 256
)

// Net is a network with integer weights, ready for inference.
type Net struct {
	// Hidden is the first layer's units a perspective; Second is the
	// second layer's units, 0 for none (the first layer feeds the output).
	Hidden, Second int
	// W1 holds the first layer's weights, Hidden for each input, input
	// by input (W1[f*Hidden+i]); B1 its biases, all in 1/QA.
	W1, B1 []int16
	// W2 holds the second layer's weights, 2·Hidden for each unit, unit
	// by unit (W2[j*2*Hidden+i]), in 1/QB; B2 its biases in 1/(QA·QB).
	W2 []int8
	B2 []int32
	// Buckets is the number of the output layer's sets of weights, each
	// for a range of the number of pieces on the board (Bucket).
	Buckets int
	// WO holds the output's weights, for each bucket one for each unit of
	// the layer below (2·Hidden without a second layer, Second with one),
	// bucket by bucket, in 1/QO; BO the buckets' biases in 1/(QA·QO).
	WO []int16
	BO []int32
	// Divisor turns the output into a score: QA·QO·K, rounded, where K is
	// the slope of the win probability per point of the score.
	Divisor int32
}

// Accumulator holds the first layer's sums for both perspectives,
// V[view][i] for Black's (0) and White's (1), and the placement they were
// summed for.
type Accumulator struct {
	Pieces [2]uint64
	V      [2][MaxHidden]int16
}

// Feature returns the input of a piece of colour c (0 Black, 1 White) on
// square s from view's perspective.
func Feature(view, c uint8, s int) int {
	if view == 1 {
		s = (5-s/6)*6 + s%6
	}
	if c != view {
		s += Squares
	}
	return s
}

// Refresh sums the first layer for the placement pieces (Black's and
// White's bitboards), in both perspectives. It panics on a piece beyond
// the board's squares, which has no weights.
func (n *Net) Refresh(a *Accumulator, pieces *[2]uint64) {
	if (pieces[0]|pieces[1])>>Squares != 0 {
		panic(errOffBoard)
	}
	h := n.Hidden
	w := n.W1[:Inputs*h]
	var rows [Inputs]int32
	for view := range uint8(2) {
		k := appendRows(&rows, 0, view, 0, pieces[0], h)
		k = appendRows(&rows, k, view, 1, pieces[1], h)
		update(a.V[view][:h], n.B1[:h], w, rows[:k], nil)
	}
	a.Pieces = *pieces
}

// Update makes a the accumulator of the placement pieces from from, the
// accumulator of another placement, by the columns of the squares that
// changed: fewer additions than Refresh when few did, as after a move.
// It panics on a piece beyond the board's squares, in either placement.
func (n *Net) Update(a, from *Accumulator, pieces *[2]uint64) {
	if (pieces[0]|pieces[1]|from.Pieces[0]|from.Pieces[1])>>Squares != 0 {
		panic(errOffBoard)
	}
	h := n.Hidden
	w := n.W1[:Inputs*h]
	var rows [Inputs]int32 // the squares where a colour gains a piece and loses one are apart: 72 rows at most
	for view := range uint8(2) {
		k := appendRows(&rows, 0, view, 0, pieces[0]&^from.Pieces[0], h)
		k = appendRows(&rows, k, view, 1, pieces[1]&^from.Pieces[1], h)
		added := k
		k = appendRows(&rows, k, view, 0, from.Pieces[0]&^pieces[0], h)
		k = appendRows(&rows, k, view, 1, from.Pieces[1]&^pieces[1], h)
		update(a.V[view][:h], from.V[view][:h], w, rows[:added], rows[added:k])
	}
	a.Pieces = *pieces
}

// errOffBoard is the panic of Refresh and Update for a piece beyond the
// board's squares: the kernels read the weights of each piece's input
// unchecked, so the input must be one of the Inputs.
const errOffBoard = "nnue: a piece beyond the board's squares"

// appendRows writes to rows from k on the offsets in W1 of the columns of
// the pieces b of colour c from view's perspective, for Hidden h, and
// returns the next k.
func appendRows(rows *[Inputs]int32, k int, view, c uint8, b uint64, h int) int {
	for ; b != 0; b &= b - 1 {
		rows[k] = int32(Feature(view, c, bits.TrailingZeros64(b)) * h)
		k++
	}
	return k
}

// Changes returns how many squares differ between two placements: the
// columns Update adds or takes away for each perspective.
func Changes(x, y *[2]uint64) int {
	return bits.OnesCount64(x[0]^y[0]) + bits.OnesCount64(x[1]^y[1])
}

// Output returns the network's output for the accumulator a with side
// (0 Black, 1 White) to move: the logit of its win probability in
// 1/(QA·QO).
func (n *Net) Output(a *Accumulator, side uint8) int32 {
	h := n.Hidden
	us, them := a.V[side&1][:h], a.V[side&1^1][:h]
	b := Bucket(n.Buckets, bits.OnesCount64(a.Pieces[0]|a.Pieces[1]))
	if n.Second == 0 {
		wo := n.WO[b*2*h : (b+1)*2*h]
		return n.BO[b] + dotClipped(us, wo[:h]) + dotClipped(them, wo[h:])
	}
	var buf [2 * MaxHidden]uint8
	x := buf[:2*h]
	clip(x[:h], us)
	clip(x[h:], them)
	out := n.BO[b]
	for j, wo := range n.WO[b*n.Second : (b+1)*n.Second] {
		s := n.B2[j] + dot8(x, n.W2[j*2*h:(j+1)*2*h])
		out += min(max(s, 0), QA*QB) / QB * int32(wo)
	}
	return out
}

// Bucket returns the output bucket, 0 to buckets−1, of a position of
// pieces pieces: the buckets split 1 to MaxPieces pieces into equal
// ranges.
func Bucket(buckets, pieces int) int {
	return min(max(pieces-1, 0)*buckets/MaxPieces, buckets-1)
}

// Score returns the network's score of the placement in a for side to
// move, in points: the output divided by Divisor.
func (n *Net) Score(a *Accumulator, side uint8) int {
	return int(n.Output(a, side) / n.Divisor)
}
