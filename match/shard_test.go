package match

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
)

func TestParseShard(t *testing.T) {
	for text, want := range map[string]Shard{"0/1": {0, 1}, "2/3": {2, 3}, " 1 / 4 ": {1, 4}, "9/10": {9, 10}} {
		if s, err := ParseShard(text); err != nil || s != want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", text, s, err, want)
		}
	}
	for text, msg := range map[string]string{
		"5/3": "index 5", "3/3": "index 3", "-1/3": "index -1",
		"0/0": "at least 1 shard", "1/-2": "negative", "": "want i/N", "2": "want i/N",
		"a/3": "want i/N", "1/b": "want i/N", "1/3/4": "want i/N", "0x1/3": "want i/N",
	} {
		s, err := ParseShard(text)
		if err == nil || !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), msg) {
			t.Errorf("ParseShard(%q) = %v, %v; want an ErrInvalidConfig saying %q", text, s, err, msg)
		}
	}
	if s := (Shard{2, 3}); s.String() != "2/3" {
		t.Errorf("String() = %q", s.String())
	}
	for _, s := range []Shard{{1, 0}, {-1, 0}, {0, -1}, {3, 3}, {-1, 3}} {
		if err := s.Validate(); err == nil {
			t.Errorf("Shard%v.Validate(): no error", s)
		}
	}
}

// TestShardPlays: the shards of a split play every round once, in whole
// pairs, and games counts them.
func TestShardPlays(t *testing.T) {
	for _, games := range []int{2, 4, 10, 12, 80} {
		for n := 1; n <= 7; n++ {
			count := make(map[int]int)
			for i := range n {
				s := Shard{i, n}
				played := 0
				for r := 1; r <= games; r++ {
					if s.Plays(r) {
						count[r]++
						played++
						if partner := r + 1 - 2*((r-1)%2); !s.Plays(partner) {
							t.Errorf("shard %v plays round %d but not round %d of its pair", s, r, partner)
						}
					}
				}
				if played != s.games(games) {
					t.Errorf("shard %v of %d games plays %d, games() says %d", s, games, played, s.games(games))
				}
			}
			for r := 1; r <= games; r++ {
				if count[r] != 1 {
					t.Fatalf("%d shards of %d games: round %d played %d times", n, games, r, count[r])
				}
			}
		}
	}
	if (Shard{}).Plays(0) || !(Shard{}).Plays(7) || (Shard{}).games(8) != 8 {
		t.Error("the zero Shard does not play every round")
	}
}

// shardMatch is a deterministic match for the shard tests: depth 2, one
// searcher thread, games one at a time, results of every kind.
func shardMatch(t *testing.T, games int, sprt *elo.SPRT) Config {
	t.Helper()
	a, err := enginespec.Parse("pvs,endgame")
	if err != nil {
		t.Fatal(err)
	}
	b, err := enginespec.Parse("alphabeta,sixfactor")
	if err != nil {
		t.Fatal(err)
	}
	return Config{A: a, B: b, Games: games, Limits: surakarta.Limits{Depth: 2}, Seed: 5, Concurrency: 1, SPRT: sprt}
}

// game is what a record says of its game: the opening, the moves, the
// result and who had Black; the headers that differ between shards and
// runs (Date, Shard) are left out.
func game(rec *record.Record) string {
	black, _ := rec.Header("Black")
	return fmt.Sprintf("%v %v %s %s %s", rec.Game.StartPosition(), rec.Game.Moves(), rec.Result, rec.Reason, black)
}

// gamesIn returns the games of a record file by round.
func gamesIn(t *testing.T, files ...string) map[int]string {
	t.Helper()
	games := make(map[int]string)
	for _, file := range files {
		for _, rec := range recordsIn(t, file) {
			text, _ := rec.Header("Round")
			n, err := strconv.Atoi(text)
			if err != nil {
				t.Fatalf("%s: Round %q", file, text)
			}
			if _, twice := games[n]; twice {
				t.Fatalf("round %d twice", n)
			}
			games[n] = game(rec)
		}
	}
	return games
}

