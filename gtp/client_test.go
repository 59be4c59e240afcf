package gtp

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestMain builds the module's engine program, cmd/surakarta, into a
// temporary directory first on PATH, for the examples.
func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.fuzzworker"); f != nil && f.Value.String() == "true" {
		os.Exit(m.Run()) // a fuzzing worker runs no example
	}
	dir, err := os.MkdirTemp("", "gtp-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if _, err := cmdtest.Build(dir, "github.com/surakarta-go/surakarta/cmd/surakarta"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	os.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// startServer connects a Client to a server in this test, at the other
// end of two pipes, and closes it at the end of the test. The server is
// Serve with roundTripEngine.
func startServer(t *testing.T) *Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(context.Background(), cmdR, outW, roundTripEngine())
		outW.Close()
	}()
	c, err := Connect(testContext(t), outR, cmdW)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		<-done
	})
	return c
}

// testContext returns a context that ends with the test, or after a
// minute.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// fixedDepth is a searcher that searches to a fixed depth whatever the
// limits, so that the moves of the round trips are known in advance.
type fixedDepth struct {
	surakarta.Searcher
	depth int
}

func (s fixedDepth) Search(ctx context.Context, g *surakarta.Game, _ surakarta.Limits) (surakarta.Result, error) {
	return s.Searcher.Search(ctx, g, surakarta.Limits{Depth: s.depth})
}

// roundTripEngine is testEngine searching to depth 2.
func roundTripEngine() Engine {
	e := testEngine(nil, 0)
	searcher := fixedDepth{e.Searcher(), 2}
	e.Searcher = func() surakarta.Searcher { return searcher }
	return e
}

func TestClientRoundTrip(t *testing.T) {
	c := startServer(t)
	ctx := testContext(t)
	if name, err := c.Name(ctx); name != "test engine" || err != nil {
		t.Errorf("Name = %q, %v", name, err)
	}
	if v, err := c.Version(ctx); v != "1.0" || err != nil {
		t.Errorf("Version = %q, %v", v, err)
	}
	if list, err := c.Command(ctx, cmdListCommands); list != strings.Join(commands, "\n") || err != nil {
		t.Errorf("list_commands = %q, %v", list, err)
	}
	if known, err := c.Command(ctx, cmdKnownCommand, cmdGenMove); known != "true" || err != nil {
		t.Errorf("known_command genmove = %q, %v", known, err)
	}
	// The server's answer is GTP's own text, which controllers match.
	if _, err := c.Command(ctx, "fly"); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "unknown command") {
		t.Errorf("fly: %v", err)
	}
	for _, bad := range []string{"", "two words", " name"} {
		if _, err := c.Command(ctx, bad); !errors.Is(err, ErrInvalidCommand) {
			t.Errorf("Command(%q): %v, want ErrInvalidCommand", bad, err)
		}
	}
	if _, err := c.Command(ctx, cmdPlay, "b", "b2b3\nquit"); !errors.Is(err, ErrInvalidCommand) {
		t.Errorf("a command with a line break: %v, want ErrInvalidCommand", err)
	}
	for _, ok := range [][2]string{{"Evaluator", "sixfactor"}, {"Evaluator", "tuned"}, {"MoveOverhead", "8"}} {
		if err := c.SetOption(ctx, ok[0], ok[1]); err != nil {
			t.Error(err)
		}
	}
	if err := c.SetOption(ctx, "MoveOverhead", "x"); !errors.Is(err, ErrRefused) {
		t.Errorf("SetOption(MoveOverhead, x): %v", err)
	}
	if err := c.SetOption(ctx, "Move Overhead", "8"); !errors.Is(err, ErrInvalidCommand) {
		t.Errorf("SetOption of two words: %v, want ErrInvalidCommand", err)
	}
	if err := c.ClearBoard(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.ClearCache(ctx); err != nil {
		t.Error(err)
	}
	if err := c.TimeSettings(ctx, 90*time.Second, 5*time.Second, 2); err != nil {
		t.Error(err)
	}
	if err := c.TimeLeft(ctx, surakarta.Black, 30*time.Second, 0); err != nil {
		t.Error(err)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	b2b3 := surakarta.NewMove(surakarta.B2, surakarta.B3)
	if err := c.Play(ctx, surakarta.Black, b2b3); err != nil {
		t.Fatal(err)
	}
	g.Play(b2b3)
	if err := c.Play(ctx, surakarta.Black, b2b3); !errors.Is(err, ErrRefused) {
		t.Errorf("Play out of turn: %v", err)
	}
	m, err := c.GenMove(ctx, surakarta.White)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := surakarta.NewPVS(surakarta.NewTuned()).Search(ctx, g, surakarta.Limits{Depth: 2})
	if legal, err := g.Position().Legal(m); err != nil || legal != want.Move {
		t.Errorf("GenMove = %v (%v), want %v", m, err, want.Move)
	}
	if _, _, err := c.FinalScore(ctx); !errors.Is(err, ErrRefused) {
		t.Errorf("FinalScore of a game going on: %v", err)
	}
	// A finished game.
	p, err := surakarta.ParsePosition("6/6/6/w5/6/2b3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SetPosition(ctx, p); err != nil {
		t.Fatal(err)
	}
	if got, err := c.Command(ctx, cmdPosition); got != p.String() || err != nil {
		t.Errorf("the position: %q, %v", got, err)
	}
	if err := c.Play(ctx, surakarta.Black, surakarta.NewMove(surakarta.C1, surakarta.A3)); err != nil {
		t.Fatal(err)
	}
	if winner, draw, err := c.FinalScore(ctx); winner != surakarta.Black || draw || err != nil {
		t.Errorf("FinalScore = %v, %v, %v", winner, draw, err)
	}
	if _, err := c.GenMove(ctx, surakarta.White); !errors.Is(err, ErrRefused) {
		t.Errorf("GenMove in a finished game: %v", err)
	}
	if board, err := c.Command(ctx, cmdShowBoard); err != nil || !strings.Contains(board, "\n") {
		t.Errorf("showboard: %q, %v", board, err)
	}
}

// engine runs an engine in this test at the other end of two pipes: answer
// gets each command line and writes the engine's lines with say, and
// returns false to end the engine. The engine's output is closed at its
// end. say with no lines returns once the client has queued every line
// said before: its empty write to the pipe is taken by the client's
// reader only when it reads on, after it has handed on what it read.
func engine(t *testing.T, answer func(line string, say func(lines ...string)) bool) (io.Reader, io.WriteCloser) {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		defer outW.Close()
		say := func(lines ...string) {
			if len(lines) == 0 {
				outW.Write(nil)
			}
			for _, l := range lines {
				if _, err := fmt.Fprintln(outW, l); err != nil {
					return
				}
			}
		}
		sc := bufio.NewScanner(cmdR)
		for sc.Scan() {
			if !answer(sc.Text(), say) {
				cmdR.Close()
				return
			}
		}
	}()
	return outR, cmdW
}

