package ugi

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/process"
)

// Errors of a Client. ErrExited and ErrProtocol are the same values as
// package gtp's.
var (
	// ErrExited is wrapped by an error when the engine has gone: its
	// output ended or it takes no more input. For a program, the error
	// says its exit status and how its standard error ends.
	ErrExited = process.ErrExited
	// ErrProtocol is wrapped by an error when the engine broke the
	// protocol: it answered what was not asked (a second bestmove, a
	// bestmove after position), answered something that does not read,
	// wrote a line longer than 4 KiB ("line too long"), or did not
	// take stop or answer it.
	ErrProtocol = process.ErrProtocol
	// ErrRefused is wrapped by the error of a command that the engine
	// refused, with an "info string error: …" line before its answer to
	// the isready that follows the command.
	ErrRefused = errors.New("ugi: refused")
	// ErrInvalidCommand is wrapped by the error of a command the Client
	// does not send, for an argument of the caller's: a question of
	// Query that is not one word, or a name or value that holds a line
	// break, which would end the command early. The client is not broken
	// by it.
	ErrInvalidCommand = errors.New("ugi: invalid command")
)

// maxOptions is the most options a Client keeps from the answer to ugi.
const maxOptions = 1024

// Client drives a UGI engine: a program it started, or a server at the
// other end of a reader and a writer. Its methods send a command and wait
// for the answer, until their context is done.
//
// After each command that the engine may refuse or answer (setoption,
// uginewgame, position, query) the client sends isready, and reads the
// engine's lines up to readyok: an "info string error: …" line among them
// is the command's refusal, other info lines are dropped, and a line that
// answers a command not asked (bestmove, response, readyok, id, option,
// ugiok) is a fault, the command's error wrapping ErrProtocol, never the
// answer to a later command. Lines that are none of these, which UGI asks
// a client to ignore, are ignored. Go sends isready after go as well, and
// waits for both bestmove and readyok. Lines that wait to be read when a
// command is sent came between exchanges: one that answers a command is
// that command's fault too.
//
// While no method waits, nothing reads the engine's output: the client
// holds at most a few lines of it, and an engine that writes more is held
// up until the client reads again. A line longer than 4 KiB breaks the
// client, as a fault of the engine.
//
// A Client is not safe for concurrent use, except that Stop may be called
// while Go waits.
type Client struct {
	conn         *process.Conn
	name, author string
	options      []Option

	// stale counts the readyok lines still to come for exchanges given up
	// on when their context was done: the lines up to each are theirs.
	stale int
	// broken, once set, is the error of every method: the engine's
	// output can no longer be matched to the commands.
	broken error
	// searching is set while Go waits for bestmove.
	searching atomic.Bool
}

// Start starts an engine program, name with the arguments arg, and shakes
// hands with it: ugi, answered by its id and option lines and ugiok, then
// isready and readyok. ctx bounds the start; the program runs until
// Close. An error that wraps neither ErrExited nor ErrProtocol nor ctx's
// is one of starting the program, such as a program not found.
func Start(ctx context.Context, name string, arg ...string) (*Client, error) {
	conn, err := process.Start(name, arg...)
	if err != nil {
		return nil, fmt.Errorf("ugi: starting %s: %w", clip.Text(name), err)
	}
	return handshake(ctx, conn)
}

// Connect shakes hands, as Start does, with an engine that reads commands
// from w and writes its lines to r: a server in the same program, or at
// the other end of a socket. Close closes r and w when they are
// io.Closers.
func Connect(ctx context.Context, r io.Reader, w io.Writer) (*Client, error) {
	return handshake(ctx, process.Wrap(r, w))
}

// handshake makes a Client of conn and shakes hands with its engine,
// killing it when that fails.
func handshake(ctx context.Context, conn *process.Conn) (*Client, error) {
	c := &Client{conn: conn}
	if err := c.hello(ctx); err != nil {
		conn.Kill()
		return nil, err
	}
	return c, nil
}

