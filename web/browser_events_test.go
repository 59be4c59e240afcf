//go:build !js

package main

// End-to-end tests of events that come while the engine moves: the test
// holds the engine's reply, or the end of the animation of its move, with
// the page's test hook (testHold in app.js), clicks, and then lets the
// page go on. Whatever the order, everything the page shows must be one
// game, and the next click must act on it.

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
)

// hold makes the page hold the events of the kinds given ("reply": the
// answers of the engine's searches; "shown": the end of a move's
// animation) until release lets them go; hold with no kinds holds no more
// (those held stay held).
func hold(t *testing.T, ctx context.Context, kinds ...string) {
	t.Helper()
	expr := fmt.Sprintf(`(() => {
	  const hooks = globalThis.surakartaTestHooks || (globalThis.surakartaTestHooks = { held: [] });
	  hooks.hold = %s;
	})()`, jsStrings(kinds))
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](expr)); err != nil {
		t.Fatal(err)
	}
}

// waitHeld waits until the page holds an event of the kind.
func waitHeld(t *testing.T, ctx context.Context, kind string) {
	t.Helper()
	waitFor(t, ctx, moveTimeout, fmt.Sprintf(`!!globalThis.surakartaTestHooks && globalThis.surakartaTestHooks.held.some((h) => h.kind === %q)`, kind), "the page to hold a "+kind)
}

