package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
)

// TestExplorer: the page's book reads, and the explorer's moves of a
// position of its games are the book's, with their text, squares and a
// share of the position's games that adds up to 1; the start has the
// book's moves, an endgame none; a bad position or a damaged book is an
// error.
func TestExplorer(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "static", "book.bin"))
	if err != nil {
		t.Fatal(err)
	}
	x, info, err := NewExplorer(data)
	if err != nil {
		t.Fatal(err)
	}
	if info.Bytes != len(data) || info.Games == 0 || info.Moves < info.Positions || info.Plies != book.DefaultPlies {
		t.Errorf("%+v", info)
	}
	// An opening of the book's games, which their match records started
	// from 92 times.
	const opening = "wwwwww/wwwwww/6/3bb1/bbb2b/bbbbbb b 4 3"
	moves, err := x.Moves(opening)
	if err != nil || len(moves) == 0 {
		t.Fatalf("%v, %v", moves, err)
	}
	p, _ := surakarta.ParsePosition(opening)
	b, _ := book.Read(strings.NewReader(string(data)))
	want := b.Moves(p)
	share := 0.0
	for i, m := range moves {
		w := want[i]
		text, _ := w.Move.MarshalText()
		if m.Move != string(text) || m.From != w.Move.From().String() || m.To != w.Move.To().String() ||
			m.Count != w.Count() || m.Wins != w.Wins || m.Draws != w.Draws || m.Losses != w.Losses || m.Score != w.Score() {
			t.Errorf("move %d: %+v, want %+v", i, m, w)
		}
		share += m.Share
	}
	if share < 0.999999 || share > 1.000001 {
		t.Errorf("the shares add up to %v", share)
	}
	start, _ := surakarta.ParsePosition(surakarta.StartText)
	if moves, err := x.Moves(surakarta.StartText); err != nil || len(moves) == 0 || len(moves) != len(b.Moves(start)) {
		t.Errorf("the start: %v, %v; want the book's %d moves (of its self-play games)", moves, err, len(b.Moves(start)))
	}
	// An endgame, far beyond the book's plies.
	if moves, err := x.Moves("w5/6/2w3/3b2/6/5b b 10 40"); err != nil || len(moves) != 0 {
		t.Errorf("an endgame: %v, %v; want no moves", moves, err)
	}
	if _, err := x.Moves("nonsense"); err == nil {
		t.Error("a bad position: no error")
	}
	if _, _, err := NewExplorer(data[:len(data)-1]); err == nil {
		t.Error("a damaged book: no error")
	}
}
