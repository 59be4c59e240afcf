package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// UGI, the Universal Game Interface: UCI made game-neutral, with player 1
// (p1, here Black, who moves first) and player 2 instead of white and
// black, and the query command, through which a referee that knows nothing
// of Surakarta asks the engine whether the game is over and who won.
//
// Positions are the library's position text ("position fen
// wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1") and moves its notation ("a2a3");
// bestmove is 0000 when the game is over.

// ugiSession is an engine driven through UGI.
type ugiSession struct {
	*engine
}

// errQuit is returned by handle for the quit command.
var errQuit = errors.New("quit")

// handle carries out one line of input. It returns errQuit for quit, and
// an error for a command it refuses: an unknown command or bad arguments,
// reported as "info string error: ..." and changing nothing.
func (u *ugiSession) handle(line string) error {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "ugi":
		u.out.lines(u.ugiLines()...)
	case "isready":
		u.out.lines("readyok")
	case "setoption":
		return u.setoption(args)
	case "uginewgame":
		if err := u.idle(); err != nil {
			return err
		}
		u.game = u.newGame(surakarta.NewPosition())
		if u.searcher != nil {
			u.searcher.Clear()
		}
	case "position":
		if err := u.idle(); err != nil {
			return err
		}
		g, err := parsePosition(args, u.opts.rules)
		if err != nil {
			return err
		}
		u.game = g
	case "go":
		return u.goCommand(args)
	case "stop":
		u.stop()
	case "query":
		return u.query(args)
	case "bench":
		if err := u.idle(); err != nil {
			return err
		}
		depth, err := benchDepthArg(args, u.depthCap)
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		nodes, elapsed := bench(depth, u.opts)
		u.out.lines(benchLine(nodes, elapsed))
	case "perft":
		if err := u.idle(); err != nil {
			return err
		}
		if len(args) != 1 {
			return errors.New("perft: want a depth, such as perft 4")
		}
		depth, err := parseDepth(args[0], maxPerftDepth(u.depthCap))
		if err != nil {
			return fmt.Errorf("perft: %w", err)
		}
		u.out.lines(perftLines(u.game.Position(), depth)...)
	case "show":
		u.out.lines(u.showLines()...)
	case "quit":
		u.stop()
		return errQuit
	default:
		return fmt.Errorf("unknown command %q (commands: ugi, isready, setoption, uginewgame, position, go, stop, query, bench, perft, show, quit)", clip.Text(cmd))
	}
	return nil
}

// ugiLines is the answer to ugi.
func (u *ugiSession) ugiLines() []string {
	lines := []string{"id name " + engineName(), "id author " + engineAuthor}
	for i := range optionTable {
		lines = append(lines, optionTable[i].ugiLine())
	}
	return append(lines, "ugiok")
}

// setoption handles "setoption name <name> [value <value>]".
func (u *ugiSession) setoption(args []string) error {
	if err := u.idle(); err != nil {
		return err
	}
	if len(args) < 2 || args[0] != "name" {
		return errors.New("setoption: want setoption name <name> value <value>")
	}
	args = args[1:]
	i := slices.Index(args, "value")
	if i < 0 {
		return fmt.Errorf("setoption: option %q has no value", clip.Text(strings.Join(args, " ")))
	}
	name, value := strings.Join(args[:i], " "), strings.Join(args[i+1:], " ")
	if err := setOption(&u.opts, name, value); err != nil {
		return fmt.Errorf("setoption: %w", err)
	}
	return nil
}

// goParams are the arguments of go.
type goParams struct {
	limits   surakarta.Limits
	infinite bool
}

