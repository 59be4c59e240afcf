package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/internal/oneline"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// Engine is what Serve serves.
type Engine struct {
	Name, Version string // the answers to name and version
	// Searcher returns the searcher for the next genmove: Serve calls it
	// before each genmove, and calls Clear on what it returned last at
	// clear_board and boardsize, in a goroutine of its own (a large table
	// takes seconds to clear), never while Searcher or SetOption runs:
	// the next genmove or surakarta-setoption of the engine waits for it.
	// It may return the same searcher every time (which keeps what it
	// learnt) or a new one after an option changed. It must not be nil.
	Searcher func() surakarta.Searcher
	// SetOption sets an engine option by surakarta-setoption (the server
	// handles its own: MoveOverhead, QuietPlyLimit, RepetitionLimit,
	// MultiPV); an
	// error refuses the value and changes nothing. nil: the engine has
	// none.
	SetOption func(name, value string) error
	// MoveTime is a move's time when no time_settings limit the game; 0
	// means surakarta.DefaultMoveTime.
	MoveTime time.Duration
	// StopGrace is how long genmove waits for the searcher to return
	// once ctx is done before it answers without it, so that a searcher
	// that does not look at its context cannot keep Serve from
	// returning. 0 means DefaultStopGrace; it must not be negative.
	StopGrace time.Duration
}

// ErrInvalidEngine is wrapped by the error of Serve for an Engine it
// cannot serve: one without a Searcher, or with a negative StopGrace.
var ErrInvalidEngine = errors.New("gtp: invalid engine")

// DefaultStopGrace is the default of Engine.StopGrace, half a second:
// ample for a searcher that looks at its context, as the library's return
// within milliseconds.
const DefaultStopGrace = serve.DefaultStopGrace

// Serve runs e over GTP: reads commands from r, answers each on w, until
// quit or the end of r; ctx done stops it too, and the search of a
// genmove with it. Returns nil at quit or the end of input, else r's
// error or ctx's, or w's when a write failed (Serve stops then), or an
// error wrapping ErrInvalidEngine at once when e has no Searcher or a
// negative StopGrace.
//
// A command that fails is answered "? error" and changes nothing. The
// game starts at the start position under the server's rules, which
// surakarta-setoption sets (QuietPlyLimit and RepetitionLimit, the
// Olympiad's 50 and 2 by default, apply from the next clear_board or
// surakarta-position); genmove searches for MoveTime, or on the clock of
// time_settings and time_left less MoveOverhead (default 20 ms).
//
// Serve does not trust the searcher, so that a faulty one cannot hang or
// crash the program: genmove answers "?" when Search panics, when it
// returns a move that is not legal, or, once ctx is done, when it has not
// returned within e.StopGrace (it goes on running after Serve returns,
// and its searcher is not called again until it returns); a panic of
// Clear fails the next genmove.
func Serve(ctx context.Context, r io.Reader, w io.Writer, e Engine) error {
	return serveCapped(ctx, r, w, e, serve.Caps{})
}

// server is an engine served over GTP.
type server struct {
	*serve.Server
	e     Engine
	clock clock
}

// newServer returns a server of e writing to w, or an error if e is not
// valid.
func newServer(w io.Writer, e Engine, caps serve.Caps) (*server, error) {
	if e.Searcher == nil {
		return nil, fmt.Errorf("%w: Engine.Searcher is nil", ErrInvalidEngine)
	}
	if e.StopGrace < 0 {
		return nil, fmt.Errorf("%w: Engine.StopGrace is negative", ErrInvalidEngine)
	}
	if e.MoveTime <= 0 {
		e.MoveTime = surakarta.DefaultMoveTime
	}
	s := &server{Server: serve.New(w, e.Searcher, caps), e: e}
	s.StopGrace = e.StopGrace
	return s, nil
}

// serveCapped is Serve with caps on the searches, for tests and fuzzing.
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
			s.Out.Lines(answerLines("", "", err)...)
		case err == io.EOF:
			return s.Out.Err()
		case err != nil:
			return err
		default:
			if quit, _ := s.handle(ctx, line); quit {
				return s.Out.Err()
			}
		}
		if err := s.Out.Err(); err != nil {
			return err
		}
	}
}

// handle carries out one line of input and answers it. It reports
// whether the command was quit, and returns the error of a command that
// failed (answered with "?"), which changes nothing.
func (s *server) handle(ctx context.Context, line string) (quit bool, err error) {
	id, name, args, ok := parseCommand(line)
	if !ok {
		return false, nil
	}
	var result string
	if name == "" {
		err = errMissingCommand
	} else {
		result, err = s.command(ctx, name, args)
	}
	s.Out.Lines(answerLines(id, result, err)...)
	return name == cmdQuit && err == nil, err
}

