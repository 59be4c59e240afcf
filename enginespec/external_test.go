package enginespec

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/gtp"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/internal/fakeengine"
	"github.com/surakarta-go/surakarta/ugi"
)

// The tests of external engines search with programs: the module's
// engine, cmd/surakarta, built once, and fake engines that misbehave
// (package fakeengine), which are this test binary started again.

func TestMain(m *testing.M) {
	fakeengine.Main()
	code := m.Run()
	engine.Remove()
	os.Exit(code)
}

// engine is cmd/surakarta, built for the tests that play it.
var engine = &cmdtest.Program{Pkg: "../cmd/surakarta"}

// engineProgram returns the path of cmd/surakarta, built once for all
// tests, quoted for the command of an engine spec.
func engineProgram(t *testing.T) string {
	t.Helper()
	return fakeengine.Quote(t, engine.Path(t))
}

// TestSearchForfeits: every way a program fails makes its searcher's
// Search fail with a *Forfeit that says how, the program ended; never
// before the program fails, and never a move taken from an answer that
// was not the search's.
func TestSearchForfeits(t *testing.T) {
	for _, tc := range []struct {
		mode, setting string
		reason        string
		onTime        bool
		is            error  // wrapped by the error
		detail        string // in the error, which a record's Forfeit header quotes
	}{
		{"illegal", "", forfeitIllegal, false, surakarta.ErrIllegalMove, "illegal move"},
		{"crash", "", forfeitCrash, false, ugi.ErrExited, "exit status 3"},
		// The timeout leaves a loaded machine time for the moves before.
		{"hang", ",timeout=1s", forfeitTime, true, errNoAnswer, "1s allowed"},
		{"garbage", "", forfeitAnswer, false, ugi.ErrProtocol, "does not read"},
		{"gtp-illegal", "", forfeitIllegal, false, surakarta.ErrIllegalMove, "illegal move"},
		{"gtp-refuse", "", forfeitAnswer, false, gtp.ErrRefused, "refused"},
		// Answers nobody asked for: never taken for the next answer.
		{"twice", "", forfeitAnswer, false, ugi.ErrProtocol, `"bestmove`},
		{"after-position", "", forfeitAnswer, false, ugi.ErrProtocol, `"bestmove`},
		{"gtp-twice", "", forfeitAnswer, false, gtp.ErrProtocol, "came unasked"},
		// A line over the limit is the program's fault, said as such: not
		// a crash, with the status of the kill that ends it.
		{"long", "", forfeitAnswer, false, ugi.ErrProtocol, "line too long"},
		{"gtp-long", "", forfeitAnswer, false, gtp.ErrProtocol, "line too long"},
		// A crash while a process the program started in a session of its
		// own holds its output open: a crash at once, not a time forfeit
		// after the timeout, where the system tells.
		{"orphan", ",timeout=30s", forfeitCrash, false, ugi.ErrExited, "exit status 3"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			if tc.mode == "orphan" && runtime.GOOS != "linux" {
				t.Skip("a program's exit is seen while its output is open on Linux only")
			}
			t.Parallel()
			pids := t.TempDir()
			defer fakeengine.KillLingering(t, pids)
			protocol := "ugi"
			if strings.HasPrefix(tc.mode, "gtp-") {
				protocol = "gtp"
			}
			e, err := Parse(protocol + ",name=fake" + tc.setting + ":" + fakeengine.Command(t, tc.mode, pids))
			if err != nil {
				t.Fatal(err)
			}
			s := e.New()
			defer s.(io.Closer).Close()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			// The fake plays one side, the first legal move the other.
			g := surakarta.NewGame(surakarta.NewPosition())
			searches := 0
			for ; searches < 2*fakeengine.FailsAt && err == nil; searches++ {
				var res surakarta.Result
				if res, err = s.Search(ctx, g, surakarta.Limits{Depth: 1}); err == nil {
					g.Play(res.Move)
					g.Play(g.LegalMoves()[0])
				}
			}
			var f *Forfeit
			if !errors.As(err, &f) || f.Reason != tc.reason || f.OnTime != tc.onTime || !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.detail) {
				t.Fatalf("search %d: %v; want a *Forfeit %q (on time %v) wrapping %q, saying %q", searches, err, tc.reason, tc.onTime, tc.is, tc.detail)
			}
			if searches < fakeengine.FailsAt {
				t.Errorf("a forfeit at search %d, before the fake engine failed at its %dth", searches, fakeengine.FailsAt)
			}
			fakeengine.CheckGone(t, pids)
		})
	}
}

