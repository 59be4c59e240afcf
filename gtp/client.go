package gtp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/process"
)

// Errors of a Client, the same values as package ugi's. A command that
// the engine answers with "?" fails with an error wrapping ErrRefused.
var (
	// ErrExited is wrapped by an error when the engine has gone: its
	// output ended or it takes no more input. For a program, the error
	// says its exit status and how its standard error ends.
	ErrExited = process.ErrExited
	// ErrProtocol is wrapped by an error when the engine broke the
	// protocol: an answer that starts with neither = nor ?, one that does
	// not read (such as genmove's), an answer that nobody asked for, or a
	// line longer than 4 KiB ("line too long").
	ErrProtocol = process.ErrProtocol
)

// ErrInvalidCommand is wrapped by the error of a command the Client does
// not send, for a name or an argument of the caller's: a command name or
// an option name that is not one word, or an argument that holds a line
// break or #, which would end the command early or start a comment. The
// client is not broken by it.
var ErrInvalidCommand = errors.New("gtp: invalid command")

// maxAnswer is the most bytes of an answer a Client reads.
const maxAnswer = 64 << 10

// Client drives a GTP engine: a program it started, or a server at the
// other end of a reader and a writer. Each method sends a command and
// waits for its answer, until its context is done.
//
// GTP has no command whose only purpose is to wait for the engine, as
// UGI's isready, so after each command whose answer is a value (genmove,
// name, version, final_score, and any command sent with Command) the
// client sends protocol_version, whose answer is known: an answer that
// came unasked, such as a second answer to genmove, then stands where the
// answer to protocol_version should, and the command fails with an error
// wrapping ErrProtocol instead of a later command taking it for its own.
// The client is then broken: every method fails, and Close kills the
// engine.
//
// An answer that a command given up on (its context done) still owes is
// read and dropped before the next command's. Output that waits to be
// read when a command is sent and nothing is owed came unasked, and
// breaks the client too.
//
// A Client is not safe for concurrent use.
type Client struct {
	conn *process.Conn
	// owed counts the answers still to come to commands given up on.
	owed int
	// partial is set when the answer being read was given up on after
	// its first line.
	partial bool
	// broken, once set, is the error of every method: the engine's
	// answers can no longer be matched to the commands.
	broken error
}

// Start starts an engine program, name with the arguments arg, and checks
// that its protocol_version is 2. ctx bounds the start; the program runs
// until Close. An error that wraps neither ErrExited nor ErrProtocol nor
// ctx's is one of starting the program, such as a program not found.
func Start(ctx context.Context, name string, arg ...string) (*Client, error) {
	conn, err := process.Start(name, arg...)
	if err != nil {
		return nil, fmt.Errorf("gtp: starting %s: %w", clip.Text(name), err)
	}
	return handshake(ctx, conn)
}

// Connect checks, as Start does, an engine that reads commands from w and
// writes its answers to r: a server in the same program, or at the other
// end of a socket. Close closes r and w when they are io.Closers.
func Connect(ctx context.Context, r io.Reader, w io.Writer) (*Client, error) {
	return handshake(ctx, process.Wrap(r, w))
}

// handshake makes a Client of conn and checks its protocol version,
// killing it when that fails.
func handshake(ctx context.Context, conn *process.Conn) (*Client, error) {
	c := &Client{conn: conn}
	v, err := c.exchange(ctx, false, cmdProtocolVersion)
	if err == nil && v != "2" {
		err = fmt.Errorf("gtp: protocol_version: %w: %q, want 2", ErrProtocol, clip.Text(v))
	}
	if err != nil {
		conn.Kill()
		return nil, err
	}
	return c, nil
}

// Command sends any command, name and its arguments, and returns its
// answer: the text after "=", its lines joined by line breaks. An answer
// "?" gives an error wrapping ErrRefused; a name that is not one word, or
// an argument with a line break or #, one wrapping ErrInvalidCommand, and
// nothing is sent.
func (c *Client) Command(ctx context.Context, name string, args ...string) (string, error) {
	if len(strings.Fields(name)) != 1 || name != strings.TrimSpace(name) {
		return "", fmt.Errorf("%w %q: want a name of one word", ErrInvalidCommand, clip.Text(name))
	}
	// quit has no protocol_version after it: the engine ends.
	return c.exchange(ctx, name != cmdQuit, name, args...)
}

