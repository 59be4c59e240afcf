package ugi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// Engine is what Serve serves.
type Engine struct {
	Name   string // id name
	Author string // id author
	// Searcher returns the searcher for the next search: Serve calls it
	// before every search and bench, never while a search runs, and calls
	// Clear on what it returned last at uginewgame, in a goroutine of its
	// own (a large table takes seconds to clear), never while Searcher or
	// SetOption runs. It may return the same searcher every time (which
	// keeps what it learnt) or a new one after an option changed. It must
	// not be nil.
	Searcher func() surakarta.Searcher
	// Options are the engine's own options, listed after the server's own
	// (MoveOverhead, QuietPlyLimit, RepetitionLimit, MultiPV), whose names
	// they must not take, and UGI's (Ponder, UCI_ShowWDL, Clear Hash),
	// whose names they may take: the engine's option then replaces UGI's.
	Options []Option
	// SetOption sets one of Options to a value Option.Validate accepted
	// (in its canonical form); called only while no search or Clear runs;
	// an error refuses the value and changes nothing. May be nil when
	// Options is empty.
	SetOption func(name, value string) error
	// Evaluator, if not nil, returns the evaluator of the engine's
	// searches, for eval, which shows its score of the position (the
	// static evaluation, as Stockfish's eval shows it). Serve calls it as
	// it calls Searcher, never while a search runs. When it is nil, eval
	// is refused.
	Evaluator func() surakarta.Evaluator
	// StopGrace is how long Serve waits for the searcher to return from
	// a search it has told to stop (at stop, quit, the end of the input,
	// ctx done) before it answers without it: the GUI waits for bestmove,
	// or for the engine to exit. 0 means DefaultStopGrace; it must not be
	// negative.
	StopGrace time.Duration
}

// ErrInvalidEngine is wrapped by the error of Serve for an Engine it
// cannot serve.
var ErrInvalidEngine = errors.New("ugi: invalid engine")

// DefaultStopGrace is the default of Engine.StopGrace, half a second:
// ample for a searcher that looks at its context, as the library's return
// within milliseconds, and short enough that a program waiting for
// bestmove or for the engine to exit does not give up on it first (a
// Client waits a second for either).
const DefaultStopGrace = serve.DefaultStopGrace

// Serve runs e over UGI: reads commands from r, answers on w, until quit
// or the end of r, which, like quit, stops a search or perft that runs
// (a search answers its bestmove, as at stop): the GUI has gone; ctx
// done stops it too. Returns nil at quit or
// the end of input, else r's error or ctx's, or w's when a write failed
// (Serve stops then), or an error wrapping ErrInvalidEngine at once when
// e is not valid (no Searcher; Options without SetOption; an option named
// twice, or named as one of the server's; a negative StopGrace).
//
// Serve reads r in a goroutine of its own, which a Read blocked in r
// outlives until r returns. A search runs in the background: isready,
// query, show and stop are answered while it runs, and commands that would
// change the game or the options are refused. perft runs in the background
// too, and stop ends it.
//
// Serve does not trust the searcher, so that a faulty one cannot hang or
// crash the program: a search that has not returned e.StopGrace after it
// was told to stop is given up on (its searcher is not called again
// until it returns, and goes on running after Serve returns), a panic of
// Search or Clear is recovered, and bestmove is never a move the search's
// position does not allow (see the package's documentation).
func Serve(ctx context.Context, r io.Reader, w io.Writer, e Engine) error {
	return serveCapped(ctx, r, w, e, serve.Caps{})
}

// server is an engine served over UGI.
type server struct {
	*serve.Server
	e       Engine
	options []Option // the server's own, those of UGI itself, then the engine's
	own     int      // how many of options are the server's own or UGI's
	// showWDL is the UCI_ShowWDL option: info lines carry wdl.
	showWDL bool
	// ponders is whether the GUI ponders, so that bestmove names the
	// reply to ponder on: it set the option Ponder, or sent go ponder.
	// Strict runners read only "bestmove M" (cutegames skips a line of
	// more words and waits for ever), so by default it does not.
	ponders bool
}

