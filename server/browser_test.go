package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

var screenshots = flag.String("screenshots", "", "save the browser test's screenshots (server-lobby.png, server-game.png, server-over.png) in this directory")

// chromium returns the browser to drive: $CHROMIUM, Debian's, or one on
// PATH, or "" for none.
func chromium() string {
	if p := os.Getenv("CHROMIUM"); p != "" {
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

// browser starts a headless Chromium with a fresh profile, and returns
// a function that opens a browsing context of its own (its own cookies:
// another person) for each call.
func browser(t *testing.T) func() context.Context {
	t.Helper()
	path := chromium()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("Chromium is not installed (apt-get install chromium), and CI is set: the browser test must run")
		}
		t.Skip("Chromium is not installed (apt-get install chromium); set CHROMIUM to its path. Skipped outside CI")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 800),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	root, cancelRoot := chromedp.NewContext(allocCtx)
	if err := chromedp.Do(root); err != nil {
		t.Fatalf("starting Chromium (%s): %v", path, err)
	}
	t.Cleanup(func() { cancelRoot(); cancelAlloc() })
	return func() context.Context {
		ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
		t.Cleanup(cancel)
		if err := chromedp.Do(ctx); err != nil {
			t.Fatal(err)
		}
		return ctx
	}
}

// do runs actions in the tab ctx within 30 s, failing the test with what.
func do(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// eval returns the value of a JavaScript expression in the tab ctx.
func eval(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func visible(css string) chromedp.Action[chromedp.Void] {
	return chromedp.WaitVisible(chromedp.CSS(css))
}

func click(css string) chromedp.Action[chromedp.Void] { return chromedp.Click(chromedp.CSS(css)) }

func waitPly(n int) chromedp.Action[chromedp.Void] {
	return visible(fmt.Sprintf(`body[data-ply="%d"]`, n))
}

// move clicks the piece on from, then its target to.
func move(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	do(t, ctx, "the move "+from+to,
		click(fmt.Sprintf(`rect.hit[data-square="%s"]`, from)),
		visible(fmt.Sprintf(`circle.piece.selected[data-square="%s"]`, from)),
		click(fmt.Sprintf(`rect.hit[data-square="%s"]`, to)),
	)
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	if *screenshots == "" {
		return
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(*screenshots, name), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserGame: two people register in two browsers, one challenges
// from the lobby, the other joins, a third watches as a guest; they play
// a short game to its end (the start position recurs after four moves: a
// draw by repetition under the Olympiad rules), and a reload mid-game
// rejoins the game where it stands.
func TestBrowserGame(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	open := browser(t)
	alice, bob, watcher := open(), open(), open()
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob} {
		do(t, ctx, name+" registers",
			chromedp.Navigate(srv.URL+"/register"),
			chromedp.SendKeys(chromedp.CSS("#name"), name),
			chromedp.SendKeys(chromedp.CSS("#password"), "password "+name),
			click("#submit"),
			visible("#me"),
		)
		shown := eval(t, ctx, `document.getElementById("me").textContent`)
		if shown != name {
			t.Fatalf("after registering as %s the page shows %q", name, shown)
		}
	}
	do(t, alice, "alice's challenge",
		chromedp.SetValue(chromedp.CSS("#color"), "black"),
		click("#rated"),
		click("#create"),
		visible(`body[data-status="open"]`),
	)
	id := eval(t, alice, `document.body.dataset.game`)
	do(t, bob, "bob finds the challenge in the lobby",
		chromedp.Navigate(srv.URL+"/"),
		visible(fmt.Sprintf(`#challenges tr[data-game="%s"] button.join`, id)),
	)
	screenshot(t, bob, "server-lobby.png")
	do(t, bob, "bob joins",
		click(fmt.Sprintf(`#challenges tr[data-game="%s"] button.join`, id)),
		visible(`body[data-status="playing"]`),
	)
	do(t, alice, "alice's page sees the game start", visible(`body[data-status="playing"][data-ply="0"]`))
	do(t, watcher, "the spectator opens the game",
		chromedp.Navigate(srv.URL+"/game/"+id),
		visible(`body[data-status="playing"][data-ply="0"]`),
	)
	bottom := eval(t, bob, `document.getElementById("player-bottom").dataset.color`)
	if bottom != "white" {
		t.Fatalf("bob plays White and sees the board from %q's side", bottom)
	}
	plays := []struct {
		who      context.Context
		from, to string
	}{{alice, "b2", "b3"}, {bob, "a5", "a4"}, {alice, "b3", "b2"}, {bob, "a4", "a5"}}
	for ply, p := range plays {
		if ply == 3 {
			screenshot(t, watcher, "server-watch.png")
			do(t, bob, "bob selects a piece", click(`rect.hit[data-square="a4"]`),
				visible(`circle.piece.selected[data-square="a4"]`))
			screenshot(t, bob, "server-game.png")
			do(t, bob, "bob puts it down", click(`rect.hit[data-square="a4"]`))
		}
		move(t, p.who, p.from, p.to)
		for _, ctx := range []context.Context{alice, bob, watcher} {
			do(t, ctx, fmt.Sprintf("ply %d everywhere", ply+1), waitPly(ply+1))
		}
		if ply == 1 {
			// A reload mid-game rejoins it where it stands.
			do(t, bob, "bob reloads", chromedp.Reload(), waitPly(2),
				visible(`body[data-connected="1"][data-status="playing"]`))
		}
	}
	for name, ctx := range map[string]context.Context{"alice": alice, "bob": bob, "the spectator": watcher} {
		do(t, ctx, name+" sees the end", visible(`body[data-status="over"]`))
		status := eval(t, ctx, `document.getElementById("status").textContent`)
		if !strings.Contains(status, "draw (repetition)") {
			t.Fatalf("%s's status at the end: %q", name, status)
		}
	}
	moves := eval(t, watcher, `[...document.querySelectorAll("#moves td")].map((td) => td.textContent).join(" ")`)
	if f := strings.Fields(moves); strings.Join(f, " ") != "1. b2b3 a5a4 2. b3b2 a4a5" {
		t.Fatalf("the move list: %q", moves)
	}
	do(t, alice, "the archive's links", visible("#download"))
	screenshot(t, alice, "server-over.png")
}