// Name returns the engine's name.
func (c *Client) Name(ctx context.Context) (string, error) {
	return c.exchange(ctx, true, cmdName)
}

// Version returns the engine's version.
func (c *Client) Version(ctx context.Context) (string, error) {
	return c.exchange(ctx, true, cmdVersion)
}

// ClearBoard starts a new game from the start position.
func (c *Client) ClearBoard(ctx context.Context) error {
	_, err := c.exchange(ctx, false, cmdClearBoard)
	return err
}

// ClearCache clears the engine's search table and history, keeping the
// game, with clear_cache, an extension that this module's server, Leela
// Zero and KataGo know.
func (c *Client) ClearCache(ctx context.Context) error {
	_, err := c.exchange(ctx, false, cmdClearCache)
	return err
}

// SetPosition starts a new game from p, with surakarta-position, an
// extension of this module's server.
func (c *Client) SetPosition(ctx context.Context, p surakarta.Position) error {
	_, err := c.exchange(ctx, false, cmdPosition, p.String())
	return err
}

// SetOption sets the engine option name, a word, to value, with
// surakarta-setoption, an extension of this module's server. A name that
// is not one word gives an error wrapping ErrInvalidCommand.
func (c *Client) SetOption(ctx context.Context, name, value string) error {
	if len(strings.Fields(name)) != 1 || name != strings.TrimSpace(name) {
		return fmt.Errorf("%w: %s %q: want a name of one word", ErrInvalidCommand, cmdSetOption, clip.Text(name))
	}
	_, err := c.exchange(ctx, false, cmdSetOption, name, value)
	return err
}

// Play plays m for color in the engine's game. A move the engine finds
// illegal gives an error wrapping ErrRefused.
func (c *Client) Play(ctx context.Context, color surakarta.Color, m surakarta.Move) error {
	_, err := c.exchange(ctx, false, cmdPlay, colorArg(color), m.String())
	return err
}

// GenMove asks the engine for a move for color, which it plays in its
// game, and returns it as the engine wrote it: its squares (check it with
// Position.Legal, which gives the legal move). An answer that is not a
// move, such as pass or resign, gives an error wrapping ErrProtocol.
func (c *Client) GenMove(ctx context.Context, color surakarta.Color) (surakarta.Move, error) {
	answer, err := c.exchange(ctx, true, cmdGenMove, colorArg(color))
	if err != nil {
		return surakarta.NoMove, err
	}
	m, err := parseMoveAnswer(answer)
	if err != nil {
		return surakarta.NoMove, fmt.Errorf("gtp: genmove: %w: %v", ErrProtocol, err)
	}
	return m, nil
}

// TimeSettings sets the time of a game: main time, then byo-yomi periods
// of byoYomi for stones moves (0 stones: no byo-yomi; a main time of 0 and
// a byoYomi of 0: no time limit). GTP counts in whole seconds, rounded
// down.
func (c *Client) TimeSettings(ctx context.Context, main, byoYomi time.Duration, stones int) error {
	_, err := c.exchange(ctx, false, cmdTimeSettings, timeSettingsArgs(main, byoYomi, stones)...)
	return err
}

// TimeLeft tells the engine the time left to color, and the moves (stones)
// left in its byo-yomi period, 0 in the main time.
func (c *Client) TimeLeft(ctx context.Context, color surakarta.Color, left time.Duration, stones int) error {
	_, err := c.exchange(ctx, false, cmdTimeLeft, timeLeftArgs(color, left, stones)...)
	return err
}

// FinalScore returns the result of the engine's game, which must be over:
// the winner, or draw.
func (c *Client) FinalScore(ctx context.Context) (winner surakarta.Color, draw bool, err error) {
	answer, err := c.exchange(ctx, true, cmdFinalScore)
	if err != nil {
		return 0, false, err
	}
	winner, draw, err = parseFinalScore(answer)
	if err != nil {
		return 0, false, fmt.Errorf("%w: %v", ErrProtocol, err)
	}
	return winner, draw, nil
}

