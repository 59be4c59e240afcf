package session

import (
	"bytes"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
)

// Explorer answers the page's opening explorer: the moves an opening book
// holds for a position, with how often they were played and how they
// scored.
type Explorer struct {
	book *book.Book
}

// BookInfo describes an explorer's book.
type BookInfo struct {
	Games     int `json:"games"`
	Plies     int `json:"plies"`
	Positions int `json:"positions"`
	Moves     int `json:"moves"`
	Bytes     int `json:"bytes"`
}

// BookMove is one book move of a position, for the page: Move as the
// move list writes it ("a2xb2" for a capture), From and To its squares,
// Count the games that played it, Share its part of the position's
// games, Wins, Draws and Losses for its mover, and Score its score for
// the mover, 0 to 1.
type BookMove struct {
	Move   string  `json:"move"`
	From   string  `json:"from"`
	To     string  `json:"to"`
	Count  int     `json:"count"`
	Share  float64 `json:"share"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
}

// NewExplorer reads a book file, as package book writes it.
func NewExplorer(data []byte) (*Explorer, BookInfo, error) {
	b, err := book.Read(bytes.NewReader(data))
	if err != nil {
		return nil, BookInfo{}, err
	}
	return &Explorer{book: b}, BookInfo{Games: b.Games(), Plies: b.Plies(), Positions: b.Positions(), Moves: b.Entries(), Bytes: len(data)}, nil
}

// Moves returns the book's moves of the position of the position text,
// the most played first, and none when the book does not hold it.
func (x *Explorer) Moves(position string) ([]BookMove, error) {
	p, err := surakarta.ParsePosition(position)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	stats := x.book.Moves(p)
	total := 0
	for _, m := range stats {
		total += m.Count()
	}
	moves := make([]BookMove, len(stats))
	for i, m := range stats {
		moves[i] = BookMove{
			Move: m.Move.Notation(), From: m.Move.From().String(), To: m.Move.To().String(),
			Count: m.Count(), Share: float64(m.Count()) / float64(total),
			Wins: m.Wins, Draws: m.Draws, Losses: m.Losses, Score: m.Score(),
		}
	}
	return moves, nil
}
