package match

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// mustEngine parses spec, failing the test on an error.
func mustEngine(t *testing.T, spec string) enginespec.Engine {
	t.Helper()
	e, err := enginespec.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRunPlaysOneSpecNamedTwice: one spec named twice with name= makes
// two engines that a match can tell apart.
func TestRunPlaysOneSpecNamedTwice(t *testing.T) {
	a, b := mustEngine(t, "pvs,tuned,name=a"), mustEngine(t, "pvs,tuned,name=b")
	if err := (Config{A: a, B: b, Games: 2, Limits: surakarta.Limits{Depth: 1}}).Validate(); err != nil {
		t.Errorf("one spec named twice: %v", err)
	}
}

// TestRunNewConcurrently: Run calls New from several goroutines at once,
// with more games at once than cores; run it under go test -race (package
// enginespec checks that the New of a parsed engine may be so called).
func TestRunNewConcurrently(t *testing.T) {
	a, b := mustEngine(t, "pvs,endgame"), mustEngine(t, "alphabeta,sixfactor")
	if _, err := Run(context.Background(), Config{A: a, B: b, Games: 8, Limits: surakarta.Limits{Depth: 1}, Concurrency: 4}); err != nil {
		t.Fatal(err)
	}
}

func TestRunRejectsEnginesWithOneName(t *testing.T) {
	a, _ := enginespec.Parse("pvs,sixfactor")
	_, err := Run(context.Background(), Config{A: a, B: a, Games: 2, Limits: surakarta.Limits{Depth: 1}})
	if !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("Run with A == B: %v, want ErrInvalidConfig", err)
	}
}

func TestOpenings(t *testing.T) {
	a, err := Openings(7, 4, 50)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Openings(7, 4, 50)
	seen := map[surakarta.Position]bool{}
	for i, p := range a {
		if p != b[i] {
			t.Fatalf("opening %d differs between two runs with the same seed", i)
		}
		if seen[p] {
			t.Fatalf("opening %d repeats an earlier one: %v", i, p)
		}
		seen[p] = true
		if p.MoveNumber() != 3 || p.SideToMove() != surakarta.Black {
			t.Errorf("opening %v is not 4 plies from the start", p)
		}
	}
	if c, _ := Openings(8, 4, 50); c[0] == a[0] && c[1] == a[1] {
		t.Error("another seed gave the same openings")
	}
	if _, err := Openings(1, 0, 2); err == nil {
		t.Error("two distinct openings of 0 plies: no error")
	}
	if o, err := Openings(1, 0, 1); err != nil || len(o) != 1 || o[0] != surakarta.NewPosition() {
		t.Errorf("one opening of 0 plies: %v, %v; want the start", o, err)
	}
	if o, err := Openings(1, 4, 0); err != nil || len(o) != 0 {
		t.Errorf("no openings: %v, %v", o, err)
	}
	for _, bad := range [][2]int{{-1, 2}, {4, -1}} {
		if o, err := Openings(1, bad[0], bad[1]); !errors.Is(err, ErrInvalidConfig) {
			t.Errorf("Openings(1, %d, %d) = %d openings, %v; want ErrInvalidConfig", bad[0], bad[1], len(o), err)
		}
	}
}

// TestReachableOpenings counts the distinct positions not over after each
// number of plies from the start, level by level, as reachable has them:
// the most openings of those plies. The count of 6 plies, a million
// positions, takes seconds: only SURAKARTA_FULL=1 makes it.
func TestReachableOpenings(t *testing.T) {
	level := map[surakarta.Position]bool{surakarta.NewPosition(): true}
	for plies, want := range reachable {
		if plies > testsize.Sized(6, 5, 5) {
			break
		}
		if plies > 0 {
			next := make(map[surakarta.Position]bool)
			for p := range level {
				for _, m := range p.LegalMoves() {
					q := p
					q.PlayUnchecked(m)
					if !surakarta.NewGame(q).Outcome().Over {
						next[q] = true
					}
				}
			}
			level = next
		}
		if len(level) != want {
			t.Errorf("%d distinct positions not over after %d plies, but reachable says %d", len(level), plies, want)
		}
	}
}

