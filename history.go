package surakarta

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