// hello sends ugi, reads the id and option lines up to ugiok, and waits
// for readyok. Before ugiok any other line, such as a banner, is dropped.
func (c *Client) hello(ctx context.Context) error {
	if err := c.conn.Send(ctx, cmdUGI); err != nil {
		return c.fail(ctx, cmdUGI, err)
	}
	for {
		fields, err := c.next(ctx)
		if err != nil {
			return c.fail(ctx, cmdUGI, err)
		}
		switch fields[0] {
		case ansID:
			switch which, text, _ := parseID(fields[1:]); which {
			case "name":
				c.name = text
			case "author":
				c.author = text
			}
		case ansOption:
			if o, err := parseOption(fields[1:]); err == nil && len(c.options) < maxOptions {
				c.options = append(c.options, o)
			}
		case ansUGIOK:
			return c.roundTrip(ctx, cmdIsReady, nil, nil)
		}
	}
}

// Name returns the engine's name, from its id name line.
func (c *Client) Name() string { return c.name }

// Author returns the engine's author, from its id author line.
func (c *Client) Author() string { return c.author }

// Options returns the engine's options, from its option lines (those that
// do not read are left out).
func (c *Client) Options() []Option {
	opts := slices.Clone(c.options)
	for i := range opts {
		opts[i].Vars = slices.Clone(opts[i].Vars)
	}
	return opts
}

// SetOption sets the option name to value (nothing for a button). The
// error of an option the engine refuses wraps ErrRefused, and that of a
// name or value with a line break ErrInvalidCommand.
func (c *Client) SetOption(ctx context.Context, name, value string) error {
	if err := oneLineArgs("setoption", name, value); err != nil {
		return err
	}
	return c.roundTrip(ctx, "setoption", []string{setOptionCommand(name, value)}, nil)
}

// IsReady sends isready and waits for readyok.
func (c *Client) IsReady(ctx context.Context) error {
	return c.roundTrip(ctx, cmdIsReady, nil, nil)
}

// NewGame tells the engine that the next position is of a new game.
func (c *Client) NewGame(ctx context.Context) error {
	return c.roundTrip(ctx, cmdNewGame, []string{cmdNewGame}, nil)
}

// Position sets the engine's game: start with moves played. The error of a
// game the engine refuses (a move it finds illegal) wraps ErrRefused.
func (c *Client) Position(ctx context.Context, start surakarta.Position, moves []surakarta.Move) error {
	return c.roundTrip(ctx, "position", []string{positionCommand(start, moves)}, nil)
}

// Query asks the engine a question of the query command (QueryGameOver,
// QueryP1Turn, QueryResult) and returns the word of its response. A
// question that is not one word gives an error wrapping
// ErrInvalidCommand.
func (c *Client) Query(ctx context.Context, question string) (string, error) {
	if question == "" || len(strings.Fields(question)) != 1 || question != strings.TrimSpace(question) {
		return "", fmt.Errorf("%w: query %q: want one word", ErrInvalidCommand, clip.Text(question))
	}
	var answer string
	var got bool
	var bad error
	err := c.roundTrip(ctx, "query "+question, []string{queryCommand(question)}, func(fields []string) bool {
		if fields[0] != ansResponse || got {
			return false
		}
		got = true
		answer, bad = parseResponse(fields[1:])
		return true
	})
	switch {
	case err != nil:
		return "", err
	case !got:
		return "", fmt.Errorf("ugi: query %s: %w: no response before readyok", question, ErrProtocol)
	case bad != nil:
		return "", fmt.Errorf("ugi: query %s: %w: %v", question, ErrProtocol, bad)
	}
	return answer, nil
}

