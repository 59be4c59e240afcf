package surakarta

import (
	"context"
	"fmt"
	"time"
)

// Searcher chooses moves. Implementations in this package are AlphaBeta,
// PVS and MCTS; they are not safe for concurrent use: give each game or
// goroutine its own.
type Searcher interface {
	// Search searches g's current position, knowing g's history and rules,
	// within lim and until ctx is done, and returns the best move found.
	// Whenever the position has a legal move the Result has one, even if
	// ctx is already cancelled or the time is tiny. It does not change g.
	// It returns an error only when ctx or g is nil (wrapping
	// ErrInvalidSearch), g is over (ErrGameOver), lim is invalid
	// (ErrInvalidLimits), one of lim.SearchMoves is illegal
	// (ErrIllegalMove) or the searcher has no evaluator (ErrNoEvaluator);
	// a searcher may add errors of its own settings (ErrInvalidSearch).
	Search(ctx context.Context, g *Game, lim Limits) (Result, error)
	// Clear forgets what earlier searches have learnt (a transposition
	// table, move-ordering statistics), so that the next search starts
	// afresh. Call it between games.
	Clear()
}

// Limits bound a search, and say what to report and how to search. A
// zero field sets no limit of its kind; when all of Depth, Nodes, MoveTime
// and Clock are zero the search runs for DefaultMoveTime.
//
// The fields are of two kinds. Depth, Nodes, MoveTime, Clock,
// MoveOverhead and Mate bound the search. SearchMoves, MultiPV, Progress,
// RootProgress and Ponder are the engine protocols' other arguments of a
// search, which UCI's go carries beside its bounds as this struct does:
// the moves to search, the lines to report, the reports, and pondering.
// They are one value, not two, so that Searcher, the interface that
// programs implement for their own searchers, takes one argument: a
// second would break every implementation for no gain to a caller.
//
// Time limits. MoveTime is a fixed time for this move, which the search
// spends: it stops at MoveTime, and moves sooner only when
// there is nothing left to decide (a single legal move, or a win in sight,
// docs/search.md). Clock is a game clock: the search plans its own time from the
// time left to the side to move, its increment and the moves to go, with
// a target that it stretches when the best move changes or the score
// drops and shortens when the best move stays the same, and a hard bound
// that never uses more than half of the time left (nine tenths when the
// next time control is one move away), less MoveOverhead. When both are
// set, both apply: the search spends at most MoveTime and no more than
// the clock allows. Whatever the limits, a search that runs out of time
// in the middle of an iteration returns the best move of that iteration
// when it has searched at least one root move fully (PVS searches the
// previous iteration's best move first), and otherwise that of the last
// completed iteration.
type Limits struct {
	Depth    int           // deepest iteration, in plies (a larger value means MaxDepth)
	Nodes    int64         // stop after about this many nodes
	MoveTime time.Duration // spend this long on the move

	// Clock is the game clock, for a search that plans its own time.
	Clock Clock
	// MoveOverhead is time kept back from the clock for what happens
	// outside the search: sending the move, a program at the other end
	// of a pipe, a loaded machine. It is not taken off MoveTime, which
	// is spent whole, as UCI engines spend go movetime: a fixed time per
	// move loses nothing by a late move, and MoveTime less the overhead
	// is what to give for a hard bound. 0 keeps nothing back.
	MoveOverhead time.Duration

	// SearchMoves, when not empty, restricts the search to these moves of
	// the root position, as UCI's "go searchmoves" does: the result is the
	// best of them. Each must be legal there (its squares name a legal
	// move, as for Position.Legal), or Search returns an error wrapping
	// ErrIllegalMove.
	SearchMoves []Move

	// MultiPV is the number of best root moves to report, each with its
	// score and principal variation (Result.Lines), for analysis: at each
	// iteration the search finds the best line, then the best line of the
	// other root moves, and so on, each search leaving out the first moves
	// of the lines before it. 0 or 1 searches one line, the plain search;
	// a value above the number of root moves (those of SearchMoves, when
	// set) reports them all. Each further line costs about one more search
	// of the root, and the best line is searched no better for it: set it
	// only when the other lines are wanted. PVS with Threads > 1 searches
	// the lines on the calling goroutine; its helpers search every root
	// move as without MultiPV.
	MultiPV int

	// Progress, if not nil, is called after each completed iteration, in
	// the goroutine that called Search: once, or with MultiPV k > 1 once
	// for each of the k lines, best first (Info.MultiPV).
	Progress func(Info)

	// RootProgress, if not nil, is called as AlphaBeta and PVS begin to
	// search each root move, in the goroutine that called Search, with
	// the Info's Depth, CurrMove, CurrMoveNumber and Time set and nothing
	// else: what UCI's currmove reports. It is called often (every root
	// move of every iteration, and of every line with MultiPV): a caller
	// that shows it picks the calls to show. MCTS does not call it.
	RootProgress func(Info)

	// Ponder, when not nil, makes the search ponder, as UCI's "go ponder"
	// does: it searches the position (the one after the move the opponent
	// is expected to play) with no time limit until Ponder is closed, the
	// opponent having played that move (UCI's ponderhit); from then on
	// MoveTime and Clock apply, and the search goes on where it is, with
	// what it has searched so far. Their time counts from the search's
	// start, as UCI engines count it: the time pondered is time the search
	// has had, so a search that has pondered as long as its time plan
	// allows returns at once at the close, and one that has pondered less
	// searches on for what is left of it. A
	// pondering search stops early only at its Depth or Nodes limit, when
	// the game's end is in sight, or when ctx is done (the opponent played
	// another move: the caller cancels it and discards the result).
	Ponder <-chan struct{}

	// Mate, when positive, asks for a win within Mate moves of the side
	// to move (2·Mate−1 plies), as UCI's "go mate" does: AlphaBeta and
	// PVS search to that depth (with Depth, the smaller) and stop as soon
	// as an iteration proves such a win, with its score (IsWin); PVS
	// searches without the pruning and reductions that would make its win
	// no proof. The result is the best move found when there is no such
	// win. Mate is a limit in its own right: without a time limit the
	// search does not stop at DefaultMoveTime. MCTS, which proves no
	// distance to the end, returns an error wrapping ErrInvalidLimits.
	Mate int
}

