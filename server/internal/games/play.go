package games

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta"

	"github.com/surakarta-go/surakarta/server/internal/glicko"
	"github.com/surakarta-go/surakarta/server/internal/live"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// errNothing is what a change returns to make no change: act rolls back
// and returns nil.
var errNothing = errors.New("nothing to change")

// change is an action on a game under the lock of its row: it checks the
// action against lg (up to date with the row), plays it on lg.game and
// on row, and returns the move to store, if it made one.
type change func(tx *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error)

// act runs f on game id in a transaction that locks the game's row, so
// that one change of the game is made at a time across every process:
// the move is stored, the row updated, the ratings of a rated game that
// ended written; after the commit the other processes are notified
// (live.Notifier) and this process's followers hear of it. A move is thus stored before
// anyone, its mover included, is told of it.
func (m *Manager) act(ctx context.Context, id string, f change) error {
	lg, err := m.load(ctx, id)
	if err != nil {
		return err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.game == nil { // a failed change left it to be read again
		row, moves, err := m.read(ctx, id)
		if err != nil {
			return err
		}
		if err := lg.set(row, moves); err != nil {
			return err
		}
	}
	from := len(lg.moves)
	owned := lg.owned
	var mv *store.Move
	var row store.Game
	err = m.cfg.Store.InTx(ctx, func(tx *store.Tx) error {
		var err error
		row, err = tx.LockGame(ctx, id)
		if err != nil {
			return err
		}
		if row.Ply != len(lg.moves) || row.Status != lg.row.Status {
			moves, err := tx.Moves(ctx, id)
			if err != nil {
				return err
			}
			if err := lg.set(row, moves); err != nil {
				return err
			}
			from = min(from, len(moves))
		}
		lg.row = row
		now := m.now()
		mv, err = f(tx, lg, &row, now)
		if err != nil {
			return err
		}
		if mv != nil {
			if err := tx.AddMove(ctx, id, *mv); err != nil {
				return err
			}
		}
		if err := tx.UpdateGame(ctx, row); err != nil {
			return err
		}
		if row.Status == store.StatusOver || row.Status == store.StatusAborted {
			if err := tx.DeleteLease(ctx, id); err != nil {
				return err
			}
			if row.Status == store.StatusOver && row.Rated {
				if err := rate(ctx, tx, row, now); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		// f may have played on lg.game before the transaction failed:
		// read the game again at the next action.
		lg.owned = owned
		if errors.Is(err, errNothing) {
			return nil
		}
		lg.game = nil
		return err
	}
	lg.row = row
	if mv != nil {
		lg.moves = append(lg.moves, *mv)
	}
	m.cfg.Notifier.Notify(live.Event{Game: id, Ply: row.Ply, From: m.cfg.Owner})
	m.changed(lg, from)
	m.afterChange(lg)
	return nil
}

// read returns the row and moves of a game from the store.
func (m *Manager) read(ctx context.Context, id string) (store.Game, []store.Move, error) {
	row, err := m.cfg.Store.Game(ctx, id)
	if err != nil {
		return row, nil, err
	}
	moves, err := m.cfg.Store.Moves(ctx, id)
	return row, moves, err
}

// seat returns the id of the player of side in row.
func seat(row *store.Game, side surakarta.Color) int64 {
	if side == surakarta.Black {
		return row.Black
	}
	return row.White
}

// sideOf returns the side userID plays in row.
func sideOf(row *store.Game, userID int64) (surakarta.Color, error) {
	switch userID {
	case row.Black:
		return surakarta.Black, nil
	case row.White:
		return surakarta.White, nil
	}
	return 0, fmt.Errorf("%w: %s", ErrNotYourGame, row.ID)
}

// playing checks that the game is under way and userID plays in it, and
// returns the user's side.
func playing(row *store.Game, userID int64) (surakarta.Color, error) {
	side, err := sideOf(row, userID)
	if err != nil {
		return 0, err
	}
	if row.Status != store.StatusPlaying {
		return 0, fmt.Errorf("%w: %s is %s", ErrOver, row.ID, row.Status)
	}
	return side, nil
}

// Move plays the move text (such as "b2b3" or "b2xe5") of the user in
// game id, where ply is the number of moves the user's client has seen:
// it must be the game's, so that a frame replayed or sent twice moves
// nothing. The mover's clock is charged the time since the turn began; if
// that is all its time, the game ends by time forfeit
// instead and the move is not played. Then the increment is added.
func (m *Manager) Move(ctx context.Context, id string, userID int64, ply int, text string) error {
	return m.act(ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		side, err := playing(row, userID)
		if err != nil {
			return nil, err
		}
		if lg.game.Position().SideToMove() != side {
			return nil, fmt.Errorf("%w: %s is to move", ErrNotYourTurn, lg.game.Position().SideToMove())
		}
		if ply != row.Ply {
			return nil, fmt.Errorf("%w: the move is for ply %d, the game is at ply %d", ErrStale, ply, row.Ply)
		}
		mv, err := surakarta.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrIllegal, err)
		}
		left := clockOf(row, side) - (now - row.TurnStartedAt)
		if left <= 0 {
			flagFall(lg, row, side, now)
			return nil, nil
		}
		if err := lg.game.Play(mv); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrIllegal, err)
		}
		played := lg.game.Moves()[row.Ply]
		setClock(row, side, left+row.IncrementMS)
		row.Ply++
		row.TurnStartedAt = now
		row.DrawOffer = ""
		if o := lg.game.Outcome(); o.Over {
			end(row, o, now)
		}
		return &store.Move{Ply: ply, Move: played.Notation(), BlackMS: row.BlackMS, WhiteMS: row.WhiteMS, PlayedAt: now}, nil
	})
}

