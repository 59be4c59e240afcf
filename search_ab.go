package surakarta

import (
	"context"
	"slices"
)

// AlphaBeta is the search of Li et al. (2012): fixed-depth negamax alpha-beta with
// captures ordered first, and nothing else: no transposition table, no
// heuristics, no quiescence. It deepens iteratively only so that a time
// limit can be honoured, starting every iteration afresh. It is the
// baseline the other searchers are measured against.
//
// An AlphaBeta is not safe for concurrent use.
type AlphaBeta struct {
	Evaluator Evaluator
	core      searchCore
	moves     [maxPly][MaxMoves]Move
	rootMoves []Move // the moves searched at the root (of the line, with MultiPV), in the generator's order
	// generated holds the root moves in the generator's order, and
	// lineMoves those of a line, for a search with Limits.MultiPV.
	generated, lineMoves []Move
}

// NewAlphaBeta returns an alpha-beta searcher that scores positions with e.
func NewAlphaBeta(e Evaluator) *AlphaBeta { return &AlphaBeta{Evaluator: e} }

// Clear implements Searcher: AlphaBeta learns nothing between searches, so
// there is nothing to forget.
func (s *AlphaBeta) Clear() {}

// Search implements Searcher.
func (s *AlphaBeta) Search(ctx context.Context, g *Game, lim Limits) (Result, error) {
	rootMoves, err := s.core.begin(ctx, g, lim, s.Evaluator)
	if err != nil {
		return Result{}, err
	}
	defer s.core.disarm()
	s.rootMoves = rootMoves
	search := func(depth, _, _ int) (int, bool) {
		score := s.negamax(0, depth, -infinity, infinity)
		return score, !s.core.stopped
	}
	if lim.MultiPV > 1 && len(rootMoves) > 1 {
		// The core reorders rootMoves, keeping the moves of the lines
		// searched in front: each line searches the others in the
		// generator's order, so that the first line is the search of one
		// line.
		s.generated = append(s.generated[:0], rootMoves...)
		search = func(depth, line, _ int) (int, bool) {
			s.rootMoves = s.lineMoves[:0]
			for _, m := range s.generated {
				if !slices.Contains(rootMoves[:line], m) {
					s.rootMoves = append(s.rootMoves, m)
				}
			}
			s.lineMoves = s.rootMoves
			score := s.negamax(0, depth, -infinity, infinity)
			return score, !s.core.stopped
		}
	}
	// Every iteration starts afresh, in the generator's order: not ordered.
	return s.core.iterate(lim, rootMoves, false, nil, search), nil
}

// negamax returns the score of the position at ply searched to depth, from
// its side to move's point of view. Fail-soft: a score ≤ alpha is an upper
// bound, a score ≥ beta a lower bound, anything between is exact.
func (s *AlphaBeta) negamax(ply, depth, alpha, beta int) int {
	c := &s.core
	p, score, done := c.open(ply, 0)
	if done {
		return score
	}
	if depth <= 0 || ply >= maxPly-1 {
		return c.horizon(p, ply)
	}
	moves := s.rootMoves
	if ply > 0 {
		moves = p.appendMoves(&s.moves[ply]) // captures first
	}
	if len(moves) == 0 {
		return c.adjudicate(p, ply)
	}
	best := -infinity
	for i, m := range moves {
		if ply == 0 {
			c.rootMove(depth, m, i+1)
		}
		child := &c.stack[ply+1]
		*child = *p
		child.PlayUnchecked(m)
		score := -s.negamax(ply+1, depth-1, -beta, -alpha)
		if c.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
				c.pv.update(ply, m)
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}
