package store

import (
	"context"
	"database/sql"
	"fmt"
)

// The statuses of a game.
const (
	StatusOpen    = "open"    // a challenge waiting for an opponent
	StatusPlaying = "playing" // both seats taken: the clocks run
	StatusOver    = "over"    // ended under the rules, or by the players or the clock
	StatusAborted = "aborted" // aborted before each side's first move, or a challenge withdrawn
)

// Game is a game's row: a challenge, a game under way or one that ended.
// Its clocks are the time each side had left when the turn began,
// TurnStartedAt: the side to move's clock runs from there.
type Game struct {
	ID            string
	Status        string
	Private       bool
	Rated         bool
	ColorChoice   string // "black", "white" or "random": the creator's seat
	BaseMS        int64
	IncrementMS   int64
	Creator       int64
	Black, White  int64 // the players' ids; 0 while a seat is empty
	EngineLevel   int   // 1 to 10 for a game against the engine, else 0
	StartPosition string
	Ply           int
	BlackMS       int64
	WhiteMS       int64
	TurnStartedAt int64
	DrawOffer     string // "black" or "white" when that side offers a draw, else ""
	Result        string
	Reason        string
	CreatedAt     int64
	StartedAt     int64
	EndedAt       int64
	// The names of the players and the creator, read with the row.
	BlackName, WhiteName, CreatorName string
}

const gameColumns = `g.id, g.status, g.private, g.rated, g.color_choice, g.base_ms, g.increment_ms, g.creator,
COALESCE(g.black, 0), COALESCE(g.white, 0), g.engine_level, g.start_position, g.ply, g.black_ms, g.white_ms,
g.turn_started_at, g.draw_offer, g.result, g.reason, g.created_at, g.started_at, g.ended_at,
COALESCE(b.name, ''), COALESCE(w.name, ''), c.name`

const gameFrom = ` FROM games g LEFT JOIN users b ON b.id = g.black LEFT JOIN users w ON w.id = g.white JOIN users c ON c.id = g.creator`

