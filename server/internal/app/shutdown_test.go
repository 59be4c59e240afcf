package app_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"github.com/surakarta-go/surakarta/server/internal/app"
	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

// TestGracefulShutdown: on shutdown every client is told to reconnect,
// the games' clocks are given up at that moment, and a server started
// again on the store goes on with the game, the time it was down not
// charged to the side to move.
func TestGracefulShutdown(t *testing.T) {
	st := storetest.SQLite(t)
	a, err := app.New(app.Options{Store: st, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a)
	defer srv.Close()
	alice, bob := servertest.NewClient(t, srv.URL), servertest.NewClient(t, srv.URL)
	id := alice.Challenge(nil)
	bob.Join(id)
	ac := alice.Dial(id)
	if r := ac.Do("move", 0, "b2b3"); r.T != "ack" {
		t.Fatal(r)
	}
	u := ac.Ply(1)
	before := u.Clock.White
	if err := a.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	stopped := time.Now()
	got := false
	for !got {
		select {
		case f := <-ac.Raw:
			got = strings.Contains(f, `"reconnect"`)
		case <-time.After(5 * time.Second):
			t.Fatal("no reconnect frame at the shutdown")
		}
	}
	<-ac.Closed
	if owned, _ := st.OwnedGames(context.Background(), a.Owner); len(owned) != 0 {
		t.Fatalf("the stopped server still owns %v", owned)
	}
	time.Sleep(2 * time.Second) // the server is down
	a2, err := app.New(app.Options{Store: st, BcryptCost: bcrypt.MinCost})
	if err != nil {
		t.Fatal(err)
	}
	defer a2.Close()
	srv2 := httptest.NewServer(a2)
	defer srv2.Close()
	bob.Base = srv2.URL
	bc := bob.Dial(id)
	u = bc.Ply(1)
	charged := before - u.Clock.White
	if slept := time.Since(stopped).Milliseconds(); charged > slept-1500 {
		t.Fatalf("White was charged %d ms across a restart of %d ms: want the 2 s down not charged", charged, slept)
	}
	if r := bc.Do("move", 1, "a5a4"); r.T != "ack" {
		t.Fatalf("the game after the restart: %+v", r)
	}
	if g, _ := st.Game(context.Background(), id); g.Status != store.StatusPlaying || g.Ply != 2 {
		t.Fatalf("after the restart: %+v", g)
	}
}
