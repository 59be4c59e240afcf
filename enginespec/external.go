package enginespec

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os/exec"
	"slices"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/gtp"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/ugi"
)

// Forfeit is the error of a search that loses its game, where any other
// error of a search is a failure that stops whatever plays it. The
// searchers of external engines (see Parse) return it, wrapped, when
// their program answers an illegal or unreadable move, exits, or does not
// answer in time, so that a broken program loses a game rather than
// stopping a match. Any Searcher may return it.
//
// Package match's Run ends such a game with the other side the winner,
// records why and goes on with the match: a game lost on time (OnTime)
// ends as Game.ForfeitOnTime ends it, with the record's Reason "time
// forfeit"; any other forfeit leaves the game as it was and gives the
// record the Reason "forfeit: " followed by Forfeit.Reason. Either way
// the record has a Forfeit header that names the side, the engine, the
// ply and the position, and the error.
type Forfeit struct {
	// Reason says in a few words how the game was lost, such as
	// "illegal move" or "crash".
	Reason string
	// OnTime is set when the game was lost on time.
	OnTime bool
	// Err says what happened.
	Err error
}

// Error returns the reason and the error.
func (f *Forfeit) Error() string {
	if f.Err == nil {
		return "forfeit: " + f.Reason
	}
	return "forfeit: " + f.Reason + ": " + f.Err.Error()
}

// Unwrap returns Err.
func (f *Forfeit) Unwrap() error { return f.Err }

// The reasons of the forfeits of external engines.
const (
	forfeitIllegal = "illegal move"    // a legal-looking move the rules refuse
	forfeitCrash   = "crash"           // the program exited or closed its pipes
	forfeitAnswer  = "bad answer"      // an answer that does not read, or an error
	forfeitTime    = "no move in time" // (OnTime)
)

// Defaults of an external engine's timeout: the time it may take beyond
// Limits.MoveTime or its time left on the clock, when the limits have a
// MoveTime or a Clock and when they have neither (a search to a depth or
// a number of nodes).
const (
	defaultMoveTimeout  = 2 * time.Second
	defaultOtherTimeout = time.Minute
	startTimeout        = 10 * time.Second // added to the timeout for starting
)

// externalSpec describes an external engine: its protocol, its command
// line and its settings.
type externalSpec struct {
	protocol string   // "ugi" or "gtp"
	argv     []string // the program and its arguments
	timeout  time.Duration
	options  [][2]string // UGI options: name, value
}

// parseExternal parses the spec of an external engine,
// "PROTOCOL[,SETTING...]:COMMAND", whose head (before the first colon)
// starts with ugi or gtp.
func parseExternal(spec, head, command string) (Engine, error) {
	quoted := clip.Text(spec)
	settings := strings.Split(head, ",")
	x := &externalSpec{protocol: strings.ToLower(strings.TrimSpace(settings[0]))}
	name := strings.TrimSpace(spec)
	seen := make(map[string]bool)
	for _, s := range settings[1:] {
		key, value, ok := strings.Cut(s, "=")
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if !ok || key == "" || value == "" {
			return Engine{}, invalid("enginespec: engine %q: setting %q: want name=value", quoted, clip.Text(s))
		}
		if seen[strings.ToLower(key)] {
			return Engine{}, invalid("enginespec: engine %q: setting %q given twice", quoted, clip.Text(key))
		}
		seen[strings.ToLower(key)] = true
		switch {
		case key == "name":
			name = value
		case key == "timeout":
			d, err := time.ParseDuration(value)
			if err != nil || d <= 0 {
				return Engine{}, invalid("enginespec: engine %q: timeout %q: want a positive duration such as 2s", quoted, clip.Text(value))
			}
			x.timeout = d
		case strings.HasPrefix(key, "option."):
			if x.protocol != "ugi" {
				return Engine{}, invalid("enginespec: engine %q: option settings are for UGI engines only (GTP has no standard way to set options: give the program arguments)", quoted)
			}
			opt := strings.TrimSpace(strings.TrimPrefix(key, "option."))
			if opt == "" {
				return Engine{}, invalid("enginespec: engine %q: setting %q names no option", quoted, clip.Text(key))
			}
			x.options = append(x.options, [2]string{opt, value})
		default:
			return Engine{}, invalid("enginespec: engine %q: unknown setting %q (want name, timeout or option.NAME)", quoted, clip.Text(key))
		}
	}
	argv, err := splitCommand(command)
	if err != nil {
		return Engine{}, invalid("enginespec: engine %q: %w", quoted, err)
	}
	if len(argv) == 0 {
		return Engine{}, invalid("enginespec: engine %q: no program after the colon", quoted)
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return Engine{}, invalid("enginespec: engine %q: program %q: %w", quoted, clip.Text(argv[0]), execCause(err))
	}
	x.argv = argv
	e := Engine{Name: name, New: func() surakarta.Searcher { return &externalSearcher{spec: x, newGame: true} }}
	for _, o := range x.options {
		if strings.EqualFold(o[0], "Book") && o[1] != "<empty>" {
			e.Book = o[1]
		}
	}
	return e, nil
}

