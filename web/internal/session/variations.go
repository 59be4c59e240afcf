package session

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// Variations as the move list shows them: a record's, kept with its game,
// and the engine's better lines of an analysis.

// VariationRow is a variation as the move list shows it: a row of moves
// after the move it replaces, indented by its depth. A variation's own
// variations follow it, in rows of their own, one deeper.
type VariationRow struct {
	Ply   int             `json:"ply"`   // the number of the move of the game it replaces (from 1)
	Depth int             `json:"depth"` // 1 for a variation of the game's moves, 2 within one, …
	Moves []VariationMove `json:"moves"`
}

// VariationMove is a move of a variation, with the position after it for
// the board to show.
type VariationMove struct {
	Label   string     `json:"label"`    // its move number, "12." or "12…", when the list writes one
	Text    string     `json:"text"`     // "b2b3" or "b2xe5"
	Glyphs  string     `json:"glyphs"`   // its glyphs as a record writes them, "?!" or "!! $10"
	Comment string     `json:"comment"`  // the comment after it
	Path    *Path      `json:"path"`     // the capture path, nil for a step
	After   string     `json:"position"` // the position after it
	Board   [36]string `json:"board"`    // as State.Board, after it
}

// variationRows returns the rows of the variations of a line whose
// positions before each move are before (before(k) before its k-th move),
// in the order a record writes them, at depth.
func variationRows(variations map[int][]record.Variation, before func(k int) surakarta.Position, start, depth int) []VariationRow {
	var rows []VariationRow
	for _, k := range slices.Sorted(maps.Keys(variations)) {
		for _, v := range variations[k] {
			p := before(k)
			row := VariationRow{Ply: start + k, Depth: depth}
			positions := []surakarta.Position{p}
			for i, m := range v.Moves {
				legal, err := p.Legal(m)
				if err != nil {
					break
				}
				vm := VariationMove{Text: legal.Notation(), Path: boardjson.PathOf(p, legal), Comment: v.Comments[i+1]}
				if i == 0 || p.SideToMove() == surakarta.Black {
					vm.Label = fmt.Sprintf("%d.", p.MoveNumber())
					if p.SideToMove() == surakarta.White {
						vm.Label = fmt.Sprintf("%d…", p.MoveNumber())
					}
				}
				var glyphs []string
				for _, g := range v.Glyphs[i+1] {
					glyphs = append(glyphs, g.String())
				}
				vm.Glyphs = strings.Join(glyphs, " ")
				p.PlayUnchecked(legal)
				vm.After, vm.Board = p.String(), board(p)
				positions = append(positions, p)
				row.Moves = append(row.Moves, vm)
			}
			rows = append(rows, row)
			rows = append(rows, variationRows(v.Variations, func(k int) surakarta.Position { return positions[k-1] }, start+k-1, depth+1)...)
		}
	}
	return rows
}
