package session

import (
	"strings"

	"github.com/surakarta-go/surakarta"
)

// How the page writes what the library holds: colours, moves, lines of
// moves, boards and capture paths.

// Path is a capture path: the circuit, the points in order (origin first,
// target last) and the corner loops crossed.
type Path struct {
	Circuit string   `json:"circuit"` // "inner" or "outer"
	Points  []string `json:"points"`
	Loops   []Loop   `json:"loops"`
}

// Loop is a corner loop crossed between Points[Index-1] and Points[Index].
type Loop struct {
	Index  int    `json:"index"`
	Corner string `json:"corner"` // "a1", "f1", "a6" or "f6"
}

// board returns the pieces of p by square, as State.Board.
func board(p surakarta.Position) [36]string {
	var b [36]string
	for sq := range surakarta.Square(surakarta.NumSquares) {
		if c, ok := p.PieceAt(sq); ok {
			b[sq] = colorName(c)
		}
	}
	return b
}

// line writes a line of moves played from p as the page writes moves,
// "b2xe5" for a capture (moveText), separated by spaces: the notation of
// the move list, the hint and the better move, whether or not the moves
// carry their capture bit. A move that is not legal where it stands (a
// search's line is) ends the line.
func line(p surakarta.Position, moves []surakarta.Move) string {
	s := make([]string, 0, len(moves))
	for _, m := range moves {
		legal, err := p.Legal(m)
		if err != nil {
			break
		}
		s = append(s, legal.Notation())
		p.PlayUnchecked(legal)
	}
	return strings.Join(s, " ")
}

func colorName(c surakarta.Color) string { return strings.ToLower(c.String()) }

// pathOf returns the capture path of m in p, or nil for a step.
func pathOf(p surakarta.Position, m surakarta.Move) *Path {
	if !m.IsCapture() {
		return nil
	}
	cp, err := p.CapturePath(m)
	if err != nil {
		return nil
	}
	path := &Path{Circuit: cp.Circuit.String()}
	for _, sq := range cp.Points {
		path.Points = append(path.Points, sq.String())
	}
	for _, l := range cp.Loops {
		path.Loops = append(path.Loops, Loop{Index: l.Index, Corner: l.Loop.Corner.String()})
	}
	return path
}
