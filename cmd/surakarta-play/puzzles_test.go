package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/puzzle"
)

// Two puzzles: Black's c1 takes the white piece on b3 round the inner
// loop (a piece), and Black's b1 takes White's last piece (the game).
const testPuzzles = `# two puzzles
wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 1; 2; mcts vs uct, game 1
6/6/6/6/1w4/1b2b1 b 0 40; b1b2; game; 0; 77; a made-up ending
`

func TestPuzzleSession(t *testing.T) {
	file := filepath.Join(t.TempDir(), "puzzles.txt")
	if err := os.WriteFile(file, []byte(testPuzzles), 0o644); err != nil {
		t.Fatal(err)
	}
	out := play(t, []string{"-puzzles", file},
		"hello there", "a1a1", "d3d4", "hint", "", "hint", "hint", "e1b2", "")
	expect(t, out,
		"Puzzle 1 of 2 (difficulty 1, from mcts vs uct, game 1, ply 2)",
		"Black to move: find the move that wins a piece.",
		`Unknown command "hello there"`,
		"Not played: ",
		"Wrong: d3d4 is not it.",
		"The solution: c1xb3 (it wins a piece). Solved 0, failed 1, streak 0.",
		"This puzzle is over: type next.",
		"Puzzle 2 of 2 (not rated, from a made-up ending, ply 77)",
		"Black to move: find the move that wins the game.",
		"Hint: move the piece on b1.",
		"Hint: b1xb2.",
		"Right: e1xb2.", // another capture that wins at once is right too
		"Solved: it wins the game. Solved 1, failed 1, streak 1.",
		"No more puzzles.",
	)
}

func TestPuzzleSessionLongerSolution(t *testing.T) {
	// A published puzzle of three moves or more: the replies are played
	// for the user, and the tally counts it solved once.
	var p puzzle.Puzzle
	for _, q := range puzzle.Published() {
		if len(q.Solution) >= 3 {
			p = q
			break
		}
	}
	if p.Solution == nil {
		t.Fatal("the published set has no puzzle of three moves or more")
	}
	file := filepath.Join(t.TempDir(), "p.txt")
	var b strings.Builder
	if err := puzzle.Write(&b, []puzzle.Puzzle{p}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for i := 0; i < len(p.Solution); i += 2 {
		lines = append(lines, p.Solution[i].String())
	}
	out := play(t, []string{"-puzzles", file}, lines...)
	expect(t, out, "Solved: it "+p.Theme()+". Solved 1, failed 0, streak 1.")
	if !strings.Contains(out, p.Solver().Other().String()+" replies ") {
		t.Errorf("no reply shown:\n%s", out)
	}
}

func TestPublishedPuzzles(t *testing.T) {
	out := play(t, []string{"-puzzle"}, "solution", "quit")
	expect(t, out, "Puzzle 1 of ", "The solution: ", "Solved 0, failed 1, streak 0.")
}

// TestPuzzlesBadFile: a puzzle file that cannot be read, holds a bad
// line or no puzzle fails with exit status 1 and the file's error, as the
// other commands fail on their files; only flags that do not go together
// are a bad use of the command, exit status 2 with the hint to run -h.
func TestPuzzlesBadFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(testPuzzles+"nonsense\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.txt")
	if err := os.WriteFile(empty, []byte("# nothing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-puzzles", bad}, 1, "line 4: puzzle: invalid puzzle"},
		{[]string{"-puzzles", empty}, 1, "holds no puzzle"},
		{[]string{"-puzzles", filepath.Join(dir, "missing")}, 1, "no such file"},
		{[]string{"-puzzles", dir}, 1, "not a regular file (a directory)"},
		{[]string{"-puzzle", "-puzzles", bad}, 2, "not both"},
	} {
		var out, errOut strings.Builder
		code := run(tc.args, strings.NewReader(""), &out, &errOut)
		hint := strings.Contains(errOut.String(), "Run surakarta-play -h for help.")
		if code != tc.code || !strings.HasPrefix(errOut.String(), "surakarta-play: ") || !strings.Contains(errOut.String(), tc.want) || hint != (tc.code == 2) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q, with the hint to run -h only for exit 2", tc.args, code, errOut.String(), tc.code, tc.want)
		}
	}
}

// TestAnalyseThenPuzzles loads a finished game, analyses it, and solves
// the puzzle of White's mistake at ply 2 (testdata of package puzzle).
func TestAnalyseThenPuzzles(t *testing.T) {
	out := play(t, []string{"-depth", "1", "-movetime", "0"},
		"puzzles", "load ../../puzzle/testdata/game.txt", "analyse", "puzzles", "c1b3", "quit", "quit")
	expect(t, out,
		"No puzzles yet: type analyse",
		"You (Black): 15 moves, average loss ",
		"1 mistake, ",
		// Each move that went wrong, numbered, with its glyph and the
		// better move, as the analysis of surakarta-analyze writes it.
		"\n  3. b3c3? ", ", mistake; best ",
		"The engine (White): ",
		"\n  3... c4b3?? ", ", blunder; best ",
		"(The engine at depth 10, as surakarta-analyze by default;",
		"from the mistakes of this game: type puzzles to solve",
		"Puzzle 1 of ",
		"(not rated, from this game, ply 2)",
		"Right: c1xb3.",
		"Back to the game.",
	)
}
