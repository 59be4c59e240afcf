package match

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/fakeengine"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// fakeTime is the time of the clock tests, which run plays on instead of
// time.Now: it stands still but when a searcher advances it, so that a
// move takes just what the test says, however loaded the machine is. Two
// games played at once would each see the other's moves take time, so
// the tests on it play one game at a time.
type fakeTime struct {
	mu  sync.Mutex
	now time.Time
}

// newFakeTime returns a fake time that starts at a fixed date, so that
// nothing a test checks depends on the day it runs.
func newFakeTime() *fakeTime {
	return &fakeTime{now: time.Date(2026, time.January, 1, 0, 0, 0, 0, time.UTC)}
}

// Now returns the fake time: run's now.
func (f *fakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// advance moves the fake time on by d: a move that takes d.
func (f *fakeTime) advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// charge returns e with each search taking cost on the fake time, for an
// engine program, whose searches the fake time does not see.
func (f *fakeTime) charge(e enginespec.Engine, cost time.Duration) enginespec.Engine {
	return enginespec.Engine{Name: e.Name, New: func() surakarta.Searcher { return charged{e.New(), f, cost} }}
}

// charged is a searcher of an Engine of fakeTime.charge.
type charged struct {
	surakarta.Searcher
	time *fakeTime
	cost time.Duration
}

func (c charged) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	res, err := c.Searcher.Search(ctx, g, lim)
	c.time.advance(c.cost)
	return res, err
}

// Close closes the searcher charged for, which Run closes through it.
func (c charged) Close() error {
	if cl, ok := c.Searcher.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}

// sleeper is a Searcher that takes a set time on each move, on the fake
// time (none without one), plays the first legal move, and keeps the
// limits each of its searches received.
type sleeper struct {
	sleep time.Duration
	time  *fakeTime
	mu    sync.Mutex
	calls []sleeperCall
}

// sleeperCall is what a search of a sleeper received.
type sleeperCall struct {
	side surakarta.Color
	lim  surakarta.Limits
}

func (s *sleeper) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	s.mu.Lock()
	s.calls = append(s.calls, sleeperCall{g.Position().SideToMove(), lim})
	s.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return surakarta.Result{}, err
	}
	if s.time != nil {
		s.time.advance(s.sleep)
	}
	return surakarta.Result{Move: g.LegalMoves()[0]}, nil
}

func (s *sleeper) Clear() {}

// sleepers makes engines of sleepers on the fake time, if any, keeping
// every searcher it makes (one per game).
type sleepers struct {
	time *fakeTime
	mu   sync.Mutex
	made []*sleeper
}

func (ss *sleepers) engine(name string, sleep time.Duration) enginespec.Engine {
	return enginespec.Engine{Name: name, New: func() surakarta.Searcher {
		s := &sleeper{sleep: sleep, time: ss.time}
		ss.mu.Lock()
		ss.made = append(ss.made, s)
		ss.mu.Unlock()
		return s
	}}
}

