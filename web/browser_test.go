//go:build !js

package main

// End-to-end tests: the page served on 127.0.0.1, driven in headless
// Chromium through chromedp, with real mouse clicks on the board. Every
// board the page shows is checked against the library in this process.
//
// Chromium is found at $CHROMIUM, /usr/bin/chromium or on PATH (Debian:
// apt-get install chromium). Without it (or with a CHROMIUM that does not
// exist) these tests fail when the variable CI is set, as it is in CI, and
// are skipped otherwise; the run then fails with one line that says so,
// which go test shows without -v, unless SURAKARTA_NO_BROWSER=1 says the
// skips are meant.
//
// Flags (after -args or as test flags):
//
//	-screenshot FILE  where TestFullGame saves its screenshot (default artifacts/game.png)
//	-screenshot-hint FILE, -screenshot-analysis FILE
//	                  where it saves those of a hint and of its game's analysis
//	                  (default artifacts/hint.png, artifacts/analysis.png)
//	-screenshot-explorer FILE
//	                  where TestExplorer saves one of the opening explorer
//	                  (default artifacts/explorer.png)
//	-speed-depth N    the depth of TestWasmSpeed's searches (default 5)
//	-speed-rounds N   how many times TestWasmSpeed repeats them (default 1)
//	-loads N          how many cold page loads TestTimeToInteractive times (default 3)
//	-analysis-games N how many games TestAnalysisTime analyses (default 0: skipped)
//	-state-calls N    how many state updates TestStateTime times (default 0: skipped)

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

var (
	screenshotFile   = flag.String("screenshot", filepath.Join("artifacts", "game.png"), "where TestFullGame saves a screenshot of the page during the game")
	hintShotFile     = flag.String("screenshot-hint", filepath.Join("artifacts", "hint.png"), "where TestFullGame saves a screenshot of a hint")
	analysisShotFile = flag.String("screenshot-analysis", filepath.Join("artifacts", "analysis.png"), "where TestFullGame saves a screenshot of the analysis of its game")
	speedDepth       = flag.Int("speed-depth", 5, "depth of TestWasmSpeed's searches")
	speedRounds      = flag.Int("speed-rounds", 1, "rounds of TestWasmSpeed's searches")
	loads            = flag.Int("loads", 3, "cold page loads that TestTimeToInteractive times")
	stateCalls       = flag.Int("state-calls", 0, "state updates that TestStateTime times (0: skip it)")
)

// siteURL is the page, served by Handler from a directory that BuildSite
// wrote, as `go run .` serves it.
var siteURL string

// Generous limits: the machine may be loaded by other builds.
const (
	loadTimeout = 90 * time.Second // for the page to become interactive
	moveTimeout = 60 * time.Second // for the engine to answer and the move to be shown
	testTimeout = 8 * time.Minute  // for one test
)

func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "surakarta-web-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	site := filepath.Join(dir, "site")
	if err := BuildSite(site); err != nil {
		fmt.Fprintln(os.Stderr, "building the page:", err)
		return 1
	}
	srv := httptest.NewServer(Handler(site)) // on 127.0.0.1
	defer srv.Close()
	siteURL = srv.URL + "/"
	code := m.Run()
	stopBrowser()
	if code == 0 && chromiumPath() == "" && os.Getenv(noBrowserEnv) != "1" {
		// go test shows a passing package's output only with -v: a run
		// whose browser tests all skipped would look like one that
		// passed them.
		fmt.Fprintf(os.Stderr, "web: Chromium not found, so the browser tests were skipped: install it (Debian: apt-get install chromium), set CHROMIUM to its path, or set %s=1 to skip them knowingly\n", noBrowserEnv)
		code = 1
	}
	return code
}

// noBrowserEnv is the variable that says that the browser tests' skips,
// with no Chromium, are meant.
const noBrowserEnv = "SURAKARTA_NO_BROWSER"

// ---- The browser ----

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserCancel []context.CancelFunc
	browserErr    error
	browserDir    string
)

// chromiumPath returns the browser to drive, or "" when there is none.
func chromiumPath() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			return ""
		}
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// startBrowser starts one headless Chromium for all the tests, with a fresh
// profile and no network but loopback.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("Chromium is not installed (apt-get install chromium chromium-driver), and CI is set: the browser tests must run")
		}
		t.Skip("Chromium is not installed (apt-get install chromium); set CHROMIUM to its path. Skipped outside CI")
	}
	browserOnce.Do(func() {
		browserDir, browserErr = os.MkdirTemp("", "surakarta-web-chromium-")
		if browserErr != nil {
			return
		}
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(path),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.UserDataDir(browserDir),
			chromedp.WindowSize(1100, 760),
		)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		browserCancel = []context.CancelFunc{cancel, cancelAlloc}
		browserErr = chromedp.Do(ctx) // starts the browser, with no timeout
		browserCtx = ctx
	})
	if browserErr != nil {
		t.Fatalf("starting Chromium (%s): %v", path, browserErr)
	}
	return browserCtx
}

func stopBrowser() {
	for _, cancel := range browserCancel {
		cancel()
	}
	if browserDir != "" {
		os.RemoveAll(browserDir)
	}
}

// openPage opens the page with the URL query in a new tab and waits until
// it is interactive, with the engine at full strength (level 10, which
// thinks for the time chosen) unless the query chooses a level.
func openPage(t *testing.T, query string) context.Context {
	t.Helper()
	if !strings.Contains(query, "level=") {
		if query == "" {
			query = "?level=10"
		} else {
			query += "&level=10"
		}
	}
	return openPageAsIs(t, query)
}