// parseGo parses the arguments of go: p1time, p2time, p1inc, p2inc and
// movestogo (a clock; btime, wtime, binc and winc are taken as UCI's names
// for them), movetime, depth, nodes (milliseconds, plies and nodes), and
// infinite. No argument means the library's default, a search of
// surakarta.DefaultMoveTime.
func parseGo(args []string) (goParams, error) {
	var p goParams
	var clock surakarta.Clock
	clockGiven := false
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" {
			p.infinite = true
			continue
		}
		if i+1 == len(args) {
			return goParams{}, fmt.Errorf("go: %s wants a value", clip.Text(key))
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return goParams{}, fmt.Errorf("go: %s %q: want a whole number", clip.Text(key), clip.Text(args[i]))
		}
		// A clock may read below zero (a referee's overhead); the side
		// then has no time. Other values must not be negative.
		ms := time.Duration(min(max(n, 0), math.MaxInt64/int64(time.Millisecond))) * time.Millisecond
		switch key {
		case "p1time", "btime", "p2time", "wtime", "p1inc", "binc", "p2inc", "winc":
			clockGiven = true
		}
		switch key {
		case "p1time", "btime":
			clock.Black = ms
		case "p2time", "wtime":
			clock.White = ms
		case "p1inc", "binc":
			clock.BlackIncrement = ms
		case "p2inc", "winc":
			clock.WhiteIncrement = ms
		case "movestogo", "movetime", "depth", "nodes":
			if n < 0 {
				return goParams{}, fmt.Errorf("go: %s %d is negative", key, n)
			}
			switch key {
			case "movestogo":
				clock.MovesToGo = int(min(n, math.MaxInt32))
			case "movetime":
				p.limits.MoveTime = ms
			case "depth":
				p.limits.Depth = int(min(n, surakarta.MaxDepth))
			case "nodes":
				p.limits.Nodes = n
			}
		default:
			return goParams{}, fmt.Errorf("go: unknown argument %q (want p1time, p2time, p1inc, p2inc, movestogo, movetime, depth, nodes or infinite)", clip.Text(key))
		}
	}
	p.limits.Clock = clock
	if clockGiven && !clock.IsSet() && p.limits.MoveTime == 0 {
		// A clock with no time on either side and no increment, which
		// the library would not see as a clock: no time, so move at once.
		p.limits.MoveTime = time.Millisecond
	}
	if p.infinite && p.limits.Depth == 0 && p.limits.Nodes == 0 && p.limits.MoveTime == 0 && !clock.IsSet() {
		p.limits.Depth = surakarta.MaxDepth // until stop
	}
	return p, nil
}

// goCommand starts a search, answering at once; the search reports its
// iterations with info lines and its move with bestmove.
func (u *ugiSession) goCommand(args []string) error {
	if err := u.idle(); err != nil {
		return err
	}
	p, err := parseGo(args)
	if err != nil {
		return err
	}
	if o := u.game.Outcome(); o.Over {
		u.out.lines("info string the game is over: "+o.String(), "bestmove 0000")
		return nil
	}
	var last []surakarta.Move
	u.start(p.limits, p.infinite, report{
		info: func(info surakarta.Info) {
			last = info.PV
			u.out.lines(fmt.Sprintf("info depth %d seldepth %d score %s nodes %d nps %d time %d pv %s",
				info.Depth, info.SelDepth, scoreText(info.Score), info.Nodes, info.NodesPerSecond, millis(info.Time), movesText(info.PV)))
		},
		done: func(res surakarta.Result, err error) []string {
			if err != nil {
				// Unreachable: the game is not over, the limits are valid
				// and the searcher has an evaluator. Still answer.
				return []string{"info string error: " + oneLine(err.Error()), "bestmove 0000"}
			}
			final := fmt.Sprintf("info nodes %d nps %d time %d", res.Nodes, nodesPerSecond(res.Nodes, res.Time), millis(res.Time))
			if !slices.Equal(res.PV, last) {
				final += " pv " + movesText(res.PV)
			}
			return []string{final, "bestmove " + res.Move.String()}
		},
	})
	return nil
}

// query answers query gameover, p1turn and result.
func (u *ugiSession) query(args []string) error {
	if len(args) != 1 {
		return errors.New("query: want query gameover, p1turn or result")
	}
	o := u.game.Outcome()
	var answer string
	switch args[0] {
	case "gameover":
		answer = strconv.FormatBool(o.Over)
	case "p1turn":
		answer = strconv.FormatBool(u.game.Position().SideToMove() == surakarta.Black)
	case "result":
		switch {
		case !o.Over:
			answer = "none"
		case o.Draw:
			answer = "draw"
		case o.Winner == surakarta.Black:
			answer = "p1win"
		default:
			answer = "p2win"
		}
	default:
		return fmt.Errorf("query: unknown question %q (want gameover, p1turn or result)", clip.Text(args[0]))
	}
	u.out.lines("response " + answer)
	return nil
}

// showLines describes the game for people: the position, the moves from
// the start position, the rules and the outcome.
func (u *ugiSession) showLines() []string {
	g := u.game
	lines := []string{}
	for l := range strings.SplitSeq(strings.TrimRight(g.Position().Diagram(), "\n"), "\n") {
		lines = append(lines, "info string "+l)
	}
	r := g.Rules()
	return append(lines,
		"info string position "+g.Position().String(),
		"info string start "+g.StartPosition().String()+" moves "+movesText(g.Moves()),
		fmt.Sprintf("info string rules QuietPlyLimit %d RepetitionLimit %d", r.QuietPlyLimit, r.RepetitionLimit),
		"info string outcome "+g.Outcome().String(),
	)
}
