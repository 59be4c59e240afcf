package puzzle

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
)

// Options are the settings of Find and FromReport.
type Options struct {
	// Limits is the budget of each search: a depth or a node count (a
	// time makes the puzzles depend on the machine's speed). Find and
	// FromReport set its MultiPV; SearchMoves, Ponder and Mate must be
	// unset. The zero
	// Limits searches each position for surakarta.DefaultMoveTime.
	Limits surakarta.Limits
	// MaxPlies is the longest solution, in plies; 0 means
	// DefaultMaxPlies. It is at most MaxSolutionPlies.
	MaxPlies int
	// Source is copied into each puzzle's Source: the game's name.
	Source string
	// Progress, if not nil, is called after each candidate position is
	// tried, with the number tried so far and the number to try.
	Progress func(done, total int)
}

// ErrInvalidOptions is wrapped by the errors of Find, FromReport, Verify
// and Rate for arguments they cannot use: a nil context, game, report or
// searcher, invalid Limits or Limits with SearchMoves, Ponder or Mate, a
// MaxPlies out of range, or a game not under the Olympiad rules.
var ErrInvalidOptions = errors.New("puzzle: invalid options")

// Find returns the puzzles of g (finished or not) that s finds: it
// searches every position of the game with the two best moves
// (Limits.MultiPV 2), in order, and makes a puzzle of each position where
// the opponent's move before it lost at least analysis.MistakeLoss and
// the solver's best move is clearly best, when its line wins (see the
// package documentation). g is not changed. When ctx is done, Find
// returns the puzzles found so far with ctx's error.
func Find(ctx context.Context, g *surakarta.Game, s surakarta.Searcher, opt Options) ([]Puzzle, error) {
	if err := checkArgs(ctx, g, s, &opt); err != nil {
		return nil, err
	}
	positions := g.Positions()
	if o := g.Outcome(); o.Over {
		positions = positions[:len(positions)-1]
	}
	var out []Puzzle
	prevBest, havePrev := 0, false
	for i, pos := range positions {
		pg, err := surakarta.NewGameWithRules(pos, surakarta.OlympiadRules())
		if err != nil {
			return out, fmt.Errorf("puzzle: ply %d: %w", i, err)
		}
		if pg.Outcome().Over { // the position alone ends the game: no puzzle, nor a score
			havePrev = false
			continue
		}
		res, err := search(ctx, s, pg, opt.Limits, 2)
		if err != nil {
			return out, err
		}
		best := res.Lines[0].Score
		if havePrev && analysis.Loss(prevBest, -best) >= analysis.MistakeLoss {
			p, ok, err := build(ctx, pos, s, opt, res)
			if err != nil {
				return out, err
			}
			if ok {
				p.Ply = i
				out = append(out, p)
			}
		}
		prevBest, havePrev = best, true
		if opt.Progress != nil {
			opt.Progress(i+1, len(positions))
		}
	}
	return out, nil
}