// openPageAsIs opens the page with the URL query in a new tab and waits
// until it is interactive. Uncaught exceptions in the page fail the test.
func openPageAsIs(t *testing.T, query string) context.Context {
	t.Helper()
	tab, cancelTab := chromedp.NewContext(startBrowser(t))
	t.Cleanup(cancelTab)
	if err := chromedp.Do(tab); err != nil { // opens the tab, with no timeout
		t.Fatal(err)
	}
	var mu sync.Mutex
	var exceptions []string
	if err := chromedp.Listen(tab, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			mu.Lock()
			defer mu.Unlock()
			text := ev.ExceptionDetails.Text
			if ev.ExceptionDetails.Exception != nil && ev.ExceptionDetails.Exception.Description != "" {
				text = ev.ExceptionDetails.Exception.Description
			}
			exceptions = append(exceptions, text)
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, e := range exceptions {
			t.Errorf("uncaught exception in the page: %s", e)
		}
	})
	ctx, cancel := context.WithTimeout(tab, testTimeout)
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1040, 700), chromedp.Navigate(siteURL+query)); err != nil {
		t.Fatal(err)
	}
	waitPhase(t, ctx, loadTimeout, "human", "engine", "over")
	return ctx
}

// ---- Reading and driving the page ----

// view is what the page shows, read from its DOM.
type view struct {
	Phase      string            `json:"phase"`
	Position   string            `json:"position"`
	Status     string            `json:"status"`
	Error      string            `json:"error"`
	EngineInfo string            `json:"engineInfo"`
	Moves      []string          `json:"moves"`
	Pieces     map[string]string `json:"pieces"`
	Mine       []string          `json:"mine"`
	Targets    []string          `json:"targets"`
	Options    int               `json:"options"`
	LastPath   string            `json:"lastPath"`
	ReadyMs    string            `json:"readyMs"`
	Games      string            `json:"games"`
	Hint       *suggestion       `json:"hint"`
	Better     *suggestion       `json:"better"`
	Ply        string            `json:"ply"`
	Marks      []mark            `json:"marks"`
}

// suggestion is a move the page draws without playing it: a hint, or the
// analysis's better move.
type suggestion struct {
	Move   string `json:"move"`
	Points string `json:"points"`
	Arrow  bool   `json:"arrow"`
}

// mark is how the move list shows a move after the analysis.
type mark struct {
	Class string `json:"class"` // "best", "good", "inaccuracy", "mistake" or "blunder"; "" before the analysis
	Mark  string `json:"mark"`
}

const viewJS = `(() => {
  const $ = (id) => document.getElementById(id);
  const pieces = {};
  for (const e of document.querySelectorAll("#layer-pieces .piece")) pieces[e.dataset.square] = e.dataset.color;
  const last = $("last-path");
  const suggestion = (id) => {
    const g = $(id);
    return g ? { move: g.dataset.move, points: g.dataset.points, arrow: g.querySelector("line.arrow") !== null } : null;
  };
  const classes = ["best", "good", "inaccuracy", "mistake", "blunder"];
  return {
    phase: document.body.dataset.phase,
    position: $("position-text").value,
    status: $("status").textContent,
    error: $("error").hidden ? "" : $("error").textContent,
    engineInfo: $("engine-info").textContent,
    moves: [...document.querySelectorAll("#moves td[data-ply]")].map((td) => td.dataset.move),
    pieces,
    mine: [...document.querySelectorAll("#layer-pieces .piece.mine")].map((e) => e.dataset.square),
    targets: [...document.querySelectorAll("#layer-targets [data-target]")].map((e) => e.dataset.target),
    options: document.querySelectorAll("#layer-options .path").length,
    lastPath: last ? last.dataset.points : "",
    readyMs: document.body.dataset.readyMs || "",
    games: document.body.dataset.games || "",
    hint: suggestion("hint-move"),
    better: suggestion("better-move"),
    ply: document.body.dataset.ply || "",
    marks: [...document.querySelectorAll("#moves td[data-ply]")].map((td) => ({
      class: classes.find((c) => td.classList.contains(c)) || "",
      mark: td.querySelector(".mark") ? td.querySelector(".mark").textContent : "",
    })),
  };
})()`

func read(t *testing.T, ctx context.Context) view {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[view](viewJS))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// waitPhase waits until the page is in one of the phases and returns it.
func waitPhase(t *testing.T, ctx context.Context, timeout time.Duration, phases ...string) string {
	t.Helper()
	quoted := make([]string, len(phases))
	for i, p := range phases {
		quoted[i] = fmt.Sprintf("%q", p)
	}
	expr := fmt.Sprintf(`[%s].includes(document.body.dataset.phase) && document.body.dataset.phase`, strings.Join(quoted, ","))
	phase, err := chromedp.Run(ctx, chromedp.Poll[string](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(timeout)))
	if err != nil {
		v, _ := chromedp.Run(ctx, chromedp.Evaluate[view](viewJS))
		t.Fatalf("waiting for the page to be in phase %v: %v\nthe page: %+v", phases, err, v)
	}
	return phase
}

// waitFor waits until the JavaScript expression is true.
func waitFor(t *testing.T, ctx context.Context, timeout time.Duration, expr, what string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(timeout))); err != nil {
		v, _ := chromedp.Run(ctx, chromedp.Evaluate[view](viewJS))
		t.Fatalf("waiting for %s: %v\nthe page: %+v", what, err, v)
	}
}

// clickSquare clicks the point of the board at sq with the mouse.
func clickSquare(t *testing.T, ctx context.Context, sq string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(fmt.Sprintf(`#layer-hits [data-square="%s"]`, sq)))); err != nil {
		t.Fatalf("clicking %s: %v", sq, err)
	}
}

func click(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))); err != nil {
		t.Fatalf("clicking #%s: %v", id, err)
	}
}

func setValue(t *testing.T, ctx context.Context, id, value string) {
	t.Helper()
	set := chromedp.SetValue(chromedp.ID(id), value)
	if value == "" { // SetValue takes a value read back as "" for a failure
		set = chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).value = ""`, id))
	}
	if err := chromedp.Do(ctx, set); err != nil {
		t.Fatalf("setting #%s: %v", id, err)
	}
}

// newGame starts a new game through the form: colour, thinking time and
// start position ("" for the usual start), and waits until the page has
// started it (or shown an error) and waits for your move.
func newGame(t *testing.T, ctx context.Context, color, movetime, position string) view {
	t.Helper()
	games := read(t, ctx).Games
	setValue(t, ctx, "color", color)
	setValue(t, ctx, "movetime", movetime)
	setValue(t, ctx, "start-position", "")
	if position != "" {
		if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("start-position"), position)); err != nil {
			t.Fatal(err)
		}
	}
	click(t, ctx, "new")
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.body.dataset.games !== %q || !document.getElementById("error").hidden`, games), "the new game")
	waitPhase(t, ctx, moveTimeout, "human", "over")
	return read(t, ctx)
}

