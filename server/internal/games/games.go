// Package games plays the server's games: challenges and their seats,
// every move checked by the library (surakarta.Game, the Olympiad rules)
// and stored before anyone hears of it, the clocks (Fischer increment,
// kept on the server's time, a timer per game), resignations, draws and
// aborts, the engine's moves, and the ratings of rated games at their end.
//
// Each game under way has an owner among the server processes that share
// the store: the process whose row in game_leases it is, renewed every
// second (lease.go). The owner runs the game's flag timer and the
// engine's searches; any process applies a move, in a transaction that
// locks the game's row, so that a player connected to any process plays.
package games

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta"

	"github.com/surakarta-go/surakarta/server/internal/live"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// The sentinel errors of the package; its errors wrap them.
var (
	// ErrNotYourGame: the user plays no side of the game.
	ErrNotYourGame = errors.New("games: not your game")
	// ErrNotYourTurn: the user's side is not to move.
	ErrNotYourTurn = errors.New("games: not your turn")
	// ErrStale: a move names a ply that is not the game's: a frame
	// replayed, sent twice, or sent before the client heard of a move.
	ErrStale = errors.New("games: stale ply")
	// ErrIllegal: the move is not legal (it wraps the library's error).
	ErrIllegal = errors.New("games: illegal move")
	// ErrOver: the game is not under way (over, aborted, or still a
	// challenge).
	ErrOver = errors.New("games: game not under way")
	// ErrNotOpen: the challenge is no longer open.
	ErrNotOpen = errors.New("games: challenge not open")
	// ErrBadChallenge: a challenge's settings are out of range.
	ErrBadChallenge = errors.New("games: bad challenge")
	// ErrNotAllowed: the action is not allowed now (an abort after the
	// side's first move, accepting a draw nobody offered, joining one's
	// own challenge, a guest in a rated game).
	ErrNotAllowed = errors.New("games: not allowed")
	// ErrNotFound: there is no game of that id.
	ErrNotFound = errors.New("games: no such game")
)

// Config is what a Manager needs.
type Config struct {
	Store *store.Store
	Hub   *live.Hub
	// Notifier tells the other processes of each change (PostgreSQL);
	// nil with SQLite, which one process uses.
	Notifier *live.Notifier
	// Owner names this process in the leases: unique among the
	// processes sharing the store.
	Owner string
	// Engines bounds the engine's searches at once in this process.
	Engines int
	// Engine returns the account of the engine at a level (accounts.Service.Engine).
	Engine func(ctx context.Context, level int) (store.User, error)
	// Now is the clock; time.Now unless a test sets it.
	Now func() time.Time
	// Exclusive says that no other process uses the store (SQLite): a
	// lease of another owner is then a dead process's, taken at once
	// rather than after LeaseTTL.
	Exclusive bool
}

// Manager plays the games of a store in this process. Its methods are
// safe for concurrent use.
type Manager struct {
	cfg     Config
	engines chan struct{}
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup

	mu    sync.Mutex
	games map[string]*liveGame
}

