package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

func TestMigrations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ms, err := store.Migrations(s.Dialect())
		if err != nil {
			t.Fatal(err)
		}
		v, err := s.Version(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) == 0 || v != ms[len(ms)-1].Version {
			t.Fatalf("schema version %d, want the last migration's, of %v", v, ms)
		}
	})
}

func TestMigrationsOfBothDialectsMatch(t *testing.T) {
	lite, err := store.Migrations(store.SQLite)
	if err != nil {
		t.Fatal(err)
	}
	pg, err := store.Migrations(store.Postgres)
	if err != nil {
		t.Fatal(err)
	}
	if len(lite) != len(pg) {
		t.Fatalf("%d SQLite migrations, %d PostgreSQL ones", len(lite), len(pg))
	}
	for i := range lite {
		if lite[i].Name != pg[i].Name {
			t.Errorf("migration %d: %s for SQLite, %s for PostgreSQL", i, lite[i].Name, pg[i].Name)
		}
	}
}

func TestUsersAndSessions(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		u, err := s.CreateUser(ctx, store.User{Name: "Alice", PasswordHash: "h", Kind: store.KindPlayer, Rating: 1500, RD: 350, Volatility: 0.06})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.CreateUser(ctx, store.User{Name: "alice", Kind: store.KindPlayer}); !errors.Is(err, store.ErrNameTaken) {
			t.Fatalf("a second alice: %v, want ErrNameTaken", err)
		}
		got, err := s.UserByName(ctx, "ALICE")
		if err != nil || got.ID != u.ID || got.Name != "Alice" {
			t.Fatalf("UserByName: %+v, %v", got, err)
		}
		now := time.Now()
		if err := s.CreateSession(ctx, store.Session{TokenHash: "x", UserID: u.ID, ExpiresAt: store.Millis(now.Add(time.Hour))}); err != nil {
			t.Fatal(err)
		}
		if got, err := s.SessionUser(ctx, "x", now); err != nil || got.ID != u.ID {
			t.Fatalf("SessionUser: %+v, %v", got, err)
		}
		if _, err := s.SessionUser(ctx, "x", now.Add(2*time.Hour)); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("an expired session: %v, want ErrNotFound", err)
		}
		if err := s.DeleteSession(ctx, "x"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.SessionUser(ctx, "x", now); !errors.Is(err, store.ErrNotFound) {
			t.Fatalf("a deleted session: %v, want ErrNotFound", err)
		}
	})
}

func TestGameMovesAndLocks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a, _ := s.CreateUser(ctx, store.User{Name: "a", Kind: store.KindPlayer, Rating: 1500, RD: 350, Volatility: 0.06})
		b, _ := s.CreateUser(ctx, store.User{Name: "b", Kind: store.KindPlayer, Rating: 1500, RD: 350, Volatility: 0.06})
		g := store.Game{ID: "g1", Status: store.StatusOpen, ColorChoice: "black", BaseMS: 60000, Creator: a.ID, StartPosition: "start", CreatedAt: 1}
		if err := s.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		open, err := s.OpenChallenges(ctx, 10)
		if err != nil || len(open) != 1 || open[0].CreatorName != "a" {
			t.Fatalf("OpenChallenges: %+v, %v", open, err)
		}
		if err := s.JoinGame(ctx, "g1", a.ID, b.ID, 100); err != nil {
			t.Fatal(err)
		}
		if err := s.JoinGame(ctx, "g1", a.ID, b.ID, 100); !errors.Is(err, store.ErrConflict) {
			t.Fatalf("joining twice: %v, want ErrConflict", err)
		}
		err = s.InTx(ctx, func(tx *store.Tx) error {
			g, err := tx.LockGame(ctx, "g1")
			if err != nil {
				return err
			}
			if g.BlackMS != 60000 || g.BlackName != "a" || g.WhiteName != "b" {
				t.Errorf("the game joined: %+v", g)
			}
			if err := tx.AddMove(ctx, "g1", store.Move{Ply: 0, Move: "b2b3", BlackMS: 59000, WhiteMS: 60000, PlayedAt: 1100}); err != nil {
				return err
			}
			g.Ply = 1
			return tx.UpdateGame(ctx, g)
		})
		if err != nil {
			t.Fatal(err)
		}
		err = s.InTx(ctx, func(tx *store.Tx) error {
			return tx.AddMove(ctx, "g1", store.Move{Ply: 0, Move: "c2c3"})
		})
		if !errors.Is(err, store.ErrConflict) {
			t.Fatalf("a second move at ply 0: %v, want ErrConflict", err)
		}
		moves, err := s.Moves(ctx, "g1")
		if err != nil || len(moves) != 1 || moves[0].Move != "b2b3" {
			t.Fatalf("Moves: %+v, %v", moves, err)
		}
		if games, err := s.PlayerGames(ctx, b.ID, 10); err != nil || len(games) != 1 {
			t.Fatalf("PlayerGames: %+v, %v", games, err)
		}
	})
}