// FromReport returns the puzzles of g that s finds at the positions after
// the opponent's mistakes and blunders in r, an analysis of g
// (analysis.Game): the positions after each move whose Loss is at least
// analysis.MistakeLoss and after which the game goes on. It searches
// only those, with the two best moves, and makes a puzzle of each where
// the solver's best move is clearly best, when its line wins. When ctx is
// done, it returns the puzzles found so far with ctx's error.
func FromReport(ctx context.Context, g *surakarta.Game, r *analysis.Report, s surakarta.Searcher, opt Options) ([]Puzzle, error) {
	if err := checkArgs(ctx, g, s, &opt); err != nil {
		return nil, err
	}
	if r == nil {
		return nil, fmt.Errorf("%w: the report is nil", ErrInvalidOptions)
	}
	positions := g.Positions() // positions[k] is the position after k moves
	var candidates []int
	for _, a := range r.Moves {
		k := a.Ply
		if a.Loss < analysis.MistakeLoss || k < 1 || k >= len(positions) {
			continue
		}
		if k == len(positions)-1 && g.Outcome().Over {
			continue
		}
		if positions[k].SideToMove() == a.Mover {
			return nil, fmt.Errorf("%w: the report is not of this game (ply %d)", ErrInvalidOptions, a.Ply)
		}
		candidates = append(candidates, k)
	}
	var out []Puzzle
	for n, k := range candidates {
		pg, err := surakarta.NewGameWithRules(positions[k], surakarta.OlympiadRules())
		if err != nil {
			return out, fmt.Errorf("puzzle: ply %d: %w", k, err)
		}
		if pg.Outcome().Over {
			continue
		}
		res, err := search(ctx, s, pg, opt.Limits, 2)
		if err != nil {
			return out, err
		}
		p, ok, err := build(ctx, positions[k], s, opt, res)
		if err != nil {
			return out, err
		}
		if ok {
			p.Ply = k
			out = append(out, p)
		}
		if opt.Progress != nil {
			opt.Progress(n+1, len(candidates))
		}
	}
	return out, nil
}

// checkArgs checks the arguments Find and FromReport share, and sets
// opt's default MaxPlies.
func checkArgs(ctx context.Context, g *surakarta.Game, s surakarta.Searcher, opt *Options) error {
	switch {
	case ctx == nil:
		return fmt.Errorf("%w: the context is nil (use context.Background())", ErrInvalidOptions)
	case g == nil:
		return fmt.Errorf("%w: the game is nil", ErrInvalidOptions)
	case s == nil:
		return fmt.Errorf("%w: the searcher is nil", ErrInvalidOptions)
	case g.Rules() != surakarta.OlympiadRules():
		return fmt.Errorf("%w: the game's rules are %v; puzzles are made under the Olympiad rules", ErrInvalidOptions, g.Rules())
	case opt.MaxPlies < 0 || opt.MaxPlies > MaxSolutionPlies:
		return fmt.Errorf("%w: MaxPlies %d is not 0 to %d", ErrInvalidOptions, opt.MaxPlies, MaxSolutionPlies)
	}
	if err := checkLimits(opt.Limits); err != nil {
		return err
	}
	if err := checkSource(opt.Source); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidOptions, err)
	}
	if opt.MaxPlies == 0 {
		opt.MaxPlies = DefaultMaxPlies
	}
	return nil
}

// checkLimits refuses Limits a puzzle's searches cannot use.
func checkLimits(lim surakarta.Limits) error {
	switch {
	case len(lim.SearchMoves) > 0:
		return fmt.Errorf("%w: Limits.SearchMoves is set, but each position has moves of its own", ErrInvalidOptions)
	case lim.Ponder != nil:
		return fmt.Errorf("%w: Limits.Ponder is set, but a puzzle's searches must end by themselves", ErrInvalidOptions)
	case lim.Mate > 0:
		return fmt.Errorf("%w: Limits.Mate is set, but a puzzle needs the best moves, not only a win", ErrInvalidOptions)
	}
	if err := lim.Validate(); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidOptions, err)
	}
	return nil
}

// search searches g with lim and multiPV lines, and returns the result,
// refusing one that completed no iteration (which has no score).
func search(ctx context.Context, s surakarta.Searcher, g *surakarta.Game, lim surakarta.Limits, multiPV int) (surakarta.Result, error) {
	lim.MultiPV = multiPV
	res, err := s.Search(ctx, g, lim)
	if ctxErr := ctx.Err(); ctxErr != nil {
		return res, ctxErr
	}
	if err != nil {
		return res, fmt.Errorf("puzzle: search: %w", err)
	}
	if res.Depth <= 0 || len(res.Lines) == 0 {
		return res, fmt.Errorf("puzzle: %w: the search completed no iteration", analysis.ErrNoScore)
	}
	return res, nil
}

