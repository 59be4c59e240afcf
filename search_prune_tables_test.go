package surakarta_test

import (
	"context"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// hashTables are endgame tables made up for a test: they hold exactly
// the positions of values, by hash, each a win or a loss without a
// distance for its side to move, as quiet-ply tables give them.
type hashTables map[uint64]surakarta.TableResult

func (hashTables) TablesRules() surakarta.Rules { return surakarta.Rules{} }
func (hashTables) Pieces() int                  { return surakarta.NumSquares }
func (t hashTables) Probe(p surakarta.Position) (surakarta.TableValue, bool) {
	r, ok := t[p.Hash()]
	return surakarta.TableValue{Result: r, Plies: -1}, ok
}

// TestPVSPruningKeepsTableSaves checks that the search's pruning does not
// change what the tables decide: they hold every position four plies from
// the start, most of them won for their side to move, so that the side to
// move at ply 3 usually has a move that saves it, but seldom among the
// first it tries, where late-move pruning is tempted to skip the rest. A
// search to depth 4 must score the root as plain minimax over the tables'
// values does. (The search before its pruning kept away from table scores
// passed it too, its re-searches mending what the pruning spoilt: this
// guards the property, not that change.)
func TestPVSPruningKeepsTableSaves(t *testing.T) {
	const depth = 4
	for seed := range uint64(16) {
		tables := hashTables{}
		// The positions at depth, a win for their side to move four
		// times in five.
		var fill func(p surakarta.Position, ply int)
		fill = func(p surakarta.Position, ply int) {
			if ply == depth {
				tables[p.Hash()] = surakarta.TableWin
				if (p.Hash()^seed*0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9>>61 < 2 {
					tables[p.Hash()] = surakarta.TableLoss
				}
				return
			}
			for _, m := range p.LegalMoves() {
				child := p
				child.PlayUnchecked(m)
				fill(child, ply+1)
			}
		}
		fill(surakarta.NewPosition(), 0)
		// minimax returns the score of p, ply plies from the root, for its
		// side to move: the tables' (a position may recur nearer the root),
		// else the best of its moves'.
		var minimax func(p surakarta.Position, ply int) int
		minimax = func(p surakarta.Position, ply int) int {
			if r, ok := tables[p.Hash()]; ok && ply > 0 {
				if r == surakarta.TableWin {
					return surakarta.TableWinScore - ply
				}
				return -(surakarta.TableWinScore - ply)
			}
			best := -surakarta.Win
			for _, m := range p.LegalMoves() {
				child := p
				child.PlayUnchecked(m)
				best = max(best, -minimax(child, ply+1))
			}
			return best
		}
		exact := minimax(surakarta.NewPosition(), 0)
		s := surakarta.NewPVS(surakarta.NewTuned())
		s.Tables = tables
		res, err := s.Search(context.Background(), newGame(t, surakarta.NewPosition(), surakarta.Rules{}), surakarta.Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		if res.Score != exact {
			t.Errorf("seed %d: the search scores the start %s, minimax over the tables %s", seed, surakarta.FormatScore(res.Score), surakarta.FormatScore(exact))
		}
	}
}