// TestOpeningsRefusesMoreThanThePliesMake: asked for more openings than
// the plies make, Openings fails before it plays a ply, saying how many
// there are, and Validate refuses a match of more game pairs.
func TestOpeningsRefusesMoreThanThePliesMake(t *testing.T) {
	for _, tc := range []struct{ plies, n, most int }{
		{0, 2, 1}, {1, 17, 16}, {3, 2495, 2494}, {4, 24063, 24062}, {4, 1_000_000_000, 24062}, {5, 149447, 149446},
		{6, 975591, 975590},
		// Beyond 6 plies, a bound: each ply makes at most 420 positions of each.
		{7, 1_000_000_000, 975590 * 420},
	} {
		_, err := Openings(1, tc.plies, tc.n)
		want := fmt.Sprintf("at most %d distinct openings", tc.most)
		if !errors.Is(err, ErrTooFewOpenings) || errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), want) {
			t.Errorf("Openings(1, %d, %d): %v; want ErrTooFewOpenings saying %q", tc.plies, tc.n, err, want)
		}
	}
	for _, tc := range []struct{ plies, games int }{{4, 2 * 24063}, {0, 2 * 24063}, {5, 2 * 149447}} {
		cfg := Config{A: strong, B: blind, Games: tc.games, OpeningPlies: tc.plies, Limits: surakarta.Limits{Depth: 1}}
		err := cfg.Validate()
		if !errors.Is(err, ErrInvalidConfig) || !errors.Is(err, ErrTooFewOpenings) || !strings.Contains(err.Error(), fmt.Sprintf("%d openings", tc.games/2)) {
			t.Errorf("OpeningPlies %d, Games %d: Validate: %v", tc.plies, tc.games, err)
		}
		if _, err := Run(context.Background(), cfg); !errors.Is(err, ErrTooFewOpenings) {
			t.Errorf("OpeningPlies %d, Games %d: Run: %v", tc.plies, tc.games, err)
		}
	}
	cfg := Config{A: strong, B: blind, Games: 2 * 24062, Limits: surakarta.Limits{Depth: 1}}
	if err := cfg.Validate(); err != nil {
		t.Errorf("as many game pairs as there are openings: %v", err)
	}
	if most := maxOpenings(40); most != math.MaxInt {
		t.Errorf("maxOpenings(40) = %d, want math.MaxInt: the bound overflows", most)
	}
}

// quick engines for tests: A searches 2 plies, B plays the first legal move
// by a one-ply search with a blind evaluator.
var (
	strong = enginespec.Engine{Name: "strong", New: func() surakarta.Searcher {
		return surakarta.NewPVS(surakarta.NewSixFactor())
	}}
	blind = enginespec.Engine{Name: "blind", New: func() surakarta.Searcher {
		return surakarta.NewAlphaBeta(surakarta.EvaluatorFunc(func(*surakarta.Position) int { return 0 }))
	}}
)

func config(file string, games int) Config {
	return Config{A: strong, B: blind, Games: games, Limits: surakarta.Limits{Depth: 2}, Seed: 3, RecordFile: file, Concurrency: 2}
}

// TestProgressLine: the progress line's Elo has its interval, but none
// while the games are all alike, whose interval would have no width.
func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		c    elo.Counts
		want string
	}{
		{elo.Counts{Wins: 1}, "games 1/4  W-D-L 1-0-0  Elo +Inf (no interval from one game)"},
		{elo.Counts{Draws: 2}, "games 2/4  W-D-L 0-2-0  Elo +0.0 (no interval: all 2 games alike)"},
		{elo.Counts{Wins: 41, Draws: 20, Losses: 19}, "games 80/4  W-D-L 41-20-19  Elo +98.1 (+33.1, +170.6)"},
	} {
		m := &matchState{cfg: Config{Games: 4}, outcome: Outcome{Counts: tc.c}}
		if got := m.progressLine(); got != tc.want {
			t.Errorf("progress line\n got %q\nwant %q", got, tc.want)
		}
	}
}