// command carries out a command and returns its result.
func (s *server) command(ctx context.Context, name string, args []string) (string, error) {
	g, _ := s.Game() // GTP always has a game: no command drops it
	switch name {
	case cmdProtocolVersion:
		return protocolVersion, nil
	case cmdName:
		return s.e.Name, nil
	case cmdVersion:
		return s.e.Version, nil
	case cmdKnownCommand:
		if len(args) != 1 {
			return "", errSyntax
		}
		return strconv.FormatBool(slices.Contains(commands, args[0])), nil
	case cmdListCommands:
		return strings.Join(commands, "\n"), nil
	case cmdQuit:
		return "", nil
	case cmdBoardSize:
		if len(args) != 1 {
			return "", errSyntax
		}
		if n, err := strconv.Atoi(args[0]); err != nil {
			return "", errSyntax
		} else if n != 6 {
			return "", errUnacceptable
		}
		s.newGame()
		return "", nil
	case cmdClearBoard:
		s.newGame()
		return "", nil
	case cmdClearCache:
		s.ClearSearcher()
		return "", nil
	case cmdKomi:
		if len(args) != 1 {
			return "", errSyntax
		}
		// A GTP float is a decimal number: not NaN or an infinity,
		// which ParseFloat reads too.
		if x, err := strconv.ParseFloat(args[0], 64); err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return "", errSyntax
		}
		return "", nil // Surakarta has no komi
	case cmdPlay:
		return "", s.play(g, args)
	case cmdGenMove:
		return s.genMove(ctx, g, args)
	case cmdUndo:
		if err := g.Undo(); err != nil {
			return "", errCannotUndo
		}
		return "", nil
	case cmdShowBoard:
		return showBoard(g), nil
	case cmdFinalScore:
		return finalScore(g)
	case cmdTimeSettings:
		main, byoTime, stones, err := parseTimeSettings(args)
		if err != nil {
			return "", err
		}
		s.clock = newClock(main, byoTime, stones)
		return "", nil
	case cmdTimeLeft:
		c, left, stones, err := parseTimeLeft(args)
		if err != nil {
			return "", err
		}
		s.clock.left[c], s.clock.stones[c] = left, stones
		return "", nil
	case cmdPosition:
		if len(args) == 0 {
			return g.Position().String(), nil
		}
		start, moves, err := parsePositionArgs(args)
		if err != nil {
			return "", err
		}
		g, err := s.GameFrom(start, moves)
		if err != nil {
			return "", fmt.Errorf("position: %w", err)
		}
		s.SetGame(g)
		return "", nil
	case cmdSetOption:
		return "", s.setOption(args)
	case cmdLegalMoves:
		return oneline.Moves(g.LegalMoves()), nil
	case cmdOutcome:
		return g.Outcome().String(), nil
	}
	return "", errUnknownCommand
}

// newGame starts a game from the start position, with the clocks reset.
func (s *server) newGame() {
	s.NewGame()
	s.clock.reset()
}

// setOption handles surakarta-setoption NAME VALUE: one of the server's
// options, or else the engine's.
func (s *server) setOption(args []string) error {
	if len(args) < 2 {
		return fmt.Errorf("%w: want %s NAME VALUE", errSyntax, cmdSetOption)
	}
	name, value := args[0], strings.Join(args[1:], " ")
	if found, err := s.Settings.Set(name, value); found {
		return err
	}
	if s.e.SetOption == nil {
		names := make([]string, 0, 3)
		for _, o := range serve.Options() {
			names = append(names, o.Name)
		}
		return fmt.Errorf("unknown option %q (options: %s)", clip.Text(name), strings.Join(names, ", "))
	}
	s.Ready() // the engine's options change its searcher
	return s.e.SetOption(name, value)
}

// play handles play COLOR MOVE.
func (s *server) play(g *surakarta.Game, args []string) error {
	if len(args) != 2 {
		return fmt.Errorf("%w: want %s COLOR MOVE", errSyntax, cmdPlay)
	}
	c, err := parseColor(args[0])
	if err != nil {
		return err
	}
	if o := g.Outcome(); o.Over {
		return fmt.Errorf("illegal move: the game is over: %v", o)
	}
	if side := g.Position().SideToMove(); c != side {
		return fmt.Errorf("illegal move: it is %v's turn", side)
	}
	m, err := surakarta.ParseMove(args[1])
	if err != nil {
		return fmt.Errorf("%w: %w", errSyntax, err)
	}
	return g.Play(m) // "illegal move: …"
}

// genMove handles genmove COLOR: it searches, plays and answers the move.
func (s *server) genMove(ctx context.Context, g *surakarta.Game, args []string) (string, error) {
	if len(args) != 1 {
		return "", fmt.Errorf("%w: want %s COLOR", errSyntax, cmdGenMove)
	}
	c, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	if o := g.Outcome(); o.Over {
		return "", fmt.Errorf("the game is over: %v", o)
	}
	if side := g.Position().SideToMove(); c != side {
		return "", fmt.Errorf("it is %v's turn", side)
	}
	start := time.Now()
	res, err := s.SearchNow(ctx, s.clock.limits(c, s.e.MoveTime))
	if err != nil {
		return "", err // the searcher failed: the game is not over
	}
	if err := g.Play(res.Move); err != nil {
		return "", fmt.Errorf("the searcher's move: %w", err)
	}
	s.clock.spend(c, time.Since(start))
	return res.Move.String(), nil
}
