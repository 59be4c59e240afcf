package surakarta

import (
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/surakarta-go/surakarta/internal/bitboard"
	"github.com/surakarta-go/surakarta/internal/splitmix"
	"github.com/surakarta-go/surakarta/internal/tt"
)

// pvsWorker is one thread of a PVS search: its own search path, node
// count, history, killers and move lists, and a copy of the searcher's
// settings. Only the table is shared.
type pvsWorker struct {
	off pvsOff // the PVS's, when the search started
	// params are the PVS's constants when the search started
	// (PVS.Params), and lmr their late-move reductions: the
	// search reads them at every node, without a lock.
	params  PVSParams
	lmr     *lmrTable
	core    searchCore
	table   *tt.Table
	history history
	killers killers
	moves   [maxPly][MaxMoves]Move
	order   [maxPly][MaxMoves]int32
	// evals[ply] is the static score of the node at ply on the current
	// path, for reverse futility pruning's improving flag.
	evals [maxPly]int
	// excluded[ply] is the move a singular-extension search at ply leaves
	// out (NoMove in every other search); rootDepth is the depth of the
	// iteration under way, which bounds how far extensions reach.
	excluded  [maxPly]Move
	rootDepth int
	rootMoves []Move
	skip      int // which iterations a helper skips (see helperSkips); 0 for the main thread
	// partialRoot says that the root's moves are those of
	// Limits.SearchMoves, not all: the root's score is not its own, and
	// is not stored.
	partialRoot bool
	// keySalt is mixed into every table key: 0, or with a Contempt, a
	// key of the contempt and the side to move at the root.
	keySalt uint64
	// tables are the endgame tables of the search, nil when it has none
	// or their rules do not fit the game's; they are asked about positions
	// of at most tablePieces pieces (see setTables). tbHits counts the
	// positions found in them by every thread: the PVS's count.
	tables      EndgameTables
	tablePieces int
	tbHits      *atomic.Int64
	// nullFloor is the core's hashes index of the position after the
	// latest null move on the path: repetitions are not looked for
	// before it (searchCore.terminal).
	nullFloor int
	// In a parallel search (search_smp.go) a helper publishes its node
	// count to published every 1024 nodes, and the main thread's
	// helperNodes are the helpers' published counts.
	published   *atomic.Int64
	helperNodes []atomic.Int64
}

// forget empties the worker's history and killers.
func (w *pvsWorker) forget() {
	w.history = history{}
	w.killers = killers{}
}

// start prepares the worker for a search of the position in its core with
// s's settings and table.
func (w *pvsWorker) start(s *PVS, rootMoves []Move) {
	w.off = s.off
	if s.proving {
		w.off = w.off.proving()
	}
	w.params, w.lmr = s.params, s.lmr
	w.table = s.table
	w.history.age(Black)
	w.history.age(White)
	w.killers = killers{}
	w.rootMoves = rootMoves
	w.partialRoot = len(rootMoves) < w.core.stack[0].countMoves()
	w.nullFloor = 0
}

// setContempt sets the draw scores of a search whose root side to move is
// the core's root's for the given contempt (clamped to ±MaxEvaluation), and
// the salt of its table keys: 0 without contempt, so that such searches
// share the table as before; else a key of the contempt and the root
// side, so that scores made with one contempt and root side are never
// taken for those of another.
func (w *pvsWorker) setContempt(contempt int) {
	c := &w.core
	contempt = clampEvaluation(contempt)
	root := c.stack[0].side & 1
	c.draw[root], c.draw[root^1] = -contempt, contempt
	w.keySalt = 0
	if contempt != 0 {
		state := uint64(contempt)<<1 | uint64(root)
		w.keySalt = splitmix.Next(&state)
	}
}

// iterate runs the main thread's iterative deepening. A line of MultiPV
// after the first searches the root moves from its place in the list on
// (searchCore.searchLines keeps the earlier lines' moves in front), a
// partial root whose score is not the root's and is not stored.
func (w *pvsWorker) iterate(lim Limits) Result {
	all, partial := w.rootMoves, w.partialRoot
	w.core.selective = w.off.selective()
	return w.core.iterate(lim, all, true, w.tally, func(depth, line, previous int) (int, bool) {
		w.rootMoves, w.partialRoot = all[line:], partial || line > 0
		score := w.aspirate(depth, previous)
		if !w.core.stopped {
			w.completePV(depth)
		}
		return score, !w.core.stopped
	})
}

