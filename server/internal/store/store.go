// Package store keeps the server's accounts, sessions, games, ratings and
// analyses in SQL: SQLite (modernc.org/sqlite, pure Go) in one file for
// one server process, or PostgreSQL (pgx) for several processes sharing
// it. Both run the same queries through database/sql, written once with
// ? placeholders (numbered $1, $2, … for PostgreSQL by rebind); they
// differ only where the databases do: how a transaction locks a game's
// row, the schema's types, and PostgreSQL's NOTIFY (Tx.Notify), which
// SQLite has not. No query is built from values: every value is a
// placeholder's argument.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver of database/sql
	_ "modernc.org/sqlite"             // the "sqlite" driver of database/sql
)

// The sentinel errors of the store; its errors wrap them.
var (
	// ErrNotFound: no row has that key.
	ErrNotFound = errors.New("store: not found")
	// ErrNameTaken: an account of that name (in any case) exists.
	ErrNameTaken = errors.New("store: name taken")
	// ErrConflict: the row changed under the caller (a challenge joined
	// by someone else, a move at a ply already played).
	ErrConflict = errors.New("store: conflict")
)

// Dialect names the database a Store talks to.
type Dialect string

// The dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Store is the server's database. Its methods are safe for concurrent use.
type Store struct {
	db      *sql.DB
	dialect Dialect
}

// OpenSQLite opens (creating it if need be) the SQLite database in the
// file path and brings its schema up to date. The file is in WAL mode,
// every transaction takes the write lock at its start (BEGIN IMMEDIATE),
// so that two transactions never deadlock upgrading their locks, and a
// writer waits up to 10 s for another.
func OpenSQLite(ctx context.Context, path string) (*Store, error) {
	dsn := "file:" + path + "?_txlock=immediate" +
		"&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	// One writer at a time is all SQLite has; more connections would only
	// wait on its lock (busy_timeout) instead of on database/sql's pool.
	db.SetMaxOpenConns(1)
	return open(ctx, db, SQLite)
}

// OpenPostgres connects to the PostgreSQL database of the URL and brings
// its schema up to date.
func OpenPostgres(ctx context.Context, url string) (*Store, error) {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return nil, fmt.Errorf("store: opening PostgreSQL: %w", err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	return open(ctx, db, Postgres)
}

func open(ctx context.Context, db *sql.DB, d Dialect) (*Store, error) {
	s := &Store{db: db, dialect: d}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connecting to %s: %w", d, err)
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// Dialect returns the database the store talks to.
func (s *Store) Dialect() Dialect { return s.dialect }

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// rebind turns the ? placeholders of a query written once for both
// databases into PostgreSQL's $1, $2, …; the queries hold no ? of their
// own (no string literal has one).
func (s *Store) rebind(query string) string {
	if s.dialect != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	n := 0
	for _, c := range query {
		if c == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}

// forUpdate is what a SELECT ends with to lock the rows it reads until the
// transaction ends: FOR UPDATE for PostgreSQL; nothing for SQLite, whose
// transactions hold the whole database's write lock from their start.
func (s *Store) forUpdate() string {
	if s.dialect == Postgres {
		return " FOR UPDATE"
	}
	return ""
}

func (s *Store) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return s.db.ExecContext(ctx, s.rebind(query), args...)
}

func (s *Store) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return s.db.QueryContext(ctx, s.rebind(query), args...)
}

func (s *Store) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return s.db.QueryRowContext(ctx, s.rebind(query), args...)
}

// Tx is a transaction: InTx commits it when its function returns nil.
type Tx struct {
	s  *Store
	tx *sql.Tx
}

func (t *Tx) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.tx.ExecContext(ctx, t.s.rebind(query), args...)
}

func (t *Tx) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return t.tx.QueryRowContext(ctx, t.s.rebind(query), args...)
}

func (t *Tx) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return t.tx.QueryContext(ctx, t.s.rebind(query), args...)
}

// InTx runs fn in a transaction, committed when fn returns nil and rolled
// back otherwise.
func (s *Store) InTx(ctx context.Context, fn func(*Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	t := &Tx{s: s, tx: tx}
	if err := fn(t); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	return nil
}

// Channel is the PostgreSQL channel of the live events between server
// processes (Store.Notify, package live).
const Channel = "surakarta_events"

// Notify sends payload on Channel to the processes that listen (package
// live), as a statement of its own. With SQLite, which has one server
// process, it does nothing.
func (s *Store) Notify(ctx context.Context, payload string) error {
	if s.dialect != Postgres {
		return nil
	}
	_, err := s.exec(ctx, "SELECT pg_notify(?, ?)", Channel, payload)
	if err != nil {
		return fmt.Errorf("store: notify: %w", err)
	}
	return nil
}

// Millis is a time as the store keeps it: milliseconds since 1970 (UTC).
func Millis(t time.Time) int64 { return t.UnixMilli() }

// boolInt is a boolean as the schema keeps it, 0 or 1, the same in both
// databases.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// notFound turns sql.ErrNoRows into an error wrapping ErrNotFound that
// says what was looked for.
func notFound(err error, what string) error {
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%w: %s", ErrNotFound, what)
	}
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	return nil
}
