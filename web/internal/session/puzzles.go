package session

import (
	"context"
	"errors"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/puzzle"
)

// PuzzleNodes is the budget of each search that makes the puzzles of the
// game analysed (GamePuzzles): a third of an analysis's, since each
// position with a mistake takes a search of its two best moves and one
// for each move of the line.
const PuzzleNodes = AnalysisNodes / 3

// Puzzle is a puzzle (package puzzle) as the page shows it.
type Puzzle struct {
	Position   string   `json:"position"`   // where it starts, the solver to move
	Solver     string   `json:"solver"`     // "black" or "white"
	Solution   []string `json:"solution"`   // the line, as moveText writes its moves: the solver's first
	Kind       string   `json:"kind"`       // "material" or "game"
	Theme      string   `json:"theme"`      // "wins a piece", "wins 2 pieces" or "wins the game"
	Difficulty int      `json:"difficulty"` // the lowest level that solves it, 0 when not rated, 11 above level 10
	Source     string   `json:"source"`     // the game it came from
	Ply        int      `json:"ply"`        // the moves played in that game before it
}

// puzzleOf returns p as the page shows it.
func puzzleOf(p puzzle.Puzzle) Puzzle {
	out := Puzzle{
		Position: p.Position.String(), Solver: boardjson.ColorName(p.Solver()), Kind: "material", Theme: p.Theme(),
		Difficulty: p.Difficulty, Source: p.Source, Ply: p.Ply,
	}
	if p.Kind == puzzle.WinsGame {
		out.Kind = "game"
	}
	g := p.Game()
	for _, m := range p.Solution {
		legal, err := g.Position().Legal(m)
		if err != nil || g.Play(legal) != nil {
			break // Check, which every puzzle passes, plays them all
		}
		out.Solution = append(out.Solution, legal.Notation())
	}
	return out
}

// PublishedPuzzles returns the published puzzle set (puzzle.Published).
func PublishedPuzzles() []Puzzle {
	ps := puzzle.Published()
	out := make([]Puzzle, len(ps))
	for i, p := range ps {
		out[i] = puzzleOf(p)
	}
	return out
}

// GamePuzzles returns the puzzles of the game's mistakes, made from its
// analysis (Analyse must have analysed the game as it is now) by
// puzzle.FromReport, each search within PuzzleNodes nodes. They are
// neither verified by a deeper search nor rated: the page makes them in
// a few seconds.
func (s *Session) GamePuzzles() ([]Puzzle, error) {
	if s.report == nil || s.reportRecord != s.State().Record {
		return nil, errors.New("analyse the game first: its puzzles are made from the analysis")
	}
	if s.game.Rules() != surakarta.OlympiadRules() {
		return nil, errors.New("puzzles are made under the Olympiad rules")
	}
	ps, err := puzzle.FromReport(context.Background(), s.game, s.report, s.analyst,
		puzzle.Options{Limits: surakarta.Limits{Nodes: PuzzleNodes}, Source: "your game"})
	if err != nil {
		return nil, err
	}
	out := make([]Puzzle, len(ps))
	for i, p := range ps {
		out[i] = puzzleOf(p)
	}
	return out, nil
}