// completePV lengthens the principal variation of a completed iteration
// of depth plies where a table cutoff ended it early (a cutoff returns a
// score but no line): from the position at its end it follows the moves
// that the table holds, while they are legal, the game goes on, and the
// line is shorter than depth. The line stays short where the table no
// longer holds a position of it: a small table may have given a shallow
// entry's place to another position. It changes nothing else: the search
// and its move are the same with or without it.
func (w *pvsWorker) completePV(depth int) {
	c := &w.core
	line := &c.pv.moves[0]
	n := c.pv.length[0]
	if n == 0 || n >= depth {
		return
	}
	// Replay the line on the search stack, recording its positions for
	// the repetition rule.
	for ply := range n {
		c.hashes[c.base+ply] = c.stack[ply].hash
		c.stack[ply+1] = c.stack[ply]
		c.stack[ply+1].PlayUnchecked(line[ply])
	}
	for ; n < depth && n < maxPly-1; n++ {
		p := &c.stack[n]
		c.hashes[c.base+n] = p.hash
		if _, over := c.terminal(p, n, 0); over {
			break
		}
		e, ok := w.table.Probe(w.tableKey(p))
		if !ok || e.Move == 0 || !slices.Contains(p.appendMoves(&w.moves[n]), Move(e.Move)) {
			break
		}
		line[n] = Move(e.Move)
		c.stack[n+1] = *p
		c.stack[n+1].PlayUnchecked(line[n])
	}
	c.pv.length[0] = n
}

// aspirate searches the root to depth with a window around the previous
// score, widening it on failure until the score is exact.
func (w *pvsWorker) aspirate(depth, previous int) int {
	w.rootDepth = depth
	win := w.off.aspirationWindow(w.params.Aspiration)
	if win <= 0 || depth < 3 || isDecisive(previous) {
		return w.search(0, depth, -infinity, infinity)
	}
	alpha, beta := previous-win, previous+win
	for {
		score := w.search(0, depth, alpha, beta)
		switch {
		case w.core.stopped:
			return 0
		case alpha <= -infinity && beta >= infinity:
			return score // the full window: nothing to widen
		case score <= alpha:
			alpha = max(alpha-win, -infinity)
		case score >= beta:
			beta = min(beta+win, infinity)
		default:
			return score
		}
		win *= 2
	}
}

// tableKey is the table's key of p: its hash, and when a quiet-ply limit is
// in force its quiet-ply count too, since the same placement nearer the
// limit can have another value; with a contempt, the key salt too.
func (w *pvsWorker) tableKey(p *Position) uint64 {
	if w.core.rules.QuietPlyLimit > 0 {
		return p.hash ^ zobristQuiet[min(p.quietPlies, maxQuietKey)] ^ w.keySalt
	}
	return p.hash ^ w.keySalt
}

// probe looks key up in the table for a node at ply searched to depth
// within (alpha, beta). It returns the stored move, and a cut with the
// stored score when that score settles the node: stored at least as deep,
// and exact or a bound outside the window. A cut stands for the lines of
// the search that stored it, which reached ply plus its depth.
func (w *pvsWorker) probe(key uint64, ply, depth, alpha, beta int) (Move, int, bool) {
	e, ok := w.table.Probe(key)
	if !ok {
		return NoMove, 0, false
	}
	if !w.off.cutoffs && ply > 0 && int(e.Depth) >= depth {
		score := fromTable(e.Score, ply)
		switch {
		case e.Bound == tt.Exact,
			e.Bound == tt.Lower && score >= beta,
			e.Bound == tt.Upper && score <= alpha:
			w.core.selDepth = max(w.core.selDepth, ply+int(e.Depth))
			return Move(e.Move), score, true
		}
	}
	return Move(e.Move), 0, false
}

// boundOf returns how the fail-soft score best of a node searched with the
// window (alphaIn, beta) relates to its true score, for the table: an
// upper bound at or below alphaIn, a lower bound at or above beta, exact
// between.
func boundOf(best, alphaIn, beta int) tt.Bound {
	switch {
	case best <= alphaIn:
		return tt.Upper
	case best >= beta:
		return tt.Lower
	}
	return tt.Exact
}

// toTable and fromTable convert win and loss scores, those of endgame
// tables without a distance too, between "from the root" (how the search
// sees them) and "from this position" (how the table keeps them, valid
// wherever the position recurs).
func toTable(score, ply int) int32 {
	switch {
	case IsWin(score), IsTableWin(score):
		score += ply
	case IsLoss(score), IsTableLoss(score):
		score -= ply
	}
	return int32(score)
}

func fromTable(score int32, ply int) int {
	s := int(score)
	switch {
	case IsWin(s), IsTableWin(s):
		s -= ply
	case IsLoss(s), IsTableLoss(s):
		s += ply
	}
	return s
}

// search returns the score of the position at ply searched to depth, for
// its side to move. Fail-soft: a score ≤ alpha is an upper bound, ≥ beta a
// lower bound, anything between is exact. The first move gets the full
// window; the others a null window (alpha, alpha+1) that only proves them
// worse, and a full re-search when that proof fails.
func (w *pvsWorker) search(ply, depth, alpha, beta int) int {
	c := &w.core
	if (depth <= 0 || ply >= maxPly-1) && !w.off.quiescence {
		return w.quiesce(ply, alpha, beta)
	}
	w.publish()
	p, score, done := c.open(ply, w.nullFloor)
	if done {
		return score
	}
	if w.tables != nil && ply > 0 {
		if score, ok := w.probeTables(p, ply); ok {
			return score
		}
	}
	if depth <= 0 || ply >= maxPly-1 {
		return c.horizon(p, ply)
	}
	key := w.tableKey(p)
	excluded := w.excluded[ply]
	tableMove := NoMove
	if excluded == NoMove {
		var cut bool
		tableMove, score, cut = w.probe(key, ply, depth, alpha, beta)
		if cut {
			return score
		}
	}
	pvNode := beta-alpha > 1
	eval := c.evaluate(p, ply)
	w.evals[ply] = eval
	improving := ply >= 2 && eval > w.evals[ply-2]
	if excluded == NoMove && !w.off.rfp && !pvNode && ply > 0 && depth <= w.params.RFPDepth && !isDecisive(beta) && !w.nearQuietLimit(p, depth) {
		// Reverse futility pruning: a position whose static score beats
		// beta by a margin that grows with the depth left is taken as a
		// cut without searching; by a ply's margin less when the side to
		// move's score has risen since its last move (improving).
		rfpMargin := w.params.RFPMargin
		margin := rfpMargin * depth
		if improving {
			margin -= rfpMargin
		}
		if eval-margin >= beta {
			return eval
		}
	}
	if excluded == NoMove && !w.off.nullMove && !pvNode && ply > 0 && depth >= 3 && w.nullFloor != c.base+ply &&
		p.Count(p.side) >= 4 && eval >= beta {
		if score, cut := w.nullMove(p, ply, depth, beta); cut {
			return score
		}
	}
	extend := NoMove // the table's move, when it is singular
	if !w.off.singular && excluded == NoMove && ply > 0 && depth >= w.params.SingularDepth && tableMove != NoMove && ply < 2*w.rootDepth && !w.nearQuietLimit(p, depth) {
		singular, score, cut := w.singular(p, key, ply, depth, beta, tableMove)
		if c.stopped {
			return 0
		}
		if cut {
			return score
		}
		if singular {
			extend = tableMove
		}
	}
	var moves []Move
	if ply == 0 {
		moves = w.moves[0][:copy(w.moves[0][:], w.rootMoves)]
	} else {
		moves = p.appendMoves(&w.moves[ply])
	}
	if len(moves) == 0 {
		return c.adjudicate(p, ply)
	}
	w.orderMoves(ply, p.side, moves, tableMove)

	alphaIn, best, bestMove := alpha, -infinity, NoMove
	canReduce := !w.off.lmr && depth >= 3 && !w.nearQuietLimit(p, depth)
	canPrune := !w.off.lmp && !pvNode && ply > 0 && depth <= w.params.LMPDepth && !isDecisive(beta) && !w.nearQuietLimit(p, depth)
	for i := range moves {
		m := w.pick(ply, moves, i)
		if m == excluded {
			continue
		}
		if canPrune && i >= w.params.LMPBase+depth*depth && w.order[ply][i] < orderKiller && !IsLoss(best) && !IsTableLoss(best) {
			// Late-move pruning: near the horizon of a node expected to
			// fail, the quiet moves ordered late are not searched (those
			// after this one are quiet too: captures and killers come first).
			// Not while every move searched loses, an endgame table's loss
			// too: a later one may be the only one that saves the game.
			break
		}
		if ply == 0 {
			c.rootMove(depth, m, i+1)
		}
		child := &c.stack[ply+1]
		*child = *p
		child.PlayUnchecked(m)
		newDepth := depth - 1
		if m == extend {
			newDepth++
		}
		var score int
		if i == 0 {
			score = -w.search(ply+1, newDepth, -beta, -alpha)
		} else {
			reduction := 0
			if canReduce && i >= 3 && w.order[ply][i] < orderKiller {
				reduction = w.lmr.reduction(depth, i)
			}
			score = -w.search(ply+1, newDepth-reduction, -alpha-1, -alpha)
			if reduction > 0 && score > alpha && !c.stopped {
				score = -w.search(ply+1, newDepth, -alpha-1, -alpha)
			}
			if score > alpha && score < beta && !c.stopped {
				score = -w.search(ply+1, newDepth, -beta, -alpha)
			}
		}
		if c.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				c.pv.update(ply, m)
				if alpha >= beta {
					if !m.IsCapture() {
						if !w.off.killers {
							w.killers.add(ply, m)
						}
						if !w.off.history {
							w.history.reward(p.side, m, depth)
						}
					}
					break
				}
			}
		}
	}
	bound := boundOf(best, alphaIn, beta)
	if bound == tt.Upper {
		bestMove = NoMove // every move failed low: none is known to be best
	}
	if excluded == NoMove && (ply > 0 || !w.partialRoot) {
		w.table.Store(key, uint16(bestMove), toTable(best, ply), int8(depth), bound)
	}
	if ply == 0 && bestMove != NoMove {
		moveToFront(w.rootMoves, bestMove) // for the next iteration: the table may lose its move
	}
	return best
}

