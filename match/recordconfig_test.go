package match

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
)

// TestParseLimitsText: every time control that LimitsText writes reads
// back to the same limits, and anything else is refused.
func TestParseLimitsText(t *testing.T) {
	clock := surakarta.Clock{Black: 10 * time.Second, White: 10 * time.Second, BlackIncrement: 100 * time.Millisecond, WhiteIncrement: 100 * time.Millisecond}
	moves := clock
	moves.MovesToGo = 40
	sides := surakarta.Clock{Black: 10 * time.Second, White: 5 * time.Second, WhiteIncrement: time.Second, MovesToGo: 3}
	for _, l := range []surakarta.Limits{
		{},
		{MoveTime: 100 * time.Millisecond},
		{MoveTime: 90 * time.Second},
		{MoveTime: 1500 * time.Microsecond},
		{Nodes: 2000},
		{Depth: 6},
		{MoveTime: time.Second, Nodes: 5, Depth: 3},
		{Clock: clock},
		{Clock: moves, Depth: 2},
		{Clock: sides, MoveTime: 500 * time.Millisecond, Nodes: 9, Depth: 1},
	} {
		text := LimitsText(l)
		got, err := parseLimitsText(text)
		if err != nil {
			t.Errorf("parseLimitsText(%q): %v", text, err)
			continue
		}
		if got.MoveTime != l.MoveTime || got.Nodes != l.Nodes || got.Depth != l.Depth || got.Clock != l.Clock {
			t.Errorf("parseLimitsText(%q) = %+v, want %+v", text, got, l)
		}
	}
	for _, text := range []string{
		"", "fast", "100ms", "depth", "depth x", "depth 06", "depth -1", "depth 6, 100ms/move",
		"100ms/move, 100ms/move", "x/move", "-1s/move", "0s/move", "5 nodes", "0 nodes/move",
		"default, depth 2", " depth 6", "depth 6 ", "10s", "10s+", "+1s", "0s+1s", "10s+-1s",
		"black 10s+0s", "white 10s+0s", "black 10s+0s, white 10s+0s", "black 40/1s+0s, white 1s+0s",
		"10s+0s, 10s+0s", "0/10s+0s", "10s+100ms/move", "depth 2, 10s+0s",
	} {
		if l, err := parseLimitsText(text); err == nil {
			t.Errorf("parseLimitsText(%q) = %+v, %v; want an error", text, l, err)
		}
	}
}

// readText describes everything ReadConfig reads of a match.
func readText(c Config) string {
	return matchText(c) + ", games " + strconv.Itoa(c.Games)
}

// checkRead checks that ReadConfig reads cfg's match back from files,
// and that nothing else is set.
func checkRead(t *testing.T, cfg Config, files ...string) Config {
	t.Helper()
	got, err := ReadConfig(files...)
	if err != nil {
		t.Fatalf("ReadConfig: %v", err)
	}
	want := cfg
	if want.OpeningPlies == 0 {
		want.OpeningPlies = defaultOpeningPlies
	}
	if readText(got) != readText(want) {
		t.Errorf("ReadConfig: %s\nwant          %s", readText(got), readText(want))
	}
	if got.A.New != nil || got.B.New != nil || got.Shard != (Shard{}) || got.SPRT != nil || got.RecordFile != "" ||
		got.Concurrency != 0 || got.MaxPlies != 0 || got.Progress != nil || got.Limits.Progress != nil {
		t.Errorf("ReadConfig set more than the records tell: %+v", got)
	}
	return got
}

// TestReadConfigMergesShards plays a match in 3 shards and merges their
// files with the Config read from them: the Outcome is that of Merge with
// the match's own Config, with and without an SPRT.
func TestReadConfigMergesShards(t *testing.T) {
	cfg := shardMatch(t, 24, nil)
	cfg.OpeningPlies = 3 // the openings have White to move
	cfg.Limits.Nodes = 5000
	files := playShards(t, cfg, 3, t.TempDir())
	for _, rec := range recordsIn(t, files[0]) {
		if games, _ := rec.Header("Games"); games != "24" {
			t.Fatalf("a record with Games %q, want 24 (the whole match's)", games)
		}
	}
	read := checkRead(t, cfg, files...)
	for _, sprt := range []*elo.SPRT{nil, {Elo0: -100, Elo1: 100, Alpha: 0.1, Beta: 0.1}} {
		cfg.SPRT, read.SPRT = sprt, sprt
		want, err := Merge(cfg, files...)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Merge(read, files...)
		if err != nil || got != want {
			t.Errorf("SPRT %v: Merge with the Config read: %+v, %v\nwith the match's Config:        %+v", sprt, got, err, want)
		}
	}
}