func TestOutcomeString(t *testing.T) {
	// 17-20-13 are the games of the pairs 1-5-10-7-2 with six of the ten
	// split pairs won and lost, four drawn twice. The parts are the rows
	// of the python of package elo's TestCountsString (tri(17,20,13) -> Elo
	// 27.854, low -46.681, high 105.083; los(17,13) = 0.7674) and of its
	// TestPentanomialString; the LLR is llr([1,5,10,7,2], 0, 10) of its
	// TestLLRPentanomial, the bounds those of its TestBounds.
	counts := "W-D-L 17-20-13, score 54.0%, Elo +27.9 ± 75.9 (-46.7, +105.1), LOS 76.7%"
	pairs := "pairs 1-5-10-7-2, pair Elo +27.9 ± 67.1 (-38.2, +96.0)"
	o := Outcome{Counts: elo.Counts{Wins: 17, Draws: 20, Losses: 13}, Pentanomial: elo.Pentanomial{1, 5, 10, 7, 2}, Resumed: 8}
	if got, want := o.String(), counts+", "+pairs; got != want {
		t.Errorf("without an SPRT:\n got %q\nwant %q", got, want)
	}
	o.SPRT, o.LLR = elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}, 0.19799983632082679
	if got, want := o.String(), counts+", "+pairs+", SPRT [0, 10] LLR 0.20 (-2.94, 2.94) undecided"; got != want {
		t.Errorf("with an SPRT:\n got %q\nwant %q", got, want)
	}
	o.SPRT, o.LLR, o.Decision = elo.SPRT{Elo0: -3, Elo1: 1.5, Alpha: 0.05, Beta: 0.1}, 2.8903717578961645, elo.AcceptH1
	if got, want := o.String(), counts+", "+pairs+", SPRT [-3, 1.5] LLR 2.89 (-2.25, 2.89) H1 accepted"; got != want {
		t.Errorf("with an SPRT that decided:\n got %q\nwant %q", got, want)
	}
	o.LLR, o.Decision = -2.26, elo.AcceptH0
	if got, want := o.String(), counts+", "+pairs+", SPRT [-3, 1.5] LLR -2.26 (-2.25, 2.89) H0 accepted"; got != want {
		t.Errorf("with an SPRT that accepted H0:\n got %q\nwant %q", got, want)
	}
	// No game: every Elo is +0.0 in (-Inf, +Inf).
	if got, want := (Outcome{}).String(), "W-D-L 0-0-0, score 50.0%, Elo +0.0 ± Inf (-Inf, +Inf), LOS 50.0%, pairs 0-0-0-0-0, pair Elo +0.0 ± Inf (-Inf, +Inf)"; got != want {
		t.Errorf("no game:\n got %q\nwant %q", got, want)
	}
}

func TestRunRecordsAndResumes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	var progress bytes.Buffer
	cfg := config(file, 6)
	cfg.Progress = &progress
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if out.Counts.Games() != 6 || out.Pentanomial.Pairs() != 3 {
		t.Fatalf("counts %+v, pentanomial %v: want 6 games in 3 pairs", out.Counts, out.Pentanomial)
	}
	if out.Counts.Wins < 5 {
		t.Errorf("a 2-ply PVS won only %d of 6 games against a blind engine", out.Counts.Wins)
	}
	if lines := strings.Count(progress.String(), "\n"); lines != 6 || !strings.Contains(progress.String(), "games 6/6") {
		t.Errorf("progress lines:\n%s", progress.String())
	}
	recs := recordsIn(t, file)
	if len(recs) != 6 {
		t.Fatalf("%d records in the file, want 6", len(recs))
	}
	rounds := map[string]bool{}
	for _, r := range recs {
		n, _ := r.Header("Round")
		rounds[n] = true
		black, _ := r.Header("Black")
		white, _ := r.Header("White")
		if (n == "1" || n == "3" || n == "5") != (black == "strong") || black == white {
			t.Errorf("round %s: Black %q, White %q: A takes Black in odd rounds", n, black, white)
		}
	}
	if len(rounds) != 6 {
		t.Errorf("rounds recorded: %v", rounds)
	}

	// Rerun: everything is resumed, nothing replayed.
	again, err := Run(context.Background(), config(file, 6))
	if err != nil || again.Resumed != 6 || again.Counts != out.Counts || again.Pentanomial != out.Pentanomial {
		t.Fatalf("rerun: %+v, %v; want the same counts, all 6 resumed", again, err)
	}
	if n := len(recordsIn(t, file)); n != 6 {
		t.Fatalf("rerun added games: %d records", n)
	}
	// Longer match on the same file: 6 resumed, 2 played.
	more, err := Run(context.Background(), config(file, 8))
	if err != nil || more.Resumed != 6 || more.Counts.Games() != 8 || len(recordsIn(t, file)) != 8 {
		t.Fatalf("extended match: %+v, %v", more, err)
	}
}

func TestRunInterruptedLosesOnlyGamesInFlight(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	ctx, cancel := context.WithCancel(context.Background())
	cfg := config(file, 10)
	cfg.Concurrency = 1
	cfg.Progress = writerFunc(func(p []byte) { cancel() }) // stop after the first game
	out, err := Run(ctx, cfg)
	if err == nil {
		t.Fatal("an interrupted match returned no error")
	}
	n := len(recordsIn(t, file))
	if n < 1 || n != out.Counts.Games() {
		t.Fatalf("%d games recorded, %d counted", n, out.Counts.Games())
	}
	resumed, err := Run(context.Background(), config(file, 10))
	if err != nil || resumed.Resumed != n || resumed.Counts.Games() != 10 {
		t.Fatalf("resumed: %+v, %v", resumed, err)
	}
}

func TestRunRefusesAnotherMatchsFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	if _, err := Run(context.Background(), config(file, 2)); err != nil {
		t.Fatal(err)
	}
	other := config(file, 2)
	other.Seed = 4
	if _, err := Run(context.Background(), other); !errors.Is(err, ErrMismatch) {
		t.Fatalf("resuming another match's file: %v", err)
	}
}

func TestRunStopsWhenSPRTDecides(t *testing.T) {
	cfg := config("", 400)
	cfg.SPRT = &elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if out.Decision != elo.AcceptH1 || out.Counts.Games() >= 400 {
		t.Fatalf("decision %v after %d games (LLR %.2f)", out.Decision, out.Counts.Games(), out.LLR)
	}
	if out.SPRT != *cfg.SPRT {
		t.Errorf("Outcome.SPRT %+v, want the Config's %+v", out.SPRT, *cfg.SPRT)
	}
}

func TestRunRejectsBadConfig(t *testing.T) {
	for _, cfg := range []Config{{}, {A: strong, B: blind}, {A: strong, Games: 2}} {
		if _, err := Run(context.Background(), cfg); err == nil {
			t.Errorf("Run(%+v): no error", cfg)
		}
	}
}

// TestRunValidatesConfigFirst: every bad field is an error that says what
// is wrong, before any game starts, any searcher is made or the record
// file is touched.
func TestRunValidatesConfigFirst(t *testing.T) {
	var made atomic.Int64
	counting := func(e enginespec.Engine) enginespec.Engine {
		return enginespec.Engine{Name: e.Name, New: func() surakarta.Searcher { made.Add(1); return e.New() }}
	}
	file := filepath.Join(t.TempDir(), "games.txt")
	base := func() Config {
		cfg := config(file, 2)
		cfg.A, cfg.B = counting(strong), counting(blind)
		return cfg
	}
	tests := []struct {
		name   string
		change func(*Config)
		want   string
		is     error
	}{
		{"odd games", func(c *Config) { c.Games = 3 }, "Games 3 is odd", nil},
		{"one game", func(c *Config) { c.Games = 1 }, "Games 1 is odd", nil},
		{"no games", func(c *Config) { c.Games = 0 }, "Games 0", nil},
		{"negative games", func(c *Config) { c.Games = -2 }, "Games -2", nil},
		{"negative nodes", func(c *Config) { c.Limits = surakarta.Limits{Nodes: -5} }, "Nodes -5", surakarta.ErrInvalidLimits},
		{"negative depth", func(c *Config) { c.Limits = surakarta.Limits{Depth: -1} }, "Depth -1", surakarta.ErrInvalidLimits},
		{"negative movetime", func(c *Config) { c.Limits = surakarta.Limits{MoveTime: -time.Second} }, "MoveTime -1s", surakarta.ErrInvalidLimits},
		{"clock", func(c *Config) { c.Limits = surakarta.Limits{Clock: surakarta.Clock{Black: time.Second}} }, "starting time", ErrInvalidConfig},
		{"negative opening plies", func(c *Config) { c.OpeningPlies = -1 }, "OpeningPlies -1", nil},
		{"negative concurrency", func(c *Config) { c.Concurrency = -2 }, "Concurrency -2", nil},
		{"negative max plies", func(c *Config) { c.MaxPlies = -400 }, "MaxPlies -400", nil},
		{"zero SPRT", func(c *Config) { c.SPRT = &elo.SPRT{} }, "SPRT", elo.ErrInvalidSPRT},
		{"SPRT alpha", func(c *Config) { c.SPRT = &elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0, Beta: 0.05} }, "Alpha 0", elo.ErrInvalidSPRT},
		{"same names", func(c *Config) { c.B.Name = c.A.Name }, "different names", nil},
		{"no New", func(c *Config) { c.B.New = nil }, "New function", nil},
	}
	for _, tc := range tests {
		cfg := base()
		tc.change(&cfg)
		var progress bytes.Buffer
		cfg.Progress = &progress
		errValidate := cfg.Validate()
		out, err := Run(context.Background(), cfg)
		if err == nil || !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: Run: %v; want an error wrapping ErrInvalidConfig that says %q", tc.name, err, tc.want)
			continue
		}
		if tc.is != nil && !errors.Is(err, tc.is) {
			t.Errorf("%s: Run: %v; want it to wrap %v", tc.name, err, tc.is)
		}
		if errValidate == nil || errValidate.Error() != err.Error() {
			t.Errorf("%s: Validate() = %v, Run: %v; want the same error", tc.name, errValidate, err)
		}
		if out != (Outcome{}) || made.Load() != 0 || progress.Len() != 0 {
			t.Errorf("%s: a game started: outcome %+v, %d searchers made, progress %q", tc.name, out, made.Load(), progress.String())
		}
		if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s: the record file was touched: %v", tc.name, err)
		}
	}
	if err := base().Validate(); err != nil {
		t.Errorf("a good config: Validate() = %v", err)
	}
}