// singular reports whether the table's move m of the position p at ply,
// searched to depth, is singular: the table holds a lower bound or an
// exact score for it from a search nearly as deep, and every other move,
// searched to half the depth, scores below that score less a margin. A
// singular move is searched a ply deeper. When the other moves score at
// least that much too and the margin's score is still at least beta,
// several moves beat beta and the node is cut (multi-cut), with that
// score.
func (w *pvsWorker) singular(p *Position, key uint64, ply, depth, beta int, m Move) (singular bool, score int, cut bool) {
	e, ok := w.table.Probe(key)
	if !ok || Move(e.Move) != m || int(e.Depth) < depth-3 || (e.Bound != tt.Lower && e.Bound != tt.Exact) {
		return false, 0, false
	}
	tableScore := fromTable(e.Score, ply)
	if isDecisive(tableScore) {
		return false, 0, false
	}
	singularBeta := tableScore - w.params.SingularMargin*depth
	w.excluded[ply] = m
	score = w.search(ply, (depth-1)/2, singularBeta-1, singularBeta)
	w.excluded[ply] = NoMove
	switch {
	case w.core.stopped:
		return false, 0, false
	case score < singularBeta:
		return true, 0, false
	case singularBeta >= beta:
		return false, singularBeta, true
	}
	return false, 0, false
}

// The constants of the PVS are its PVSParams, whose defaults are:
//
//   - SingularDepth 8 and SingularMargin 2: the least depth at which the table's move
//     is tested for a singular extension, and the margin per ply of depth
//     below its stored score that every other move must stay under, two
//     units of evaluation, a fortieth of a piece;
//   - LMPDepth 3 and LMPBase 1: late-move pruning skips quiet moves up to
//     3 plies from the horizon, after the first 1 + depth²;
//   - RFPDepth 6 and RFPMargin 35: reverse futility pruning's reach and its
//     margin per ply of depth, seven sixteenths of a piece;
//   - NullBase 3 and NullDivisor 6: the null move's search is reduced by
//     3 + depth/6 plies;
//   - LMRDivisor 203: late-move reductions of ln(d)·ln(i)/2.03 (lmrTable);
//   - Aspiration 54: the half-width of the aspiration window, about two
//     thirds of a piece.
//
// SingularMargin, LMPBase, RFPMargin, LMRDivisor and Aspiration were tuned by
// SPSA for the Network evaluator (the module's docs/tuning.md); the others
// are the values found by matches with Tuned.

// nearQuietLimit reports whether the quiet-ply limit falls within depth
// plies of p, where reducing the depth could hide a game's end.
func (w *pvsWorker) nearQuietLimit(p *Position, depth int) bool {
	limit := w.core.rules.QuietPlyLimit
	return limit > 0 && p.QuietPlies()+depth >= limit
}

