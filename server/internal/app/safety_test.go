package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/surakarta-go/surakarta/server/internal/glicko"
	"github.com/surakarta-go/surakarta/server/internal/handlers"
	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

// started returns a game under way between two registered players, alice
// (Black) and bob, with their connections.
func started(t *testing.T, base string) (id string, alice, bob *servertest.Client, ac, bc *servertest.Conn) {
	t.Helper()
	alice, bob = servertest.NewClient(t, base), servertest.NewClient(t, base)
	alice.Register("alice")
	bob.Register("bob")
	id = alice.Challenge(nil)
	bob.Join(id)
	return id, alice, bob, alice.Dial(id), bob.Dial(id)
}

// TestOnlyYourGameOnYourTurn: a move is played only by the player of the
// side to move; anyone else, logged in or not, acts in no game.
func TestOnlyYourGameOnYourTurn(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		id, _, _, ac, bc := started(t, base)
		carol := servertest.NewClient(t, base)
		carol.Register("carol")
		cc := carol.Dial(id)
		anon := servertest.NewClient(t, base)
		nc := anon.Dial(id)
		for name, c := range map[string]*servertest.Conn{"carol": cc, "a visitor without a session": nc} {
			for _, action := range []string{"move", "resign", "offer", "abort"} {
				if r := c.Do(action, 0, "b2b3"); r.Code != "not-your-game" {
					t.Errorf("%s: %s: %+v, want not-your-game", name, action, r)
				}
			}
		}
		if r := bc.Do("move", 0, "a5a4"); r.Code != "not-your-turn" {
			t.Errorf("White moves on Black's turn: %+v", r)
		}
		if r := ac.Do("move", 0, "a5a4"); r.Code != "illegal" {
			t.Errorf("Black moves a white piece: %+v", r)
		}
		if r := ac.Do("move", 0, "b2b5"); r.Code != "illegal" {
			t.Errorf("an illegal move: %+v", r)
		}
		if moves, _ := st.Moves(context.Background(), id); len(moves) != 0 {
			t.Fatalf("moves stored: %+v", moves)
		}
	})
}

// TestStaleAndReplayedFrames: a frame whose seq is not above the last is
// refused, and a move for a ply the game has left is refused, so a frame
// sent twice or replayed plays nothing.
func TestStaleAndReplayedFrames(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		id, alice, _, ac, bc := started(t, base)
		if r := ac.Do("move", 0, "b2b3"); r.T != "ack" {
			t.Fatal(r)
		}
		// The same frame again, seq and all.
		ac.SetSeq(0)
		if r := ac.Do("move", 0, "b2b3"); r.Code != "stale" || !strings.Contains(r.Error, "seq") {
			t.Fatalf("the same frame again: %+v", r)
		}
		// A new seq, the old ply: a duplicate move.
		ac.SetSeq(10)
		if r := ac.Do("move", 0, "c2c3"); r.Code != "stale" && r.Code != "not-your-turn" {
			t.Fatalf("a move for ply 0 at ply 1: %+v", r)
		}
		// The frame replayed on a new connection of the same player.
		ac2, err := alice.DialErr(id, base)
		if err != nil {
			t.Fatal(err)
		}
		if r := bc.Do("move", 1, "a5a4"); r.T != "ack" {
			t.Fatal(r)
		}
		if r := ac2.Do("move", 0, "b2b3"); r.Code != "stale" {
			t.Fatalf("a move of ply 0 replayed at ply 2: %+v", r)
		}
		if moves, _ := st.Moves(context.Background(), id); len(moves) != 2 {
			t.Fatalf("%d moves stored, want 2", len(moves))
		}
	})
}