// replay plays the page's move list from start under the Olympiad rules
// (every move must be legal) and checks that the page shows the position
// the moves lead to, piece by piece. It returns the game.
func replay(t *testing.T, start string, v view) *surakarta.Game {
	t.Helper()
	p, err := surakarta.ParsePosition(start)
	if err != nil {
		t.Fatal(err)
	}
	g := surakarta.NewGame(p)
	for i, m := range v.Moves {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("ply %d of the page's move list, %s: %v", i+1, m, err)
		}
		if text, _ := g.Moves()[i].MarshalText(); string(text) != m {
			t.Errorf("ply %d: the page writes %s, the library %s", i+1, m, text)
		}
	}
	if got, want := v.Position, g.Position().String(); got != want {
		t.Fatalf("the page shows position %q, the moves lead to %q", got, want)
	}
	checkBoard(t, g.Position(), v)
	return g
}

// checkBoard checks that the pieces drawn are those of p.
func checkBoard(t *testing.T, p surakarta.Position, v view) {
	t.Helper()
	want := map[string]string{}
	for sq := range surakarta.Square(surakarta.NumSquares) {
		if c, ok := p.PieceAt(sq); ok {
			want[sq.String()] = strings.ToLower(c.String())
		}
	}
	if len(want) != len(v.Pieces) {
		t.Errorf("the board shows %d pieces, the position has %d", len(v.Pieces), len(want))
	}
	for sq, c := range want {
		if v.Pieces[sq] != c {
			t.Errorf("%s: the board shows %q, the position has %s", sq, v.Pieces[sq], c)
		}
	}
}

// playByClicks picks up the piece on m's from square, checks that the page
// shows the legal targets of that piece, and clicks m's target. It returns
// without waiting for the move to be shown.
func playByClicks(t *testing.T, ctx context.Context, p surakarta.Position, m surakarta.Move) {
	t.Helper()
	clickSquare(t, ctx, m.From().String())
	var want []string
	captures := 0
	for _, l := range p.LegalMoves() {
		if l.From() == m.From() {
			want = append(want, l.To().String())
			if l.IsCapture() {
				captures++
			}
		}
	}
	v := read(t, ctx)
	slices.Sort(want)
	slices.Sort(v.Targets)
	if !slices.Equal(v.Targets, want) {
		t.Fatalf("after a click on %v the page shows targets %v; the legal moves go to %v", m.From(), v.Targets, want)
	}
	if v.Options != captures {
		t.Errorf("the page draws %d capture paths for %v, which has %d captures", v.Options, m.From(), captures)
	}
	clickSquare(t, ctx, m.To().String())
}

// ---- Tests ----