// Clock is a game clock as a referee keeps it: the time left to each side
// and what each side's clock gains after each of its moves. The search
// looks at the side to move's time, increment and MovesToGo. A Clock is in
// force when any of its times or increments is positive; a side with no
// time left then moves at once.
type Clock struct {
	Black, White time.Duration // time left on each side's clock
	// BlackIncrement and WhiteIncrement are added to a side's clock after
	// each of its moves (a Fischer increment).
	BlackIncrement, WhiteIncrement time.Duration
	// MovesToGo is the number of moves the side to move must make before
	// its clock gains the time of the next control; 0 means that the time
	// left must last the rest of the game (with the increments).
	MovesToGo int
}

// IsSet reports whether the clock is in force: any of its times or
// increments is positive.
func (c Clock) IsSet() bool {
	return c.Black > 0 || c.White > 0 || c.BlackIncrement > 0 || c.WhiteIncrement > 0
}

// Left returns the time left to side and its increment.
func (c Clock) Left(side Color) (left, increment time.Duration) {
	if side == White {
		return c.White, c.WhiteIncrement
	}
	return c.Black, c.BlackIncrement
}

// Validate reports whether the limits make sense: none negative. The error
// wraps ErrInvalidLimits.
func (l Limits) Validate() error {
	switch {
	case l.Depth < 0:
		return fmt.Errorf("%w: Depth %d is negative", ErrInvalidLimits, l.Depth)
	case l.Nodes < 0:
		return fmt.Errorf("%w: Nodes %d is negative", ErrInvalidLimits, l.Nodes)
	case l.MoveTime < 0:
		return fmt.Errorf("%w: MoveTime %v is negative", ErrInvalidLimits, l.MoveTime)
	case l.MoveOverhead < 0:
		return fmt.Errorf("%w: MoveOverhead %v is negative", ErrInvalidLimits, l.MoveOverhead)
	case l.Clock.Black < 0 || l.Clock.White < 0:
		return fmt.Errorf("%w: Clock time %v, %v: a negative time left", ErrInvalidLimits, l.Clock.Black, l.Clock.White)
	case l.Clock.BlackIncrement < 0 || l.Clock.WhiteIncrement < 0:
		return fmt.Errorf("%w: Clock increment %v, %v: a negative increment", ErrInvalidLimits, l.Clock.BlackIncrement, l.Clock.WhiteIncrement)
	case l.Clock.MovesToGo < 0:
		return fmt.Errorf("%w: Clock.MovesToGo %d is negative", ErrInvalidLimits, l.Clock.MovesToGo)
	case l.MultiPV < 0:
		return fmt.Errorf("%w: MultiPV %d is negative", ErrInvalidLimits, l.MultiPV)
	case l.Mate < 0:
		return fmt.Errorf("%w: Mate %d is negative", ErrInvalidLimits, l.Mate)
	}
	return nil
}

// maxDepth returns the deepest iteration a search under l may reach:
// MaxDepth, or less by Depth, or by Mate, whose win in Mate moves of the
// mover takes 2·Mate−1 plies.
func (l Limits) maxDepth() int {
	depth := MaxDepth
	if l.Depth > 0 {
		depth = min(l.Depth, MaxDepth)
	}
	if l.Mate > 0 {
		depth = min(depth, 2*min(l.Mate, MaxDepth)-1)
	}
	return depth
}

