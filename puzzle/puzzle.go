package puzzle

import (
	"errors"
	"fmt"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

// Gap is the least margin, in evaluation units, by which each of the
// solver's moves must beat the second-best move, both scores clamped to
// ±analysis.ScoreCap: one piece.
const Gap = surakarta.PieceValue

// DefaultMaxPlies is the longest solution Find and FromReport make when
// Options.MaxPlies is 0: five moves of the solver and four replies.
const DefaultMaxPlies = 9

// MaxSolutionPlies is the longest solution a puzzle may have, in plies.
const MaxSolutionPlies = 63

// Kind is what a puzzle's solution wins.
type Kind uint8

// The kinds of puzzle.
const (
	// WinsMaterial: the solution wins Puzzle.Gain pieces, kept after the
	// opponent's best reply.
	WinsMaterial Kind = iota + 1
	// WinsGame: the solution's last move ends the game, won by the solver.
	WinsGame
)

// String returns "wins material" or "wins the game".
func (k Kind) String() string {
	switch k {
	case WinsMaterial:
		return "wins material"
	case WinsGame:
		return "wins the game"
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// The values of Puzzle.Difficulty that are not a level.
const (
	// Unrated is the difficulty of a puzzle Rate has not rated.
	Unrated = 0
	// Unsolved is the difficulty of a puzzle that no level solved: not
	// even level.Count within the limits Rate was given.
	Unsolved = level.Count + 1
)

// Puzzle is a position and the line that wins from it (see the package
// documentation).
type Puzzle struct {
	// Position is where the puzzle starts; its side to move is the
	// solver.
	Position surakarta.Position
	// Solution is the line, the solver's move first, then the opponent's
	// reply, and so on, ending with the solver's move: an odd number of
	// moves.
	Solution []surakarta.Move
	Kind     Kind
	// Gain is the number of pieces a WinsMaterial puzzle wins, at least
	// 1; 0 for WinsGame.
	Gain int
	// Difficulty is the lowest level (1 to level.Count) that plays the
	// whole solution, as Rate finds it; Unrated or Unsolved otherwise.
	Difficulty int
	// Source names the game the puzzle came from, and Ply is the number
	// of moves played in that game before Position.
	Source string
	Ply    int
}

// ErrInvalidPuzzle is wrapped by the errors of Parse, Read,
// UnmarshalText and Check for a puzzle that is malformed or not true to
// the rules, and so by those of Write, Solves, Rate and Verify given one;
// and by those of Read, Write and UnmarshalText given nil where they need
// a reader, a writer or a puzzle.
var ErrInvalidPuzzle = errors.New("puzzle: invalid puzzle")

// Solver returns the side that solves the puzzle: the side to move.
func (p Puzzle) Solver() surakarta.Color { return p.Position.SideToMove() }

// Theme returns what the puzzle wins in words: "wins a piece", "wins 2
// pieces" or "wins the game".
func (p Puzzle) Theme() string {
	switch {
	case p.Kind == WinsGame:
		return "wins the game"
	case p.Kind == WinsMaterial && p.Gain == 1:
		return "wins a piece"
	case p.Kind == WinsMaterial:
		return fmt.Sprintf("wins %d pieces", p.Gain)
	}
	return p.Kind.String()
}

// Game returns a new game at the puzzle's position under the Olympiad
// rules, the game its solution is played in.
func (p Puzzle) Game() *surakarta.Game {
	g, err := surakarta.NewGameWithRules(p.Position, surakarta.OlympiadRules())
	if err != nil {
		panic("puzzle: the Olympiad rules are invalid: " + err.Error()) // cannot happen
	}
	return g
}

// Accepts reports whether m solves the solver's move at index ply of the
// solution (0, 2, 4, …), played in g, the puzzle's game after the moves
// of the solution before ply: m is that move of the solution (the same
// squares), or, on the last move of a WinsGame puzzle, any legal move that
// ends the game with the solver's win at once. It reports false for an
// index that is not the solver's or is past the solution.
func (p Puzzle) Accepts(g *surakarta.Game, ply int, m surakarta.Move) bool {
	if ply < 0 || ply >= len(p.Solution) || ply%2 != 0 || g == nil {
		return false
	}
	want := p.Solution[ply]
	if m.From() == want.From() && m.To() == want.To() {
		return true
	}
	if p.Kind != WinsGame || ply != len(p.Solution)-1 {
		return false
	}
	trial := g.Clone()
	if trial.Play(m) != nil {
		return false
	}
	o := trial.Outcome()
	return o.Over && !o.Draw && o.Winner == p.Solver()
}

// Check reports whether p is a puzzle true to the rules: its solution is
// legal from its position under the Olympiad rules, has an odd number of
// moves (at most MaxSolutionPlies), and wins what its Kind and Gain say:
// the game, its last move ending it with the solver's win, or Gain pieces
// (at least 1), the game not over. Its Difficulty must be Unrated, a
// level or Unsolved, Ply not negative, and Source one line. The error
// wraps ErrInvalidPuzzle.
func (p Puzzle) Check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidPuzzle, fmt.Sprintf(format, args...))
	}
	n := len(p.Solution)
	switch {
	case n == 0:
		return bad("no solution")
	case n%2 == 0:
		return bad("a solution of %d moves: it must end with the solver's move, an odd number", n)
	case n > MaxSolutionPlies:
		return bad("a solution of %d moves, more than %d", n, MaxSolutionPlies)
	case p.Difficulty < Unrated || p.Difficulty > Unsolved:
		return bad("difficulty %d is not %d to %d", p.Difficulty, Unrated, Unsolved)
	case p.Ply < 0:
		return bad("ply %d is negative", p.Ply)
	}
	if err := checkSource(p.Source); err != nil {
		return bad("%v", err)
	}
	g := p.Game()
	if o := g.Outcome(); o.Over {
		return bad("the position is a finished game (%v)", o)
	}
	solver := p.Solver()
	start := balance(p.Position, solver)
	for i, m := range p.Solution {
		if o := g.Outcome(); o.Over {
			return bad("the game ends (%v) before move %d of the solution, %v", o, i+1, m)
		}
		if err := g.Play(m); err != nil {
			return bad("move %d of the solution: %v", i+1, err)
		}
	}
	o := g.Outcome()
	switch p.Kind {
	case WinsGame:
		if p.Gain != 0 {
			return bad("a puzzle that wins the game with a gain of %d pieces", p.Gain)
		}
		if !o.Over || o.Draw || o.Winner != solver {
			return bad("the solution does not win the game for %v (%v)", solver, o)
		}
	case WinsMaterial:
		if o.Over {
			return bad("the solution of a puzzle that wins material ends the game (%v)", o)
		}
		if got := balance(g.Position(), solver) - start; p.Gain < 1 || p.Gain > got {
			return bad("a gain of %d pieces, where the solution wins %d", p.Gain, got)
		}
	default:
		return bad("kind %d is not WinsMaterial or WinsGame", p.Kind)
	}
	return nil
}

// balance returns side's pieces less the other side's in p.
func balance(p surakarta.Position, side surakarta.Color) int {
	return p.Count(side) - p.Count(side.Other())
}
