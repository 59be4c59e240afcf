package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// play runs a session with the given flags and input lines and returns
// everything it wrote.
func play(t *testing.T, args []string, lines ...string) string {
	t.Helper()
	var out strings.Builder
	if err := run(strings.NewReader(strings.Join(lines, "\n")+"\n"), &out, args); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	return out.String()
}

func expect(t *testing.T, out string, wants ...string) {
	t.Helper()
	for _, want := range wants {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestPlayAnswersBadInputWithReasons(t *testing.T) {
	out := play(t, []string{"-depth", "1", "-movetime", "0"},
		"help", "hello world", "b2", "b2b2", "a5a4", "a3a4", "b2b4", "moves", "quit")
	expect(t, out,
		"You play Black",
		"Commands:",
		`Unknown command "hello world"`,
		"Not played: invalid move notation",
		"from and to are the same square",
		"the piece on a5 is White's, but Black is to move",
		"no piece on a3",
		"not next to b2",
		"Legal moves: [",
		"1  b   b   b   b   b   b", // rank 1 is on no circuit
		"2  b───b───b───b───b───b",
		"3  ·═══·═══·═══·═══·═══·",
	)
}

func TestPlayEngineCaptureUndoSaveLoad(t *testing.T) {
	file := filepath.Join(t.TempDir(), "game.txt")
	// Black (the engine) takes b2 round the a1 loop at once.
	out := play(t, []string{"-color", "white", "-depth", "2", "-movetime", "0", "-position", "w5/6/6/6/bw4/6 b"},
		"save "+file, "undo", "load "+file, "a6a5", "quit")
	expect(t, out,
		"You play White",
		"pvs,endgame plays a2b2",
		"capture path on the inner circuit: [a2 b1 b2], inner loop at a1",
		"Saved to "+file,
		"Loaded "+file+": 1 plies.",
		"Game over: Black wins (no pieces left)",
	)
}

func TestPlayRejectsBadFlags(t *testing.T) {
	var out strings.Builder
	for _, args := range [][]string{{"-color", "green"}, {"-engine", "x"}, {"-position", "bad"}} {
		if err := run(strings.NewReader(""), &out, args); err == nil {
			t.Errorf("run(%v): no error", args)
		}
	}
}
