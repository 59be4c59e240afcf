package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

// each runs f against a server on SQLite and one on PostgreSQL.
func each(t *testing.T, f func(t *testing.T, base string, st *store.Store)) {
	t.Run("sqlite", func(t *testing.T) {
		st := storetest.SQLite(t)
		_, srv := servertest.Start(t, st, "")
		f(t, srv.URL, st)
	})
	t.Run("postgres", func(t *testing.T) {
		u := storetest.PostgresURL(t)
		st, err := store.OpenPostgres(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		_, srv := servertest.Start(t, st, u)
		f(t, srv.URL, st)
	})
}

// repetition is a game that ends at once: both sides step out and back,
// and the start position recurs, a draw under the Olympiad rules.
var repetition = []string{"b2b3", "a5a4", "b3b2", "a4a5"}

func TestLiveGameBetweenPlayers(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		alice, bob, watcher := servertest.NewClient(t, base), servertest.NewClient(t, base), servertest.NewClient(t, base)
		alice.Register("alice")
		bob.Register("bob")
		id := alice.Challenge(url.Values{"rated": {"on"}})
		if _, body := bob.Get("/api/lobby"); !strings.Contains(body, id) {
			t.Fatalf("the lobby does not list the challenge %s: %s", id, body)
		}
		ac := alice.Dial(id)
		ac.Status(store.StatusOpen)
		bob.Join(id)
		ac.Status(store.StatusPlaying)
		bc := bob.Dial(id)
		wc := watcher.Dial(id)
		u := bc.Status(store.StatusPlaying)
		if u.Black != "alice" || u.White != "bob" || !u.Rated || len(u.Legal) == 0 || u.Side != "black" {
			t.Fatalf("bob's first update: %+v", u)
		}
		conns := map[string]*servertest.Conn{"black": ac, "white": bc}
		for ply, mv := range repetition {
			side := "black"
			if ply%2 == 1 {
				side = "white"
			}
			if r := conns[side].Do("move", ply, mv); r.T != "ack" {
				t.Fatalf("ply %d %s: %+v", ply, mv, r)
			}
			for _, c := range []*servertest.Conn{ac, bc, wc} {
				c.Ply(ply + 1)
			}
		}
		end := wc.Status(store.StatusOver)
		if end.Result != "1/2-1/2" || end.Reason != "repetition" || len(end.Legal) != 0 {
			t.Fatalf("the end, as the spectator saw it: %+v", end)
		}
		// The record, read back by package record, is the game.
		status, text := watcher.Get("/game/" + id + "/record.txt")
		if status != http.StatusOK {
			t.Fatalf("record: %d %s", status, text)
		}
		rec, err := record.Parse(text)
		if err != nil {
			t.Fatalf("the record does not read: %v\n%s", err, text)
		}
		if got := rec.Game.Moves(); len(got) != 4 || rec.Result != "1/2-1/2" {
			t.Fatalf("the record's game: %v, %s", got, rec.Result)
		}
		if v, _ := rec.Header("Black"); v != "alice" {
			t.Fatalf("the record's Black: %q", v)
		}
		// A rated draw between equals moves neither rating, but both have
		// a point in their history and are on the leaderboard.
		_, body := watcher.Get("/api/player/alice")
		if !strings.Contains(body, `"ratedGames":1`) || !strings.Contains(body, id) {
			t.Fatalf("alice's page after the game: %s", body)
		}
		if _, body := watcher.Get("/leaderboard"); !strings.Contains(body, "alice") || !strings.Contains(body, "bob") {
			t.Fatalf("the leaderboard: %s", body)
		}
		if status, _ := watcher.Get("/game/" + id + "/board.png"); status != http.StatusOK {
			t.Fatalf("the game's picture: %d", status)
		}
		if status, body := watcher.Get("/game/" + id + "/board.svg?ply=1"); status != http.StatusOK || !strings.Contains(body, "<svg") {
			t.Fatalf("the picture after the first move: %d %.80s", status, body)
		}
	})
}

func TestResignationRates(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		alice, bob := servertest.NewClient(t, base), servertest.NewClient(t, base)
		alice.Register("alice")
		bob.Register("bob")
		id := alice.Challenge(url.Values{"rated": {"on"}, "color": {"white"}})
		bob.Join(id)
		bc := bob.Dial(id)
		ac := alice.Dial(id)
		if r := bc.Do("move", 0, "b2b3"); r.T != "ack" {
			t.Fatalf("bob's move: %+v", r)
		}
		ac.Ply(1)
		if r := ac.Do("resign", 0, ""); r.T != "ack" {
			t.Fatalf("alice resigns: %+v", r)
		}
		end := bc.Status(store.StatusOver)
		if end.Result != "1-0" || end.Reason != "resignation" {
			t.Fatalf("the end: %+v", end)
		}
		a, _ := st.UserByName(context.Background(), "alice")
		b, _ := st.UserByName(context.Background(), "bob")
		if b.Rating <= 1500 || a.Rating >= 1500 || b.RatedGames != 1 || b.RD >= 350 {
			t.Fatalf("after bob's win: alice %+v, bob %+v", a, b)
		}
		// The record says the resignation, and reads back.
		_, text := bob.Get("/game/" + id + "/record.txt")
		if rec, err := record.Parse(text); err != nil || rec.Reason != "resignation" {
			t.Fatalf("record: %v\n%s", err, text)
		}
	})
}

