package games

import (
	"context"
	"log"
	"time"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// The clocks. A row keeps each side's time as it was when the turn began
// (TurnStartedAt); the side to move's clock runs from there. A move
// charges the mover the time since, on the clock of the process that
// applies it, then adds the increment (Fischer). The flag falls on the
// server's time: the process that owns the game's clock (lease.go) arms
// a timer for the moment the side to move runs out, and when it fires,
// and the side has not moved, the game ends by time forfeit. A client's
// clock is only a display of the times each update carries.

func clockOf(row *store.Game, side surakarta.Color) int64 {
	if side == surakarta.Black {
		return row.BlackMS
	}
	return row.WhiteMS
}

func setClock(row *store.Game, side surakarta.Color, ms int64) {
	if side == surakarta.Black {
		row.BlackMS = ms
	} else {
		row.WhiteMS = ms
	}
}

// afterChange does what follows a change of lg in this process: the flag
// timer set again for the turn now (or stopped), and the engine asked
// for its move when it is the engine's turn. It runs with lg.mu held.
func (m *Manager) afterChange(lg *liveGame) {
	if lg.timer != nil {
		lg.timer.Stop()
		lg.timer = nil
	}
	if !lg.owned || lg.row.Status != store.StatusPlaying || lg.game == nil || m.ctx.Err() != nil {
		return
	}
	row := lg.row
	side := lg.game.Position().SideToMove()
	deadline := row.TurnStartedAt + clockOf(&row, side)
	wait := time.Duration(deadline-m.now()) * time.Millisecond
	id, ply := row.ID, row.Ply
	lg.timer = time.AfterFunc(max(wait, 0), func() { m.flag(id, ply) })
	if row.EngineLevel > 0 && seat(&row, side) != row.Creator && !lg.thinking {
		lg.thinking = true
		m.wg.Add(1)
		go m.think(lg, id, ply, row.EngineLevel, seat(&row, side))
	}
}

// flag ends game id by time forfeit if the side to move at ply has run
// out of time; otherwise (the time was credited meanwhile) the timer is
// set again.
func (m *Manager) flag(id string, ply int) {
	if m.ctx.Err() != nil {
		return
	}
	err := m.act(m.ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		if row.Status != store.StatusPlaying || row.Ply != ply || !lg.owned {
			return nil, errNothing
		}
		side := lg.game.Position().SideToMove()
		if clockOf(row, side)-(now-row.TurnStartedAt) > 0 {
			return nil, errNothing
		}
		flagFall(lg, row, side, now)
		return nil, nil
	})
	if err != nil && m.ctx.Err() == nil {
		log.Printf("games: the flag of %s: %v", id, err)
	}
	m.mu.Lock()
	lg := m.games[id]
	m.mu.Unlock()
	if lg != nil {
		lg.mu.Lock()
		if lg.game != nil && lg.row.Ply == ply {
			m.afterChange(lg)
		}
		lg.mu.Unlock()
	}
}

// ClockView is the clocks as an update shows them: each side's time left
// at At (the server's time, ms since 1970), and the side whose clock runs.
type ClockView struct {
	Black   int64  `json:"black"`
	White   int64  `json:"white"`
	Running string `json:"running"` // "black", "white" or "" when the game is not under way
	At      int64  `json:"at"`
}

// clockView returns the clocks of lg at now.
func clockView(lg *liveGame, now int64) ClockView {
	row := lg.row
	c := ClockView{Black: row.BlackMS, White: row.WhiteMS, At: now}
	if row.Status == store.StatusPlaying && lg.game != nil {
		side := lg.game.Position().SideToMove()
		setClockView(&c, side, max(0, clockOf(&row, side)-(now-row.TurnStartedAt)))
		c.Running = boardjson.ColorName(side)
	}
	return c
}

func setClockView(c *ClockView, side surakarta.Color, ms int64) {
	if side == surakarta.Black {
		c.Black = ms
	} else {
		c.White = ms
	}
}

// Clocks returns the clocks of game id now, as this process knows them.
func (m *Manager) Clocks(ctx context.Context, id string) (ClockView, error) {
	lg, err := m.load(ctx, id)
	if err != nil {
		return ClockView{}, err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	return clockView(lg, m.now()), nil
}
