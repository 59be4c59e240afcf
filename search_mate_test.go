package surakarta_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestMateFindsForcedWins: Limits.Mate N finds the forced wins of
// srchForcedWins (checked by the brute-force solver in TestForcedWins)
// within N moves, PVS too at the win's own depth, where its pruning
// would otherwise miss them; with N one move short there is no win to
// find and none is reported.
func TestMateFindsForcedWins(t *testing.T) {
	ctx := context.Background()
	for _, tc := range srchForcedWins {
		mate := (tc.plies + 1) / 2
		for _, s := range srchSearchers() {
			g := srchGame(t, tc.text, surakarta.Rules{})
			res, err := s.make().Search(ctx, g, surakarta.Limits{Mate: mate})
			if err != nil {
				t.Fatalf("%s, %s, mate %d: %v", s.name, tc.name, mate, err)
			}
			n, ok := surakarta.PliesToEnd(res.Score)
			if !surakarta.IsWin(res.Score) || !ok || n != tc.plies || !slices.Contains(tc.winning, res.Move.String()) {
				t.Errorf("%s, %s, mate %d: move %v score %s, want a win in %d plies with one of %v",
					s.name, tc.name, mate, res.Move, surakarta.FormatScore(res.Score), tc.plies, tc.winning)
			}
			if res.Depth > tc.plies {
				t.Errorf("%s, %s, mate %d: searched to depth %d, beyond the win's %d plies", s.name, tc.name, mate, res.Depth, tc.plies)
			}
			if mate == 1 {
				continue
			}
			res, err = s.make().Search(ctx, g, surakarta.Limits{Mate: mate - 1})
			if err != nil {
				t.Fatalf("%s, %s, mate %d: %v", s.name, tc.name, mate-1, err)
			}
			if surakarta.IsWin(res.Score) || res.Depth > 2*(mate-1)-1 {
				t.Errorf("%s, %s, mate %d: score %s at depth %d, want no win within %d plies", s.name, tc.name, mate-1, surakarta.FormatScore(res.Score), res.Depth, 2*(mate-1)-1)
			}
		}
	}
}

// TestMateLimits: a negative Mate is invalid; MCTS refuses Mate; a huge
// Mate searches no deeper than MaxDepth.
func TestMateLimits(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	if _, err := surakarta.NewAlphaBeta(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Mate: -1}); !errors.Is(err, surakarta.ErrInvalidLimits) {
		t.Errorf("Mate -1: error %v, want ErrInvalidLimits", err)
	}
	if _, err := surakarta.NewMCTS(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Mate: 2}); !errors.Is(err, surakarta.ErrInvalidLimits) {
		t.Errorf("MCTS, Mate 2: error %v, want ErrInvalidLimits", err)
	}
	res, err := surakarta.NewPVS(surakarta.NewSixFactor()).Search(context.Background(), g, surakarta.Limits{Mate: 1 << 62, Nodes: 20000})
	if err != nil || res.Depth > surakarta.MaxDepth {
		t.Errorf("Mate 2^62: depth %d, error %v", res.Depth, err)
	}
}
