package games_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/glicko"
	"github.com/surakarta-go/surakarta/server/internal/live"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// setup makes two players and a game between them of base and increment
// (ms), started at the clock's now, and a manager named owner on the
// store.
func setup(t *testing.T, s *store.Store, clock func() time.Time, owner string, base, inc int64) (*games.Manager, string, store.User, store.User) {
	t.Helper()
	ctx := context.Background()
	r := glicko.Initial()
	a, err := s.CreateUser(ctx, store.User{Name: "a" + owner, Kind: store.KindPlayer, Rating: r.Rating, RD: r.RD, Volatility: r.Volatility})
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.CreateUser(ctx, store.User{Name: "b" + owner, Kind: store.KindPlayer, Rating: r.Rating, RD: r.RD, Volatility: r.Volatility})
	if err != nil {
		t.Fatal(err)
	}
	now := store.Millis(clock())
	id := "G" + owner
	if err := s.CreateGame(ctx, store.Game{ID: id, Status: store.StatusOpen, ColorChoice: "black", BaseMS: base, IncrementMS: inc,
		Creator: a.ID, BlackMS: base, WhiteMS: base, CreatedAt: now}); err != nil {
		t.Fatal(err)
	}
	if err := s.JoinGame(ctx, id, a.ID, b.ID, now); err != nil {
		t.Fatal(err)
	}
	m := games.New(games.Config{Store: s, Hub: live.NewHub(), Owner: owner, Now: clock})
	m.Start()
	t.Cleanup(func() { m.Close() })
	return m, id, a, b
}

// TestFischerIncrement: a move charges the mover the time since the turn
// began and adds the increment.
func TestFischerIncrement(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		clock := &fakeClock{now: time.Now()}
		m, id, a, b := setup(t, s, clock.Now, "p", 60_000, 2_000)
		ctx := context.Background()
		clock.Add(1500 * time.Millisecond)
		if err := m.Move(ctx, id, a.ID, 0, "b2b3"); err != nil {
			t.Fatal(err)
		}
		clock.Add(4000 * time.Millisecond)
		if err := m.Move(ctx, id, b.ID, 1, "a5a4"); err != nil {
			t.Fatal(err)
		}
		clock.Add(700 * time.Millisecond)
		c, err := m.Clocks(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		// Black: 60,000 - 1,500 + 2,000, then 700 running; White: 60,000 - 4,000 + 2,000.
		if c.Black != 59_800 || c.White != 58_000 || c.Running != "black" {
			t.Fatalf("clocks %+v, want black 59800 (running), white 58000", c)
		}
		moves, _ := s.Moves(ctx, id)
		if moves[0].BlackMS != 60_500 || moves[1].WhiteMS != 58_000 {
			t.Fatalf("the clocks stored with the moves: %+v", moves)
		}
	})
}

// TestFlagFallsOnTheServersTime: with nobody moving, the owner's timer
// ends the game by time forfeit when the side to move runs out.
func TestFlagFallsOnTheServersTime(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		m, id, a, _ := setup(t, s, time.Now, "f", 400, 0)
		ctx := context.Background()
		if err := m.Move(ctx, id, a.ID, 0, "b2b3"); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for {
			g, err := s.Game(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if g.Status == store.StatusOver {
				if g.Reason != "time forfeit" || g.Result != "1-0" || g.WhiteMS != 0 {
					t.Fatalf("the end: %+v", g)
				}
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("White's 400 ms ran out, and after 5 s the game is %s", g.Status)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestLateMoveLoses: a move that comes after the mover's time ran out,
// before the timer fired, does not count: the game ends on time.
func TestLateMoveLoses(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		clock := &fakeClock{now: time.Now()}
		m, id, a, _ := setup(t, s, clock.Now, "l", 60_000, 0)
		clock.Add(61 * time.Second)
		if err := m.Move(context.Background(), id, a.ID, 0, "b2b3"); err != nil {
			t.Fatal(err)
		}
		g, _ := s.Game(context.Background(), id)
		if g.Status != store.StatusOver || g.Reason != "time forfeit" || g.Result != "0-1" || g.Ply != 0 {
			t.Fatalf("after a move 61 s into a 60 s clock: %+v", g)
		}
	})
}

// TestTakeoverCreditsTheTimeNobodyKeptTheClock: a process that takes the
// clock of a game whose owner stopped renewing its lease credits the side
// to move the time since the last renewal.
func TestTakeoverCreditsTheTimeNobodyKeptTheClock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		clock := &fakeClock{now: time.Now()}
		m, id, a, _ := setup(t, s, clock.Now, "o", 60_000, 0)
		ctx := context.Background()
		clock.Add(2 * time.Second)
		if err := m.Move(ctx, id, a.ID, 0, "b2b3"); err != nil {
			t.Fatal(err)
		}
		clock.Add(3 * time.Second)        // White thinks 3 s while the owner lives
		if err := m.Close(); err != nil { // the owner stops, giving its lease up now
			t.Fatal(err)
		}
		clock.Add(30 * time.Second) // 30 s with no process
		m2 := games.New(games.Config{Store: s, Hub: live.NewHub(), Owner: "other", Now: clock.Now})
		m2.Start()
		defer m2.Close()
		c, err := m2.Clocks(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if c.White != 57_000 || c.Black != 58_000 {
			t.Fatalf("clocks after the takeover %+v: want white 57000 (charged 3 s, not the 30 s without an owner), black 58000", c)
		}
		owned, _ := s.OwnedGames(ctx, "other")
		if len(owned) != 1 || owned[0] != id {
			t.Fatalf("the new owner holds %v", owned)
		}
	})
}
