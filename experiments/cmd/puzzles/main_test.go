package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/puzzle"
)

// TestShardResumesAndMerges makes the puzzles of one game, the test game
// of package puzzle, in a shard run twice (the second finds the game done
// and adds nothing), and merges them.
func TestShardResumesAndMerges(t *testing.T) {
	game, err := os.ReadFile("../../../puzzle/testdata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	matches := filepath.Join(t.TempDir(), "matches")
	if err := os.MkdirAll(filepath.Join(matches, "mcts"), 0o755); err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	z := gzip.NewWriter(&gz)
	if _, err := z.Write(game); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(matches, "mcts", "test.txt.gz"), gz.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	args := []string{"-matches", matches, "-out", out, "-analysis-depth", "6", "-depth", "8", "-verify-depth", "10", "-rate-nodes", "2000"}
	for run := range 2 {
		var stdout, stderr strings.Builder
		if err := run0(args, &stdout, &stderr); err != nil {
			t.Fatalf("run %d: %v\n%s", run+1, err, stderr.String())
		}
		done, err := os.ReadFile(filepath.Join(out, "shard-1.done"))
		if err != nil || string(done) != "mcts/test.txt.gz game 1\n" {
			t.Fatalf("run %d: the done file holds %q (%v)", run+1, done, err)
		}
	}
	var merged, stderr strings.Builder
	if err := run0([]string{"-merge", "-out", out}, &merged, &stderr); err != nil {
		t.Fatal(err)
	}
	ps, err := puzzle.Read(strings.NewReader(merged.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) == 0 || ps[0].Source != "mcts/test.txt.gz game 1" {
		t.Fatalf("merged: %q", merged.String())
	}
	for _, p := range ps {
		if p.Difficulty == puzzle.Unrated {
			t.Errorf("%v: not rated", p)
		}
	}
	// The second run found the game done: each puzzle once in the shard.
	shard, err := os.ReadFile(filepath.Join(out, "shard-1.txt"))
	if err != nil || strings.Count(string(shard), "\n") != len(ps) {
		t.Errorf("the shard file holds %q, the merge %d puzzles", shard, len(ps))
	}
}

func run0(args []string, stdout, stderr *strings.Builder) error {
	return run(context.Background(), args, stdout, stderr)
}
