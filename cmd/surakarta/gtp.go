package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// GTP, the Go Text Protocol version 2, as Go programs, GoGui's tools and
// MiniZero's console speak it: a command per line, optionally numbered,
// answered by "=[id] result" or "?[id] error" and an empty line. Colours
// are black (b, moving first) and white (w); a vertex is a move in the
// library's notation, "a2a3". Surakarta has no pass: genmove always
// answers a move (it fails once the game is over, when final_score tells
// the result), never pass or resign, and play accepts only moves.

// gtpSession is an engine driven through GTP.
type gtpSession struct {
	*engine
	moveTime time.Duration // per move when no time settings limit the game
	clock    gtpClock
}

// gtpClock is GTP's Canadian byo-yomi clock: main time, then periods of
// byoTime for byoStones moves.
type gtpClock struct {
	set       bool // time_settings gave a time limit
	main      time.Duration
	byoTime   time.Duration
	byoStones int
	left      [2]time.Duration // time left in the main time or the period
	stones    [2]int           // moves left in the period; 0 in the main time
}

// gtpCommands are the commands of GTP that the engine knows.
var gtpCommands = []string{
	"protocol_version", "name", "version", "known_command", "list_commands", "quit",
	"boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard",
	"final_score", "time_settings", "time_left",
	"surakarta-position", "surakarta-setoption", "surakarta-legal_moves", "surakarta-outcome",
}

// gtpError is a failure answered with "?".
type gtpError string

func (e gtpError) Error() string { return string(e) }

// handle carries out one line of input and answers it. It reports
// whether the command was quit, and returns the error of a command that
// failed (answered with "?"), which changes nothing.
func (s *gtpSession) handle(line string) (quit bool, err error) {
	fields := strings.Fields(gtpClean(line))
	if len(fields) == 0 {
		return false, nil
	}
	id := ""
	if _, err := strconv.ParseUint(fields[0], 10, 64); err == nil {
		id, fields = fields[0], fields[1:]
	}
	if len(fields) == 0 {
		err = gtpError("missing command")
	} else {
		var result string
		result, err = s.command(fields[0], fields[1:])
		if err == nil {
			if result != "" {
				result = " " + result
			}
			s.out.lines("="+id+result, "")
			return fields[0] == "quit", nil
		}
	}
	s.out.lines("?"+id+" "+oneLine(err.Error()), "")
	return false, err
}

// gtpClean applies GTP's preprocessing to a line: control characters other
// than tab are removed, tabs become spaces, and a comment from # on is cut.
func gtpClean(line string) string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, line)
}

// command carries out a command and returns its result.
func (s *gtpSession) command(name string, args []string) (string, error) {
	switch name {
	case "protocol_version":
		return "2", nil
	case "name":
		return "surakarta", nil
	case "version":
		return engineVersion(), nil
	case "known_command":
		if len(args) != 1 {
			return "", gtpError("syntax error")
		}
		return strconv.FormatBool(slices.Contains(gtpCommands, args[0])), nil
	case "list_commands":
		return strings.Join(gtpCommands, "\n"), nil
	case "quit":
		return "", nil
	case "boardsize":
		if len(args) != 1 {
			return "", gtpError("syntax error")
		}
		if n, err := strconv.Atoi(args[0]); err != nil {
			return "", gtpError("syntax error")
		} else if n != 6 {
			return "", gtpError("unacceptable size")
		}
		s.newGame()
		return "", nil
	case "clear_board":
		s.newGame()
		return "", nil
	case "komi":
		if len(args) != 1 {
			return "", gtpError("syntax error")
		}
		if _, err := strconv.ParseFloat(args[0], 64); err != nil {
			return "", gtpError("syntax error")
		}
		return "", nil // Surakarta has no komi
	case "play":
		return "", s.play(args)
	case "genmove":
		return s.genmove(args)
	case "undo":
		if err := s.game.Undo(); err != nil {
			return "", gtpError("cannot undo")
		}
		return "", nil
	case "showboard":
		p := s.game.Position()
		return fmt.Sprintf("\n%s%v to move, move %d, %d quiet plies; %v",
			p.Diagram(), p.SideToMove(), p.MoveNumber(), p.QuietPlies(), s.game.Outcome()), nil
	case "final_score":
		return finalScore(s.game)
	case "time_settings":
		return "", s.timeSettings(args)
	case "time_left":
		return "", s.timeLeft(args)
	case "surakarta-position":
		if len(args) == 0 {
			return s.game.Position().String(), nil
		}
		g, err := parsePosition(append([]string{"fen"}, args...), s.opts.rules)
		if err != nil {
			return "", err
		}
		s.game = g
		return "", nil
	case "surakarta-setoption":
		if len(args) < 2 {
			return "", gtpError("syntax error: want surakarta-setoption NAME VALUE")
		}
		return "", setOption(&s.opts, args[0], strings.Join(args[1:], " "))
	case "surakarta-legal_moves":
		return movesText(s.game.LegalMoves()), nil
	case "surakarta-outcome":
		return s.game.Outcome().String(), nil
	}
	return "", gtpError("unknown command")
}

// newGame starts a game from the start position under the options' rules,
// with the clocks reset.
func (s *gtpSession) newGame() {
	s.game = s.engine.newGame(surakarta.NewPosition())
	if s.searcher != nil {
		s.searcher.Clear()
	}
	s.clock.left = [2]time.Duration{s.clock.main, s.clock.main}
	s.clock.stones = [2]int{}
}

// gtpColor parses a GTP colour.
func gtpColor(arg string) (surakarta.Color, error) {
	c, err := surakarta.ParseColor(arg)
	if err != nil {
		return 0, gtpError("syntax error: invalid color " + strconv.Quote(clip.Text(arg)))
	}
	return c, nil
}

