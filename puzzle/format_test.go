package puzzle_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/puzzle"
)

// A puzzle of the test game (testdata/game.txt, after 3. b3c3 c4b3):
// Black's c1 captures the white piece that has just stepped to b3, round
// the inner loop, and White cannot take it back.
const wonPiece = "wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2; mcts vs uct, game 1"

// A puzzle that wins the game: Black's b1 takes White's last piece.
const wonGame = "6/6/6/6/1w4/1b4 b 0 40; b1b2; game; 0; 77; a made-up ending"

func TestStringParsesBack(t *testing.T) {
	for _, line := range []string{wonPiece, wonGame} {
		p, err := puzzle.Parse(line)
		if err != nil {
			t.Fatalf("Parse(%q): %v", line, err)
		}
		if got := p.String(); got != line {
			t.Errorf("String() = %q, want %q", got, line)
		}
	}
}

func TestParseFields(t *testing.T) {
	p, err := puzzle.Parse(wonPiece)
	if err != nil {
		t.Fatal(err)
	}
	want := puzzle.Puzzle{
		Position:   mustPosition(t, "wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4"),
		Solution:   []surakarta.Move{surakarta.NewMove(surakarta.C1, surakarta.B3)},
		Kind:       puzzle.WinsMaterial,
		Gain:       1,
		Difficulty: 1,
		Ply:        2,
		Source:     "mcts vs uct, game 1",
	}
	// The parsed move carries no capture bit; compare squares.
	if len(p.Solution) != 1 || p.Solution[0].From() != surakarta.C1 || p.Solution[0].To() != surakarta.B3 {
		t.Fatalf("Solution = %v", p.Solution)
	}
	p.Solution = want.Solution
	if diff := cmp.Diff(want, p, cmp.Comparer(func(a, b surakarta.Position) bool { return a == b })); diff != "" {
		t.Errorf("Parse (-want +got):\n%s", diff)
	}
	if got := p.Theme(); got != "wins a piece" {
		t.Errorf("Theme() = %q", got)
	}
	if p.Solver() != surakarta.Black {
		t.Errorf("Solver() = %v", p.Solver())
	}
}

func TestParseRejects(t *testing.T) {
	long := strings.Repeat("x", puzzle.MaxSourceBytes+1)
	for _, tc := range []struct{ line, want string }{
		{"", "6 are needed"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2", "6 are needed"},
		{"wwwwwx/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2; s", "the position"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1z3; +1; 1; 2; s", "the solution"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; ; +1; 1; 2; s", "no solution"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3 a4a3; +1; 1; 2; s", "odd number"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; a1a3; +1; 1; 2; s", "move 1 of the solution"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +2; 1; 2; s", "a gain of 2 pieces, where the solution wins 1"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; d3d4; +1; 1; 2; s", "gain of 1"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +0; 1; 2; s", "a gain is +1"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +99999999; 1; 2; s", "a gain is +1"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; game; 0; 2; s", "does not win the game"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; piece; 1; 2; s", `kind "piece"`},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 12; 2; s", "difficulty"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; -1; 2; s", "difficulty"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 1000001; s", "ply"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2x; s", "ply"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2; " + long, "more than 256"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2; a\tb", "control character"},
		{"wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2; \xff", "not UTF-8"},
		{"6/6/6/6/6/1b4 b 0 40; b1b2; game; 0; 2; s", "finished game"},
		{"6/6/6/6/1w4/1b4 b 0 40; b1b2 a1a2 a2a3; game; 0; 2; s", "before move 2"},
		{"6/6/6/6/1w4/1b4 b 0 40; b1b2; game; 0; 2; " + strings.Repeat("y", puzzle.MaxLineBytes), "more than 4096"},
	} {
		_, err := puzzle.Parse(tc.line)
		if err == nil || !errors.Is(err, puzzle.ErrInvalidPuzzle) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%.70q) = %v, want an ErrInvalidPuzzle saying %q", tc.line, err, tc.want)
		}
	}
}