// TestForgedIDs: unknown and forged game ids are refused, and a player
// acts only on challenges of their own.
func TestForgedIDs(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	alice, bob := servertest.NewClient(t, srv.URL), servertest.NewClient(t, srv.URL)
	alice.Register("alice")
	bob.Register("bob")
	id := alice.Challenge(nil)
	if status, _ := bob.Post("/game/"+id+"/withdraw", nil); status != http.StatusConflict {
		t.Errorf("bob withdraws alice's challenge: %d, want 409", status)
	}
	if status, _ := alice.Post("/game/"+id+"/join", nil); status != http.StatusForbidden {
		t.Errorf("alice joins her own challenge: %d, want 403", status)
	}
	for _, forged := range []string{"NOSUCHGAME", "' OR 1=1 --", id + "x"} {
		if status, _ := bob.Get("/game/" + url.PathEscape(forged)); status != http.StatusNotFound {
			t.Errorf("GET /game/%s: %d, want 404", forged, status)
		}
		if _, err := bob.DialErr(url.PathEscape(forged), srv.URL); err == nil {
			t.Errorf("the WebSocket of game %q opened", forged)
		}
	}
}

// TestWebSocketOrigin: a page of another origin cannot open a game's
// WebSocket with the visitor's cookies.
func TestWebSocketOrigin(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	alice := servertest.NewClient(t, srv.URL)
	alice.Register("alice")
	id := alice.Challenge(nil)
	if _, err := alice.DialErr(id, "http://evil.example"); err == nil || !strings.Contains(err.Error(), "403") {
		t.Fatalf("a WebSocket from another origin: %v, want refused with 403", err)
	}
	if _, err := alice.DialErr(id, srv.URL); err != nil {
		t.Fatalf("from the server's own origin: %v", err)
	}
}

// TestCrossSiteForms: a form posted from another site is refused (the
// Origin check); SameSite=Lax keeps the session cookie off it anyway.
// The session cookie is HttpOnly and SameSite=Lax.
func TestCrossSiteForms(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	alice := servertest.NewClient(t, srv.URL)
	alice.Register("alice")
	post := func(origin, site string) int {
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/challenge", strings.NewReader("base=5&increment=3&color=black"))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", origin)
		req.Header.Set("Sec-Fetch-Site", site)
		res, err := alice.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	if status := post("http://evil.example", "cross-site"); status != http.StatusForbidden {
		t.Errorf("a cross-site form: %d, want 403", status)
	}
	if status := post(srv.URL, "same-origin"); status != http.StatusSeeOther {
		t.Errorf("a form of the site itself: %d, want 303", status)
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+"/login", strings.NewReader("name=alice&password=password+alice"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	c := res.Header.Get("Set-Cookie")
	if !strings.Contains(c, handlers.SessionCookie+"=") || !strings.Contains(c, "HttpOnly") || !strings.Contains(c, "SameSite=Lax") {
		t.Fatalf("the session cookie: %q", c)
	}
}

// TestLoginRotatesTheSession: logging in gives a new session and ends the
// one the browser had (a guest's); logging out ends it.
func TestLoginRotatesTheSession(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	reg := servertest.NewClient(t, srv.URL)
	reg.Register("alice")
	c := servertest.NewClient(t, srv.URL)
	c.Challenge(nil) // a guest's session
	u, _ := url.Parse(srv.URL)
	before := c.HTTP.Jar.Cookies(u)[0].Value
	c.MustPost("/login", url.Values{"name": {"alice"}, "password": {"password alice"}})
	after := c.HTTP.Jar.Cookies(u)[0].Value
	if before == after {
		t.Fatal("the session token is the same after the log-in")
	}
	old := servertest.NewClient(t, srv.URL)
	old.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: handlers.SessionCookie, Value: before}})
	if status, _ := old.Get("/api/me"); status != http.StatusUnauthorized {
		t.Fatalf("the guest's token after the log-in: %d, want 401", status)
	}
	if _, body := c.Get("/api/me"); !strings.Contains(body, `"alice"`) {
		t.Fatalf("/api/me after the log-in: %s", body)
	}
	c.MustPost("/logout", nil)
	again := servertest.NewClient(t, srv.URL)
	again.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: handlers.SessionCookie, Value: after}})
	if status, _ := again.Get("/api/me"); status != http.StatusUnauthorized {
		t.Fatalf("the token after the log-out: %d, want 401", status)
	}
}