// TestExternalUGIPV: a UGI program's search gives its principal
// variation, also when the move played is a capture (which the program
// writes without the capture bit that the move played has).
func TestExternalUGIPV(t *testing.T) {
	e, err := Parse("ugi:" + engineProgram(t))
	if err != nil {
		t.Fatal(err)
	}
	s := e.New()
	defer s.(io.Closer).Close()
	won, _ := surakarta.ParsePosition("5b/6/4w1/wb4/6/2w3 w") // White wins in 3 with the capture e4b3
	res, err := s.Search(context.Background(), surakarta.NewGame(won), surakarta.Limits{Depth: 5})
	if err != nil || res.Move.String() != "e4b3" || !res.Move.IsCapture() || len(res.PV) < 2 || res.PV[0] != res.Move {
		t.Errorf("move %v (capture %v), PV %v, %v; want the capture e4b3 first in a PV of the win", res.Move, res.Move.IsCapture(), res.PV, err)
	}
}

// TestExternalFlood: a program that floods its output between moves
// (info lines, which a client may drop) costs its searcher a few lines of
// memory while it waits, not the flood, and plays on. The log has the
// heap and, on Linux, the resident memory, before and after.
func TestExternalFlood(t *testing.T) {
	pids := t.TempDir()
	e, err := Parse("ugi,name=fake:" + fakeengine.Command(t, "flood", pids))
	if err != nil {
		t.Fatal(err)
	}
	s := e.New()
	defer s.(io.Closer).Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	g := surakarta.NewGame(surakarta.NewPosition())
	res, err := s.Search(ctx, g, surakarta.Limits{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	g.Play(res.Move)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rssBefore := residentKiB()
	time.Sleep(time.Second) // the flood fills what the searcher takes
	runtime.GC()
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap while the program floods: %d → %d bytes (%+d); resident: %d → %d KiB", before.HeapAlloc, after.HeapAlloc, grew, rssBefore, residentKiB())
	// A few lines of 3.6 KB the client reads ahead, not the 256 that the
	// match runner of v0.1.0 buffered (+892,032 bytes).
	if grew > 256<<10 {
		t.Errorf("the heap grew by %d bytes", grew)
	}
	start := time.Now()
	if res, err = s.Search(ctx, g, surakarta.Limits{Depth: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Position().Legal(res.Move); err != nil {
		t.Error(err)
	}
	t.Logf("the next move, past the flood: %v", time.Since(start))
}

// residentKiB returns this process's resident memory in KiB, VmRSS of
// /proc/self/status, or 0 where there is none.
func residentKiB() int {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.Lines(string(status)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return n
		}
	}
	return 0
}

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string][]string{
		"":                        nil,
		"  ./x  ":                 {"./x"},
		"/a/b,c:d -gtp":           {"/a/b,c:d", "-gtp"},
		`'/my engine/x' -a "b c"`: {"/my engine/x", "-a", "b c"},
		`a'b c'd "it's" ''`:       {"ab cd", "it's", ""},
		"x\t-y":                   {"x", "-y"},
	} {
		got, err := splitCommand(in)
		if err != nil || fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("splitCommand(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := splitCommand(`'x`); err == nil {
		t.Error("an open quote: no error")
	}
}

func TestParseExternal(t *testing.T) {
	bin := fakeengine.Quote(t, os.Args[0])
	e, err := Parse(" ugi:" + bin + " -x ")
	if err != nil || e.Name != "ugi:"+bin+" -x" {
		t.Fatalf("Parse: %q, %v; want the spec as the name", e.Name, err)
	}
	s := e.New().(*externalSearcher)
	if s.spec.argv[0] != os.Args[0] || s.spec.argv[1] != "-x" || s.spec.protocol != "ugi" {
		t.Errorf("spec %+v", s.spec)
	}
	e, err = Parse("UGI, name = me, timeout=1500ms, option.Move Overhead=30:" + bin)
	if err != nil || e.Name != "me" {
		t.Fatalf("Parse: %q, %v", e.Name, err)
	}
	s = e.New().(*externalSearcher)
	if s.spec.timeout != 1500*time.Millisecond || len(s.spec.options) != 1 || s.spec.options[0] != [2]string{"Move Overhead", "30"} {
		t.Errorf("spec %+v", s.spec)
	}
	if got := s.timeout(surakarta.Limits{MoveTime: time.Second}, surakarta.Black); got != 2500*time.Millisecond {
		t.Errorf("timeout %v, want 2.5s", got)
	}
	e, _ = Parse("gtp:" + bin)
	s = e.New().(*externalSearcher)
	for _, tc := range []struct {
		lim  surakarta.Limits
		want time.Duration
	}{
		{surakarta.Limits{MoveTime: 100 * time.Millisecond}, 2100 * time.Millisecond},
		{surakarta.Limits{Depth: 3}, time.Minute},
		{surakarta.Limits{}, time.Minute + surakarta.DefaultMoveTime},
		// With a clock: White's time left (the side to move) and the margin.
		{surakarta.Limits{Clock: surakarta.Clock{Black: 9 * time.Second, White: 3 * time.Second, WhiteIncrement: time.Second}}, 5 * time.Second},
		{surakarta.Limits{MoveTime: time.Second, Clock: surakarta.Clock{Black: 9 * time.Second, White: 3 * time.Second}}, 5 * time.Second},
	} {
		if got := s.timeout(tc.lim, surakarta.White); got != tc.want {
			t.Errorf("timeout(%+v) = %v, want %v", tc.lim, got, tc.want)
		}
	}
	wantErrors(t, map[string]string{
		"uci:" + bin:                  "want ugi:COMMAND or gtp:COMMAND",
		"ugi:":                        "no program",
		"ugi:  ":                      "no program",
		"ugi:'x":                      "not closed",
		"ugi,hash=1:" + bin:           `unknown setting "hash"`,
		"ugi,name:" + bin:             "want name=value",
		"ugi,name=a,name=b:" + bin:    "given twice",
		"ugi,timeout=-1s:" + bin:      "want a positive duration",
		"ugi,timeout=5:" + bin:        "want a positive duration",
		"gtp,option.Hash=1:" + bin:    "for UGI engines only",
		"ugi,option.=1:" + bin:        "names no option",
		"ugi:/no/such/engine/program": "no such file",
	})
}

// TestSearchChecksArguments: an external engine's Search answers bad
// arguments as every searcher of the module does (surakarta.CheckSearch),
// with the same sentinel errors, and starts no program for them.
func TestSearchChecksArguments(t *testing.T) {
	pids := t.TempDir()
	e, err := Parse("ugi,name=fake:" + fakeengine.Command(t, "ok", pids))
	if err != nil {
		t.Fatal(err)
	}
	s := e.New()
	defer s.(io.Closer).Close()
	g := surakarta.NewGame(surakarta.NewPosition())
	over := surakarta.NewGame(surakarta.NewPosition())
	if err := over.Resign(surakarta.White); err != nil {
		t.Fatal(err)
	}
	a6a4, err := surakarta.ParseMove("a6a4")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		g    *surakarta.Game
		lim  surakarta.Limits
		want error
	}{
		{"nil context", nil, g, surakarta.Limits{}, surakarta.ErrInvalidSearch},
		{"nil game", ctx, nil, surakarta.Limits{}, surakarta.ErrInvalidSearch},
		{"negative depth", ctx, g, surakarta.Limits{Depth: -1}, surakarta.ErrInvalidLimits},
		{"game over", ctx, over, surakarta.Limits{}, surakarta.ErrGameOver},
		{"illegal search move", ctx, g, surakarta.Limits{SearchMoves: []surakarta.Move{a6a4}}, surakarta.ErrIllegalMove},
		{"ponder", ctx, g, surakarta.Limits{Ponder: make(chan struct{})}, surakarta.ErrInvalidLimits},
	} {
		_, err := s.Search(tc.ctx, tc.g, tc.lim)
		var f *Forfeit
		if !errors.Is(err, tc.want) || errors.As(err, &f) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	if entries, _ := os.ReadDir(pids); len(entries) > 0 {
		t.Errorf("a program was started for bad arguments: %d in %s", len(entries), pids)
	}
}
