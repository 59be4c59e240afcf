//go:build !js

package main

// End-to-end tests of the difficulty levels, the hint and the analysis,
// checked against the library, the levels and package analysis computed in
// this process.

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

var analysisGames = flag.Int("analysis-games", 0, "games that TestAnalysisTime analyses in the page and natively (0: skip it)")

// chooseLevel chooses the engine's level in its selector, as a person
// does: the value, then the change event.
func chooseLevel(t *testing.T, ctx context.Context, n int) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(
		`(() => { const s = document.getElementById("level"); s.value = "%d"; s.dispatchEvent(new Event("change")); })()`, n))); err != nil {
		t.Fatal(err)
	}
}

func disabled(t *testing.T, ctx context.Context, id string) bool {
	t.Helper()
	d, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.getElementById(%q).disabled`, id)))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestLevel: the page starts at level 3 with the thinking time disabled;
// at level 1 every reply of the engine is the move of level.New(1) keyed
// by the game's start, and the level shows in the status and the record's
// headers; level 10 enables the thinking time.
func TestLevel(t *testing.T) {
	ctx := openPageAsIs(t, "")
	if lvl, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("level").value`)); err != nil || lvl != "3" {
		t.Errorf("the default level is %q (%v), want 3", lvl, err)
	}
	if !disabled(t, ctx, "movetime") {
		t.Error("the thinking time is enabled at level 3")
	}
	chooseLevel(t, ctx, 1)
	v := newGame(t, ctx, "black", "1000", "")
	start := surakarta.NewPosition()
	player, err := level.New(1, session.LevelKey(start))
	if err != nil {
		t.Fatal(err)
	}
	for round := range 4 {
		g := replay(t, surakarta.StartText, v)
		legal := g.LegalMoves()
		m := legal[(round*7)%len(legal)]
		playByClicks(t, ctx, g.Position(), m)
		waitFor(t, ctx, moveTimeout, `document.body.dataset.phase !== "human"`, "your move")
		waitPhase(t, ctx, moveTimeout, "human", "over")
		v = read(t, ctx)
		g = replay(t, surakarta.StartText, v)
		if v.Phase == "over" && len(v.Moves) == 2*round+1 {
			break
		}
		if len(v.Moves) != 2*round+2 {
			t.Fatalf("moves %v after round %d: %+v", v.Moves, round+1, v)
		}
		before := g.Clone()
		if err := before.Undo(); err != nil {
			t.Fatal(err)
		}
		r, err := player.Search(context.Background(), before, surakarta.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Replace(v.Moves[len(v.Moves)-1], "x", "", 1); got != r.Move.String() {
			t.Fatalf("round %d: the engine at level 1 played %s, level.New(1) plays %v", round+1, got, r.Move)
		}
		if !strings.Contains(v.EngineInfo, "level 1") {
			t.Errorf("engine info %q does not name level 1", v.EngineInfo)
		}
		if v.Phase == "over" {
			break
		}
	}
	rec := downloadRecord(t, ctx)
	if white, _ := rec.Header("White"); white != "level1" {
		t.Errorf("White is %q in the record, want level1", white)
	}
	chooseLevel(t, ctx, 10)
	if disabled(t, ctx, "movetime") {
		t.Error("the thinking time is disabled at level 10")
	}
}

// downloadRecord clicks the download button and reads the record saved.
func downloadRecord(t *testing.T, ctx context.Context) *record.Record {
	t.Helper()
	dir := allowDownloads(t, ctx)
	click(t, ctx, "download")
	file := waitForFile(t, dir, moveTimeout)
	text, err := readFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(text)
	if err != nil {
		t.Fatalf("the downloaded record does not read: %v\n%s", err, text)
	}
	return rec
}

// waitForHint clicks Hint and waits for the hint to be drawn.
func waitForHint(t *testing.T, ctx context.Context) view {
	t.Helper()
	click(t, ctx, "hint")
	waitFor(t, ctx, moveTimeout, `document.getElementById("hint-move") !== null || !document.getElementById("error").hidden`, "the hint")
	return read(t, ctx)
}

