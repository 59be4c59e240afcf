//go:build !js

package main

// End-to-end tests of the puzzle mode (static/puzzle.js), checked against
// package puzzle: the published puzzles solved and failed by clicks, the
// hints, the tally kept across a reload, and the puzzles of a game
// analysed on the page.

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/puzzle"
)

var puzzleShotFile = flag.String("screenshot-puzzle", filepath.Join("artifacts", "puzzle.png"), "where TestPuzzleSolveHintFailAndTally saves a screenshot of a failed puzzle with its solution")

// puzzleView is what the puzzle panel shows.
type puzzleView struct {
	Index   string `json:"index"`
	Done    string `json:"done"`
	Prompt  string `json:"prompt"`
	Message string `json:"message"`
	Solved  string `json:"solved"`
	Failed  string `json:"failed"`
	Streak  string `json:"streak"`
	List    string `json:"list"`
}

const puzzleViewJS = `(() => {
  const $ = (id) => document.getElementById(id);
  const tally = $("puzzle-tally").dataset;
  return {
    index: document.body.dataset.puzzle || "", done: document.body.dataset.puzzleDone || "",
    prompt: $("puzzle-prompt").textContent, message: $("puzzle-message").textContent,
    solved: tally.solved, failed: tally.failed, streak: tally.streak, list: $("puzzle-list").value,
  };
})()`

func readPuzzle(t *testing.T, ctx context.Context) puzzleView {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[puzzleView](puzzleViewJS))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// forgetPuzzles empties the puzzles' storage, which the tabs of the test
// browser share.
func forgetPuzzles(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.removeItem("surakarta-puzzles")`)); err != nil {
		t.Fatal(err)
	}
}

// startPuzzles enters the puzzle mode and returns the puzzle shown, which
// must be the published puzzle of its index.
func startPuzzles(t *testing.T, ctx context.Context) (puzzle.Puzzle, puzzleView) {
	t.Helper()
	click(t, ctx, "puzzle-start")
	waitPhase(t, ctx, moveTimeout, "puzzle")
	pv := readPuzzle(t, ctx)
	i, err := strconv.Atoi(pv.Index)
	published := puzzle.Published()
	if err != nil || i < 0 || i >= len(published) {
		t.Fatalf("the page shows puzzle %q of %d", pv.Index, len(published))
	}
	p := published[i]
	checkPuzzleShown(t, ctx, p)
	return p, pv
}

// checkPuzzleShown checks the board and the prompt of puzzle p.
func checkPuzzleShown(t *testing.T, ctx context.Context, p puzzle.Puzzle) {
	t.Helper()
	v := read(t, ctx)
	if v.Position != p.Position.String() {
		t.Errorf("the board shows %q, the puzzle is %q", v.Position, p.Position)
	}
	checkBoard(t, p.Position, v)
	want := fmt.Sprintf("%v to move: find the move that %s.", p.Solver(), p.Theme())
	if pv := readPuzzle(t, ctx); pv.Prompt != want {
		t.Errorf("the prompt is %q, want %q", pv.Prompt, want)
	}
}

// solveByClicks plays the solver's moves of p by clicks, from its ply
// ply, waiting for the page's replies.
func solveByClicks(t *testing.T, ctx context.Context, p puzzle.Puzzle) {
	t.Helper()
	g := p.Game()
	for i, m := range p.Solution {
		if i%2 == 0 {
			legal, err := g.Position().Legal(m)
			if err != nil {
				t.Fatal(err)
			}
			playByClicks(t, ctx, g.Position(), legal)
			if i == len(p.Solution)-1 {
				waitFor(t, ctx, moveTimeout, `document.body.dataset.puzzleDone === "yes" && document.body.dataset.phase === "puzzle"`, "the puzzle solved")
			} else {
				want := p.Solution[i+1]
				waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.body.dataset.phase === "puzzle" && [...document.querySelectorAll("#moves td[data-ply]")].length === %d`, i+2), "the reply "+want.String())
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if v := read(t, ctx); v.Position != g.Position().String() {
		t.Errorf("after the solution the board shows %q, want %q", v.Position, g.Position())
	}
}

// wrongMove returns a legal move of p's position that does not solve it.
func wrongMove(t *testing.T, p puzzle.Puzzle) surakarta.Move {
	t.Helper()
	g := p.Game()
	for _, m := range g.LegalMoves() {
		if !p.Accepts(g, 0, m) {
			return m
		}
	}
	t.Fatalf("%v: every move solves it", p)
	return 0
}

