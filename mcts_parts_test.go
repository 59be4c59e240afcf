package surakarta_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

// The matches of docs/mcts.md that measure a part of MCTS, which only a
// test can switch off (export_test.go). They run only when named:
//
//	go test -run TestMCTSParts -mcts.part priors -mcts.out FILE -timeout 0 .
var (
	mctsPart  = flag.String("mcts.part", "", "TestMCTSParts: the part of MCTS to measure in a match: priors or leaves")
	mctsOut   = flag.String("mcts.out", "", "TestMCTSParts: the match's record file")
	mctsGames = flag.Int("mcts.games", 40, "TestMCTSParts: the match's games")
)

// TestMCTSParts plays mcts,tuned against itself without one part at
// 100 ms a move, one game at a time, with the openings that
// cmd/surakarta-match plays by default: without the evaluator's priors
// (every prior 1/n) or without its leaf values (a random playout from each
// leaf instead).
func TestMCTSParts(t *testing.T) {
	if *mctsPart == "" {
		t.Skip("no -mcts.part")
	}
	off := map[string]struct {
		name string
		set  func(*surakarta.MCTS)
	}{
		"priors": {"mcts-uniform-priors,tuned", func(s *surakarta.MCTS) { s.SetPriors(false) }},
		"leaves": {"mcts-playout-leaves,tuned", func(s *surakarta.MCTS) { s.SetEvaluatorLeaves(false) }},
	}[*mctsPart]
	if off.set == nil {
		t.Fatalf("-mcts.part %q: want priors or leaves", *mctsPart)
	}
	a, err := enginespec.Parse("mcts,tuned")
	if err != nil {
		t.Fatal(err)
	}
	b := enginespec.Engine{Name: off.name, New: func() surakarta.Searcher {
		s := surakarta.NewMCTS(surakarta.NewTuned())
		off.set(s)
		return s
	}}
	out, err := match.Run(context.Background(), match.Config{
		A: a, B: b, Games: *mctsGames, Limits: surakarta.Limits{MoveTime: 100 * time.Millisecond},
		Seed: 1, Concurrency: 1, RecordFile: *mctsOut,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s against %s: %v", a.Name, b.Name, out.Counts)
}

// TestMCTSPartsOff: without its priors or its evaluator's leaf values an
// MCTS still plays legal moves and proves a forced win.
func TestMCTSPartsOff(t *testing.T) {
	for _, set := range []func(*surakarta.MCTS){
		func(s *surakarta.MCTS) { s.SetPriors(false) },
		func(s *surakarta.MCTS) { s.SetEvaluatorLeaves(false) },
	} {
		s := surakarta.NewMCTS(surakarta.NewTuned())
		set(s)
		for _, g := range srchRandomGames(3, 3) {
			res, err := s.Search(context.Background(), g, surakarta.Limits{Nodes: 300})
			if err != nil {
				t.Fatal(err)
			}
			if !srchLegalIn(g, res.Move) || srchCheckLine(g, res.PV) != nil {
				t.Errorf("%s: move %v, PV %v", srchDescribe(g), res.Move, res.PV)
			}
		}
		tc := srchForcedWins[0]
		res, err := s.Search(context.Background(), srchGame(t, tc.text, surakarta.Rules{}), surakarta.Limits{Nodes: 200_000})
		if err != nil {
			t.Fatal(err)
		}
		if !surakarta.IsWin(res.Score) {
			t.Errorf("%s: score %s, want a win", tc.name, surakarta.FormatScore(res.Score))
		}
	}
}