// New returns a manager; Start starts its leases' loop.
func New(cfg Config) *Manager {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Engines < 1 {
		cfg.Engines = 1
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Manager{cfg: cfg, engines: make(chan struct{}, cfg.Engines), ctx: ctx, cancel: cancel, games: map[string]*liveGame{}}
}

// liveGame is a game as this process knows it: its row and moves as of
// the last change it read, the game replayed from them, and, when this
// process owns its clock, its flag timer.
type liveGame struct {
	mu    sync.Mutex
	row   store.Game
	moves []store.Move
	game  *surakarta.Game
	owned bool
	timer *time.Timer
	// thinking is set while the engine searches this game's move.
	thinking bool
	// player is the engine's searcher of a game against a level below 10,
	// kept from move to move.
	player surakarta.Searcher
}

func (m *Manager) now() int64 { return store.Millis(m.cfg.Now()) }

// newID returns a game's id: 10 random characters of base32, so that the
// link of a private game cannot be guessed.
func newID() string {
	var b [10]byte
	_, _ = rand.Read(b[:])
	return base32.StdEncoding.EncodeToString(b[:])[:10]
}

// load returns the game of id as this process knows it, reading it from
// the store the first time.
func (m *Manager) load(ctx context.Context, id string) (*liveGame, error) {
	m.mu.Lock()
	lg := m.games[id]
	if lg == nil {
		lg = &liveGame{}
		m.games[id] = lg
	}
	m.mu.Unlock()
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.game != nil {
		return lg, nil
	}
	row, err := m.cfg.Store.Game(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		m.mu.Lock()
		delete(m.games, id)
		m.mu.Unlock()
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, err
	}
	moves, err := m.cfg.Store.Moves(ctx, id)
	if err != nil {
		return nil, err
	}
	if err := lg.set(row, moves); err != nil {
		return nil, err
	}
	return lg, nil
}

// set makes the row and moves the game's, replaying them.
func (lg *liveGame) set(row store.Game, moves []store.Move) error {
	g, err := Replay(row, moves)
	if err != nil {
		return err
	}
	lg.row, lg.moves, lg.game = row, moves, g
	return nil
}

// refresh reads what changed of the game since this process last read
// it: the row, and the moves after those it has.
func (m *Manager) refresh(lg *liveGame, read func() (store.Game, []store.Move, error)) error {
	row, newer, err := read()
	if err != nil {
		return err
	}
	if row.Ply < len(lg.moves) || len(newer) > 0 && newer[0].Ply != len(lg.moves) {
		return fmt.Errorf("games: the store's moves of %s do not follow this process's", row.ID)
	}
	return lg.set(row, append(lg.moves, newer...))
}

// Replay returns the game of a row and its moves: the start position, the
// moves, and an end the players declared (resignation, agreed draw, time
// forfeit) from the row's reason.
func Replay(row store.Game, moves []store.Move) (*surakarta.Game, error) {
	start := surakarta.NewPosition()
	if row.StartPosition != "" {
		p, err := surakarta.ParsePosition(row.StartPosition)
		if err != nil {
			return nil, fmt.Errorf("games: the start of %s: %w", row.ID, err)
		}
		start = p
	}
	g := surakarta.NewGame(start)
	for _, mv := range moves {
		if err := g.PlayText(mv.Move); err != nil {
			return nil, fmt.Errorf("games: %s, ply %d: %w", row.ID, mv.Ply, err)
		}
	}
	if row.Status == store.StatusOver && !g.Outcome().Over {
		loser := surakarta.White
		if row.Result == "0-1" {
			loser = surakarta.Black
		}
		switch row.Reason {
		case surakarta.Resignation.String():
			_ = g.Resign(loser)
		case surakarta.DrawAgreement.String():
			_ = g.AgreeDraw()
		case surakarta.TimeForfeit.String():
			_ = g.ForfeitOnTime(loser)
		}
	}
	return g, nil
}

// changed tells the followers in this process what changed of lg since
// ply from.
func (m *Manager) changed(lg *liveGame, from int) {
	frame, err := encodeUpdate(lg, from, m.now())
	if err != nil {
		log.Printf("games: %s: %v", lg.row.ID, err)
		return
	}
	m.cfg.Hub.Publish(lg.row.ID, frame)
}

// Close stops the manager's timers, engine searches and leases' loop, and
// gives up its leases at now, so that the next process to take a game's
// clock credits the time from now (lease.go).
func (m *Manager) Close() error {
	m.cancel()
	m.mu.Lock()
	for _, lg := range m.games {
		lg.mu.Lock()
		if lg.timer != nil {
			lg.timer.Stop()
		}
		lg.mu.Unlock()
	}
	m.mu.Unlock()
	m.wg.Wait()
	return m.cfg.Store.ReleaseLeases(context.Background(), m.cfg.Owner, m.now())
}