// plain is an engine's answer to the commands that a test does not change:
// "= 2" for protocol_version, "= a2a3" for genmove, "=" for the others.
func plain(line string, say func(...string)) bool {
	switch strings.Fields(line + " x")[0] {
	case cmdProtocolVersion:
		say("= 2", "")
	case cmdGenMove:
		say("= a2a3", "")
	case cmdQuit:
		say("=", "")
		return false
	default:
		say("=", "")
	}
	return true
}

// connect connects a Client to an engine of the test, closing it at the
// end of the test.
func connect(t *testing.T, answer func(line string, say func(...string)) bool) *Client {
	t.Helper()
	r, w := engine(t, answer)
	c, err := Connect(testContext(t), r, w)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

var a2a3 = surakarta.NewMove(surakarta.A2, surakarta.A3)

// TestClientUnasked: an answer that nobody asked for is never taken for
// the answer to a later command.
func TestClientUnasked(t *testing.T) {
	ctx := testContext(t)
	t.Run("genmove answered twice", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdGenMove) {
				say("= a2a3", "", "= b2b3", "")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove: %v", err)
		}
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove after: %v; want the client broken", err)
		}
	})
	t.Run("play answered with a move", func(t *testing.T) {
		// play's extra answer is a move: the genmove after it fails
		// instead of taking it.
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdPlay) {
				say("=", "", "= c2c3", "")
				return true
			}
			return plain(line, say)
		})
		if err := c.Play(ctx, surakarta.Black, a2a3); err != nil {
			t.Fatalf("Play: %v", err)
		}
		m, err := c.GenMove(ctx, surakarta.White)
		if !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove: %v, %v; want a protocol error", m, err)
		}
	})
	t.Run("answer between commands", func(t *testing.T) {
		queued := make(chan struct{})
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdClearBoard) {
				say("=", "")
				time.Sleep(10 * time.Millisecond)
				say("= a2a3", "")
				say()
				close(queued)
				return true
			}
			return plain(line, say)
		})
		if err := c.ClearBoard(ctx); err != nil {
			t.Fatalf("ClearBoard: %v", err)
		}
		// The extra answer waits for the next command: it is waited
		// for, not given a time, since on a loaded machine it may come
		// late.
		select {
		case <-queued:
		case <-time.After(waitTimeout):
			t.Fatalf("the extra answer not read after %v", waitTimeout)
		}
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove: %v", err)
		}
	})
}

