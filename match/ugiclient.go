package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
)

// The UGI side of an external engine: UCI made game-neutral, player 1
// (p1) being Black, who moves first. Positions are sent in the library's
// position text and moves in its notation.

// ugiStopGrace is how long a program has to answer stop with its move
// when the match is stopping.
const ugiStopGrace = time.Second

// ugiHandshake sends ugi and waits for ugiok, sets the options, and waits
// for readyok.
func (s *externalSearcher) ugiHandshake(ctx context.Context, deadline time.Time) error {
	if err := s.prog.send("ugi"); err != nil {
		return err
	}
	if _, err := s.ugiUntil(ctx, deadline, "ugiok", nil); err != nil {
		return fmt.Errorf("ugi: %w", err)
	}
	for _, opt := range s.spec.options {
		if err := s.prog.send("setoption name " + opt[0] + " value " + opt[1]); err != nil {
			return err
		}
	}
	return s.ugiReady(ctx, deadline)
}

// ugiReady sends isready and waits for readyok.
func (s *externalSearcher) ugiReady(ctx context.Context, deadline time.Time) error {
	if err := s.prog.send("isready"); err != nil {
		return err
	}
	if _, err := s.ugiUntil(ctx, deadline, "readyok", nil); err != nil {
		return fmt.Errorf("isready: %w", err)
	}
	return nil
}

// ugiUntil reads lines until one whose first word is want, which it
// returns split into words, passing the lines before it to other if not
// nil. Lines it does not know are ignored, as UGI asks.
func (s *externalSearcher) ugiUntil(ctx context.Context, deadline time.Time, want string, other func([]string)) ([]string, error) {
	for {
		line, err := s.prog.next(ctx, deadline)
		if err != nil {
			return nil, err
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if fields[0] == want {
			return fields, nil
		}
		if other != nil {
			other(fields)
		}
	}
}

// ugiSearch sends the game and go, and reads the info lines and bestmove.
func (s *externalSearcher) ugiSearch(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	deadline := time.Now().Add(s.timeout(lim, g.Position().SideToMove()))
	if s.newGame {
		if err := s.prog.send("uginewgame"); err != nil {
			return surakarta.Result{}, err
		}
		if err := s.ugiReady(ctx, deadline); err != nil {
			return surakarta.Result{}, err
		}
		s.newGame = false
	}
	pos := "position fen " + g.StartPosition().String()
	if moves := g.Moves(); len(moves) > 0 {
		pos += " moves " + movesText(moves)
	}
	if err := s.prog.send(pos, ugiGo(lim)); err != nil {
		return surakarta.Result{}, err
	}
	var res surakarta.Result
	info := func(fields []string) {
		if fields[0] != "info" {
			return
		}
		in, ok := parseUGIInfo(fields[1:])
		if !ok {
			return
		}
		res.Depth, res.SelDepth, res.Score, res.Nodes, res.PV = in.Depth, in.SelDepth, in.Score, in.Nodes, in.PV
		if lim.Progress != nil {
			lim.Progress(in)
		}
	}
	fields, err := s.ugiUntil(ctx, deadline, "bestmove", info)
	if ctx.Err() != nil {
		// The match is stopping: ask for the move, which is not used.
		if s.prog.send("stop") == nil {
			s.ugiUntil(context.Background(), time.Now().Add(ugiStopGrace), "bestmove", nil)
		}
		return surakarta.Result{}, ctx.Err()
	}
	if err != nil {
		return surakarta.Result{}, fmt.Errorf("go: %w", err)
	}
	if len(fields) < 2 {
		return surakarta.Result{}, &Forfeit{Reason: forfeitAnswer, Err: fmt.Errorf("bestmove without a move")}
	}
	m, err := checkMove(g, fields[1])
	if err != nil {
		return surakarta.Result{}, err
	}
	res.Move = m
	// The PV's moves are as the program wrote them, without capture bits:
	// it is kept when it starts with the move played, given its bit.
	if len(res.PV) > 0 && res.PV[0].From() == m.From() && res.PV[0].To() == m.To() {
		res.PV[0] = m
	} else {
		res.PV = []surakarta.Move{m}
	}
	return res, nil
}

// ugiGo returns the go command for lim.
func ugiGo(lim surakarta.Limits) string {
	var args []string
	ms := func(d time.Duration) string { return strconv.FormatInt(d.Milliseconds(), 10) }
	if c := lim.Clock; c.IsSet() {
		args = append(args, "p1time", ms(c.Black), "p2time", ms(c.White), "p1inc", ms(c.BlackIncrement), "p2inc", ms(c.WhiteIncrement))
		if c.MovesToGo > 0 {
			args = append(args, "movestogo", strconv.Itoa(c.MovesToGo))
		}
	}
	if lim.MoveTime > 0 {
		args = append(args, "movetime", ms(max(lim.MoveTime, time.Millisecond)))
	}
	if lim.Depth > 0 {
		args = append(args, "depth", strconv.Itoa(lim.Depth))
	}
	if lim.Nodes > 0 {
		args = append(args, "nodes", strconv.FormatInt(lim.Nodes, 10))
	}
	if len(args) == 0 {
		args = append(args, "movetime", ms(surakarta.DefaultMoveTime))
	}
	return "go " + strings.Join(args, " ")
}

// parseUGIInfo reads the words of an info line after info: depth,
// seldepth, score cp N or mate N, nodes, nps, time and pv. It reports
// whether the line has a depth; words it does not know are skipped.
func parseUGIInfo(fields []string) (surakarta.Info, bool) {
	var in surakarta.Info
	hasDepth := false
	num := func(i int) (int64, bool) {
		if i >= len(fields) {
			return 0, false
		}
		n, err := strconv.ParseInt(fields[i], 10, 64)
		return n, err == nil
	}
	for i := 0; i < len(fields); i++ {
		switch fields[i] {
		case "string":
			return surakarta.Info{}, false
		case "depth", "seldepth", "nodes", "nps", "time":
			n, ok := num(i + 1)
			if !ok {
				continue
			}
			i++
			switch fields[i-1] {
			case "depth":
				in.Depth, hasDepth = int(min(max(n, 0), surakarta.MaxDepth)), true
			case "seldepth":
				in.SelDepth = int(min(max(n, 0), 1<<20))
			case "nodes":
				in.Nodes = n
			case "nps":
				in.NodesPerSecond = n
			case "time":
				in.Time = time.Duration(min(max(n, 0), 1<<40)) * time.Millisecond
			}
		case "score":
			if i+2 >= len(fields) {
				continue
			}
			n, ok := num(i + 2)
			if !ok {
				continue
			}
			switch fields[i+1] {
			case "cp":
				in.Score = int(min(max(n, -surakarta.MaxEvaluation), surakarta.MaxEvaluation))
			case "mate":
				// At most 500 moves, 1000 plies: a score that still reads
				// as a win or a loss (surakarta.PliesToEnd).
				moves := int(min(max(n, -500), 500))
				switch {
				case moves > 0:
					in.Score = surakarta.Win - (2*moves - 1)
				case moves < 0:
					in.Score = -(surakarta.Win + 2*moves)
				}
			}
			i += 2
		case "pv":
			for _, t := range fields[i+1:] {
				m, err := surakarta.ParseMove(t)
				if err != nil {
					break
				}
				in.PV = append(in.PV, m)
			}
			i = len(fields)
		}
	}
	return in, hasDepth
}