// runOn plays cfg on the fake time ft, one game at a time.
func runOn(t *testing.T, ft *fakeTime, cfg Config) Outcome {
	t.Helper()
	cfg.Concurrency = 1
	out, err := run(context.Background(), cfg, ft.Now)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestClockTimeForfeit: a side whose moves take 100ms on a clock of 295ms
// and no increment has 195ms and then 95ms left after its first two moves
// and runs out on its third, 5ms short: it loses on time, with either
// colour, and the records say so to the millisecond.
func TestClockTimeForfeit(t *testing.T) {
	ft := newFakeTime()
	ss := sleepers{time: ft}
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := Config{
		A: ss.engine("slow", 100*time.Millisecond), B: ss.engine("fast", 0),
		Games: 2, Concurrency: 1, Seed: 5, RecordFile: file,
		Limits: surakarta.Limits{Clock: surakarta.Clock{Black: 295 * time.Millisecond, White: 295 * time.Millisecond}},
	}
	var progress strings.Builder
	cfg.Progress = &progress
	out := runOn(t, ft, cfg)
	if out.Counts.Losses != 2 {
		t.Errorf("counts %+v: want the slow side to lose both games", out.Counts)
	}
	recs := recordsIn(t, file)
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	for _, r := range recs {
		round, _ := r.Header("Round")
		tc, _ := r.Header("TimeControl")
		f, _ := r.Header(forfeitHeader)
		left, _ := r.Header("TimeLeft")
		least, _ := r.Header("LeastTimeLeft")
		// Round 1: slow is Black and forfeits at ply 4; round 2: White, at ply 5.
		wantResult, wantPlies, wantLeft := "0-1", 4, "black -5ms, white 295ms"
		if round == "2" {
			wantResult, wantPlies, wantLeft = "1-0", 5, "black 295ms, white -5ms"
		}
		if r.Result != wantResult || r.Reason != "time forfeit" || len(r.Game.Moves()) != wantPlies {
			t.Errorf("round %s: %s %q after %d plies; want %s, time forfeit after %d plies", round, r.Result, r.Reason, len(r.Game.Moves()), wantResult, wantPlies)
		}
		if o := r.Game.Outcome(); o.Reason != surakarta.TimeForfeit || o.Winner.String() != map[string]string{"1": "White", "2": "Black"}[round] {
			t.Errorf("round %s: the game's outcome is %v", round, o)
		}
		if tc != "295ms+0s" || !strings.Contains(f, "(slow) forfeits") || !strings.HasSuffix(f, "out of time: took 100ms with 95ms left on its clock") ||
			left != wantLeft || least != "-5ms" {
			t.Errorf("round %s: TimeControl %q, Forfeit %q, TimeLeft %q, LeastTimeLeft %q; want TimeLeft %q, LeastTimeLeft -5ms", round, tc, f, left, least, wantLeft)
		}
	}
	if !strings.Contains(progress.String(), "out of time") {
		t.Errorf("progress does not tell of the forfeit:\n%s", progress.String())
	}
	// The records prove their time forfeits: they resume and merge, but
	// not without the Forfeit header or the clock's.
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	checkRefused(t, cfg, string(text), 1, "", out)
	for _, h := range []string{forfeitHeader, "TimeLeft", "LeastTimeLeft"} {
		edited := editRecords(t, string(text), 1, func(rec *record.Record) { setHeader(rec, h, "") })
		checkRefused(t, cfg, edited, 1, "without its "+h+" header", out)
	}
}

// checkClockCalls checks what the searches of one side of a game received
// on the clock c, each of whose moves took sleep: both sides' times, the
// increments and the moves to go, the mover's time falling by sleep and
// rising by its increment with each move, and by its starting time after
// each control of c.MovesToGo moves.
func checkClockCalls(t *testing.T, calls []sleeperCall, c surakarta.Clock, sleep time.Duration) {
	t.Helper()
	if len(calls) < 3 {
		t.Fatalf("%d searches: too few to check", len(calls))
	}
	side := calls[0].side
	start, inc := c.Left(side)
	for i, call := range calls {
		k := call.lim.Clock
		if call.side != side || k.BlackIncrement != c.BlackIncrement || k.WhiteIncrement != c.WhiteIncrement {
			t.Fatalf("search %d: side %v, clock %+v", i, call.side, k)
		}
		if c.MovesToGo > 0 && k.MovesToGo != c.MovesToGo-i%c.MovesToGo {
			t.Errorf("search %d of %v: MovesToGo %d, want %d", i, side, k.MovesToGo, c.MovesToGo-i%c.MovesToGo)
		}
		left, _ := k.Left(side)
		if i == 0 {
			if k != c && !(side == surakarta.White && k.White == c.White) {
				t.Errorf("first search of %v: clock %+v, want %+v", side, k, c)
			}
			if left != start {
				t.Errorf("first search of %v: %v left, want %v", side, left, start)
			}
			continue
		}
		prev, _ := calls[i-1].lim.Clock.Left(side)
		gain := inc
		if c.MovesToGo > 0 && i%c.MovesToGo == 0 {
			gain += start // a new control
		}
		if want := prev - sleep + gain; left != want {
			t.Errorf("search %d of %v: %v left after %v, want %v: its move took %v and gained %v",
				i, side, left, prev, want, sleep, gain)
		}
	}
}

// TestClockLimits: with enough time, no side loses on time, and each
// search gets the clock as it stands: the mover's time less what its
// moves took, plus its increments (different for the two sides here).
func TestClockLimits(t *testing.T) {
	const sleep = 20 * time.Millisecond
	clock := surakarta.Clock{Black: 5 * time.Second, White: 4 * time.Second, BlackIncrement: 200 * time.Millisecond}
	ft := newFakeTime()
	ss := sleepers{time: ft}
	cfg := Config{
		A: ss.engine("a", sleep), B: ss.engine("b", sleep),
		Games: 2, Seed: 5, MaxPlies: 16, RecordFile: filepath.Join(t.TempDir(), "games.txt"),
		Limits: surakarta.Limits{Clock: clock},
	}
	runOn(t, ft, cfg)
	if len(ss.made) != 4 {
		t.Fatalf("%d searchers made, want 4", len(ss.made))
	}
	for _, s := range ss.made {
		checkClockCalls(t, s.calls, clock, sleep)
	}
	for _, r := range recordsIn(t, cfg.RecordFile) {
		tc, _ := r.Header("TimeControl")
		left, _ := r.Header("TimeLeft")
		least, _ := r.Header("LeastTimeLeft")
		if _, ok := r.Header(forfeitHeader); ok || r.Reason != "adjudicated: move limit" {
			t.Errorf("a game ended %q", r.Reason)
		}
		if tc != "black 5s+200ms, white 4s+0s" {
			t.Errorf("TimeControl %q", tc)
		}
		// Each side made 8 moves of 20ms: Black has its 5s, less 160ms,
		// plus 8 increments of 200ms; White its 4s less 160ms, the least
		// time left after a move.
		if left != "black 6.44s, white 3.84s" || least != "3.84s" {
			t.Errorf("TimeLeft %q, LeastTimeLeft %q; want black 6.44s, white 3.84s and 3.84s", left, least)
		}
	}
}

// TestClockMovesToGo: a repeating control of 3 moves in 1s: the moves to
// go count down to 1, and then the side's clock gains 1s.
func TestClockMovesToGo(t *testing.T) {
	const sleep = 20 * time.Millisecond
	clock := surakarta.Clock{Black: time.Second, White: time.Second, MovesToGo: 3}
	ft := newFakeTime()
	ss := sleepers{time: ft}
	cfg := Config{
		A: ss.engine("a", sleep), B: ss.engine("b", sleep),
		Games: 2, Seed: 5, MaxPlies: 20,
		Limits: surakarta.Limits{Clock: clock},
	}
	runOn(t, ft, cfg)
	for _, s := range ss.made {
		checkClockCalls(t, s.calls, clock, sleep)
	}
	if got := LimitsText(cfg.Limits); got != "3/1s+0s" {
		t.Errorf("LimitsText %q, want 3/1s+0s", got)
	}
}

// TestClockValidate: a clock must give both sides time; Run refuses one
// that does not before playing.
func TestClockValidate(t *testing.T) {
	var ss sleepers
	for _, tc := range []struct {
		clock surakarta.Clock
		want  string
		is    error
	}{
		{surakarta.Clock{Black: time.Second}, "starting time", ErrInvalidConfig},
		{surakarta.Clock{BlackIncrement: time.Second, WhiteIncrement: time.Second}, "starting time", ErrInvalidConfig},
		{surakarta.Clock{MovesToGo: 40}, "MovesToGo 40", ErrInvalidConfig},
		{surakarta.Clock{Black: time.Second, White: -time.Second}, "negative time left", surakarta.ErrInvalidLimits},
		{surakarta.Clock{Black: time.Second, White: time.Second, MovesToGo: -1}, "MovesToGo -1", surakarta.ErrInvalidLimits},
	} {
		cfg := Config{A: ss.engine("a", 0), B: ss.engine("b", 0), Games: 2, Limits: surakarta.Limits{Clock: tc.clock}}
		err := cfg.Validate()
		if err == nil || !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("clock %+v: %v; want an error that says %q", tc.clock, err, tc.want)
		}
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("clock %+v: Run played", tc.clock)
		}
	}
	if len(ss.made) != 0 {
		t.Errorf("%d searchers made", len(ss.made))
	}
	cfg := Config{A: ss.engine("a", 0), B: ss.engine("b", 0), Games: 2,
		Limits: surakarta.Limits{MoveTime: time.Second, Clock: surakarta.Clock{Black: time.Second, White: 2 * time.Second, MovesToGo: 10}}}
	if err := cfg.Validate(); err != nil {
		t.Errorf("a clock with a MoveTime: %v", err)
	}
	if got, want := LimitsText(cfg.Limits), "black 10/1s+0s, white 10/2s+0s, 1s/move"; got != want {
		t.Errorf("LimitsText %q, want %q", got, want)
	}
}

