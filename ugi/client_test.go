package ugi

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
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
	dir, err := os.MkdirTemp("", "ugi-test")
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
// Serve with testEngine.
func startServer(t *testing.T) *Client {
	t.Helper()
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan struct{})
	go func() {
		defer close(done)
		Serve(context.Background(), cmdR, outW, testEngine(nil))
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

func TestClientRoundTrip(t *testing.T) {
	c := startServer(t)
	ctx := testContext(t)
	opts := c.Options()
	wantOpts := testEngine(nil).Options
	if c.Name() != "test engine" || c.Author() != "its authors" || len(opts) < len(wantOpts) ||
		!slices.EqualFunc(opts[len(opts)-len(wantOpts):], wantOpts, func(a, b Option) bool { return a.String() == b.String() }) {
		t.Errorf("name %q, author %q, options %v", c.Name(), c.Author(), opts)
	}
	evaluator := slices.IndexFunc(opts, func(o Option) bool { return o.Name == "Evaluator" })
	c.Options()[evaluator].Vars[0] = "changed"
	if c.Options()[evaluator].Vars[0] != "tuned" {
		t.Error("Options returns the client's own slices")
	}
	for _, tc := range []struct {
		name, value string
		refused     bool
	}{{"Hash", "8", false}, {"hash", "8", false}, {"Clear Hash", "", false}, {"Hash", "65", true}, {"Ponder", "true", false}, {"Ponder", "maybe", true}, {"Speed", "1", true}} {
		if err := c.SetOption(ctx, tc.name, tc.value); errors.Is(err, ErrRefused) != tc.refused || (err != nil && !tc.refused) {
			t.Errorf("SetOption(%q, %q): %v", tc.name, tc.value, err)
		}
	}
	if err := c.SetOption(ctx, "Hash", "1\nquit"); !errors.Is(err, ErrInvalidCommand) {
		t.Errorf("SetOption with a line break: %v, want ErrInvalidCommand", err)
	}
	if err := c.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.Position(ctx, g.StartPosition(), g.Moves()); err != nil {
		t.Fatal(err)
	}
	var infos []surakarta.Info
	res, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 3}}, func(in surakarta.Info) { infos = append(infos, in) })
	if err != nil {
		t.Fatal(err)
	}
	want, err := surakarta.NewPVS(surakarta.NewTuned()).Search(ctx, g, surakarta.Limits{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	legal, err := g.Position().Legal(res.Move)
	if err != nil || legal != want.Move || res.Depth != 3 || res.Score != want.Score || res.Nodes == 0 || len(res.PV) == 0 || res.PV[0].String() != res.Move.String() || res.Time <= 0 {
		t.Errorf("Go: %+v, %v; want move %v, score %d at depth 3", res, err, want.Move, want.Score)
	}
	if len(infos) != 3 || infos[2].Depth != 3 || infos[2].Score != res.Score {
		t.Errorf("progress %+v", infos)
	}
	for q, want := range map[string]string{QueryGameOver: "false", QueryP1Turn: "true", QueryResult: "none"} {
		if got, err := c.Query(ctx, q); got != want || err != nil {
			t.Errorf("Query(%s) = %q, %v; want %q", q, got, err, want)
		}
	}
	if _, err := c.Query(ctx, "winner"); !errors.Is(err, ErrRefused) {
		t.Errorf("Query(winner): %v", err)
	}
	if _, err := c.Query(ctx, "two words"); !errors.Is(err, ErrInvalidCommand) {
		t.Errorf("Query(two words): %v, want ErrInvalidCommand", err)
	}
	// An illegal move: the position is refused, and the engine has no
	// position until the next good one. The refusals quote the engine's
	// info string error lines, which a GUI shows: a word of each is
	// checked.
	if err := c.Position(ctx, surakarta.NewPosition(), []surakarta.Move{surakarta.NewMove(surakarta.A1, surakarta.A4)}); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "illegal") {
		t.Errorf("Position with an illegal move: %v", err)
	}
	if got, err := c.Query(ctx, QueryP1Turn); !errors.Is(err, ErrRefused) || !strings.Contains(err.Error(), "no position") {
		t.Errorf("after the refused position: p1turn %q, %v; want a refusal for no position", got, err)
	}
	// A game over: bestmove 0000.
	over, err := surakarta.ParsePosition("6/6/6/w5/6/2b3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Position(ctx, over, []surakarta.Move{surakarta.NewMove(surakarta.C1, surakarta.A3)}); err != nil {
		t.Fatal(err)
	}
	if res, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 2}}, nil); err != nil || res.Move != surakarta.NoMove {
		t.Errorf("Go in a finished game: %v, %v; want no move", res.Move, err)
	}
	if got, err := c.Query(ctx, QueryResult); got != "p1win" || err != nil {
		t.Errorf("Query(result) = %q, %v", got, err)
	}
	// go refused.
	if _, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 2, SearchMoves: []surakarta.Move{0}}}, nil); !errors.Is(err, ErrRefused) {
		t.Errorf("Go refused: %v", err)
	}
	if err := c.IsReady(ctx); err != nil {
		t.Error(err)
	}
}