// bestMove returns the first move of the result's best line.
func bestMove(res surakarta.Result) surakarta.Move {
	if len(res.Lines) > 0 && len(res.Lines[0].PV) > 0 {
		return res.Lines[0].PV[0]
	}
	return res.Move
}

// clearlyBest reports whether the result's best line beats its second by
// Gap, scores clamped; a single legal move is not a choice.
func clearlyBest(res surakarta.Result) bool {
	if len(res.Lines) < 2 {
		return false
	}
	return analysis.Clamp(res.Lines[0].Score)-analysis.Clamp(res.Lines[1].Score) >= Gap
}

// winsAtOnce reports whether the result's best line wins with its first
// move.
func winsAtOnce(res surakarta.Result) bool {
	n, ok := surakarta.PliesToEnd(res.Lines[0].Score)
	return ok && res.Lines[0].Score > 0 && n == 1
}

// build tries to make a puzzle of pos, whose two best lines first are
// in first: a line that wins the game when first sees a win within
// opt.MaxPlies, else one that wins material.
func build(ctx context.Context, pos surakarta.Position, s surakarta.Searcher, opt Options, first surakarta.Result) (Puzzle, bool, error) {
	if !clearlyBest(first) && !winsAtOnce(first) {
		return Puzzle{}, false, nil
	}
	if n, ok := surakarta.PliesToEnd(first.Lines[0].Score); ok && first.Lines[0].Score > 0 && n <= opt.MaxPlies {
		p, ok, err := line(ctx, pos, s, opt, first, WinsGame)
		if err != nil || ok {
			return p, ok, err
		}
	}
	return line(ctx, pos, s, opt, first, WinsMaterial)
}

// line plays out the solution from pos for a puzzle of kind, the
// solver's moves each clearly best, the replies the engine's best; it
// reports false when the line does not win what kind needs within
// opt.MaxPlies.
func line(ctx context.Context, pos surakarta.Position, s surakarta.Searcher, opt Options, first surakarta.Result, kind Kind) (Puzzle, bool, error) {
	p := Puzzle{Position: pos, Source: opt.Source}
	g := p.Game()
	solver := p.Solver()
	start := balance(pos, solver)
	res := first
	for {
		if len(p.Solution) > 0 {
			var err error
			if res, err = search(ctx, s, g, opt.Limits, 2); err != nil {
				return Puzzle{}, false, err
			}
			if !clearlyBest(res) && !winsAtOnce(res) {
				return Puzzle{}, false, nil
			}
		}
		m := bestMove(res)
		if err := g.Play(m); err != nil {
			return Puzzle{}, false, fmt.Errorf("puzzle: the searcher's move: %w", err)
		}
		p.Solution = append(p.Solution, m)
		if o := g.Outcome(); o.Over {
			if o.Draw || o.Winner != solver {
				return Puzzle{}, false, nil
			}
			p.Kind = WinsGame
			return p, true, nil
		}
		if len(p.Solution) >= opt.MaxPlies {
			return Puzzle{}, false, nil
		}
		reply, err := search(ctx, s, g, opt.Limits, 1)
		if err != nil {
			return Puzzle{}, false, err
		}
		r := bestMove(reply)
		if kind == WinsMaterial {
			if gain := balance(g.Position(), solver) - start; gain >= 1 {
				after := g.Clone()
				if err := after.Play(r); err != nil {
					return Puzzle{}, false, fmt.Errorf("puzzle: the searcher's move: %w", err)
				}
				if kept := balance(after.Position(), solver) - start; kept >= 1 && !after.Outcome().Over {
					p.Kind, p.Gain = WinsMaterial, kept
					return p, true, nil
				}
			}
		}
		if err := g.Play(r); err != nil {
			return Puzzle{}, false, fmt.Errorf("puzzle: the searcher's move: %w", err)
		}
		p.Solution = append(p.Solution, r)
		if g.Outcome().Over {
			return Puzzle{}, false, nil
		}
	}
}