// CheckSearch returns the error a Searcher returns for its arguments, or
// nil: a nil ctx or g (ErrInvalidSearch), a game that is over
// (ErrGameOver), invalid limits (ErrInvalidLimits) or a move of
// lim.SearchMoves that is not legal in g's position (ErrIllegalMove). The
// searchers of this module call it first; a Searcher of your own can, so
// that it answers bad arguments as they do.
func CheckSearch(ctx context.Context, g *Game, lim Limits) error {
	switch {
	case ctx == nil:
		return fmt.Errorf("%w: the context is nil (use context.Background())", ErrInvalidSearch)
	case g == nil:
		return fmt.Errorf("%w: the game is nil", ErrInvalidSearch)
	}
	if err := lim.Validate(); err != nil {
		return err
	}
	if o := g.Outcome(); o.Over {
		return fmt.Errorf("%w: %v", ErrGameOver, o)
	}
	p := g.Position()
	for _, m := range lim.SearchMoves {
		if _, err := p.Legal(m); err != nil {
			return fmt.Errorf("Limits.SearchMoves: %w", err)
		}
	}
	return nil
}

// DefaultMoveTime is the search time when Limits sets no limit.
const DefaultMoveTime = time.Second

// MaxDepth is the deepest iteration a search runs.
const MaxDepth = 64

// Info reports a completed iteration of a search, or with Limits.MultiPV
// above 1 one of its lines.
type Info struct {
	Depth          int           // the iteration's depth in plies
	SelDepth       int           // the longest line of the iteration in plies, quiescence included: at least Depth
	Score          int           // its score for the side to move (see Win)
	Nodes          int64         // nodes searched so far
	NodesPerSecond int64         // nodes per second so far
	Time           time.Duration // time since the search started
	PV             []Move        // the principal variation, best move first
	// MultiPV is the line reported, from 1 for the best, when the search
	// has Limits.MultiPV above 1: the iteration's lines come one Info
	// each, in order, all with the same Depth, SelDepth, Nodes and Time.
	// It is 0 in a search of one line.
	MultiPV int
	// TBHits is the number of positions found in endgame tables so far
	// (PVS.Tables).
	TBHits int64
	// WDL is the chance of a win, a draw and a loss for the side to move,
	// per mille, that Score gives the position by the model of ScoreWDL:
	// the searchers of this package set it in every Info of an
	// iteration; it is zero in an Info of RootProgress.
	WDL WDL
	// Hashfull is how full PVS's transposition table is, per mille of the
	// entries written in this search among the table's first thousand
	// (UCI's hashfull); 0 for the other searchers.
	Hashfull int
	// CurrMove and CurrMoveNumber are, in an Info of Limits.RootProgress,
	// the root move the search begins to search and its place in the
	// iteration's order, from 1; NoMove and 0 in an iteration's Info.
	CurrMove       Move
	CurrMoveNumber int
}

// Line is one of the best lines of a search (Limits.MultiPV): a root move
// with its score and principal variation.
type Line struct {
	Score int    // the line's score for the side to move (see Win)
	PV    []Move // the line's principal variation, its root move first
}

// Result is the outcome of a search.
//
// Move and PV come from the deepest iteration that searched a root move
// fully: when the search stops in the middle of an iteration after PVS
// has searched the previous best move (or found a better one), they are
// that iteration's; with Limits.MultiPV above 1, an iteration stopped
// after its first line gives that line's, for both searchers, since the
// first line searches every root move. Score, Depth and Lines are always
// those of the deepest completed iteration, whose lines were all
// searched: so Lines[0] has Score, and has PV too unless Move was taken
// from an iteration cut short.
type Result struct {
	Move  Move // the move to play: legal whenever the position has a legal move
	Score int  // the score of the deepest completed iteration, for the side to move
	Depth int  // the deepest completed iteration (0 if none completed)
	// SelDepth is the longest line of the deepest completed iteration in
	// plies, quiescence included: at least Depth and the length of PV (0
	// if no iteration completed). A line cut short by the transposition
	// table counts as long as the search that stored its score, and one
	// that ends the game before Depth as reaching Depth.
	SelDepth int
	Nodes    int64         // nodes searched
	PV       []Move        // the principal variation, starting with Move
	Time     time.Duration // time spent
	// Lines are the best lines of the deepest completed iteration, best
	// first: by score for AlphaBeta and PVS (equal scores in the order
	// they were searched), by visits for MCTS, whose best move is the
	// most visited (a later line may then score a little higher),
	// each with a different root move: min(Limits.MultiPV, root moves)
	// of them, or one, Score and that iteration's PV, when MultiPV is 0
	// or 1. A search that completed no iteration has one line, Score (0)
	// and PV. Lines[0].PV may share its moves with PV.
	Lines []Line
	// TBHits is the number of positions found in endgame tables
	// (PVS.Tables), by every thread.
	TBHits int64
}

// nodesPerSecond returns the speed of n nodes in elapsed, as Info reports
// it; a time too short to measure counts as a nanosecond.
func nodesPerSecond(n int64, elapsed time.Duration) int64 {
	return int64(float64(n) / max(elapsed.Seconds(), 1e-9))
}
