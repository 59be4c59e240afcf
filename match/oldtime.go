package match

import (
	"context"
	"time"

	"github.com/surakarta-go/surakarta"
)

// oldTimeManagement is a searcher with the time management of v0.1.0 (the
// engine option tm=old): with a per-move time it starts no iteration that
// is not predicted to finish in time, and it throws an unfinished
// iteration away. It follows the iterations through Limits.Progress,
// stops the search by cancelling its context where v0.1.0 would not have
// started the next iteration, and returns the move of the last completed
// one.
type oldTimeManagement struct {
	surakarta.Searcher
}

// Search implements surakarta.Searcher.
func (o oldTimeManagement) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	moveTime := lim.MoveTime
	if lim.Depth == 0 && lim.Nodes == 0 && moveTime == 0 && !lim.Clock.Set() {
		moveTime = surakarta.DefaultMoveTime
	}
	var (
		last       []surakarta.Move // the PV of the last completed iteration
		ended      time.Duration    // when it ended
		lastLength time.Duration    // how long the one before it took
	)
	progress := lim.Progress
	lim.Progress = func(info surakarta.Info) {
		if progress != nil {
			progress(info)
		}
		last = info.PV
		this := info.Time - ended
		if moveTime > 0 && !lim.Clock.Set() && !nextIterationFits(moveTime, info.Time, this, lastLength) {
			cancel()
		}
		ended, lastLength = info.Time, this
	}
	res, err := o.Searcher.Search(ctx, g, lim)
	if err != nil {
		return res, err
	}
	if len(last) == 0 {
		// No iteration completed: v0.1.0 played the first legal move.
		last = g.LegalMoves()[:1]
	}
	res.Move, res.PV = last[0], last
	return res, nil
}

// nextIterationFits is the rule of v0.1.0: the next iteration is expected
// to finish within moveTime when the time elapsed plus the last
// iteration's time times its growth over the one before (between 2× and
// 8×, 4× when the one before is too short to measure) is within it.
func nextIterationFits(moveTime, elapsed, last, beforeLast time.Duration) bool {
	growth := 4.0
	if beforeLast > time.Millisecond {
		growth = min(max(float64(last)/float64(beforeLast), 2), 8)
	}
	return elapsed+time.Duration(float64(last)*growth) <= moveTime
}