// The options of UGI itself, as UCI has them, listed after the server's
// own: Ponder, which a GUI sets to say that it will send go ponder (the
// engine ponders whatever it says, and plans its time alike);
// UCI_ShowWDL, which makes info lines show the chances of a win, a draw
// and a loss (surakarta.ScoreWDL); Clear Hash, a button that clears the
// searcher's table and history, as uginewgame does, keeping the game.
const (
	optPonder    = "Ponder"
	optShowWDL   = "UCI_ShowWDL"
	optClearHash = "Clear Hash"
)

// protocolOptions returns the options of UGI itself. An engine whose own
// Options name one of them keeps its own instead.
func protocolOptions() []Option {
	return []Option{
		{Name: optPonder, Type: OptionCheck, Default: "false"},
		{Name: optShowWDL, Type: OptionCheck, Default: "false"},
		{Name: optClearHash, Type: OptionButton},
	}
}

// errQuit is returned by command for quit.
var errQuit = errors.New("quit")

// noPosition is why the server has no game after a refused position, and
// overLongLine after a line too long to read.
const (
	noPosition   = "the last position command was refused; send position or uginewgame"
	overLongLine = "a line too long to read was skipped; send position or uginewgame"
)

// serveCapped is Serve with caps on the searches, perft and bench, for
// tests and fuzzing.
func serveCapped(ctx context.Context, r io.Reader, w io.Writer, e Engine, caps serve.Caps) error {
	s, err := newServer(w, e, caps)
	if err != nil {
		return err
	}
	in := serve.NewInput(r)
	defer in.Close()
	defer s.Ready() // nothing of Serve runs on e's searcher once it returns
	for {
		line, err := in.Next(ctx)
		switch {
		case errors.Is(err, serve.ErrLineTooLong):
			// Most likely a position with a long list of moves: the
			// game is not the one the GUI has, so answer go as after a
			// refused position, not with a move for the game before.
			s.DropGame(overLongLine)
			s.Out.Lines(errorLine(err))
		case err == io.EOF:
			// The GUI has gone: a search or perft is stopped, not
			// waited for (it reports its move as at stop).
			s.Stop()
			if err := s.Out.Err(); err != nil {
				return err
			}
			return ctx.Err()
		case err != nil:
			s.Stop()
			return err
		default:
			if err := s.command(ctx, line); err == errQuit {
				return s.Out.Err()
			} else if err != nil {
				s.Out.Lines(errorLine(err))
			}
		}
		if err := s.Out.Err(); err != nil {
			s.Stop()
			return err
		}
	}
}

// newServer returns a server of e writing to w, or an error if e is not
// valid.
func newServer(w io.Writer, e Engine, caps serve.Caps) (*server, error) {
	switch {
	case e.Searcher == nil:
		return nil, fmt.Errorf("%w: Engine.Searcher is nil", ErrInvalidEngine)
	case len(e.Options) > 0 && e.SetOption == nil:
		return nil, fmt.Errorf("%w: Engine.Options without SetOption", ErrInvalidEngine)
	case e.StopGrace < 0:
		return nil, fmt.Errorf("%w: Engine.StopGrace is negative", ErrInvalidEngine)
	}
	s := &server{e: e}
	for _, o := range serve.Options() {
		s.options = append(s.options, Option{Name: o.Name, Type: OptionSpin, Default: fmt.Sprint(o.Default), Min: o.Min, Max: o.Max})
	}
	for _, o := range protocolOptions() {
		// An engine's own option of the name takes the place of UGI's,
		// as it did before UGI had one.
		if !slices.ContainsFunc(e.Options, func(n Option) bool { return strings.EqualFold(n.Name, o.Name) }) {
			s.options = append(s.options, o)
		}
	}
	s.own = len(s.options)
	for _, o := range e.Options {
		if slices.ContainsFunc(s.options, func(n Option) bool { return strings.EqualFold(n.Name, o.Name) }) {
			return nil, fmt.Errorf("%w: Engine.Options: the name %q is taken", ErrInvalidEngine, o.Name)
		}
		s.options = append(s.options, o)
	}
	s.Server = serve.New(w, e.Searcher, caps)
	s.StopGrace = e.StopGrace
	return s, nil
}

