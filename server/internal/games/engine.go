package games

import (
	"log"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
)

// The engine's moves. The engine plays on the server, in the process that
// owns the game's clock, not in the player's browser: the server keeps
// the clock and checks every move anyway, and a move computed by the
// client would be the client's word. Its searches are bounded: at most
// Config.Engines at once in a process (a semaphore); a search waits for
// its turn on the engine's clock, which runs meanwhile. Levels 1 to 9
// search within their own node budgets (package level), the same on
// every machine, and choose at random from the game alone, as the
// browser page's do; level 10, the full engine, plans its time from the
// clock.

// engineOverhead is the time the full engine keeps back from its clock
// for what happens around its search: storing the move, a busy machine.
const engineOverhead = 300 * time.Millisecond

// think searches the engine's move at ply in the game of lg and plays it
// as the engine's account, engineID.
func (m *Manager) think(lg *liveGame, id string, ply, lvl int, engineID int64) {
	defer m.wg.Done()
	done := func() {
		lg.mu.Lock()
		lg.thinking = false
		lg.mu.Unlock()
	}
	select {
	case m.engines <- struct{}{}:
	case <-m.ctx.Done():
		done()
		return
	}
	lg.mu.Lock()
	if lg.game == nil || lg.row.Ply != ply || !lg.owned {
		lg.thinking = false
		lg.mu.Unlock()
		<-m.engines
		return
	}
	g := lg.game.Clone()
	row := lg.row
	if lg.player == nil {
		var err error
		if lg.player, err = level.New(lvl, g.StartPosition().Hash()); err != nil {
			lg.thinking = false
			lg.mu.Unlock()
			<-m.engines
			log.Printf("games: the engine of %s: %v", id, err)
			return
		}
	}
	searcher := lg.player
	lg.mu.Unlock()
	var lim surakarta.Limits
	if lvl == level.Count {
		now := m.now()
		side := g.Position().SideToMove()
		inc := time.Duration(row.IncrementMS) * time.Millisecond
		lim.Clock = surakarta.Clock{
			Black: time.Duration(row.BlackMS) * time.Millisecond, White: time.Duration(row.WhiteMS) * time.Millisecond,
			BlackIncrement: inc, WhiteIncrement: inc,
		}
		left := time.Duration(clockOf(&row, side)-(now-row.TurnStartedAt)) * time.Millisecond
		if side == surakarta.Black {
			lim.Clock.Black = max(left, time.Millisecond)
		} else {
			lim.Clock.White = max(left, time.Millisecond)
		}
		lim.MoveOverhead = engineOverhead
	}
	r, err := searcher.Search(m.ctx, g, lim)
	<-m.engines
	done()
	if err != nil {
		if m.ctx.Err() == nil {
			log.Printf("games: the engine's search in %s: %v", id, err)
		}
		return
	}
	if err := m.Move(m.ctx, id, engineID, ply, r.Move.Notation()); err != nil && m.ctx.Err() == nil {
		log.Printf("games: the engine's move in %s: %v", id, err)
	}
}
