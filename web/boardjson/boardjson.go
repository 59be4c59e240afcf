// Package boardjson is what the page's board (static/board.js) reads of
// the library, as JSON: a colour's name and a capture path. The page's
// engine (internal/session) and the server's games (the server module)
// both send it, so that the board is told one way.
package boardjson

import (
	"strings"

	"github.com/surakarta-go/surakarta"
)

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

// PathOf returns the capture path of m in p, or nil for a step (or a
// move that is no capture of p).
func PathOf(p surakarta.Position, m surakarta.Move) *Path {
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

// ColorName returns a colour as the page names it: "black" or "white".
func ColorName(c surakarta.Color) string { return strings.ToLower(c.String()) }