func scanGame(row interface{ Scan(...any) error }) (Game, error) {
	var g Game
	var private, rated int
	err := row.Scan(&g.ID, &g.Status, &private, &rated, &g.ColorChoice, &g.BaseMS, &g.IncrementMS, &g.Creator,
		&g.Black, &g.White, &g.EngineLevel, &g.StartPosition, &g.Ply, &g.BlackMS, &g.WhiteMS,
		&g.TurnStartedAt, &g.DrawOffer, &g.Result, &g.Reason, &g.CreatedAt, &g.StartedAt, &g.EndedAt,
		&g.BlackName, &g.WhiteName, &g.CreatorName)
	g.Private, g.Rated = private != 0, rated != 0
	return g, err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// CreateGame stores a new game's row.
func (s *Store) CreateGame(ctx context.Context, g Game) error {
	_, err := s.exec(ctx, `INSERT INTO games (id, status, private, rated, color_choice, base_ms, increment_ms, creator,
black, white, engine_level, start_position, ply, black_ms, white_ms, turn_started_at, created_at, started_at)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		g.ID, g.Status, boolInt(g.Private), boolInt(g.Rated), g.ColorChoice, g.BaseMS, g.IncrementMS, g.Creator,
		nullID(g.Black), nullID(g.White), g.EngineLevel, g.StartPosition, g.Ply, g.BlackMS, g.WhiteMS, g.TurnStartedAt,
		g.CreatedAt, g.StartedAt)
	if err != nil {
		return fmt.Errorf("store: creating game %s: %w", g.ID, err)
	}
	return nil
}

// Game returns the game of that id.
func (s *Store) Game(ctx context.Context, id string) (Game, error) {
	g, err := scanGame(s.queryRow(ctx, "SELECT "+gameColumns+gameFrom+" WHERE g.id = ?", id))
	return g, notFound(err, "game "+id)
}

func (s *Store) games(ctx context.Context, where string, args ...any) ([]Game, error) {
	rows, err := s.query(ctx, "SELECT "+gameColumns+gameFrom+" WHERE "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("store: games: %w", err)
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// OpenChallenges returns the challenges of the lobby, newest first: open,
// not private.
func (s *Store) OpenChallenges(ctx context.Context, limit int) ([]Game, error) {
	return s.games(ctx, "g.status = ? AND g.private = 0 ORDER BY g.created_at DESC LIMIT ?", StatusOpen, limit)
}

// PlayingGames returns every game under way.
func (s *Store) PlayingGames(ctx context.Context) ([]Game, error) {
	return s.games(ctx, "g.status = ? ORDER BY g.started_at", StatusPlaying)
}

// PlayerGames returns the games a user played or plays, newest first.
func (s *Store) PlayerGames(ctx context.Context, userID int64, limit int) ([]Game, error) {
	return s.games(ctx, "(g.black = ? OR g.white = ?) AND g.status IN (?, ?) ORDER BY g.created_at DESC LIMIT ?",
		userID, userID, StatusPlaying, StatusOver, limit)
}

// RecentGames returns the games under way and just ended, newest first:
// the lobby's list of games to watch.
func (s *Store) RecentGames(ctx context.Context, limit int) ([]Game, error) {
	return s.games(ctx, "g.status IN (?, ?) AND g.private = 0 ORDER BY g.started_at DESC LIMIT ?", StatusPlaying, StatusOver, limit)
}

// JoinGame seats the players of the open challenge id and starts its
// clocks at now: both clocks at the base time. It returns an error
// wrapping ErrConflict when the challenge is no longer open (joined,
// withdrawn).
func (s *Store) JoinGame(ctx context.Context, id string, black, white int64, now int64) error {
	res, err := s.exec(ctx, `UPDATE games SET status = ?, black = ?, white = ?, started_at = ?, turn_started_at = ?,
black_ms = base_ms, white_ms = base_ms WHERE id = ? AND status = ?`,
		StatusPlaying, black, white, now, now, id, StatusOpen)
	return affected(res, err, "joining game "+id)
}

// WithdrawChallenge withdraws the open challenge id of its creator.
func (s *Store) WithdrawChallenge(ctx context.Context, id string, creator, now int64) error {
	res, err := s.exec(ctx, "UPDATE games SET status = ?, ended_at = ? WHERE id = ? AND creator = ? AND status = ?",
		StatusAborted, now, id, creator, StatusOpen)
	return affected(res, err, "withdrawing challenge "+id)
}

// affected returns an error wrapping ErrConflict when an update changed
// no row.
func affected(res sql.Result, err error, what string) error {
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("store: %s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s", ErrConflict, what)
	}
	return nil
}

// Move is a move of a game as stored: its ply (0 for the first move), its
// text, and both clocks after it (the mover's with its increment).
type Move struct {
	Ply      int
	Move     string
	BlackMS  int64
	WhiteMS  int64
	PlayedAt int64
}

// Moves returns the moves of game id in order.
func (s *Store) Moves(ctx context.Context, id string) ([]Move, error) {
	rows, err := s.query(ctx, "SELECT ply, move, black_ms, white_ms, played_at FROM moves WHERE game_id = ? ORDER BY ply", id)
	if err != nil {
		return nil, fmt.Errorf("store: moves of %s: %w", id, err)
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		if err := rows.Scan(&m.Ply, &m.Move, &m.BlackMS, &m.WhiteMS, &m.PlayedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// MovesFrom returns the moves of game id from ply from on.
func (s *Store) MovesFrom(ctx context.Context, id string, from int) ([]Move, error) {
	rows, err := s.query(ctx, "SELECT ply, move, black_ms, white_ms, played_at FROM moves WHERE game_id = ? AND ply >= ? ORDER BY ply", id, from)
	if err != nil {
		return nil, fmt.Errorf("store: moves of %s: %w", id, err)
	}
	return scanMoves(rows)
}

func scanMoves(rows *sql.Rows) ([]Move, error) {
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		if err := rows.Scan(&m.Ply, &m.Move, &m.BlackMS, &m.WhiteMS, &m.PlayedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// LockGame reads game id and locks its row until the transaction ends,
// so that one move, end or lease change of a game is made at a time.
func (t *Tx) LockGame(ctx context.Context, id string) (Game, error) {
	// PostgreSQL refuses FOR UPDATE on the nullable side of an outer
	// join: lock the game's row alone first.
	if t.s.dialect == Postgres {
		var one int
		if err := t.queryRow(ctx, "SELECT 1 FROM games WHERE id = ? FOR UPDATE", id).Scan(&one); err != nil {
			return Game{}, notFound(err, "game "+id)
		}
	}
	g, err := scanGame(t.queryRow(ctx, "SELECT "+gameColumns+gameFrom+" WHERE g.id = ?", id))
	return g, notFound(err, "game "+id)
}

// Moves returns the moves of game id in order, within the transaction.
func (t *Tx) Moves(ctx context.Context, id string) ([]Move, error) {
	rows, err := t.query(ctx, "SELECT ply, move, black_ms, white_ms, played_at FROM moves WHERE game_id = ? ORDER BY ply", id)
	if err != nil {
		return nil, fmt.Errorf("store: moves of %s: %w", id, err)
	}
	defer rows.Close()
	var out []Move
	for rows.Next() {
		var m Move
		if err := rows.Scan(&m.Ply, &m.Move, &m.BlackMS, &m.WhiteMS, &m.PlayedAt); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// AddMove stores a move of game id. It returns an error wrapping
// ErrConflict when that ply is already stored.
func (t *Tx) AddMove(ctx context.Context, id string, m Move) error {
	_, err := t.exec(ctx, "INSERT INTO moves (game_id, ply, move, black_ms, white_ms, played_at) VALUES (?, ?, ?, ?, ?, ?)",
		id, m.Ply, m.Move, m.BlackMS, m.WhiteMS, m.PlayedAt)
	if err != nil {
		if isUniqueViolation(err) {
			return fmt.Errorf("%w: ply %d of game %s is played", ErrConflict, m.Ply, id)
		}
		return fmt.Errorf("store: move %d of game %s: %w", m.Ply, id, err)
	}
	return nil
}

// UpdateGame writes what a move, a draw offer, an end or a credit of time
// changes of a game: its status, ply, clocks, turn, draw offer, result,
// reason and end.
func (t *Tx) UpdateGame(ctx context.Context, g Game) error {
	res, err := t.exec(ctx, `UPDATE games SET status = ?, ply = ?, black_ms = ?, white_ms = ?, turn_started_at = ?,
draw_offer = ?, result = ?, reason = ?, ended_at = ? WHERE id = ?`,
		g.Status, g.Ply, g.BlackMS, g.WhiteMS, g.TurnStartedAt, g.DrawOffer, g.Result, g.Reason, g.EndedAt, g.ID)
	return affected(res, err, "updating game "+g.ID)
}
