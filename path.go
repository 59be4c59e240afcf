package surakarta

import (
	"fmt"

	"github.com/surakarta-go/surakarta/internal/circuit"
)

// Circuit names one of the two circuits a capture travels on.
type Circuit uint8

// The two circuits (see the package documentation, "Rules").
const (
	// InnerCircuit runs along ranks 2 and 5 and files b and e, joined by the
	// small corner loops.
	InnerCircuit Circuit = 0
	// OuterCircuit runs along ranks 3 and 4 and files c and d, joined by the
	// large corner loops.
	OuterCircuit Circuit = 1
)

// String returns "inner" or "outer".
func (c Circuit) String() string {
	switch c {
	case InnerCircuit:
		return "inner"
	case OuterCircuit:
		return "outer"
	}
	return fmt.Sprintf("Circuit(%d)", uint8(c))
}

// Loop is one of the eight corner loops: the loop of a circuit that goes
// round one corner of the board.
type Loop struct {
	Circuit Circuit
	Corner  Square // A1, F1, A6 or F6
}

// String returns a name such as "inner loop at f1".
func (l Loop) String() string { return l.Circuit.String() + " loop at " + l.Corner.String() }

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