// failing is a searcher whose Search fails from the given ply on.
type failing struct {
	surakarta.Searcher
	fromPly int
}

var errOutOfFuel = errors.New("out of fuel")

func (f failing) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if g.Ply() >= f.fromPly {
		return surakarta.Result{}, errOutOfFuel
	}
	return f.Searcher.Search(ctx, g, lim)
}

// TestRunStopsOnSearchError: an engine whose search fails stops the match
// with an error that names the round and the engine; nothing is counted
// or recorded for the game it broke.
func TestRunStopsOnSearchError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := config(file, 4)
	cfg.Concurrency = 1
	cfg.B = enginespec.Engine{Name: "fragile", New: func() surakarta.Searcher {
		return failing{Searcher: surakarta.NewAlphaBeta(surakarta.NewSixFactor()), fromPly: 9}
	}}
	out, err := Run(context.Background(), cfg)
	if !errors.Is(err, errOutOfFuel) {
		t.Fatalf("Run: %v, want the engine's error", err)
	}
	for _, want := range []string{"round 1", `engine B "fragile"`, "White", "ply 9"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	if out.Counts.Games() != 0 {
		t.Errorf("counted %+v after the first game broke", out.Counts)
	}
	if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a broken game was recorded: %v", err)
	}

	// Engine A failing at once, with games in parallel: the same.
	cfg = config("", 8)
	cfg.A = enginespec.Engine{Name: "broken", New: func() surakarta.Searcher {
		return failing{Searcher: surakarta.NewAlphaBeta(surakarta.NewSixFactor())}
	}}
	if _, err := Run(context.Background(), cfg); !errors.Is(err, errOutOfFuel) || !strings.Contains(err.Error(), `engine A "broken"`) {
		t.Errorf("Run with a broken engine A: %v", err)
	}
}

// TestRunStopsOnNilSearcher: an Engine whose New returns nil is an error,
// not a panic.
func TestRunStopsOnNilSearcher(t *testing.T) {
	cfg := config("", 2)
	cfg.B = enginespec.Engine{Name: "nobody", New: func() surakarta.Searcher { return nil }}
	_, err := Run(context.Background(), cfg)
	if !errors.Is(err, surakarta.ErrInvalidSearch) || !strings.Contains(err.Error(), `engine B "nobody"`) {
		t.Errorf("Run: %v, want ErrInvalidSearch naming engine B", err)
	}
}

// quitter is a searcher that fails with ctx's error once ctx is done, as
// a searcher of another package may.
type quitter struct{ surakarta.Searcher }

func (q quitter) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if err := ctx.Err(); err != nil {
		return surakarta.Result{}, err
	}
	return q.Searcher.Search(ctx, g, lim)
}

// TestRunCancelledIsNoEngineError: a search that fails because the match
// is stopping is not an engine failure; Run returns ctx's error.
func TestRunCancelledIsNoEngineError(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cfg := config("", 10)
	cfg.Concurrency = 1
	cfg.B = enginespec.Engine{Name: "quitter", New: func() surakarta.Searcher { return quitter{surakarta.NewAlphaBeta(surakarta.NewSixFactor())} }}
	cfg.Progress = writerFunc(func([]byte) { cancel() }) // stop after the first game
	out, err := Run(ctx, cfg)
	if err != context.Canceled { // ctx's error itself, not wrapped as an engine's
		t.Errorf("Run: %v, want context.Canceled", err)
	}
	if out.Counts.Games() != 1 {
		t.Errorf("%d games counted, want the 1 finished", out.Counts.Games())
	}
}

type writerFunc func([]byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }
