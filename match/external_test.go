package match

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// The tests of external engines play matches against programs: the
// module's engine, cmd/surakarta, built once, and fake engines that
// misbehave, which are this test binary started again with the arguments
// "fake-engine MODE PIDDIR" (TestMain runs them instead of the tests).

func TestMain(m *testing.M) {
	if len(os.Args) >= 4 && os.Args[1] == "fake-engine" {
		os.Exit(fakeEngine(os.Args[2], os.Args[3]))
	}
	// A fake engine built with the race detector would wait a second at
	// its exit, as a program that does not quit.
	os.Setenv("GORACE", strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	code := m.Run()
	if engineDir != "" {
		os.RemoveAll(engineDir)
	}
	os.Exit(code)
}

var (
	engineOnce sync.Once
	engineDir  string
	engineBin  string
	engineErr  error
)

// engineProgram returns the path of cmd/surakarta, built once for all
// tests.
func engineProgram(t *testing.T) string {
	t.Helper()
	engineOnce.Do(func() {
		if engineDir, engineErr = os.MkdirTemp("", "match-engine"); engineErr != nil {
			return
		}
		engineBin, engineErr = cmdtest.Build(engineDir, "../cmd/surakarta")
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return engineBin
}

// quoteWord quotes a path for the command of an engine spec.
func quoteWord(t *testing.T, s string) string {
	t.Helper()
	if strings.Contains(s, "'") {
		t.Skipf("path %q holds a quote", s)
	}
	return "'" + s + "'"
}

// externalMatch plays a match of games games at the given depth, and
// again to check that it resumes, and returns its outcome, its records
// read back from the record file (which replays every game under the
// rules) and its progress lines.
func externalMatch(t *testing.T, a, b string, games, depth int) (Outcome, []*surakarta.Record, string) {
	t.Helper()
	ea, err := ParseEngine(a)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := ParseEngine(b)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "games.txt")
	var progress bytes.Buffer
	cfg := Config{A: ea, B: eb, Games: games, Limits: surakarta.Limits{Depth: depth}, Seed: 7, Concurrency: 2,
		RecordFile: file, Progress: &progress}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	out, err := Run(ctx, cfg)
	if err != nil {
		t.Fatalf("Run: %v\nprogress:\n%s", err, progress.String())
	}
	recs := recordsIn(t, file)
	if len(recs) != games || out.Counts.Games() != games {
		t.Fatalf("%d records, counts %+v: want %d games", len(recs), out.Counts, games)
	}
	// Run again: the match resumes from its records, forfeits included.
	again, err := Run(ctx, cfg)
	if err != nil || again.Resumed != games || again.Counts != out.Counts {
		t.Fatalf("run again: %+v, %v; want the same counts, all %d games resumed", again, err, games)
	}
	return out, recs, progress.String()
}

// checkNoForfeits fails if a record has a Forfeit header, and checks that
// every game ended by the rules or the move limit.
func checkNoForfeits(t *testing.T, recs []*surakarta.Record) {
	t.Helper()
	for _, r := range recs {
		if f, ok := r.Header(forfeitHeader); ok {
			t.Errorf("a forfeit: %s", f)
		}
		if r.Reason != r.Game.Outcome().Reason.String() && r.Reason != "adjudicated: move limit" {
			t.Errorf("reason %q, outcome %v", r.Reason, r.Game.Outcome())
		}
	}
}

func TestExternalUGIAgainstBuiltIn(t *testing.T) {
	bin := engineProgram(t)
	a := "ugi,option.Hash=1,option.Evaluator=sixfactor:" + quoteWord(t, bin)
	out, recs, _ := externalMatch(t, a, "pvs,endgame", 4, 2)
	checkNoForfeits(t, recs)
	for _, r := range recs {
		n, _ := r.Header("Round")
		black, _ := r.Header("Black")
		white, _ := r.Header("White")
		odd := n == "1" || n == "3"
		if (black == a) != odd || (white == "pvs,endgame") != odd {
			t.Errorf("round %s: Black %q, White %q", n, black, white)
		}
	}
	t.Logf("%s vs pvs,endgame at depth 2: %s", a, out)
}

func TestExternalUGIAgainstGTP(t *testing.T) {
	bin := quoteWord(t, engineProgram(t))
	out, recs, _ := externalMatch(t, "ugi,name=ugi:"+bin, "gtp,name=gtp:"+bin+" -gtp -movetime 5ms", 2, 1)
	checkNoForfeits(t, recs)
	for _, r := range recs {
		if r.Game.Ply() < 10 {
			t.Errorf("a game of %d plies", r.Game.Ply())
		}
	}
	t.Logf("ugi vs gtp: %s", out)
}

// TestExternalUGIPV: a UGI program's search gives its principal
// variation, also when the move played is a capture (which the program
// writes without the capture bit that the move played has).
func TestExternalUGIPV(t *testing.T) {
	e, err := ParseEngine("ugi:" + quoteWord(t, engineProgram(t)))
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

// TestExternalForfeits: a program that answers an illegal move, crashes,
// never answers or answers garbage loses every game, recorded with its
// position; the match goes on to its end, and no process is left.
func TestExternalForfeits(t *testing.T) {
	for _, tc := range []struct {
		mode, setting string
		reason        string // the records' Reason
		detail        string // in the Forfeit header
	}{
		{"illegal", "", "forfeit: illegal move", "illegal move"},
		{"crash", "", "forfeit: crash", "exit status 3"},
		// The timeout leaves a loaded machine time for the moves before.
		{"hang", ",timeout=1s", "time forfeit", "no answer in time (1s allowed)"},
		{"garbage", "", "forfeit: bad answer", "does not read"},
		{"gtp-illegal", "", "forfeit: illegal move", "illegal move"},
		{"gtp-refuse", "", "forfeit: bad answer", "refused"},
		// Answers nobody asked for: never taken for the next answer.
		{"twice", "", "forfeit: bad answer", `"bestmove`},
		{"after-position", "", "forfeit: bad answer", `"bestmove`},
		{"gtp-twice", "", "forfeit: bad answer", "came unasked"},
		// A line over the limit is the program's fault, said as such: not
		// a crash, with the status of the kill that ends it.
		{"long", "", "forfeit: bad answer", "line too long"},
		{"gtp-long", "", "forfeit: bad answer", "line too long"},
		// A crash while a process the program started in a session of its
		// own holds its output open: a crash at once, not a time forfeit
		// after the timeout, where the system tells.
		{"orphan", ",timeout=30s", "forfeit: crash", "exit status 3"},
	} {
		t.Run(tc.mode, func(t *testing.T) {
			if tc.mode == "orphan" && runtime.GOOS != "linux" {
				t.Skip("a program's exit is seen while its output is open on Linux only")
			}
			t.Parallel()
			pids := t.TempDir()
			defer killLingering(t, pids)
			protocol := "ugi"
			if strings.HasPrefix(tc.mode, "gtp-") {
				protocol = "gtp"
			}
			fake := protocol + ",name=fake" + tc.setting + ":" + quoteWord(t, os.Args[0]) + " fake-engine " + tc.mode + " " + quoteWord(t, pids)
			start := time.Now()
			out, recs, progress := externalMatch(t, "pvs,sixfactor", fake, 2, 1)
			if out.Counts.Wins != 2 {
				t.Errorf("counts %+v: want 2 wins of the built-in engine", out.Counts)
			}
			for _, r := range recs {
				black, _ := r.Header("Black")
				loser := surakarta.White
				if black == "fake" {
					loser = surakarta.Black
				}
				f, _ := r.Header(forfeitHeader)
				want := fmt.Sprintf("%v (fake) forfeits at ply %d, position %s: ", loser, r.Game.Ply(), r.Game.Position())
				if r.Reason != tc.reason || !strings.HasPrefix(f, want) || !strings.Contains(f, tc.detail) {
					t.Errorf("Reason %q, Forfeit %q; want Reason %q, a Forfeit starting %q and saying %q", r.Reason, f, tc.reason, want, tc.detail)
				}
				if r.Game.Ply() < 2*fakeFailsAt-2 {
					t.Errorf("the game ended at ply %d, before the fake engine failed", r.Game.Ply())
				}
				if tc.reason != "time forfeit" && r.Game.Outcome().Over {
					t.Errorf("outcome %v: a forfeit other than on time leaves the game as it was", r.Game.Outcome())
				}
			}
			if n := strings.Count(progress, "(fake) forfeits at ply"); n != 2 {
				t.Errorf("%d forfeits in the progress lines, want 2:\n%s", n, progress)
			}
			checkGone(t, pids)
			t.Logf("%s: %v", tc.mode, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestExternalFlood: a program that floods its output between moves
// (info lines, which a client may drop) costs the runner a few lines of
// memory while it waits, not the flood, and plays on. The log has the
// runner's heap and, on Linux, its resident memory, before and after.
func TestExternalFlood(t *testing.T) {
	pids := t.TempDir()
	e, err := ParseEngine("ugi,name=fake:" + quoteWord(t, os.Args[0]) + " fake-engine flood " + quoteWord(t, pids))
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
	time.Sleep(time.Second) // the flood fills what the runner takes
	runtime.GC()
	runtime.ReadMemStats(&after)
	grew := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap while the program floods: %d → %d bytes (%+d); resident: %d → %d KiB", before.HeapAlloc, after.HeapAlloc, grew, rssBefore, residentKiB())
	// A few lines of 3.6 KB the client reads ahead, not the 256 the
	// runner of v0.1.0 buffered (+892,032 bytes).
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

// TestExternalClosesPrograms: Run ends the programs of games that end by
// the rules.
func TestExternalClosesPrograms(t *testing.T) {
	pids := t.TempDir()
	fake := "ugi,name=fake:" + quoteWord(t, os.Args[0]) + " fake-engine ok " + quoteWord(t, pids)
	_, recs, _ := externalMatch(t, fake, "pvs,sixfactor", 2, 1)
	checkNoForfeits(t, recs)
	checkGone(t, pids)
}

// TestExternalStartFailure: a program that cannot be started is a failure
// of the match, not a forfeit.
func TestExternalStartFailure(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "engine")
	if err := os.WriteFile(prog, []byte("not a program"), 0o755); err != nil {
		t.Fatal(err)
	}
	e, err := ParseEngine("ugi:" + quoteWord(t, prog))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseEngine("pvs,sixfactor")
	_, err = Run(context.Background(), Config{A: e, B: b, Games: 2, Limits: surakarta.Limits{Depth: 1}})
	var f *Forfeit
	if err == nil || errors.As(err, &f) || !strings.Contains(err.Error(), "starting") {
		t.Fatalf("Run: %v; want an error starting the program", err)
	}
}

// TestExternalCancel: a match stopped in the middle ends its programs.
func TestExternalCancel(t *testing.T) {
	pids := t.TempDir()
	e, err := ParseEngine("ugi,name=fake:" + quoteWord(t, os.Args[0]) + " fake-engine hang " + quoteWord(t, pids))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseEngine("pvs,sixfactor")
	// The match is cancelled once a fake program runs (it hangs at its
	// third search; a program built with the race detector on a loaded
	// machine may take seconds to start), or after a minute.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var cancelled time.Time
	go func() {
		for ctx.Err() == nil {
			if entries, _ := os.ReadDir(pids); len(entries) > 0 {
				time.Sleep(300 * time.Millisecond)
				cancelled = time.Now()
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	out, err := Run(ctx, Config{A: e, B: b, Games: 2, Limits: surakarta.Limits{Depth: 1}, Concurrency: 2})
	if !errors.Is(err, context.Canceled) || out.Counts.Games() != 0 {
		t.Fatalf("Run: %+v, %v; want no game and the context's error", out, err)
	}
	if d := time.Since(cancelled); d > 10*time.Second {
		t.Errorf("Run took %v to stop after it was cancelled", d)
	}
	checkGone(t, pids)
}

// TestExternalStop: a match stopped in the middle of a search of the
// engine program stops it with stop, at once.
func TestExternalStop(t *testing.T) {
	e, err := ParseEngine("ugi:" + quoteWord(t, engineProgram(t)))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ParseEngine("pvs,sixfactor")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, err := Run(ctx, Config{A: e, B: b, Games: 2, Limits: surakarta.Limits{MoveTime: time.Minute}, Concurrency: 2})
	if !errors.Is(err, context.DeadlineExceeded) || out.Counts.Games() != 0 {
		t.Fatalf("Run: %+v, %v; want no game and the context's error", out, err)
	}
	// A minute a move, stopped: well within the second each program has
	// to answer stop and the second to quit.
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v to stop", d)
	}
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

func TestParseExternalEngine(t *testing.T) {
	bin := quoteWord(t, os.Args[0])
	e, err := ParseEngine(" ugi:" + bin + " -x ")
	if err != nil || e.Name != "ugi:"+bin+" -x" {
		t.Fatalf("ParseEngine: %q, %v; want the spec as the name", e.Name, err)
	}
	s := e.New().(*externalSearcher)
	if s.spec.argv[0] != os.Args[0] || s.spec.argv[1] != "-x" || s.spec.protocol != "ugi" {
		t.Errorf("spec %+v", s.spec)
	}
	e, err = ParseEngine("UGI, name = me, timeout=1500ms, option.Move Overhead=30:" + bin)
	if err != nil || e.Name != "me" {
		t.Fatalf("ParseEngine: %q, %v", e.Name, err)
	}
	s = e.New().(*externalSearcher)
	if s.spec.timeout != 1500*time.Millisecond || len(s.spec.options) != 1 || s.spec.options[0] != [2]string{"Move Overhead", "30"} {
		t.Errorf("spec %+v", s.spec)
	}
	if got := s.timeout(surakarta.Limits{MoveTime: time.Second}, surakarta.Black); got != 2500*time.Millisecond {
		t.Errorf("timeout %v, want 2.5s", got)
	}
	e, _ = ParseEngine("gtp:" + bin)
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
	for spec, want := range map[string]string{
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
	} {
		if _, err := ParseEngine(spec); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseEngine(%q) = %v, want an error saying %q", spec, err, want)
		}
	}
}

func TestHeaderText(t *testing.T) {
	got := headerText("a\x00b\nc\x7fd\xff" + strings.Repeat("é", 400))
	if !strings.HasPrefix(got, "a b c d?é") || len(got) > maxHeaderText+len("…") {
		t.Errorf("headerText: %q", got)
	}
	if _, err := (&surakarta.Record{Headers: []surakarta.Header{{Name: "X", Value: got}}, Game: surakarta.NewGame(surakarta.NewPosition()), Result: "*"}).MarshalText(); err != nil {
		t.Errorf("not a valid header value: %v", err)
	}
}

// fakeFailsAt is the search at which a fake engine misbehaves.
const fakeFailsAt = 3

// longLine is the length of the long line of modes long and gtp-long,
// 2 MiB: far beyond the longest line a client reads.
const longLine = 2 << 20

// The flood of the fake engine's mode flood after its first move: lines
// of 4000 bytes (a client reads lines of up to 4 KiB), 300 MB in all.
const (
	floodLine  = 4000
	floodLines = 75_000
)

// fakeEngine is a program that plays the first legal move, and fails at
// its fakeFailsAt-th search the way mode says: answering an illegal move
// (illegal, gtp-illegal), exiting (crash), never answering and ignoring
// quit (hang), answering garbage (garbage), or refusing a move of its
// opponent (gtp-refuse), answering go twice (twice) or genmove twice
// (gtp-twice), or answering position with a bestmove (after-position),
// exiting after starting a process in a session of its own that holds its
// standard input, output and error open (orphan: see startLingering), or
// writing a line of longLine bytes (long: an info line before bestmove;
// gtp-long: genmove's answer). In
// mode flood it writes floodLines info lines of floodLine bytes after its
// first move, while it goes on. In modes gtp-log and ugi-log it plays
// through GTP or UGI and keeps the commands it gets, one a line, in
// pidDir/PID.log. It writes its process id in a file in pidDir.
func fakeEngine(mode, pidDir string) int {
	pid := strconv.Itoa(os.Getpid())
	if mode == "linger" {
		pid = lingerPrefix + pid
	}
	if err := os.WriteFile(filepath.Join(pidDir, pid), nil, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if mode == "linger" {
		time.Sleep(time.Minute)
		return 0
	}
	gtp := strings.HasPrefix(mode, "gtp-")
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var outMu sync.Mutex // say and the flood of mode flood
	say := func(lines ...string) {
		outMu.Lock()
		defer outMu.Unlock()
		for _, l := range lines {
			fmt.Fprintln(out, l)
		}
		out.Flush()
	}
	game := surakarta.NewGame(surakarta.NewPosition())
	searches, plays, positions := 0, 0, 0
	illegal := func() string {
		for from := range surakarta.Square(36) {
			for to := range surakarta.Square(36) {
				m, err := surakarta.ParseMove(from.String() + to.String())
				if err == nil && game.Clone().Play(m) != nil {
					return m.String()
				}
			}
		}
		return "a1a1"
	}
	for in.Scan() {
		fields := strings.Fields(in.Text())
		if len(fields) == 0 {
			continue
		}
		cmd, args := fields[0], fields[1:]
		if mode == "gtp-log" || mode == "ugi-log" { // keep the commands, one a line, in pidDir/PID.log
			f, err := os.OpenFile(filepath.Join(pidDir, pid+".log"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err == nil {
				fmt.Fprintln(f, strings.Join(fields, " "))
				f.Close()
			}
		}
		if gtp {
			switch cmd {
			case "protocol_version":
				say("= 2", "")
				continue
			case "clear_board":
				game = surakarta.NewGame(surakarta.NewPosition())
			case "surakarta-position":
				p, err := surakarta.ParsePosition(strings.Join(args, " "))
				if err != nil {
					say("? "+err.Error(), "")
					continue
				}
				game = surakarta.NewGame(p)
			case "play":
				if plays++; mode == "gtp-refuse" && plays >= fakeFailsAt {
					say("? illegal move", "")
					continue
				}
				game.PlayText(args[1])
			case "genmove":
				searches++
				m := game.LegalMoves()[0].String()
				if mode == "gtp-illegal" && searches >= fakeFailsAt {
					m = illegal()
				} else {
					game.PlayText(m)
				}
				if mode == "gtp-long" && searches >= fakeFailsAt {
					m += " " + strings.Repeat("x", longLine)
				}
				say("= "+m, "")
				if mode == "gtp-twice" && searches >= fakeFailsAt {
					say("= "+m, "")
				}
				continue
			case "quit":
				say("=", "")
				return 0
			}
			say("=", "")
			continue
		}
		switch cmd {
		case "ugi":
			say("id name fake", "ugiok")
		case "isready":
			say("readyok")
		case "uginewgame":
			game = surakarta.NewGame(surakarta.NewPosition())
		case "position":
			text, moves, _ := strings.Cut(" "+strings.Join(args[1:], " ")+" ", " moves ")
			if text = strings.TrimSpace(text); args[0] == "startpos" {
				text = surakarta.StartText
			}
			p, err := surakarta.ParsePosition(text)
			if err != nil {
				say("info string error: " + err.Error())
				continue
			}
			game = surakarta.NewGame(p)
			for _, m := range strings.Fields(moves) {
				game.PlayText(m)
			}
			if positions++; mode == "after-position" && positions >= fakeFailsAt {
				say("bestmove " + game.LegalMoves()[0].String())
			}
		case "go":
			searches++
			m := game.LegalMoves()[0].String()
			if searches >= fakeFailsAt {
				switch mode {
				case "illegal":
					m = illegal()
				case "crash":
					fmt.Fprintln(os.Stderr, "fake engine: crashing")
					return 3
				case "orphan":
					if err := startLingering(pidDir); err != nil {
						fmt.Fprintln(os.Stderr, err)
						return 1
					}
					return 3
				case "hang":
					time.Sleep(time.Hour)
				case "garbage":
					say("info depth garbage \x01\xff", "bestmove ?!\x07")
					continue
				case "twice":
					say("bestmove "+m, "bestmove "+m)
					continue
				case "long":
					say("info string "+strings.Repeat("x", longLine), "bestmove "+m)
					continue
				}
			}
			say("info depth 1 score cp 0 nodes 1 pv "+m, "bestmove "+m)
			if mode == "flood" && searches == 1 {
				go func() { // while it reads and answers the next commands
					line := "info string " + strings.Repeat("x", floodLine-len("info string "))
					for range floodLines {
						say(line)
					}
				}()
			}
		case "quit":
			return 0
		}
	}
	if mode == "hang" {
		time.Sleep(time.Hour)
	}
	return 0
}

// checkGone fails unless every fake engine process whose id is in pidDir
// has ended.
func checkGone(t *testing.T, pidDir string) {
	t.Helper()
	entries, err := os.ReadDir(pidDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) == 0 {
		t.Fatal("no fake engine started")
	}
	if runtime.GOOS == "windows" {
		return
	}
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), lingerPrefix) {
			continue
		}
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			t.Fatal(err)
		}
		if p, err := os.FindProcess(pid); err == nil && p.Signal(syscall.Signal(0)) == nil {
			t.Errorf("fake engine process %d is still running", pid)
		}
	}
}

// lingerPrefix starts the names of the files of the processes in pidDir
// that the fake engine of mode orphan leaves behind.
const lingerPrefix = "linger-"

// killLingering kills the processes that fake engines of mode orphan left
// behind in sessions of their own, which Run does not end.
func killLingering(t *testing.T, pidDir string) {
	entries, _ := os.ReadDir(pidDir)
	for _, e := range entries {
		if pid, ok := strings.CutPrefix(e.Name(), lingerPrefix); ok {
			n, err := strconv.Atoi(pid)
			if err != nil {
				t.Fatal(err)
			}
			if p, err := os.FindProcess(n); err == nil {
				p.Kill()
			}
		}
	}
}
