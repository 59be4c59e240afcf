package surakarta

import "time"

// Time control. Before a search, planTime turns the limits into a plan: a
// hard bound, the deadline, which the search checks every 1024 nodes
// together with the context and the node limit, so that it stops within a
// fraction of a millisecond of it; and, with a clock, a soft target.
// Between iterations a timeKeeper decides whether to go on:
//
//   - With MoveTime alone the move's time is spent, all of it (MoveOverhead
//     is kept back from a clock only): iterations go on until the
//     deadline, since time not used is lost, and an iteration cut short
//     still gives its best move when it has searched one fully (see
//     searchCore.adoptUnfinished).
//   - With a clock, time saved now is time for later moves. No iteration
//     starts once the target is spent; the target shrinks the longer the
//     best move stays the same (to 0.55× after five iterations) and grows
//     when it has just changed (1.5×) or when the score drops (up to 1.5×
//     more for a drop of a piece or two). Nor does an iteration start when
//     its first move, about half of it, is not expected to finish before
//     the deadline: that time would be thrown away.
//   - With a single legal move there is nothing to decide: a timed search
//     returns after its first iteration.

// timePlan is the time of one search.
type timePlan struct {
	timed bool          // the search has a time limit
	clock bool          // the time comes from a clock: the soft target applies
	soft  time.Duration // the target: no iteration starts after it (scaled by the timeKeeper)
	hard  time.Duration // the bound: the search stops here
}

// movesLeftGuess is how many more moves a side is expected to make when
// the clock gives no moves to go. Games between these searchers last about
// 25 moves a side from a 4-ply opening (the tuning matches: 47 plies on
// average, 57 at the 90th percentile), but the guess is made again at
// every move, when fewer are left: with 20, games on a clock of 5 s +
// 50 ms a move ended with 2.1 s of the 5 s unspent (the median), 12
// played stronger, and 8 spent more but played no stronger than 12 (the
// repository's experiments/docs/experiments.md, "Strength: the clock"). A
// guess that is low for long games only makes their last moves a little
// faster: each move plans on a share of the time left, never on all of
// it.
const movesLeftGuess = 12

// Fractions of the time left that a move may use at most: the hard bound.
const (
	maxShare         = 0.5 // while more moves are to come before the next control
	maxShareLastMove = 0.9 // when the next control is one move away
)

// planTime returns the plan of a search within lim by the side to move.
func planTime(lim Limits, side Color) timePlan {
	var p timePlan
	moveTime := lim.MoveTime
	if lim.Depth == 0 && lim.Nodes == 0 && lim.Mate == 0 && moveTime == 0 && !lim.Clock.IsSet() {
		moveTime = DefaultMoveTime
	}
	if moveTime > 0 {
		p.timed = true
		// A fixed move time is spent whole, as UCI engines spend go
		// movetime: MoveOverhead is kept back from the clock only, whose
		// time runs out, not from a time the caller chose to give.
		p.hard = moveTime
		p.soft = p.hard
	}
	if lim.Clock.IsSet() {
		left, inc := lim.Clock.Left(side)
		avail := max(left-lim.MoveOverhead, 0)
		moves := lim.Clock.MovesToGo
		share := maxShareLastMove
		if moves != 1 {
			share = maxShare
		}
		if moves <= 0 || moves > movesLeftGuess {
			moves = movesLeftGuess
		}
		// The time of the moves to go, the increments they will bring
		// included, shared out evenly; at most 4× that share, and never
		// more than the share of the time left, on one move.
		soft := (avail + inc*time.Duration(moves-1)) / time.Duration(moves)
		hard := min(4*soft, time.Duration(share*float64(avail)))
		soft = min(soft, hard)
		if !p.timed {
			p.soft, p.hard = soft, hard
		} else {
			p.soft, p.hard = min(p.soft, soft), min(p.hard, hard)
		}
		p.timed, p.clock = true, true
	}
	return p
}

// timeKeeper follows a search's iterations and decides, after each one,
// whether to start the next.
type timeKeeper struct {
	plan   timePlan
	single bool // the root has a single legal move

	started    bool
	move       Move          // the best move of the last iteration
	stable     int           // iterations since the best move last changed
	score      int           // the score of the last iteration
	lastLength time.Duration // how long the iteration before the last took
}

// next reports whether to start another iteration after one that found
// move with score, took this long and ended elapsed after the search's
// start.
func (k *timeKeeper) next(move Move, score int, elapsed, this time.Duration) bool {
	drop := 0
	if k.started {
		drop = k.score - score
		if move == k.move {
			k.stable++
		} else {
			k.stable = 0
		}
	}
	beforeLast := k.lastLength
	k.started, k.move, k.score, k.lastLength = true, move, score, this
	if !k.plan.timed {
		return true
	}
	if k.single || elapsed >= k.plan.hard {
		return false
	}
	if !k.plan.clock {
		return true // MoveTime: spend it
	}
	if elapsed >= time.Duration(float64(k.plan.soft)*stabilityFactor(k.stable)*dropFactor(drop)) {
		return false
	}
	growth := 4.0
	if beforeLast > time.Millisecond {
		growth = min(max(float64(this)/float64(beforeLast), 1.5), 8)
	}
	return elapsed+time.Duration(float64(this)*growth/2) <= k.plan.hard
}

// stabilityFactor scales the soft target by how many iterations in a row
// the best move has stayed the same.
func stabilityFactor(stable int) float64 {
	switch stable {
	case 0:
		return 1.5
	case 1:
		return 1.2
	case 2:
		return 1.0
	case 3:
		return 0.85
	case 4:
		return 0.7
	}
	return 0.55
}

// dropFactor scales the soft target by how much the score fell in the last
// iteration: from 1 (no drop) to 1.5 (a drop of 100, about two pieces).
func dropFactor(drop int) float64 {
	return 1 + 0.5*float64(min(max(drop, 0), 100))/100
}
