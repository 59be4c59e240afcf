package surakarta

// Move ordering. PVS searches the moves of a node best first, as far as it
// can tell before searching them, since a good first move makes the rest
// cheap to refute: the table's move, then captures, then the killers of
// the ply, then quiet moves by their history scores.

// Move-ordering scores: the table's move, then captures, then killers, then
// quiet moves by history.
const (
	orderTableMove = 1 << 30
	orderCapture   = 1 << 29
	orderKiller    = 1 << 28
)

// orderMoves gives each move of the list at ply its ordering score.
func (w *pvsWorker) orderMoves(ply int, side Color, moves []Move, tableMove Move) {
	order := &w.order[ply]
	k := &w.killers[ply]
	for i, m := range moves {
		switch {
		case m == tableMove:
			order[i] = orderTableMove
		case m.IsCapture():
			order[i] = orderCapture
		case !w.off.killers && m == k[0]:
			order[i] = orderKiller + 1
		case !w.off.killers && m == k[1]:
			order[i] = orderKiller
		case !w.off.history:
			order[i] = w.history.score(side, m)
		default:
			order[i] = 0
		}
	}
}

// pick moves the best-ordered move among moves[i:] to place i and returns
// it: a selection sort done lazily, since a cutoff often comes early.
func (w *pvsWorker) pick(ply int, moves []Move, i int) Move {
	order := &w.order[ply]
	best := i
	for j := i + 1; j < len(moves); j++ {
		if order[j] > order[best] {
			best = j
		}
	}
	moves[i], moves[best] = moves[best], moves[i]
	order[i], order[best] = order[best], order[i]
	return moves[i]
}

// history is the history heuristic's table: for each side and each (from,
// to), how much that quiet move has caused beta cutoffs, weighted by the
// square of the depth. It orders quiet moves.
type history [2][NumSquares][NumSquares]int32

// historyMax bounds history scores; reaching it halves the side's table.
const historyMax = 1 << 24

// reward credits the quiet move m of side c with a cutoff at depth.
func (h *history) reward(c Color, m Move, depth int) {
	v := &h[c&1][m.From()%NumSquares][m.To()%NumSquares]
	*v += int32(depth * depth)
	if *v >= historyMax {
		h.age(c)
	}
}

// score returns the history score of the quiet move m of side c.
func (h *history) score(c Color, m Move) int32 {
	return h[c&1][m.From()%NumSquares][m.To()%NumSquares]
}

// age halves the scores of side c, so that recent cutoffs weigh more.
func (h *history) age(c Color) {
	for from := range h[c&1] {
		for to := range h[c&1][from] {
			h[c&1][from][to] /= 2
		}
	}
}

// killers holds, for each ply, the two latest quiet moves that caused a
// beta cutoff there: good candidates in sibling positions.
type killers [maxPly + 1][2]Move

// add records the quiet move m as a killer at ply.
func (k *killers) add(ply int, m Move) {
	if k[ply][0] != m {
		k[ply][1], k[ply][0] = k[ply][0], m
	}
}
