package ugi

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/serve"
)

// fuzzSessions, one command a line, start the fuzz corpus.
var fuzzSessions = []string{
	"ugi\nisready\nuginewgame\nposition startpos moves b2b3 e5e4\ngo depth 3\nquery result\nstop",
	"position fen 6/6/6/w5/6/2b3 b 0 1 moves c1a3\nquery gameover\nquery result\ngo nodes 100",
	"setoption name QuietPlyLimit value 4\nposition startpos moves b2b3 e5e4 a2a3 f5f4\nquery gameover",
	"go infinite\nisready\nposition startpos\nstop\ngo p1time 100 p2time 100\nquit",
	"position startpos moves zz\ngo depth 2\nquery p1turn\nshow\nuginewgame\ngo depth 1",
	"position fen xx moves\nsetoption name Hash value -3\nperft 2\nbench 1",
	"perft 3\nisready\nstop\nperft 1\nquery result",
	"setoption name Evaluator value SixFactor\nsetoption name Log File value a b\nsetoption name Clear Hash\nbench",
	"go searchmoves a2a3 depth 1\ngo ponder\ngo depth 2 movetime 50 nodes 300 movestogo 2 p1time 30 p2inc 4",
	"setoption name RepetitionLimit value 0\nposition fen w4w/6/6/6/6/b4b b 0 1 moves a1b1 a6b6 b1a1 b6a6 a1b1\nshow\ngo infinite depth 2",
	"setoption name UCI_ShowWDL value true\ngo ponder depth 2\nisready\nponderhit\nponderhit\ngo mate 1\nsetoption name Clear Hash\ngo ponder movetime 5\nstop",
	"position fen 6/2w2b/6/6/6/3w2 w 0 1\ngo mate 1\ngo mate 0\ngo ponder infinite\nponderhit\nstop\nponderhit",
}

// fuzzState is what a refused command must not change.
func fuzzState(s *server, calls *[]string) string {
	g, err := s.Game()
	game := fmt.Sprint(err)
	if err == nil {
		game = fmt.Sprintf("%v|%v|%v|%v", g.StartPosition(), g.Moves(), g.Rules(), g.Outcome())
	}
	return fmt.Sprintf("%s|%+v|%q", game, s.Settings, *calls)
}

// outputLine is the form of every line the server writes.
var outputLine = regexp.MustCompile(`^(id (name|author) .*|option name .*|ugiok|uciok|readyok|info .*|bestmove ([a-f][1-6]){2}( ponder ([a-f][1-6]){2})?|bestmove 0000|response (true|false|none|draw|p1win|p2win)|[a-f][1-6][a-f][1-6]: \d+|nodes \d+|\d+ nodes \d+ nps)$`)

// FuzzServe: no input panics or hangs the server, it writes only lines
// of the protocol, and a refused command changes nothing, but for a
// position refused for what it says, which leaves no position.
func FuzzServe(f *testing.F) {
	for _, s := range fuzzSessions {
		f.Add(s)
	}
	caps := serve.Caps{Nodes: 2000, Depth: 3}
	f.Fuzz(func(t *testing.T, input string) {
		lines := strings.Split(input, "\n")
		if len(lines) > 50 {
			lines = lines[:50]
		}
		watchdog := time.AfterFunc(30*time.Second, func() {
			buf := make([]byte, 1<<20)
			panic(fmt.Sprintf("hung on %q\n%s", input, buf[:runtime.Stack(buf, true)]))
		})
		defer watchdog.Stop()
		// Command by command.
		var calls []string
		s, err := newServer(&syncBuffer{}, testEngine(&calls), caps)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Stop()
		for _, line := range lines {
			before := fuzzState(s, &calls)
			err := s.command(context.Background(), line)
			if err == errQuit {
				break
			}
			if err == nil {
				continue
			}
			after := fuzzState(s, &calls)
			if f := strings.Fields(line); f[0] == cmdPosition {
				if _, gameErr := s.Game(); gameErr == nil {
					t.Fatalf("%q refused (%v), but the server has a position", line, err)
				}
				continue
			}
			if after != before {
				t.Fatalf("%q refused (%v) but changed the server:\n%s\n%s", line, err, before, after)
			}
		}
		s.Stop()

		// The whole input through Serve.
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var out syncBuffer
		if err := serveCapped(ctx, strings.NewReader(strings.Join(lines, "\n")), &out, testEngine(nil), caps); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		text := out.String()
		if !utf8.ValidString(text) {
			t.Fatalf("the output is not UTF-8: %q", text)
		}
		for l := range strings.Lines(text) {
			if !outputLine.MatchString(strings.TrimSuffix(l, "\n")) {
				t.Fatalf("line %q is not of the protocol", l)
			}
		}
	})
}
