// Package reference is a deliberately plain, slow-but-obvious implementation
// of the Surakarta move rules. It exists only to check faster generators in
// tests; clarity is preferred over speed everywhere.
package reference

import (
	"fmt"
	"sort"
	"strings"
)

// Color of a point: Empty, Black or White.
type Color int8

const (
	Empty Color = 0
	Black Color = 1
	White Color = 2
)

// Other returns the opposing colour (Black<->White). Empty stays Empty.
func (c Color) Other() Color {
	switch c {
	case Black:
		return White
	case White:
		return Black
	}
	return Empty
}

// Board is the array board: index = square, square = (rank-1)*6 + file.
type Board [36]Color

// Move is a legal move. Capture is true for a capture.
type Move struct {
	From, To int
	Capture  bool
}

// The two circuits, written exactly as in the rules text. Between the 6th and
// 7th, 12th and 13th, 18th and 19th, and 24th and 1st entries a corner loop is
// crossed; every other consecutive pair is a straight line step.
const innerCircuitText = "a2 b2 c2 d2 e2 f2  e1 e2 e3 e4 e5 e6  f5 e5 d5 c5 b5 a5  b6 b5 b4 b3 b2 b1"
const outerCircuitText = "a3 b3 c3 d3 e3 f3  d1 d2 d3 d4 d5 d6  f4 e4 d4 c4 b4 a4  c6 c5 c4 c3 c2 c1"

// CircuitLen is the number of entries in each circuit.
const CircuitLen = 24

// Circuits holds the inner circuit (index 0) and the outer circuit (index 1)
// as lists of squares in traversal order.
var Circuits = [2][]int{
	parseSquares(innerCircuitText),
	parseSquares(outerCircuitText),
}

func parseSquares(text string) []int {
	var out []int
	for _, name := range strings.Fields(text) {
		out = append(out, ParseSquare(name))
	}
	if len(out) != CircuitLen {
		panic(fmt.Sprintf("reference: circuit has %d entries, want %d", len(out), CircuitLen))
	}
	return out
}

// ParseSquare turns "a1".."f6" into a square index. It panics on bad input.
func ParseSquare(name string) int {
	if len(name) != 2 || name[0] < 'a' || name[0] > 'f' || name[1] < '1' || name[1] > '6' {
		panic("reference: bad square name " + name)
	}
	file := int(name[0] - 'a')
	rank := int(name[1] - '1')
	return rank*6 + file
}

// SquareName gives "a1".."f6".
func SquareName(s int) string {
	file := s % 6
	rank := s / 6
	return string(rune('a'+file)) + string(rune('1'+rank))
}

// loopBetween reports whether moving from circuit position pos one step in
// direction dir (+1 or -1) crosses a corner loop. Loops sit between positions
// 5|6, 11|12, 17|18 and 23|0.
func loopBetween(pos, dir int) bool {
	if dir == +1 {
		return pos%6 == 5
	}
	return pos%6 == 0
}

// Start returns the start position: Black on ranks 1-2, White on ranks 5-6.
func Start() Board {
	var b Board
	for s := 0; s < 36; s++ {
		rank := s/6 + 1
		if rank <= 2 {
			b[s] = Black
		} else if rank >= 5 {
			b[s] = White
		}
	}
	return b
}

// walk describes one capture walk: the points passed (origin first, target
// last) and the indices i such that a loop lies between points[i-1] and points[i].
type walk struct {
	points     []int
	loopsAfter []int
}

// captureWalks returns every walk from `from` that ends in a capture, for
// the piece standing on `from`. Several walks may end on the same target.
func captureWalks(b Board, from int) []walk {
	me := b[from]
	if me == Empty {
		return nil
	}
	enemy := me.Other()
	var result []walk
	for _, circuit := range Circuits {
		for start := 0; start < CircuitLen; start++ {
			if circuit[start] != from {
				continue
			}
			for _, dir := range []int{+1, -1} {
				pos := start
				points := []int{from}
				var loopsAfter []int
				for step := 1; step <= CircuitLen; step++ {
					if loopBetween(pos, dir) {
						loopsAfter = append(loopsAfter, len(points))
					}
					pos = ((pos+dir)%CircuitLen + CircuitLen) % CircuitLen
					sq := circuit[pos]
					points = append(points, sq)
					if sq == from {
						continue // the origin counts as empty
					}
					if b[sq] == Empty {
						continue
					}
					// First occupied point: the walk ends here.
					if b[sq] == enemy && len(loopsAfter) >= 1 {
						result = append(result, walk{points: points, loopsAfter: loopsAfter})
					}
					break
				}
			}
		}
	}
	return result
}

