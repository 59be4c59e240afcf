package session

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
)

// The analysis of the game (package analysis) as the page shows it: the
// graph, each move's class and the engine's better move, each side's
// summary.

// Analysis is the engine's analysis of the game (package analysis), as
// the page shows it.
type Analysis struct {
	Moves []Annotated `json:"moves"` // one a move, in order
	// Plies holds the position after each ply, from 0 (the start) to the
	// number of moves.
	Plies []Board `json:"plies"`
	// Variations are the engine's better lines at the moves it criticises,
	// as the annotated record holds them (analysis.Report.Annotate).
	Variations    []VariationRow `json:"variations"`
	SVG           string         `json:"svg"` // the graph of the score over the game (analysis.Report.WriteSVG)
	Black         SideSummary    `json:"black"`
	White         SideSummary    `json:"white"`
	Nodes         int64          `json:"nodes"` // per position searched
	Searches      int            `json:"searches"`
	NodesSearched int64          `json:"nodesSearched"`
	Millis        float64        `json:"millis"`
}

// Annotated is a move of the game with its analysis.
type Annotated struct {
	Ply      int    `json:"ply"`      // the number of moves played once it is, from 1
	Move     string `json:"move"`     // "b2b3" or "b2xe5"
	Color    string `json:"color"`    // "black" or "white"
	Class    string `json:"class"`    // "best", "good", "inaccuracy", "mistake" or "blunder"
	Mark     string `json:"mark"`     // "?!" for an inaccuracy, "?" for a mistake, "??" for a blunder, else ""
	Before   string `json:"before"`   // the mover's best score before it (surakarta.FormatScore)
	After    string `json:"after"`    // the score of the move played, for the mover
	Loss     int    `json:"loss"`     // the score it lost against the engine's best, at least 0
	Best     string `json:"best"`     // the engine's best move in the position before it
	BestPath *Path  `json:"bestPath"` // the capture path of Best, nil for a step
	Line     string `json:"line"`     // the engine's line from Best, as line writes it
	Depth    int    `json:"depth"`    // the depth of the search of the position before it
	Comment  string `json:"comment"`  // analysis.Annotation.Comment, as a record writes it
}

// Board is a position of the game, for the page to draw.
type Board struct {
	Position string     `json:"position"`
	Board    [36]string `json:"board"` // as State.Board
}

// SideSummary sums up one side's play (analysis.Report.Summary).
type SideSummary struct {
	Moves        int     `json:"moves"`
	AverageLoss  float64 `json:"averageLoss"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
	Accuracy     float64 `json:"accuracy"` // from 0 to 100 (analysis.Summary.Accuracy)
}

// AnalysisProgress reports an analysis under way: Done of the Total
// positions of the game searched.
type AnalysisProgress struct {
	Done  int `json:"done"`
	Total int `json:"total"`
}

// Marks are the signs of the classes after a move, as chess writes them.
var marks = map[analysis.Class]string{analysis.Inaccuracy: "?!", analysis.Mistake: "?", analysis.Blunder: "??"}

// Analyse analyses the game with the full engine (analysis.Game), each
// position within nodes nodes (AnalysisNodes when nodes is 0), and
// reports after each position searched through progress, if not nil. The
// game is not changed.
func (s *Session) Analyse(nodes int64, progress func(done, total int)) (Analysis, error) {
	if nodes == 0 {
		nodes = AnalysisNodes
	}
	if nodes < 1 || nodes > MaxAnalysisNodes {
		return Analysis{}, fmt.Errorf("%d nodes a position: want 1 to %d", nodes, MaxAnalysisNodes)
	}
	if s.game.Ply() == 0 {
		return Analysis{}, errors.New("no moves to analyse")
	}
	r, err := analysis.Game(context.Background(), s.game, s.analyst, analysis.Options{
		Limits:   surakarta.Limits{Nodes: nodes},
		Progress: progress,
	})
	if err != nil {
		return Analysis{}, err
	}
	s.report, s.reportRecord = r, s.State().Record
	annotated, err := r.Annotate(record.New(s.game))
	if err != nil {
		return Analysis{}, err
	}
	positions := s.game.Positions()
	var svg strings.Builder
	if err := r.WriteSVG(&svg); err != nil {
		return Analysis{}, err
	}
	a := Analysis{
		SVG: svg.String(), Nodes: nodes,
		Variations: variationRows(annotated.Variations, func(k int) surakarta.Position { return positions[k-1] }, 0, 1),
		Black:      summary(r.Summary(surakarta.Black)), White: summary(r.Summary(surakarta.White)),
		Searches: r.Searches, NodesSearched: r.Nodes, Millis: millis(r.Time),
	}
	for _, n := range r.Moves {
		before := positions[n.Ply-1]
		played, _ := before.Legal(n.Move) // with its capture bit
		best, err := before.Legal(n.Best)
		if err != nil {
			best = n.Best
		}
		a.Moves = append(a.Moves, Annotated{
			Ply: n.Ply, Move: played.Notation(), Color: boardjson.ColorName(n.Mover),
			Class: n.Class.String(), Mark: marks[n.Class],
			Before: surakarta.FormatScore(n.Before), After: surakarta.FormatScore(n.After), Loss: n.Loss,
			Best: best.Notation(), BestPath: boardjson.PathOf(before, best), Line: line(before, n.Line), Depth: n.Depth,
			Comment: n.Comment(),
		})
	}
	for _, p := range positions {
		a.Plies = append(a.Plies, Board{Position: p.String(), Board: board(p)})
	}
	return a, nil
}

func summary(s analysis.Summary) SideSummary {
	return SideSummary{
		Moves: s.Moves, AverageLoss: s.AverageLoss, Accuracy: s.Accuracy,
		Inaccuracies: s.Count(analysis.Inaccuracy), Mistakes: s.Count(analysis.Mistake), Blunders: s.Count(analysis.Blunder),
	}
}
