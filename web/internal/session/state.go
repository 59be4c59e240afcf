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

// The State: the game as the page draws it, made anew after every change.

// State describes the game for the page: everything it draws.
type State struct {
	Position    string      `json:"position"`   // the position text
	Start       string      `json:"start"`      // the start position's text
	Board       [36]string  `json:"board"`      // by square (a1 = 0 … f6 = 35): "black", "white" or ""
	SideToMove  string      `json:"sideToMove"` // "black" or "white"
	Counts      [2]int      `json:"counts"`     // pieces of Black and White
	QuietPlies  int         `json:"quietPlies"` // plies since the last capture
	Moves       []Played    `json:"moves"`      // the moves played, in order
	Legal       []LegalMove `json:"legal"`      // the legal moves now: none when the game is over
	Over        bool        `json:"over"`
	Result      string      `json:"result"`      // "1-0", "0-1", "1/2-1/2" or "*"
	Outcome     string      `json:"outcome"`     // such as "White wins (no pieces left)", or "not over"
	Winner      string      `json:"winner"`      // "black" or "white" when a side has won, else ""
	Reason      string      `json:"reason"`      // why the game ended, such as "no pieces left"; "" while it goes on
	Declared    bool        `json:"declared"`    // the players ended it (a resignation): Undo takes that back first
	Record      string      `json:"record"`      // the game as a record without player headers: Load restores it
	Rules       string      `json:"rules"`       // "quiet=50 repetition=2"
	Repetitions int         `json:"repetitions"` // occurrences of the current position since the last capture
	// Comments are the comments of the record loaded (Load) that the game
	// keeps (Session.Comments), in the order of their plies; Record holds
	// them too.
	Comments []Comment `json:"comments"`
	// Variations are the variations of the record loaded that the game
	// keeps, as the move list shows them; Record holds them too, and the
	// glyphs, which Played.Glyphs shows.
	Variations []VariationRow `json:"variations"`
}

// Comment is a record's comment: Ply is the number of moves played before
// it, 0 for a comment before the first move.
type Comment struct {
	Ply  int    `json:"ply"`
	Text string `json:"text"`
}

// Played is a move of the game with its number, as the move list shows it.
type Played struct {
	Glyphs string `json:"glyphs"` // the glyphs of the record loaded, as it writes them: "?!", "!! $10"
	Text   string `json:"text"`   // "b2b3", or "b2xe5" for a capture
	Number int    `json:"number"` // the move number
	Color  string `json:"color"`  // "black" or "white"
	Path   *Path  `json:"path"`   // the capture path, nil for a step
}

// LegalMove is a move the side to move may play.
type LegalMove struct {
	From    string `json:"from"`
	To      string `json:"to"`
	Capture bool   `json:"capture"`
	Path    *Path  `json:"path"` // for a capture, its path; nil for a step
}

// State describes the game now.
func (s *Session) State() State {
	g := s.game
	p := g.Position()
	st := State{
		Position:    p.String(),
		Start:       g.StartPosition().String(),
		SideToMove:  boardjson.ColorName(p.SideToMove()),
		Counts:      [2]int{p.Count(surakarta.Black), p.Count(surakarta.White)},
		QuietPlies:  p.QuietPlies(),
		Repetitions: g.Repetitions(),
	}
	st.Board = board(p)
	positions := g.Positions()
	for i, m := range g.Moves() {
		before := positions[i]
		st.Moves = append(st.Moves, Played{
			Text:   m.Notation(),
			Number: before.MoveNumber(),
			Color:  boardjson.ColorName(before.SideToMove()),
			Path:   boardjson.PathOf(before, m),
		})
	}
	for _, m := range g.LegalMoves() {
		st.Legal = append(st.Legal, LegalMove{
			From:    m.From().String(),
			To:      m.To().String(),
			Capture: m.IsCapture(),
			Path:    boardjson.PathOf(p, m),
		})
	}
	o := g.Outcome()
	st.Over = o.Over
	st.Result = o.Result()
	st.Outcome = o.String()
	if o.Over {
		st.Reason = o.Reason.String()
		if !o.Draw {
			st.Winner = boardjson.ColorName(o.Winner)
		}
		switch o.Reason {
		case surakarta.Resignation, surakarta.DrawAgreement, surakarta.TimeForfeit:
			st.Declared = true
		}
	}
	r := g.Rules()
	st.Rules = fmt.Sprintf("quiet=%d repetition=%d", r.QuietPlyLimit, r.RepetitionLimit)
	rec := record.New(g)
	rec.Comments = s.Comments()
	for _, ply := range slices.Sorted(maps.Keys(rec.Comments)) {
		st.Comments = append(st.Comments, Comment{Ply: ply, Text: rec.Comments[ply]})
	}
	same := s.samePlies()
	for ply, gs := range s.glyphs {
		if ply <= same {
			rec.Glyphs[ply] = gs
			var text []string
			for _, g := range gs {
				text = append(text, g.String())
			}
			st.Moves[ply-1].Glyphs = strings.Join(text, " ")
		}
	}
	for ply, vs := range s.variations {
		if ply <= same {
			rec.Variations[ply] = vs
		}
	}
	st.Variations = variationRows(rec.Variations, func(k int) surakarta.Position { return positions[k-1] }, 0, 1)
	if text, err := rec.MarshalText(); err == nil {
		st.Record = string(text)
	}
	return st
}
