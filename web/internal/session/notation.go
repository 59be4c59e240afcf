package session

import (
	"strings"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta"
)

// How the page writes what the library holds: colours, moves, lines of
// moves, boards and capture paths.

// Path and Loop are the board's capture path (package boardjson), which
// the page's messages carry.
type (
	Path = boardjson.Path
	Loop = boardjson.Loop
)

// board returns the pieces of p by square, as State.Board.
func board(p surakarta.Position) [36]string {
	var b [36]string
	for sq := range surakarta.Square(surakarta.NumSquares) {
		if c, ok := p.PieceAt(sq); ok {
			b[sq] = boardjson.ColorName(c)
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
