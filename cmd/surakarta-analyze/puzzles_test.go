package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/puzzle"
)

// TestPuzzles writes the puzzles of a game with -puzzles and checks them
// against package puzzle's, made from the same analysis and verified four
// plies deeper.
func TestPuzzles(t *testing.T) {
	testsize.Sequential(t)
	game, err := os.ReadFile("../../puzzle/testdata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "puzzles.txt")
	code, _, stderr := analyze(context.Background(), string(game), "-depth", "8", "-puzzles", file)
	if code != 0 {
		t.Fatalf("exit status %d\n%s", code, stderr)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := puzzle.Read(f)
	if err != nil {
		t.Fatal(err)
	}

	rec := readRecords(t, string(game))[0]
	s := surakarta.NewPVS(surakarta.NewNetwork())
	ctx := context.Background()
	report, err := analysis.Game(ctx, rec.Game, s, analysis.Options{Limits: surakarta.Limits{Depth: 8}})
	if err != nil {
		t.Fatal(err)
	}
	found, err := puzzle.FromReport(ctx, rec.Game, report, s, puzzle.Options{Limits: surakarta.Limits{Depth: 8}, Source: "stdin game 1"})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range found {
		if puzzle.Verify(ctx, p, s, puzzle.VerifyOptions{Limits: surakarta.Limits{Depth: 12}}) == nil {
			want = append(want, p.String())
		}
	}
	var gotText []string
	for _, p := range got {
		gotText = append(gotText, p.String())
	}
	if strings.Join(gotText, "\n") != strings.Join(want, "\n") || len(want) == 0 {
		t.Errorf("-puzzles wrote\n%s\nwant\n%s", strings.Join(gotText, "\n"), strings.Join(want, "\n"))
	}
	if !strings.Contains(stderr, "puzzles written to "+file) {
		t.Errorf("stderr does not say where the puzzles went:\n%s", stderr)
	}
}

func TestPuzzlesFileNotCreatable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "no", "such", "dir", "puzzles.txt")
	code, stdout, stderr := analyze(context.Background(), "", "-depth", "2", "-puzzles", file)
	if code != 1 || stdout != "" || !strings.Contains(stderr, "puzzles.txt") {
		t.Errorf("exit status %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
