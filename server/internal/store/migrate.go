package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// migrations holds the schema's migrations, one directory a dialect:
// files NNNN_what.sql, applied once each in the order of their numbers
// and recorded in schema_migrations.
//
//go:embed migrations
var migrations embed.FS

// Migration is one numbered SQL file of the schema.
type Migration struct {
	Version int
	Name    string
	SQL     string
}

// Migrations returns the migrations of dialect d in order.
func Migrations(d Dialect) ([]Migration, error) {
	dir := path.Join("migrations", string(d))
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return nil, fmt.Errorf("store: the migrations of %s: %w", d, err)
	}
	var out []Migration
	for _, e := range entries {
		number, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(number)
		if !ok || err != nil || !strings.HasSuffix(e.Name(), ".sql") {
			return nil, fmt.Errorf("store: migration %s: want NNNN_what.sql", e.Name())
		}
		text, err := fs.ReadFile(migrations, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: v, Name: e.Name(), SQL: string(text)})
	}
	slices.SortFunc(out, func(a, b Migration) int { return a.Version - b.Version })
	for i := 1; i < len(out); i++ {
		if out[i].Version == out[i-1].Version {
			return nil, fmt.Errorf("store: two migrations numbered %d", out[i].Version)
		}
	}
	return out, nil
}

// migrate applies the migrations the database has not had, each in a
// transaction of its own with its row in schema_migrations. Several
// processes starting at once on one PostgreSQL take turns: each
// migration's transaction first locks schema_migrations.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := Migrations(s.dialect)
	if err != nil {
		return err
	}
	if _, err := s.exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
	version    INTEGER PRIMARY KEY,
	applied_at BIGINT NOT NULL
)`); err != nil {
		return fmt.Errorf("store: schema_migrations: %w", err)
	}
	for _, m := range ms {
		err := s.InTx(ctx, func(t *Tx) error {
			if s.dialect == Postgres {
				if _, err := t.exec(ctx, "LOCK TABLE schema_migrations IN EXCLUSIVE MODE"); err != nil {
					return err
				}
			}
			var n int
			if err := t.queryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := t.tx.ExecContext(ctx, m.SQL); err != nil {
				return err
			}
			_, err := t.exec(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", m.Version, Millis(time.Now()))
			return err
		})
		if err != nil {
			return fmt.Errorf("store: migration %s: %w", m.Name, err)
		}
	}
	return nil
}

// Version returns the number of the last migration applied.
func (s *Store) Version(ctx context.Context) (int, error) {
	var v int
	err := s.queryRow(ctx, "SELECT COALESCE(MAX(version), 0) FROM schema_migrations").Scan(&v)
	return v, err
}
