// Command play plays Surakarta against the engine in a terminal.
//
//	go run ./examples/play                         # you play Black, PVS + EndgameAdjusted, 1 s a move
//	go run ./examples/play -color white -movetime 3s -engine alphabeta,sixfactor
//
// Type moves as b2e5 (from, to). Other commands: moves, undo, save FILE,
// load FILE, help, quit. Illegal input is answered with the reason.
package main

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/match"
)

func main() {
	if err := run(os.Stdin, os.Stdout, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "play:", err)
		os.Exit(2)
	}
}

// session is one game between the user and the engine.
type session struct {
	out      io.Writer
	game     *surakarta.Game
	human    surakarta.Color
	engine   match.Engine
	searcher surakarta.Searcher
	limits   surakarta.Limits
}

// run plays a session reading commands from in and writing to out.
func run(in io.Reader, out io.Writer, args []string) error {
	flags := flag.NewFlagSet("play", flag.ContinueOnError)
	flags.SetOutput(out)
	color := flags.String("color", "black", "your colour: black or white (Black moves first)")
	engineSpec := flags.String("engine", "pvs,endgame", "engine: searcher,evaluator[,option=value...] (see match.ParseEngine)")
	moveTime := flags.Duration("movetime", time.Second, "engine time per move")
	depth := flags.Int("depth", 0, "engine depth per move (0 = by time only)")
	position := flags.String("position", surakarta.StartText, "start position")
	if err := flags.Parse(args); err != nil {
		return err
	}
	s := &session{out: out, limits: surakarta.Limits{MoveTime: *moveTime, Depth: *depth}}
	switch strings.ToLower(*color) {
	case "black", "b":
		s.human = surakarta.Black
	case "white", "w":
		s.human = surakarta.White
	default:
		return fmt.Errorf("-color %q: want black or white", *color)
	}
	var err error
	if s.engine, err = match.ParseEngine(*engineSpec); err != nil {
		return err
	}
	s.searcher = s.engine.New()
	p, err := surakarta.ParsePosition(*position)
	if err != nil {
		return err
	}
	s.game = surakarta.NewGame(p)

	fmt.Fprintf(out, "You play %v against %s. Type a move such as b2b3, or help.\n", s.human, s.engine.Name)
	input := bufio.NewScanner(in)
	for {
		if s.over() {
			fmt.Fprintln(out, "Type undo, load FILE, save FILE or quit.")
		} else if s.game.Position().SideToMove() != s.human && s.engineMove() {
			continue
		}
		s.show()
		fmt.Fprint(out, "> ")
		if !input.Scan() {
			fmt.Fprintln(out)
			return input.Err()
		}
		if quit := s.command(strings.Fields(input.Text())); quit {
			return nil
		}
	}
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
		fmt.Fprintln(s.out, "Commands: a move such as b2e5 (or b2-b3, b2xe5); moves; undo; save FILE; load FILE; quit.")
	case "moves":
		fmt.Fprintln(s.out, "Legal moves:", s.game.LegalMoves())
	case "undo":
		s.undo()
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
// reports false when the engine could not move.
func (s *session) engineMove() bool {
	before := s.game.Position()
	res, err := s.searcher.Search(context.Background(), s.game, s.limits)
	if err != nil {
		fmt.Fprintln(s.out, "The engine cannot move:", err)
		return false
	}
	if err := s.game.Play(res.Move); err != nil {
		fmt.Fprintln(s.out, "The engine's move was refused:", err)
		return false
	}
	fmt.Fprintf(s.out, "%s plays %v (score %s, depth %d)\n", s.engine.Name, res.Move, surakarta.FormatScore(res.Score), res.Depth)
	if res.Move.IsCapture() {
		if path, err := before.CapturePath(res.Move); err == nil {
			fmt.Fprintf(s.out, "  capture path on the %v circuit: %v", path.Circuit, path.Points)
			for _, l := range path.Loops {
				fmt.Fprintf(s.out, ", %v", l.Loop)
			}
			fmt.Fprintln(s.out)
		}
	}
	return true
}

// undo takes back moves until it is the user's turn again, at least one.
func (s *session) undo() {
	if s.game.Ply() == 0 {
		fmt.Fprintln(s.out, "Nothing to undo.")
		return
	}
	s.game.Undo()
	for s.game.Ply() > 0 && s.game.Position().SideToMove() != s.human {
		s.game.Undo()
	}
}

func (s *session) save(name string) {
	black, white := "human", s.engine.Name
	if s.human == surakarta.White {
		black, white = white, black
	}
	rec := surakarta.NewRecord(s.game,
		surakarta.Header{Name: "Black", Value: black},
		surakarta.Header{Name: "White", Value: white},
		surakarta.Header{Name: "Date", Value: time.Now().UTC().Format("2006-01-02")},
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

func (s *session) load(name string) {
	data, err := os.ReadFile(name)
	if err != nil {
		fmt.Fprintln(s.out, "Not loaded:", err)
		return
	}
	rec, err := surakarta.ParseRecord(string(data))
	if err != nil {
		fmt.Fprintln(s.out, "Not loaded:", err)
		return
	}
	s.game = rec.Game
	fmt.Fprintf(s.out, "Loaded %s: %d plies.\n", name, s.game.Ply())
}

// show draws the board with its circuits and says whose move it is.
func (s *session) show() {
	p := s.game.Position()
	fmt.Fprint(s.out, drawBoard(p))
	if o := s.game.Outcome(); o.Over {
		fmt.Fprintln(s.out, "Game over:", o)
		return
	}
	fmt.Fprintf(s.out, "%v to move (move %d).\n", p.SideToMove(), p.MoveNumber())
}

// drawBoard draws the points with the circuit lines between them: ─ and │
// for the inner circuit (ranks 2 and 5, files b and e), ═ and ║ for the
// outer (ranks 3 and 4, files c and d); the loops are listed below.
func drawBoard(p surakarta.Position) string {
	var sb strings.Builder
	horizontal := map[int]string{1: "───", 4: "───", 2: "═══", 3: "═══"}
	vertical := map[int]string{1: "│", 4: "│", 2: "║", 3: "║"}
	for rank := 5; rank >= 0; rank-- {
		fmt.Fprintf(&sb, "%d  ", rank+1)
		for file := 0; file < 6; file++ {
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
			if file < 5 {
				sb.WriteString(cmp.Or(horizontal[rank], "   "))
			}
		}
		sb.WriteString("\n")
		if rank > 0 {
			sb.WriteString("   ")
			for file := 0; file < 6; file++ {
				sb.WriteString(cmp.Or(vertical[file], " "))
				if file < 5 {
					sb.WriteString("   ")
				}
			}
			sb.WriteString("\n")
		}
	}
	sb.WriteString("   a   b   c   d   e   f\n")
	sb.WriteString("   loops: inner a1 (b1-a2) f1 (f2-e1) f6 (e6-f5) a6 (a5-b6); outer a1 (c1-a3) f1 (f3-d1) f6 (d6-f4) a6 (a4-c6)\n")
	return sb.String()
}
