package puzzle

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
)

// VerifyOptions are the settings of Verify.
type VerifyOptions struct {
	// Limits is the budget of each search, deeper than the one that found
	// the puzzle. Verify sets its MultiPV; SearchMoves must be empty.
	Limits surakarta.Limits
	// Tables, if not nil, are endgame tables of the Olympiad rules'
	// quiet-ply limit (tablebase.Open with surakarta.OlympiadRules()),
	// which judge every position of the solution they hold.
	Tables surakarta.EndgameTables
}

// ErrRejected is wrapped by the error of Verify for a puzzle that the
// deeper search or the tables refute.
var ErrRejected = errors.New("puzzle: rejected")

// Verify checks p again with s within opt.Limits, and with opt.Tables
// where they hold its positions, and returns nil when it stands, or an
// error wrapping ErrRejected that says why not:
//
//   - at each of the solver's moves, the search's best move must be the
//     solution's and clearly best (Gap), and the tables, when they hold
//     the position, must find it strictly better than every other move
//     (a win where the others draw or lose, a draw where they lose); the
//     last move of a WinsGame puzzle only needs to win at once;
//   - each reply must be the search's best or score within Gap of it, and
//     keep the opponent's best result by the tables;
//   - after a WinsMaterial solution, the opponent's best reply must leave
//     the solver at least a piece up on the start.
//
// Errors of the arguments wrap ErrInvalidOptions, and a puzzle that fails
// Check ErrInvalidPuzzle.
func Verify(ctx context.Context, p Puzzle, s surakarta.Searcher, opt VerifyOptions) error {
	switch {
	case ctx == nil:
		return fmt.Errorf("%w: the context is nil (use context.Background())", ErrInvalidOptions)
	case s == nil:
		return fmt.Errorf("%w: the searcher is nil", ErrInvalidOptions)
	case opt.Tables != nil && opt.Tables.TablesRules().QuietPlyLimit != surakarta.OlympiadRules().QuietPlyLimit:
		return fmt.Errorf("%w: tables of the rules %v do not fit the Olympiad rules", ErrInvalidOptions, opt.Tables.TablesRules())
	}
	if err := checkLimits(opt.Limits); err != nil {
		return err
	}
	if err := p.Check(); err != nil {
		return err
	}
	reject := func(ply int, format string, args ...any) error {
		return fmt.Errorf("%w: move %d: %s", ErrRejected, ply+1, fmt.Sprintf(format, args...))
	}
	s.Clear()
	g := p.Game()
	last := len(p.Solution) - 1
	for i, m := range p.Solution {
		finalWin := i == last && p.Kind == WinsGame
		if !finalWin {
			res, err := search(ctx, s, g, opt.Limits, 2)
			if err != nil {
				return err
			}
			best := bestMove(res)
			if i%2 == 0 {
				if !sameSquares(best, m) {
					return reject(i, "the search prefers %v (%s) to %v", best, surakarta.FormatScore(res.Lines[0].Score), m)
				}
				if !clearlyBest(res) && !winsAtOnce(res) {
					return reject(i, "%v is not clearly best: %s, and %v %s", m, surakarta.FormatScore(res.Lines[0].Score), res.Lines[1].PV[0], surakarta.FormatScore(res.Lines[1].Score))
				}
			} else if !sameSquares(best, m) {
				score, found := lineScore(res, m)
				if !found || analysis.Clamp(res.Lines[0].Score)-analysis.Clamp(score) >= Gap {
					return reject(i, "the reply %v is not the search's best, %v (%s)", m, best, surakarta.FormatScore(res.Lines[0].Score))
				}
			}
		}
		if opt.Tables != nil {
			if err := tableCheck(g, m, i%2 == 0 && !finalWin, opt.Tables); err != nil {
				return reject(i, "%v", err)
			}
		}
		if err := g.Play(m); err != nil {
			return fmt.Errorf("%w: %v", ErrInvalidPuzzle, err)
		}
	}
	if p.Kind == WinsMaterial {
		res, err := search(ctx, s, g, opt.Limits, 1)
		if err != nil {
			return err
		}
		after := g.Clone()
		if err := after.Play(bestMove(res)); err != nil {
			return fmt.Errorf("puzzle: the searcher's move: %w", err)
		}
		if kept := balance(after.Position(), p.Solver()) - balance(p.Position, p.Solver()); kept < 1 {
			return reject(len(p.Solution), "the reply %v takes the gain back", bestMove(res))
		}
	}
	return nil
}

// sameSquares reports whether a and b go from the same square to the same
// square: a searcher may or may not set the capture bit.
func sameSquares(a, b surakarta.Move) bool { return a.From() == b.From() && a.To() == b.To() }

// lineScore returns the score of the result's line that starts with m.
func lineScore(res surakarta.Result, m surakarta.Move) (int, bool) {
	for _, l := range res.Lines {
		if len(l.PV) > 0 && sameSquares(l.PV[0], m) {
			return l.Score, true
		}
	}
	return 0, false
}

// tableCheck judges m, played in g, by the tables when they hold every
// position after a move of g's position: m must keep the mover's best
// result, and when unique, be the only move that does. It returns nil
// when the tables do not hold them all.
func tableCheck(g *surakarta.Game, m surakarta.Move, unique bool, t surakarta.EndgameTables) error {
	if g.Position().Count(surakarta.Black)+g.Position().Count(surakarta.White) > t.Pieces() {
		return nil
	}
	mover := g.Position().SideToMove()
	best, others, mine := surakarta.TableLoss, surakarta.TableLoss, surakarta.TableLoss
	for _, move := range g.LegalMoves() {
		after := g.Clone()
		if err := after.Play(move); err != nil {
			return err
		}
		var r surakarta.TableResult
		if o := after.Outcome(); o.Over {
			switch {
			case o.Draw:
				r = surakarta.TableDraw
			case o.Winner == mover:
				r = surakarta.TableWin
			}
		} else {
			v, ok := t.Probe(after.Position())
			if !ok {
				return nil
			}
			r = -v.Result
		}
		best = max(best, r)
		if sameSquares(move, m) {
			mine = r
		} else {
			others = max(others, r)
		}
	}
	switch {
	case mine < best:
		return fmt.Errorf("the tables: %v gets a %v where the best gets a %v", m, mine, best)
	case unique && others >= mine:
		return fmt.Errorf("the tables: another move than %v gets a %v too", m, mine)
	}
	return nil
}
