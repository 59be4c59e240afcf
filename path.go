package surakarta

import (
	"fmt"

	"github.com/surakarta-go/surakarta/internal/circuit"
)

// LoopCrossing is a loop crossed by a capture path.
type LoopCrossing struct {
	Index int  // the loop lies between Points[Index-1] and Points[Index]
	Loop  Loop // which loop
}

// CapturePath is the way a capturing piece travels: what a GUI animates.
type CapturePath struct {
	Circuit Circuit        // the circuit travelled
	Points  []Square       // origin first, target last, every point passed in order
	Loops   []LoopCrossing // the loops crossed, in order (at least one)
}

// CapturePath returns the path of the capture m in p. When several paths
// reach the target it returns a shortest one (fewest points), preferring the
// inner circuit, then the first of the origin's places on the circuit, then
// the forward direction of the traversal order given in the package
// documentation. It returns an error wrapping ErrIllegalMove when m is not a
// legal capture in p.
func (p Position) CapturePath(m Move) (CapturePath, error) {
	legal, err := p.Legal(m)
	if err != nil {
		return CapturePath{}, err
	}
	if !legal.IsCapture() {
		return CapturePath{}, fmt.Errorf("%w: %v is a step, not a capture", ErrIllegalMove, m)
	}
	from, to := m.From(), m.To()
	occupied := p.pieces[Black] | p.pieces[White]
	best := CapturePath{}
	for _, place := range circuit.Occurrences[from] {
		for _, dir := range [2]int{1, circuit.Len - 1} { // forward, backward
			path, ok := walk(occupied, from, to, place, dir)
			if ok && (best.Points == nil || len(path.Points) < len(best.Points)) {
				best = path
			}
		}
	}
	return best, nil
}

// walk follows a circuit from one place of from in direction dir (+1, or −1
// as Len−1) and reports the path when its first piece met after a loop is on
// to.
func walk(occupied uint64, from, to Square, place circuit.Occurrence, dir int) (CapturePath, bool) {
	path := CapturePath{Circuit: Circuit(place.Circuit), Points: []Square{from}}
	i := int(place.Index)
	for range circuit.Len {
		next := (i + dir) % circuit.Len
		forward := dir == 1
		if (forward && circuit.LoopAfter(i)) || (!forward && circuit.LoopAfter(next)) {
			path.Loops = append(path.Loops, LoopCrossing{
				Index: len(path.Points),
				Loop:  loopBetween(path.Circuit, Square(circuit.Square[place.Circuit][i])),
			})
		}
		i = next
		s := Square(circuit.Square[place.Circuit][i])
		path.Points = append(path.Points, s)
		if s != from && occupied&(1<<s) != 0 {
			return path, s == to && len(path.Loops) > 0
		}
	}
	return CapturePath{}, false
}

// loopBetween returns the loop of circuit c that has s as one end: every
// loop end lies in the 3×3 quarter of the board around the loop's corner.
func loopBetween(c Circuit, s Square) Loop {
	file, rank := 0, 0
	if s.File() >= 3 {
		file = 5
	}
	if s.Rank() >= 3 {
		rank = 5
	}
	corner, _ := NewSquare(file, rank)
	return Loop{Circuit: c, Corner: corner}
}