func TestClientStop(t *testing.T) {
	c := startServer(t)
	ctx := testContext(t)
	if err := c.Position(ctx, surakarta.NewPosition(), nil); err != nil {
		t.Fatal(err)
	}
	if err := c.Stop(); err != nil {
		t.Errorf("Stop with no search: %v", err)
	}
	start := time.Now() // before the timer starts, so that the Stop it sends comes 200ms after start at the soonest
	time.AfterFunc(200*time.Millisecond, func() {
		if err := c.Stop(); err != nil {
			t.Errorf("Stop: %v", err)
		}
	})
	res, err := c.Go(ctx, GoParams{Infinite: true}, nil)
	if err != nil || res.Move == surakarta.NoMove {
		t.Fatalf("Go infinite, stopped: %v, %v", res, err)
	}
	// Not before the stop; after it, any time short of a hang (an
	// infinite search that missed it would run until ctx ends).
	if d := time.Since(start); d < 200*time.Millisecond || d > waitTimeout {
		t.Errorf("Go took %v", d)
	}
	if _, err := surakarta.NewPosition().Legal(res.Move); err != nil {
		t.Error(err)
	}
}

// TestClientGoContext: a Go whose context ends stops the search, returns
// the context's cause, and leaves the client usable.
func TestClientGoContext(t *testing.T) {
	c := startServer(t)
	if err := c.Position(testContext(t), surakarta.NewPosition(), nil); err != nil {
		t.Fatal(err)
	}
	cause := errors.New("out of patience")
	ctx, cancel := context.WithTimeoutCause(context.Background(), 100*time.Millisecond, cause)
	defer cancel()
	start := time.Now()
	if _, err := c.Go(ctx, GoParams{Infinite: true}, nil); err != cause {
		t.Errorf("Go: %v, want the context's cause", err)
	}
	if d := time.Since(start); d > waitTimeout { // a hang, not a slow machine
		t.Errorf("Go took %v", d)
	}
	if res, err := c.Go(testContext(t), GoParams{Limits: surakarta.Limits{Depth: 1}}, nil); err != nil || res.Move == surakarta.NoMove {
		t.Errorf("Go after: %v, %v", res, err)
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
// the handshake, isready and a bestmove a2a3 for go.
func plain(line string, say func(...string)) bool {
	switch strings.Fields(line + " x")[0] {
	case cmdUGI:
		say("id name plain", ansUGIOK)
	case cmdIsReady:
		say(ansReadyOK)
	case "go":
		say("info depth 1 score cp 5 nodes 16 pv a2a3", "bestmove a2a3")
	case cmdQuit:
		return false
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

// TestClientUnasked: lines that answer what was not asked are the error
// of the command during which they come, never the answer to a later
// one.
func TestClientUnasked(t *testing.T) {
	ctx := testContext(t)
	depth1 := GoParams{Limits: surakarta.Limits{Depth: 1}}
	start := surakarta.NewPosition()
	t.Run("bestmove twice", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, "go") {
				say("bestmove a2a3", "bestmove b2b3")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.Go(ctx, depth1, nil); !errors.Is(err, ErrProtocol) {
			t.Errorf("Go: %v", err)
		}
	})
	t.Run("bestmove again after readyok", func(t *testing.T) {
		searches := 0
		c := connect(t, func(line string, say func(...string)) bool {
			switch {
			case strings.HasPrefix(line, "go"):
				if searches++; searches == 1 {
					return true // answered after isready
				}
			case line == cmdIsReady && searches == 1: // as an engine that answers isready while it searches
				say(ansReadyOK, "bestmove a2a3", "bestmove b2b3")
				searches++
				return true
			}
			return plain(line, say)
		})
		if res, err := c.Go(ctx, depth1, nil); err != nil || res.Move != a2a3 {
			t.Fatalf("Go: %v, %v", res.Move, err)
		}
		err := c.Position(ctx, start, []surakarta.Move{a2a3})
		if !errors.Is(err, ErrProtocol) {
			t.Errorf("Position: %v", err)
		}
		if res, err := c.Go(ctx, depth1, nil); err != nil || res.Move != a2a3 {
			t.Errorf("Go after: %v, %v; want the engine's answer to this go", res.Move, err)
		}
	})
	t.Run("bestmove after position", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, "position") {
				say("info depth 1 pv d2d3", "bestmove d2d3")
				return true
			}
			return plain(line, say)
		})
		err := c.Position(ctx, start, nil)
		if !errors.Is(err, ErrProtocol) {
			t.Errorf("Position: %v", err)
		}
		if res, err := c.Go(ctx, depth1, nil); err != nil || res.Move != a2a3 {
			t.Errorf("Go after: %v, %v; want the engine's answer to this go", res.Move, err)
		}
	})
	t.Run("response and id", func(t *testing.T) {
		for _, extra := range []string{"response true", "id name again", "option name X type check default true", ansUGIOK} {
			c := connect(t, func(line string, say func(...string)) bool {
				if line == cmdNewGame {
					say(extra)
					return true
				}
				return plain(line, say)
			})
			if err := c.NewGame(ctx); !errors.Is(err, ErrProtocol) {
				t.Errorf("%q after uginewgame: %v", extra, err)
			}
		}
	})
	t.Run("readyok twice", func(t *testing.T) {
		newGame := false
		queued := make(chan struct{})
		c := connect(t, func(line string, say func(...string)) bool {
			switch {
			case line == cmdNewGame:
				newGame = true
				return true
			case line == cmdIsReady && newGame:
				say(ansReadyOK, ansReadyOK)
				say()
				close(queued)
				newGame = false
				return true
			}
			return plain(line, say)
		})
		if err := c.NewGame(ctx); err != nil {
			t.Fatalf("NewGame: %v", err)
		}
		// The second readyok comes while no exchange is open: the next
		// command finds it waiting. (Within an exchange it would end the
		// exchange early, unnoticed: UGI's readyok says not which
		// isready it answers.) It is waited for, not given a time: on a
		// loaded machine it may come late.
		select {
		case <-queued:
		case <-time.After(waitTimeout):
			t.Fatalf("the second readyok not read after %v", waitTimeout)
		}
		if err := c.Position(ctx, start, nil); !errors.Is(err, ErrProtocol) {
			t.Errorf("Position: %v", err)
		}
	})
	t.Run("other lines", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			switch line {
			case cmdUGI:
				say("Plain engine 1.0 by nobody", "id name plain", "banner again", ansUGIOK)
			case cmdNewGame:
				say("debug: new game", "info string hello", "")
			default:
				return plain(line, say)
			}
			return true
		})
		if err := c.NewGame(ctx); err != nil {
			t.Errorf("NewGame: %v", err)
		}
	})
	t.Run("two responses", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, "query") {
				say("response true", "response false")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.Query(ctx, QueryGameOver); !errors.Is(err, ErrProtocol) {
			t.Errorf("Query: %v", err)
		}
	})
	t.Run("no response", func(t *testing.T) {
		c := connect(t, plain)
		if _, err := c.Query(ctx, QueryGameOver); !errors.Is(err, ErrProtocol) {
			t.Errorf("Query: %v", err)
		}
	})
}

