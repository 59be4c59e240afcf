package surakarta

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"
)

// Searcher chooses moves. Implementations in this package are AlphaBeta and
// PVS; they are not safe for concurrent use: give each game or goroutine its
// own.
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

// Limits bound a search. A zero field sets no limit of its kind; when all
// of Depth, Nodes, MoveTime and Clock are zero the search runs for
// DefaultMoveTime.
//
// Time limits. MoveTime is a fixed time for this move, which the search
// spends: it stops at MoveTime − MoveOverhead, and moves sooner only when
// there is nothing left to decide (a single legal move, or the game's end
// in sight). Clock is a game clock: the search plans its own time from the
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
	MoveTime time.Duration // spend this long on the move (less MoveOverhead)

	// Clock is the game clock, for a search that plans its own time.
	Clock Clock
	// MoveOverhead is time kept back from MoveTime and from the clock for
	// what happens outside the search: sending the move, a program at the
	// other end of a pipe, a loaded machine. 0 keeps nothing back.
	MoveOverhead time.Duration

	// SearchMoves, when not empty, restricts the search to these moves of
	// the root position, as UCI's "go searchmoves" does: the result is the
	// best of them. Each must be legal there (its squares name a legal
	// move, as for Position.Legal), or Search returns an error wrapping
	// ErrIllegalMove.
	SearchMoves []Move

	// Progress, if not nil, is called after each completed iteration, in
	// the goroutine that called Search.
	Progress func(Info)
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

// Set reports whether the clock is in force.
//
// Deprecated: use IsSet; Set reads as a setter.
func (c Clock) Set() bool { return c.IsSet() }

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
	}
	return nil
}

// DefaultMoveTime is the search time when Limits sets no limit.
const DefaultMoveTime = time.Second

// MaxDepth is the deepest iteration a search runs.
const MaxDepth = 64

// Info reports a completed iteration of a search.
type Info struct {
	Depth          int           // the iteration's depth in plies
	SelDepth       int           // the longest line of the iteration in plies, quiescence included: at least Depth
	Score          int           // its score for the side to move (see Win)
	Nodes          int64         // nodes searched so far
	NodesPerSecond int64         // nodes per second so far
	Time           time.Duration // time since the search started
	PV             []Move        // the principal variation, best move first
}

// Result is the outcome of a search.
//
// Move and PV come from the deepest iteration that searched a root move
// fully: when the search stops in the middle of an iteration after PVS
// has searched the previous best move (or found a better one), they are
// that iteration's; Score and Depth are always those of the deepest
// completed iteration.
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
}

// Scores. A game that ends n plies from the searched position scores Win−n
// for the winner and −(Win−n) for the loser, so faster wins and slower
// losses score better. A draw scores 0. Evaluations lie within
// ±MaxEvaluation, far from the scores of won and lost games.
const (
	Win = 1_000_000
	// MaxEvaluation bounds the scores of evaluators. An Evaluator must
	// return a score from −MaxEvaluation to MaxEvaluation; the searchers of
	// this package clamp any other score into that range, so that no
	// evaluator can pass for a won or lost game.
	MaxEvaluation = 100_000
	// decisive is the smallest absolute value of a win or loss score.
	decisive = Win - 1_000
	// infinity is beyond every score.
	infinity = Win + 1
)

// IsWin reports whether score is a forced win for the side it belongs to:
// Win−n for a game won n < 1000 plies ahead.
func IsWin(score int) bool { return score >= decisive && score <= Win }

// IsLoss reports whether score is a forced loss: −(Win−n).
func IsLoss(score int) bool { return score <= -decisive && score >= -Win }

// PliesToEnd returns, for a win or loss score, the number of plies until
// the game ends, and false for other scores.
func PliesToEnd(score int) (int, bool) {
	switch {
	case IsWin(score):
		return Win - score, true
	case IsLoss(score):
		return Win + score, true
	}
	return 0, false
}

// FormatScore returns score as text: "+35", "-120", "win in 5", "loss in 4".
// A number beyond ±Win, which no search returns, is written as a number.
func FormatScore(score int) string {
	switch n, ok := PliesToEnd(score); {
	case ok && score > 0:
		return fmt.Sprintf("win in %d", n)
	case ok:
		return fmt.Sprintf("loss in %d", n)
	}
	return fmt.Sprintf("%+d", score)
}

