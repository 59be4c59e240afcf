package store

import (
	"context"
	"fmt"
)

// RatingPoint is a user's rating after a rated game.
type RatingPoint struct {
	GameID     string
	Rating     float64
	RD         float64
	Volatility float64
	At         int64
}

// SetRating writes a user's rating after the rated game gameID, counts
// the game, and adds the point to the user's history.
func (t *Tx) SetRating(ctx context.Context, userID int64, p RatingPoint) error {
	res, err := t.exec(ctx, "UPDATE users SET rating = ?, rd = ?, volatility = ?, rated_games = rated_games + 1 WHERE id = ?",
		p.Rating, p.RD, p.Volatility, userID)
	if err := affected(res, err, fmt.Sprintf("rating of user %d", userID)); err != nil {
		return err
	}
	_, err = t.exec(ctx, "INSERT INTO rating_history (user_id, game_id, rating, rd, volatility, at) VALUES (?, ?, ?, ?, ?, ?)",
		userID, p.GameID, p.Rating, p.RD, p.Volatility, p.At)
	if err != nil {
		return fmt.Errorf("store: rating history of user %d: %w", userID, err)
	}
	return nil
}

// UserInTx reads a user within a transaction, locking its row with
// PostgreSQL, for a rating's update.
func (t *Tx) UserInTx(ctx context.Context, id int64) (User, error) {
	u, err := scanUser(t.queryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?"+t.s.forUpdate(), id))
	return u, notFound(err, fmt.Sprintf("user %d", id))
}

// RatingHistory returns a user's ratings after each rated game, oldest
// first.
func (s *Store) RatingHistory(ctx context.Context, userID int64) ([]RatingPoint, error) {
	rows, err := s.query(ctx, "SELECT game_id, rating, rd, volatility, at FROM rating_history WHERE user_id = ? ORDER BY at, game_id", userID)
	if err != nil {
		return nil, fmt.Errorf("store: rating history of %d: %w", userID, err)
	}
	defer rows.Close()
	var out []RatingPoint
	for rows.Next() {
		var p RatingPoint
		if err := rows.Scan(&p.GameID, &p.Rating, &p.RD, &p.Volatility, &p.At); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