// checkHint checks that the hint shown is the full engine's move within
// session.HintNodes for g, drawn as an arrow for a step and as its path for
// a capture, and that it was not played. It returns the move.
func checkHint(t *testing.T, g *surakarta.Game, v view) surakarta.Move {
	t.Helper()
	if v.Hint == nil {
		t.Fatalf("no hint shown: %+v", v)
	}
	r, err := surakarta.NewPVS(surakarta.NewNetwork()).Search(context.Background(), g.Clone(), surakarta.Limits{Nodes: session.HintNodes})
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.Position().Legal(r.Move)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := m.MarshalText()
	if v.Hint.Move != string(want) {
		t.Errorf("the hint is %s, the engine's move %s", v.Hint.Move, want)
	}
	if m.IsCapture() {
		path, _ := g.Position().CapturePath(m)
		if v.Hint.Points != squares(path.Points) || v.Hint.Arrow {
			t.Errorf("the hint %s is drawn with path %q (arrow %v), want %q", v.Hint.Move, v.Hint.Points, v.Hint.Arrow, squares(path.Points))
		}
	} else if !v.Hint.Arrow || v.Hint.Points != "" {
		t.Errorf("the hint %s, a step, is drawn with arrow %v, path %q", v.Hint.Move, v.Hint.Arrow, v.Hint.Points)
	}
	if v.Position != g.Position().String() || len(v.Moves) != g.Ply() || v.Phase != "human" {
		t.Errorf("after the hint: phase %q, position %q, moves %v; the hint must not be played", v.Phase, v.Position, v.Moves)
	}
	return m
}

// TestHint: a step hinted at the start (an arrow) disappears when a move is
// made; the winning capture hinted (its path) is not played.
func TestHint(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", "")
	g := replay(t, surakarta.StartText, v)
	m := checkHint(t, g, waitForHint(t, ctx))
	other := g.LegalMoves()[0]
	if other.From() == m.From() && other.To() == m.To() {
		other = g.LegalMoves()[1]
	}
	playByClicks(t, ctx, g.Position(), other)
	waitFor(t, ctx, moveTimeout, `document.body.dataset.phase !== "human"`, "your move")
	if v := read(t, ctx); v.Hint != nil {
		t.Errorf("the hint %+v is still shown after your move", v.Hint)
	}
	waitPhase(t, ctx, moveTimeout, "human")
	if v := read(t, ctx); v.Hint != nil {
		t.Errorf("a hint %+v is shown after the engine's reply", v.Hint)
	}

	const start = "6/6/6/6/bw4/6 b"
	v = newGame(t, ctx, "black", "100", start)
	g = replay(t, start, v)
	v = waitForHint(t, ctx)
	if checkHint(t, g, v); v.Hint.Move != "a2xb2" || v.Hint.Points != "a2 b1 b2" {
		t.Errorf("the hint %+v, want the capture a2xb2 round the loop at a1", v.Hint)
	}
	checkBoard(t, g.Position(), v)
}

// TestOneNotation: the hint, the engine's line, the annotation and the
// marks' tooltips write moves as the move list does, "a2xb2" for a
// capture, everywhere.
func TestOneNotation(t *testing.T) {
	const start = "6/6/6/6/bw4/6 b" // a2xb2 round the loop at a1 wins
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", start)
	g := replay(t, start, v)
	v = waitForHint(t, ctx)
	hintLine := regexp.MustCompile(`^Hint: (\S+) \(.*; the engine's line (.*)\)$`).FindStringSubmatch(v.EngineInfo)
	if hintLine == nil || hintLine[1] != "a2xb2" {
		t.Fatalf("the hint reads %q, want a2xb2 and the engine's line", v.EngineInfo)
	}
	checkLine(t, g.Position(), hintLine[2])

	// A step instead: the analysis calls it a blunder, a2xb2 the better move.
	var step surakarta.Move
	for _, m := range g.LegalMoves() {
		if !m.IsCapture() {
			step = m
			break
		}
	}
	playByClicks(t, ctx, g.Position(), step)
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 2`, "the engine's reply")
	waitPhase(t, ctx, moveTimeout, "human", "over")
	analyseGame(t, ctx)
	click(t, ctx, "first")
	click(t, ctx, "next")
	waitFor(t, ctx, moveTimeout, `document.body.dataset.ply === "1"`, "the position after the step")
	texts, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.getElementById("annotation").textContent,
	  document.querySelector('#moves td[data-ply="0"]').title]`))
	if err != nil {
		t.Fatal(err)
	}
	annotation := regexp.MustCompile(`The engine's move was (\S+) \(its line: (.*?);`).FindStringSubmatch(texts[0])
	if annotation == nil || annotation[1] != "a2xb2" {
		t.Fatalf("the annotation reads %q, want the better move a2xb2 and its line", texts[0])
	}
	checkLine(t, g.Position(), annotation[2])
	tooltip := regexp.MustCompile(`; best (\S+) \((.*)\)$`).FindStringSubmatch(texts[1])
	if tooltip == nil || tooltip[1] != "a2xb2" {
		t.Fatalf("the tooltip of %v reads %q, want the better move a2xb2 and its line", step, texts[1])
	}
	checkLine(t, g.Position(), tooltip[2])
}

