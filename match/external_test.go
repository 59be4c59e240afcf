package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/internal/fakeengine"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// The tests of external engines play matches against programs: the
// module's engine, cmd/surakarta, built once, and fake engines that
// misbehave (package fakeengine), which are this test binary started
// again. Package enginespec tests how each way a program fails is
// judged; these, what a match makes of it: its records, its progress, and
// no process left.

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

// externalMatch plays a match of games games at the given depth, and
// again to check that it resumes, and returns its outcome, its records
// read back from the record file (which replays every game under the
// rules) and its progress lines.
func externalMatch(t *testing.T, a, b string, games, depth int) (Outcome, []*record.Record, string) {
	t.Helper()
	ea, err := enginespec.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	eb, err := enginespec.Parse(b)
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
func checkNoForfeits(t *testing.T, recs []*record.Record) {
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
	a := "ugi,option.Hash=1,option.Evaluator=sixfactor:" + engineProgram(t)
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
	bin := engineProgram(t)
	out, recs, _ := externalMatch(t, "ugi,name=ugi:"+bin, "gtp,name=gtp:"+bin+" -gtp -movetime 5ms", 2, 1)
	checkNoForfeits(t, recs)
	for _, r := range recs {
		if r.Game.Ply() < 10 {
			t.Errorf("a game of %d plies", r.Game.Ply())
		}
	}
	t.Logf("ugi vs gtp: %s", out)
}

// TestExternalForfeits: a program that answers an illegal move, crashes,
// never answers or answers garbage loses every game, recorded with its
// position; the match goes on to its end, and no process is left. Each
// kind of forfeit is here, through UGI and GTP; package enginespec's
// TestSearchForfeits has every way a program fails.
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
	} {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			pids := t.TempDir()
			protocol := "ugi"
			if strings.HasPrefix(tc.mode, "gtp-") {
				protocol = "gtp"
			}
			fake := protocol + ",name=fake" + tc.setting + ":" + fakeengine.Command(t, tc.mode, pids)
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
				if r.Game.Ply() < 2*fakeengine.FailsAt-2 {
					t.Errorf("the game ended at ply %d, before the fake engine failed", r.Game.Ply())
				}
				if tc.reason != "time forfeit" && r.Game.Outcome().Over {
					t.Errorf("outcome %v: a forfeit other than on time leaves the game as it was", r.Game.Outcome())
				}
			}
			if n := strings.Count(progress, "(fake) forfeits at ply"); n != 2 {
				t.Errorf("%d forfeits in the progress lines, want 2:\n%s", n, progress)
			}
			fakeengine.CheckGone(t, pids)
			t.Logf("%s: %v", tc.mode, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestExternalClosesPrograms: Run ends the programs of games that end by
// the rules.
func TestExternalClosesPrograms(t *testing.T) {
	pids := t.TempDir()
	fake := "ugi,name=fake:" + fakeengine.Command(t, "ok", pids)
	_, recs, _ := externalMatch(t, fake, "pvs,sixfactor", 2, 1)
	checkNoForfeits(t, recs)
	fakeengine.CheckGone(t, pids)
}

// TestExternalStartFailure: a program that cannot be started is a failure
// of the match, not a forfeit.
func TestExternalStartFailure(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "engine")
	if err := os.WriteFile(prog, []byte("not a program"), 0o755); err != nil {
		t.Fatal(err)
	}
	e, err := enginespec.Parse("ugi:" + fakeengine.Quote(t, prog))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := enginespec.Parse("pvs,sixfactor")
	_, err = Run(context.Background(), Config{A: e, B: b, Games: 2, Limits: surakarta.Limits{Depth: 1}})
	var f *enginespec.Forfeit
	if err == nil || errors.As(err, &f) || !strings.Contains(err.Error(), "starting") {
		t.Fatalf("Run: %v; want an error starting the program", err)
	}
}

// TestExternalCancel: a match stopped in the middle ends its programs.
func TestExternalCancel(t *testing.T) {
	pids := t.TempDir()
	e, err := enginespec.Parse("ugi,name=fake:" + fakeengine.Command(t, "hang", pids))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := enginespec.Parse("pvs,sixfactor")
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
	if d := time.Since(cancelled); d > hangTimeout { // a hang, not a slow machine
		t.Errorf("Run took %v to stop after it was cancelled", d)
	}
	fakeengine.CheckGone(t, pids)
}

// TestExternalStop: a match stopped in the middle of a search of the
// engine program stops it with stop, at once.
func TestExternalStop(t *testing.T) {
	e, err := enginespec.Parse("ugi:" + engineProgram(t))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := enginespec.Parse("pvs,sixfactor")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	out, err := Run(ctx, Config{A: e, B: b, Games: 2, Limits: surakarta.Limits{MoveTime: time.Minute}, Concurrency: 2})
	if !errors.Is(err, context.DeadlineExceeded) || out.Counts.Games() != 0 {
		t.Fatalf("Run: %+v, %v; want no game and the context's error", out, err)
	}
	// A minute a move, stopped: within the second each program has to
	// answer stop and the second to quit on a machine not otherwise busy;
	// a search not stopped would take its minute.
	if d := time.Since(start); d > hangTimeout {
		t.Errorf("Run took %v to stop", d)
	}
	testsize.RealTimeWithin(t, "Run stopped", time.Since(start), 5*time.Second)
}

// hangTimeout bounds a wait that only a hang makes long, never a slow
// machine.
const hangTimeout = 30 * time.Second

func TestHeaderText(t *testing.T) {
	got := headerText("a\x00b\nc\x7fd\xff" + strings.Repeat("é", 400))
	if !strings.HasPrefix(got, "a b c d?é") || len(got) > maxHeaderText+len("…") {
		t.Errorf("headerText: %q", got)
	}
	if _, err := (&record.Record{Headers: []record.Header{{Name: "X", Value: got}}, Game: surakarta.NewGame(surakarta.NewPosition()), Result: "*"}).MarshalText(); err != nil {
		t.Errorf("not a valid header value: %v", err)
	}
}
