package match

import (
	"context"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// endgames are openings of 6 to 8 pieces, none a finished game.
var endgames = []string{
	"bb4/b5/6/6/5w/4ww b 0 1",
	"b5/1b4/2b3/3w2/4w1/5w w 0 1",
	"bbb3/6/6/6/6/3www b 0 1",
	"1b1b2/6/2b3/3w2/6/w1w3 b 0 1",
	"bb4/bb4/6/6/4ww/4ww w 3 30",
	"b4b/6/1b4/4w1/6/w4w b 0 12",
}

// parsePositions parses the texts of positions.
func parsePositions(t *testing.T, texts ...string) []surakarta.Position {
	t.Helper()
	var ps []surakarta.Position
	for _, text := range texts {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	return ps
}

// givenMatch is a deterministic match from the endgames: depth 1, games
// one at a time.
func givenMatch(t *testing.T, games int) Config {
	t.Helper()
	return Config{A: mustEngine(t, "pvs,tuned"), B: mustEngine(t, "pvs,endgame"), Games: games,
		Limits: surakarta.Limits{Depth: 1}, Seed: 9, Concurrency: 1, Openings: parsePositions(t, endgames...)}
}

func TestValidateRefusesBadGivenOpenings(t *testing.T) {
	over := parsePositions(t, "bb4/6/6/6/6/6 w 0 1")[0] // White has no piece
	for _, tc := range []struct {
		name string
		edit func(c *Config)
		msg  string
	}{
		{"opening plies", func(c *Config) { c.OpeningPlies = 4 }, "OpeningPlies 4"},
		{"too few", func(c *Config) { c.Games = 14 }, "7 openings"},
		{"finished game", func(c *Config) { c.Openings[4] = over }, "opening 5"},
		{"finished game beyond Games", func(c *Config) { c.Openings = append(c.Openings, over) }, "opening 7"},
		{"twice", func(c *Config) { c.Openings[3] = c.Openings[1] }, "opening 2 again"},
		{"empty", func(c *Config) { c.Openings = []surakarta.Position{} }, "0 are given"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := givenMatch(t, 4)
			tc.edit(&cfg)
			err := cfg.Validate()
			if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("Validate() = %v; want an ErrInvalidConfig saying %q", err, tc.msg)
			}
			if _, err := Run(context.Background(), cfg); !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("Run: %v, want ErrInvalidConfig", err)
			}
		})
	}
	if err := givenMatch(t, 12).Validate(); err != nil {
		t.Errorf("6 openings for 12 games: %v", err)
	}
}

func TestRunFromGivenOpenings(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := givenMatch(t, 4)
	cfg.RecordFile = file
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if out.Counts.Games() != 4 || out.Pentanomial.Pairs() != 2 {
		t.Fatalf("%+v: want 4 games in 2 pairs", out)
	}
	recs := recordsIn(t, file)
	if len(recs) != 4 {
		t.Fatalf("%d records, want 4", len(recs))
	}
	for _, rec := range recs {
		n, _ := rec.Header("Round")
		number, _ := strconv.Atoi(n)
		if want := cfg.Openings[(number-1)/2]; rec.Game.StartPosition() != want {
			t.Errorf("round %d starts from %v, want %v", number, rec.Game.StartPosition(), want)
		}
		if h, _ := rec.Header("Openings"); h != "given" {
			t.Errorf("round %d: Openings header %q, want \"given\"", number, h)
		}
	}

	// Resumed: nothing played again.
	again, err := Run(context.Background(), cfg)
	if err != nil || again.Resumed != 4 || again.Counts != out.Counts || again.Pentanomial != out.Pentanomial {
		t.Fatalf("resumed: %+v, %v; want all 4 games resumed", again, err)
	}
	// Extended with a longer list that begins with the same openings.
	more := cfg
	more.Games = 6
	if got, err := Run(context.Background(), more); err != nil || got.Resumed != 4 || got.Counts.Games() != 6 {
		t.Fatalf("extended: %+v, %v", got, err)
	}

	// The records' match, openings and all, is read back and merges to the
	// same outcome.
	read, err := ReadConfig(file)
	if err != nil {
		t.Fatal(err)
	}
	if read.OpeningPlies != 0 || !slices.Equal(read.Openings, cfg.Openings[:3]) || read.Games != 6 || read.Seed != 9 {
		t.Errorf("ReadConfig: %s, openings %v", readText(read), read.Openings)
	}
	merged, err := Merge(read, file)
	if err != nil {
		t.Fatal(err)
	}
	if whole, err := Run(context.Background(), more); err != nil || merged != (Outcome{Counts: whole.Counts, Pentanomial: whole.Pentanomial}) {
		t.Errorf("merged %+v, resumed %+v, %v", merged, whole, err)
	}
}

