// Command surakarta-play plays Surakarta against the engine in a terminal:
// the board drawn with its circuits from your side (White's pieces at the
// bottom when you play White), the engine's captures with their paths,
// moves typed as b2e5.
//
//	go install github.com/surakarta-go/surakarta/cmd/surakarta-play@latest
//	surakarta-play                         # you play Black, PVS + Network, 1 s a move
//	surakarta-play -level 2                # a beginner's opponent (levels 1 to 10)
//	surakarta-play -color white -movetime 3s -engine alphabeta,sixfactor
//	surakarta-play -position "6/1w4/6/6/bw4/6 b"
//	surakarta-play -puzzle                 # solve the published puzzles
//	surakarta-play -puzzles puzzles.txt    # solve those of a file
//
// Type moves as b2e5 (from, to). Other commands: hint (the full engine's
// move for you, not played), moves, undo (your last move and the engine's
// reply), save FILE, load FILE, analyse (the game's mistakes, and puzzles
// made of them: puzzles), help, quit. Illegal input is answered with
// the reason. Moves are shown as they are typed, a capture with an x
// (b2xe5), and a capture's path as the points it passes through and the
// loops it goes round.
package main

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/internal/oneline"
	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/regularfile"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/puzzle"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: surakarta-play [flags]

Surakarta-play plays Surakarta against the engine in a terminal. Type moves as b2e5
(from, to), or b2-b3, b2xe5. Other commands: hint (the move the engine
at full strength would play for you, with its capture path; not played),
moves, undo (your last move and the engine's reply), level N (the
engine's strength from its next move), board (draw it again), save
FILE, load FILE, analyse (each move that went wrong, an inaccuracy, a
mistake or a blunder, with the better move, by the engine at depth 10
as surakarta-analyze, and puzzles made of the mistakes), puzzles (solve
them), help, quit. Every score shown, the engine's and the hint's, is
from your side ("+24 for you": you stand better) and counts a win or
loss in plies (one side's moves) from the position on the board.

` + gameEnd + `

-level N chooses the engine's strength: 1, which a beginner can beat, to
10, the engine at full strength (the default, the -engine). The levels
below 10 search a few plies within a budget of nodes and choose among
plausible moves at random; their Elo is in the module's docs/levels.md.

-puzzle solves the published puzzles, positions from the engine's games
where one move is clearly best, easiest first; -puzzles FILE those of a
puzzle file (docs/puzzles.md), such as surakarta-analyze -puzzles
writes. Type the move that wins; hint shows the piece to move, then the
move; a wrong move shows the solution; the tally of puzzles solved and
failed, and the streak, follows each puzzle.

An engine is searcher[,evaluator][,option=value...]: searcher pvs,
alphabeta, mcts or uct, evaluator network (the default), tuned, endgame
or sixfactor, options such as threads=2 (go doc
github.com/surakarta-go/surakarta/enginespec.Parse). A position is
written as in "6/1w4/6/6/bw4/6 b": the ranks from 6 down to 1 separated by
'/', b and w for pieces and a digit for empty points, then the side to move
(go doc github.com/surakarta-go/surakarta.ParsePosition).

flags:
`

// gameEnd says how a game ends, under the Olympiad's rules that the
// session plays.
const gameEnd = `A game ends when a side has no pieces left: it has lost. It also ends
after 50 plies (moves of either side) without a capture, at the first
repetition of a position, or when the side to move has no move; then
the side with more pieces wins, and equal counts draw.`

// Limits on what the session reads.
const (
	maxLine       = 8 << 10  // bytes in a line of input
	maxRecordFile = 10 << 20 // bytes in a file given to load
)

// session is one game between the user and the engine.
type session struct {
	out      io.Writer
	game     *surakarta.Game
	human    surakarta.Color
	engine   enginespec.Engine
	searcher surakarta.Searcher
	full     surakarta.Searcher // the engine at full strength, for hint; made when first asked
	limits   surakarta.Limits
	// fullSpec is the engine at full strength, which level 10 plays.
	fullSpec string
	shown    bool // whether the user has been shown how to type a move
	// drawn is the game as the board last drawn showed it, so that the
	// board is drawn again only when the game has changed: an answer to
	// help, moves or hint stays on the screen.
	drawn string
	// bookNote, set by the book's searcher when the engine plays a book
	// move, says so after the move.
	bookNote string
	input    *bufio.Reader
	// gamePuzzles are the puzzles of the game's mistakes, from analyse.
	gamePuzzles []puzzle.Puzzle
}

// run plays a session with the given arguments, reading commands from
// stdin, and returns the exit status: 0 when the user quits or the input
// ends, and for -h; 2 for bad arguments; 1 when the session fails, such as
// when the engine cannot move, or the puzzle file of -puzzles cannot be
// read or holds no puzzle.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta-play", flag.ContinueOnError)
	color := flags.String("color", "black", "your colour: black or white (Black moves first)")
	engineSpec := cmdflag.Engine(flags)
	strength := flags.Int("level", level.Count, fmt.Sprintf("the engine's strength `level`, 1 (a beginner can win) to %d (full strength: the -engine)", level.Count))
	moveTime := cmdflag.MoveTime(flags)
	depth := cmdflag.Depth(flags)
	position := cmdflag.Position(flags)
	published := flags.Bool("puzzle", false, "solve the published puzzles instead of playing")
	puzzleFile := flags.String("puzzles", "", "solve the puzzles of `FILE` instead of playing")
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	if status, ok := cmdflag.Parse(flags, args, usage, stdout, stderr); !ok {
		return status
	}
	if flags.NArg() > 0 {
		return bad(fmt.Errorf("unexpected argument %q (give a position with -position)", flags.Arg(0)))
	}
	s := &session{out: stdout, limits: surakarta.Limits{MoveTime: *moveTime, Depth: *depth}, input: bufio.NewReaderSize(stdin, 4096)}
	if *published || *puzzleFile != "" {
		if *published && *puzzleFile != "" {
			return bad(errors.New("give -puzzle (the published puzzles) or -puzzles FILE, not both"))
		}
		// A file that cannot be read or holds no puzzle is not a misused
		// flag: exit 1, without the hint to run -h.
		puzzles, err := loadPuzzles(*published, *puzzleFile)
		if err != nil {
			fmt.Fprintln(stderr, "surakarta-play:", err)
			return 1
		}
		if err := s.solvePuzzles(puzzles); err != nil {
			fmt.Fprintln(stderr, "surakarta-play:", err)
			return 1
		}
		return 0
	}
	if err := s.limits.Validate(); err != nil {
		return bad(err)
	}
	if *moveTime == 0 && *depth == 0 {
		return bad(errors.New("give -movetime or -depth a limit"))
	}
	switch strings.ToLower(*color) {
	case "black", "b":
		s.human = surakarta.Black
	case "white", "w":
		s.human = surakarta.White
	default:
		return bad(fmt.Errorf("-color %q: want black or white", *color))
	}
	if *strength < 1 || *strength > level.Count {
		return bad(fmt.Errorf("-level %d: want 1 to %d", *strength, level.Count))
	}
	spec := *engineSpec
	if *strength < level.Count {
		engineSet := false
		flags.Visit(func(f *flag.Flag) { engineSet = engineSet || f.Name == "engine" })
		if engineSet {
			return bad(fmt.Errorf("-level %d plays level %d: give -engine only with -level %d", *strength, *strength, level.Count))
		}
		spec = fmt.Sprintf("level%d", *strength)
	}
	s.fullSpec = *engineSpec
	if err := s.setEngine(spec); err != nil {
		return bad(err)
	}
	p, err := surakarta.ParsePosition(*position)
	if err != nil {
		return bad(err)
	}
	s.game = surakarta.NewGame(p)
	defer func() { cmdflag.Close(s.searcher) }()

	fmt.Fprintf(stdout, "You play %v against %s.\n", s.human, s.engine.Name)
	if err := s.loop(); err != nil {
		fmt.Fprintln(stderr, "surakarta-play:", err)
		return 1
	}
	return 0
}

// loop reads and carries out commands until the user quits or the input
// ends (then it returns nil), or until the engine cannot move: it returns
// that error rather than let the user move for the engine.
func (s *session) loop() error {
	for {
		if !s.over() && s.game.Position().SideToMove() != s.human {
			if err := s.engineMove(); err != nil {
				return err
			}
			continue
		}
		if key := s.gameKey(); key != s.drawn {
			s.show()
			s.drawn = key
		}
		if !s.shown && !s.over() {
			fmt.Fprintf(s.out, "Type a move such as %s, or help.\n", s.example())
			s.shown = true
		}
		words, ignored, err := s.ask("> ")
		switch {
		case err == io.EOF:
			return nil
		case err != nil:
			return err
		case ignored:
			continue
		}
		if quit := s.command(words); quit {
			return nil
		}
	}
}

var errLineTooLong = errors.New("line too long")

// ask shows prompt and reads a line of input, and returns its words. A
// line too long is ignored, and says so (ignored is true); at the end of
// the input it returns io.EOF, after a newline for the prompt.
func (s *session) ask(prompt string) (words []string, ignored bool, err error) {
	fmt.Fprint(s.out, prompt)
	line, err := readLine(s.input, maxLine)
	switch {
	case errors.Is(err, errLineTooLong):
		fmt.Fprintf(s.out, "Line too long (over %d bytes): ignored.\n", maxLine)
		return nil, true, nil
	case err == io.EOF:
		fmt.Fprintln(s.out)
		return nil, false, io.EOF
	case err != nil:
		return nil, false, err
	}
	return strings.Fields(line), false, nil
}

// readLine reads one line of input and returns it without its line ending.
// A line of more than max bytes is read to its end and dropped, and gives
// errLineTooLong; the next line is read normally. A last line without a
// line ending is returned as a line; after it, readLine returns io.EOF.
func readLine(r *bufio.Reader, max int) (string, error) {
	var line []byte
	tooLong := false
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			line = append(line, chunk...)
			// max bytes of text, then at most "\r\n"
			tooLong = len(line) > max+2
		}
		if tooLong {
			line = nil
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == io.EOF && (tooLong || len(line) > 0) {
			err = nil // the last line has no line ending: take it now
		}
		if err != nil {
			return "", err
		}
		break
	}
	text := strings.TrimSuffix(strings.TrimSuffix(string(line), "\n"), "\r")
	if tooLong || len(text) > max {
		return "", errLineTooLong
	}
	return text, nil
}

// example returns a move to show the user how moves are typed: one of the
// user's legal moves, a step if there is one, when it is the user's move;
// otherwise a step of the user's colour in the start position.
func (s *session) example() surakarta.Move {
	if s.game.Position().SideToMove() == s.human {
		moves := s.game.LegalMoves()
		for _, m := range moves {
			if !m.IsCapture() {
				return m
			}
		}
		if len(moves) > 0 {
			return moves[0]
		}
	}
	if s.human == surakarta.White {
		return surakarta.NewMove(surakarta.B5, surakarta.B4)
	}
	return surakarta.NewMove(surakarta.B2, surakarta.B3)
}

// over reports whether the game has ended.
func (s *session) over() bool { return s.game.Outcome().Over }

// command carries out one line of input and reports whether to quit.
func (s *session) command(words []string) (quit bool) {
	if len(words) == 0 {
		return false
	}
	switch strings.ToLower(words[0]) {
	case "quit", "exit", "q":
		return true
	case "help", "?":
		m := s.example()
		fmt.Fprintf(s.out, "Commands: a move such as %s (from and to squares; %s-%s also works, and a capture may be written with an x); hint (the engine's move for you); moves (your legal moves); undo (your last move and the engine's reply); level N (the engine's strength, 1 to %d); board (draw the board again); save FILE; load FILE; analyse (the game's mistakes); puzzles (solve the puzzles analyse made); quit.\n", m, m.From(), m.To(), level.Count)
		fmt.Fprintln(s.out, gameEnd)
	case "board":
		s.show()
	case "level":
		s.changeLevel(words[1:])
	case "hint":
		s.hint()
	case "moves":
		if moves := s.game.LegalMoves(); len(moves) > 0 {
			fmt.Fprintln(s.out, "Legal moves:", oneline.Notations(moves))
		} else {
			fmt.Fprintln(s.out, "No legal moves: the game is over.")
		}
	case "undo":
		s.undo()
	case "analyse", "analyze":
		s.analyse()
	case "puzzles":
		if len(s.gamePuzzles) == 0 {
			fmt.Fprintln(s.out, "No puzzles yet: type analyse to make them of this game's mistakes.")
			return false
		}
		if err := s.solvePuzzles(s.gamePuzzles); err != nil {
			return true
		}
		fmt.Fprintln(s.out, "Back to the game.")
		s.drawn = "" // the puzzles drew their own boards
	case "save":
		if len(words) != 2 {
			fmt.Fprintln(s.out, "save needs a file name: save game.txt")
			return false
		}
		s.save(words[1])
	case "load":
		if len(words) != 2 {
			fmt.Fprintln(s.out, "load needs a file name: load game.txt")
			return false
		}
		s.load(words[1])
	default:
		if len(words) != 1 {
			fmt.Fprintf(s.out, "Unknown command %q; type help.\n", strings.Join(words, " "))
			return false
		}
		if err := s.game.PlayText(words[0]); err != nil {
			fmt.Fprintln(s.out, "Not played:", err)
		}
	}
	return false
}

// engineMove lets the engine play and shows its move and capture path. It
// returns an error when the engine could not move.
func (s *session) engineMove() error {
	before := s.game.Position()
	res, err := s.searcher.Search(context.Background(), s.game, s.limits)
	if err != nil {
		return fmt.Errorf("the engine cannot move: %w", err)
	}
	if err := s.game.Play(res.Move); err != nil {
		return fmt.Errorf("the engine's move %v was refused: %w", res.Move, err)
	}
	played := s.game.Moves()[s.game.Ply()-1] // with its capture bit
	about := s.about(res, before.SideToMove(), true)
	if s.bookNote != "" {
		about, s.bookNote = " ("+s.bookNote+")", ""
	}
	fmt.Fprintf(s.out, "%s plays %s%s\n", s.engine.Name, played.Notation(), about)
	s.showPath(before, played)
	return nil
}

// setEngine makes the engine of spec the opponent, in place of the one
// before, which it closes.
func (s *session) setEngine(spec string) error {
	e, err := cmdflag.ParseEngine(spec)
	if err != nil {
		return err
	}
	searcher := e.New()
	if b, ok := searcher.(*book.Searcher); ok {
		b.Played = func(m book.MoveStats) {
			s.bookNote = fmt.Sprintf("book move: %s, score %.0f%%", count(m.Count(), "game", "games"), 100*m.Score())
		}
	}
	cmdflag.Close(s.searcher)
	s.engine, s.searcher = e, searcher
	return nil
}

// changeLevel handles level N: the engine plays at level N from its next
// move on, 10 being the engine at full strength (-engine).
func (s *session) changeLevel(args []string) {
	n := 0
	if len(args) == 1 {
		n, _ = strconv.Atoi(args[0])
	}
	if n < 1 || n > level.Count {
		fmt.Fprintf(s.out, "level needs a strength from 1 (a beginner can win) to %d (full strength): level 3\n", level.Count)
		return
	}
	spec := s.fullSpec
	if n < level.Count {
		spec = fmt.Sprintf("level%d", n)
	}
	if err := s.setEngine(spec); err != nil {
		fmt.Fprintln(s.out, "Level not changed:", err)
		return
	}
	fmt.Fprintf(s.out, "You now play %s (level %d).\n", s.engine.Name, n)
}

// gameKey identifies the game as the board shows it: its moves and how
// it ended.
func (s *session) gameKey() string {
	return s.game.Position().String() + fmt.Sprint(s.game.Ply(), s.game.Outcome())
}

// about describes res, the search of a position with mover to move, as
// " (score +24 for you, depth 5)": every score the session shows is from
// the user's side and for the position on the board, whoever searched.
// When played, res.Move has been played since, so a win or loss is one
// ply nearer than res says. about is empty for a player that searches
// nothing (random, greedy): its result has no completed iteration and no
// score; and for a move played that ended the game, whose result follows
// ("win in 0" would say no more).
func (s *session) about(res surakarta.Result, mover surakarta.Color, played bool) string {
	if res.Depth == 0 || played && s.over() {
		return ""
	}
	score := res.Score // the mover's
	if mover != s.human {
		score = -score
	}
	if played {
		switch {
		case surakarta.IsWin(score):
			score++
		case surakarta.IsLoss(score):
			score--
		}
	}
	return fmt.Sprintf(" (score %s for you, depth %d)", surakarta.FormatScore(score), res.Depth)
}

// showPath shows the path of m in p when m is a capture.
func (s *session) showPath(p surakarta.Position, m surakarta.Move) {
	if !m.IsCapture() {
		return
	}
	if path, err := p.CapturePath(m); err == nil {
		fmt.Fprintf(s.out, "  capture path on the %v circuit: %s\n", path.Circuit, pathText(path))
	}
}

// pathText writes a capture path as the points it passes through, with
// each loop it goes round named by its corner in its place among them:
// "a2 → a1 loop → b1 → b2". The loops are those of the path's circuit.
func pathText(path surakarta.CapturePath) string {
	var parts []string
	loops := path.Loops
	for i, sq := range path.Points {
		for len(loops) > 0 && loops[0].Index <= i {
			parts = append(parts, loops[0].Loop.Corner.String()+" loop")
			loops = loops[1:]
		}
		parts = append(parts, sq.String())
	}
	for _, l := range loops { // none in a path that CapturePath returns
		parts = append(parts, l.Loop.Corner.String()+" loop")
	}
	return strings.Join(parts, " → ")
}

// hint shows the move that the engine at full strength (PVS with the
// Network evaluator, within the session's limits) would play for the side
// to move, without playing it.
func (s *session) hint() {
	if s.over() {
		fmt.Fprintln(s.out, "No hint: the game is over.")
		return
	}
	if s.full == nil {
		s.full = surakarta.NewPVS(surakarta.NewNetwork())
	}
	res, err := s.full.Search(context.Background(), s.game, s.limits)
	if err != nil {
		fmt.Fprintln(s.out, "No hint:", err)
		return
	}
	p := s.game.Position()
	m := res.Move
	if legal, err := p.Legal(m); err == nil {
		m = legal // with its capture bit
	}
	fmt.Fprintf(s.out, "Hint: %s%s\n", m.Notation(), s.about(res, p.SideToMove(), false))
	s.showPath(p, m)
}

// undo takes back the user's last move and the engine's reply, if any, so
// that it is the user's move again, and says what it took back. Before the
// user's first move it takes back nothing: the engine would only move
// again. An end declared in a loaded record (a resignation, a draw by
// agreement, a time forfeit) is taken back on its own.
func (s *session) undo() {
	g := s.game
	if o := g.Outcome(); o.Over && declared(o.Reason) {
		g.Undo()
		fmt.Fprintf(s.out, "Took back the %v: the game goes on.\n", o.Reason)
		return
	}
	positions, moves := g.Positions(), g.Moves()
	last := len(moves) - 1 // the user's last move
	for last >= 0 && positions[last].SideToMove() != s.human {
		last--
	}
	switch {
	case len(moves) == 0:
		fmt.Fprintln(s.out, "Nothing to undo: no move has been played.")
		return
	case last < 0:
		fmt.Fprintln(s.out, "Nothing to undo: you have not moved yet.")
		return
	}
	var taken []string
	for i := last; i < len(moves); i++ {
		if positions[i].SideToMove() == s.human {
			taken = append(taken, "your "+moves[i].Notation())
		} else {
			taken = append(taken, "the engine's "+moves[i].Notation())
		}
	}
	for g.Ply() > last {
		g.Undo()
	}
	fmt.Fprintf(s.out, "Took back %s.\n", strings.Join(taken, " and "))
}

// declared reports whether a game that ended for reason was ended by a
// player, not by the rules.
func declared(reason surakarta.Reason) bool {
	switch reason {
	case surakarta.Resignation, surakarta.DrawAgreement, surakarta.TimeForfeit:
		return true
	}
	return false
}

// save writes the game as a record to the file name.
func (s *session) save(name string) {
	black, white := "human", s.engine.Name
	if s.human == surakarta.White {
		black, white = white, black
	}
	rec := record.New(s.game,
		record.Header{Name: "Black", Value: black},
		record.Header{Name: "White", Value: white},
		record.Header{Name: "Date", Value: time.Now().UTC().Format("2006-01-02")},
	)
	text, err := rec.MarshalText()
	if err == nil {
		err = os.WriteFile(name, text, 0o644)
	}
	if err != nil {
		fmt.Fprintln(s.out, "Not saved:", err)
		return
	}
	fmt.Fprintln(s.out, "Saved to", name)
}

// load replaces the game by the one in the record file name.
func (s *session) load(name string) {
	data, err := readFile(name, maxRecordFile)
	if err != nil {
		fmt.Fprintln(s.out, "Not loaded:", err)
		return
	}
	rec, err := record.Parse(string(data))
	if err != nil {
		fmt.Fprintln(s.out, "Not loaded:", err)
		return
	}
	s.game = rec.Game
	plies := "plies"
	if s.game.Ply() == 1 {
		plies = "ply"
	}
	fmt.Fprintf(s.out, "Loaded %s: %d %s.\n", name, s.game.Ply(), plies)
}

// readFile returns the contents of the file name, or an error when it holds
// more than max bytes, having read no more than max+1 of them. It reads a
// regular file only (regularfile.Open): a named pipe is refused at once
// rather than waited on for a writer.
func readFile(name string, max int64) ([]byte, error) {
	f, err := regularfile.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%s is larger than %d MiB: too large for a game record", name, max>>20)
	}
	return data, nil
}

// show draws the board with its circuits and says whose move it is.
func (s *session) show() {
	p := s.game.Position()
	fmt.Fprint(s.out, drawBoard(p, s.human))
	if o := s.game.Outcome(); o.Over {
		fmt.Fprintln(s.out, "Game over.", s.result(o))
		fmt.Fprintln(s.out, "Type analyse (your mistakes, and puzzles of them), undo, load FILE, save FILE or quit.")
		return
	}
	fmt.Fprintf(s.out, "%v to move (move %d).\n", p.SideToMove(), p.MoveNumber())
}

// result says how the game ended, o, from the user's side: "You win",
// "The engine wins" or "Draw", with the reason. For the ends that the
// rules decide by the pieces left (no legal move, the quiet-ply limit,
// repetition) it gives the count.
func (s *session) result(o surakarta.Outcome) string {
	p := s.game.Position()
	rules := s.game.Rules()
	you, it := p.Count(s.human), p.Count(s.human.Other())
	// who says "you" or "the engine" for c, with the verb in its form.
	who := func(c surakarta.Color, you, it string) string {
		if c == s.human {
			return "you " + you
		}
		return "the engine " + it
	}
	var why string
	switch o.Reason {
	case surakarta.NoPieces:
		if o.Draw {
			why = "no pieces left on the board"
		} else {
			why = who(o.Winner.Other(), "have", "has") + " no pieces left"
		}
	case surakarta.Blocked:
		why = who(p.SideToMove(), "have", "has") + " no legal move"
	case surakarta.QuietPlyRule:
		why = fmt.Sprintf("%d plies without a capture", rules.QuietPlyLimit)
	case surakarta.Repetition:
		why = fmt.Sprintf("the same position %d times", rules.RepetitionLimit)
	case surakarta.Resignation:
		why = who(o.Winner.Other(), "resigned", "resigned")
	case surakarta.TimeForfeit:
		why = who(o.Winner.Other(), "ran", "ran") + " out of time"
	case surakarta.DrawAgreement:
		why = "by agreement"
	default:
		why = o.Reason.String()
	}
	switch o.Reason {
	case surakarta.Blocked, surakarta.QuietPlyRule, surakarta.Repetition:
		if o.Draw {
			why += fmt.Sprintf("; equal pieces draw: %d each", you)
		} else {
			why += fmt.Sprintf("; more pieces win: you %d, the engine %d", you, it)
		}
	}
	switch {
	case o.Draw:
		return "Draw (" + why + ")."
	case o.Winner == s.human:
		return "You win (" + why + ")."
	}
	return "The engine wins (" + why + ")."
}

// drawBoard draws the points with the circuit lines between them: ─ and │
// for the inner circuit (ranks 2 and 5, files b and e), ═ and ║ for the
// outer (ranks 3 and 4, files c and d); the loops are listed below. The
// board is seen from the side of bottom, as across a real board: for
// Black, rank 1 is at the bottom and file a on the left; for White, rank 6
// is at the bottom and file f on the left.
func drawBoard(p surakarta.Position, bottom surakarta.Color) string {
	var sb strings.Builder
	horizontal := map[int]string{1: "───", 4: "───", 2: "═══", 3: "═══"}
	vertical := map[int]string{1: "│", 4: "│", 2: "║", 3: "║"}
	ranks, files := []int{5, 4, 3, 2, 1, 0}, []int{0, 1, 2, 3, 4, 5}
	if bottom == surakarta.White {
		slices.Reverse(ranks)
		slices.Reverse(files)
	}
	for i, rank := range ranks {
		fmt.Fprintf(&sb, "%d  ", rank+1)
		for j, file := range files {
			sq, _ := surakarta.NewSquare(file, rank)
			c, ok := p.PieceAt(sq)
			switch {
			case !ok:
				sb.WriteString("·")
			case c == surakarta.Black:
				sb.WriteString("b")
			default:
				sb.WriteString("w")
			}
			if j < len(files)-1 {
				sb.WriteString(cmp.Or(horizontal[rank], "   "))
			}
		}
		sb.WriteString("\n")
		if i < len(ranks)-1 {
			sb.WriteString("   ")
			for j, file := range files {
				sb.WriteString(cmp.Or(vertical[file], " "))
				if j < len(files)-1 {
					sb.WriteString("   ")
				}
			}
			sb.WriteString("\n")
		}
	}
	letters := make([]string, len(files))
	for j, file := range files {
		letters[j] = string(rune('a' + file))
	}
	sb.WriteString("   " + strings.Join(letters, "   ") + "\n")
	sb.WriteString("   ─ │ the inner circuit, ═ ║ the outer; captures travel along them\n")
	sb.WriteString("   loops: inner a1 (b1-a2) f1 (f2-e1) f6 (e6-f5) a6 (a5-b6); outer a1 (c1-a3) f1 (f3-d1) f6 (d6-f4) a6 (a4-c6)\n")
	return sb.String()
}