// TestClientFaults: an engine that answers what does not read, exits, or
// does not answer stop.
func TestClientFaults(t *testing.T) {
	ctx := testContext(t)
	depth1 := GoParams{Limits: surakarta.Limits{Depth: 1}}
	t.Run("bad bestmove", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, "go") {
				say("info depth garbage \x01\xff", "bestmove ?!\x07")
				return true
			}
			return plain(line, say)
		})
		if _, err := c.Go(ctx, depth1, nil); !errors.Is(err, ErrProtocol) {
			t.Errorf("Go: %v", err)
		}
	})
	t.Run("exit", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			return !strings.HasPrefix(line, "go") && plain(line, say)
		})
		if _, err := c.Go(ctx, depth1, nil); !errors.Is(err, ErrExited) {
			t.Errorf("Go: %v", err)
		}
		if err := c.IsReady(ctx); !errors.Is(err, ErrExited) {
			t.Errorf("IsReady after: %v", err)
		}
	})
	t.Run("no ugiok", func(t *testing.T) {
		r, w := engine(t, func(line string, say func(...string)) bool { return false })
		if _, err := Connect(ctx, r, w); !errors.Is(err, ErrExited) {
			t.Errorf("Connect: %v", err)
		}
	})
	t.Run("deaf to stop", func(t *testing.T) {
		c := connect(t, func(line string, say func(...string)) bool {
			return strings.HasPrefix(line, "go") || plain(line, say)
		})
		cause := errors.New("stopping")
		short, cancel := context.WithTimeoutCause(ctx, 50*time.Millisecond, cause)
		defer cancel()
		if _, err := c.Go(short, depth1, nil); err != cause {
			t.Errorf("Go: %v", err)
		}
		if err := c.IsReady(ctx); !errors.Is(err, ErrProtocol) {
			t.Errorf("IsReady after: %v", err)
		}
		// Close kills the broken engine at once, rather than wait
		// process.Grace for it to end.
		start := time.Now()
		c.Close()
		testsize.RealTimeWithin(t, "Close", time.Since(start), 500*time.Millisecond)
	})
	t.Run("slow readyok", func(t *testing.T) {
		// An exchange given up on: its readyok, when it comes, is not
		// taken for the next one's.
		release := make(chan struct{})
		var slow atomic.Bool
		c := connect(t, func(line string, say func(...string)) bool {
			if line == cmdIsReady && slow.Load() {
				<-release
				say("bestmove b2b3", ansReadyOK)
				slow.Store(false)
				return true
			}
			return plain(line, say)
		})
		slow.Store(true)
		short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		defer cancel()
		if err := c.Position(short, surakarta.NewPosition(), nil); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Position: %v", err)
		}
		close(release)
		if err := c.IsReady(ctx); err != nil {
			t.Errorf("IsReady: %v", err)
		}
		if res, err := c.Go(ctx, depth1, nil); err != nil || res.Move != a2a3 {
			t.Errorf("Go: %v, %v", res.Move, err)
		}
	})
}

