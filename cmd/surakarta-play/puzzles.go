package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/puzzle"
)

// tally counts the puzzles solved and failed in a session, and the
// current streak of puzzles solved in a row.
type tally struct{ solved, failed, streak int }

func (t tally) String() string {
	return fmt.Sprintf("Solved %d, failed %d, streak %d.", t.solved, t.failed, t.streak)
}

// puzzleRun is the solving of a list of puzzles: the puzzle on the board,
// how far its solution has been played, and the hints asked.
type puzzleRun struct {
	s       *session
	puzzles []puzzle.Puzzle
	index   int // the puzzle on the board
	game    *surakarta.Game
	ply     int  // the index in the solution of the next move
	hints   int  // hints given at this move: 1 the piece, 2 the move
	done    bool // the puzzle is solved or failed: next moves on
	tally   tally
}

// solvePuzzles lets the user solve the puzzles one after the other, typing
// moves, until they run out, the input ends or the user quits (leave).
func (s *session) solvePuzzles(puzzles []puzzle.Puzzle) error {
	if len(puzzles) == 0 {
		fmt.Fprintln(s.out, "No puzzles to solve.")
		return nil
	}
	r := &puzzleRun{s: s, puzzles: puzzles}
	r.start(0)
	fmt.Fprintln(s.out, "Type the move that wins, hint (the piece to move, then the move), solution, next, help or quit.")
	for {
		words, ignored, err := s.ask("puzzle> ")
		switch {
		case err == io.EOF:
			fmt.Fprintln(s.out, r.tally)
			return nil
		case err != nil:
			return err
		case ignored:
			continue
		}
		if !r.command(words) {
			fmt.Fprintln(s.out, r.tally)
			return nil
		}
	}
}

// start puts puzzle i on the board.
func (r *puzzleRun) start(i int) {
	r.index, r.ply, r.hints, r.done = i, 0, 0, false
	p := r.puzzles[i]
	r.game = p.Game()
	difficulty := "not rated"
	switch {
	case p.Difficulty == puzzle.Unsolved:
		difficulty = "difficulty above level 10"
	case p.Difficulty != puzzle.Unrated:
		difficulty = fmt.Sprintf("difficulty %d", p.Difficulty)
	}
	fmt.Fprintf(r.s.out, "\nPuzzle %d of %d (%s", i+1, len(r.puzzles), difficulty)
	if p.Source != "" {
		fmt.Fprintf(r.s.out, ", from %s, ply %d", p.Source, p.Ply)
	}
	fmt.Fprintln(r.s.out, ")")
	r.show()
	fmt.Fprintf(r.s.out, "%v to move: find the move that %s.\n", p.Solver(), p.Theme())
}

// show draws the puzzle's board from the solver's side.
func (r *puzzleRun) show() {
	fmt.Fprint(r.s.out, drawBoard(r.game.Position(), r.puzzles[r.index].Solver()))
}

// command carries out a line of input and reports whether to go on.
func (r *puzzleRun) command(words []string) bool {
	if len(words) == 0 {
		if r.done {
			return r.next()
		}
		return true
	}
	p := r.puzzles[r.index]
	switch strings.ToLower(words[0]) {
	case "quit", "exit", "q":
		return false
	case "help", "?":
		fmt.Fprintln(r.s.out, "Commands: a move such as b2b3; hint (first the piece to move, then the move); solution (show it: the puzzle counts as failed); next (the next puzzle); board; quit.")
	case "board":
		r.show()
	case "next", "skip":
		return r.next()
	case "hint":
		if r.done {
			fmt.Fprintln(r.s.out, "This puzzle is over: type next.")
			return true
		}
		m := p.Solution[r.ply]
		r.hints++
		if r.hints == 1 {
			fmt.Fprintf(r.s.out, "Hint: move the piece on %v.\n", m.From())
		} else {
			fmt.Fprintf(r.s.out, "Hint: %s.\n", r.moveText(m))
		}
	case "solution":
		if !r.done {
			r.fail("")
		}
	default:
		if len(words) != 1 {
			fmt.Fprintf(r.s.out, "Unknown command %q; type help.\n", strings.Join(words, " "))
			return true
		}
		if r.done {
			fmt.Fprintln(r.s.out, "This puzzle is over: type next.")
			return true
		}
		r.move(words[0])
	}
	return true
}

// move plays the user's move text, if legal, and judges it.
func (r *puzzleRun) move(text string) {
	p := r.puzzles[r.index]
	m, err := surakarta.ParseMove(text)
	if err == nil {
		m, err = r.game.Position().Legal(m)
	}
	if err != nil {
		fmt.Fprintln(r.s.out, "Not played:", err)
		return
	}
	if !p.Accepts(r.game, r.ply, m) {
		r.fail(m.Notation())
		return
	}
	before := r.game.Position()
	_ = r.game.Play(m)
	fmt.Fprintf(r.s.out, "Right: %s.\n", r.game.Moves()[r.game.Ply()-1].Notation())
	r.s.showPath(before, r.game.Moves()[r.game.Ply()-1])
	r.ply++
	r.hints = 0
	if r.ply >= len(p.Solution) {
		r.done = true
		r.tally.solved++
		r.tally.streak++
		fmt.Fprintf(r.s.out, "Solved: it %s. %v\nPress Enter (or next) for the next puzzle.\n", p.Theme(), r.tally)
		return
	}
	reply := p.Solution[r.ply]
	before = r.game.Position()
	_ = r.game.Play(reply)
	played := r.game.Moves()[r.game.Ply()-1]
	fmt.Fprintf(r.s.out, "%v replies %s.\n", before.SideToMove(), played.Notation())
	r.s.showPath(before, played)
	r.ply++
	r.show()
	fmt.Fprintf(r.s.out, "%v to move: go on.\n", p.Solver())
}