// checkLine checks that line is a line of moves played from p, each written
// as the move list writes moves: "b2xe5" for a capture.
func checkLine(t *testing.T, p surakarta.Position, line string) {
	t.Helper()
	if line == "" {
		t.Error("the line is empty")
	}
	for _, text := range strings.Fields(line) {
		var m surakarta.Move
		if err := m.UnmarshalText([]byte(text)); err != nil {
			t.Errorf("the line %q: %v", line, err)
			return
		}
		legal, err := p.Legal(m)
		if err != nil {
			t.Errorf("the line %q from %v: %v", line, p, err)
			return
		}
		if want, _ := legal.MarshalText(); string(want) != text {
			t.Errorf("the line %q writes %s, the move list %s", line, text, want)
		}
		p.PlayUnchecked(legal)
	}
}

// TestRecordKeepsCommentsAndAnalysis: a record's comments, uploaded, show
// in the move list and come back in the record downloaded; after the
// analysis, the record downloaded has its annotations too, after the
// comments, as analysis.Report.Annotate writes them; after another move,
// the comments alone.
func TestRecordKeepsCommentsAndAnalysis(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "b3c4", "e4e3"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	rec := record.New(g, record.Header{Name: "Event", Value: "Comments"})
	comments := map[int]string{0: "A game to study", 2: "White answers at once", 4: "Both sides have come forward"}
	rec.Comments = maps.Clone(comments)
	text, err := rec.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "comments.txt")
	if err := os.WriteFile(file, text, 0o644); err != nil {
		t.Fatal(err)
	}

	ctx := openPage(t, "")
	upload(t, ctx, file)
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 4`, "the record's game")
	waitPhase(t, ctx, moveTimeout, "human")
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[(document.querySelector("#moves caption") || {}).textContent || "",
	  ...[...document.querySelectorAll("#moves td.commented")].map((td) => td.dataset.ply + ": " + td.title)]`))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{comments[0], "1: " + comments[2], "3: " + comments[4]}; !slices.Equal(shown, want) {
		t.Errorf("the page shows the comments %q, want %q", shown, want)
	}
	if r := downloadRecord(t, ctx); !maps.Equal(r.Comments, comments) {
		t.Errorf("the record downloaded has comments %v, want the uploaded record's %v", r.Comments, comments)
	}

	analyseGame(t, ctx)
	report, err := analysis.Game(context.Background(), g, surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{
		Limits: surakarta.Limits{Nodes: session.AnalysisNodes},
	})
	if err != nil {
		t.Fatal(err)
	}
	annotated, err := report.Annotate(rec)
	if err != nil {
		t.Fatal(err)
	}
	if r := downloadRecord(t, ctx); !maps.Equal(r.Comments, annotated.Comments) {
		t.Errorf("the record downloaded after the analysis has comments %v, want %v", r.Comments, annotated.Comments)
	}

	click(t, ctx, "back")
	waitPhase(t, ctx, moveTimeout, "human")
	v := read(t, ctx)
	played := replay(t, surakarta.StartText, v)
	playByClicks(t, ctx, played.Position(), played.LegalMoves()[0])
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 6`, "the engine's reply")
	waitPhase(t, ctx, moveTimeout, "human", "over")
	if r := downloadRecord(t, ctx); !maps.Equal(r.Comments, comments) {
		t.Errorf("the record downloaded after two more moves has comments %v, want the uploaded record's %v", r.Comments, comments)
	}
}

// analyseGame clicks Analyse, checks the progress bar, waits for the
// analysis and returns the page then.
func analyseGame(t *testing.T, ctx context.Context) view {
	t.Helper()
	click(t, ctx, "analyse")
	waitFor(t, ctx, moveTimeout, `document.body.dataset.phase === "review" || !document.getElementById("analysis-progress-box").hidden && document.getElementById("analysis-progress").value > 0`, "the analysis's progress")
	begin := time.Now()
	waitPhase(t, ctx, 2*moveTimeout, "review")
	ms, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.analysisMs`))
	t.Logf("the analysis took %s ms in the page (waited %v)", ms, time.Since(begin).Round(time.Millisecond))
	return read(t, ctx)
}

