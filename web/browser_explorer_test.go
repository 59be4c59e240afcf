//go:build !js

package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"slices"

	"path/filepath"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
)

var explorerShotFile = flag.String("screenshot-explorer", filepath.Join("artifacts", "explorer.png"), "where TestExplorer saves a screenshot of the explorer")

// bookOpening is an opening of the engine's games that the page's book
// holds: its match records started from it 92 times.
const bookOpening = "wwwwww/wwwwww/6/3bb1/bbb2b/bbbbbb b 4 3"

// explorerRow is a row of the explorer as the page shows it.
type explorerRow struct {
	Move     string   `json:"move"`
	Cells    []string `json:"cells"`
	Playable bool     `json:"playable"`
}

const explorerRowsJS = `[...document.querySelectorAll("#explorer tbody tr")].map((tr) => ({
  move: tr.dataset.move, cells: [...tr.cells].map((td) => td.textContent), playable: tr.classList.contains("playable"),
}))`

// waitExplorer waits until the explorer shows the moves of the page's
// position and returns its rows.
func waitExplorer(t *testing.T, ctx context.Context) []explorerRow {
	t.Helper()
	waitFor(t, ctx, moveTimeout, `document.getElementById("explorer").dataset.position === document.getElementById("position-text").value`, "the explorer's moves")
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]explorerRow](explorerRowsJS))
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// outOfBook is a position the page's book does not hold: an endgame,
// far beyond the book's plies.
const outOfBook = "w5/6/2w3/3b2/6/5b b 10 40"

// wantRows checks that the explorer's rows are the book's moves of the
// position, each with its count, share, score and results, and playable.
func wantRows(t *testing.T, rows []explorerRow, want []book.MoveStats) {
	t.Helper()
	if len(rows) != len(want) {
		t.Fatalf("%d rows %+v, want %d", len(rows), rows, len(want))
	}
	total := 0
	for _, m := range want {
		total += m.Count()
	}
	for i, m := range want {
		text, _ := m.Move.MarshalText()
		cells := []string{string(text), strconv.Itoa(m.Count()), fmt.Sprintf("%.0f%%", 100*float64(m.Count())/float64(total)),
			fmt.Sprintf("%.0f%%", 100*m.Score()), fmt.Sprintf("%d/%d/%d", m.Wins, m.Draws, m.Losses)}
		r := rows[i]
		if r.Move != m.Move.From().String()+m.Move.To().String() || !slices.Equal(r.Cells, cells) || !r.Playable {
			t.Errorf("row %d: %+v, want %v, playable", i, r, cells)
		}
	}
}

// bookMoves returns the page's book's moves of the position text, and
// the book.
func bookMoves(t *testing.T, position string) ([]book.MoveStats, *book.Book) {
	t.Helper()
	b, err := book.ReadFile(filepath.Join("static", "book.bin"))
	if err != nil {
		t.Fatal(err)
	}
	p, err := surakarta.ParsePosition(position)
	if err != nil {
		t.Fatal(err)
	}
	return b.Moves(p), b
}

// TestExplorer: the explorer shows, for an opening of the engine's games
// and for the start, the moves that package book reads from the page's
// book file, with their counts, shares, scores and results; clicking the
// first plays it; a position the book does not hold has none, and a note
// that says so.
func TestExplorer(t *testing.T) {
	want, b := bookMoves(t, bookOpening)
	if len(want) == 0 {
		t.Fatalf("the book holds no moves of %s", bookOpening)
	}
	ctx := openPage(t, "?color=black&movetime=100&position="+url.QueryEscape(bookOpening))
	waitPhase(t, ctx, moveTimeout, "human")
	rows := waitExplorer(t, ctx)
	wantRows(t, rows, want)
	saveScreenshot(t, ctx, *explorerShotFile)
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#explorer tbody tr:first-child"))); err != nil {
		t.Fatal(err)
	}
	waitPhase(t, ctx, moveTimeout, "human", "over")
	v := read(t, ctx)
	if len(v.Moves) < 1 || v.Moves[0] != rows[0].Cells[0] {
		t.Errorf("after clicking %s: the moves %q", rows[0].Cells[0], v.Moves)
	}
	replay(t, bookOpening, v)

	start := surakarta.NewPosition().String()
	want, _ = bookMoves(t, start)
	if len(want) == 0 {
		t.Fatal("the book holds no moves of the start")
	}
	newGame(t, ctx, "black", "100", "")
	wantRows(t, waitExplorer(t, ctx), want)

	if none, _ := bookMoves(t, outOfBook); len(none) != 0 {
		t.Fatalf("the book holds moves of %s: %v", outOfBook, none)
	}
	newGame(t, ctx, "black", "100", outOfBook)
	if rows := waitExplorer(t, ctx); len(rows) != 0 {
		t.Errorf("at %s: %+v, want no book moves", outOfBook, rows)
	}
	note, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#explorer .explorer-note").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("Not in the book (%d games of the engine", b.Games()); len(note) < len(want) || note[:len(want)] != want {
		t.Errorf("the note at %s: %q, want it to begin %q", outOfBook, note, want)
	}
}

// TestControlsStayPut: the New game button stays where it is while the
// explorer's answers come and go (a book position's rows, none, the
// moment between a position and its answer), while the engine thinks (a
// longer status) and while the move list grows, so that a click aimed
// at it never lands where it was.
func TestControlsStayPut(t *testing.T) {
	ctx := openPage(t, "?color=black&movetime=100")
	waitPhase(t, ctx, moveTimeout, "human")
	if rows := waitExplorer(t, ctx); len(rows) == 0 {
		t.Fatal("the explorer shows no moves at the start")
	}
	where := func(when string) float64 {
		t.Helper()
		y, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.getElementById("new").getBoundingClientRect().top + window.scrollY`))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: the New game button at y = %.1f", when, y)
		return y
	}
	start := where("the start, with the book's moves")

	v := newGame(t, ctx, "black", "100", outOfBook)
	if rows := waitExplorer(t, ctx); len(rows) != 0 {
		t.Fatalf("at %s: %+v, want no book moves", outOfBook, rows)
	}
	if y := where("a position out of the book"); y != start {
		t.Errorf("the button moved from y = %.1f to %.1f when the explorer emptied", start, y)
	}

	p, err := surakarta.ParsePosition(v.Position)
	if err != nil {
		t.Fatal(err)
	}
	hold(t, ctx, "reply")
	playByClicks(t, ctx, p, p.LegalMoves()[0])
	waitHeld(t, ctx, "reply")
	if v := read(t, ctx); v.Phase != "engine" {
		t.Fatalf("the engine's reply held, the page is in phase %q, want engine", v.Phase)
	}
	if y := where("while the engine thinks"); y != start {
		t.Errorf("the button moved from y = %.1f to %.1f while the engine thought (the status %q)", start, y, read(t, ctx).Status)
	}
	hold(t, ctx)
	release(t, ctx)
	waitPhase(t, ctx, moveTimeout, "human", "over")
	if y := where("after a move and the engine's reply"); y != start {
		t.Errorf("the button moved from y = %.1f to %.1f as the move list grew", start, y)
	}

	// Between a position and the explorer's answer, its table is empty.
	// The test reaches the explorer's state and render as the page's
	// modules do, through the module's exports.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`import("./explorer.js").then((m) => { m.explorer.moves = null; m.explorerRender(); })`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
	if y := where("waiting for the explorer's answer"); y != start {
		t.Errorf("the button moved from y = %.1f to %.1f while the explorer waited", start, y)
	}
}
