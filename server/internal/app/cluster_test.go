package app_test

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/app"
	"github.com/surakarta-go/surakarta/server/internal/servertest"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

// TestProcessesShareGames: three server processes on one PostgreSQL.
// Alice plays through the first, Bob through the second, and a spectator
// watches through the third: each move, applied by the process of its
// player, reaches the others by LISTEN/NOTIFY. When the process that owns
// the game's clock stops, another takes the clock.
func TestProcessesShareGames(t *testing.T) {
	u := storetest.PostgresURL(t)
	var apps []*app.App
	var bases []string
	for range 3 {
		st, err := store.OpenPostgres(context.Background(), u)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		a, srv := servertest.Start(t, st, u)
		apps = append(apps, a)
		bases = append(bases, srv.URL)
	}
	alice, bob, watcher := servertest.NewClient(t, bases[0]), servertest.NewClient(t, bases[1]), servertest.NewClient(t, bases[2])
	alice.Register("alice")
	bob.Register("bob")
	id := alice.Challenge(url.Values{"rated": {"on"}})
	ac := alice.Dial(id)
	ac.Status(store.StatusOpen)
	bob.Join(id) // through the second process
	ac.Status(store.StatusPlaying)
	bc, wc := bob.Dial(id), watcher.Dial(id)
	moves := []string{"b2b3", "a5a4", "c2c3", "f5f4"}
	for ply, mv := range moves {
		c := ac
		if ply%2 == 1 {
			c = bc
		}
		if r := c.Do("move", ply, mv); r.T != "ack" {
			t.Fatalf("ply %d: %+v", ply, r)
		}
		for _, c := range []*servertest.Conn{ac, bc, wc} {
			if got := c.Ply(ply + 1).Moves; len(got) > 0 && got[len(got)-1].Move != mv {
				t.Fatalf("ply %d arrived as %s", ply, got[len(got)-1].Move)
			}
		}
	}
	// The second process seated the game and took its clock; it stops,
	// and another takes the clock within a few seconds.
	ctx := context.Background()
	leases := storeOf(t, u)
	owner := ""
	for i, a := range apps {
		if owned, _ := leases.OwnedGames(ctx, a.Owner); len(owned) == 1 {
			owner = a.Owner
			if err := apps[i].Shutdown(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	if owner == "" {
		t.Fatal("no process owns the game's clock")
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		taken := false
		for _, a := range apps {
			if a.Owner == owner {
				continue
			}
			if owned, _ := leases.OwnedGames(ctx, a.Owner); len(owned) == 1 {
				taken = true
			}
		}
		if taken {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("10 s after %s stopped, no other process owns the clock", owner)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The game goes on through the processes left.
	if r := ac.Do("resign", 0, ""); r.T != "ack" {
		t.Fatalf("resign: %+v", r)
	}
	if end := wc.Status(store.StatusOver); end.Result != "0-1" {
		t.Fatalf("the spectator saw the end as %+v", end)
	}
}

func storeOf(t *testing.T, u string) *store.Store {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