// command carries out a line of input. It returns errQuit for quit, and
// an error for a command it refuses (an unknown command, bad arguments, a
// command that must wait for a search), which changes nothing but for a
// refused position, which leaves the server with no position.
func (s *server) command(ctx context.Context, line string) error {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return nil
	}
	cmd, args := fields[0], fields[1:]
	typed := cmd
	if alias, ok := uciAliases[cmd]; ok {
		cmd = alias
	}
	switch cmd {
	case cmdUGI:
		lines := idLines(s.e.Name, s.e.Author)
		for _, o := range s.options {
			lines = append(lines, o.String())
		}
		ok := ansUGIOK
		if typed == cmdUCI {
			ok = ansUCIOK // answered in the words asked
		}
		s.Out.Lines(append(lines, ok)...)
	case cmdIsReady:
		s.Ready() // a uginewgame's clear has ended
		s.Out.Lines(ansReadyOK)
	case cmdSetOption:
		return s.setOption(ctx, args)
	case cmdNewGame:
		if err := s.Idle(ctx); err != nil {
			return err
		}
		s.NewGame()
	case cmdPosition:
		return s.position(ctx, args)
	case cmdGo:
		return s.goCommand(ctx, args)
	case cmdStop:
		s.Stop()
	case cmdPonderHit:
		// With no search pondering it does nothing, as UCI engines do: it
		// may have crossed the bestmove of a search told to stop.
		s.PonderHit()
	case cmdQuery:
		return s.query(args)
	case cmdBench:
		return s.bench(ctx, args)
	case cmdPerft:
		return s.perft(ctx, args)
	case cmdShow:
		g, err := s.Game()
		s.Out.Lines(showLines(g, s.Settings.Rules, err)...)
	case cmdEval:
		return s.eval(ctx)
	case cmdQuit:
		s.Stop()
		return errQuit
	default:
		return fmt.Errorf("unknown command %q (commands: %s)", clip.Text(cmd), strings.Join(serverCommands, ", "))
	}
	return nil
}

// setOption handles setoption.
func (s *server) setOption(ctx context.Context, args []string) error {
	if err := s.Idle(ctx); err != nil {
		return err
	}
	name, value, err := parseSetOption(args)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(s.options, func(o Option) bool { return strings.EqualFold(o.Name, name) })
	if i < 0 {
		names := make([]string, len(s.options))
		for i, o := range s.options {
			names[i] = o.Name
		}
		return fmt.Errorf("setoption: unknown option %q (options: %s)", clip.Text(name), strings.Join(names, ", "))
	}
	if found, err := s.Settings.Set(name, value); found {
		if err != nil {
			return fmt.Errorf("setoption: %w", err)
		}
		return nil
	}
	o := s.options[i]
	v, err := o.Validate(value)
	if err != nil {
		return fmt.Errorf("setoption: %w", err)
	}
	switch own := i < s.own; {
	case own && o.Name == optPonder:
		s.ponders = v == "true"
		return nil
	case own && o.Name == optShowWDL:
		s.showWDL = v == "true"
		return nil
	case own && o.Name == optClearHash:
		s.ClearSearcher()
		return nil
	}
	s.Ready() // the engine's options change its searcher
	if err := s.e.SetOption(o.Name, v); err != nil {
		return fmt.Errorf("setoption: option %s: %w", o.Name, err)
	}
	if strings.EqualFold(o.Name, optPonder) && o.Type == OptionCheck {
		s.ponders = v == "true" // the engine's own Ponder tells it too
	}
	return nil
}

// position handles position, once the task under way has ended. A
// position refused, for what it says or because a search runs until stop,
// leaves the server with no position, so that a go sent after it is not
// answered with a move for another game.
func (s *server) position(ctx context.Context, args []string) error {
	if err := s.Idle(ctx); err != nil {
		s.DropGame(noPosition)
		return err
	}
	start, moves, err := parsePosition(args)
	if err != nil {
		s.DropGame(noPosition)
		return err
	}
	g, err := s.GameFrom(start, moves)
	if err != nil {
		s.DropGame(noPosition)
		return fmt.Errorf("position: %w", err)
	}
	s.SetGame(g)
	return nil
}

