// Package storetest gives the server's tests a fresh store of each kind:
// SQLite in a temporary file always, and PostgreSQL when the environment
// variable SURAKARTA_POSTGRES holds a database's URL, each test in a
// schema of its own that it drops at its end. Without the variable the
// PostgreSQL half of every test is skipped, with a message naming it.
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// EnvPostgres is the environment variable that holds the URL of the
// PostgreSQL database the tests use.
const EnvPostgres = "SURAKARTA_POSTGRES"

// Each runs f as a subtest once with SQLite ("sqlite") and once with
// PostgreSQL ("postgres"), each with a store of its own.
func Each(t *testing.T, f func(t *testing.T, s *store.Store)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { f(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { f(t, Postgres(t)) })
}

// SQLite returns a store in a new file of the test's temporary directory,
// closed at the test's end.
func SQLite(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// PostgresURL returns the URL of a new, empty schema of the database of
// SURAKARTA_POSTGRES, dropped at the test's end; it skips the test,
// saying so, when the variable is not set. Every connection made with the
// URL works in that schema (its search_path), so that several stores of
// one test (several server processes) share it.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvPostgres)
	if base == "" {
		t.Skip("SKIPPED: PostgreSQL not tested: set " + EnvPostgres + " to a database URL (postgres://user@host:port/db) to run this test against PostgreSQL")
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "t_" + hex.EncodeToString(b[:])
	// The schema's name is made here of hex digits, not taken from input:
	// an identifier cannot be a placeholder.
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("%s: creating a schema: %v", EnvPostgres, err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec("DROP SCHEMA " + schema + " CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", EnvPostgres, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Postgres returns a store in a new schema of the database of
// SURAKARTA_POSTGRES (PostgresURL), closed at the test's end.
func Postgres(t testing.TB) *store.Store {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
