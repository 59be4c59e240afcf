package book

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// BenchmarkMoves looks up a position of the page's book (web/static),
// which holds moves for it: a binary search and a legality check of each
// stored move.
func BenchmarkMoves(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "web", "static", "book.bin"))
	if err != nil {
		b.Skip(err)
	}
	var bk Book
	if err := bk.UnmarshalBinary(data); err != nil {
		b.Fatal(err)
	}
	p, err := surakarta.ParsePosition("wwwwww/wwwwww/6/3bb1/bbb2b/bbbbbb b 4 3")
	if err != nil {
		b.Fatal(err)
	}
	if len(bk.Moves(p)) == 0 {
		b.Fatal("no moves")
	}
	for b.Loop() {
		bk.Moves(p)
	}
}

// BenchmarkRead reads and checks the page's book.
func BenchmarkRead(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "web", "static", "book.bin"))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		var bk Book
		if err := bk.UnmarshalBinary(data); err != nil {
			b.Fatal(err)
		}
	}
}