// release lets the events held go on, first held first, and returns once
// the page has handled them.
func release(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(async () => {
	  const hooks = globalThis.surakartaTestHooks;
	  while (hooks.held.length > 0) await hooks.held.shift().release();
	})()`, chromedp.EvalAwaitPromise)); err != nil {
		t.Fatal(err)
	}
}

// checkOneGame checks that all the page shows is the game its move list
// makes from start, as replay does for the position text and the board, and
// that the phase, the status, the pieces you may pick up (all yours, on
// your move) and the engine's last move said are those of that game, for a
// human who plays human. While a move is shown (phase animating), it must
// be the last of the list, and the status must name it. It returns the
// game.
func checkOneGame(t *testing.T, start, human string, v view) *surakarta.Game {
	t.Helper()
	g := replay(t, start, v)
	p := g.Position()
	side := strings.ToLower(p.SideToMove().String())
	var yours []string
	switch o := g.Outcome(); {
	case v.Phase == "animating":
		if len(v.Moves) == 0 || !strings.Contains(v.Status, v.Moves[len(v.Moves)-1]) {
			t.Errorf("a move is shown, but the status says %q and the moves are %v", v.Status, v.Moves)
		}
	case o.Over:
		if v.Phase != "over" || !strings.Contains(v.Status, "Game over: "+o.String()) {
			t.Errorf("the game is over (%v), but the page is in phase %q and says %q", o, v.Phase, v.Status)
		}
	case side == human:
		if want := fmt.Sprintf("Your move (%s).", p.SideToMove()); v.Phase != "human" || v.Status != want {
			t.Errorf("it is your move as %s, but the page is in phase %q and says %q", human, v.Phase, v.Status)
		}
		for sq, c := range v.Pieces {
			if c == human {
				yours = append(yours, sq)
			}
		}
		slices.Sort(yours)
	case v.Phase != "engine" || !strings.Contains(v.Status, "is thinking"):
		t.Errorf("it is the engine's move, but the page is in phase %q and says %q", v.Phase, v.Status)
	}
	if mine := slices.Sorted(slices.Values(v.Mine)); !slices.Equal(mine, yours) {
		t.Errorf("the pieces on %v can be picked up; in the game shown, %v", mine, yours)
	}
	if _, after, ok := strings.Cut(v.EngineInfo, "played "); ok {
		said := strings.TrimRight(strings.Fields(after)[0], ":.")
		if len(v.Moves) == 0 || v.Moves[len(v.Moves)-1] != said {
			t.Errorf("the page says %q, but the last move of its list is not %s: %v", v.EngineInfo, said, v.Moves)
		}
	}
	return g
}

// TestEventsWhileEngineMoves: you play White, the engine Black moves
// first; the test holds the engine's reply (the engine has answered, the
// page has not seen it) or the end of the animation of its move, and then
// uploads a malformed record, downloads the record, starts a new game or
// uploads a record. Then it releases what it held. The page must show one
// game after every step: the reply of a search made for a game that is no
// longer the page's is dropped, and the game shown is the one that the
// next click plays in, and the one that a download writes.
func TestEventsWhileEngineMoves(t *testing.T) {
	const (
		step    = "5w/6/6/6/6/b5 b"   // the engine has three steps from a1
		capture = "6/1w4/6/6/b5/5b b" // the engine takes White's last piece and wins
	)
	dir := t.TempDir()
	malformed := filepath.Join(dir, "malformed.txt")
	if err := os.WriteFile(malformed, []byte("this is not a record\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	loaded := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4"} {
		if err := loaded.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := record.New(loaded).MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	recordFile := filepath.Join(dir, "record.txt")
	if err := os.WriteFile(recordFile, text, 0o644); err != nil {
		t.Fatal(err)
	}

	ctx := openPage(t, "")
	saved := allowDownloads(t, ctx)
	for _, held := range []string{"reply", "shown"} {
		for _, c := range []struct {
			event, start string
		}{
			{"upload a malformed record", step},
			{"upload a malformed record", capture},
			{"download the record", step},
			{"start a new game", step},
			{"upload a record", step},
		} {
			t.Run(held+"/"+c.event+"/"+c.start, func(t *testing.T) {
				hold(t, ctx, held)
				v := newGameAsIs(t, ctx, "white", "100", c.start)
				waitHeld(t, ctx, held)
				hold(t, ctx) // the engine's next replies come at once
				before := read(t, ctx)
				checkOneGame(t, c.start, "white", before)
				start, human := c.start, "white"
				switch c.event {
				case "upload a malformed record":
					upload(t, ctx, malformed)
					waitFor(t, ctx, moveTimeout, `!document.getElementById("error").hidden`, "the error")
					waitPhase(t, ctx, moveTimeout, "human", "over")
					v = read(t, ctx)
					if !strings.Contains(v.Error, "Could not load malformed.txt") {
						t.Errorf("error %q", v.Error)
					}
				case "download the record":
					click(t, ctx, "download")
					text, err := os.ReadFile(waitForFile(t, saved, moveTimeout))
					if err != nil {
						t.Fatal(err)
					}
					rec, err := record.Parse(string(text))
					if err != nil {
						t.Fatal(err)
					}
					var moves []string
					for _, m := range rec.Game.Moves() {
						b, _ := m.MarshalText()
						moves = append(moves, string(b))
					}
					if shown := read(t, ctx).Moves; !slices.Equal(moves, shown) {
						t.Errorf("the record downloaded has moves %v; the page shows %v", moves, shown)
					}
				case "start a new game":
					newGame(t, ctx, "black", "100", "")
					start, human = surakarta.StartText, "black"
				case "upload a record":
					upload(t, ctx, recordFile)
					waitFor(t, ctx, moveTimeout, `document.querySelectorAll("#moves td[data-ply]").length >= 2`, "the record's game")
					start = surakarta.StartText
				}
				checkOneGame(t, start, human, read(t, ctx))
				release(t, ctx)
				waitPhase(t, ctx, moveTimeout, "human", "over")
				v = read(t, ctx)
				g := checkOneGame(t, start, human, v)
				// The engine's one move, then yours; in the new game none; the
				// record's two moves and the engine's reply.
				want := map[string]int{"start a new game": 0, "upload a record": 3}[c.event]
				if c.event != "start a new game" && c.event != "upload a record" {
					want = 1
				}
				if len(v.Moves) != want || c.event == "upload a record" && (v.Moves[0] != "b2b3" || v.Moves[1] != "e5e4") {
					t.Errorf("moves %v, want %d moves", v.Moves, want)
				}
				// The next click plays in the game shown.
				if o := g.Outcome(); !o.Over {
					m := g.LegalMoves()[0]
					playByClicks(t, ctx, g.Position(), m)
					waitFor(t, ctx, moveTimeout, fmt.Sprintf(`document.querySelectorAll("#moves td[data-ply]").length > %d`, len(v.Moves)), "your move")
					waitPhase(t, ctx, moveTimeout, "human", "over")
					v2 := read(t, ctx)
					checkOneGame(t, start, human, v2)
					if len(v2.Moves) <= len(v.Moves) || !slices.Equal(v2.Moves[:len(v.Moves)], v.Moves) {
						t.Errorf("after your move %v in %v: moves %v", m, v.Moves, v2.Moves)
					}
				}
			})
		}
	}
}

// newGameAsIs starts a new game through the form, as newGame does, but
// waits only until the page has started it: the engine may be to move.
func newGameAsIs(t *testing.T, ctx context.Context, color, movetime, position string) view {
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
	return read(t, ctx)
}