// TestClientIdleMemory: an engine that floods its output between moves
// gets at most a few lines of it taken while the client does not read,
// and the next command reads past the rest.
// TestClientLongLine: a line longer than 4 KiB breaks the protocol,
// "line too long", whatever it starts with: never a bestmove cut short,
// whose first 4 KiB may read as another move. Every method fails after
// it.
func TestClientLongLine(t *testing.T) {
	ctx := testContext(t)
	// The first 4 KiB of the bestmove read "bestmove a2a3", the line
	// "bestmove a2a3b3".
	pad := strings.Repeat(" ", 4096-len("bestmove a2a3"))
	for _, long := range []string{"bestmove " + pad + "a2a3b3", "info string " + strings.Repeat("x", 1<<20)} {
		c := connect(t, func(line string, say func(...string)) bool {
			if strings.HasPrefix(line, "go") {
				say(long, "bestmove a2a3")
				return true
			}
			return plain(line, say)
		})
		for range 2 {
			if _, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 1}}, nil); !errors.Is(err, ErrProtocol) || !strings.Contains(err.Error(), "line too long") {
				t.Errorf("Go after a line of %d bytes: %v", len(long), err)
			}
		}
		if err := c.IsReady(ctx); !errors.Is(err, ErrProtocol) {
			t.Errorf("IsReady after a line too long: %v", err)
		}
	}
}