// TestRateLimits: log-in attempts, challenges and frames are bounded.
func TestRateLimits(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	alice := servertest.NewClient(t, srv.URL)
	alice.Register("alice")
	status := 0
	for range 6 {
		status, _ = servertest.NewClient(t, srv.URL).Post("/login", url.Values{"name": {"alice"}, "password": {"wrong password"}})
	}
	if status != http.StatusTooManyRequests {
		t.Errorf("the sixth wrong log-in at once: %d, want 429", status)
	}
	var id string
	for i := range 11 {
		status, out := alice.Post("/challenge", url.Values{"base": {"5"}, "increment": {"0"}, "color": {"black"}})
		if i < 10 && status != http.StatusOK {
			t.Fatalf("challenge %d: %d %v", i+1, status, out)
		}
		if i == 0 {
			id = out["id"].(string)
		}
		if i == 10 && status != http.StatusTooManyRequests {
			t.Errorf("the eleventh challenge at once: %d, want 429", status)
		}
	}
	c := alice.Dial(id)
	c.Until("the challenge", func(u servertestUpdate) bool { return u.ID == id })
	for range handlers.FrameBurst + 5 {
		if err := c.C.Write(context.Background(), websocket.MessageText, []byte(`{"t":"hello","ply":0}`)); err != nil {
			break
		}
	}
	select {
	case <-c.Closed:
	case <-time.After(5 * time.Second):
		t.Fatal("a burst of frames over the bound left the connection open")
	}
}

// TestFrameSize: a frame over MaxFrame bytes closes the connection.
func TestFrameSize(t *testing.T) {
	st := storetest.SQLite(t)
	_, srv := servertest.Start(t, st, "")
	alice := servertest.NewClient(t, srv.URL)
	id := alice.Challenge(nil)
	c := alice.Dial(id)
	big := `{"t":"move","seq":1,"ply":0,"move":"` + strings.Repeat("x", handlers.MaxFrame) + `"}`
	_ = c.C.Write(context.Background(), websocket.MessageText, []byte(big))
	select {
	case <-c.Closed:
	case <-time.After(5 * time.Second):
		t.Fatal("a frame over the bound left the connection open")
	}
}

// TestNoSQLFromInput: input that would change a query built from strings
// is taken as a value: it names nothing.
func TestNoSQLFromInput(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		c := servertest.NewClient(t, base)
		c.Register("alice")
		for _, evil := range []string{"' OR '1'='1", "alice' --", "alice'; DROP TABLE users; --"} {
			if status, _ := servertest.NewClient(t, base).Post("/login", url.Values{"name": {evil}, "password": {"x' OR '1'='1"}}); status != http.StatusUnauthorized {
				t.Errorf("log-in as %q: %d, want 401", evil, status)
			}
			if status, _ := c.Get("/api/player/" + url.PathEscape(evil)); status != http.StatusNotFound {
				t.Errorf("the player %q: %d, want 404", evil, status)
			}
		}
		if _, err := st.UserByName(context.Background(), "alice"); err != nil {
			t.Fatalf("alice after the attempts: %v", err)
		}
	})
}

// TestNamesAreEscaped: a name is written as text in every page, even one
// that the store holds with markup (made before the names' rules).
func TestNamesAreEscaped(t *testing.T) {
	st := storetest.SQLite(t)
	a, srv := servertest.Start(t, st, "")
	r := glicko.Initial()
	evil := `<script>alert("x")</script>`
	u, err := st.CreateUser(context.Background(), store.User{Name: evil, Kind: store.KindPlayer, Rating: r.Rating, RD: r.RD, Volatility: r.Volatility})
	if err != nil {
		t.Fatal(err)
	}
	id, err := a.Games.Create(context.Background(), u, gamesChallenge())
	if err != nil {
		t.Fatal(err)
	}
	c := servertest.NewClient(t, srv.URL)
	for _, path := range []string{"/", "/game/" + id, "/player/" + url.PathEscape(evil)} {
		status, body := c.Get(path)
		if status != http.StatusOK {
			t.Fatalf("%s: %d", path, status)
		}
		if strings.Contains(body, evil) || !strings.Contains(body, "&lt;script&gt;") {
			t.Errorf("%s writes the name unescaped (or not at all)", path)
		}
	}
}
