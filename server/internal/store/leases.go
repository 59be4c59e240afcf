package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Lease is the row that says which server process keeps a game's clock:
// the process Owner, alive as of RenewedAt: the later of the time the
// lease was taken and the owner's last heartbeat (table processes, one
// row a process, renewed every second). An owner that stops renewing (its
// process died) loses it LeaseTTL after; Owner "" marks a lease given up
// (a graceful shutdown), free at once.
type Lease struct {
	GameID    string
	Owner     string
	RenewedAt int64
}

// LeaseOf reads the lease of game id within the transaction, which
// should hold the game's lock (LockGame). ok is false when the game has
// none yet.
func (t *Tx) LeaseOf(ctx context.Context, id string) (l Lease, ok bool, err error) {
	l.GameID = id
	err = t.queryRow(ctx, "SELECT l.owner, "+renewed+" FROM game_leases l LEFT JOIN processes p ON p.owner = l.owner WHERE l.game_id = ?", id).Scan(&l.Owner, &l.RenewedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return l, false, nil
	}
	if err != nil {
		return l, false, fmt.Errorf("store: lease of %s: %w", id, err)
	}
	return l, true, nil
}

// SetLease writes the lease of a game.
func (t *Tx) SetLease(ctx context.Context, l Lease) error {
	_, err := t.exec(ctx, `INSERT INTO game_leases (game_id, owner, renewed_at) VALUES (?, ?, ?)
ON CONFLICT (game_id) DO UPDATE SET owner = excluded.owner, renewed_at = excluded.renewed_at`, l.GameID, l.Owner, l.RenewedAt)
	if err != nil {
		return fmt.Errorf("store: lease of %s: %w", l.GameID, err)
	}
	return nil
}

// renewed is a lease's liveness in the queries over game_leases l joined
// with processes p: the later of its own time and its owner's heartbeat.
const renewed = "CASE WHEN p.renewed_at IS NULL OR p.renewed_at < l.renewed_at THEN l.renewed_at ELSE p.renewed_at END"

// RenewLeases renews at now every lease that owner holds: one row, the
// owner's heartbeat, whatever the number of its games.
func (s *Store) RenewLeases(ctx context.Context, owner string, now int64) error {
	_, err := s.exec(ctx, `INSERT INTO processes (owner, renewed_at) VALUES (?, ?)
ON CONFLICT (owner) DO UPDATE SET renewed_at = excluded.renewed_at`, owner, now)
	if err != nil {
		return fmt.Errorf("store: renewing the leases of %s: %w", owner, err)
	}
	return nil
}

// ReleaseLeases gives up at now every lease that owner holds: the next
// process to take one credits the mover the time from now (package games).
func (s *Store) ReleaseLeases(ctx context.Context, owner string, now int64) error {
	_, err := s.exec(ctx, "UPDATE game_leases SET owner = '', renewed_at = ? WHERE owner = ?", now, owner)
	if err != nil {
		return fmt.Errorf("store: releasing the leases of %s: %w", owner, err)
	}
	_, err = s.exec(ctx, "DELETE FROM processes WHERE owner = ?", owner)
	if err != nil {
		return fmt.Errorf("store: releasing the leases of %s: %w", owner, err)
	}
	return nil
}

// DeleteLease removes the lease of a game that has ended.
func (t *Tx) DeleteLease(ctx context.Context, id string) error {
	_, err := t.exec(ctx, "DELETE FROM game_leases WHERE game_id = ?", id)
	if err != nil {
		return fmt.Errorf("store: lease of %s: %w", id, err)
	}
	return nil
}

// UnownedGames returns the games under way whose clock no process owns:
// without a lease, with one given up, or with one not renewed since
// expiredBefore.
func (s *Store) UnownedGames(ctx context.Context, expiredBefore int64) ([]string, error) {
	return s.ids(ctx, `SELECT g.id FROM games g LEFT JOIN game_leases l ON l.game_id = g.id LEFT JOIN processes p ON p.owner = l.owner
WHERE g.status = ? AND (l.game_id IS NULL OR l.owner = '' OR `+renewed+` < ?) ORDER BY g.id`, StatusPlaying, expiredBefore)
}

// OwnedGames returns the games whose clocks owner holds.
func (s *Store) OwnedGames(ctx context.Context, owner string) ([]string, error) {
	return s.ids(ctx, "SELECT game_id FROM game_leases WHERE owner = ? ORDER BY game_id", owner)
}

func (s *Store) ids(ctx context.Context, query string, args ...any) ([]string, error) {
	rows, err := s.query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
