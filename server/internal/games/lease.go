package games

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/live"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Who keeps a game's clock. Each game under way has a row in game_leases
// naming the server process that owns its clock: that process, and only
// it, runs the game's flag timer and the engine's searches. The owner
// renews all its leases every LeaseRenew; a lease not renewed for
// LeaseTTL has expired, and any process takes it (every process looks for
// such games every 2 s): so when a process dies, another takes its games'
// clocks within LeaseTTL plus 2 s. A process that shuts down gracefully
// gives its leases up at once. With SQLite, which one process uses
// (Config.Exclusive), every lease of another owner is a dead process's,
// taken at the start.
//
// The clock runs only while some process owns it. A process that takes a
// lease expired or given up credits the side to move the time since the
// lease was last renewed (or since the turn began, if later): the time
// no process kept the clock, when the server was down, is not charged.
// Moves made meanwhile through another process are charged as usual.
const (
	LeaseRenew = time.Second
	LeaseTTL   = 5 * time.Second
)

// Start starts the manager's loop of leases: it takes the clocks of the
// games under way that no process owns (at once, then every 2 s) and
// renews its own every LeaseRenew.
func (m *Manager) Start() {
	m.adopt()
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		t := time.NewTicker(LeaseRenew)
		defer t.Stop()
		for n := 1; ; n++ {
			select {
			case <-m.ctx.Done():
				return
			case <-t.C:
			}
			if err := m.cfg.Store.RenewLeases(m.ctx, m.cfg.Owner, m.now()); err != nil && m.ctx.Err() == nil {
				log.Printf("games: renewing leases: %v", err)
			}
			if n%2 == 0 {
				m.adopt()
			}
		}
	}()
}

// adopt takes the clocks of the games under way that no process owns,
// and forgets the ownership of those another process has taken.
func (m *Manager) adopt() {
	cutoff := m.now() - LeaseTTL.Milliseconds()
	if m.cfg.Exclusive {
		cutoff = m.now() + 1
	}
	ids, err := m.cfg.Store.UnownedGames(m.ctx, cutoff)
	if err != nil {
		if m.ctx.Err() == nil {
			log.Printf("games: games without an owner: %v", err)
		}
		return
	}
	for _, id := range ids {
		if err := m.take(m.ctx, id); err != nil && m.ctx.Err() == nil {
			log.Printf("games: taking the clock of %s: %v", id, err)
		}
	}
	owned, err := m.cfg.Store.OwnedGames(m.ctx, m.cfg.Owner)
	if err != nil {
		return
	}
	mine := map[string]bool{}
	for _, id := range owned {
		mine[id] = true
	}
	m.mu.Lock()
	var lost []*liveGame
	for id, lg := range m.games {
		if !mine[id] {
			lost = append(lost, lg)
		}
	}
	m.mu.Unlock()
	for _, lg := range lost {
		lg.mu.Lock()
		if lg.owned && lg.row.Status == store.StatusPlaying {
			lg.owned = false
			m.afterChange(lg)
		}
		lg.mu.Unlock()
	}
}

// take makes this process the owner of game id's clock, if no other
// process owns it (a lease renewed within LeaseTTL), crediting the side
// to move the time no process kept its clock.
func (m *Manager) take(ctx context.Context, id string) error {
	return m.act(ctx, id, func(tx *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		if row.Status != store.StatusPlaying {
			return nil, errNothing
		}
		l, ok, err := tx.LeaseOf(ctx, id)
		if err != nil {
			return nil, err
		}
		if ok && l.Owner == m.cfg.Owner {
			if lg.owned {
				return nil, errNothing
			}
		} else if ok && l.Owner != "" && !m.cfg.Exclusive && l.RenewedAt >= now-LeaseTTL.Milliseconds() {
			return nil, errNothing
		}
		if ok && l.Owner != m.cfg.Owner {
			if credit := now - max(l.RenewedAt, row.TurnStartedAt); credit > 0 {
				row.TurnStartedAt += credit
			}
		}
		if err := tx.SetLease(ctx, store.Lease{GameID: id, Owner: m.cfg.Owner, RenewedAt: now}); err != nil {
			return nil, err
		}
		lg.owned = true
		return nil, nil
	})
}

// Event handles an event of another process: a game this process follows
// is read again from the store, its followers here told what changed, and
// its timer and engine set again. Games nobody here follows or owns are
// forgotten.
func (m *Manager) Event(ev live.Event) {
	if ev.From == m.cfg.Owner {
		return
	}
	m.mu.Lock()
	lg := m.games[ev.Game]
	m.mu.Unlock()
	if lg == nil {
		return
	}
	m.reread(lg, ev.Game)
}

// Resync reads again every game this process follows: after a lost
// connection to the events, some may have been missed.
func (m *Manager) Resync() {
	m.mu.Lock()
	var all []*liveGame
	var ids []string
	for id, lg := range m.games {
		all = append(all, lg)
		ids = append(ids, id)
	}
	m.mu.Unlock()
	for i, lg := range all {
		m.reread(lg, ids[i])
	}
}

func (m *Manager) reread(lg *liveGame, id string) {
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if !lg.owned && m.cfg.Hub.Followers(id) == 0 {
		m.mu.Lock()
		delete(m.games, id)
		m.mu.Unlock()
		return
	}
	from := len(lg.moves)
	if lg.game == nil { // a failed change left it to be read again: read it whole
		from = 0
		lg.moves = nil
	}
	err := m.refresh(lg, func() (store.Game, []store.Move, error) {
		row, err := m.cfg.Store.Game(m.ctx, id)
		if err != nil {
			return row, nil, err
		}
		moves, err := m.cfg.Store.MovesFrom(m.ctx, id, from)
		return row, moves, err
	})
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			log.Printf("games: reading %s again: %v", id, err)
		}
		lg.game = nil
		return
	}
	if lg.row.Status != store.StatusPlaying {
		lg.owned = false
	}
	m.changed(lg, from)
	m.afterChange(lg)
}