func TestPageShowsBoard(t *testing.T) {
	ctx := openPage(t, "")
	v := read(t, ctx)
	if v.Phase != "human" || v.Position != surakarta.StartText {
		t.Fatalf("a new page: phase %q, position %q; want human and the start", v.Phase, v.Position)
	}
	checkBoard(t, surakarta.NewPosition(), v)
	if len(v.Mine) != 12 {
		t.Errorf("%d pieces can be picked up, want Black's 12", len(v.Mine))
	}
	// Each circuit: four straight lines and four loops (three-quarter arcs).
	for _, c := range []string{"inner", "outer"} {
		d, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector('[data-circuit=%q]').getAttribute("d")`, c)))
		if err != nil {
			t.Fatal(err)
		}
		if lines, arcs := strings.Count(d, "L "), strings.Count(d, "A "); lines != 4 || arcs != 4 {
			t.Errorf("the %s circuit is drawn with %d lines and %d arcs, want 4 and 4", c, lines, arcs)
		}
	}
	if !strings.Contains(v.Status, "Your move") {
		t.Errorf("status %q", v.Status)
	}
	t.Logf("interactive after %s ms", v.ReadyMs)
}

func TestPlayMovesByClicking(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", "")
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 4 {
		g := replay(t, surakarta.StartText, v)
		legal := g.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		playByClicks(t, ctx, g.Position(), m)
		waitPhase(t, ctx, moveTimeout, "human", "over")
		v = read(t, ctx)
		if v.Phase == "over" {
			break
		}
		if len(v.Moves) != 2*(round+1) {
			t.Fatalf("after round %d the move list has %d moves: %v", round+1, len(v.Moves), v.Moves)
		}
		if want := m.String(); strings.Replace(v.Moves[2*round], "x", "", 1) != want {
			t.Fatalf("the page played %s, the clicks were for %s", v.Moves[2*round], want)
		}
		// replay checks the engine's answer is legal and drawn.
		t.Logf("round %d: %s, engine %s (%s)", round+1, v.Moves[2*round], v.Moves[2*round+1], v.EngineInfo)
	}
	replay(t, surakarta.StartText, v)
}

func TestCaptureByClicking(t *testing.T) {
	const start = "wwww2/ww4/6/6/bb4/bbbb2 b"
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", start)
	p := replay(t, start, v).Position()
	m, err := p.Legal(surakarta.NewMove(mustSquare(t, "b2"), mustSquare(t, "b5")))
	if err != nil || !m.IsCapture() {
		t.Fatalf("b2b5 should be a capture in %s: %v", start, err)
	}
	path, _ := p.CapturePath(m)
	playByClicks(t, ctx, p, m)
	// While the piece travels, its path is drawn.
	waitFor(t, ctx, moveTimeout, `document.querySelector("#layer-marks .path.moving") !== null || document.body.dataset.phase !== "animating"`, "the capture path")
	waitPhase(t, ctx, moveTimeout, "human", "over")
	v = read(t, ctx)
	if len(v.Moves) < 1 || v.Moves[0] != "b2xb5" {
		t.Fatalf("move list %v, want b2xb5 first", v.Moves)
	}
	g := replay(t, start, v)
	if white := g.Position().Count(surakarta.White); white != 5 {
		t.Errorf("White has %d pieces after the capture, want 5", white)
	}
	if len(v.Moves) == 1 {
		if want := squares(path.Points); v.LastPath != want {
			t.Errorf("the last capture path drawn is %q, want %q", v.LastPath, want)
		}
	}
}

func TestEngineCaptureShowsPathAndEndsGame(t *testing.T) {
	// Black (the engine) captures White's last piece: a2, round the inner
	// loop at a1, b1, b2.
	const start = "6/6/6/6/bw4/6 b"
	ctx := openPage(t, "")
	setValue(t, ctx, "color", "white")
	setValue(t, ctx, "movetime", "100")
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("start-position"), start)); err != nil {
		t.Fatal(err)
	}
	click(t, ctx, "new")
	waitFor(t, ctx, moveTimeout, `document.querySelector("#layer-marks .path.moving.inner") !== null || document.body.dataset.phase === "over"`, "the engine's capture to travel")
	waitPhase(t, ctx, moveTimeout, "over")
	v := read(t, ctx)
	g := replay(t, start, v)
	if got := strings.Join(v.Moves, " "); got != "a2xb2" {
		t.Fatalf("moves %q, want a2xb2", got)
	}
	if v.LastPath != "a2 b1 b2" {
		t.Errorf("capture path drawn %q, want a2 b1 b2", v.LastPath)
	}
	want := g.Outcome().String() // Black wins (no pieces left)
	if !strings.Contains(v.Status, want) || !strings.Contains(v.Status, "The engine wins") {
		t.Errorf("status %q, want the outcome %q and that the engine won", v.Status, want)
	}
}

func TestFinishGameFromPosition(t *testing.T) {
	const start = "6/6/6/6/bw4/6 b"
	ctx := openPage(t, "?movetime=100&position="+strings.ReplaceAll(start, " ", "+"))
	v := read(t, ctx)
	p := replay(t, start, v).Position()
	m, _ := p.Legal(surakarta.NewMove(mustSquare(t, "a2"), mustSquare(t, "b2")))
	playByClicks(t, ctx, p, m)
	waitPhase(t, ctx, moveTimeout, "over")
	v = read(t, ctx)
	g := replay(t, start, v)
	o := g.Outcome()
	if !o.Over || o.Winner != surakarta.Black || o.Reason != surakarta.NoPieces {
		t.Fatalf("outcome %v", o)
	}
	if !strings.Contains(v.Status, "Game over: "+o.String()) || !strings.Contains(v.Status, "You win") {
		t.Errorf("status %q, want the outcome %q and that you won", v.Status, o)
	}
	if len(v.Mine) != 0 {
		t.Errorf("after the end %d pieces can still be picked up", len(v.Mine))
	}
	// Undo takes the winning move back, and the game goes on.
	click(t, ctx, "undo")
	waitPhase(t, ctx, moveTimeout, "human")
	v = read(t, ctx)
	if len(v.Moves) != 0 || v.Position != p.String() {
		t.Errorf("after undo: moves %v, position %q; want none and %q", v.Moves, v.Position, p)
	}
}

func TestUndo(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", "")
	g := replay(t, surakarta.StartText, v)
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
	waitPhase(t, ctx, moveTimeout, "human")
	if v = read(t, ctx); len(v.Moves) != 2 {
		t.Fatalf("moves %v, want yours and the engine's", v.Moves)
	}
	click(t, ctx, "undo")
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 0`, "undo")
	waitPhase(t, ctx, moveTimeout, "human")
	v = read(t, ctx)
	if v.Position != surakarta.StartText {
		t.Fatalf("after undo the position is %q", v.Position)
	}
	checkBoard(t, surakarta.NewPosition(), v)

	// Undo while the engine thinks stops it and takes back your move. The
	// test holds the engine's reply, so that the undo comes, every time,
	// after the engine has answered in its worker and before the page has
	// the answer; released after the undo, the answer is dropped.
	hold(t, ctx, "reply")
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[1])
	waitHeld(t, ctx, "reply")
	hold(t, ctx)
	if v = read(t, ctx); v.Phase != "engine" {
		t.Fatalf("the engine's reply is held, but the page is in phase %q", v.Phase)
	}
	click(t, ctx, "undo")
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 0`, "undo")
	waitPhase(t, ctx, moveTimeout, "human")
	release(t, ctx)
	v = read(t, ctx)
	if len(v.Moves) != 0 || v.Position != surakarta.StartText || v.Phase != "human" {
		t.Fatalf("undo while the engine thinks: phase %q, moves %v, position %q", v.Phase, v.Moves, v.Position)
	}
	checkOneGame(t, surakarta.StartText, "black", v)
	// The new worker plays on.
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[2])
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 2`, "the engine's reply")
	waitPhase(t, ctx, moveTimeout, "human")
	checkOneGame(t, surakarta.StartText, "black", read(t, ctx))

	// New game clicked twice at once while the engine thinks: the second
	// waits for the worker that the first started.
	g = replay(t, surakarta.StartText, read(t, ctx))
	hold(t, ctx, "reply")
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
	waitHeld(t, ctx, "reply")
	hold(t, ctx)
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.getElementById("new").click(); document.getElementById("new").click()`)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 0 && document.body.dataset.phase === "human"`, "the new game")
	release(t, ctx)
	if v = read(t, ctx); v.Error != "" || v.Position != surakarta.StartText || len(v.Moves) != 0 {
		t.Errorf("after two quick new games: error %q, position %q, moves %v", v.Error, v.Position, v.Moves)
	}
	checkOneGame(t, surakarta.StartText, "black", v)
}

func TestPlayWhite(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "white", "100", "")
	if len(v.Moves) != 1 {
		t.Fatalf("as White, the engine should have moved first: moves %v", v.Moves)
	}
	g := replay(t, surakarta.StartText, v)
	if len(v.Mine) == 0 {
		t.Fatal("no White piece can be picked up")
	}
	for _, sq := range v.Mine {
		if v.Pieces[sq] != "white" {
			t.Errorf("%s: a %s piece can be picked up", sq, v.Pieces[sq])
		}
	}
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
	waitPhase(t, ctx, moveTimeout, "human")
	replay(t, surakarta.StartText, read(t, ctx))
}