// checkAnalysis analyses g, which the page shows, in the page and in Go
// with the same budget, and checks the page's graph, its move-list marks,
// a click on a point of the graph (the board and the better move), and
// stepping with the buttons and keys. It saves the screenshot of the
// analysis when shot.
func checkAnalysis(t *testing.T, ctx context.Context, g *surakarta.Game, shot bool) {
	t.Helper()
	// Cancelled first: the game comes back, with no analysis.
	click(t, ctx, "analyse")
	waitPhase(t, ctx, moveTimeout, "analysing")
	click(t, ctx, "analysis-cancel")
	waitPhase(t, ctx, moveTimeout, "human", "over")
	if v := read(t, ctx); v.Position != g.Position().String() || v.Marks[0].Class != "" {
		t.Fatalf("after a cancelled analysis: position %q, marks %v", v.Position, v.Marks)
	}

	v := analyseGame(t, ctx)
	report, err := analysis.Game(context.Background(), g, surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{
		Limits: surakarta.Limits{Nodes: session.AnalysisNodes},
	})
	if err != nil {
		t.Fatal(err)
	}
	points, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#graph circle[data-ply]").length`))
	if err != nil {
		t.Fatal(err)
	}
	if points != g.Ply() {
		t.Errorf("the graph has %d points, the game %d plies", points, g.Ply())
	}
	if len(v.Marks) != len(report.Moves) {
		t.Fatalf("%d moves marked, the report has %d", len(v.Marks), len(report.Moves))
	}
	signs := map[analysis.Class]string{analysis.Inaccuracy: "?!", analysis.Mistake: "?", analysis.Blunder: "??"}
	worst := 0
	for i, a := range report.Moves {
		if got := v.Marks[i]; got.Class != a.Class.String() || got.Mark != signs[a.Class] {
			t.Errorf("ply %d, %v: the page marks %+v, the report says %v", a.Ply, a.Move, got, a.Class)
		}
		if a.Class > report.Moves[worst].Class {
			worst = i
		}
	}
	s := report.Summary(surakarta.Black)
	summary, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("analysis-summary").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	for _, side := range []surakarta.Color{surakarta.Black, surakarta.White} {
		if want := fmt.Sprintf("%v: accuracy %.1f%%, ", side, report.Summary(side).Accuracy); !strings.Contains(summary, want) {
			t.Errorf("the analysis's summary %q lacks %q", summary, want)
		}
	}
	t.Logf("%d plies; Black: %d inaccuracies, %d mistakes, %d blunders", g.Ply(), s.Count(analysis.Inaccuracy), s.Count(analysis.Mistake), s.Count(analysis.Blunder))

	// A click on the point of the worst move shows the position after it,
	// with the engine's better move.
	ply := report.Moves[worst].Ply
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#graph circle[data-ply="%d"]`, ply)))); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.body.dataset.ply === "%d"`, ply), "the position of the point clicked")
	checkReview(t, ctx, g, report, ply)
	if shot {
		saveFullScreenshot(t, ctx, *analysisShotFile)
	}

	// Previous, next, first and last, with the buttons and the keys.
	click(t, ctx, "prev")
	checkReview(t, ctx, g, report, ply-1)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)); err != nil {
		t.Fatal(err)
	}
	checkReview(t, ctx, g, report, ply)
	click(t, ctx, "first")
	checkReview(t, ctx, g, report, 0)
	click(t, ctx, "next")
	checkReview(t, ctx, g, report, 1)
	if err := chromedp.Do(ctx, chromedp.KeyEvent(kb.End)); err != nil {
		t.Fatal(err)
	}
	checkReview(t, ctx, g, report, g.Ply())
	click(t, ctx, "back")
	waitPhase(t, ctx, moveTimeout, "human", "over")
	if v := read(t, ctx); v.Position != g.Position().String() || v.Marks[ply-1].Class != report.Moves[ply-1].Class.String() {
		t.Errorf("back in the game: position %q, marks %v", v.Position, v.Marks)
	}
}

