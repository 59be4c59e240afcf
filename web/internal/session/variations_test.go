package session_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

// TestVariations: the variations and glyphs of a record loaded stay with
// the game as its comments do, as rows of the move list and in the
// record, and go when the game leaves the record's moves before them.
func TestVariations(t *testing.T) {
	const text = "[Result \"*\"]\n\n1. b2b3 e5e4 2. c2c3?! (2. b3c4 e4d3 (2... e4e3 3. d2d3) 3. c2c3) 2... f5f4 *\n"
	s := session.New()
	st, err := s.Load(text)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Ply, Depth int
		Moves      string
	}
	rowsOf := func(st session.State) []row {
		var out []row
		for _, r := range st.Variations {
			var moves []string
			for _, m := range r.Moves {
				moves = append(moves, strings.TrimSpace(m.Label+" "+m.Text+m.Glyphs))
			}
			out = append(out, row{r.Ply, r.Depth, strings.Join(moves, " ")})
		}
		return out
	}
	want := []row{{3, 1, "2. b3c4 e4d3 3. c2c3"}, {4, 2, "2… e4e3 3. d2d3"}}
	if got := rowsOf(st); !slices.Equal(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	if st.Moves[2].Glyphs != "?!" {
		t.Errorf("the glyphs of move 3 are %q, want ?!", st.Moves[2].Glyphs)
	}
	// The board after the variation's second move is the position of
	// the game's first two moves, then b3c4 e4d3.
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "b3c4", "e4d3"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if got := st.Variations[0].Moves[1].After; got != g.Position().String() {
		t.Errorf("the position after e4d3 is %q, want %q", got, g.Position())
	}
	r, err := record.Parse(st.Record)
	if err != nil || len(r.Variations[3]) != 1 || len(r.Glyphs[3]) != 1 {
		t.Errorf("the record has variations %v and glyphs %v (%v), want the loaded record's", r.Variations, r.Glyphs, err)
	}
	// Another third move: the variation and glyph of the record's go.
	if _, err := s.Undo(2); err != nil {
		t.Fatal(err)
	}
	if st, err = s.Play("a2a3"); err != nil {
		t.Fatal(err)
	}
	if len(st.Variations) != 0 || st.Moves[2].Glyphs != "" {
		t.Errorf("after another move: rows %v, glyphs %q; want none", rowsOf(st), st.Moves[2].Glyphs)
	}
}