// playShards plays the n shards of cfg, each into its own file in dir,
// and returns the files.
func playShards(t *testing.T, cfg Config, n int, dir string) []string {
	t.Helper()
	var files []string
	for i := range n {
		c := cfg
		c.Shard = Shard{i, n}
		c.RecordFile = filepath.Join(dir, fmt.Sprintf("shard-%d.txt", i))
		c.Concurrency = 2 // a shard plays all its pairs: the order does not matter
		out, err := Run(context.Background(), c)
		if err != nil {
			t.Fatalf("shard %v: %v", c.Shard, err)
		}
		if want := c.Shard.games(cfg.Games); out.Counts.Games() != want {
			t.Fatalf("shard %v played %d games, want all its %d (%+v)", c.Shard, out.Counts.Games(), want, out)
		}
		for _, rec := range recordsIn(t, c.RecordFile) {
			if s, _ := rec.Header("Shard"); s != c.Shard.String() {
				t.Fatalf("shard %v wrote a record with Shard %q", c.Shard, s)
			}
		}
		files = append(files, c.RecordFile)
	}
	return files
}

// TestShardsMergeToTheWholeMatch plays a match whole and in 2 and 3
// shards, without an SPRT and with one that decides after a few pairs:
// merged, the shards give the whole match's games and its Outcome.
func TestShardsMergeToTheWholeMatch(t *testing.T) {
	for _, tc := range []struct {
		name  string
		games int
		sprt  *elo.SPRT
	}{
		{"no SPRT", 30, nil},
		{"SPRT accepts H0", 40, &elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05}},
		{"SPRT accepts H1", 40, &elo.SPRT{Elo0: -100, Elo1: 100, Alpha: 0.1, Beta: 0.1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := shardMatch(t, tc.games, tc.sprt)
			whole := cfg
			whole.RecordFile = filepath.Join(t.TempDir(), "whole.txt")
			want, err := Run(context.Background(), whole)
			if err != nil {
				t.Fatal(err)
			}
			if tc.sprt != nil && (want.Decision == elo.Continue || want.Counts.Games() >= tc.games || want.Pentanomial.Pairs() <= 3) {
				t.Fatalf("the whole match %+v: want an SPRT that decides after more than 3 pairs and before the end", want)
			}
			if tc.sprt == nil && (want.Counts.Wins == 0 || want.Counts.Draws == 0) {
				t.Fatalf("the whole match %+v: want wins and draws", want)
			}
			// Run gives the Outcome the Config's SPRT, or none (and Merge,
			// compared with it below, does too).
			var wantSPRT elo.SPRT
			if tc.sprt != nil {
				wantSPRT = *tc.sprt
			}
			if want.SPRT != wantSPRT {
				t.Errorf("the whole match's Outcome.SPRT is %+v, want %+v", want.SPRT, wantSPRT)
			}
			wantGames := gamesIn(t, whole.RecordFile)
			for _, n := range []int{2, 3} {
				dir := t.TempDir()
				files := playShards(t, cfg, n, dir)
				got, err := Merge(cfg, files...)
				if err != nil {
					t.Fatalf("%d shards: Merge: %v", n, err)
				}
				if got != want {
					t.Errorf("%d shards merged: %+v\nthe whole match:  %+v", n, got, want)
				}
				// The shards played every pair, the same games as the whole
				// match where it played them.
				shardGames := gamesIn(t, files...)
				if len(shardGames) != tc.games {
					t.Errorf("%d shards played %d games, want %d", n, len(shardGames), tc.games)
				}
				for r, g := range wantGames {
					if shardGames[r] != g {
						t.Errorf("%d shards: round %d is\n%s\nin the whole match\n%s", n, r, shardGames[r], g)
					}
				}
				// In the other order, the same.
				if again, err := Merge(cfg, reversed(files)...); err != nil || again != want {
					t.Errorf("%d shards merged in the other order: %+v, %v", n, again, err)
				}
			}
		})
	}
}

func reversed(s []string) []string {
	r := make([]string, len(s))
	for i, x := range s {
		r[len(s)-1-i] = x
	}
	return r
}

