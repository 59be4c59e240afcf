package session

import (
	"os"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/puzzle"
)

func TestPublishedPuzzles(t *testing.T) {
	ps := PublishedPuzzles()
	if len(ps) != len(puzzle.Published()) || len(ps) == 0 {
		t.Fatalf("%d puzzles, want the %d published", len(ps), len(puzzle.Published()))
	}
	for i, p := range ps {
		want := puzzle.Published()[i]
		if len(p.Solution) != len(want.Solution) || p.Position != want.Position.String() || p.Theme != want.Theme() {
			t.Errorf("puzzle %d: %+v, from %v", i, p, want)
		}
	}
}

// TestGamePuzzles makes the puzzles of a game loaded and analysed: the
// test game of package puzzle, whose White's step to b3 at ply 2 Black's
// c1 takes round the inner loop.
func TestGamePuzzles(t *testing.T) {
	s := New()
	if _, err := s.GamePuzzles(); err == nil || !strings.Contains(err.Error(), "analyse the game first") {
		t.Errorf("GamePuzzles before an analysis: %v", err)
	}
	text, err := os.ReadFile("../../../puzzle/testdata/game.txt")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(string(text)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Analyse(20_000, nil); err != nil {
		t.Fatal(err)
	}
	ps, err := s.GamePuzzles()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range ps {
		if p.Ply == 2 && p.Solver == "black" && strings.Join(p.Solution, " ") == "c1xb3" && p.Kind == "material" && p.Source == "your game" {
			found = true
		}
	}
	if !found {
		t.Errorf("no puzzle c1xb3 at ply 2 among %+v", ps)
	}
	if _, err := s.Undo(1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.GamePuzzles(); err == nil {
		t.Error("GamePuzzles of a game that is not the one analysed: no error")
	}
}