// Close ends the engine: it sends quit, waits up to a second for the
// engine to end, and then kills a program (on Unix with its process group:
// the processes it started, but not those that left the group, as setsid
// makes them) and waits for it. It kills at once an engine that still owes
// an answer or has broken the client. The error says how a program ended
// when it did not quit by itself with status 0.
func (c *Client) Close() error {
	if c.broken != nil || c.owed > 0 {
		c.conn.Kill()
		return nil
	}
	if err := c.conn.Close(commandLine(cmdQuit)); err != nil {
		return fmt.Errorf("gtp: close: %w", err)
	}
	return nil
}

// exchange sends the command name with args, and with sync
// protocol_version after it, and returns the command's answer.
func (c *Client) exchange(ctx context.Context, sync bool, name string, args ...string) (string, error) {
	if c.broken != nil {
		return "", c.broken
	}
	line := commandLine(name, args...)
	if strings.ContainsAny(line, "\r\n#") {
		return "", fmt.Errorf("%w: %s: %q holds a line break or #", ErrInvalidCommand, name, clip.Text(line))
	}
	if c.owed == 0 {
		// Nothing is owed: what waits to be read came unasked.
		for {
			extra, ok := c.conn.Pending()
			if !ok {
				break
			}
			if strings.TrimSpace(extra) != "" {
				c.broken = fmt.Errorf("gtp: %s: %w: %q came unasked, before the command", clip.Text(line), ErrProtocol, clip.Text(extra))
				return "", c.broken
			}
		}
	}
	lines := []string{line}
	if sync {
		lines = append(lines, commandLine(cmdProtocolVersion))
	}
	if err := c.conn.Send(ctx, lines...); err != nil {
		return "", c.fail(ctx, name, err)
	}
	c.owed += len(lines)
	for c.owed > len(lines) {
		if _, err := c.answer(ctx, name, false); err != nil {
			return "", err
		}
	}
	answer, err := c.answer(ctx, name, true)
	if err != nil {
		return "", err
	}
	result, err := parseAnswer(answer)
	if sync {
		again, errSync := c.answer(ctx, name, true)
		if errSync != nil {
			return "", errSync
		}
		if v, err := parseAnswer(again); err != nil || v != "2" {
			c.broken = fmt.Errorf("gtp: %s: %w: an answer came unasked (%q where the answer to protocol_version was due)",
				clip.Text(line), ErrProtocol, clip.Text(strings.Join(again, " ")))
			return "", c.broken
		}
	}
	if err != nil {
		reason := strings.TrimPrefix(err.Error(), ErrRefused.Error()+": ")
		return "", fmt.Errorf("%w: %s: %s", ErrRefused, clip.Text(line), reason)
	}
	return result, nil
}

// answer reads an answer, the lines up to the empty line that ends it,
// less that line; keep keeps them, else they are dropped. An answer whose
// first line starts with neither = nor ?, or that is longer than
// maxAnswer, breaks the client. name names the command in errors.
func (c *Client) answer(ctx context.Context, name string, keep bool) ([]string, error) {
	var lines []string
	started, size := c.partial, 0
	c.partial = false
	for {
		line, err := c.conn.Next(ctx)
		if err != nil {
			c.partial = started
			return nil, c.fail(ctx, name, err)
		}
		blank := strings.TrimSpace(line) == ""
		switch {
		case !started && blank: // an empty line before the answer
			continue
		case !started:
			if _, err := parseAnswer([]string{line}); err != nil && !errors.Is(err, ErrRefused) {
				c.broken = fmt.Errorf("gtp: %s: %w: %v", name, ErrProtocol, err)
				return nil, c.broken
			}
			started = true
		case blank:
			c.owed--
			return lines, nil
		}
		if size += len(line) + 1; size > maxAnswer {
			c.broken = fmt.Errorf("gtp: %s: %w: an answer of more than %d bytes", name, ErrProtocol, maxAnswer)
			return nil, c.broken
		}
		if keep {
			lines = append(lines, line)
		}
	}
}

// fail returns the error of a command named name: ctx's cause as it is,
// and other errors with the command's name.
func (c *Client) fail(ctx context.Context, name string, err error) error {
	if ctx.Err() != nil && errors.Is(err, context.Cause(ctx)) {
		return err
	}
	return fmt.Errorf("gtp: %s: %w", name, err)
}