// execCause returns the cause of an error of package exec, which quotes
// the whole program name, so that an error message stays short.
func execCause(err error) error {
	var e *exec.Error
	if errors.As(err, &e) {
		return e.Err
	}
	var p *fs.PathError
	if errors.As(err, &p) {
		return p.Err
	}
	return err
}

// splitCommand splits a command line into words at spaces and tabs; a
// word may be quoted, whole or in part, with '…' or "…" to hold spaces,
// commas or the other quote (there are no escapes).
func splitCommand(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote byte
	// Byte by byte: the quotes, spaces and tabs are ASCII, and the other
	// bytes, which need not be UTF-8 in a file name, are kept as they are.
	for i := 0; i < len(s); i++ {
		b := s[i]
		switch {
		case quote != 0:
			if b == quote {
				quote = 0
			} else {
				word.WriteByte(b)
			}
		case b == '\'' || b == '"':
			quote, inWord = b, true
		case b == ' ' || b == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteByte(b)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("command %q: a quote %c is not closed", clip.Text(s), quote)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// externalSearcher is the searcher of an external engine: it plays
// through a client of package ugi or gtp, whose program it starts on its
// first search and ends when it is closed, or when the program fails.
// Like every searcher it is not safe for concurrent use.
type externalSearcher struct {
	spec    *externalSpec
	ugi     *ugi.Client // the program, when it runs: UGI's client
	gtp     *gtp.Client // or GTP's
	newGame bool        // the next search starts a new game: Clear was called

	// GTP: the game the program has, as far as it follows g.
	gtpStart surakarta.Position
	gtpMoves []surakarta.Move
	gtpTime  time.Duration // the time per move set with time_settings
	gtpClock bool          // time_settings set the clock's time
}

// errNoAnswer is the cause of the context of a move whose time is up: the
// program did not answer in time.
var errNoAnswer = errors.New("no answer in time")

// Search asks the program for a move in g's position and checks it with
// the rules. Its error wraps *Forfeit when the program failed, and
// otherwise reports an invalid call (checked first, as every searcher of
// the module checks it, by surakarta.CheckSearch, before the program is
// started), a program that could not be started, or ctx done before the
// program answered.
func (s *externalSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if err := surakarta.CheckSearch(ctx, g, lim); err != nil {
		return surakarta.Result{}, err
	}
	switch {
	case lim.Ponder != nil:
		// Its move's deadline would end the pondering: a program ponders
		// through ugi.Client.
		return surakarta.Result{}, fmt.Errorf("%w: an engine program's searcher does not ponder (Limits.Ponder): use ugi.Client", surakarta.ErrInvalidLimits)
	case lim.Mate > 0 && s.spec.protocol == "gtp":
		return surakarta.Result{}, fmt.Errorf("%w: Mate %d: GTP has no search for a win within a number of moves", surakarta.ErrInvalidLimits, lim.Mate)
	}
	start := time.Now()
	timeout := s.timeout(lim, g.Position().SideToMove())
	allowed := timeout
	if s.ugi == nil && s.gtp == nil {
		allowed += startTimeout
	}
	// The move's own deadline, with a cause of its own: a program that
	// misses it loses on time, while ctx done is the match stopping.
	mctx, cancel := context.WithDeadlineCause(ctx, start.Add(allowed), fmt.Errorf("%w (%v allowed)", errNoAnswer, timeout))
	defer cancel()
	if s.ugi == nil && s.gtp == nil {
		if err := s.start(mctx); err != nil {
			return surakarta.Result{}, s.fail(ctx, err, "starting")
		}
	}
	var res surakarta.Result
	var err error
	if s.gtp != nil {
		res, err = s.gtpSearch(mctx, g, lim)
	} else {
		res, err = s.ugiSearch(mctx, g, lim)
	}
	if err != nil {
		return surakarta.Result{}, s.fail(ctx, err, "")
	}
	res.Time = time.Since(start)
	return res, nil
}

// start starts the program and, for UGI, sets its options. The error of
// a program that cannot be started is no *Forfeit.
func (s *externalSearcher) start(ctx context.Context) error {
	name, args := s.spec.argv[0], s.spec.argv[1:]
	var err error
	if s.spec.protocol == "gtp" {
		s.gtp, err = gtp.Start(ctx, name, args...)
		s.gtpMoves, s.gtpTime, s.gtpClock = nil, 0, false
	} else {
		s.ugi, err = ugi.Start(ctx, name, args...)
	}
	s.newGame = true
	if err != nil {
		if ctx.Err() == nil && !errors.Is(err, ugi.ErrExited) && !errors.Is(err, ugi.ErrProtocol) {
			return &startError{fmt.Errorf("starting %q: %w", clip.Text(name), execCause(err))}
		}
		return err
	}
	for _, opt := range s.spec.options {
		if err := s.ugi.SetOption(ctx, opt[0], opt[1]); err != nil {
			return err
		}
	}
	return nil
}

// startError is the error of a program that could not be started: the
// match fails, no game is forfeited.
type startError struct{ err error }

func (e *startError) Error() string { return e.err.Error() }
func (e *startError) Unwrap() error { return e.err }

// timeout returns how long a move by side may take under lim: its time
// to think (MoveTime, or with a clock its time left) and the margin.
func (s *externalSearcher) timeout(lim surakarta.Limits, side surakarta.Color) time.Duration {
	margin := s.spec.timeout
	switch {
	case margin > 0:
	case lim.MoveTime > 0 || lim.Clock.IsSet():
		margin = defaultMoveTimeout
	default:
		margin = defaultOtherTimeout
	}
	think := lim.MoveTime
	if lim.Clock.IsSet() {
		think, _ = lim.Clock.Left(side)
	} else if think == 0 && lim.Depth == 0 && lim.Nodes == 0 && lim.Mate == 0 {
		think = surakarta.DefaultMoveTime
	}
	return think + margin
}

// ugiSearch sends the game and go, and returns the result of the search.
func (s *externalSearcher) ugiSearch(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if s.newGame {
		if err := s.ugi.NewGame(ctx); err != nil {
			return surakarta.Result{}, err
		}
		s.newGame = false
	}
	if err := s.ugi.Position(ctx, g.StartPosition(), g.Moves()); err != nil {
		return surakarta.Result{}, err
	}
	res, err := s.ugi.Go(ctx, ugi.GoParams{Limits: lim}, lim.Progress)
	if err != nil {
		return surakarta.Result{}, err
	}
	m, err := checkMove(g, res.Move)
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

// gtpSearch brings the program's game up to g's and asks it for a move.
func (s *externalSearcher) gtpSearch(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	moves := g.Moves()
	follows := !s.newGame && s.gtpMoves != nil && s.gtpStart == g.StartPosition() &&
		len(s.gtpMoves) <= len(moves) && slices.Equal(s.gtpMoves, moves[:len(s.gtpMoves)])
	if !follows {
		if err := s.gtp.ClearBoard(ctx); err != nil {
			return surakarta.Result{}, err
		}
		if start := g.StartPosition(); start != surakarta.NewPosition() {
			if err := s.gtp.SetPosition(ctx, start); err != nil {
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
			if err := s.gtp.TimeSettings(ctx, max(c.Black, c.White), 0, 0); err != nil {
				return surakarta.Result{}, err
			}
			s.gtpClock, s.gtpTime = true, 0
		}
	} else if t := lim.MoveTime; t > 0 && t%time.Second == 0 && (t != s.gtpTime || s.gtpClock) {
		s.gtpClock = false
		if err := s.gtp.TimeSettings(ctx, 0, t, 1); err != nil {
			return surakarta.Result{}, err
		}
		s.gtpTime = t
	}
	positions := g.Positions()
	for i := len(s.gtpMoves); i < len(moves); i++ {
		if err := s.gtp.Play(ctx, positions[i].SideToMove(), moves[i]); err != nil {
			return surakarta.Result{}, err
		}
		s.gtpMoves = append(s.gtpMoves, moves[i])
	}
	if c := lim.Clock; c.IsSet() {
		left, _ := c.Left(side)
		if err := s.gtp.TimeLeft(ctx, side, left, c.MovesToGo); err != nil {
			return surakarta.Result{}, err
		}
	}
	answer, err := s.gtp.GenMove(ctx, side)
	if err != nil {
		return surakarta.Result{}, err
	}
	m, err := checkMove(g, answer)
	if err != nil {
		return surakarta.Result{}, err
	}
	s.gtpMoves = append(s.gtpMoves, m) // genmove plays the move in the program's game
	return surakarta.Result{Move: m, PV: []surakarta.Move{m}}, nil
}

// fail turns the error of a conversation with the program into Search's
// error: a *Forfeit for the program's failures (crash for a program that
// exited, no move in time for one that missed its move's deadline, bad
// answer for a protocol fault or a refused command), ctx's error when the
// match is stopping, and a program that could not be started as it is.
// Either way the program is ended, since it is in an unknown state.
func (s *externalSearcher) fail(ctx context.Context, err error, while string) error {
	s.close()
	var start *startError
	if errors.As(err, &start) {
		return start.err
	}
	if ctx.Err() != nil && !errors.Is(err, errNoAnswer) && errors.Is(err, context.Cause(ctx)) {
		return err
	}
	if while != "" {
		err = fmt.Errorf("%s: %w", while, err)
	}
	var f *Forfeit
	switch {
	case errors.Is(err, errNoAnswer):
		return &Forfeit{Reason: forfeitTime, OnTime: true, Err: err}
	case errors.As(err, &f):
		return err
	case errors.Is(err, ugi.ErrExited):
		return &Forfeit{Reason: forfeitCrash, Err: err}
	}
	return &Forfeit{Reason: forfeitAnswer, Err: err} // ErrProtocol, and a command refused
}

// close ends the program, if it runs: it sends quit, and kills the
// program if it does not end within a second (at once when the program
// is no longer in step with its client).
func (s *externalSearcher) close() {
	switch {
	case s.ugi != nil:
		s.ugi.Close() // the game is over for it: nothing to do about an error
	case s.gtp != nil:
		s.gtp.Close()
	}
	s.ugi, s.gtp = nil, nil
}

// Clear makes the next search start a new game.
func (s *externalSearcher) Clear() { s.newGame = true }

// Close ends the program, asking it to quit first; a search after Close
// starts it again.
func (s *externalSearcher) Close() error {
	s.close()
	return nil
}

// checkMove checks the move a program answered, its squares, with the
// rules in g's position (Search has refused a finished game), returning
// the legal move with its capture bit.
func checkMove(g *surakarta.Game, m surakarta.Move) (surakarta.Move, error) {
	if m == surakarta.NoMove {
		return 0, &Forfeit{Reason: forfeitAnswer, Err: errors.New("no move (0000) in a game that goes on")}
	}
	legal, err := g.Position().Legal(m)
	if err != nil {
		return 0, &Forfeit{Reason: forfeitIllegal, Err: fmt.Errorf("%q: %w", m.String(), err)}
	}
	return legal, nil
}
