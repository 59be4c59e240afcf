package games

import (
	"context"
	"encoding/json"

	"github.com/surakarta-go/surakarta/web/boardjson"

	"github.com/surakarta-go/surakarta"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Update is the frame that tells a client what changed of a game: the
// moves from ply From on (all of them for a client that has none), and
// the game as it stands now, whole: the board, the legal moves of the side
// to move, the clocks, the draw offer and the result. A client that holds
// From moves appends Moves and has the game; one that holds another
// number asks again with its own (the "hello" frame).
type Update struct {
	T           string      `json:"t"` // "game"
	ID          string      `json:"id"`
	Status      string      `json:"status"`
	Black       string      `json:"black"`
	White       string      `json:"white"`
	Rated       bool        `json:"rated"`
	BaseMS      int64       `json:"baseMs"`
	IncrementMS int64       `json:"incrementMs"`
	Level       int         `json:"level"`
	Start       string      `json:"start"`
	From        int         `json:"from"`
	Ply         int         `json:"ply"`
	Moves       []MoveView  `json:"moves"`
	Board       [36]string  `json:"board"`
	Side        string      `json:"side"`
	Legal       []LegalView `json:"legal"`
	Clock       ClockView   `json:"clock"`
	DrawOffer   string      `json:"drawOffer"`
	Result      string      `json:"result"`
	Reason      string      `json:"reason"`
	Outcome     string      `json:"outcome"`
}

// MoveView is a move of the game: its ply (0 first), its text ("b2xe5"
// for a capture), its squares, its capture path and the clocks after it.
type MoveView struct {
	Ply     int    `json:"ply"`
	Move    string `json:"move"`
	Color   string `json:"color"`
	Number  int    `json:"number"`
	Path    *Path  `json:"path"`
	BlackMS int64  `json:"blackMs"`
	WhiteMS int64  `json:"whiteMs"`
}

// LegalView is a legal move of the side to move.
type LegalView struct {
	From    string `json:"from"`
	To      string `json:"to"`
	Capture bool   `json:"capture"`
	Path    *Path  `json:"path"`
}

// Path and Loop are the board's capture path (package boardjson of the
// web page), which the frames carry.
type (
	Path = boardjson.Path
	Loop = boardjson.Loop
)

// update returns the Update of lg from ply from.
func update(lg *liveGame, from int, now int64) Update {
	row, g := lg.row, lg.game
	from = max(0, min(from, len(lg.moves)))
	u := Update{T: "game", ID: row.ID, Status: row.Status, Black: row.BlackName, White: row.WhiteName, Rated: row.Rated,
		BaseMS: row.BaseMS, IncrementMS: row.IncrementMS, Level: row.EngineLevel, Start: g.StartPosition().String(),
		From: from, Ply: len(lg.moves), Moves: []MoveView{}, Legal: []LegalView{}, Clock: clockView(lg, now),
		DrawOffer: row.DrawOffer, Result: row.Result, Reason: row.Reason}
	positions := g.Positions()
	moves := g.Moves()
	for i := from; i < len(lg.moves) && i < len(moves); i++ {
		before := positions[i]
		u.Moves = append(u.Moves, MoveView{Ply: i, Move: moves[i].Notation(), Color: boardjson.ColorName(before.SideToMove()),
			Number: before.MoveNumber(), Path: boardjson.PathOf(before, moves[i]), BlackMS: lg.moves[i].BlackMS, WhiteMS: lg.moves[i].WhiteMS})
	}
	p := g.Position()
	for sq := range surakarta.Square(surakarta.NumSquares) {
		if c, ok := p.PieceAt(sq); ok {
			u.Board[sq] = boardjson.ColorName(c)
		}
	}
	u.Side = boardjson.ColorName(p.SideToMove())
	if row.Status == store.StatusPlaying {
		for _, m := range g.LegalMoves() {
			u.Legal = append(u.Legal, LegalView{From: m.From().String(), To: m.To().String(), Capture: m.IsCapture(), Path: boardjson.PathOf(p, m)})
		}
	}
	switch row.Status {
	case store.StatusOver:
		u.Outcome = g.Outcome().String()
	case store.StatusAborted:
		u.Outcome = "aborted"
	}
	return u
}

func encodeUpdate(lg *liveGame, from int, now int64) ([]byte, error) {
	return json.Marshal(update(lg, from, now))
}

// Frame returns the Update of game id from ply from, for a client that
// (re)joins holding from moves.
func (m *Manager) Frame(ctx context.Context, id string, from int) ([]byte, error) {
	lg, err := m.load(ctx, id)
	if err != nil {
		return nil, err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.game == nil {
		row, moves, err := m.read(ctx, id)
		if err != nil {
			return nil, err
		}
		if err := lg.set(row, moves); err != nil {
			return nil, err
		}
	}
	return encodeUpdate(lg, from, m.now())
}

// Snapshot returns the game of id as this process knows it: its row and
// a copy of the game.
func (m *Manager) Snapshot(ctx context.Context, id string) (store.Game, *surakarta.Game, error) {
	lg, err := m.load(ctx, id)
	if err != nil {
		return store.Game{}, nil, err
	}
	lg.mu.Lock()
	defer lg.mu.Unlock()
	if lg.game == nil {
		row, moves, err := m.read(ctx, id)
		if err != nil {
			return store.Game{}, nil, err
		}
		if err := lg.set(row, moves); err != nil {
			return store.Game{}, nil, err
		}
	}
	return lg.row, lg.game.Clone(), nil
}