// TestClockResume: a clock match resumes from its records, and a match
// at another clock refuses them.
func TestClockResume(t *testing.T) {
	var ss sleepers
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := Config{
		A: ss.engine("a", 0), B: ss.engine("b", 0), Games: 4, Concurrency: 2, Seed: 9, MaxPlies: 10, RecordFile: file,
		Limits: surakarta.Limits{Clock: surakarta.Clock{Black: 10 * time.Second, White: 10 * time.Second, BlackIncrement: 100 * time.Millisecond, WhiteIncrement: 100 * time.Millisecond}},
	}
	out, err := Run(context.Background(), cfg)
	if err != nil || out.Counts.Games() != 4 {
		t.Fatalf("%+v, %v", out, err)
	}
	again, err := Run(context.Background(), cfg)
	if err != nil || again.Resumed != 4 || again.Counts != out.Counts {
		t.Fatalf("run again: %+v, %v; want all 4 games resumed", again, err)
	}
	for _, change := range []func(*surakarta.Limits){
		func(l *surakarta.Limits) { l.Clock.WhiteIncrement = 0 },
		func(l *surakarta.Limits) { l.Clock.MovesToGo = 40 },
		func(l *surakarta.Limits) { l.Clock = surakarta.Clock{} },
		func(l *surakarta.Limits) { l.MoveTime = time.Second },
	} {
		other := cfg
		change(&other.Limits)
		if _, err := Run(context.Background(), other); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "10s+100ms") {
			t.Errorf("resumed at %s: %v; want ErrMismatch naming the file's time control", LimitsText(other.Limits), err)
		}
	}
	if n := len(recordsIn(t, file)); n != 4 {
		t.Errorf("%d records, want 4", n)
	}
}