func TestDrawOffersAndAbort(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		alice, bob := servertest.NewClient(t, base), servertest.NewClient(t, base)
		id := alice.Challenge(nil) // guests: casual
		bob.Join(id)
		ac, bc := alice.Dial(id), bob.Dial(id)
		if r := bc.Do("accept", 0, ""); r.Code != "not-allowed" {
			t.Fatalf("accepting a draw nobody offered: %+v", r)
		}
		if r := ac.Do("offer", 0, ""); r.T != "ack" {
			t.Fatalf("offer: %+v", r)
		}
		bc.Until("the offer", func(u games.Update) bool { return u.DrawOffer == "black" })
		if r := bc.Do("decline", 0, ""); r.T != "ack" {
			t.Fatalf("decline: %+v", r)
		}
		ac.Until("the offer declined", func(u games.Update) bool { return u.DrawOffer == "" })
		if r := ac.Do("move", 0, "b2b3"); r.T != "ack" {
			t.Fatal(r)
		}
		if r := ac.Do("abort", 0, ""); r.Code != "not-allowed" {
			t.Fatalf("Black aborts after its first move: %+v", r)
		}
		if r := bc.Do("offer", 0, ""); r.T != "ack" {
			t.Fatal(r)
		}
		ac.Until("white's offer", func(u games.Update) bool { return u.DrawOffer == "white" })
		if r := ac.Do("accept", 0, ""); r.T != "ack" {
			t.Fatalf("accept: %+v", r)
		}
		if end := bc.Status(store.StatusOver); end.Result != "1/2-1/2" || end.Reason != "draw by agreement" {
			t.Fatalf("the end: %+v", end)
		}
		// Another game, aborted by White before its first move.
		id2 := alice.Challenge(nil)
		bob.Join(id2)
		bc2 := bob.Dial(id2)
		if r := bc2.Do("abort", 0, ""); r.T != "ack" {
			t.Fatalf("abort: %+v", r)
		}
		if u := bc2.Status(store.StatusAborted); u.Outcome != "aborted" {
			t.Fatalf("aborted: %+v", u)
		}
	})
}

// TestReconnectLosesNothing: a client that reconnects saying the ply it
// holds gets the moves after it, and the game as it stands.
func TestReconnectLosesNothing(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		alice, bob := servertest.NewClient(t, base), servertest.NewClient(t, base)
		id := alice.Challenge(nil)
		bob.Join(id)
		ac, bc := alice.Dial(id), bob.Dial(id)
		moves := []string{"b2b3", "a5a4", "c2c3"}
		conns := []*servertest.Conn{ac, bc, ac}
		for ply, mv := range moves {
			if r := conns[ply].Do("move", ply, mv); r.T != "ack" {
				t.Fatal(r)
			}
			bc.Ply(ply + 1)
			if ply == 0 {
				bc.C.CloseNow() // bob's connection drops after the first move
				<-bc.Closed
				bc = nil
				conns[1] = nil
				b2, err := bob.DialErr(id, base)
				if err != nil {
					t.Fatal(err)
				}
				b2.Hello(1) // bob holds one move
				u := b2.Ply(1)
				if u.From != 1 || len(u.Moves) != 0 {
					t.Fatalf("after reconnecting with 1 move: from %d, %d moves", u.From, len(u.Moves))
				}
				bc, conns[1] = b2, b2
			}
		}
		b3, err := bob.DialErr(id, base)
		if err != nil {
			t.Fatal(err)
		}
		b3.Hello(1)
		u := b3.Ply(3)
		if u.From != 1 || len(u.Moves) != 2 || u.Moves[0].Move != "a5a4" || u.Moves[1].Move != "c2c3" || u.Side != "white" {
			t.Fatalf("a client holding 1 move of 3 got: from %d, moves %+v, side %s", u.From, u.Moves, u.Side)
		}
	})
}

// TestEngineGame: the engine at level 1 answers each move with the move
// of level.New(1, …) on the same game, seeded by the start position as
// the browser page seeds it.
func TestEngineGame(t *testing.T) {
	each(t, func(t *testing.T, base string, st *store.Store) {
		p := servertest.NewClient(t, base)
		id := p.Challenge(url.Values{"level": {"1"}})
		c := p.Dial(id)
		u := c.Status(store.StatusPlaying)
		if u.White != "level1" || u.Level != 1 {
			t.Fatalf("the engine's game: %+v", u)
		}
		g := surakarta.NewGame(surakarta.NewPosition())
		player, err := level.New(1, g.StartPosition().Hash())
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 8 && !g.Outcome().Over; ply += 2 {
			mv := g.LegalMoves()[0]
			if r := c.Do("move", ply, mv.Notation()); r.T != "ack" {
				t.Fatalf("ply %d: %+v", ply, r)
			}
			if err := g.Play(mv); err != nil {
				t.Fatal(err)
			}
			if g.Outcome().Over {
				break
			}
			u := c.Ply(ply + 2)
			want, err := player.Search(context.Background(), g, surakarta.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			got := u.Moves[len(u.Moves)-1]
			if got.Ply != ply+1 || got.Move != want.Move.Notation() && got.Move != want.Move.String() {
				t.Fatalf("the engine's reply at ply %d: %s, want %v", ply+1, got.Move, want.Move)
			}
			if err := g.PlayText(got.Move); err != nil {
				t.Fatal(err)
			}
		}
	})
}
