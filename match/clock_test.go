package match

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// sleeper is a Searcher that sleeps a set time on each move, plays the
// first legal move, and keeps the limits each of its searches received.
type sleeper struct {
	sleep time.Duration
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
	select {
	case <-time.After(s.sleep):
	case <-ctx.Done():
		return surakarta.Result{}, ctx.Err()
	}
	return surakarta.Result{Move: g.LegalMoves()[0]}, nil
}

func (s *sleeper) Clear() {}

// sleepers makes an engine of sleepers, keeping every searcher it makes
// (one per game).
type sleepers struct {
	mu   sync.Mutex
	made []*sleeper
}

func (ss *sleepers) engine(name string, sleep time.Duration) Engine {
	return Engine{Name: name, New: func() surakarta.Searcher {
		s := &sleeper{sleep: sleep}
		ss.mu.Lock()
		ss.made = append(ss.made, s)
		ss.mu.Unlock()
		return s
	}}
}

// TestClockTimeForfeit: a side that needs 100ms a move on a clock of
// 295ms and no increment has at most 195ms and then 95ms left after its
// first two moves and runs out on its third: it loses on time, with either
// colour, and the records say so.
func TestClockTimeForfeit(t *testing.T) {
	var ss sleepers
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := Config{
		A: ss.engine("slow", 100*time.Millisecond), B: ss.engine("fast", 0),
		Games: 2, Concurrency: 1, Seed: 5, RecordFile: file,
		// Three moves take at least 300 ms, more than the clock's 295; two
		// fit with 95 ms to spare for a loaded machine.
		Limits: surakarta.Limits{Clock: surakarta.Clock{Black: 295 * time.Millisecond, White: 295 * time.Millisecond}},
	}
	var progress strings.Builder
	cfg.Progress = &progress
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
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
		// Round 1: slow is Black and forfeits at ply 4; round 2: White, at ply 5.
		wantResult, wantPlies, loser := "0-1", 4, "black -"
		if round == "2" {
			wantResult, wantPlies, loser = "1-0", 5, "white -"
		}
		if r.Result != wantResult || r.Reason != "time forfeit" || len(r.Game.Moves()) != wantPlies {
			t.Errorf("round %s: %s %q after %d plies; want %s, time forfeit after %d plies", round, r.Result, r.Reason, len(r.Game.Moves()), wantResult, wantPlies)
		}
		if o := r.Game.Outcome(); o.Reason != surakarta.TimeForfeit || o.Winner.String() != map[string]string{"1": "White", "2": "Black"}[round] {
			t.Errorf("round %s: the game's outcome is %v", round, o)
		}
		if tc != "295ms+0s" || !strings.Contains(f, "(slow) forfeits") || !strings.Contains(f, "out of time") || !strings.Contains(left, loser) {
			t.Errorf("round %s: TimeControl %q, Forfeit %q, TimeLeft %q", round, tc, f, left)
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
		edited := editRecords(t, string(text), 1, func(rec *surakarta.Record) { setHeader(rec, h, "") })
		checkRefused(t, cfg, edited, 1, "without its "+h+" header", out)
	}
}

// checkClockCalls checks what the searches of one side of a game received
// on the clock c: both sides' times, the increments and the moves to go,
// the mover's time falling by what its move took (at least sleep, at most
// sleep+slack) and rising by its increment, and by its starting time
// after each control of c.MovesToGo moves.
func checkClockCalls(t *testing.T, calls []sleeperCall, c surakarta.Clock, sleep, slack time.Duration) {
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
		if spent := prev + gain - left; spent < sleep || spent > sleep+slack {
			t.Errorf("search %d of %v: %v left after %v (gain %v): the move took %v, want %v to %v",
				i, side, left, prev, gain, spent, sleep, sleep+slack)
		}
	}
}

// TestClockLimits: with enough time, no side loses on time, and each
// search gets the clock as it stands: the mover's time less what its
// moves took, plus its increments (different for the two sides here).
func TestClockLimits(t *testing.T) {
	const sleep, slack = 20 * time.Millisecond, 150 * time.Millisecond
	clock := surakarta.Clock{Black: 5 * time.Second, White: 4 * time.Second, BlackIncrement: 200 * time.Millisecond}
	var ss sleepers
	cfg := Config{
		A: ss.engine("a", sleep), B: ss.engine("b", sleep),
		Games: 2, Concurrency: 1, Seed: 5, MaxPlies: 16, RecordFile: filepath.Join(t.TempDir(), "games.txt"),
		Limits: surakarta.Limits{Clock: clock},
	}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	if len(ss.made) != 4 {
		t.Fatalf("%d searchers made, want 4", len(ss.made))
	}
	for _, s := range ss.made {
		checkClockCalls(t, s.calls, clock, sleep, slack)
	}
	// White, without an increment, has less and less time; Black, with
	// 200ms a move, more and more.
	for _, s := range ss.made {
		first, _ := s.calls[0].lim.Clock.Left(s.calls[0].side)
		last, _ := s.calls[len(s.calls)-1].lim.Clock.Left(s.calls[0].side)
		if (s.calls[0].side == surakarta.White) != (last < first) {
			t.Errorf("%v: %v left at the first move, %v at the last", s.calls[0].side, first, last)
		}
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
		// Each side made 8 moves of sleep to sleep+slack: Black has its
		// 5s, less that, plus 8 increments; White its 4s less that, and
		// the least time left is White's at the end.
		blackText, whiteText, _ := strings.Cut(strings.TrimPrefix(left, "black "), ", white ")
		black, err1 := time.ParseDuration(blackText)
		white, err2 := time.ParseDuration(whiteText)
		leastLeft, err3 := time.ParseDuration(least)
		in := func(d, start time.Duration) bool { // the headers round to the millisecond
			return d >= start-8*(sleep+slack)-time.Millisecond && d <= start-8*sleep+time.Millisecond
		}
		if err1 != nil || err2 != nil || err3 != nil || !in(black, clock.Black+8*clock.BlackIncrement) || !in(white, clock.White) || leastLeft != white {
			t.Errorf("TimeLeft %q, LeastTimeLeft %q", left, least)
		}
	}
}