// TestClientFaults: an engine that answers what does not read, exits, is
// slow, or is not version 2.
func TestClientFaults(t *testing.T) {
	ctx := testContext(t)
	t.Run("not an answer", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdGenMove) {
				say("a2a3", "")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove: %v", err)
		}
		if err := c.ClearBoard(ctx); !errors.Is(err, ErrProtocol) {
			t.Errorf("ClearBoard after: %v", err)
		}
		// Close kills the broken engine at once, rather than wait
		// process.Grace for it to end.
		start := time.Now()
		c.Close()
		testsize.RealTimeWithin(t, "Close of a broken client", time.Since(start), 500*time.Millisecond)
	})
	t.Run("not a move", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdGenMove) {
				say("= pass", "")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove: %v", err)
		}
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
			t.Errorf("GenMove again: %v", err)
		}
	})
	t.Run("long answer", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdShowBoard) {
				say("= board")
				for range 100 {
					say(strings.Repeat("x", 1000))
				}
				say("")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.Command(ctx, cmdShowBoard); !errors.Is(err, ErrProtocol) {
			t.Errorf("showboard: %v", err)
		}
	})
	t.Run("exit", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			return !strings.HasPrefix(line, cmdGenMove) && plain(line, say)
		})
		if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrExited) {
			t.Errorf("GenMove: %v", err)
		}
	})
	t.Run("version 1", func(t *testing.T) {
		r, w := engine(t, func(line string, say func(...string)) bool {
			say("= 1", "")
			return true
		})
		if _, err := Connect(ctx, r, w); !errors.Is(err, ErrProtocol) {
			t.Errorf("Connect: %v", err)
		}
	})
	t.Run("slow", func(t *testing.T) {
		// A genmove given up on: its answers, when they come, are not
		// taken for the next command's.
		var slow atomic.Bool
		release := make(chan struct{})
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, cmdGenMove) && slow.Load() {
				<-release
				say("= e2e3", "")
				slow.Store(false)
				return true
			}
			return plain(line, say)
		})
		slow.Store(true)
		cause := errors.New("too slow")
		short, cancel := context.WithTimeoutCause(ctx, 50*time.Millisecond, cause)
		defer cancel()
		if _, err := c.GenMove(short, surakarta.Black); err != cause {
			t.Errorf("GenMove: %v, want the context's cause", err)
		}
		close(release)
		if m, err := c.GenMove(ctx, surakarta.Black); m != a2a3 || err != nil {
			t.Errorf("GenMove after: %v, %v", m, err)
		}
	})
}

// TestClientIdleMemory: an engine that floods its output between
// commands gets at most a few lines of it taken while the client does not
// read, and the next command fails instead of reading it all.
func TestClientIdleMemory(t *testing.T) {
	var written atomic.Int64
	c := connect(t, func(line string, say func(...string)) bool {
		if strings.HasPrefix(line, cmdClearBoard) {
			say("=", "")
			long := strings.Repeat("= flood ", 2000) // 16 KB, cut to 4 KiB
			for range 4096 {
				say(long)
				written.Add(int64(len(long) + 1))
			}
			return true
		}
		return plain(line, say)
	})
	ctx := testContext(t)
	if err := c.ClearBoard(ctx); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := written.Load(); n > 12*16_001 {
		t.Errorf("the engine wrote %d bytes while the client was idle", n)
	}
	t.Logf("written while idle: %d bytes", written.Load())
	if _, err := c.GenMove(ctx, surakarta.Black); !errors.Is(err, ErrProtocol) {
		t.Errorf("GenMove: %v", err)
	}
}
