package level

import (
	"context"
	"time"

	"github.com/surakarta-go/surakarta"
)

// NewRandom returns the random mover, the lowest anchor of the levels'
// Elo scale: it plays a legal move chosen uniformly at random (one of
// Limits.SearchMoves, when given), drawn from seed, the position and the
// ply. It searches nothing: its Result has Depth 0, Score 0 and Nodes 0,
// whatever the limits.
func NewRandom(seed uint64) surakarta.Searcher { return &anchor{seed: seed} }

// NewGreedy returns the greedy player, the second anchor of the levels'
// Elo scale: it plays like a person who has just learnt the rules and
// takes whatever can be taken. When it has a capture it plays one, chosen
// uniformly at random among its captures (each takes one piece, so none
// takes more than another); otherwise it plays a step chosen uniformly at
// random. It looks no further: it does not see that the piece it moves
// may be taken back. Its choices are drawn from seed, the position and the
// ply; its Result has Depth 0, Score 0 and Nodes 0, whatever the limits.
func NewGreedy(seed uint64) surakarta.Searcher { return &anchor{seed: seed, greedy: true} }

// anchor is the random mover or, with greedy, the greedy player.
type anchor struct {
	seed   uint64
	greedy bool
}

func (a *anchor) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	begin := time.Now()
	moves, r, err := start(ctx, g, lim, a.seed)
	if err != nil {
		return surakarta.Result{}, err
	}
	if a.greedy {
		var captures []surakarta.Move
		for _, m := range moves {
			if m.IsCapture() {
				captures = append(captures, m)
			}
		}
		if len(captures) > 0 {
			moves = captures
		}
	}
	m := moves[r.IntN(len(moves))]
	return surakarta.Result{Move: m, PV: []surakarta.Move{m}, Time: time.Since(begin)}, nil
}

// Clear does nothing: an anchor learns nothing between searches.
func (*anchor) Clear() {}