func TestRunFromGivenOpeningsRefusesAnotherMatchsFile(t *testing.T) {
	dir := t.TempDir()
	given := givenMatch(t, 4)
	given.RecordFile = filepath.Join(dir, "given.txt")
	if _, err := Run(context.Background(), given); err != nil {
		t.Fatal(err)
	}
	random := given
	random.Openings = nil
	random.RecordFile = filepath.Join(dir, "random.txt")
	if _, err := Run(context.Background(), random); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(given.RecordFile)

	other := given
	other.Openings = slices.Clone(given.Openings)
	other.Openings[0], other.Openings[5] = other.Openings[5], other.Openings[0]
	randomOnGiven := random
	randomOnGiven.RecordFile = given.RecordFile
	givenOnRandom := given
	givenOnRandom.RecordFile = random.RecordFile
	for _, tc := range []struct {
		name string
		cfg  Config
		msg  string
	}{
		{"another list", other, "opening 1 of the given list"},
		{"random openings", randomOnGiven, "given openings"},
		{"a random openings file", givenOnRandom, "random openings"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Run(context.Background(), tc.cfg)
			if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), tc.msg) || !strings.Contains(err.Error(), "record 1") {
				t.Errorf("Run: %v; want ErrMismatch naming record 1 and saying %q", err, tc.msg)
			}
		})
	}
	if after, _ := os.ReadFile(given.RecordFile); string(after) != string(before) {
		t.Error("a refused resume changed the file")
	}
}

// TestGivenOpeningsShardsMerge plays a match from given openings whole and
// in 2 shards: merged, with the match's Config or the one read from the
// files, the shards give the whole match's Outcome.
func TestGivenOpeningsShardsMerge(t *testing.T) {
	cfg := givenMatch(t, 12)
	whole := cfg
	whole.RecordFile = filepath.Join(t.TempDir(), "whole.txt")
	want, err := Run(context.Background(), whole)
	if err != nil {
		t.Fatal(err)
	}
	want.Resumed = 0
	files := playShards(t, cfg, 2, t.TempDir())
	wantGames, shardGames := gamesIn(t, whole.RecordFile), gamesIn(t, files...)
	if !maps.Equal(wantGames, shardGames) {
		t.Errorf("the shards played other games than the whole match")
	}
	if got, err := Merge(cfg, files...); err != nil || got != want {
		t.Errorf("Merge with the match's Config: %+v, %v\nwant %+v", got, err, want)
	}
	read, err := ReadConfig(files...)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(read.Openings, cfg.Openings) {
		t.Errorf("ReadConfig's openings %v, want %v", read.Openings, cfg.Openings)
	}
	if got, err := Merge(read, reversed(files)...); err != nil || got != want {
		t.Errorf("Merge with the Config read: %+v, %v\nwant %+v", got, err, want)
	}

	// One shard's file alone: the openings of the other's pairs are not
	// known, and the merge lacks them.
	read, err = ReadConfig(files[1])
	if err != nil {
		t.Fatal(err)
	}
	zero := surakarta.Position{}
	wantOpenings := []surakarta.Position{zero, cfg.Openings[1], zero, cfg.Openings[3], zero, cfg.Openings[5]}
	if !slices.Equal(read.Openings, wantOpenings) {
		t.Errorf("ReadConfig of shard 1/2: openings %v, want %v", read.Openings, wantOpenings)
	}
	if _, err := Merge(read, files[1]); !errors.Is(err, ErrIncomplete) {
		t.Errorf("Merge of shard 1/2 alone: %v, want ErrIncomplete", err)
	}
}

// TestGivenOpeningsPairsStartTogether: a file whose round 2 starts from
// another position than round 1 is refused by ReadConfig and Merge.
func TestGivenOpeningsPairsStartTogether(t *testing.T) {
	dir := t.TempDir()
	cfg := givenMatch(t, 4)
	cfg.RecordFile = filepath.Join(dir, "games.txt")
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	// Round 4's game, of the other pair, as round 2.
	var b strings.Builder
	for _, rec := range recordsIn(t, cfg.RecordFile) {
		switch n, _ := rec.Header("Round"); n {
		case "2":
			continue
		case "4":
			for i, h := range rec.Headers {
				if h.Name == "Round" {
					rec.Headers[i].Value = "2"
				}
			}
		}
		if _, err := rec.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := ReadConfig(bad)
	if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), bad+" record 1") || !strings.Contains(err.Error(), cfg.Openings[0].String()) {
		t.Errorf("ReadConfig: %v", err)
	}
	for _, openings := range [][]surakarta.Position{cfg.Openings, {{}, {}}} {
		c := cfg
		c.Openings = openings
		if _, err := Merge(c, bad); !errors.Is(err, ErrMismatch) {
			t.Errorf("Merge with openings %v: %v", openings, err)
		}
	}
}
