package book

import (
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
)

// testGames are four games whose book the tests below work out by hand:
// Black won the first, White the second, the third was drawn, and the
// fourth has no result.
func testGames(t *testing.T) []*record.Record {
	return []*record.Record{
		game(t, "", "1-0", "b2b3", "e5e4", "a2a3"),
		game(t, "", "0-1", "b2b3", "e5e4", "c2c3"),
		game(t, "", "1/2-1/2", "a2a3", "e5e4"),
		game(t, "", "*", "f2f3"),
	}
}

// TestBuild: the moves of each position, with the wins, draws and losses
// of their movers, counted by hand from testGames.
func TestBuild(t *testing.T) {
	b, err := NewBuilder(DefaultPlies)
	if err != nil {
		t.Fatal(err)
	}
	var added []bool
	for _, r := range testGames(t) {
		ok, err := b.Add(r)
		if err != nil {
			t.Fatal(err)
		}
		added = append(added, ok)
	}
	if diff := cmp.Diff([]bool{true, true, true, false}, added); diff != "" {
		t.Errorf("Add reported (-want +got):\n%s", diff)
	}
	if b.Skipped() != 1 {
		t.Errorf("Skipped %d, want 1", b.Skipped())
	}
	book := b.Book()
	for _, tc := range []struct {
		moves []string
		want  []stats
	}{
		// b2b3 twice (Black won one, lost one), a2a3 once (drawn);
		// f2f3's game had no result.
		{nil, []stats{{"b2b3", 1, 0, 1}, {"a2a3", 0, 1, 0}}},
		// White's e5e4: lost the first game, won the second.
		{[]string{"b2b3"}, []stats{{"e5e4", 1, 0, 1}}},
		// The same two games again: c2c3 (lost), a2a3 (won), equal
		// counts, the better score first.
		{[]string{"b2b3", "e5e4"}, []stats{{"a2a3", 1, 0, 0}, {"c2c3", 0, 0, 1}}},
		{[]string{"a2a3"}, []stats{{"e5e4", 0, 1, 0}}},
		{[]string{"f2f3"}, nil},
	} {
		if diff := cmp.Diff(tc.want, movesOf(book, after(t, tc.moves...)), cmp.AllowUnexported(stats{})); diff != "" {
			t.Errorf("after %v (-want +got):\n%s", tc.moves, diff)
		}
	}
	if book.Games() != 3 || book.Plies() != DefaultPlies || book.Entries() != 6 || book.Positions() != 4 {
		t.Errorf("Games %d, Plies %d, Entries %d, Positions %d; want 3, %d, 6, 4", book.Games(), book.Plies(), book.Entries(), book.Positions(), DefaultPlies)
	}
}

