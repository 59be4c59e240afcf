package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os/exec"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// Forfeit is the error of a search that loses its game instead of failing
// the match: Run ends the game with the other side the winner, records
// why, and goes on with the match. The searchers of external engines
// (see ParseEngine) return it, wrapped, when their program answers an
// illegal or unreadable move, exits, or does not answer in time; any
// Searcher may return it.
//
// A game lost on time ends as Game.ForfeitOnTime ends it (the record's
// Reason is "time forfeit"); any other forfeit leaves the game as it was
// and gives the record the Reason "forfeit: " followed by Forfeit.Reason.
// Either way the record has a Forfeit header that names the side, the
// engine, the ply and the position, and the error; Run also writes it to
// Config.Progress.
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
	forfeitClock   = "out of time"     // Run's clock ran out (OnTime)
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
			return Engine{}, fmt.Errorf("match: engine %q: setting %q: want name=value", quoted, clip.Text(s))
		}
		if seen[strings.ToLower(key)] {
			return Engine{}, fmt.Errorf("match: engine %q: setting %q given twice", quoted, clip.Text(key))
		}
		seen[strings.ToLower(key)] = true
		switch {
		case key == "name":
			name = value
		case key == "timeout":
			d, err := time.ParseDuration(value)
			if err != nil || d <= 0 {
				return Engine{}, fmt.Errorf("match: engine %q: timeout %q: want a positive duration such as 2s", quoted, clip.Text(value))
			}
			x.timeout = d
		case strings.HasPrefix(key, "option."):
			if x.protocol != "ugi" {
				return Engine{}, fmt.Errorf("match: engine %q: option settings are for UGI engines only (GTP has no standard way to set options: give the program arguments)", quoted)
			}
			opt := strings.TrimSpace(strings.TrimPrefix(key, "option."))
			if opt == "" {
				return Engine{}, fmt.Errorf("match: engine %q: setting %q names no option", quoted, clip.Text(key))
			}
			x.options = append(x.options, [2]string{opt, value})
		default:
			return Engine{}, fmt.Errorf("match: engine %q: unknown setting %q (want name, timeout or option.NAME)", quoted, clip.Text(key))
		}
	}
	argv, err := splitCommand(command)
	if err != nil {
		return Engine{}, fmt.Errorf("match: engine %q: %w", quoted, err)
	}
	if len(argv) == 0 {
		return Engine{}, fmt.Errorf("match: engine %q: no program after the colon", quoted)
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return Engine{}, fmt.Errorf("match: engine %q: program %q: %w", quoted, clip.Text(argv[0]), execCause(err))
	}
	x.argv = argv
	return Engine{Name: name, New: func() surakarta.Searcher { return &externalSearcher{spec: x, newGame: true} }}, nil
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
// through a program that it starts on its first search and ends when it
// is closed, or when the program fails. Like every searcher it is not
// safe for concurrent use.
type externalSearcher struct {
	spec    *externalSpec
	prog    *program
	newGame bool // the next search starts a new game: Clear was called

	// GTP: the game the program has, as far as it follows g.
	gtpStart surakarta.Position
	gtpMoves []surakarta.Move
	gtpTime  time.Duration // the time per move set with time_settings
	gtpClock bool          // time_settings set the clock's time
}

// Search asks the program for a move in g's position and checks it with
// the rules. Its error wraps *Forfeit when the program failed, and
// otherwise reports an invalid call, a program that could not be
// started, or ctx done before the program answered.
func (s *externalSearcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if err := lim.Validate(); err != nil {
		return surakarta.Result{}, err
	}
	if o := g.Outcome(); o.Over {
		return surakarta.Result{}, fmt.Errorf("%w: %v", surakarta.ErrGameOver, o)
	}
	start := time.Now()
	if s.prog == nil {
		prog, err := startProgram(s.spec.argv)
		if err != nil {
			return surakarta.Result{}, fmt.Errorf("starting %q: %w", clip.Text(s.spec.argv[0]), execCause(err))
		}
		s.prog, s.newGame = prog, true
		s.gtpMoves, s.gtpTime, s.gtpClock = nil, 0, false
		if err := s.handshake(ctx, start.Add(startTimeout+s.timeout(lim, g.Position().SideToMove()))); err != nil {
			return surakarta.Result{}, s.fail(err, "starting")
		}
	}
	var res surakarta.Result
	var err error
	if s.spec.protocol == "gtp" {
		res, err = s.gtpSearch(ctx, g, lim)
	} else {
		res, err = s.ugiSearch(ctx, g, lim)
	}
	if err != nil {
		if errors.Is(err, errNoAnswer) {
			err = fmt.Errorf("%w (%v allowed)", err, s.timeout(lim, g.Position().SideToMove()))
		}
		return surakarta.Result{}, s.fail(err, "")
	}
	res.Time = time.Since(start)
	return res, nil
}

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
	} else if think == 0 && lim.Depth == 0 && lim.Nodes == 0 {
		think = surakarta.DefaultMoveTime
	}
	return think + margin
}