// Go sends go with the limits of p and returns when bestmove comes.
//
// The Result's Move is bestmove's as the engine wrote it: its squares,
// with no capture mark (check it with Position.Legal, which gives the
// legal move), or NoMove for 0000, which the engine answers when it has
// no move. Score, Depth and SelDepth come from the engine's last info line
// with a depth and a score (Depth stays 0 when no line had both: the
// engine reported no score), Nodes and PV from the last that had them (the PV's moves
// as the engine wrote them too), and Time is measured from go to
// bestmove. With the engine's MultiPV option above 1, the info lines of
// the lines after the first (multipv 2 and on) give only Nodes and
// Lines: Lines are the lines of the engine's last iteration, in the
// order of their multipv numbers (one line, the iteration's, without
// multipv), and nil when no info line had a depth and a score. progress,
// if not nil, gets each info line with a depth and a score, an iteration's or one of its lines,
// as a surakarta.Info (Info.MultiPV its multipv number, 0 for none), in
// the goroutine that called Go.
//
// When ctx is done first, Go sends stop, waits up to a second for
// bestmove, and returns context.Cause(ctx); an engine that does not
// answer stop in that time leaves the client broken (every method fails;
// Close kills it). Go's error wraps ErrRefused when the engine refused go,
// and ErrProtocol when it answered what was not asked or a bestmove that
// does not read.
func (c *Client) Go(ctx context.Context, p GoParams, progress func(surakarta.Info)) (surakarta.Result, error) {
	if c.broken != nil {
		return surakarta.Result{}, c.broken
	}
	s := &search{progress: progress, rootProgress: p.Limits.RootProgress, start: time.Now()}
	s.unasked = c.pending()
	if err := c.conn.Send(ctx, goCommand(p), cmdIsReady); err != nil {
		return surakarta.Result{}, c.fail(ctx, "go", err)
	}
	c.searching.Store(true)
	if hit := p.Limits.Ponder; hit != nil {
		done := make(chan struct{})
		defer close(done)
		go func() {
			select {
			case <-hit:
				c.PonderHit() // an error is the engine's fault, which Go sees
			case <-done:
			}
		}()
	}
	err := c.await(ctx, s)
	c.searching.Store(false)
	if err != nil {
		if ctx.Err() == nil || !errors.Is(err, context.Cause(ctx)) {
			return surakarta.Result{}, c.fail(ctx, "go", err)
		}
		c.stop(s)
		return surakarta.Result{}, err
	}
	switch {
	case s.unasked != "":
		return surakarta.Result{}, fmt.Errorf("ugi: go: %w: %q came unasked", ErrProtocol, clip.Text(s.unasked))
	case s.refused:
		return surakarta.Result{}, fmt.Errorf("ugi: go: %w: %s", ErrRefused, clip.To(s.reason, 200))
	case s.bad != nil:
		return surakarta.Result{}, fmt.Errorf("ugi: go: %w", s.bad)
	}
	return s.res, nil
}

// search is what Go has read of a search.
type search struct {
	progress     func(surakarta.Info)
	rootProgress func(surakarta.Info) // GoParams.Limits.RootProgress: the currmove lines
	start        time.Time
	res          surakarta.Result
	best         bool   // bestmove has come
	ready        bool   // readyok has come
	bad          error  // the bestmove did not read
	unasked      string // the first line that came unasked
	refused      bool   // an error line came before readyok and bestmove
	reason       string // its reason
}

