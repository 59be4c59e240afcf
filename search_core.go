package surakarta

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"
)

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

	// stack[ply] is the position at that ply of the search path.
	stack [maxPly + 1]Position
	// hashes holds the hashes of the game's last positions since its last
	// capture, at most scanLimit of them before the root, and then of the
	// search path: hashes[base+ply] is stack[ply]'s. When the game has
	// more positions since its last capture, game is the game and
	// copiedFrom the index in it of hashes[0]: terminal counts the
	// repetitions of the older positions from the game's index of them,
	// so that a node's cost does not grow with the game's length.
	hashes     []uint64
	base       int
	game       *Game
	copiedFrom int
	pv         pvTable
	// selDepth is the highest ply reached since it was last reset.
	selDepth int
	// selective says that the search prunes and reduces moves (PVS), so
	// that a win or loss it scores within its depth is not a proof: the
	// iterations go on past a loss in sight, and past a win until two in
	// a row score it alike. A full-width search (AlphaBeta) stops at the
	// first.
	selective bool
	// draw is the score of a drawn end for the side to move, which every
	// end the core adjudicates takes: 0 unless a PVS has Contempt (see
	// PVS.Contempt and pvsWorker.setContempt).
	draw [2]int
	// clock is the search's time source: nil for the real clock.
	clock timeSource
	// Every thread of a search stops at its next node once halt is set:
	// by the deadline's timer, the context (armStop), or in a search of
	// several threads the main thread when it is done; helpers share the
	// main thread's (follow).
	halt        *atomic.Bool
	stopContext func() bool // stops the context's AfterFunc that sets halt
	stopTimer   func() bool // stops the deadline's timer that sets halt

	// path evaluates the positions of the search path when the
	// evaluator is an IncrementalEvaluator; nil for any other.
	path PathEvaluator

	// ponder is the wait for the ponder hit of a search that ponders
	// (Limits.Ponder), nil once the hit has been taken in (ponderHit) or
	// for a search that does not ponder; pending is the time plan that
	// applies from the hit.
	ponder  *ponderWait
	pending timePlan
	hitWait *ponderWait // the ponder wait after its hit, for disarm
	// rootProgress is Limits.RootProgress, called by rootMove.
	rootProgress func(Info)
	// hashfull, when not nil, returns the Info's Hashfull (PVS).
	hashfull func() int
}

// maxPly is the longest search path, quiescence included (MaxPly).
const maxPly = 128

// begin prepares a search of g within lim and returns the root moves.
// When it returns no error, the search must call disarm before it
// returns.
func (c *searchCore) begin(ctx context.Context, g *Game, lim Limits, eval Evaluator) ([]Move, error) {
	if err := CheckSearch(ctx, g, lim); err != nil {
		return nil, err
	}
	if f, ok := eval.(EvaluatorFunc); eval == nil || ok && f == nil {
		return nil, fmt.Errorf("%w: the searcher's Evaluator field is nil", ErrNoEvaluator)
	}
	c.eval, c.rules = eval, g.Rules()
	c.usePath()
	c.nodes, c.nodeLimit, c.stopped = 0, lim.Nodes, false
	c.start = c.now()
	c.plan = planTime(lim, g.Position().SideToMove())
	c.ponder, c.hitWait = nil, nil
	if lim.Ponder != nil {
		// No time limit until the ponder hit (armStop waits for it).
		c.pending, c.plan = c.plan, timePlan{}
		c.ponder = &ponderWait{hit: lim.Ponder, quit: make(chan struct{})}
	}
	c.rootProgress = lim.RootProgress
	c.deadline = time.Time{}
	if c.plan.timed {
		c.deadline = c.start.Add(c.plan.hard)
	}
	c.done = ctx.Done()
	c.draw = [2]int{}
	// The root's line is emptied here, not only when the root node opens:
	// a search stopped before that (a node limit of 1, a cancelled
	// context) must not find an earlier search's line in it.
	c.pv.clear(0)

	root := g.Position()
	c.stack[0] = root
	positions := g.history()
	first := max(len(positions)-1-root.QuietPlies(), 0)
	c.copiedFrom = max(first, len(positions)-1-scanLimit)
	c.game = nil
	if c.copiedFrom > first {
		c.game = g
	}
	c.base = len(positions) - 1 - c.copiedFrom
	if need := c.base + maxPly + 1; cap(c.hashes) < need {
		c.hashes = make([]uint64, need)
	}
	c.hashes = c.hashes[:c.base+maxPly+1]
	for i, p := range positions[c.copiedFrom:] {
		c.hashes[i] = p.hash
	}
	moves := root.LegalMoves()
	if len(lim.SearchMoves) > 0 {
		moves = restrict(root, moves, lim.SearchMoves)
	}
	if ctx.Err() != nil {
		c.stopped = true
	}
	c.armStop(ctx)
	return moves, nil
}