// TestBackToTheGame: after the analysis, First and then "Back to the
// game": the board, the annotation and the graph's cursor all show the
// game now, and the button that leads back is gone.
func TestBackToTheGame(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", "")
	g := replay(t, surakarta.StartText, v)
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 2`, "the engine's reply")
	waitPhase(t, ctx, moveTimeout, "human")
	analyseGame(t, ctx)
	click(t, ctx, "first")
	waitFor(t, ctx, moveTimeout, `document.body.dataset.ply === "0"`, "the start position")
	click(t, ctx, "back")
	waitPhase(t, ctx, moveTimeout, "human")
	v = read(t, ctx)
	g = checkOneGame(t, surakarta.StartText, "black", v)
	type shown struct {
		Back       bool    `json:"back"`
		Annotation string  `json:"annotation"`
		Cursor     float64 `json:"cursor"`
		Point      float64 `json:"point"`
		Current    int     `json:"current"`
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[shown](fmt.Sprintf(`(() => {
	  const $ = (id) => document.getElementById(id);
	  return {
	    back: getComputedStyle($("back")).display !== "none",
	    annotation: $("annotation").textContent,
	    cursor: Number($("graph-cursor").getAttribute("x1")),
	    point: Number(document.querySelector('#graph circle[data-ply="%d"]').getAttribute("cx")),
	    current: document.querySelectorAll("#moves td.current").length,
	  };
	})()`, g.Ply())))
	if err != nil {
		t.Fatal(err)
	}
	if got.Back {
		t.Error(`"Back to the game" is still shown in the game`)
	}
	if want := "1… " + v.Moves[1]; !strings.HasPrefix(got.Annotation, want) {
		t.Errorf("the annotation reads %q in the game, after %s; want the annotation of %s", got.Annotation, v.Moves[1], want)
	}
	if got.Cursor != got.Point {
		t.Errorf("the graph's cursor is at x = %v, the point of ply %d at %v", got.Cursor, g.Ply(), got.Point)
	}
	if got.Current != 0 || v.Ply != "" {
		t.Errorf("in the game, %d moves are marked as the one reviewed, and the page says ply %q", got.Current, v.Ply)
	}
}

// checkReview checks the page shows the position after ply of g, and the
// engine's better move when the move that led there was not its best.
func checkReview(t *testing.T, ctx context.Context, g *surakarta.Game, report *analysis.Report, ply int) {
	t.Helper()
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.body.dataset.ply === "%d"`, ply), fmt.Sprintf("ply %d", ply))
	v := read(t, ctx)
	if v.Phase != "review" || v.Ply != strconv.Itoa(ply) {
		t.Fatalf("phase %q, ply %q; want review at %d", v.Phase, v.Ply, ply)
	}
	p := g.Positions()[ply]
	if v.Position != p.String() {
		t.Errorf("ply %d: the page shows %q, the game %q", ply, v.Position, p)
	}
	checkBoard(t, p, v)
	if ply == 0 {
		if v.Better != nil {
			t.Errorf("a better move %+v at the start", v.Better)
		}
		return
	}
	a := report.Moves[ply-1]
	if a.Class == analysis.Best {
		if v.Better != nil {
			t.Errorf("ply %d, the engine's best, shows a better move %+v", ply, v.Better)
		}
		return
	}
	before := g.Positions()[ply-1]
	best, err := before.Legal(a.Best)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := best.MarshalText()
	if v.Better == nil || v.Better.Move != string(text) {
		t.Fatalf("ply %d (%v, %v): the better move shown is %+v, the report's %s", ply, a.Move, a.Class, v.Better, text)
	}
	if best.IsCapture() {
		path, _ := before.CapturePath(best)
		if v.Better.Points != squares(path.Points) {
			t.Errorf("ply %d: the better capture %s drawn along %q, want %q", ply, text, v.Better.Points, squares(path.Points))
		}
	} else if !v.Better.Arrow {
		t.Errorf("ply %d: the better step %s is not drawn as an arrow", ply, text)
	}
}