// flagFall ends the game on row because side's time ran out at now.
func flagFall(lg *liveGame, row *store.Game, side surakarta.Color, now int64) {
	setClock(row, side, 0)
	_ = lg.game.ForfeitOnTime(side)
	row.TurnStartedAt = now
	end(row, lg.game.Outcome(), now)
}

// end marks row over with the outcome o.
func end(row *store.Game, o surakarta.Outcome, now int64) {
	row.Status = store.StatusOver
	row.Result = o.Result()
	row.Reason = o.Reason.String()
	row.EndedAt = now
	row.DrawOffer = ""
}

// stopClock charges the side to move the time since its turn began, as the
// game ends by a declaration between moves.
func stopClock(lg *liveGame, row *store.Game, now int64) {
	side := lg.game.Position().SideToMove()
	setClock(row, side, max(0, clockOf(row, side)-(now-row.TurnStartedAt)))
	row.TurnStartedAt = now
}

// Resign ends game id with the resignation of the user.
func (m *Manager) Resign(ctx context.Context, id string, userID int64) error {
	return m.act(ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		side, err := playing(row, userID)
		if err != nil {
			return nil, err
		}
		if err := lg.game.Resign(side); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrOver, err)
		}
		stopClock(lg, row, now)
		end(row, lg.game.Outcome(), now)
		return nil, nil
	})
}

// OfferDraw offers a draw from the user's side; an offer of the other side
// standing, it accepts it.
func (m *Manager) OfferDraw(ctx context.Context, id string, userID int64) error {
	return m.act(ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		side, err := playing(row, userID)
		if err != nil {
			return nil, err
		}
		if row.DrawOffer == boardjson.ColorName(side.Other()) {
			return agree(lg, row, now)
		}
		if row.DrawOffer == boardjson.ColorName(side) {
			return nil, errNothing
		}
		row.DrawOffer = boardjson.ColorName(side)
		return nil, nil
	})
}

// AcceptDraw accepts the draw the other side offers: the game is drawn.
func (m *Manager) AcceptDraw(ctx context.Context, id string, userID int64) error {
	return m.act(ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		side, err := playing(row, userID)
		if err != nil {
			return nil, err
		}
		if row.DrawOffer != boardjson.ColorName(side.Other()) {
			return nil, fmt.Errorf("%w: %v offers no draw", ErrNotAllowed, side.Other())
		}
		return agree(lg, row, now)
	})
}

func agree(lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
	if err := lg.game.AgreeDraw(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrOver, err)
	}
	stopClock(lg, row, now)
	end(row, lg.game.Outcome(), now)
	return nil, nil
}

// DeclineDraw declines the draw the other side offers.
func (m *Manager) DeclineDraw(ctx context.Context, id string, userID int64) error {
	return m.act(ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		side, err := playing(row, userID)
		if err != nil {
			return nil, err
		}
		if row.DrawOffer != boardjson.ColorName(side.Other()) {
			return nil, fmt.Errorf("%w: %v offers no draw", ErrNotAllowed, side.Other())
		}
		row.DrawOffer = ""
		return nil, nil
	})
}

// Abort ends game id without a result, unrated, on the user's word:
// allowed until the user's side has made its first move.
func (m *Manager) Abort(ctx context.Context, id string, userID int64) error {
	return m.act(ctx, id, func(_ *store.Tx, lg *liveGame, row *store.Game, now int64) (*store.Move, error) {
		side, err := playing(row, userID)
		if err != nil {
			return nil, err
		}
		first := lg.game.StartPosition().SideToMove()
		moved := row.Ply >= 2 || row.Ply == 1 && side == first
		if moved {
			return nil, fmt.Errorf("%w: abort only before your first move", ErrNotAllowed)
		}
		stopClock(lg, row, now)
		row.Status = store.StatusAborted
		row.EndedAt = now
		row.DrawOffer = ""
		return nil, nil
	})
}

// rate writes the ratings of both players after the rated game row.
func rate(ctx context.Context, tx *store.Tx, row store.Game, now int64) error {
	b, err := tx.UserInTx(ctx, row.Black)
	if err != nil {
		return err
	}
	w, err := tx.UserInTx(ctx, row.White)
	if err != nil {
		return err
	}
	if !b.Registered() || !w.Registered() {
		return nil
	}
	score := 0.5
	switch row.Result {
	case "1-0":
		score = 1
	case "0-1":
		score = 0
	}
	nb, nw := glicko.Game(glicko.Rating{Rating: b.Rating, RD: b.RD, Volatility: b.Volatility},
		glicko.Rating{Rating: w.Rating, RD: w.RD, Volatility: w.Volatility}, score)
	if err := tx.SetRating(ctx, b.ID, store.RatingPoint{GameID: row.ID, Rating: nb.Rating, RD: nb.RD, Volatility: nb.Volatility, At: now}); err != nil {
		return err
	}
	return tx.SetRating(ctx, w.ID, store.RatingPoint{GameID: row.ID, Rating: nw.Rating, RD: nw.RD, Volatility: nw.Volatility, At: now})
}