// TestClockMovesToGo: a repeating control of 3 moves in 1s: the moves to
// go count down to 1, and then the side's clock gains 1s.
func TestClockMovesToGo(t *testing.T) {
	const sleep = 20 * time.Millisecond
	clock := surakarta.Clock{Black: time.Second, White: time.Second, MovesToGo: 3}
	var ss sleepers
	cfg := Config{
		A: ss.engine("a", sleep), B: ss.engine("b", sleep),
		Games: 2, Concurrency: 2, Seed: 5, MaxPlies: 20,
		Limits: surakarta.Limits{Clock: clock},
	}
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	for _, s := range ss.made {
		checkClockCalls(t, s.calls, clock, sleep, 150*time.Millisecond)
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
		{surakarta.Clock{Black: time.Second}, "each side needs a positive starting time", ErrInvalidConfig},
		{surakarta.Clock{BlackIncrement: time.Second, WhiteIncrement: time.Second}, "each side needs a positive starting time", ErrInvalidConfig},
		{surakarta.Clock{MovesToGo: 40}, "MovesToGo 40 but no time", ErrInvalidConfig},
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
		if _, err := Run(context.Background(), other); err == nil || !strings.Contains(err.Error(), "a game of another match") || !strings.Contains(err.Error(), "10s+100ms") {
			t.Errorf("resumed at %s: %v; want a game of another match", LimitsText(other.Limits), err)
		}
	}
	if n := len(recordsIn(t, file)); n != 4 {
		t.Errorf("%d records, want 4", n)
	}
}

// TestClockBuiltIn: built-in engines plan their time from the clock that
// Run keeps and do not lose on time.
func TestClockBuiltIn(t *testing.T) {
	games, clock := 4, surakarta.Clock{Black: 3 * time.Second, White: 3 * time.Second, BlackIncrement: 50 * time.Millisecond, WhiteIncrement: 50 * time.Millisecond}
	if testing.Short() {
		games, clock = 2, surakarta.Clock{Black: 2 * time.Second, White: 2 * time.Second, BlackIncrement: 50 * time.Millisecond, WhiteIncrement: 50 * time.Millisecond}
	}
	a, err := ParseEngine("pvs,endgame")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseEngine("pvs,tuned")
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
// plays on the clock Run keeps without losing on time.
func TestClockExternal(t *testing.T) {
	bin := quoteWord(t, engineProgram(t))
	// The UGI side keeps back more than its default 20ms of overhead, for
	// the waits of a loaded machine (GTP has no way to set it).
	a, err := ParseEngine("ugi,option.MoveOverhead=100:" + bin)
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseEngine("gtp:" + bin + " -gtp")
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
// have passed, not later.
func TestClockExternalHang(t *testing.T) {
	pids := t.TempDir()
	fake, err := ParseEngine("ugi,name=fake:" + quoteWord(t, os.Args[0]) + " fake-engine hang " + quoteWord(t, pids))
	if err != nil {
		t.Fatal(err)
	}
	builtIn, err := ParseEngine("pvs,sixfactor")
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
	checkGone(t, pids)
}

// TestClockGTP: a GTP program on a clock gets time_settings once and,
// before each genmove, its time left in whole seconds and its moves to
// the next control.
func TestClockGTP(t *testing.T) {
	logs := t.TempDir()
	fake, err := ParseEngine("gtp,name=fake:" + quoteWord(t, os.Args[0]) + " fake-engine gtp-log " + quoteWord(t, logs))
	if err != nil {
		t.Fatal(err)
	}
	var ss sleepers
	clock := surakarta.Clock{Black: 3 * time.Second, White: 3 * time.Second, MovesToGo: 5}
	if _, err := Run(context.Background(), Config{A: ss.engine("a", 0), B: fake, Games: 2, Concurrency: 2, Seed: 1, MaxPlies: 12,
		Limits: surakarta.Limits{Clock: clock}}); err != nil {
		t.Fatal(err)
	}
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
		// Six moves: 3s and 5 moves to go, then a little under 3s (2 in
		// whole seconds) for 4, 3, 2 and 1, then 3s more for 5 moves.
		if want := []string{"3 5", "2 4", "2 3", "2 2", "2 1", "5 5"}; !slices.Equal(settings, []string{"time_settings 3 0 0"}) || !slices.Equal(left, want) {
			t.Errorf("%s: %q and time_left %q, want time_settings 3 0 0 and time_left %q", file, settings, left, want)
		}
	}
}