// await reads the lines of a search until both bestmove and readyok have
// come, or readyok after a refusal. Its error is one of reading.
func (c *Client) await(ctx context.Context, s *search) error {
	for !(s.best && s.ready) {
		fields, err := c.next(ctx)
		if err != nil {
			return err
		}
		switch fields[0] {
		case ansInfo:
			if reason, ok := parseRefusal(fields[1:]); ok {
				if !s.ready && !s.best && !s.refused {
					s.refused, s.reason = true, reason
				}
				continue
			}
			if s.best {
				continue
			}
			in, iteration := parseInfo(fields[1:])
			if !iteration && in.CurrMove != surakarta.NoMove {
				if s.rootProgress != nil {
					s.rootProgress(in)
				}
				continue
			}
			best := in.MultiPV <= 1 // not a later line of MultiPV
			if iteration {
				s.line(in)
				if best {
					s.res.Depth, s.res.SelDepth, s.res.Score = in.Depth, in.SelDepth, in.Score
				}
				if s.progress != nil {
					s.progress(in)
				}
			}
			if in.Nodes > 0 {
				s.res.Nodes = in.Nodes
			}
			if len(in.PV) > 0 && best {
				s.res.PV = in.PV
			}
		case ansBestMove:
			if s.best {
				s.note(fields)
				continue
			}
			s.best, s.res.Time = true, time.Since(s.start)
			m, ponder, err := parseBestMove(fields[1:])
			if err != nil {
				s.bad = fmt.Errorf("%w: %q does not read: %v", ErrProtocol, clip.Text(strings.Join(fields, " ")), err)
			}
			s.res.Move = m
			if ponder != surakarta.NoMove && (len(s.res.PV) < 2 || s.res.PV[0] != m || s.res.PV[1] != ponder) {
				s.res.PV = []surakarta.Move{m, ponder}
			}
		case ansReadyOK:
			if s.ready {
				s.note(fields)
				continue
			}
			s.ready = true
			if s.refused && !s.best {
				return nil // no bestmove comes for a refused go
			}
		default:
			if isAnswer(fields[0]) {
				s.note(fields)
			}
		}
	}
	return nil
}

// line adds the line of an iteration's info line to the result's Lines:
// an iteration's first line (multipv 1, or none) starts them afresh, and
// multipv N of the same depth is added when it follows line N−1; other
// lines are left out, so that Lines are those of one iteration, in order.
func (s *search) line(in surakarta.Info) {
	l := surakarta.Line{Score: in.Score, PV: in.PV}
	switch n := len(s.res.Lines); {
	case in.MultiPV <= 1:
		s.res.Lines = []surakarta.Line{l}
	case in.MultiPV == n+1 && in.Depth == s.res.Depth:
		s.res.Lines = append(s.res.Lines, l)
	}
}

// note keeps the first line that came unasked.
func (s *search) note(fields []string) {
	if s.unasked == "" {
		s.unasked = strings.Join(fields, " ")
	}
}

// stop ends a search given up on: it sends stop and waits up to
// process.Grace for bestmove (and readyok), which are dropped. An engine
// that does not answer in time leaves the client broken.
func (c *Client) stop(s *search) {
	ctx, cancel := context.WithTimeout(context.Background(), process.Grace)
	defer cancel()
	s.progress, s.rootProgress = nil, nil
	if !s.best {
		if err := c.conn.Send(ctx, cmdStop); err != nil {
			c.broken = fmt.Errorf("ugi: stop: %w", err)
			return
		}
	}
	if err := c.await(ctx, s); err != nil {
		switch {
		case !s.best:
			c.broken = fmt.Errorf("ugi: %w: no bestmove within %v of stop", ErrProtocol, process.Grace)
		case !s.ready:
			c.stale++
		}
	}
}

// Stop sends stop while Go waits, from any goroutine: the engine ends its
// search and answers bestmove, which Go returns. It does nothing when Go
// does not wait. Its error wraps ErrExited when the engine has gone, and
// ErrProtocol when it has read none of its input for a second.
func (c *Client) Stop() error {
	if !c.searching.Load() {
		return nil
	}
	return c.sendNow(cmdStop)
}

// sendNow sends cmd, waiting up to process.Grace for the engine to take
// it: an engine that has read none of its input for that long breaks the
// protocol.
func (c *Client) sendNow(cmd string) error {
	ctx, cancel := context.WithTimeout(context.Background(), process.Grace)
	defer cancel()
	err := c.conn.Send(ctx, cmd)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("ugi: %s: %w: the engine took none of its input within %v (%w)", cmd, ErrProtocol, process.Grace, err)
	case err != nil:
		return fmt.Errorf("ugi: %s: %w", cmd, err)
	}
	return nil
}