// TestReadConfigClock: a clock's time control, with the sides' controls
// apart, and a match run again with more games on its file, whose records
// have both numbers of games.
func TestReadConfigClock(t *testing.T) {
	cfg := shardMatch(t, 4, nil)
	cfg.Limits = surakarta.Limits{Depth: 1, Clock: surakarta.Clock{Black: time.Minute, White: 50 * time.Second, BlackIncrement: time.Second, MovesToGo: 30}}
	cfg.Seed = 11
	cfg.RecordFile = filepath.Join(t.TempDir(), "games.txt")
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	checkRead(t, cfg, cfg.RecordFile)
	cfg.Games = 6
	if _, err := Run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	checkRead(t, cfg, cfg.RecordFile)
	// A record cut short at the end, as a match still running leaves it,
	// is left out.
	text, err := os.ReadFile(cfg.RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cfg.RecordFile, append(text, text[:len(text)/5]...), 0o644); err != nil {
		t.Fatal(err)
	}
	checkRead(t, cfg, cfg.RecordFile)
}

// TestReadConfigWithoutGames: records without a Games header, as older
// versions wrote them, give Games 0; Merge takes the number from the
// caller.
func TestReadConfigWithoutGames(t *testing.T) {
	cfg := shardMatch(t, 6, nil)
	cfg.RecordFile = filepath.Join(t.TempDir(), "games.txt")
	want, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(cfg.RecordFile)
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`(?m)^\[Games "6"\]\n`).ReplaceAll(text, nil)
	if len(old) == len(text) {
		t.Fatal("no Games header in the records")
	}
	if err := os.WriteFile(cfg.RecordFile, old, 0o644); err != nil {
		t.Fatal(err)
	}
	read, err := ReadConfig(cfg.RecordFile)
	if err != nil || read.Games != 0 {
		t.Fatalf("ReadConfig: Games %d, %v; want 0", read.Games, err)
	}
	read.Games = 6
	if got, err := Merge(read, cfg.RecordFile); err != nil || got != want {
		t.Errorf("Merge: %+v, %v; want %+v", got, err, want)
	}
}

// TestReadConfigPublishedRecords reads the match of records written
// before the records had a Games header, as the published records of
// experiments/ are, which -merge must still read: the first two games of
// one of them, in testdata so that the package's tests read nothing
// outside the module.
func TestReadConfigPublishedRecords(t *testing.T) {
	read, err := ReadConfig(filepath.Join("testdata", "tc-2s+50ms.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := readText(read), `"pvs,tuned vs pvs,endgame", seed 1, 2s+50ms, openings of 4 plies, games 0`; got != want {
		t.Errorf("ReadConfig: %s, want %s", got, want)
	}
}

// TestReadConfigRefusesTwoMatches: files of two matches, or records that
// do not name a match, are refused, naming the record.
func TestReadConfigRefusesTwoMatches(t *testing.T) {
	dir := t.TempDir()
	play := func(name string, change func(*Config)) string {
		cfg := shardMatch(t, 2, nil)
		cfg.Limits.Depth = 1
		change(&cfg)
		cfg.RecordFile = filepath.Join(dir, name)
		if _, err := Run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return cfg.RecordFile
	}
	base := play("base.txt", func(*Config) {})
	for _, tc := range []struct {
		name   string
		change func(*Config)
		want   string
	}{
		{"seed", func(c *Config) { c.Seed = 6 }, "seed 6"},
		{"engines", func(c *Config) { c.A, c.B = c.B, c.A }, `"alphabeta,sixfactor vs pvs,endgame"`},
		{"limits", func(c *Config) { c.Limits.MoveTime = time.Second }, "1s/move, depth 1"},
		{"openings", func(c *Config) { c.OpeningPlies = 5 }, "openings of 5 plies"},
	} {
		other := play(tc.name+".txt", tc.change)
		_, err := ReadConfig(base, other)
		if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), other+" record 1") || !strings.Contains(err.Error(), base+" record 1") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadConfig: %v; want an error naming %s record 1 and saying %q", tc.name, err, other, tc.want)
		}
	}

	text, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		old, new string
		want     string
	}{
		{`[Round "1"]`, `[Round "x"]`, "Round header"},
		{`[Seed "5"]`, `[Seed "-5"]`, "Seed header"},
		{`[TimeControl "depth 1"]`, `[TimeControl "quick"]`, "TimeControl header"},
		{`[Games "2"]`, `[Games "0"]`, "Games header"},
		{`[Event "pvs,endgame vs alphabeta,sixfactor"]`, `[Event "a vs b"]`, `Event "a vs b"`},
	} {
		bad := filepath.Join(dir, "bad.txt")
		if err := os.WriteFile(bad, []byte(strings.Replace(string(text), tc.old, tc.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := ReadConfig(empty, bad); !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), bad+" record 1: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: ReadConfig: %v; want an error naming %s record 1 and saying %q", tc.new, err, bad, tc.want)
		}
	}
	for _, tc := range []struct {
		files []string
		is    error
	}{
		{nil, ErrMismatch},
		{[]string{empty}, ErrMismatch},
		{[]string{empty, empty}, ErrMismatch},
		{[]string{filepath.Join(dir, "none.txt")}, fs.ErrNotExist},
	} {
		if _, err := ReadConfig(tc.files...); !errors.Is(err, tc.is) || !strings.Contains(err.Error(), strings.Join(tc.files, ", ")) {
			t.Errorf("ReadConfig(%q): %v; want an error wrapping %q that names the files", tc.files, err, tc.is)
		}
	}
}