// TestBoardTurnsForWhite: the board is seen from your side, White's with
// a1 at the top right, and Flip board turns it round and back; the
// pieces, the labels and the points that take the clicks turn with it.
func TestBoardTurnsForWhite(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "white", "100", "")
	checkSeenFrom(t, ctx, "white")
	click(t, ctx, "flip")
	checkSeenFrom(t, ctx, "black")
	// Clicks on the board turned round find their points.
	g := replay(t, surakarta.StartText, v)
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
	waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length === 3`, "the engine's reply")
	waitPhase(t, ctx, moveTimeout, "human")
	checkOneGame(t, surakarta.StartText, "white", read(t, ctx))
	click(t, ctx, "flip")
	checkSeenFrom(t, ctx, "white")
	newGame(t, ctx, "black", "100", "")
	checkSeenFrom(t, ctx, "black")
}

// checkSeenFrom checks that the board is drawn as seen from the side of
// bottom: Black's with a1 at the bottom left, files a to f from left to
// right and ranks 1 to 6 from the bottom up; White's turned round; every
// piece on the point that takes the clicks for its square.
func checkSeenFrom(t *testing.T, ctx context.Context, bottom string) {
	t.Helper()
	type board struct {
		Files, Ranks string
		A1, F6       [2]float64
		Misplaced    []string
	}
	b, err := chromedp.Run(ctx, chromedp.Evaluate[board](`(() => {
	  const center = (e) => { const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; };
	  const hit = (sq) => center(document.querySelector('#layer-hits [data-square="' + sq + '"]'));
	  const labels = (cls, key) => [...document.querySelectorAll("#grid text.label." + cls)]
	    .sort((a, b) => key(center(a)) - key(center(b))).map((e) => e.textContent).join("");
	  const misplaced = [];
	  for (const p of document.querySelectorAll("#layer-pieces .piece")) {
	    const [x, y] = center(p), [hx, hy] = hit(p.dataset.square);
	    if (Math.abs(x - hx) > 1 || Math.abs(y - hy) > 1) misplaced.push(p.dataset.square);
	  }
	  return {
	    Files: labels("file", (c) => c[0]), Ranks: labels("rank", (c) => -c[1]),
	    A1: hit("a1"), F6: hit("f6"), Misplaced: misplaced,
	  };
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	files, ranks, a1Left := "abcdef", "123456", true
	if bottom == "white" {
		files, ranks, a1Left = "fedcba", "654321", false
	}
	if b.Files != files || b.Ranks != ranks {
		t.Errorf("seen from %s's side, the files read %q from left to right and the ranks %q from the bottom up; want %q and %q", bottom, b.Files, b.Ranks, files, ranks)
	}
	if (b.A1[0] < b.F6[0]) != a1Left || (b.A1[1] > b.F6[1]) != a1Left {
		t.Errorf("seen from %s's side, a1 is at %v and f6 at %v", bottom, b.A1, b.F6)
	}
	if len(b.Misplaced) > 0 {
		t.Errorf("the pieces on %v are not drawn on their points", b.Misplaced)
	}
}

func TestPageStaysResponsiveWhileEngineThinks(t *testing.T) {
	ctx := openPage(t, "")
	// 10 s: the search cannot stop by its time rule within the measurement
	// (it stops early only when the next iteration would not finish).
	v := newGame(t, ctx, "black", "10000", "")
	g := replay(t, surakarta.StartText, v)
	playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
	waitPhase(t, ctx, moveTimeout, "engine")
	// A timer on the page's thread every 20 ms for a second: a page that
	// searched on its own thread would see one gap of the whole search. The
	// bound leaves room for a loaded machine.
	gap, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`new Promise((resolve) => {
	  let last = performance.now(), worst = 0;
	  const start = last;
	  const id = setInterval(() => {
	    const now = performance.now();
	    worst = Math.max(worst, now - last);
	    last = now;
	    if (now - start > 1000) { clearInterval(id); resolve(worst); }
	  }, 20);
	})`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	phase := read(t, ctx).Phase
	t.Logf("longest gap between 20 ms timer ticks while the engine thinks: %.0f ms", gap)
	if gap > 2000 {
		t.Errorf("the page's thread was blocked for %.0f ms while the engine thought", gap)
	}
	if phase != "engine" {
		t.Errorf("the engine was not thinking during the whole measurement (phase %q)", phase)
	}
	waitFor(t, ctx, moveTimeout, `document.getElementById("engine-info").textContent.startsWith("depth") || document.body.dataset.phase !== "engine"`, "the engine's progress")
	click(t, ctx, "undo")
	waitPhase(t, ctx, moveTimeout, "human")
	if v := read(t, ctx); v.Position != surakarta.StartText {
		t.Errorf("after undo: %q", v.Position)
	}
}

// TestButtonsStayPut: the line above the buttons shows the engine's
// progress, which changes several times a second while it thinks, with its
// line of moves. However long that is, the buttons must stay where they
// are: a click aimed at Undo while the engine thinks must land on Undo.
func TestButtonsStayPut(t *testing.T) {
	ctx := openPage(t, "")
	const where = `["hint", "analyse", "undo", "resign", "download"].map((id) => {
	  const r = document.getElementById(id).getBoundingClientRect();
	  return id + " at " + Math.round(r.left) + "," + Math.round(r.top);
	})`
	before, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](where))
	if err != nil {
		t.Fatal(err)
	}
	// The progress of a deep search, as engineMove writes it.
	long := "depth 14, score +35, 2.4M nodes, " + strings.Repeat("b2b3 e5e4 c2c3 f5f4 ", 6)
	after, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(`(() => {
	  document.getElementById("engine-info").textContent = %q;
	  return %s;
	})()`, long, where)))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(before, after) {
		t.Errorf("the buttons moved when the engine's progress grew: %v, then %v", before, after)
	}
}