// searchCore is what every searcher of this package shares: the node count,
// the stop conditions, the game-end rules and the positions of the game and
// of the search path.
type searchCore struct {
	eval  Evaluator
	rules Rules

	nodes     int64
	nodeLimit int64
	start     time.Time
	deadline  time.Time // the hard bound of the time plan; zero when there is no time limit
	plan      timePlan
	done      <-chan struct{} // the context's Done channel
	stopped   bool
	// unorderedRoot says that an iteration does not search the previous
	// iteration's best move first (AlphaBeta), so that the best move of an
	// unfinished iteration cannot be trusted.
	unorderedRoot bool

	// stack[ply] is the position at that ply of the search path.
	stack [maxPly + 1]Position
	// hashes holds the hashes of the game's positions since its last capture
	// and then of the search path: hashes[base+ply] is stack[ply]'s.
	hashes []uint64
	base   int
	// nullFloor is the hashes index of the position after the latest null
	// move on the path (PVS): repetitions are not looked for before it.
	nullFloor int
	pv        pvTable
	// selDepth is the highest ply reached since it was last reset.
	selDepth int
	// draw is the score of a drawn end for the side to move: 0 unless a
	// PVS has Contempt (see PVS.Contempt).
	draw [2]int
	// In a parallel search (search_smp.go) every thread stops as soon as
	// halt is set; a helper publishes its node count to published every
	// 1024 nodes, and the main thread's helperNodes are the helpers'
	// published counts. halt is nil in a search on one thread.
	halt        *atomic.Bool
	published   *atomic.Int64
	helperNodes []atomic.Int64
}

// maxPly is the longest search path, quiescence included.
const maxPly = 128

// begin prepares a search of g within lim and returns the root moves.
func (c *searchCore) begin(ctx context.Context, g *Game, lim Limits, eval Evaluator) ([]Move, error) {
	switch {
	case ctx == nil:
		return nil, fmt.Errorf("%w: the context is nil (use context.Background())", ErrInvalidSearch)
	case g == nil:
		return nil, fmt.Errorf("%w: the game is nil", ErrInvalidSearch)
	}
	if err := lim.Validate(); err != nil {
		return nil, err
	}
	if eval == nil {
		return nil, fmt.Errorf("%w: the searcher's Evaluator field is nil", ErrNoEvaluator)
	}
	if o := g.Outcome(); o.Over {
		return nil, fmt.Errorf("%w: %v", ErrGameOver, o)
	}
	c.eval, c.rules = eval, g.Rules()
	c.nodes, c.nodeLimit, c.stopped = 0, lim.Nodes, false
	c.start = time.Now()
	c.plan = planTime(lim, g.Position().SideToMove())
	c.deadline = time.Time{}
	if c.plan.timed {
		c.deadline = c.start.Add(c.plan.hard)
	}
	c.done = ctx.Done()
	c.unorderedRoot = false
	c.nullFloor = 0

	root := g.Position()
	c.stack[0] = root
	positions := g.history()
	first := max(len(positions)-1-root.QuietPlies(), 0)
	c.base = len(positions) - 1 - first
	if need := c.base + maxPly + 1; cap(c.hashes) < need {
		c.hashes = make([]uint64, need)
	}
	c.hashes = c.hashes[:c.base+maxPly+1]
	for i, p := range positions[first:] {
		c.hashes[i] = p.hash
	}
	moves := root.LegalMoves()
	if len(lim.SearchMoves) > 0 {
		var err error
		if moves, err = restrict(root, moves, lim.SearchMoves); err != nil {
			return nil, err
		}
	}
	if ctx.Err() != nil {
		c.stopped = true
	}
	return moves, nil
}

// restrict returns the moves of legal, the legal moves of p in the
// generator's order, that only lists; an illegal move in only is an error.
func restrict(p Position, legal, only []Move) ([]Move, error) {
	keep := make([]bool, len(legal))
	for _, m := range only {
		m, err := p.Legal(m)
		if err != nil {
			return nil, fmt.Errorf("Limits.SearchMoves: %w", err)
		}
		keep[slices.Index(legal, m)] = true
	}
	n := 0
	for i, m := range legal {
		if keep[i] {
			legal[n] = m
			n++
		}
	}
	return legal[:n], nil
}

// open starts the node at ply: it counts it, empties its principal
// variation, records its position for repetition checks and applies the
// game-end rules that need no move generation. When the node ends there
// (the search must stop, or the game is over) it reports done with the
// node's score.
func (c *searchCore) open(ply int) (p *Position, score int, done bool) {
	if c.halt != nil {
		c.poll()
	}
	if c.tick() {
		return nil, 0, true
	}
	c.pv.clear(ply)
	c.selDepth = max(c.selDepth, ply)
	p = &c.stack[ply]
	c.hashes[c.base+ply] = p.hash
	if ply > 0 {
		if score, over := c.terminal(p, ply); over {
			return p, score, true
		}
	}
	return p, 0, false
}

// terminal applies the game-end rules that need no move generation to the
// position at ply > 0: a side without pieces has lost; the quiet-ply limit
// and repetition end the game, adjudicated by piece count.
func (c *searchCore) terminal(p *Position, ply int) (int, bool) {
	if p.pieces[p.side] == 0 {
		return -(Win - ply), true
	}
	if c.rules.QuietPlyLimit > 0 && p.QuietPlies() >= c.rules.QuietPlyLimit {
		return c.adjudicate(p, ply), true
	}
	if limit := c.rules.RepetitionLimit; limit > 0 && p.quietPlies >= 4 {
		i := c.base + ply
		oldest := max(i-p.QuietPlies(), c.nullFloor)
		seen := 1
		for j := i - 4; j >= oldest; j -= 2 {
			if c.hashes[j] == p.hash {
				if seen++; seen >= limit {
					return c.adjudicate(p, ply), true
				}
			}
		}
	}
	return 0, false
}

// adjudicate scores a game that ends at ply in p by piece count, for the
// side to move: equal counts are a draw, scored c.draw.
func (c *searchCore) adjudicate(p *Position, ply int) int {
	us, them := p.Count(p.side), p.Count(p.side^1)
	switch {
	case us > them:
		return Win - ply
	case us < them:
		return -(Win - ply)
	}
	return c.draw[p.side&1]
}

// evaluate returns the evaluator's score of p, clamped to ±MaxEvaluation.
func (c *searchCore) evaluate(p *Position) int {
	return min(max(c.eval.Evaluate(p), -MaxEvaluation), MaxEvaluation)
}

// horizon scores a node at depth 0 without quiescence: an adjudicated end
// when the side to move has no move, else the evaluation.
func (c *searchCore) horizon(p *Position, ply int) int {
	if !p.hasMove() {
		return c.adjudicate(p, ply)
	}
	return c.evaluate(p)
}

// iterate runs iterative deepening: searchDepth(d) searches the root to
// depth d and reports its score and whether it completed. It stops at the
// depth limit, when stopped, or when the time plan says so (see
// timecontrol.go). When an iteration is cut short, the result takes its
// best move if it searched one fully.
func (c *searchCore) iterate(lim Limits, rootMoves []Move, searchDepth func(depth int) (int, bool)) Result {
	res := Result{Move: rootMoves[0], PV: []Move{rootMoves[0]}}
	maxDepth := MaxDepth
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, MaxDepth)
	}
	keeper := timeKeeper{plan: c.plan, single: len(rootMoves) == 1}
	for depth := 1; depth <= maxDepth && !c.stopped; depth++ {
		iterationStart := time.Now()
		c.selDepth = 0
		score, ok := searchDepth(depth)
		if !ok || c.stopped {
			c.adoptUnfinished(&res)
			break
		}
		// A line that a table hit ended counts as long as the search that
		// stored it (see probe), and one that ends the game before the
		// horizon as reaching it: the iteration searched it to the end.
		selDepth := max(c.selDepth, depth)
		res.Score, res.Depth, res.SelDepth = score, depth, selDepth
		if pv := c.pv.line(); len(pv) > 0 {
			res.PV, res.Move = pv, pv[0]
		}
		elapsed := time.Since(c.start)
		if lim.Progress != nil {
			nodes := c.totalNodes()
			lim.Progress(Info{
				Depth: depth, SelDepth: selDepth, Score: score, Nodes: nodes, Time: elapsed,
				NodesPerSecond: int64(float64(nodes) / max(elapsed.Seconds(), 1e-9)),
				PV:             append([]Move(nil), res.PV...),
			})
		}
		if n, ok := PliesToEnd(score); ok && n <= depth {
			break // the game's end is in sight: deeper changes nothing
		}
		if !keeper.next(res.Move, score, time.Since(c.start), time.Since(iterationStart)) || c.mustStop() {
			break
		}
	}
	res.Nodes = c.nodes
	res.Time = time.Since(c.start)
	return res
}

// adoptUnfinished makes the best move of the iteration that was cut short
// the result's, with its line, when the iteration searched a root move
// fully: the root's line holds a move only once a move has been searched
// to the end and scored above alpha, and PVS searches the previous best
// move first, so that move is the best of those searched at the greater
// depth.
func (c *searchCore) adoptUnfinished(res *Result) {
	if c.unorderedRoot || c.pv.length[0] == 0 {
		return
	}
	pv := c.pv.line()
	res.PV, res.Move = pv, pv[0]
}

// pvTable is the triangular table of principal variations: line ply holds
// the best line found from that ply.
type pvTable struct {
	moves  [maxPly + 1][maxPly + 1]Move
	length [maxPly + 1]int
}

// clear empties the line of ply.
func (t *pvTable) clear(ply int) { t.length[ply] = ply }

// update makes m followed by the line of ply+1 the line of ply.
func (t *pvTable) update(ply int, m Move) {
	t.moves[ply][ply] = m
	n := max(t.length[ply+1], ply+1)
	copy(t.moves[ply][ply+1:n], t.moves[ply+1][ply+1:n])
	t.length[ply] = n
}

// line returns a copy of the principal variation from the root.
func (t *pvTable) line() []Move {
	return append([]Move(nil), t.moves[0][:t.length[0]]...)
}