func TestReadSkipsCommentsAndNamesTheLine(t *testing.T) {
	text := "# puzzles\n\n" + wonPiece + "\r\n" + wonGame + "\n"
	ps, err := puzzle.Read(strings.NewReader(text))
	if err != nil || len(ps) != 2 || ps[1].Kind != puzzle.WinsGame {
		t.Fatalf("Read = %v, %v", ps, err)
	}
	_, err = puzzle.Read(strings.NewReader(text + "nonsense\n"))
	if err == nil || !errors.Is(err, puzzle.ErrInvalidPuzzle) || !strings.HasPrefix(err.Error(), "line 5: ") {
		t.Errorf("Read of a bad fifth line: %v", err)
	}
	_, err = puzzle.Read(strings.NewReader(wonGame + "\n" + strings.Repeat("z", 3*puzzle.MaxLineBytes)))
	if err == nil || !strings.HasPrefix(err.Error(), "line 2: ") || !errors.Is(err, puzzle.ErrInvalidPuzzle) {
		t.Errorf("Read of a long second line: %v", err)
	}
}

func TestWriteChecksEachPuzzle(t *testing.T) {
	good, err := puzzle.Parse(wonPiece)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := puzzle.Write(&b, []puzzle.Puzzle{good}); err != nil || b.String() != wonPiece+"\n" {
		t.Fatalf("Write = %q, %v", b.String(), err)
	}
	bad := good
	bad.Gain = 3
	b.Reset()
	if err := puzzle.Write(&b, []puzzle.Puzzle{good, bad}); !errors.Is(err, puzzle.ErrInvalidPuzzle) || b.Len() != 0 {
		t.Errorf("Write of an invalid puzzle = %v, wrote %q", err, b.String())
	}
}

// TestNilInputs: Read, Write and UnmarshalText given nil where they need
// a reader, a writer or a puzzle return an error wrapping
// ErrInvalidPuzzle, rather than panic.
func TestNilInputs(t *testing.T) {
	good, err := puzzle.Parse(wonPiece)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		call func() error
	}{
		{"Read(nil)", func() error { _, err := puzzle.Read(nil); return err }},
		{"Write(nil, …)", func() error { return puzzle.Write(nil, []puzzle.Puzzle{good}) }},
		{"Write(nil) of no puzzle", func() error { return puzzle.Write(nil, nil) }},
		{"UnmarshalText into nil", func() error { return (*puzzle.Puzzle)(nil).UnmarshalText([]byte(wonPiece)) }},
	} {
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return tc.call()
		}()
		if !errors.Is(err, puzzle.ErrInvalidPuzzle) {
			t.Errorf("%s: %v, want an error wrapping ErrInvalidPuzzle", tc.name, err)
		}
	}
}

func TestAccepts(t *testing.T) {
	// Two black pieces can each take White's last one: either wins.
	p, err := puzzle.Parse("6/6/6/6/1w4/1b2b1 b 0 40; b1b2; game; 0; 0; s")
	if err != nil {
		t.Fatal(err)
	}
	g := p.Game()
	for _, tc := range []struct {
		ply  int
		move string
		want bool
	}{
		{0, "b1b2", true},
		{0, "e1b2", true},  // another move that wins at once
		{0, "b1c1", false}, // a step
		{1, "b1b2", false}, // not the solver's index
		{-1, "b1b2", false},
	} {
		m, err := surakarta.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Accepts(g, tc.ply, m); got != tc.want {
			t.Errorf("Accepts(%d, %s) = %v, want %v", tc.ply, tc.move, got, tc.want)
		}
	}
	piece, err := puzzle.Parse(wonPiece)
	if err != nil {
		t.Fatal(err)
	}
	if m, _ := surakarta.ParseMove("b2b3"); piece.Accepts(piece.Game(), 0, m) {
		t.Error("a puzzle that wins material accepted another move")
	}
}

func mustPosition(t *testing.T, text string) surakarta.Position {
	t.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPublished reads the published set: every puzzle valid and rated,
// each position once.
func TestPublished(t *testing.T) {
	ps := puzzle.Published()
	if len(ps) == 0 {
		t.Fatal("the published set is empty")
	}
	seen := map[surakarta.Position]bool{}
	for _, p := range ps {
		if p.Difficulty == puzzle.Unrated {
			t.Errorf("%v: not rated", p)
		}
		if seen[p.Position] {
			t.Errorf("%v: a position twice", p)
		}
		seen[p.Position] = true
	}
}
