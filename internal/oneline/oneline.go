// Package oneline writes what must fit on one line of a protocol, a
// state file or a note: text with its white space folded, and moves in
// the library's notation. The engine's servers and clients, the match's
// SPSA and the engine's notes share it, so that each line is written one
// way.
package oneline

import (
	"strings"

	"github.com/surakarta-go/surakarta"
)

// Text folds the white space of s, line breaks included, into single
// spaces, so that s fits on one line.
func Text(s string) string { return strings.Join(strings.Fields(s), " ") }

// Moves returns moves in the library's notation (Move.String, no capture
// marks), separated by spaces, as UGI and GTP write a line of moves.
func Moves(moves []surakarta.Move) string {
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = m.String()
	}
	return strings.Join(texts, " ")
}

// Notations returns moves as people read them (Move.Notation, "b2xe5" for
// a capture), separated by spaces.
func Notations(moves []surakarta.Move) string {
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = m.Notation()
	}
	return strings.Join(texts, " ")
}
