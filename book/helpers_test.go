package book

import (
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// game returns a record of the moves played from start (the start
// position when ""), with the given result.
func game(t testing.TB, start, result string, moves ...string) *record.Record {
	t.Helper()
	p := surakarta.NewPosition()
	if start != "" {
		var err error
		if p, err = surakarta.ParsePosition(start); err != nil {
			t.Fatal(err)
		}
	}
	g := surakarta.NewGame(p)
	for _, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	r := record.New(g)
	r.Result = result
	if result != "*" {
		r.Reason = "adjudicated: test"
	}
	return r
}

// build returns the book of plies plies of the records.
func build(t testing.TB, plies int, records ...*record.Record) *Book {
	t.Helper()
	b, err := NewBuilder(plies)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range records {
		if _, err := b.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	return b.Book()
}

// after returns the position after the moves from the start.
func after(t testing.TB, moves ...string) surakarta.Position {
	t.Helper()
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	return g.Position()
}

// stats is a book move as the tests write it: its text and its counts.
type stats struct {
	move                string
	wins, draws, losses int
}

// movesOf returns the book's moves of p as stats.
func movesOf(b *Book, p surakarta.Position) []stats {
	var out []stats
	for _, m := range b.Moves(p) {
		out = append(out, stats{m.Move.String(), m.Wins, m.Draws, m.Losses})
	}
	return out
}