// TestClockBuiltIn: built-in engines plan their time from the clock that
// Run keeps and do not lose on time. It runs in real time (see realTime).
func TestClockBuiltIn(t *testing.T) {
	testsize.RealTime(t)
	games, clock := 4, surakarta.Clock{Black: 3 * time.Second, White: 3 * time.Second, BlackIncrement: 50 * time.Millisecond, WhiteIncrement: 50 * time.Millisecond}
	if testing.Short() {
		games, clock = 2, surakarta.Clock{Black: 2 * time.Second, White: 2 * time.Second, BlackIncrement: 50 * time.Millisecond, WhiteIncrement: 50 * time.Millisecond}
	}
	a, err := enginespec.Parse("pvs,endgame")
	if err != nil {
		t.Fatal(err)
	}
	b, err := enginespec.Parse("pvs,tuned")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "games.txt")
	// The overhead keeps back time for what Run's clock sees beyond the
	// search (a goroutine waiting for a core on a loaded machine, the
	// race detector), as a tournament engine keeps back time for its pipes.
	lim := surakarta.Limits{Clock: clock, MoveOverhead: 100 * time.Millisecond}
	out, err := Run(context.Background(), Config{A: a, B: b, Games: games, Concurrency: 2, Seed: 1, RecordFile: file, Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	recs := recordsIn(t, file)
	checkNoForfeits(t, recs)
	for _, r := range recs {
		left, _ := r.Header("TimeLeft")
		least, _ := r.Header("LeastTimeLeft")
		t.Logf("%d plies, %s %s; time left %s, least %s", len(r.Game.Moves()), r.Result, r.Reason, left, least)
	}
	t.Logf("pvs,endgame vs pvs,tuned at %s: %s", LimitsText(lim), out)
}

// TestClockExternal: this module's engine program, through UGI and GTP,
// plays on the clock Run keeps without losing on time. It runs in real
// time (see realTime); TestClockUGI and TestClockGTP check on the fake
// time what the programs are told.
func TestClockExternal(t *testing.T) {
	testsize.RealTime(t)
	bin := engineProgram(t)
	// The UGI side keeps back more than its default 20ms of overhead, for
	// the waits of a loaded machine (GTP has no way to set it).
	a, err := enginespec.Parse("ugi,option.MoveOverhead=100:" + bin)
	if err != nil {
		t.Fatal(err)
	}
	b, err := enginespec.Parse("gtp:" + bin + " -gtp")
	if err != nil {
		t.Fatal(err)
	}
	// 5s a side: a program's first move includes its start, and the GTP
	// side keeps back only its default overhead.
	clock := surakarta.Clock{Black: 5 * time.Second, White: 5 * time.Second, BlackIncrement: 100 * time.Millisecond, WhiteIncrement: 100 * time.Millisecond}
	file := filepath.Join(t.TempDir(), "games.txt")
	var progress strings.Builder
	out, err := Run(context.Background(), Config{A: a, B: b, Games: 2, Concurrency: 2, Seed: 1, RecordFile: file,
		Limits: surakarta.Limits{Clock: clock}, Progress: &progress})
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	recs := recordsIn(t, file)
	checkNoForfeits(t, recs)
	for _, r := range recs {
		left, _ := r.Header("TimeLeft")
		least, _ := r.Header("LeastTimeLeft")
		if len(r.Game.Moves()) < 10 {
			t.Errorf("a game of %d plies: %s", len(r.Game.Moves()), r.Reason)
		}
		t.Logf("%d plies, %s %s; time left %s, least %s", len(r.Game.Moves()), r.Result, r.Reason, left, least)
	}
	t.Logf("UGI vs GTP at %s: %s", clockText(clock), out)
}

// allowedAbout4s is how a forfeit after a timeout of a little under 2s
// left plus 2s reads.
var allowedAbout4s = regexp.MustCompile(`no answer in time \((3\.[5-9]|4\.0)[0-9]*s allowed\)`)

// TestClockExternalHang: a program that stops answering on a clock loses
// on time once its time left and its timeout (by default 2s on a clock)
// have passed, not later. It runs in real time (see realTime); the
// timeout itself is TestParseExternalEngine's.
func TestClockExternalHang(t *testing.T) {
	testsize.RealTime(t)
	pids := t.TempDir()
	fake, err := enginespec.Parse("ugi,name=fake:" + fakeengine.Command(t, "hang", pids))
	if err != nil {
		t.Fatal(err)
	}
	builtIn, err := enginespec.Parse("pvs,sixfactor")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "games.txt")
	// 2s a side: the fake's first move includes starting the program, which
	// a loaded machine can make take most of a second.
	clock := surakarta.Clock{Black: 2 * time.Second, White: 2 * time.Second}
	start := time.Now()
	out, err := Run(context.Background(), Config{A: builtIn, B: fake, Games: 2, Concurrency: 2, Seed: 1, RecordFile: file,
		Limits: surakarta.Limits{Clock: clock, Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	// Each fake program hangs on its third move, with a little under 2s
	// left: it is given up on after that and the 2s timeout, about 4s (a
	// minute is the default timeout of a search without a MoveTime or a
	// clock).
	if took := time.Since(start); took < 3500*time.Millisecond || took > 15*time.Second {
		t.Errorf("the match took %v", took)
	}
	if out.Counts.Wins != 2 {
		t.Errorf("counts %+v: want 2 wins of the built-in engine", out.Counts)
	}
	for _, r := range recordsIn(t, file) {
		f, _ := r.Header(forfeitHeader)
		left, _ := r.Header("TimeLeft")
		if r.Reason != "time forfeit" || !strings.Contains(f, "(fake) forfeits") || !allowedAbout4s.MatchString(f) || !strings.Contains(left, "-") {
			t.Errorf("Reason %q, Forfeit %q, TimeLeft %q", r.Reason, f, left)
		}
	}
	fakeengine.CheckGone(t, pids)
}

// TestClockGTP: a GTP program on a clock gets time_settings once and,
// before each genmove, its time left in whole seconds, rounded down, and
// its moves to the next control.
func TestClockGTP(t *testing.T) {
	logs := t.TempDir()
	// The timeout leaves the program all the time it needs: its moves take
	// 400ms on the fake time, whatever they take in real time.
	fake, err := enginespec.Parse("gtp,name=fake,timeout=1m:" + fakeengine.Command(t, "gtp-log", logs))
	if err != nil {
		t.Fatal(err)
	}
	ft := newFakeTime()
	ss := sleepers{time: ft}
	clock := surakarta.Clock{Black: 3 * time.Second, White: 3 * time.Second, MovesToGo: 5}
	runOn(t, ft, Config{A: ss.engine("a", 0), B: ft.charge(fake, 400*time.Millisecond), Games: 2, Seed: 1, MaxPlies: 12,
		Limits: surakarta.Limits{Clock: clock}})
	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	if len(files) != 2 {
		t.Fatalf("%d logs, want 2", len(files))
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var settings, left []string
		lines := strings.Split(strings.TrimSpace(string(text)), "\n")
		for i, line := range lines {
			switch {
			case strings.HasPrefix(line, "time_settings"):
				settings = append(settings, line)
			case strings.HasPrefix(line, "time_left"):
				left = append(left, strings.Join(strings.Fields(line)[2:], " "))
			case strings.HasPrefix(line, "genmove"):
				if i == 0 || !strings.HasPrefix(lines[i-1], "time_left "+strings.Fields(line)[1]+" ") {
					t.Errorf("%s: %q not after time_left", file, line)
				}
			}
		}
		// Six moves of 400ms: 3s and 5 moves to go, then 2.6s (2 in whole
		// seconds) for 4, 2.2s for 3, 1.8s for 2, 1.4s for 1, and after
		// the fifth move 1s and 3s more for the next 5.
		if want := []string{"3 5", "2 4", "2 3", "1 2", "1 1", "4 5"}; !slices.Equal(settings, []string{"time_settings 3 0 0"}) || !slices.Equal(left, want) {
			t.Errorf("%s: %q and time_left %q, want time_settings 3 0 0 and time_left %q", file, settings, left, want)
		}
	}
}

// TestClockUGI: a UGI program on a clock gets, with each go, both sides'
// time left and their increments in milliseconds, as Run's clock has them
// after each side's moves: here 250ms a move for the built-in side and
// 150ms for the program.
func TestClockUGI(t *testing.T) {
	logs := t.TempDir()
	fake, err := enginespec.Parse("ugi,name=fake,timeout=1m:" + fakeengine.Command(t, "ugi-log", logs))
	if err != nil {
		t.Fatal(err)
	}
	ft := newFakeTime()
	ss := sleepers{time: ft}
	clock := surakarta.Clock{Black: 2 * time.Second, White: 2 * time.Second, BlackIncrement: 100 * time.Millisecond, WhiteIncrement: 100 * time.Millisecond}
	runOn(t, ft, Config{A: ss.engine("a", 250*time.Millisecond), B: ft.charge(fake, 150*time.Millisecond), Games: 2, Seed: 1, MaxPlies: 8,
		Limits: surakarta.Limits{Clock: clock}})
	files, _ := filepath.Glob(filepath.Join(logs, "*.log"))
	var got [][]string
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var gos []string
		for _, line := range strings.Split(string(text), "\n") {
			if strings.HasPrefix(line, "go ") {
				gos = append(gos, line)
			}
		}
		got = append(got, gos)
	}
	// Each side gains 100ms a move: the built-in side loses 150ms a move
	// net, the program 50ms. Round 1: the program is White, and moves
	// after Black's move; round 2: Black, first.
	want := [][]string{{
		"go p1time 1850 p2time 2000 p1inc 100 p2inc 100",
		"go p1time 1700 p2time 1950 p1inc 100 p2inc 100",
		"go p1time 1550 p2time 1900 p1inc 100 p2inc 100",
		"go p1time 1400 p2time 1850 p1inc 100 p2inc 100",
	}, {
		"go p1time 2000 p2time 2000 p1inc 100 p2inc 100",
		"go p1time 1950 p2time 1850 p1inc 100 p2inc 100",
		"go p1time 1900 p2time 1700 p1inc 100 p2inc 100",
		"go p1time 1850 p2time 1550 p1inc 100 p2inc 100",
	}}
	slices.SortFunc(got, func(a, b []string) int { return strings.Compare(strings.Join(a, "\n"), strings.Join(b, "\n")) })
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("the programs' go commands:\n%q\nwant\n%q", got, want)
	}
}