// fail ends the puzzle as failed, after the wrong move played (empty when
// the user asked for the solution), and shows the solution from the
// move the user was to find.
func (r *puzzleRun) fail(played string) {
	p := r.puzzles[r.index]
	if played != "" {
		fmt.Fprintf(r.s.out, "Wrong: %s is not it.\n", played)
	}
	var rest []string
	g := r.game.Clone()
	for _, m := range p.Solution[r.ply:] {
		legal, err := g.Position().Legal(m)
		if err != nil || g.Play(legal) != nil {
			break
		}
		rest = append(rest, legal.Notation())
	}
	r.done = true
	r.tally.failed++
	r.tally.streak = 0
	fmt.Fprintf(r.s.out, "The solution: %s (it %s). %v\nPress Enter (or next) for the next puzzle.\n", strings.Join(rest, " "), p.Theme(), r.tally)
}

// moveText writes m, legal in the puzzle's game, with its capture mark.
func (r *puzzleRun) moveText(m surakarta.Move) string {
	if legal, err := r.game.Position().Legal(m); err == nil {
		m = legal
	}
	return m.Notation()
}

// next puts the next puzzle on the board, and reports false after the
// last.
func (r *puzzleRun) next() bool {
	if r.index+1 >= len(r.puzzles) {
		fmt.Fprintln(r.s.out, "No more puzzles.")
		return false
	}
	r.start(r.index + 1)
	return true
}

// analyse analyses the game played (analysis.Game, the full engine at
// analysis.DefaultDepth, as surakarta-analyze does), says how each side
// played and which moves went wrong, with the better move, and keeps the
// puzzles of its mistakes (puzzle.FromReport) for the command puzzles.
func (s *session) analyse() {
	if s.game.Ply() == 0 {
		fmt.Fprintln(s.out, "Nothing to analyse: no move has been played.")
		return
	}
	if s.full == nil {
		s.full = surakarta.NewPVS(surakarta.NewNetwork())
	}
	ctx := context.Background()
	lim := surakarta.Limits{Depth: analysis.DefaultDepth}
	report, err := analysis.Game(ctx, s.game, s.full, analysis.Options{Limits: lim})
	if err != nil {
		fmt.Fprintln(s.out, "No analysis:", err)
		return
	}
	for _, side := range []surakarta.Color{s.human, s.human.Other()} {
		sum := report.Summary(side)
		who := "You"
		if side != s.human {
			who = "The engine"
		}
		fmt.Fprintf(s.out, "%s (%v): %s, average loss %.1f, %s, %s, %s.\n", who, side,
			count(sum.Moves, "move", "moves"), sum.AverageLoss, count(sum.Count(analysis.Inaccuracy), "inaccuracy", "inaccuracies"),
			count(sum.Count(analysis.Mistake), "mistake", "mistakes"), count(sum.Count(analysis.Blunder), "blunder", "blunders"))
		for _, a := range report.Moves {
			if a.Mover == side && a.Class >= analysis.Inaccuracy {
				fmt.Fprintf(s.out, "  %s %s\n", a.MoveText(), a.Comment())
			}
		}
	}
	fmt.Fprintf(s.out, "(The engine at depth %d, as surakarta-analyze by default; scores are from the mover's view.)\n", analysis.DefaultDepth)
	if s.game.Rules() != surakarta.OlympiadRules() {
		fmt.Fprintln(s.out, "No puzzles: they are made under the Olympiad rules.")
		return
	}
	s.gamePuzzles, err = puzzle.FromReport(ctx, s.game, report, s.full, puzzle.Options{Limits: lim, Source: "this game"})
	if err != nil {
		fmt.Fprintln(s.out, "No puzzles:", err)
		return
	}
	switch len(s.gamePuzzles) {
	case 0:
		fmt.Fprintln(s.out, "No puzzles in this game: no mistake left a move that is clearly best.")
	case 1:
		fmt.Fprintln(s.out, "1 puzzle from the mistakes of this game: type puzzles to solve it.")
	default:
		fmt.Fprintf(s.out, "%d puzzles from the mistakes of this game: type puzzles to solve them.\n", len(s.gamePuzzles))
	}
}

// count returns n with the noun's singular or plural: "1 blunder",
// "2 blunders", "0 mistakes".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// maxPuzzleFile is the most a puzzle file given to -puzzles may hold.
const maxPuzzleFile = 10 << 20

// loadPuzzles returns the published puzzles, or those of the file name.
func loadPuzzles(published bool, name string) ([]puzzle.Puzzle, error) {
	if published {
		return puzzle.Published(), nil
	}
	data, err := readFile(name, maxPuzzleFile)
	if err != nil {
		return nil, err
	}
	ps, err := puzzle.Read(strings.NewReader(string(data)))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(ps) == 0 {
		return nil, fmt.Errorf("%s holds no puzzle", name)
	}
	return ps, nil
}
