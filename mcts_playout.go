package surakarta

import "cmp"

// The random playouts that value the leaves of plain UCT (MCTS.Playouts),
// or of PUCT with mctsOff.playoutLeaves.

// mctsPlayoutLimit is the longest random playout, in plies.
const mctsPlayoutLimit = 200

// playout plays random moves from p to the game's end, or mctsPlayoutLimit
// plies, and returns the result for the side that moved into p.
func (s *MCTS) playout(w *mctsWorker, p *Position) float64 {
	q := *p
	mover := q.side ^ 1
	for range mctsPlayoutLimit {
		if q.pieces[q.side] == 0 {
			break
		}
		if limit := s.core.rules.QuietPlyLimit; limit > 0 && q.QuietPlies() >= limit {
			break
		}
		moves := q.appendMoves(&w.moves)
		if len(moves) == 0 {
			break
		}
		q.PlayUnchecked(moves[w.rng.IntN(len(moves))])
	}
	switch cmp.Compare(q.Count(mover), q.Count(mover^1)) {
	case 1:
		return 1
	case -1:
		return 0
	}
	return 0.5
}
