//go:build !js

package main

// End-to-end tests of the variations in the move list (static/variations.js):
// a record's, and the engine's after an analysis, checked against the
// library in this process.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/chromedp/chromedp"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

// variationRowsJS reads the variation rows of the move list: the ply of
// the move each replaces, its depth, source and text.
const variationRowsJS = `[...document.querySelectorAll("#moves tr.variation")].map((tr) =>
  tr.dataset.ply + " " + tr.dataset.depth + " " + (tr.classList.contains("engine") ? "engine" : "record") + " " + tr.textContent)`

// TestVariationsInMoveList: a record's variations and glyphs show in the
// move list, under the moves they replace; a click on a move of a
// variation shows the position after it, a click on the board goes back,
// and the record downloaded keeps them.
func TestVariationsInMoveList(t *testing.T) {
	const text = "[Event \"Variations\"]\n[Result \"*\"]\n\n" +
		"1. b2b3 e5e4 2. c2c3?! {loses time} (2. b3c4 {better} 2... e4d3 (2... e4e3 3. d2d3) 3. c2c3) 2... f5f4!! $10 *\n"
	rec, err := record.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "variations.txt")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, "")
	upload(t, ctx, file)
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 4`, "the record's game")
	waitPhase(t, ctx, moveTimeout, "human")

	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](variationRowsJS))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"3 1 record (2. b3c4 e4d3 3. c2c3)", "4 2 record (2… e4e3 3. d2d3)"}
	if !slices.Equal(rows, want) {
		t.Errorf("the variation rows are %q, want %q", rows, want)
	}
	// The rows stand under the row of move 2, the deeper one after the
	// variation it belongs to.
	order, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#moves tr")].map((tr) => tr.classList.contains("variation") ? "v" : tr.dataset.number)`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"1", "2", "v", "v"}; !slices.Equal(order, want) {
		t.Errorf("the rows of the move list are %q, want %q", order, want)
	}
	glyphs, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#moves td[data-ply]")].map((td) => td.querySelector(".glyph") ? td.querySelector(".glyph").textContent.trim() : "")`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"", "", "?!", "!! $10"}; !slices.Equal(glyphs, want) {
		t.Errorf("the glyphs of the moves are %q, want %q", glyphs, want)
	}

	// The position after 2... e4d3 of the variation: the game's first two
	// moves, then b3c4 e4d3.
	p := rec.Game.Positions()[2]
	for _, m := range rec.Variations[3][0].Moves[:2] {
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves tr.variation [data-variation="0"][data-index="1"]`))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.body.dataset.view === %q`, p.String()), "the variation's position")
	v := read(t, ctx)
	checkBoard(t, p, v)
	if v.Position != p.String() || !strings.Contains(v.Status, "A variation of move 3: after e4d3") || v.LastPath != "" {
		t.Errorf("the page shows position %q, status %q, last path %q; want %q, the variation's", v.Position, v.Status, v.LastPath, p)
	}
	// The opening explorer shows the variation's position, and plays none
	// of its moves: the game is elsewhere.
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.getElementById("explorer").dataset.position === %q`, p.String()), "the explorer on the variation's position")
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#explorer tr.playable").length`)); err != nil || n != 0 {
		t.Errorf("the explorer offers %d moves to play (%v) on a variation's position", n, err)
	}
	current, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#moves .variation-move.current") || {}).textContent || ""`))
	if err != nil || current != "e4d3" {
		t.Errorf("the move shown is marked %q (%v), want e4d3", current, err)
	}
	// A click on the board goes back to the game, and moves nothing.
	clickSquare(t, ctx, "a1")
	waitFor(t, ctx, moveTimeout, `document.body.dataset.view === undefined`, "the game again")
	v = read(t, ctx)
	checkBoard(t, rec.Game.Position(), v)
	if v.Phase != "human" || len(v.Moves) != 4 {
		t.Errorf("after leaving the variation: phase %q, %d moves; want human, 4", v.Phase, len(v.Moves))
	}

	got := downloadRecord(t, ctx)
	if a, b := recordText(t, got), recordText(t, rec); a != b {
		t.Errorf("the record downloaded has the moves\n%s\nwant the uploaded record's\n%s", a, b)
	}
}

// recordText returns the movetext of r as MarshalText writes it.
func recordText(t *testing.T, r *record.Record) string {
	t.Helper()
	r = r.Clone()
	r.Headers = nil
	text, err := r.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// TestAnalysisVariations: after an analysis the move list shows the
// engine's better line under each move it criticises, the lines of
// analysis.Report.Annotate computed in this process; a click on one shows
// its position.
func TestAnalysisVariations(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "b3c4", "e4e3", "a2a3", "f5f4"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := record.New(g).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := openPage(t, "")
	upload(t, ctx, file)
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 6`, "the record's game")
	waitPhase(t, ctx, moveTimeout, "human")
	analyseGame(t, ctx)

	report, err := analysis.Game(context.Background(), g, surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{
		Limits: surakarta.Limits{Nodes: session.AnalysisNodes},
	})
	if err != nil {
		t.Fatal(err)
	}
	annotated, err := report.Annotate(record.New(g))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	positions := g.Positions()
	for ply := 1; ply <= g.Ply(); ply++ {
		for _, v := range annotated.Variations[ply] {
			p := positions[ply-1]
			var moves []string
			for i, m := range v.Moves {
				label := ""
				switch {
				case p.SideToMove() == surakarta.Black:
					label = fmt.Sprintf("%d. ", p.MoveNumber())
				case i == 0:
					label = fmt.Sprintf("%d… ", p.MoveNumber())
				}
				text, _ := m.MarshalText()
				moves = append(moves, label+string(text))
				p.PlayUnchecked(m)
			}
			want = append(want, fmt.Sprintf("%d 1 engine (%s)", ply, strings.Join(moves, " ")))
		}
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](variationRowsJS))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(rows, want) {
		t.Errorf("the engine's variation rows are %q, want %q", rows, want)
	}
	if len(want) == 0 {
		t.Logf("the analysis criticises no move of this game: nothing to click")
		return
	}
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#moves tr.variation.engine [data-index="0"]`))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, moveTimeout, `document.body.dataset.view !== undefined`, "the engine's line's position")
	if v := read(t, ctx); !strings.Contains(v.Status, "The engine's line of move") {
		t.Errorf("status %q, want the engine's line's", v.Status)
	}
}
