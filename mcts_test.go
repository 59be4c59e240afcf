package surakarta_test

import (
	"context"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// This file tests MCTS through the public API, as search_test.go tests the
// alpha-beta searchers.

func mctsSearchers() []srchSearcher {
	return []srchSearcher{
		{"MCTS", func() surakarta.Searcher { return surakarta.NewMCTS(surakarta.NewTuned()) }},
		{"UCT", func() surakarta.Searcher {
			s := surakarta.NewMCTS(surakarta.NewTuned())
			s.Playouts = true
			return s
		}},
	}
}

// TestMCTSForcedWins: the search proves the forced wins of the search
// tests and plays a winning move.
func TestMCTSForcedWins(t *testing.T) {
	for _, tc := range srchForcedWins {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.text)
			winning := srchWinningMoves(p, tc.plies, 0)
			for _, s := range mctsSearchers() {
				g := srchGame(t, tc.text, surakarta.Rules{})
				res, err := s.make().Search(context.Background(), g, surakarta.Limits{Nodes: 200_000})
				if err != nil {
					t.Fatal(err)
				}
				n, _ := surakarta.PliesToEnd(res.Score)
				if !surakarta.IsWin(res.Score) || n < tc.plies {
					t.Errorf("%s: score %s, want a win in %d or more plies (nodes %d)", s.name, surakarta.FormatScore(res.Score), tc.plies, res.Nodes)
				}
				if !slices.Contains(winning, res.Move) && !surakarta.IsWin(res.Score) {
					t.Errorf("%s: move %v, want one of %v", s.name, res.Move, tc.winning)
				}
				if err := srchCheckLine(g, res.PV); err != nil {
					t.Errorf("%s: PV: %v", s.name, err)
				}
				t.Logf("%s: %v %s in %d simulations", s.name, res.Move, surakarta.FormatScore(res.Score), res.Nodes)
			}
		})
	}
}
