package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// The kinds of account.
const (
	KindPlayer = "player" // registered, with a password: may play rated games
	KindGuest  = "guest"  // made for a visitor who plays without an account: casual games only
	KindEngine = "engine" // the engine at one level, which plays the games asked of it
)

// User is an account.
type User struct {
	ID           int64
	Name         string
	PasswordHash string
	Kind         string
	Rating       float64
	RD           float64
	Volatility   float64
	RatedGames   int
	CreatedAt    int64
}

// Registered tells whether the user is a registered player, who may play
// rated games.
func (u User) Registered() bool { return u.Kind == KindPlayer }

// NameKey is what makes two names the same account's: their lower case.
func NameKey(name string) string { return strings.ToLower(name) }

const userColumns = "id, name, password_hash, kind, rating, rd, volatility, rated_games, created_at"

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.Name, &u.PasswordHash, &u.Kind, &u.Rating, &u.RD, &u.Volatility, &u.RatedGames, &u.CreatedAt)
	return u, err
}

// CreateUser makes the account u (its ID and CreatedAt are set). It returns
// an error wrapping ErrNameTaken when the name, in any case, is taken.
func (s *Store) CreateUser(ctx context.Context, u User) (User, error) {
	u.CreatedAt = Millis(time.Now())
	row := s.queryRow(ctx, `INSERT INTO users (name, name_key, password_hash, kind, rating, rd, volatility, created_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, u.Name, NameKey(u.Name), u.PasswordHash, u.Kind, u.Rating, u.RD, u.Volatility, u.CreatedAt)
	if err := row.Scan(&u.ID); err != nil {
		if isUniqueViolation(err) {
			return User{}, fmt.Errorf("%w: %q", ErrNameTaken, u.Name)
		}
		return User{}, fmt.Errorf("store: creating user %q: %w", u.Name, err)
	}
	return u, nil
}

// isUniqueViolation tells whether err is a database's refusal of a
// duplicate key (two registrations of one name at once).
func isUniqueViolation(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "UNIQUE constraint failed") || strings.Contains(msg, "SQLSTATE 23505")
}

// UserByName returns the account of that name, in any case.
func (s *Store) UserByName(ctx context.Context, name string) (User, error) {
	u, err := scanUser(s.queryRow(ctx, "SELECT "+userColumns+" FROM users WHERE name_key = ?", NameKey(name)))
	return u, notFound(err, "user "+name)
}

// UserByID returns the account of that id.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(s.queryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", id))
	return u, notFound(err, fmt.Sprintf("user %d", id))
}

// Leaderboard returns the registered players with at least one rated
// game, best rating first, at most limit of them.
func (s *Store) Leaderboard(ctx context.Context, limit int) ([]User, error) {
	rows, err := s.query(ctx, "SELECT "+userColumns+" FROM users WHERE kind = ? AND rated_games > 0 ORDER BY rating DESC, id LIMIT ?", KindPlayer, limit)
	if err != nil {
		return nil, fmt.Errorf("store: leaderboard: %w", err)
	}
	defer rows.Close()
	var out []User
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

// Session is a log-in: the hash of its token (the cookie holds the token,
// the store only its SHA-256, so that a copy of the database opens no
// session), its user and when it expires.
type Session struct {
	TokenHash string
	UserID    int64
	ExpiresAt int64
}

// CreateSession stores a session.
func (s *Store) CreateSession(ctx context.Context, se Session) error {
	_, err := s.exec(ctx, "INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)",
		se.TokenHash, se.UserID, Millis(time.Now()), se.ExpiresAt)
	if err != nil {
		return fmt.Errorf("store: creating a session: %w", err)
	}
	return nil
}

// SessionUser returns the user of the session with that token hash, if it
// has not expired at now.
func (s *Store) SessionUser(ctx context.Context, tokenHash string, now time.Time) (User, error) {
	u, err := scanUser(s.queryRow(ctx, "SELECT u."+strings.ReplaceAll(userColumns, ", ", ", u.")+
		" FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ? AND s.expires_at > ?", tokenHash, Millis(now)))
	return u, notFound(err, "session")
}

// DeleteSession ends a session; ending one that is not there is no error.
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := s.exec(ctx, "DELETE FROM sessions WHERE token_hash = ?", tokenHash)
	if err != nil {
		return fmt.Errorf("store: deleting a session: %w", err)
	}
	return nil
}
