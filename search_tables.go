package surakarta

import (
	"cmp"
	"fmt"
	"slices"
)

// setTables makes t, which may be nil, the worker's endgame tables. Their
// rules must fit the game's (checkTables).
func (w *pvsWorker) setTables(t EndgameTables) {
	w.tables, w.tablePieces = nil, 0
	if t != nil {
		w.tables, w.tablePieces = t, t.Pieces()
	}
}

// checkTables returns an error wrapping ErrInvalidSearch when t, not nil,
// holds values under rules that do not fit a game under rules (see
// PVS.Tables): such tables could never be asked, and a search that
// quietly went without them would leave the caller wondering why.
func checkTables(t EndgameTables, rules Rules) error {
	if t == nil {
		return nil
	}
	tr := t.TablesRules()
	if tr.QuietPlyLimit != rules.QuietPlyLimit || (tr.RepetitionLimit != 0 && tr.RepetitionLimit != rules.RepetitionLimit) {
		return fmt.Errorf("%w: PVS.Tables hold values under the rules %v, which do not fit the game's %v: use tables made with the game's quiet-ply limit (and no repetition limit or the game's)", ErrInvalidSearch, tr, rules)
	}
	return nil
}

// probeTables returns the score of p at ply from the endgame tables, and
// false when there are none or p is not in them.
func (w *pvsWorker) probeTables(p *Position, ply int) (int, bool) {
	if w.tables == nil || p.Count(Black)+p.Count(White) > w.tablePieces {
		return 0, false
	}
	v, ok := w.tables.Probe(*p)
	if !ok {
		return 0, false
	}
	w.tbHits.Add(1)
	return tableScore(v, ply, w.core.draw[p.side&1]), true
}

// tableScore returns the score of a table's value v of a position at ply,
// for its side to move, with draw the score of a draw: Win−(ply+v.Plies)
// for a win with its distance, TableWinScore−(ply+v.Conversion) for one
// without (or one too far to score as a win), v.Conversion 0 when the
// tables do not say, and their negations for losses. So a search prefers
// the table win whose capture is nearest, and a loss whose is furthest.
func tableScore(v TableValue, ply, draw int) int {
	var s int
	switch v.Result {
	case TableWin, TableLoss:
		if d := ply + v.Plies; v.Plies >= 0 && d < Win-decisive {
			s = Win - d
		} else {
			// Within IsTableWin's range whatever the conversion.
			s = TableWinScore - min(ply+max(v.Conversion, 0), 999)
		}
	default:
		return draw
	}
	if v.Result == TableLoss {
		s = -s
	}
	return s
}

// rootFromTables returns the result of a search whose root the endgame
// tables hold, and false when they do not hold it or one of its
// children, which a search must then settle. Each root move is scored as
// the tree scores it at ply 1: the game's end (including a repetition),
// else the child's table value; the best is the move, and with
// lim.MultiPV the lines are the best moves in order. It searches no
// further: the tables are exact, and cost so little that a search whose
// context is done before it starts still gets their move. A root the
// tables hold drawn is the exception, without MultiPV: it leaves the
// worker's root moves those that keep the draw and its tables none, and
// returns false, for the search to choose among them.
func (w *pvsWorker) rootFromTables(lim Limits) (Result, bool) {
	c := &w.core
	if w.tables == nil {
		return Result{}, false // a search stopped already still gets the tables' move
	}
	root := &c.stack[0]
	rootScore, ok := w.probeTables(root, 0)
	if !ok {
		return Result{}, false
	}
	c.hashes[c.base] = root.hash
	lines := make([]Line, 0, len(w.rootMoves))
	for _, m := range w.rootMoves {
		child := &c.stack[1]
		*child = *root
		child.PlayUnchecked(m)
		c.hashes[c.base+1] = child.hash
		score, over := c.terminal(child, 1, 0)
		if !over && !child.hasMove() {
			score, over = c.adjudicate(child, 1), true
		}
		if !over {
			if score, over = w.probeTables(child, 1); !over {
				return Result{}, false
			}
		}
		lines = append(lines, Line{Score: -score, PV: []Move{m}})
	}
	c.nodes += int64(1 + len(lines))
	slices.SortStableFunc(lines, func(a, b Line) int { return cmp.Compare(b.Score, a.Score) })
	if lim.MultiPV <= 1 && rootScore == c.draw[root.side&1] && lines[0].Score == rootScore {
		// Drawn by the tables: every move that keeps the draw is as good
		// as another to them, but not to an opponent who may go wrong.
		// So the search chooses among those moves as in any position, by
		// the evaluation and without the tables, as Syzygy's users do
		// with a root in the tables.
		keep := w.rootMoves[:0]
		for _, l := range lines {
			if l.Score == rootScore {
				keep = append(keep, l.PV[0])
			}
		}
		w.rootMoves = keep
		w.partialRoot = len(keep) < root.countMoves()
		w.setTables(nil)
		return Result{}, false
	}
	if lim.MultiPV > 1 {
		lines = lines[:min(lim.MultiPV, len(lines))]
	} else {
		lines = lines[:1]
	}
	best := lines[0]
	res := Result{
		Move: best.PV[0], Score: best.Score, Depth: 1, SelDepth: 1, Nodes: c.nodes,
		PV: append([]Move(nil), best.PV...), Lines: lines, TBHits: w.tbHits.Load(),
		Time: c.since(c.start),
	}
	if lim.Progress != nil {
		in := Info{
			Depth: 1, SelDepth: 1, Score: best.Score, Nodes: res.Nodes, Time: res.Time, TBHits: res.TBHits,
			NodesPerSecond: nodesPerSecond(res.Nodes, res.Time),
			PV:             append([]Move(nil), best.PV...),
		}
		if lim.MultiPV <= 1 {
			lim.Progress(in)
		} else {
			for i, l := range lines {
				in.MultiPV, in.Score, in.PV = i+1, l.Score, append([]Move(nil), l.PV...)
				lim.Progress(in)
			}
		}
	}
	return res, true
}