// LegalMoves returns the legal moves of side, unique by (From, To), sorted by From then To.
func LegalMoves(b Board, side Color) []Move {
	seen := map[[2]int]bool{}
	var moves []Move
	add := func(m Move) {
		key := [2]int{m.From, m.To}
		if seen[key] {
			return
		}
		seen[key] = true
		moves = append(moves, m)
	}
	for from := 0; from < 36; from++ {
		if b[from] != side {
			continue
		}
		// Steps: one point in any of the 8 directions onto an empty point.
		file, rank := from%6, from/6
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if df == 0 && dr == 0 {
					continue
				}
				f, r := file+df, rank+dr
				if f < 0 || f > 5 || r < 0 || r > 5 {
					continue
				}
				to := r*6 + f
				if b[to] == Empty {
					add(Move{From: from, To: to, Capture: false})
				}
			}
		}
		// Captures along the circuits.
		for _, w := range captureWalks(b, from) {
			add(Move{From: from, To: w.points[len(w.points)-1], Capture: true})
		}
	}
	sort.Slice(moves, func(i, j int) bool {
		if moves[i].From != moves[j].From {
			return moves[i].From < moves[j].From
		}
		return moves[i].To < moves[j].To
	})
	return moves
}

// Play returns the board after m (the piece at From goes to To; To's old content is removed).
func Play(b Board, m Move) Board {
	b[m.To] = b[m.From]
	b[m.From] = Empty
	return b
}

// Perft counts leaves to the given depth (depth 0 -> 1), side to move first, sides alternate.
func Perft(b Board, side Color, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range LegalMoves(b, side) {
		n += Perft(Play(b, m), side.Other(), depth-1)
	}
	return n
}

// CapturePath returns a shortest capture path from `from` to `to` for the piece standing on `from`
// (shortest = fewest steps), as the list of points from origin (first) to target (last), every point
// passed in order (a point passed twice appears twice), and loopsAfter: the indices i (1..len-1) such that a
// corner loop is crossed between points[i-1] and points[i]. ok is false when that move is not a capture.
// When several shortest paths exist, the first one found is returned (inner circuit before outer,
// lower circuit position before higher, forward direction before backward).
func CapturePath(b Board, from, to int) (points []int, loopsAfter []int, ok bool) {
	var best *walk
	for _, w := range captureWalks(b, from) {
		if w.points[len(w.points)-1] != to {
			continue
		}
		if best == nil || len(w.points) < len(best.points) {
			w := w
			best = &w
		}
	}
	if best == nil {
		return nil, nil, false
	}
	return best.points, best.loopsAfter, true
}

// IsLoopPair reports whether a and b are the two end points of one corner loop (in either order),
// so that a path step from a to b crosses that loop. (e.g. f2-e1 on the inner circuit, f3-d1 on the outer.)
func IsLoopPair(a, b int) bool {
	for _, circuit := range Circuits {
		for pos := 0; pos < CircuitLen; pos++ {
			next := (pos + 1) % CircuitLen
			if !loopBetween(pos, +1) {
				continue
			}
			x, y := circuit[pos], circuit[next]
			if (x == a && y == b) || (x == b && y == a) {
				return true
			}
		}
	}
	return false
}

// IsLineStep reports whether a and b are neighbours along a straight line of some circuit
// (consecutive in a circuit sequence without a loop between them), in either order.
func IsLineStep(a, b int) bool {
	for _, circuit := range Circuits {
		for pos := 0; pos < CircuitLen; pos++ {
			next := (pos + 1) % CircuitLen
			if loopBetween(pos, +1) {
				continue
			}
			x, y := circuit[pos], circuit[next]
			if (x == a && y == b) || (x == b && y == a) {
				return true
			}
		}
	}
	return false
}
