package accounts_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"github.com/surakarta-go/surakarta/server/internal/accounts"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/internal/storetest"
)

func newService(s *store.Store) *accounts.Service {
	a := accounts.New(s)
	a.Cost = bcrypt.MinCost
	return a
}

func TestRegisterAndLogin(t *testing.T) {
	storetest.Each(t, func(t *testing.T, s *store.Store) {
		ctx := context.Background()
		a := newService(s)
		u, err := a.Register(ctx, "alice", "correct horse")
		if err != nil {
			t.Fatal(err)
		}
		if u.PasswordHash == "correct horse" || !strings.HasPrefix(u.PasswordHash, "$2") {
			t.Fatalf("the password is kept as %q, want a bcrypt hash", u.PasswordHash)
		}
		if _, err := a.Register(ctx, "Alice", "another one"); !errors.Is(err, store.ErrNameTaken) {
			t.Fatalf("Alice after alice: %v, want ErrNameTaken", err)
		}
		for _, name := range []string{"al", "a b c", "<script>", "guest-1234", "level3", strings.Repeat("x", 21)} {
			if _, err := a.Register(ctx, name, "long enough"); !errors.Is(err, accounts.ErrBadName) {
				t.Errorf("Register(%q): %v, want ErrBadName", name, err)
			}
		}
		if _, err := a.Register(ctx, "bob", "short"); !errors.Is(err, accounts.ErrBadPassword) {
			t.Errorf("a short password: %v, want ErrBadPassword", err)
		}
		if _, _, err := a.Login(ctx, "addr", "alice", "wrong horse"); !errors.Is(err, accounts.ErrLogin) {
			t.Fatalf("a wrong password: %v, want ErrLogin", err)
		}
		if _, _, err := a.Login(ctx, "addr", "nobody", "whatever1"); !errors.Is(err, accounts.ErrLogin) {
			t.Fatalf("an unknown name: %v, want ErrLogin", err)
		}
		_, t1, err := a.Login(ctx, "addr", "ALICE", "correct horse")
		if err != nil {
			t.Fatal(err)
		}
		_, t2, err := a.Login(ctx, "addr", "alice", "correct horse")
		if err != nil {
			t.Fatal(err)
		}
		if t1 == t2 {
			t.Fatal("two log-ins gave one token: want a new one at each")
		}
		if got, err := a.User(ctx, t2); err != nil || got.ID != u.ID {
			t.Fatalf("User: %+v, %v", got, err)
		}
		if err := a.Logout(ctx, t2); err != nil {
			t.Fatal(err)
		}
		if _, err := a.User(ctx, t2); !errors.Is(err, accounts.ErrNoSession) {
			t.Fatalf("after log-out: %v, want ErrNoSession", err)
		}
		if _, err := a.User(ctx, t1); err != nil {
			t.Fatalf("the other session ended too: %v", err)
		}
	})
}

func TestLoginAttemptsAreBounded(t *testing.T) {
	ctx := context.Background()
	a := newService(storetest.SQLite(t))
	if _, err := a.Register(ctx, "carol", "the password"); err != nil {
		t.Fatal(err)
	}
	var err error
	for range 6 {
		_, _, err = a.Login(ctx, "addr", "carol", "guess guess")
	}
	if !errors.Is(err, accounts.ErrTooManyAttempts) {
		t.Fatalf("the sixth wrong attempt at once: %v, want ErrTooManyAttempts", err)
	}
	if _, _, err := a.Login(ctx, "other addr", "carol", "the password"); !errors.Is(err, accounts.ErrTooManyAttempts) {
		t.Fatalf("the right password from another address, at once: %v, want ErrTooManyAttempts (per name)", err)
	}
	for i := range 25 {
		_, _, err = a.Login(ctx, "one addr", "name"+string(rune('a'+i)), "guess guess")
	}
	if !errors.Is(err, accounts.ErrTooManyAttempts) {
		t.Fatalf("25 names from one address at once: %v, want ErrTooManyAttempts (per address)", err)
	}
}

func TestGuestsAndEngines(t *testing.T) {
	ctx := context.Background()
	a := newService(storetest.SQLite(t))
	g, token, err := a.Guest(ctx)
	if err != nil || !strings.HasPrefix(g.Name, "guest-") || g.Registered() {
		t.Fatalf("Guest: %+v, %v", g, err)
	}
	if u, err := a.User(ctx, token); err != nil || u.ID != g.ID {
		t.Fatalf("the guest's session: %+v, %v", u, err)
	}
	if _, _, err := a.Login(ctx, "addr", g.Name, ""); !errors.Is(err, accounts.ErrLogin) {
		t.Fatalf("logging in as a guest: %v, want ErrLogin", err)
	}
	e1, err := a.Engine(ctx, 3)
	if err != nil || e1.Name != "level3" || e1.Kind != store.KindEngine {
		t.Fatalf("Engine(3): %+v, %v", e1, err)
	}
	e2, _ := a.Engine(ctx, 3)
	if e2.ID != e1.ID {
		t.Fatal("Engine(3) made a second account")
	}
}