// play handles "play <color> <move>".
func (s *gtpSession) play(args []string) error {
	if len(args) != 2 {
		return gtpError("syntax error: want play COLOR MOVE")
	}
	c, err := gtpColor(args[0])
	if err != nil {
		return err
	}
	if o := s.game.Outcome(); o.Over {
		return gtpError("illegal move: the game is over: " + o.String())
	}
	if side := s.game.Position().SideToMove(); c != side {
		return gtpError(fmt.Sprintf("illegal move: it is %v's turn", side))
	}
	m, err := surakarta.ParseMove(args[1])
	if err != nil {
		return gtpError("syntax error: " + err.Error())
	}
	if err := s.game.Play(m); err != nil {
		return err // "illegal move: ..."
	}
	return nil
}

// genmove handles "genmove <color>": it searches, plays and answers the
// move.
func (s *gtpSession) genmove(args []string) (string, error) {
	if len(args) != 1 {
		return "", gtpError("syntax error: want genmove COLOR")
	}
	c, err := gtpColor(args[0])
	if err != nil {
		return "", err
	}
	if o := s.game.Outcome(); o.Over {
		return "", gtpError("the game is over: " + o.String())
	}
	if side := s.game.Position().SideToMove(); c != side {
		return "", gtpError(fmt.Sprintf("it is %v's turn", side))
	}
	start := time.Now()
	res, err := s.searchNow(s.limits(c), nil)
	if err != nil {
		return "", err // unreachable: the game is not over
	}
	s.clock.spend(c, time.Since(start))
	if err := s.game.Play(res.Move); err != nil {
		return "", err // unreachable: searches return legal moves
	}
	return res.Move.String(), nil
}

// limits returns the limits of a search by side: its clock, or the time
// per move when no time settings limit the game.
func (s *gtpSession) limits(side surakarta.Color) surakarta.Limits {
	if !s.clock.set {
		return surakarta.Limits{MoveTime: s.moveTime}
	}
	left, stones := s.clock.left[side], s.clock.stones[side]
	if left <= 0 && stones == 0 && s.clock.byoStones > 0 {
		left, stones = s.clock.byoTime, s.clock.byoStones // the main time is over
	}
	if left <= 0 {
		return surakarta.Limits{MoveTime: time.Millisecond} // no time: move at once
	}
	var c surakarta.Clock
	if side == surakarta.Black {
		c.Black = left
	} else {
		c.White = left
	}
	c.MovesToGo = stones
	return surakarta.Limits{Clock: c}
}

// spend takes the time side spent on a move off its clock, for a
// controller that does not send time_left (one that does corrects it).
func (k *gtpClock) spend(side surakarta.Color, d time.Duration) {
	if !k.set {
		return
	}
	if k.stones[side] == 0 {
		k.left[side] -= d
		if k.left[side] >= 0 || k.byoStones == 0 {
			return
		}
		// Into byo-yomi: the rest of this move comes from the first period.
		d = -k.left[side]
		k.left[side], k.stones[side] = k.byoTime, k.byoStones
	}
	k.left[side] -= d
	if k.stones[side]--; k.stones[side] == 0 {
		k.left[side], k.stones[side] = k.byoTime, k.byoStones // a new period
	}
}

// timeSettings handles "time_settings <main> <byo-yomi time> <byo-yomi
// stones>", in seconds. A byo-yomi time with no stones means no limit.
func (s *gtpSession) timeSettings(args []string) error {
	n, err := gtpInts(args, 3)
	if err != nil {
		return err
	}
	k := gtpClock{
		set:  n[1] == 0 || n[2] > 0,
		main: time.Duration(n[0]) * time.Second, byoTime: time.Duration(n[1]) * time.Second, byoStones: n[2],
	}
	k.left = [2]time.Duration{k.main, k.main}
	s.clock = k
	return nil
}

// timeLeft handles "time_left <color> <time> <stones>": time in seconds
// left in the main time (stones 0) or in the byo-yomi period for stones
// moves.
func (s *gtpSession) timeLeft(args []string) error {
	if len(args) != 3 {
		return gtpError("syntax error: want time_left COLOR TIME STONES")
	}
	c, err := gtpColor(args[0])
	if err != nil {
		return err
	}
	n, err := gtpInts(args[1:], 2)
	if err != nil {
		return err
	}
	s.clock.left[c], s.clock.stones[c] = time.Duration(n[0])*time.Second, n[1]
	return nil
}

// gtpInts parses want whole numbers from 0 to a million.
func gtpInts(args []string, want int) ([]int, error) {
	if len(args) != want {
		return nil, gtpError("syntax error")
	}
	n := make([]int, want)
	for i, a := range args {
		v, err := strconv.Atoi(a)
		if err != nil || v < 0 || v > 1_000_000 {
			return nil, gtpError("syntax error")
		}
		n[i] = v
	}
	return n, nil
}

// finalScore is final_score's answer for a finished game: the winner's
// colour and its margin in pieces ("B+3", "W+1"), or "0" for a draw.
func finalScore(g *surakarta.Game) (string, error) {
	o := g.Outcome()
	if !o.Over {
		return "", errors.New("cannot score: the game is not over")
	}
	if o.Draw {
		return "0", nil
	}
	p := g.Position()
	margin := p.Count(o.Winner) - p.Count(o.Winner.Other())
	letter := "B"
	if o.Winner == surakarta.White {
		letter = "W"
	}
	return fmt.Sprintf("%s+%d", letter, margin), nil
}