// TestTranspositions: two move orders that reach one position share its
// moves.
func TestTranspositions(t *testing.T) {
	book := build(t, DefaultPlies,
		game(t, "", "1-0", "a2a3", "e5e4", "b2b3", "f5f4", "c2c3"),
		game(t, "", "0-1", "b2b3", "f5f4", "a2a3", "e5e4", "c2c3"),
	)
	want := []stats{{"c2c3", 1, 0, 1}}
	if diff := cmp.Diff(want, movesOf(book, after(t, "a2a3", "e5e4", "b2b3", "f5f4")), cmp.AllowUnexported(stats{})); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestPlies: a book of 2 plies holds the start and the positions after
// Black's first move, and no later ones; a game that starts from a
// position of its own counts its plies from that position's move number.
func TestPlies(t *testing.T) {
	games := testGames(t)
	book := build(t, 2, games...)
	if got := movesOf(book, after(t, "b2b3")); len(got) != 1 {
		t.Errorf("ply 1: %v, want e5e4", got)
	}
	if got := movesOf(book, after(t, "b2b3", "e5e4")); got != nil {
		t.Errorf("ply 2 in a book of 2 plies: %v", got)
	}
	// Move 2, Black to move: ply 2, then ply 3, then ply 4.
	late := game(t, "wwwwww/wwww1w/4w1/1b4/b1bbbb/bbbbbb b 0 2", "1-0", "c2c3", "f6e5", "a2a3")
	if Ply(late.Game.StartPosition()) != 2 {
		t.Fatalf("Ply %d, want 2", Ply(late.Game.StartPosition()))
	}
	book = build(t, 4, late)
	start := late.Game.StartPosition()
	if got := movesOf(book, start); len(got) != 1 || got[0].move != "c2c3" {
		t.Errorf("the record's start: %v, want c2c3", got)
	}
	if book.Entries() != 2 {
		t.Errorf("%d entries, want 2 (plies 2 and 3)", book.Entries())
	}
	b, _ := NewBuilder(2)
	if ok, err := b.Add(late); ok || err != nil {
		t.Errorf("a record that starts at ply 2 added to a book of 2 plies: %v, %v", ok, err)
	}
}

// TestMergeAndMinCount: merging the books of two halves of the games is
// the book of them all; MinCount keeps the moves played often enough.
func TestMergeAndMinCount(t *testing.T) {
	games := testGames(t)
	whole := build(t, DefaultPlies, games...)
	merged, err := Merge(build(t, DefaultPlies, games[:1]...), build(t, 4, games[1:]...))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(whole, merged, cmp.AllowUnexported(Book{}, entry{})); diff != "" {
		t.Errorf("merged (-whole +merged):\n%s", diff)
	}
	two := whole.MinCount(2)
	if two.Entries() != 2 { // b2b3 and e5e4 after it
		t.Errorf("MinCount(2): %d entries, want 2", two.Entries())
	}
	if got := movesOf(two, after(t)); len(got) != 1 || got[0].move != "b2b3" {
		t.Errorf("MinCount(2) at the start: %v", got)
	}
	if _, err := Merge(); !errors.Is(err, ErrInvalidBook) {
		t.Errorf("Merge(): %v", err)
	}
}

// TestCollision: a stored move that is illegal in the position asked
// about (as a hash collision would give) is never returned.
func TestCollision(t *testing.T) {
	start := surakarta.NewPosition()
	b := &Book{plies: 2, games: 1, entries: []entry{
		{hash: start.Hash(), from: surakarta.A1, to: surakarta.A2, wins: 5},  // onto its own piece
		{hash: start.Hash(), from: surakarta.B2, to: surakarta.B3, wins: 1},  // legal
		{hash: start.Hash(), from: surakarta.E5, to: surakarta.E4, wins: 9},  // the other side's piece
		{hash: start.Hash(), from: surakarta.C2, to: surakarta.C4, draws: 3}, // two squares away
	}}
	if got := movesOf(b, start); len(got) != 1 || got[0].move != "b2b3" {
		t.Errorf("%v, want b2b3 alone", got)
	}
}

// TestBuilderErrors: bad plies and records without a game are errors.
func TestBuilderErrors(t *testing.T) {
	for _, plies := range []int{-1, 0, MaxPlies + 1} {
		if _, err := NewBuilder(plies); !errors.Is(err, ErrInvalidBook) {
			t.Errorf("NewBuilder(%d): %v", plies, err)
		}
	}
	b, _ := NewBuilder(4)
	for _, r := range []*record.Record{nil, {}} {
		if _, err := b.Add(r); !errors.Is(err, ErrInvalidBook) {
			t.Errorf("Add(%v): %v", r, err)
		}
	}
}

// TestPly: the ply from the move number and the side to move.
func TestPly(t *testing.T) {
	for text, want := range map[string]int{
		surakarta.StartText:                       0,
		"wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 0 1": 1,
		"wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb b 0 7": 12,
		"wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 0 7": 13,
	} {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := Ply(p); got != want {
			t.Errorf("Ply(%s) = %d, want %d", text, got, want)
		}
	}
}

// TestNilInputs: a nil *Book reads as an empty book, and the functions
// that need a book, a reader or a writer return an error wrapping
// ErrInvalidBook for nil, rather than panic.
func TestNilInputs(t *testing.T) {
	var b *Book
	start := surakarta.NewPosition()
	if b.Plies() != 0 || b.Games() != 0 || b.Entries() != 0 || b.Positions() != 0 || b.Moves(start) != nil || b.MinCount(1) != nil {
		t.Errorf("a nil book: plies %d, games %d, entries %d, positions %d, moves %v, MinCount %v; want it empty",
			b.Plies(), b.Games(), b.Entries(), b.Positions(), b.Moves(start), b.MinCount(1))
	}
	if m, ok := b.Choose(start, Choice{}, nil); ok {
		t.Errorf("a nil book chose %v", m)
	}
	good := build(t, 4, testGames(t)...)
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"Merge of a nil book", func() error { _, err := Merge(good, nil); return err }},
		{"Merge of nil alone", func() error { _, err := Merge(nil); return err }},
		{"Read(nil)", func() error { _, err := Read(nil); return err }},
		{"WriteTo of a nil book", func() error { _, err := b.WriteTo(io.Discard); return err }},
		{"WriteTo(nil)", func() error { _, err := good.WriteTo(nil); return err }},
		{"MarshalBinary of a nil book", func() error { _, err := b.MarshalBinary(); return err }},
		{"UnmarshalBinary into a nil book", func() error { data, _ := good.MarshalBinary(); return b.UnmarshalBinary(data) }},
	} {
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return tc.call()
		}()
		if !errors.Is(err, ErrInvalidBook) {
			t.Errorf("%s: %v, want an error wrapping ErrInvalidBook", tc.name, err)
		}
	}
}