// TestNarrowLayout: on a screen 420 px wide, as a phone's, the status is
// above the board, where it is seen while you play (not under the board
// and the analysis), no item of the legend is broken over two lines, and
// nothing is wider than the screen. On a wide screen the status is beside
// the board.
func TestNarrowLayout(t *testing.T) {
	ctx := openPage(t, "")
	type layout struct {
		Status, Board  [4]float64 // left, top, right, bottom
		LegendLines    []int      // the lines each item of the legend takes
		Width, Scrolls float64
	}
	const measure = `(() => {
	  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
	  const lines = (text) => {
	    const walk = document.createTreeWalker(document.getElementById("legend"), NodeFilter.SHOW_TEXT);
	    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
	      const i = n.data.indexOf(text);
	      if (i < 0) continue;
	      const r = document.createRange();
	      r.setStart(n, i);
	      r.setEnd(n, i + text.length);
	      return new Set([...r.getClientRects()].map((q) => Math.round(q.bottom))).size;
	    }
	    return 0;
	  };
	  return {
	    Status: box(document.getElementById("status")), Board: box(document.getElementById("board")),
	    LegendLines: ["inner circuit (ranks 2, 5; files b, e)", "outer circuit (ranks 3, 4; files c, d)"].map(lines),
	    Width: window.innerWidth, Scrolls: document.documentElement.scrollWidth,
	  };
	})()`
	wide, err := chromedp.Run(ctx, chromedp.Evaluate[layout](measure))
	if err != nil {
		t.Fatal(err)
	}
	if wide.Status[0] < wide.Board[2] || wide.Status[1] > wide.Board[3] {
		t.Errorf("%.0f px wide: the status at %v is not beside the board at %v", wide.Width, wide.Status, wide.Board)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(420, 800)); err != nil {
		t.Fatal(err)
	}
	narrow, err := chromedp.Run(ctx, chromedp.Evaluate[layout](measure))
	if err != nil {
		t.Fatal(err)
	}
	if narrow.Status[3] > narrow.Board[1] {
		t.Errorf("%.0f px wide: the status at %v is not above the board at %v", narrow.Width, narrow.Status, narrow.Board)
	}
	for i, n := range narrow.LegendLines {
		if n != 1 {
			t.Errorf("%.0f px wide: item %d of the legend takes %d lines", narrow.Width, i+1, n)
		}
	}
	if narrow.Scrolls > narrow.Width {
		t.Errorf("%.0f px wide: the page is %.0f px wide", narrow.Width, narrow.Scrolls)
	}
}

func TestBadStartPosition(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", "wwwwww/wwwwww/6/6/bbbbbb b")
	if !strings.Contains(v.Error, "start position is not valid") || !strings.Contains(v.Error, "invalid position") {
		t.Errorf("error shown: %q", v.Error)
	}
	if v.Position != surakarta.StartText || v.Phase != "human" {
		t.Errorf("after a bad start position: phase %q, position %q; want the game as it was", v.Phase, v.Position)
	}
}