// goCommand starts a search, once the task under way has ended, and
// returns; the search reports its iterations with info lines and its move
// with bestmove. Every go is answered with one bestmove: one that is
// refused, with an error line and bestmove 0000.
func (s *server) goCommand(ctx context.Context, args []string) error {
	refuse := func(err error) error {
		s.Out.Lines(errorLine(err), bestMoveLine(surakarta.NoMove))
		return nil
	}
	if err := s.Idle(ctx); err != nil {
		return refuse(err)
	}
	p, clock, err := parseGoClock(args)
	if err != nil {
		return refuse(err)
	}
	g, err := s.Game()
	if err != nil {
		return refuse(err)
	}
	if o := g.Outcome(); o.Over {
		s.Out.Lines(infoStringLine("the game is over: "+o.String()), bestMoveLine(surakarta.NoMove))
		return nil
	}
	pos := g.Position()
	for _, m := range p.Limits.SearchMoves {
		if _, err := pos.Legal(m); err != nil {
			return refuse(fmt.Errorf("go: searchmoves: %w", err))
		}
	}
	if p.Ponder {
		s.ponders = true
	}
	ponders := s.ponders
	p, warning := clock.forMover(p, pos.SideToMove())
	if warning != "" {
		s.Out.Lines(infoStringLine(warning))
	}
	lim := p.Limits
	if p.Infinite && lim.Depth == 0 && lim.Nodes == 0 && lim.MoveTime == 0 && !lim.Clock.IsSet() {
		lim.Depth = surakarta.MaxDepth // until stop
	}
	var last []surakarta.Move // the PV of the last info line of the best line
	pieces := pos.Count(surakarta.Black) + pos.Count(surakarta.White)
	shownCurrMove := time.Duration(-1) // the search's time at the last currmove line
	start := s.Go
	if p.Ponder {
		start = s.GoPonder
	}
	start(lim, p.Infinite, serve.Report{
		Info: func(in surakarta.Info) {
			if in.MultiPV <= 1 {
				last = slices.Clone(in.PV) // the searcher may reuse its own
			}
			if in.WDL == (surakarta.WDL{}) {
				in.WDL = surakarta.ScoreWDL(in.Score, pieces) // a searcher of another package
			}
			s.Out.Lines(infoLine(in, s.showWDL))
		},
		RootMove: func(in surakarta.Info) {
			if in.Time >= currMoveAfter && (shownCurrMove < 0 || in.Time-shownCurrMove >= currMoveEvery) {
				shownCurrMove = in.Time
				s.Out.Lines(currMoveLine(in))
			}
		},
		Done: func(res surakarta.Result, err error) []string {
			switch {
			case errors.Is(err, serve.ErrNotStopped):
				// Told to stop, the server answers as a stopped search
				// does: with the best move it knows.
				m, why := fallbackMove(pos, last, lim.SearchMoves)
				return []string{infoStringLine(err.Error() + "; bestmove is " + why), bestMoveLine(m)}
			case err != nil:
				// The game is not over and the limits are valid: the
				// searcher failed (or panicked).
				return []string{errorLine(err), bestMoveLine(surakarta.NoMove)}
			}
			if err := allowed(pos, res.Move, lim.SearchMoves); err != nil {
				m, why := fallbackMove(pos, last, lim.SearchMoves)
				return []string{
					infoStringLine("the searcher's move: " + err.Error() + "; bestmove is " + why),
					finalInfoLine(res, false), bestMoveLine(m),
				}
			}
			ponder := surakarta.NoMove
			if ponders {
				ponder = ponderMove(pos, res.PV)
			}
			return []string{finalInfoLine(res, !slices.Equal(res.PV, last)), bestMovePonderLine(res.Move, ponder)}
		},
	})
	return nil
}

// currMoveAfter is how long a search runs before it shows currmove lines,
// and currMoveEvery the least time between two of them: as Stockfish, none
// in the first 3 seconds, when iterations come fast and the lines would
// only flood the GUI; then at most four a second, the root move the
// search has reached when the line is due.
const (
	currMoveAfter = 3 * time.Second
	currMoveEvery = 250 * time.Millisecond
)

// ponderMove returns the move bestmove offers to ponder on: the reply the
// search expects to its move pv[0], pv[1], when it is legal after pv[0] in
// p; else NoMove.
func ponderMove(p surakarta.Position, pv []surakarta.Move) surakarta.Move {
	if len(pv) < 2 {
		return surakarta.NoMove
	}
	m, err := p.Legal(pv[0])
	if err != nil {
		return surakarta.NoMove
	}
	p.PlayUnchecked(m)
	if reply, err := p.Legal(pv[1]); err == nil {
		return reply
	}
	return surakarta.NoMove
}