func TestPuzzleSolveHintFailAndTally(t *testing.T) {
	ctx := openPage(t, "")
	forgetPuzzles(t, ctx)
	before := read(t, ctx).Position
	p, pv := startPuzzles(t, ctx)
	if pv.Index != "0" || pv.Solved != "0" || pv.Failed != "0" || pv.Streak != "0" {
		t.Errorf("a first visit starts at puzzle %s with the tally %s/%s/%s", pv.Index, pv.Solved, pv.Failed, pv.Streak)
	}

	// The hint: the piece first, then the move.
	click(t, ctx, "puzzle-hint")
	from := p.Solution[0].From().String()
	waitFor(t, ctx, moveTimeout, `document.getElementById("puzzle-message").textContent.startsWith("Hint: move the piece on")`, "the first hint")
	if pv := readPuzzle(t, ctx); pv.Message != "Hint: move the piece on "+from+"." {
		t.Errorf("the first hint says %q, want the piece on %s", pv.Message, from)
	}
	if v := read(t, ctx); len(v.Targets) == 0 {
		t.Errorf("the first hint does not pick up the piece on %s: no targets shown", from)
	}
	click(t, ctx, "puzzle-hint")
	waitFor(t, ctx, moveTimeout, `document.getElementById("hint-move") !== null`, "the second hint")
	if v := read(t, ctx); v.Hint == nil || v.Hint.Move[:2] != from || v.Hint.Move[len(v.Hint.Move)-2:] != p.Solution[0].To().String() {
		t.Errorf("the second hint shows %+v, want %v", v.Hint, p.Solution[0])
	}

	solveByClicks(t, ctx, p)
	pv = readPuzzle(t, ctx)
	if pv.Solved != "1" || pv.Failed != "0" || pv.Streak != "1" || !strings.HasPrefix(pv.Message, "Solved: it "+p.Theme()) {
		t.Errorf("after solving: %+v", pv)
	}

	// The next puzzle, failed by a wrong move: the solution is shown.
	click(t, ctx, "puzzle-next")
	waitFor(t, ctx, moveTimeout, `document.body.dataset.puzzle === "1" && document.body.dataset.phase === "puzzle"`, "the next puzzle")
	q := puzzle.Published()[1]
	checkPuzzleShown(t, ctx, q)
	wrong := wrongMove(t, q)
	playByClicks(t, ctx, q.Position, wrong)
	waitFor(t, ctx, moveTimeout, `document.body.dataset.puzzleDone === "yes" && document.body.dataset.phase === "puzzle"`, "the puzzle failed")
	pv = readPuzzle(t, ctx)
	first, err := q.Position.Legal(q.Solution[0])
	if err != nil {
		t.Fatal(err)
	}
	if pv.Solved != "1" || pv.Failed != "1" || pv.Streak != "0" || !strings.Contains(pv.Message, "The solution: "+moveText(first)) {
		t.Errorf("after a wrong move: %+v", pv)
	}
	if v := read(t, ctx); v.Hint == nil || v.Hint.Move != moveText(first) || v.Position != q.Position.String() {
		t.Errorf("after a wrong move the board shows %q and the move %+v; want the puzzle's position and %s", v.Position, v.Hint, moveText(first))
	}
	saveScreenshot(t, ctx, *puzzleShotFile)

	// The game comes back, and the tally stays after a reload.
	click(t, ctx, "puzzle-leave")
	waitPhase(t, ctx, moveTimeout, "human")
	if v := read(t, ctx); v.Position != before {
		t.Errorf("back in the game, the board shows %q, want %q", v.Position, before)
	}
	if err := chromedp.Do(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitPhase(t, ctx, loadTimeout, "human", "engine", "over")
	click(t, ctx, "puzzle-start")
	waitPhase(t, ctx, moveTimeout, "puzzle")
	if pv := readPuzzle(t, ctx); pv.Index != "2" || pv.Solved != "1" || pv.Failed != "1" || pv.Streak != "0" {
		t.Errorf("after a reload: puzzle %s, tally %s/%s/%s; want puzzle 2 and 1/1/0", pv.Index, pv.Solved, pv.Failed, pv.Streak)
	}
	forgetPuzzles(t, ctx)
}

// moveText writes m as the page does: b2xe5 for a capture.
func moveText(m surakarta.Move) string {
	text, err := m.MarshalText()
	if err != nil {
		return m.String()
	}
	return string(text)
}

// TestYourPuzzles analyses a game uploaded to the page and solves the
// puzzle of its mistake: the test game of package puzzle, whose White's
// step to b3 at ply 2 Black's c1 takes round the inner loop.
func TestYourPuzzles(t *testing.T) {
	ctx := openPage(t, "")
	forgetPuzzles(t, ctx)
	upload(t, ctx, "../puzzle/testdata/game.txt")
	waitPhase(t, ctx, moveTimeout, "over")
	click(t, ctx, "analyse")
	waitPhase(t, ctx, 2*moveTimeout, "review")
	waitFor(t, ctx, 2*moveTimeout, `Number(document.body.dataset.yourPuzzles) > 0`, "your puzzles")
	click(t, ctx, "puzzle-start")
	waitPhase(t, ctx, moveTimeout, "puzzle")
	setValue(t, ctx, "puzzle-list", "yours")
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("puzzle-list").dispatchEvent(new Event("change"))`)); err != nil {
		t.Fatal(err)
	}
	want, err := puzzle.Parse("wwwwww/2wwww/w5/1wbb2/1b1bbb/bbbbbb b 6 4; c1b3; +1; 0; 2; your game")
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.body.dataset.phase === "puzzle" && document.getElementById("position-text").value === %q`, want.Position.String()), "your puzzle of ply 2")
	if pv := readPuzzle(t, ctx); pv.List != "yours" || pv.Index != "0" {
		t.Errorf("the page shows puzzle %s of the list %q", pv.Index, pv.List)
	}
	checkPuzzleShown(t, ctx, want)
	solveByClicks(t, ctx, want)
	if pv := readPuzzle(t, ctx); pv.Solved != "1" {
		t.Errorf("after solving your puzzle: %+v", pv)
	}
	forgetPuzzles(t, ctx)
}