// TestMergeNeedsOnlyThePairsBeforeTheDecision: shards stopped once the
// merge decides, their later pairs unplayed, merge to the whole match; a
// pair missing before the decision is reported.
func TestMergeNeedsOnlyThePairsBeforeTheDecision(t *testing.T) {
	const games = 40
	cfg := shardMatch(t, games, &elo.SPRT{Elo0: 0, Elo1: 200, Alpha: 0.05, Beta: 0.05})
	want, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	decided := want.Pentanomial.Pairs() // pairs 0 … decided-1 decide
	files := playShards(t, cfg, 3, t.TempDir())
	// Cut every shard's file after its pairs before the decision, the
	// deciding one included.
	cut := func(file string, keep func(round int) bool) {
		t.Helper()
		var text strings.Builder
		for _, rec := range recordsIn(t, file) {
			r, _ := rec.Header("Round")
			if n, _ := strconv.Atoi(r); keep(n) {
				rec.WriteTo(&text)
			}
		}
		if err := os.WriteFile(file, []byte(text.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range files {
		cut(f, func(r int) bool { return (r-1)/2 < decided })
	}
	if got, err := Merge(cfg, files...); err != nil || got != want {
		t.Fatalf("the shards up to pair %d: %+v, %v; want %+v", decided, got, err, want)
	}
	// Without the deciding pair, the merge is incomplete: it gives the
	// pairs before it and names the shard that lacks it.
	last := Shard{(decided - 1) % 3, 3}
	cut(files[last.Index], func(r int) bool { return (r-1)/2 < decided-1 })
	got, err := Merge(cfg, files...)
	for _, want := range []string{
		fmt.Sprintf("%d of %d games", games-2*decided+2, games),
		fmt.Sprintf("round %d on", 2*decided-1),
		fmt.Sprintf("shard %v lacks %d (rounds %d-%d, ", last, last.games(games)-2*((decided-1)/3), 2*decided-1, 2*decided),
	} {
		if !errors.Is(err, ErrIncomplete) || !strings.Contains(err.Error(), want) {
			t.Fatalf("without the deciding pair: %v; want ErrIncomplete saying %q", err, want)
		}
	}
	if got.Pentanomial.Pairs() != decided-1 || got.Counts.Games() != 2*decided-2 || got.Decision != elo.Continue {
		t.Errorf("without the deciding pair: %+v; want the %d pairs before it, undecided", got, decided-1)
	}
}

// TestMergeRefuses: files of another match or of two splits, a round
// twice, a record in the wrong shard, a damaged file, and missing rounds.
func TestMergeRefuses(t *testing.T) {
	cfg := shardMatch(t, 12, nil)
	dir := t.TempDir()
	two := playShards(t, cfg, 2, filepath.Join(dir))
	three := playShards(t, cfg, 3, t.TempDir())
	other := cfg
	other.Seed = 6
	others := playShards(t, other, 2, t.TempDir())
	whole := cfg
	whole.RecordFile = filepath.Join(t.TempDir(), "whole.txt")
	if _, err := Run(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(two[1])
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	// Shard 1/2 plays rounds 3-4, 7-8, 11-12; say its first record was shard 0/2's.
	wrongShard := write("wrong-shard.txt", strings.Replace(string(text), `[Shard "1/2"]`, `[Shard "0/2"]`, 1))
	badShard := write("bad-shard.txt", strings.Replace(string(text), `[Shard "1/2"]`, `[Shard "2/2"]`, 1))
	damaged := write("damaged.txt", strings.Replace(string(text), "1-0\n", "1-0 x\n", 1))
	cutShort := write("cut.txt", string(text[:len(text)-40]))
	// Each error wraps its sentinel and names what the user must look at:
	// the records, shards and rounds of the files.
	for _, tc := range []struct {
		name  string
		cfg   Config
		files []string
		is    error
		want  []string
	}{
		{"another match", cfg, []string{two[0], others[1]}, ErrMismatch, []string{"record 1"}},
		{"another seed", other, two, ErrMismatch, nil},
		{"other engines", func() Config { c := cfg; c.A.Name = "pvs,sixfactor"; return c }(), two, ErrMismatch, nil},
		{"other opening plies", func() Config { c := cfg; c.OpeningPlies = 6; return c }(), two, ErrMismatch, nil},
		{"other limits", func() Config { c := cfg; c.Limits.Depth = 3; return c }(), two, ErrMismatch, nil},
		{"a round twice", cfg, []string{two[0], two[1], two[0]}, ErrMismatch, []string{two[0] + " record 1"}},
		{"two splits", cfg, []string{two[0], three[1]}, ErrMismatch, []string{"shard 1/3", two[0] + " record 1", "shard 0/2"}},
		{"sharded and whole", cfg, []string{whole.RecordFile, two[1]}, ErrMismatch, []string{"shard 1/2", whole.RecordFile + " record 1"}},
		{"whole and sharded", cfg, []string{two[1], whole.RecordFile}, ErrMismatch, nil},
		{"the wrong shard", cfg, []string{two[0], wrongShard}, ErrMismatch, []string{"record 1: round ", "shard 0/2"}},
		{"a bad Shard header", cfg, []string{two[0], badShard}, ErrMismatch, []string{`"2/2"`}},
		{"damaged", cfg, []string{two[0], damaged}, record.ErrInvalid, []string{damaged + ": ", "line"}},
		{"a file missing", cfg, []string{two[0], filepath.Join(dir, "none.txt")}, fs.ErrNotExist, []string{"none.txt"}},
		{"no files", cfg, nil, ErrMismatch, nil},
		{"a shard missing", cfg, []string{two[0]}, ErrIncomplete, []string{"6 of 12 games", "round 3 on", "shard 1/2 lacks 6 (rounds 3-4, 7-8, 11-12)"}},
		{"two shards missing", cfg, three[1:2], ErrIncomplete, []string{"8 of 12 games", "round 1 on", "shard 0/3 lacks 4 (rounds 1-2, 7-8)", "shard 2/3 lacks 4 (rounds 5-6, 11-12)"}},
		{"a game cut short", cfg, []string{two[0], cutShort}, ErrIncomplete, []string{"1 of 12 games"}},
		{"an invalid config", func() Config { c := cfg; c.Games = 3; return c }(), two, ErrInvalidConfig, []string{"Games 3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Merge(tc.cfg, tc.files...)
			if !errors.Is(err, tc.is) {
				t.Errorf("Merge: %v; want an error wrapping %q", err, tc.is)
			}
			for _, want := range tc.want {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Errorf("Merge: %v; want an error saying %q", err, want)
				}
			}
			if incomplete := tc.is == ErrIncomplete; errors.Is(err, ErrIncomplete) != incomplete {
				t.Errorf("Merge: %v: errors.Is(ErrIncomplete) = %v", err, !incomplete)
			}
		})
	}
	// The whole match's file merges to its Outcome; the whole match's
	// records are not a shard's.
	if out, err := Merge(cfg, whole.RecordFile); err != nil || out.Counts.Games() != 12 {
		t.Errorf("merging the whole match's file: %+v, %v", out, err)
	}
}

// TestShardResumeChecksTheShard: a shard resumes from its own file, and
// refuses another shard's or the whole match's; the whole match refuses a
// shard's file.
func TestShardResumeChecksTheShard(t *testing.T) {
	cfg := shardMatch(t, 8, nil)
	dir := t.TempDir()
	files := playShards(t, cfg, 2, dir)
	c := cfg
	c.Shard, c.RecordFile = Shard{0, 2}, files[0]
	if out, err := Run(context.Background(), c); err != nil || out.Resumed != 4 || out.Counts.Games() != 4 {
		t.Errorf("shard 0/2 resumed: %+v, %v; want its 4 games resumed", out, err)
	}
	c.Shard = Shard{1, 2}
	if _, err := Run(context.Background(), c); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "shard 0/2") {
		t.Errorf("shard 1/2 on shard 0/2's file: %v", err)
	}
	c.Shard = Shard{}
	if _, err := Run(context.Background(), c); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "shard 0/2") {
		t.Errorf("the whole match on shard 0/2's file: %v", err)
	}
	whole := cfg
	whole.RecordFile = filepath.Join(dir, "whole.txt")
	if _, err := Run(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	c.Shard, c.RecordFile = Shard{0, 2}, whole.RecordFile
	if _, err := Run(context.Background(), c); !errors.Is(err, ErrMismatch) {
		t.Errorf("shard 0/2 on the whole match's file: %v", err)
	}
	c.Shard = Shard{3, 2}
	if _, err := Run(context.Background(), c); !errors.Is(err, ErrInvalidConfig) {
		t.Errorf("shard 3/2: %v", err)
	}
	// A shard without a pair plays nothing.
	c.Shard, c.RecordFile = Shard{5, 6}, filepath.Join(dir, "empty.txt")
	if out, err := Run(context.Background(), c); err != nil || out.Counts.Games() != 0 {
		t.Errorf("shard 5/6 of 4 pairs: %+v, %v", out, err)
	}
}