// follow prepares c, a helper thread's core, to search the root of m, the
// main thread's core: the same position, history, rules, evaluator, draw
// scores and node limit, stopping when m's halt is set. It has no clock
// and no context of its own: the main thread's decide when to stop.
func (c *searchCore) follow(m *searchCore) {
	c.eval, c.rules, c.draw = m.eval, m.rules, m.draw
	c.usePath()
	c.nodes, c.nodeLimit, c.stopped = 0, m.nodeLimit, false
	c.start, c.deadline, c.plan, c.clock = m.start, time.Time{}, timePlan{}, m.clock
	c.ponder, c.hitWait, c.rootProgress, c.hashfull = nil, nil, nil, nil
	c.done = nil
	c.pv.clear(0)
	c.stack[0] = m.stack[0]
	c.base, c.game, c.copiedFrom = m.base, m.game, m.copiedFrom
	c.hashes = append(c.hashes[:0], m.hashes...)
	c.halt = m.halt
}

// restrict returns the moves of legal, the legal moves of p in the
// generator's order, that only lists; every move of only is legal
// (CheckSearch).
func restrict(p Position, legal, only []Move) []Move {
	keep := make([]bool, len(legal))
	for _, m := range only {
		m, _ := p.Legal(m)
		keep[slices.Index(legal, m)] = true
	}
	n := 0
	for i, m := range legal {
		if keep[i] {
			legal[n] = m
			n++
		}
	}
	return legal[:n]
}

// open starts the node at ply: it counts it, empties its principal
// variation, records its position for repetition checks and applies the
// game-end rules that need no move generation, with floor as terminal
// takes it. When the node ends there (the search must stop, or the game
// is over) it reports done with the node's score.
func (c *searchCore) open(ply, floor int) (p *Position, score int, done bool) {
	// halt is looked at on every node, not only every 1024 as the clock
	// and the context (tick): with a slow evaluator 1024 nodes take long.
	if c.halt.Load() {
		c.stopped = true
	}
	if c.tick() {
		return nil, 0, true
	}
	c.pv.clear(ply)
	c.selDepth = max(c.selDepth, ply)
	p = &c.stack[ply]
	c.hashes[c.base+ply] = p.hash
	if ply > 0 {
		if score, over := c.terminal(p, ply, floor); over {
			return p, score, true
		}
	}
	return p, 0, false
}

// terminal applies the game-end rules that need no move generation to the
// position at ply > 0: a side without pieces has lost; the quiet-ply limit
// and repetition end the game, adjudicated by piece count. Repetitions are
// not looked for before floor, an index of c.hashes: 0, or in PVS the
// position after the latest null move on the path, since a pass breaks
// the game's sequence of positions.
func (c *searchCore) terminal(p *Position, ply, floor int) (int, bool) {
	if p.pieces[p.side] == 0 {
		return -(Win - ply), true
	}
	if c.rules.QuietPlyLimit > 0 && p.QuietPlies() >= c.rules.QuietPlyLimit {
		return c.adjudicate(p, ply), true
	}
	if limit := c.rules.RepetitionLimit; limit > 0 && p.quietPlies >= 4 {
		i := c.base + ply
		reach := i - p.QuietPlies() // where the stretch since the last capture starts
		seen := 1
		for j := i - 4; j >= max(reach, floor, 0); j -= 2 {
			if c.hashes[j] == p.hash {
				if seen++; seen >= limit {
					return c.adjudicate(p, ply), true
				}
			}
		}
		// The stretch goes back beyond the positions copied, and no
		// floor cuts it.
		if reach < 0 && floor == 0 && c.game != nil {
			if seen += c.olderRepeats(p); seen >= limit {
				return c.adjudicate(p, ply), true
			}
		}
	}
	return 0, false
}

// olderRepeats returns how many of the game's positions since its last
// capture that come before those copied into c.hashes have p's placement,
// from the game's index of its positions (Game.latest, prior and reps):
// the latest occurrence before c.copiedFrom counts them all.
func (c *searchCore) olderRepeats(p *Position) int {
	g := c.game
	j, ok := g.latest[placement{p.pieces, p.side}]
	if !ok {
		return 0
	}
	for int(j) >= c.copiedFrom {
		if j = g.prior[j]; j < 0 {
			return 0
		}
	}
	return int(g.reps[j])
}

// adjudicate scores a game that ends at ply in p by piece count, for the
// side to move: equal counts are a draw, scored c.draw.
func (c *searchCore) adjudicate(p *Position, ply int) int {
	if o := Adjudicate(*p, Blocked); !o.Draw {
		return o.Score(p.side, ply)
	}
	return c.draw[p.side&1]
}

// evaluate returns the evaluator's score of p, clamped to ±MaxEvaluation:
// p is the position at ply of the search path, or any position when ply
// is −1.
func (c *searchCore) evaluate(p *Position, ply int) int {
	if c.path != nil && ply >= 0 {
		return clampEvaluation(c.path.Evaluate(p, ply))
	}
	return clampEvaluation(c.eval.Evaluate(p))
}

// horizon scores a node at depth 0 without quiescence: an adjudicated end
// when the side to move has no move, else the evaluation.
func (c *searchCore) horizon(p *Position, ply int) int {
	if !p.hasMove() {
		return c.adjudicate(p, ply)
	}
	return c.evaluate(p, ply)
}

// iterate runs iterative deepening: searchLine(depth, line, previous)
// searches the root to depth, leaving out the root moves of the lines
// before line (rootMoves[:line], see searchLines), with previous the
// score of that line in the last completed iteration for an aspiration
// window, and reports its score and whether it completed. With
// lim.MultiPV at most 1 there is one line, 0, of every root move: the
// plain search. It stops at the depth limit, when stopped, or when the
// time plan says so (see timecontrol.go). When an iteration is cut short,
// the result takes its best move if it searched one fully and ordered
// says that every iteration searches the last one's best move first (see
// adoptUnfinished). tally, when not nil, returns the nodes of every
// thread and the endgame tables' hits so far, for Progress and the
// result's TBHits; without it they are the core's nodes and none.
func (c *searchCore) iterate(lim Limits, rootMoves []Move, ordered bool, tally func() (nodes, tbHits int64), searchLine func(depth, line, previous int) (int, bool)) Result {
	if tally == nil {
		tally = func() (int64, int64) { return c.nodes, 0 }
	}
	res := Result{Move: rootMoves[0], PV: []Move{rootMoves[0]}}
	maxDepth := lim.maxDepth()
	pieces := c.stack[0].Count(Black) + c.stack[0].Count(White)
	multi := 1
	if lim.MultiPV > 1 {
		multi = min(lim.MultiPV, len(rootMoves))
	}
	keeper := timeKeeper{plan: c.plan, single: len(rootMoves) == 1}
	var (
		lines     []Line // with MultiPV: those of the deepest completed iteration
		prevLines []Line // with MultiPV: those of the iteration before it
		linePV    []Move // without: the PV of the deepest completed iteration
	)
	for depth := 1; depth <= maxDepth && !c.stopped; depth++ {
		iterationStart := c.now()
		c.selDepth = 0
		var score int
		if multi == 1 {
			s, ok := searchLine(depth, 0, res.Score)
			if !ok || c.stopped {
				c.adoptUnfinished(&res, ordered)
				break
			}
			score = s
			if pv := c.pv.line(); len(pv) > 0 {
				res.PV, res.Move = pv, pv[0]
			}
			linePV = res.PV
		} else {
			next, ok := c.searchLines(depth, multi, rootMoves, lines, searchLine)
			if !ok {
				if len(next) > 0 {
					// The first line searched every root move fully.
					res.PV, res.Move = next[0].PV, next[0].PV[0]
				} else {
					c.adoptUnfinished(&res, ordered)
				}
				break
			}
			lines = next
			score = lines[0].Score
			res.PV, res.Move = lines[0].PV, lines[0].PV[0]
		}
		// A line that a table hit ended counts as long as the search that
		// stored it (see probe), and one that ends the game before the
		// horizon as reaching it: the iteration searched it to the end.
		selDepth := max(c.selDepth, depth)
		previous, previousLines := res.Score, prevLines
		prevLines = lines
		res.Score, res.Depth, res.SelDepth = score, depth, selDepth
		elapsed := c.since(c.start)
		if lim.Progress != nil {
			nodes, tbHits := tally()
			in := Info{
				Depth: depth, SelDepth: selDepth, Score: score, Nodes: nodes, Time: elapsed,
				NodesPerSecond: nodesPerSecond(nodes, elapsed),
				TBHits:         tbHits,
				WDL:            ScoreWDL(score, pieces),
			}
			if c.hashfull != nil {
				in.Hashfull = c.hashfull()
			}
			if multi == 1 {
				in.PV = append([]Move(nil), res.PV...)
				lim.Progress(in)
			}
			for i, l := range lines {
				in.MultiPV, in.Score, in.PV = i+1, l.Score, append([]Move(nil), l.PV...)
				in.WDL = ScoreWDL(l.Score, pieces)
				lim.Progress(in)
			}
		}
		if endInSight(score, lines, depth, c.selective) && (!c.selective || sameScores(previous, score, previousLines, lines)) {
			break // the game's end is in sight: deeper changes nothing
		}
		c.ponderHit()
		keeper.plan = c.plan // changed by a ponder hit
		elapsed, this := c.since(c.start), c.since(iterationStart)
		if w := c.ponder; w != nil {
			// Still pondering: would the plan of the hit stop here?
			probe := keeper
			probe.plan = c.pending
			if !probe.next(res.Move, score, elapsed, this) {
				w.stopOnHit.Store(true)
			}
		}
		if !keeper.next(res.Move, score, elapsed, this) || c.mustStop() {
			break
		}
	}
	switch {
	case res.Depth == 0:
		res.Lines = []Line{{Score: res.Score, PV: res.PV}}
	case lines != nil:
		res.Lines = lines
	default:
		res.Lines = []Line{{Score: res.Score, PV: linePV}}
	}
	res.Nodes = c.nodes
	_, res.TBHits = tally()
	res.Time = c.since(c.start)
	return res
}

// searchLines searches the multi best lines of the root to depth, for
// Limits.MultiPV: line i searches every root move but the first moves of
// lines 0 to i−1, which it keeps in rootMoves[:i], with previous[i]'s
// score for its aspiration window. Once every line is searched it sorts
// them best first, stably (a later line that scores higher than an
// earlier one, which search instability allows to PVS, comes first), puts
// their moves in that order at the front of rootMoves, where the next
// iteration searches them first, and reports true. When the search stops
// it returns the lines completed so far, in the order searched, and
// false.
func (c *searchCore) searchLines(depth, multi int, rootMoves []Move, previous []Line, searchLine func(depth, line, previous int) (int, bool)) ([]Line, bool) {
	lines := make([]Line, 0, multi)
	for i := range multi {
		prev := 0
		if i < len(previous) {
			prev = previous[i].Score
		}
		score, ok := searchLine(depth, i, prev)
		if !ok || c.stopped {
			return lines, false
		}
		pv := c.pv.line()
		if len(pv) == 0 {
			pv = []Move{rootMoves[i]}
		}
		moveToFront(rootMoves[i:], pv[0])
		lines = append(lines, Line{Score: score, PV: pv})
	}
	slices.SortStableFunc(lines, func(a, b Line) int { return cmp.Compare(b.Score, a.Score) })
	for i, l := range lines {
		rootMoves[i] = l.PV[0]
	}
	return lines, true
}

// moveToFront moves m to the front of moves, keeping the order of the
// others.
func moveToFront(moves []Move, m Move) {
	if i := slices.Index(moves, m); i > 0 {
		copy(moves[1:i+1], moves[:i])
		moves[0] = m
	}
}

// endInSight reports whether an iteration to depth that scored score, or
// with MultiPV whose lines all, saw the game's end within its depth: a
// deeper one would change nothing. In a selective search it must be a
// win, the best line's at least: a loss never stops it early, since a
// reduced or pruned move may still save the game, and a deeper iteration
// gives that move the depth it was denied.
func endInSight(score int, lines []Line, depth int, selective bool) bool {
	inSight := func(score int) bool {
		n, ok := PliesToEnd(score)
		return ok && n <= depth
	}
	if !inSight(score) || (selective && !IsWin(score)) {
		return false
	}
	for _, l := range lines {
		if !inSight(l.Score) {
			return false
		}
	}
	return true
}

// sameScores reports whether an iteration scored as the one before it:
// score as previous, and with MultiPV each line as the same line of the
// previous iteration.
func sameScores(previous, score int, previousLines, lines []Line) bool {
	if previous != score || len(previousLines) != len(lines) {
		return false
	}
	for i := range lines {
		if lines[i].Score != previousLines[i].Score {
			return false
		}
	}
	return true
}

// adoptUnfinished makes the best move of the iteration that was cut short
// the result's, with its line, when the iteration searched a root move
// fully and ordered says that it searched the previous iteration's best
// move first (PVS): the root's line holds a move only once a move has
// been searched to the end and scored above alpha, so that move is the
// best of those searched at the greater depth, the previous best among
// them. An AlphaBeta iteration starts afresh in the generator's order:
// the best of the moves it searched before it was cut short may be worse
// than the previous best, which it may not have reached.
func (c *searchCore) adoptUnfinished(res *Result, ordered bool) {
	if !ordered || c.pv.length[0] == 0 {
		return
	}
	pv := c.pv.line()
	res.PV, res.Move = pv, pv[0]
}

// rootMove reports to Limits.RootProgress, if any, that the iteration to
// depth begins to search the root move m, the number-th of its order.
func (c *searchCore) rootMove(depth int, m Move, number int) {
	if c.rootProgress != nil {
		c.rootProgress(Info{Depth: depth, CurrMove: m, CurrMoveNumber: number, Time: c.since(c.start)})
	}
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

// tick counts a node and reports whether the search must stop. It looks at
// the clock and the context every 1024 nodes.
func (c *searchCore) tick() bool {
	c.nodes++
	if c.nodes&1023 == 0 && !c.stopped {
		c.mustStop()
	}
	if c.nodeLimit > 0 && c.nodes >= c.nodeLimit {
		c.stopped = true
	}
	return c.stopped
}

// mustStop looks at the halt flag, the context and the deadline now, and
// reports whether the search must stop.
func (c *searchCore) mustStop() bool {
	if c.ponder != nil {
		c.ponderHit()
	}
	if !c.stopped {
		if c.halt != nil && c.halt.Load() {
			c.stopped = true
		}
		select {
		case <-c.done:
			c.stopped = true
		default:
		}
		if !c.deadline.IsZero() && !c.now().Before(c.deadline) {
			c.stopped = true
		}
	}
	return c.stopped
}
