package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/booktest"
)

// bookFile writes the book of one game, 1. d2d3 won by Black, and
// returns its path: d2d3 is not the engine's own first move (f2f3 at
// depth 8, c2d3 at depth 1).
func bookFile(t *testing.T) string { return booktest.Write(t, 2, "1-0", "d2d3") }

// TestBookOption: with Book set the engine plays the book's move at the
// start and searches after it; a damaged book is refused and the book
// before stays; the empty value plays from none.
func TestBookOption(t *testing.T) {
	name := bookFile(t)
	damaged := filepath.Join(t.TempDir(), "damaged.bin")
	data, _ := os.ReadFile(name)
	os.WriteFile(damaged, data[:len(data)-1], 0o644)
	p := startEngine(t, "engine with a book")
	bestmove := func(position string) (string, []string) {
		t.Helper()
		p.send(position, "go depth 1")
		lines, last := p.untilPrefix("bestmove ")
		return strings.TrimPrefix(last, "bestmove "), lines
	}
	p.send("setoption name Book value "+name, "isready")
	if lines, _ := p.untilPrefix("readyok"); !slices.Contains(lines, "info string book "+name+": 1 games, 2 plies, 1 positions, 1 moves") {
		t.Errorf("no note of the book read: %q", lines)
	}
	if m, lines := bestmove("position startpos"); m != "d2d3" || !slices.Equal(lines, []string{"info string book move d2d3: 1 games, score 100%, W/D/L 1/0/0", "info nodes 0 nps 0 time 0 pv d2d3"}) {
		t.Errorf("from the book: bestmove %s after %q, want d2d3 after a note and an info line", m, lines)
	}
	p.send("setoption name Book value "+damaged, "isready")
	if lines, _ := p.untilPrefix("readyok"); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: setoption: option Book: "+damaged+": book: invalid book: truncated") {
		t.Errorf("the damaged book: %q", lines)
	}
	if m, _ := bestmove("position startpos"); m != "d2d3" {
		t.Errorf("after the damaged book was refused: bestmove %s, want the book's d2d3", m)
	}
	if m, lines := bestmove("position startpos moves d2d3"); len(lines) < 2 || m == "" {
		t.Errorf("out of the book: bestmove %q after %q, want a search", m, lines)
	}
	p.send("setoption name Book value <empty>")
	if m, _ := bestmove("position startpos"); m == "d2d3" {
		t.Errorf("without a book: bestmove %s, the book's", m)
	}
}

// TestBookSettings: BookPlies, BookVariety and BookByScore reach the
// book searcher, and a Level below 10 plays from the book too.
func TestBookSettings(t *testing.T) {
	e := newEngine()
	for _, o := range [][2]string{{"Book", bookFile(t)}, {"BookPlies", "1"}, {"BookVariety", "0"}, {"BookByScore", "true"}, {"Level", "3"}} {
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	s, ok := e.Searcher().(*book.Searcher)
	if !ok || s.Plies != 1 || s.Choice != (book.Choice{Variety: 0, ByScore: true}) || s.Book.Games() != 1 {
		t.Fatalf("%#v", e.Searcher())
	}
	if _, isBook := s.Next.(*book.Searcher); isBook || s.Next == nil {
		t.Errorf("Next is %T", s.Next)
	}
	for _, bad := range [][2]string{{"BookPlies", "256"}, {"BookVariety", "101"}, {"BookByScore", "maybe"}, {"Book", t.TempDir()}} {
		if err := e.SetOption(bad[0], bad[1]); err == nil {
			t.Errorf("%s %s: accepted", bad[0], bad[1])
		}
	}
}

// TestBookGTP: under GTP, surakarta-setoption Book sets the book (its
// notes go to stderr), and genmove at the start plays its move, with a
// note that it came from the book.
func TestBookGTP(t *testing.T) {
	name := bookFile(t)
	p := startEngine(t, "gtp with a book", "-gtp", "-movetime", "50ms")
	for _, tc := range []struct{ command, want string }{
		{"surakarta-setoption Book " + name, "="},
		{"clear_board", "="},
		{"genmove b", "= d2d3"},
		{"surakarta-setoption BookVariety 101", "? option BookVariety: want a whole number from 0 to 100, not \"101\""},
	} {
		if got := gtpAnswer(t, p, tc.command); len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: %q, want %q", tc.command, got, tc.want)
		}
	}
	if note := p.stderr.take(); note != "surakarta: book "+name+": 1 games, 2 plies, 1 positions, 1 moves\nsurakarta: book move d2d3: 1 games, score 100%, W/D/L 1/0/0\n" {
		t.Errorf("stderr %q", note)
	}
}
