package level

import (
	"context"
	"time"

	"github.com/surakarta-go/surakarta"
)

// player is a level below the engine's: it scores every root move with a
// plain alpha-beta search of params.depth plies and params.captures plies
// of captures, deepening one ply at a time within params.nodes, and
// chooses among the moves at random (choose).
type player struct {
	params params
	seed   uint64
	eval   surakarta.Evaluator
}

// Clear does nothing: a player learns nothing between searches.
func (*player) Clear() {}

// searchState is one search's counters and limits.
type searchState struct {
	ctx       context.Context
	eval      surakarta.Evaluator
	nodes     int64
	budget    int64     // stop above this many nodes (0: none)
	deadline  time.Time // stop after this (zero: none)
	stoppable bool      // the first iteration finishes whatever the limits
	// stopped is set when the search ran out of budget or time: every
	// node then returns at once, and the iteration's scores are dropped.
	stopped bool
}

func (p *player) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	begin := time.Now()
	moves, r, err := start(ctx, g, lim, p.seed)
	if err != nil {
		return surakarta.Result{}, err
	}
	pos := g.Position()
	depth := p.params.depth
	if lim.Depth > 0 && lim.Depth < depth {
		depth = lim.Depth
	}
	st := &searchState{ctx: ctx, eval: p.eval, budget: p.params.nodes, deadline: deadline(begin, lim, pos.SideToMove())}
	if lim.Nodes > 0 && lim.Nodes < st.budget {
		st.budget = lim.Nodes
	}

	// The moves the player sees: each capture is overlooked with
	// probability overlook, unless that leaves none.
	seen := moves
	if p.params.overlook > 0 {
		seen = nil
		for _, m := range moves {
			if m.IsCapture() && r.Float64() < p.params.overlook {
				continue
			}
			seen = append(seen, m)
		}
		if len(seen) == 0 {
			seen = moves
		}
	}

	// A move that ends the game is scored by the game's own rules
	// (repetition and the quiet-ply limit included).
	ends := make([]int, len(seen))
	over := make([]bool, len(seen))
	after := g.Clone()
	for i, m := range seen {
		if after.Play(m) != nil {
			continue
		}
		if o := after.Outcome(); o.Over {
			over[i], ends[i] = true, o.Score(pos.SideToMove(), 1)
		}
		_ = after.Undo()
	}

	scores := make([]int, len(seen))
	done := 0
	for d := 1; d <= depth; d++ {
		next, ok := p.iterate(st, pos, seen, ends, over, d)
		if !ok {
			break
		}
		scores, done = next, d
		st.stoppable = true
	}
	i := choose(r, scores, p.params.temperature, p.params.blunder)
	return surakarta.Result{
		Move: seen[i], Score: scores[i], Depth: done, SelDepth: done + p.params.captures,
		Nodes: st.nodes, PV: []surakarta.Move{seen[i]}, Time: time.Since(begin),
	}, nil
}

// iterate scores every move of seen with a search of depth plies,
// reporting false when the search stopped before the end.
func (p *player) iterate(st *searchState, pos surakarta.Position, seen []surakarta.Move, ends []int, over []bool, depth int) (scores []int, ok bool) {
	scores = make([]int, len(seen))
	buf := make([][]surakarta.Move, depth+p.params.captures+1)
	for i, m := range seen {
		if over[i] {
			scores[i] = ends[i]
			continue
		}
		child := pos
		child.PlayUnchecked(m)
		scores[i] = -st.negamax(&child, depth-1, p.params.captures, -surakarta.Win, surakarta.Win, 1, buf)
		if st.stopped {
			return nil, false
		}
	}
	return scores, true
}

// negamax returns the score of pos for its side to move, searched depth
// plies and then captures plies of captures only, within (alpha, beta).
// The game's draws by repetition and the quiet-ply limit are not looked
// for: a player sees only pieces taken and boards without moves. When the
// search runs out of budget or time it sets st.stopped and returns 0, a
// score that no caller uses.
func (st *searchState) negamax(pos *surakarta.Position, depth, captures, alpha, beta, ply int, buf [][]surakarta.Move) int {
	st.nodes++
	if st.stoppable && !st.stopped {
		st.stopped = st.budget > 0 && st.nodes > st.budget ||
			st.nodes&1023 == 0 && (st.ctx.Err() != nil || !st.deadline.IsZero() && time.Now().After(st.deadline))
	}
	if st.stopped {
		return 0
	}
	us := pos.SideToMove()
	if pos.Count(us) == 0 {
		return -(surakarta.Win - ply)
	}
	moves := pos.AppendLegalMoves(buf[ply][:0])
	buf[ply] = moves
	if len(moves) == 0 {
		return surakarta.Adjudicate(*pos, surakarta.Blocked).Score(us, ply)
	}
	quiet := depth <= 0
	if quiet {
		stand := max(-surakarta.MaxEvaluation, min(surakarta.MaxEvaluation, st.eval.Evaluate(pos)))
		if captures <= 0 || stand >= beta {
			return stand
		}
		alpha = max(alpha, stand)
		captures--
	}
	// AppendLegalMoves lists the captures first.
	best := -surakarta.Win
	if quiet {
		best = alpha
	}
	for _, m := range moves {
		if quiet && !m.IsCapture() {
			break
		}
		child := *pos
		child.PlayUnchecked(m)
		s := -st.negamax(&child, depth-1, captures, -beta, -alpha, ply+1, buf)
		if st.stopped {
			return 0
		}
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}