func TestRecordDownloadAndUpload(t *testing.T) {
	ctx := openPage(t, "")
	saved := allowDownloads(t, ctx)
	v := newGame(t, ctx, "black", "100", "")
	for range 2 {
		g := replay(t, surakarta.StartText, v)
		playByClicks(t, ctx, g.Position(), g.LegalMoves()[0])
		waitPhase(t, ctx, moveTimeout, "human", "over")
		v = read(t, ctx)
	}
	played := v

	click(t, ctx, "download")
	file := waitForFile(t, saved, moveTimeout)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := record.Parse(string(text))
	if err != nil {
		t.Fatalf("the downloaded record does not read: %v\n%s", err, text)
	}
	var moves []string
	for _, m := range rec.Game.Moves() {
		b, _ := m.MarshalText()
		moves = append(moves, string(b))
	}
	if !slices.Equal(moves, played.Moves) {
		t.Errorf("the record has moves %v, the page %v", moves, played.Moves)
	}
	if black, _ := rec.Header("Black"); black != "Human" {
		t.Errorf("Black is %q in the record, want Human", black)
	}
	if white, _ := rec.Header("White"); !strings.HasPrefix(white, session.Engine) {
		t.Errorf("White is %q in the record, want the engine", white)
	}
	t.Logf("downloaded %s:\n%s", filepath.Base(file), text)

	// A new game, then the record uploaded: the game comes back.
	newGame(t, ctx, "black", "100", "")
	upload(t, ctx, file)
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.querySelectorAll("#moves td[data-ply]").length === %d`, len(played.Moves)), "the uploaded game")
	waitPhase(t, ctx, moveTimeout, "human")
	if v = read(t, ctx); v.Position != played.Position || v.Error != "" {
		t.Errorf("after the upload: position %q, error %q; want %q", v.Position, v.Error, played.Position)
	}

	// Malformed records: a clear error, and the game stays.
	for _, bad := range []struct{ name, text, want string }{
		{"garbage.txt", "this is not a record\n", "line 1"},
		{"illegal.txt", "[Result \"*\"]\n\n1. b2b3 e5e4 2. a1a4 *\n", "illegal move"},
		{"empty.txt", "", "empty"},
	} {
		path := filepath.Join(t.TempDir(), bad.name)
		if err := os.WriteFile(path, []byte(bad.text), 0o644); err != nil {
			t.Fatal(err)
		}
		upload(t, ctx, path)
		waitFor(t, ctx, moveTimeout, `!document.getElementById("error").hidden`, "the error for "+bad.name)
		v = read(t, ctx)
		if !strings.Contains(v.Error, "Could not load "+bad.name) || !strings.Contains(v.Error, bad.want) {
			t.Errorf("uploading %s: error %q, want it to name the file and say %q", bad.name, v.Error, bad.want)
		}
		if v.Position != played.Position || len(v.Moves) != len(played.Moves) {
			t.Errorf("uploading %s changed the game: %q, %v", bad.name, v.Position, v.Moves)
		}
		t.Logf("%s: %s", bad.name, v.Error)
	}
}

// downloads are the files the browser saves for a tab, in a directory of
// their own.
type downloads struct {
	dir  string
	done chan string // the path of each finished download, in order
}

// allowDownloads lets the browser save the tab's downloads to a new
// directory, and reports each one once the browser has finished writing it:
// Chromium puts an empty file of the download's name in place before it
// writes the content, so the file's name alone says nothing.
func allowDownloads(t *testing.T, ctx context.Context) *downloads {
	t.Helper()
	d := &downloads{dir: t.TempDir(), done: make(chan string, 16)}
	if err := chromedp.ListenBrowser(ctx, func(ev any) {
		if ev, ok := ev.(*browser.EventDownloadProgress); ok && ev.State == browser.DownloadProgressStateCompleted {
			select {
			case d.done <- ev.FilePath:
			default:
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	events := true
	if _, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: d.dir, EventsEnabled: &events,
	}); err != nil {
		t.Fatal(err)
	}
	return d
}

func readFile(name string) (string, error) {
	b, err := os.ReadFile(name)
	return string(b), err
}

// upload gives the file to the page's upload input, as choosing it in the
// file dialog does.
func upload(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.ID("upload"), []string{abs}, chromedp.NodeReady)); err != nil {
		t.Fatal(err)
	}
}

// waitForFile waits for the next finished download and returns its file.
func waitForFile(t *testing.T, d *downloads, timeout time.Duration) string {
	t.Helper()
	select {
	case file := <-d.done:
		if file == "" { // Chromium may leave the path out: the one file in dir
			entries, err := os.ReadDir(d.dir)
			if err != nil || len(entries) != 1 {
				t.Fatalf("a download finished, but %s holds %d files (%v)", d.dir, len(entries), err)
			}
			file = filepath.Join(d.dir, entries[0].Name())
		}
		return file
	case <-time.After(timeout):
		t.Fatalf("no download finished within %v", timeout)
		return ""
	}
}

// TestFullGame plays a whole game from the start by clicking: captures when
// there are any, otherwise seeded random moves, against the engine at 0.1 s
// a move, until the game ends. It saves a screenshot during the game and
// one of a hint, then analyses the game (checkAnalysis) and saves a
// screenshot of the analysis.
func TestFullGame(t *testing.T) {
	ctx := openPage(t, "")
	v := newGame(t, ctx, "black", "100", "")
	rng := rand.New(rand.NewPCG(2026, 11))
	shot, hintShot := false, false
	var g *surakarta.Game
	for ply := 0; ; ply++ {
		g = replay(t, surakarta.StartText, v)
		if o := g.Outcome(); o.Over {
			if v.Phase != "over" || !strings.Contains(v.Status, o.String()) {
				t.Errorf("the game is over (%v) but the page says phase %q, %q", o, v.Phase, v.Status)
			}
			t.Logf("game over after %d plies: %v; %s", g.Ply(), o, v.Status)
			break
		}
		if ply > 400 {
			t.Fatalf("no end after %d rounds", ply)
		}
		legal := g.LegalMoves()
		var captures []surakarta.Move
		for _, m := range legal {
			if m.IsCapture() {
				captures = append(captures, m)
			}
		}
		if !hintShot && (g.Ply() >= 8 && len(captures) > 0 || g.Ply() >= 20) {
			// A hint, most likely a capture.
			checkHint(t, g, waitForHint(t, ctx))
			saveScreenshot(t, ctx, *hintShotFile)
			hintShot = true
		}
		m := legal[rng.IntN(len(legal))]
		if len(captures) > 0 {
			m = captures[rng.IntN(len(captures))]
		}
		if !shot && m.IsCapture() && g.Ply() >= 10 && (v.LastPath != "" || g.Ply() >= 30) {
			// The screenshot: the engine's last capture path, and a piece
			// picked up with the paths of its captures.
			clickSquare(t, ctx, m.From().String())
			waitFor(t, ctx, moveTimeout, `document.querySelector("#layer-targets .capture") !== null`, "the capture targets")
			saveScreenshot(t, ctx, *screenshotFile)
			shot = true
			clickSquare(t, ctx, m.To().String())
		} else {
			playByClicks(t, ctx, g.Position(), m)
		}
		waitPhase(t, ctx, moveTimeout, "human", "over")
		v = read(t, ctx)
	}
	if !shot {
		saveScreenshot(t, ctx, *screenshotFile)
	}
	checkAnalysis(t, ctx, g, true)
}

// saveScreenshot saves the page as the browser's window shows it.
func saveScreenshot(t *testing.T, ctx context.Context, file string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	writeScreenshot(t, file, png)
}

func writeScreenshot(t *testing.T, file string, png []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", file, len(png))
}

// TestTimeToInteractive loads the page with the browser's cache off and
// reports the time from the start of the navigation until the board takes
// clicks: the page fetched, the engine compiled and started in its worker,
// the first position drawn.
func TestTimeToInteractive(t *testing.T) {
	var times []float64
	for range *loads {
		tab, cancel := chromedp.NewContext(startBrowser(t))
		if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
			cancel()
			t.Fatal(err)
		}
		if _, err := chromedp.Call(tab, network.SetCacheDisabled, network.SetCacheDisabledParams{CacheDisabled: true}); err != nil {
			cancel()
			t.Fatal(err)
		}
		ctx, cancelTimeout := context.WithTimeout(tab, loadTimeout)
		err := chromedp.Do(ctx, chromedp.Navigate(siteURL))
		if err == nil {
			waitPhase(t, ctx, loadTimeout, "human")
			var ms float64
			ms, err = chromedp.Run(ctx, chromedp.Evaluate[float64](`Number(document.body.dataset.readyMs)`))
			times = append(times, ms)
		}
		cancelTimeout()
		cancel()
		if err != nil {
			t.Fatal(err)
		}
	}
	sort.Float64s(times)
	t.Logf("time to interactive, %d cold loads: median %.0f ms (all: %v)", len(times), times[len(times)/2], times)
}

// TestWasmSpeed searches the library's 16 middle-game positions to a fixed
// depth with a fresh PVS + EndgameAdjusted each, natively in this process
// and as WebAssembly in the page's worker, and compares nodes per second.
// The node counts must be equal: the same search on both. Rounds alternate
// native and WebAssembly; the ratio is of the medians.
func TestWasmSpeed(t *testing.T) {
	positions := middleGamePositions(t)
	ctx := openPage(t, "")
	var native, wasm []float64
	for round := range *speedRounds {
		nativeRes, err := session.Bench(positions, *speedDepth)
		if err != nil {
			t.Fatal(err)
		}
		type result struct {
			Nodes  int64   `json:"nodes"`
			Millis float64 `json:"millis"`
			Move   string  `json:"move"`
		}
		bctx, cancel := context.WithTimeout(ctx, testTimeout)
		wasmRes, err := chromedp.Run(bctx, chromedp.Evaluate[[]result](
			fmt.Sprintf(`surakartaBench(%s, %d)`, jsStrings(positions), *speedDepth), chromedp.EvalAwaitPromise))
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if len(wasmRes) != len(nativeRes) {
			t.Fatalf("%d results from the page, %d native", len(wasmRes), len(nativeRes))
		}
		var nNodes, wNodes int64
		var nMs, wMs float64
		for i := range nativeRes {
			if wasmRes[i].Nodes != nativeRes[i].Nodes || wasmRes[i].Move != nativeRes[i].Move {
				t.Errorf("%s: WebAssembly searched %d nodes and chose %s, native %d and %s",
					positions[i], wasmRes[i].Nodes, wasmRes[i].Move, nativeRes[i].Nodes, nativeRes[i].Move)
			}
			nNodes += nativeRes[i].Nodes
			wNodes += wasmRes[i].Nodes
			nMs += nativeRes[i].Millis
			wMs += wasmRes[i].Millis
		}
		n, w := float64(nNodes)/nMs*1000, float64(wNodes)/wMs*1000
		native, wasm = append(native, n), append(wasm, w)
		t.Logf("round %d, depth %d, %d positions, %d nodes: native %.2f M nodes/s (%.0f ms), WebAssembly %.2f M nodes/s (%.0f ms): %.2f",
			round+1, *speedDepth, len(positions), nNodes, n/1e6, nMs, w/1e6, wMs, w/n)
	}
	slices.Sort(native)
	slices.Sort(wasm)
	n, w := native[len(native)/2], wasm[len(wasm)/2]
	t.Logf("median of %d rounds: native %.2f M nodes/s, WebAssembly %.2f M nodes/s; WebAssembly / native = %.2f", len(native), n/1e6, w/1e6, w/n)
}

// TestStateTime times the state update that the page gets after every
// move: the library's state() of a game in the middle game (40 plies of
// level 5 against level 5: 17 pieces left, 32 legal moves), which makes
// the State and writes it as JSON, and the JSON.parse that decodes it, in
// a worker of its own with the page's engine, as the page's worker does.
// It logs the mean and the median of each, and the size of the JSON. It
// runs with -state-calls N.
func TestStateTime(t *testing.T) {
	if *stateCalls <= 0 {
		t.Skip("run with -state-calls N to time N state updates")
	}
	black, _ := level.New(5, 3)
	white, _ := level.New(5, 103)
	g := surakarta.NewGame(surakarta.NewPosition())
	for g.Ply() < 40 {
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
	ctx := openPage(t, "")
	type timing struct {
		Call   []float64 `json:"call"`
		Parse  []float64 `json:"parse"`
		Bytes  int       `json:"bytes"`
		Moves  int       `json:"moves"`
		Legal  int       `json:"legal"`
		Record string    `json:"record"`
		Error  string    `json:"error"`
	}
	worker := `importScripts(` + fmt.Sprintf("%q", siteURL+ExecFile) + `);
onmessage = async (e) => {
  const go = new Go();
  const ready = new Promise((resolve) => { self.surakartaReady = resolve; });
  go.run(await WebAssembly.instantiate(e.data.module, go.importObject));
  await ready;
  const api = self.surakarta;
  const loaded = JSON.parse(api.load(e.data.record));
  if (loaded.error) { postMessage({ error: loaded.error }); return; }
  const call = [], parse = [];
  let text = "";
  for (let i = 0; i < e.data.calls; i++) {
    const begin = performance.now();
    text = api.state();
    const called = performance.now();
    JSON.parse(text);
    call.push(called - begin);
    parse.push(performance.now() - called);
  }
  const st = JSON.parse(text).state;
  postMessage({ call, parse, bytes: new TextEncoder().encode(text).length, moves: st.moves.length, legal: st.legal.length, record: st.record });
};`
	bctx, cancel := context.WithTimeout(ctx, testTimeout)
	defer cancel()
	got, err := chromedp.Run(bctx, chromedp.Evaluate[timing](fmt.Sprintf(`(async () => {
	  const module = await WebAssembly.compileStreaming(fetch("surakarta.wasm"));
	  const url = URL.createObjectURL(new Blob([%q], { type: "text/javascript" }));
	  const w = new Worker(url);
	  const answer = new Promise((resolve) => { w.onmessage = (e) => resolve(e.data); });
	  w.postMessage({ module, record: %q, calls: %d });
	  const result = await answer;
	  w.terminate();
	  return result;
	})()`, worker, string(text), *stateCalls), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if got.Error != "" {
		t.Fatal(got.Error)
	}
	want := session.New()
	st, err := want.Load(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if got.Record != st.Record || got.Moves != g.Ply() || got.Legal != len(st.Legal) {
		t.Errorf("the worker's state: %d moves, %d legal, record %q; want %d, %d, %q", got.Moves, got.Legal, got.Record, g.Ply(), len(st.Legal), st.Record)
	}
	stats := func(x []float64) string {
		sum := 0.0
		for _, v := range x {
			sum += v
		}
		slices.Sort(x)
		return fmt.Sprintf("mean %.3f ms, median %.3f ms", sum/float64(len(x)), x[len(x)/2])
	}
	t.Logf("%d state updates of a game of %d plies, %d legal moves, %d bytes of JSON: state() %s; JSON.parse %s",
		len(got.Call), got.Moves, got.Legal, got.Bytes, stats(got.Call), stats(got.Parse))
}

// middleGamePositions reads the library's fixed middle-game positions.
func middleGamePositions(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "middlegame.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			out = append(out, line)
		}
	}
	if len(out) == 0 {
		t.Fatal("no positions")
	}
	return out
}

func jsStrings(s []string) string {
	quoted := make([]string, len(s))
	for i, x := range s {
		quoted[i] = fmt.Sprintf("%q", x)
	}
	return "[" + strings.Join(quoted, ",") + "]"
}

func squares(points []surakarta.Square) string {
	s := make([]string, len(points))
	for i, p := range points {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}

func mustSquare(t *testing.T, name string) surakarta.Square {
	t.Helper()
	sq, err := surakarta.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return sq
}
