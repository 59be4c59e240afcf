package match

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// The GTP side of an external engine: GTP version 2, colours black (b,
// moving first) and white (w), moves in the library's notation as
// vertices. GTP has no command to set a position, so a game that does not
// start from the standard start position is set with the extension
// surakarta-position <position text> of this module's engine program.

// gtpCommand sends a command and returns its answer: the text after "=",
// or an error for "?" (a *Forfeit: the program refused the command).
func (s *externalSearcher) gtpCommand(ctx context.Context, deadline time.Time, command string) (string, error) {
	if err := s.prog.send(command); err != nil {
		return "", err
	}
	var answer []string
	for {
		line, err := s.prog.next(ctx, deadline)
		if err != nil {
			return "", fmt.Errorf("%s: %w", clip.Text(command), err)
		}
		line = strings.TrimRight(line, " \t")
		if len(answer) == 0 {
			if line == "" {
				continue // an empty line before the answer
			}
			if line[0] != '=' && line[0] != '?' {
				return "", &Forfeit{Reason: forfeitAnswer, Err: fmt.Errorf("%s: the answer %q starts with neither = nor ?", clip.Text(command), clip.Text(line))}
			}
		} else if line == "" {
			break // the empty line that ends the answer
		}
		answer = append(answer, line)
	}
	text := strings.Join(answer, "\n")
	// "=[id] result": no id is sent, so the result follows the sign.
	result := strings.TrimSpace(text[1:])
	if text[0] == '?' {
		return "", &Forfeit{Reason: forfeitAnswer, Err: fmt.Errorf("%s: refused: %q", clip.Text(command), clip.Text(result))}
	}
	return result, nil
}

// gtpColor is the GTP name of a colour.
func gtpColor(c surakarta.Color) string {
	if c == surakarta.White {
		return "w"
	}
	return "b"
}

// gtpSearch brings the program's game up to g's and asks it for a move.
func (s *externalSearcher) gtpSearch(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	deadline := time.Now().Add(s.timeout(lim, g.Position().SideToMove()))
	command := func(c string) (string, error) { return s.gtpCommand(ctx, deadline, c) }
	moves := g.Moves()
	follows := !s.newGame && s.gtpMoves != nil && s.gtpStart == g.StartPosition() &&
		len(s.gtpMoves) <= len(moves) && slices.Equal(s.gtpMoves, moves[:len(s.gtpMoves)])
	if !follows {
		if _, err := command("clear_board"); err != nil {
			return surakarta.Result{}, err
		}
		if start := g.StartPosition(); start != surakarta.NewPosition() {
			if _, err := command("surakarta-position " + start.String()); err != nil {
				return surakarta.Result{}, err
			}
		}
		s.gtpStart, s.gtpMoves, s.newGame = g.StartPosition(), []surakarta.Move{}, false
	}
	// A clock is said as GTP's absolute time (time_settings MAIN 0 0, once)
	// and the mover's time left before each move (time_left COLOR SECONDS
	// MOVES, with the moves to the next control), in whole seconds rounded
	// down: GTP has no increment. Without a clock, a time per move of
	// whole seconds is GTP's byo-yomi of one move; other limits cannot be
	// said in GTP, and the program's own settings decide.
	side := g.Position().SideToMove()
	if c := lim.Clock; c.IsSet() {
		if !s.gtpClock {
			if _, err := command(fmt.Sprintf("time_settings %d 0 0", max(c.Black, c.White)/time.Second)); err != nil {
				return surakarta.Result{}, err
			}
			s.gtpClock, s.gtpTime = true, 0
		}
	} else if t := lim.MoveTime; t > 0 && t%time.Second == 0 && (t != s.gtpTime || s.gtpClock) {
		s.gtpClock = false
		if _, err := command(fmt.Sprintf("time_settings 0 %d 1", t/time.Second)); err != nil {
			return surakarta.Result{}, err
		}
		s.gtpTime = t
	}
	positions := g.Positions()
	for i := len(s.gtpMoves); i < len(moves); i++ {
		if _, err := command("play " + gtpColor(positions[i].SideToMove()) + " " + moves[i].String()); err != nil {
			return surakarta.Result{}, err
		}
		s.gtpMoves = append(s.gtpMoves, moves[i])
	}
	if c := lim.Clock; c.IsSet() {
		left, _ := c.Left(side)
		if _, err := command(fmt.Sprintf("time_left %s %d %d", gtpColor(side), left/time.Second, c.MovesToGo)); err != nil {
			return surakarta.Result{}, err
		}
	}
	answer, err := command("genmove " + gtpColor(side))
	if err != nil {
		return surakarta.Result{}, err
	}
	m, err := checkMove(g, strings.ToLower(answer))
	if err != nil {
		return surakarta.Result{}, err
	}
	s.gtpMoves = append(s.gtpMoves, m) // genmove plays the move in the program's game
	return surakarta.Result{Move: m, PV: []surakarta.Move{m}}, nil
}