func TestClientIdleMemory(t *testing.T) {
	var written atomic.Int64
	const flood = 64 << 20
	searched := false
	c := connect(t, func(line string, say func(...string)) bool {
		switch {
		case strings.HasPrefix(line, "go"):
			say("bestmove a2a3")
			searched = true
			return true
		case line == cmdIsReady && searched: // the search is over
			say(ansReadyOK)
			searched = false
			long := strings.Repeat("info string flood ", 200) // 3.6 KB, under the 4 KiB a line may have
			for n := 0; n < flood; n += len(long) + 1 {
				say(long)
				written.Add(int64(len(long) + 1))
			}
			return true
		}
		return plain(line, say)
	})
	ctx := testContext(t)
	if _, err := c.Go(ctx, GoParams{Limits: surakarta.Limits{Depth: 1}}, nil); err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	time.Sleep(300 * time.Millisecond)
	idle := written.Load()
	runtime.GC()
	runtime.ReadMemStats(&after)
	// The reader holds its buffer of 4 KiB, a line, and 8 queued: about
	// 40 KiB of the engine's lines of 3.6 KB.
	if idle > 12*3601 {
		t.Errorf("the engine wrote %d bytes while the client was idle", idle)
	}
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 1<<20 {
		t.Errorf("the heap grew by %d bytes while idle", grew)
	}
	t.Logf("written while idle: %d bytes; heap %d → %d bytes", idle, before.HeapAlloc, after.HeapAlloc)
	start := time.Now()
	if err := c.Position(ctx, surakarta.NewPosition(), nil); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	t.Logf("reading past %d MiB took %v; %d MiB allocated in all", written.Load()>>20, time.Since(start), (after.TotalAlloc-before.TotalAlloc)>>20)
}

// TestClientInfoWithoutScore: info lines with a depth but no score, such
// as the currmove lines of UCI engines, are not an iteration's: a search
// whose lines never had a score gives Depth 0, so that a caller can tell
// an engine that reports no score from one that scores 0.
func TestClientInfoWithoutScore(t *testing.T) {
	ctx := testContext(t)
	depth3 := GoParams{Limits: surakarta.Limits{Depth: 3}}
	for _, tc := range []struct {
		name     string
		info     []string
		depth    int
		score    int
		progress int
	}{
		{"currmove only", []string{"info depth 3 currmove a2a3 currmovenumber 1", "info depth 3 nodes 100 pv a2a3"}, 0, 0, 0},
		{"scored, then currmove", []string{"info depth 2 score cp 17 pv a2a3", "info depth 3 currmove b2b3 currmovenumber 2"}, 2, 17, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := connect(t, func(line string, say func(...string)) bool {
				if strings.HasPrefix(line, "go") {
					say(append(tc.info, "bestmove a2a3")...)
					return true
				}
				return plain(line, say)
			})
			progress := 0
			res, err := c.Go(ctx, depth3, func(surakarta.Info) { progress++ })
			if err != nil || res.Depth != tc.depth || res.Score != tc.score || progress != tc.progress {
				t.Errorf("Go: depth %d, score %d, %d progress reports, %v; want depth %d, score %d, %d reports",
					res.Depth, res.Score, progress, err, tc.depth, tc.score, tc.progress)
			}
		})
	}
}