func saveFullScreenshot(t *testing.T, ctx context.Context, file string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	writeScreenshot(t, file, png)
}

// TestAnalysisTime times the analysis of whole games in the page (the
// budget of session.AnalysisNodes a position) and natively: games of level
// 5 against level 5, uploaded as records, and logs the depths that the
// native analysis completed. It runs with -analysis-games N.
func TestAnalysisTime(t *testing.T) {
	if *analysisGames <= 0 {
		t.Skip("run with -analysis-games N to time the analysis of N games")
	}
	ctx := openPage(t, "")
	var plies int
	var depths []int
	var page, native float64
	for i := range *analysisGames {
		black, _ := level.New(5, uint64(2*i+1))
		white, _ := level.New(5, uint64(2*i+2))
		g := surakarta.NewGame(surakarta.NewPosition())
		for !g.Outcome().Over {
			s := black
			if g.Position().SideToMove() == surakarta.White {
				s = white
			}
			r, err := s.Search(context.Background(), g, surakarta.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(r.Move); err != nil {
				t.Fatal(err)
			}
		}
		text, err := record.New(g).MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(t.TempDir(), fmt.Sprintf("game%d.txt", i+1))
		if err := os.WriteFile(file, text, 0o644); err != nil {
			t.Fatal(err)
		}
		upload(t, ctx, file)
		waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.querySelectorAll("#moves td[data-ply]").length === %d && document.body.dataset.phase === "over"`, g.Ply()), "the uploaded game")
		analyseGame(t, ctx)
		ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`Number(document.body.dataset.analysisMs)`))
		if err != nil {
			t.Fatal(err)
		}
		begin := time.Now()
		report, err := analysis.Game(context.Background(), g, surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{
			Limits: surakarta.Limits{Nodes: session.AnalysisNodes},
		})
		if err != nil {
			t.Fatal(err)
		}
		n := float64(time.Since(begin).Milliseconds())
		var gameDepths []int
		for _, m := range report.Moves {
			gameDepths = append(gameDepths, m.Depth)
		}
		depths = append(depths, gameDepths...)
		t.Logf("game %d, %d plies: %.1f s in the page, %.1f s native; depth %s", i+1, g.Ply(), ms/1000, n/1000, depthText(gameDepths))
		plies += g.Ply()
		page += ms
		native += n
		click(t, ctx, "back")
		waitPhase(t, ctx, moveTimeout, "over")
	}
	t.Logf("%d games, %d plies: %.0f ms a ply in the page (%.1f s for 60 plies), %.0f ms native; native / page = %.2f; depth %s",
		*analysisGames, plies, page/float64(plies), page/float64(plies)*60/1000, native/float64(plies), native/page, depthText(depths))
}

// depthText describes the depths that searches completed: their median
// and their mean (which the searches of a game's last plies, often
// proven and so as deep as MaxDepth, pull up).
func depthText(depths []int) string {
	if len(depths) == 0 {
		return "none"
	}
	sum := 0
	for _, d := range depths {
		sum += d
	}
	sorted := slices.Sorted(slices.Values(depths))
	return fmt.Sprintf("median %d, mean %.1f", sorted[len(sorted)/2], float64(sum)/float64(len(depths)))
}