// PonderHit sends ponderhit while Go waits for a search that ponders,
// from any goroutine: the opponent played the move the engine pondered
// on, and its search goes on within its time limits, which count from
// now. It does nothing when Go does not wait. Go sends it by itself when
// GoParams.Limits.Ponder is closed. Its errors are Stop's.
func (c *Client) PonderHit() error {
	if !c.searching.Load() {
		return nil
	}
	return c.sendNow(cmdPonderHit)
}

// Close ends the engine: it sends quit, waits up to a second for the
// engine to end, and then kills a program (on Unix with its process group:
// the processes it started, but not those that left the group, as setsid
// makes them) and waits for it. It kills at once an engine that has broken
// the client. The error says how a program ended when it did not quit by
// itself with status 0.
func (c *Client) Close() error {
	if c.broken != nil {
		c.conn.Kill()
		return nil
	}
	if err := c.conn.Close(cmdQuit); err != nil {
		return fmt.Errorf("ugi: close: %w", err)
	}
	return nil
}

// roundTrip sends cmds and isready and reads the engine's lines up to
// readyok. answer, if not nil, is given each line that is not info or
// readyok and reports whether it was an answer to cmds; what names the
// command in errors.
func (c *Client) roundTrip(ctx context.Context, what string, cmds []string, answer func(fields []string) bool) error {
	if c.broken != nil {
		return c.broken
	}
	unasked := c.pending()
	if err := c.conn.Send(ctx, append(cmds, cmdIsReady)...); err != nil {
		return c.fail(ctx, what, err)
	}
	var reason string
	refused := false
	for {
		fields, err := c.next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				c.stale++ // its readyok is still to come
			}
			return c.fail(ctx, what, err)
		}
		if fields[0] == ansReadyOK {
			break
		}
		switch {
		case fields[0] == ansInfo:
			if r, ok := parseRefusal(fields[1:]); ok && !refused {
				refused, reason = true, r
			}
		case answer != nil && answer(fields):
		case isAnswer(fields[0]) && unasked == "":
			unasked = strings.Join(fields, " ")
		}
	}
	switch {
	case unasked != "":
		return fmt.Errorf("ugi: %s: %w: %q came unasked", what, ErrProtocol, clip.Text(unasked))
	case refused:
		return fmt.Errorf("ugi: %s: %w: %s", what, ErrRefused, clip.To(reason, 200))
	}
	return nil
}

// pending reads the lines that wait to be read before a command is sent,
// and returns the first that answers a command (none is open), if any.
// It catches what an engine writes unasked between exchanges, such as a
// second readyok, which would otherwise end the next exchange early.
func (c *Client) pending() string {
	unasked := ""
	for {
		line, ok := c.conn.Pending()
		if !ok {
			return unasked
		}
		fields := strings.Fields(line)
		switch {
		case len(fields) == 0:
		case c.stale > 0:
			if fields[0] == ansReadyOK {
				c.stale--
			}
		case isAnswer(fields[0]) && unasked == "":
			unasked = strings.Join(fields, " ")
		}
	}
}

// next returns the words of the engine's next line that is not empty and
// does not belong to an exchange given up on.
func (c *Client) next(ctx context.Context) ([]string, error) {
	for {
		line, err := c.conn.Next(ctx)
		if err != nil {
			return nil, err
		}
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		if c.stale > 0 {
			if fields[0] == ansReadyOK {
				c.stale--
			}
			continue
		}
		return fields, nil
	}
}

// fail returns the error of a command named what: ctx's cause as it is,
// and other errors with the command's name.
func (c *Client) fail(ctx context.Context, what string, err error) error {
	if ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
		return err
	}
	return fmt.Errorf("ugi: %s: %w", what, err)
}

// oneLineArgs checks that the arguments of a command hold no line break,
// which would end the command early.
func oneLineArgs(what string, args ...string) error {
	for _, a := range args {
		if strings.ContainsAny(a, "\r\n") {
			return fmt.Errorf("%w: %s: %q holds a line break", ErrInvalidCommand, what, clip.Text(a))
		}
	}
	return nil
}
