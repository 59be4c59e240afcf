package games

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Challenge is what a player asks for: a time control (base and Fischer
// increment), a seat (black, white or random), rated or casual, in the
// lobby or by a private link, against a player or the engine at Level
// (1 to 10; 0 for a player), from the start or from a position (casual
// games only).
type Challenge struct {
	BaseMS      int64
	IncrementMS int64
	Color       string
	Rated       bool
	Private     bool
	Level       int
	Position    string
}

// The bounds of a challenge's time control.
const (
	MinBaseMS      = 10_000
	MaxBaseMS      = 3 * 60 * 60_000
	MaxIncrementMS = 180_000
)

// Check tells what is wrong with a challenge of user u.
func (c Challenge) Check(u store.User) error {
	switch {
	case c.BaseMS < MinBaseMS || c.BaseMS > MaxBaseMS:
		return fmt.Errorf("%w: base time %d ms: want %d to %d", ErrBadChallenge, c.BaseMS, MinBaseMS, MaxBaseMS)
	case c.IncrementMS < 0 || c.IncrementMS > MaxIncrementMS:
		return fmt.Errorf("%w: increment %d ms: want 0 to %d", ErrBadChallenge, c.IncrementMS, MaxIncrementMS)
	case c.Color != "black" && c.Color != "white" && c.Color != "random":
		return fmt.Errorf("%w: colour %q: want black, white or random", ErrBadChallenge, c.Color)
	case c.Level < 0 || c.Level > level.Count:
		return fmt.Errorf("%w: level %d: want 1 to %d, or 0 for a player", ErrBadChallenge, c.Level, level.Count)
	case c.Rated && (c.Level > 0 || !u.Registered()):
		return fmt.Errorf("%w: rated games are between registered players", ErrBadChallenge)
	case c.Rated && c.Position != "":
		return fmt.Errorf("%w: rated games start from the start position", ErrBadChallenge)
	}
	if c.Position != "" {
		if _, err := surakarta.ParsePosition(c.Position); err != nil {
			return fmt.Errorf("%w: %w", ErrBadChallenge, err)
		}
	}
	return nil
}

// Create makes the challenge c of user u and returns its game's id. A
// challenge to the engine starts at once.
func (m *Manager) Create(ctx context.Context, u store.User, c Challenge) (string, error) {
	if err := c.Check(u); err != nil {
		return "", err
	}
	now := m.now()
	g := store.Game{ID: newID(), Status: store.StatusOpen, Private: c.Private, Rated: c.Rated, ColorChoice: c.Color,
		BaseMS: c.BaseMS, IncrementMS: c.IncrementMS, Creator: u.ID, EngineLevel: c.Level,
		StartPosition: strings.TrimSpace(c.Position), BlackMS: c.BaseMS, WhiteMS: c.BaseMS, CreatedAt: now}
	if c.Level > 0 {
		g.Private = true // games against the engine are not in the lobby's list of challenges
	}
	if err := m.cfg.Store.CreateGame(ctx, g); err != nil {
		return "", err
	}
	if c.Level > 0 {
		engine, err := m.cfg.Engine(ctx, c.Level)
		if err != nil {
			return "", err
		}
		if err := m.seat(ctx, g, u.ID, engine.ID); err != nil {
			return "", err
		}
	}
	return g.ID, nil
}

// Join takes the other seat of the open challenge id for user u, and
// starts the game.
func (m *Manager) Join(ctx context.Context, id string, u store.User) error {
	g, err := m.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return err
	}
	switch {
	case g.Status != store.StatusOpen || g.EngineLevel > 0:
		return fmt.Errorf("%w: %s is %s", ErrNotOpen, id, g.Status)
	case g.Creator == u.ID:
		return fmt.Errorf("%w: a challenge of your own", ErrNotAllowed)
	case g.Rated && !u.Registered():
		return fmt.Errorf("%w: rated games are between registered players: log in", ErrNotAllowed)
	}
	return m.seat(ctx, g, g.Creator, u.ID)
}

// seat seats the creator and the opponent of game g by the creator's
// choice of colour, starts the clocks and takes the game's clock.
func (m *Manager) seat(ctx context.Context, g store.Game, creator, opponent int64) error {
	black, white := creator, opponent
	switch g.ColorChoice {
	case "white":
		black, white = opponent, creator
	case "random":
		if rand.IntN(2) == 1 {
			black, white = opponent, creator
		}
	}
	if err := m.cfg.Store.JoinGame(ctx, g.ID, black, white, m.now()); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("%w: %s", ErrNotOpen, g.ID)
		}
		return err
	}
	m.forget(g.ID)
	return m.take(ctx, g.ID)
}

// forget drops what this process knew of game id, to be read again.
func (m *Manager) forget(id string) {
	m.mu.Lock()
	lg := m.games[id]
	m.mu.Unlock()
	if lg != nil {
		lg.mu.Lock()
		lg.game = nil
		lg.mu.Unlock()
	}
}

// Withdraw withdraws the open challenge id of user u.
func (m *Manager) Withdraw(ctx context.Context, id string, u store.User) error {
	if err := m.cfg.Store.WithdrawChallenge(ctx, id, u.ID, m.now()); err != nil {
		if errors.Is(err, store.ErrConflict) {
			return fmt.Errorf("%w: %s", ErrNotOpen, id)
		}
		return err
	}
	m.forget(id)
	return nil
}