// nullMove lets the side to move at ply pass and searches the result to a
// reduced depth with a null window at beta. It reports a cut when even
// passing scores at least beta (a win is not trusted from a pass).
func (w *pvsWorker) nullMove(p *Position, ply, depth, beta int) (int, bool) {
	c := &w.core
	child := &c.stack[ply+1]
	*child = *p
	child.side ^= 1
	child.hash ^= zobristWhite
	child.quietPlies++
	floor := w.nullFloor
	w.nullFloor = c.base + ply + 1 // no repetition across a pass
	reduction := w.params.NullBase + depth/w.params.NullDivisor
	score := -w.search(ply+1, depth-1-reduction, -beta, -beta+1)
	w.nullFloor = floor
	if c.stopped || score < beta {
		return 0, false
	}
	if IsTableWin(score) {
		return beta, true // nor an endgame table's win
	}
	return min(score, decisive-1), true
}

// quiesce searches only captures beyond the horizon until the position is
// quiet, letting the side to move stand pat on its evaluation. Its results
// go to the table at depth 0.
func (w *pvsWorker) quiesce(ply, alpha, beta int) int {
	c := &w.core
	w.publish()
	p, score, done := c.open(ply, w.nullFloor)
	if done {
		return score
	}
	if w.tables != nil && ply > 0 {
		if score, ok := w.probeTables(p, ply); ok {
			return score
		}
	}
	key := w.tableKey(p)
	tableMove, score, cut := w.probe(key, ply, 0, alpha, beta)
	if cut {
		return score
	}
	caps := w.moves[ply][:p.captures(p.side, (*[maxCaptures]Move)(w.moves[ply][:maxCaptures]))]
	steps := bitboard.CountSteps(p.pieces[p.side], p.empty())
	if len(caps) == 0 && steps == 0 {
		return c.adjudicate(p, ply) // no legal move: the game ends here
	}
	best := c.evaluate(p, ply)
	if limit := c.rules.QuietPlyLimit; limit > 0 && p.QuietPlies() == limit-1 && steps > 0 {
		// Any step reaches the quiet-ply limit: instead of standing pat the
		// side to move can end the game, adjudicated a ply later.
		best = c.adjudicate(p, ply+1)
	}
	if best >= beta || ply >= maxPly-1 {
		return best
	}
	alphaIn := alpha
	alpha = max(alpha, best)
	bestMove := NoMove
	for i, m := range caps {
		if m == tableMove && i > 0 {
			caps[0], caps[i] = caps[i], caps[0]
			break
		}
	}
	for _, m := range caps {
		child := &c.stack[ply+1]
		*child = *p
		child.PlayUnchecked(m)
		score := -w.quiesce(ply+1, -beta, -alpha)
		if c.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha, bestMove = score, m
				c.pv.update(ply, m)
				if alpha >= beta {
					break
				}
			}
		}
	}
	w.table.Store(key, uint16(bestMove), toTable(best, ply), 0, boundOf(best, alphaIn, beta))
	return best
}

// lmrTable holds the late-move reductions: t[d][i] is the reduction of
// the i-th move (from 0) at depth d, ln(d)·ln(i)/divisor (divisor 2.03
// by default), rounded, at least 1 and leaving at least one ply.
type lmrTable [MaxDepth + 1][MaxMoves]int8

// newLMRTable makes the table of a divisor in hundredths.
func newLMRTable(hundredths int) *lmrTable {
	var t lmrTable
	divisor := float64(hundredths) / 100
	for d := 1; d <= MaxDepth; d++ {
		for i := 1; i < MaxMoves; i++ {
			r := int(math.Round(math.Log(float64(d)) * math.Log(float64(i)) / divisor))
			t[d][i] = int8(max(min(r, d-2), 1))
		}
	}
	return &t
}

// defaultLMR is the table of the default divisor, made once: most
// searchers keep the default, and a table is never changed once made, so
// that searches on several goroutines may share one.
var defaultLMR = sync.OnceValue(func() *lmrTable { return newLMRTable(DefaultPVSParams().LMRDivisor) })

// lmrTableFor returns the table of a divisor in hundredths: the default
// one, or a new one for another divisor.
func lmrTableFor(hundredths int) *lmrTable {
	if t := defaultLMR(); hundredths == DefaultPVSParams().LMRDivisor {
		return t
	}
	return newLMRTable(hundredths)
}

// reduction returns the reduction of move i at depth.
func (t *lmrTable) reduction(depth, i int) int {
	return int(t[min(depth, MaxDepth)][min(i, MaxMoves-1)])
}