// allowed returns an error unless m is a legal move of p, and one of
// searchMoves when there are any: a move go allows. NoMove, which a
// search returns only when p has no legal move, is none.
func allowed(p surakarta.Position, m surakarta.Move, searchMoves []surakarta.Move) error {
	if _, err := p.Legal(m); err != nil {
		return err
	}
	if len(searchMoves) > 0 && !slices.ContainsFunc(searchMoves, func(s surakarta.Move) bool { return s.From() == m.From() && s.To() == m.To() }) {
		return fmt.Errorf("%v is not one of searchmoves", m)
	}
	return nil
}

// fallbackMove returns the move bestmove gives when the searcher gave none
// that go allows, and why it is that move: a GUI takes bestmove 0000 for
// a move that is no move, so it is the first move of the last pv the
// search reported, when go allows it, as a stopped engine answers the
// best move it has; or else the first of searchMoves, or else p's first
// legal move, as UCI engines answer when stopped before their first
// iteration. NoMove only when p has no legal move.
func fallbackMove(p surakarta.Position, pv, searchMoves []surakarta.Move) (surakarta.Move, string) {
	if len(pv) > 0 && allowed(p, pv[0], searchMoves) == nil {
		return pv[0], "the first move of the last pv reported"
	}
	if len(searchMoves) > 0 {
		return searchMoves[0], "the first of searchmoves"
	}
	if moves := p.LegalMoves(); len(moves) > 0 {
		return moves[0], "the first legal move"
	}
	return surakarta.NoMove, "0000: no legal move"
}

// query answers query gameover, p1turn and result.
func (s *server) query(args []string) error {
	question, err := parseQuery(args)
	if err != nil {
		return err
	}
	g, err := s.Game()
	if err != nil {
		return err
	}
	answer, err := queryAnswer(g, question)
	if err != nil {
		return err
	}
	s.Out.Lines(responseLine(answer))
	return nil
}

// benchDepth is the depth of bench without an argument: under a second of
// the default engine on the development machine (docs/engine.md).
const benchDepth = 10

// bench handles bench [depth]: it searches the bench positions to depth
// with the engine's searcher, cleared for each, and answers the nodes
// and the speed. With the default engine of cmd/surakarta the node count
// is the same on every machine: the engine's signature.
func (s *server) bench(ctx context.Context, args []string) error {
	if err := s.Idle(ctx); err != nil {
		return err
	}
	depth := min(benchDepth, s.BenchDepth())
	switch len(args) {
	case 0:
	case 1:
		d, err := serve.ParseDepth(args[0], s.BenchDepth())
		if err != nil {
			return fmt.Errorf("bench: %w", err)
		}
		depth = d
	default:
		return errors.New("bench: want at most one argument, a depth")
	}
	nodes, elapsed, err := s.Bench(ctx, benchPositions, depth)
	if err != nil {
		return fmt.Errorf("bench: %w", err)
	}
	s.Out.Lines(benchLine(nodes, elapsed))
	return nil
}

// eval handles eval: the evaluator's score of the position for the side
// to move, with its chances of a win, a draw and a loss.
func (s *server) eval(ctx context.Context) error {
	if s.e.Evaluator == nil {
		return errors.New("eval: this engine does not show its evaluation")
	}
	if err := s.Idle(ctx); err != nil {
		return err
	}
	g, err := s.Game()
	if err != nil {
		return fmt.Errorf("eval: %w", err)
	}
	s.Ready()
	ev := s.e.Evaluator()
	if ev == nil {
		return errors.New("eval: the engine gave no evaluator")
	}
	p := g.Position()
	s.Out.Lines(evalLine(p, ev.Evaluate(&p)))
	return nil
}

// perft handles perft N: in the background, a line for each legal move
// as its count is done, then the total; stop ends it early.
func (s *server) perft(ctx context.Context, args []string) error {
	if err := s.Idle(ctx); err != nil {
		return err
	}
	if len(args) != 1 {
		return errors.New("perft: want a depth, such as perft 4")
	}
	depth, err := serve.ParseDepth(args[0], s.PerftDepth())
	if err != nil {
		return fmt.Errorf("perft: %w", err)
	}
	if _, err := s.Game(); err != nil {
		return fmt.Errorf("perft: %w", err)
	}
	s.StartPerft(depth, perftMoveLine, func(total uint64, stopped bool) []string {
		if stopped {
			return []string{infoStringLine(perftStopped)}
		}
		return []string{perftTotalLine(total)}
	})
	return nil
}