// handshake starts the protocol with a new program.
func (s *externalSearcher) handshake(ctx context.Context, deadline time.Time) error {
	if s.spec.protocol == "gtp" {
		_, err := s.gtpCommand(ctx, deadline, "protocol_version")
		return err
	}
	return s.ugiHandshake(ctx, deadline)
}

// fail turns the error of a conversation with the program into Search's
// error: ctx's error as it is, and every other failure into a *Forfeit.
// Either way the program is ended, since it is in an unknown state.
func (s *externalSearcher) fail(err error, while string) error {
	if s.prog != nil {
		s.prog.close(false)
		s.prog = nil
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	if while != "" {
		err = fmt.Errorf("%s: %w", while, err)
	}
	var f *Forfeit
	switch {
	case errors.As(err, &f):
		return err
	case errors.Is(err, errNoAnswer):
		return &Forfeit{Reason: forfeitTime, OnTime: true, Err: err}
	case errors.Is(err, errExited), errors.Is(err, errWrite):
		return &Forfeit{Reason: forfeitCrash, Err: err}
	}
	return &Forfeit{Reason: forfeitAnswer, Err: err}
}

// Clear makes the next search start a new game.
func (s *externalSearcher) Clear() { s.newGame = true }

// Close ends the program, asking it to quit first; a search after Close
// starts it again.
func (s *externalSearcher) Close() error {
	if s.prog != nil {
		s.prog.close(true)
		s.prog = nil
	}
	return nil
}

// checkMove parses the move a program answered and checks it with the
// rules in g's position (Search has refused a finished game), returning
// the legal move with its capture bit.
func checkMove(g *surakarta.Game, text string) (surakarta.Move, error) {
	m, err := surakarta.ParseMove(text)
	if err != nil {
		return 0, &Forfeit{Reason: forfeitAnswer, Err: fmt.Errorf("move %q does not read: %w", clip.Text(text), err)}
	}
	legal, err := g.Position().Legal(m)
	if err != nil {
		return 0, &Forfeit{Reason: forfeitIllegal, Err: fmt.Errorf("%q: %w", clip.Text(text), err)}
	}
	return legal, nil
}

// movesText returns moves in the library's notation, separated by spaces.
func movesText(moves []surakarta.Move) string {
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = m.String()
	}
	return strings.Join(texts, " ")
}

// forfeitHeader is the header of a record that tells who forfeited the
// game, where and why.
const forfeitHeader = "Forfeit"

// forfeitNote is a forfeit of a game not yet recorded.
type forfeitNote struct {
	onTime bool
	reason string // the record's Reason, for a forfeit not on time
	text   string // the Forfeit header
}

// forfeitGame ends game g, in which side c, playing engine name, has
// forfeited with f, and returns what its record will say.
func forfeitGame(g *surakarta.Game, c surakarta.Color, name string, f *Forfeit) forfeitNote {
	note := forfeitNote{
		onTime: f.OnTime,
		reason: "forfeit: " + f.Reason,
		text: headerText(fmt.Sprintf("%v (%s) forfeits at ply %d, position %s: %v",
			c, name, g.Ply(), g.Position(), f.Err)),
	}
	if f.OnTime {
		g.ForfeitOnTime(c) // the game is not over: Run asked for a move
	}
	return note
}

// mark writes the forfeit into the record of its game: the Forfeit
// header and, for a forfeit not on time (which ended the game), the
// result and the reason.
func (note forfeitNote) mark(rec *surakarta.Record) {
	rec.Headers = append(rec.Headers, surakarta.Header{Name: forfeitHeader, Value: note.text})
	if note.onTime {
		return
	}
	loser := rec.Game.Position().SideToMove()
	rec.Result = surakarta.Outcome{Over: true, Winner: loser.Other()}.Result()
	rec.Reason = note.reason
}

// maxHeaderText is the longest text a Forfeit header holds.
const maxHeaderText = 300

// headerText makes text fit for a record's header: valid UTF-8 without
// control characters, at most maxHeaderText bytes.
func headerText(text string) string {
	return clip.To(strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(text, "?")), maxHeaderText)
}

// closeSearchers closes the searchers that implement io.Closer.
func closeSearchers(searchers *[2]surakarta.Searcher) {
	for _, s := range searchers {
		if c, ok := s.(io.Closer); ok {
			c.Close() // the game is over: nothing to do about an error
		}
	}
}
