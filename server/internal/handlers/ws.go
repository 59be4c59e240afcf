package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/coder/websocket"

	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/ratelimit"
)

// The bounds of a game's WebSocket: a frame from a client is at most
// MaxFrame bytes (a longer one closes the connection), and a client
// sends at most FrameBurst frames at once and FrameRate a second after:
// one more closes it.
const (
	MaxFrame   = 1024
	FrameBurst = 20
	FrameRate  = 10
)

// ClientFrame is a frame a client sends. Seq numbers the client's frames
// on a connection: each must be greater than the last, or it is refused
// as stale (a frame sent twice, or replayed). Ply, for a move, is the
// number of moves the client holds: a move for a ply the game has left
// behind is refused.
//
//	{"t":"hello","ply":12}                  the moves after the first 12, and the game now
//	{"t":"move","seq":5,"ply":12,"move":"b2b3"}
//	{"t":"resign","seq":6}   "offer", "accept", "decline" (a draw), "abort"
type ClientFrame struct {
	T    string `json:"t"`
	Seq  int64  `json:"seq"`
	Ply  int    `json:"ply"`
	Move string `json:"move"`
}

// Reply is the server's answer to one frame: {"t":"ack","seq":5} when it
// is done, {"t":"error","seq":5,"error":"…","code":"…"} when refused.
// What the action changed reaches every follower, its sender too, as an
// update (games.Update, "t":"game").
type Reply struct {
	T     string `json:"t"`
	Seq   int64  `json:"seq"`
	Error string `json:"error,omitempty"`
	Code  string `json:"code,omitempty"`
}

// gameSocket is a game's WebSocket: for its players and for anyone who
// watches. The player is the session's: a frame names no player, and the
// game is the URL's.
func (s *Server) gameSocket(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if _, _, err := s.cfg.Games.Snapshot(r.Context(), id); err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	select {
	case <-s.closing:
		s.fail(w, r, http.StatusServiceUnavailable, errors.New("the server is restarting"))
		return
	default:
	}
	u, _ := s.user(r)
	// Accept refuses an Origin that is not the request's host.
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	s.conns.Add(1)
	defer s.conns.Done()
	c.SetReadLimit(MaxFrame)
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	defer cancel()
	sub := s.cfg.Hub.Subscribe(id)
	defer s.cfg.Hub.Unsubscribe(sub)
	out := make(chan []byte, 8) // replies and hello's updates, from the reader
	go func() {
		defer cancel()
		for {
			var frame []byte
			var ok bool
			select {
			case <-ctx.Done():
				return
			case frame, ok = <-sub.C:
				if !ok {
					status, reason := websocket.StatusPolicyViolation, "too slow: reconnect"
					select {
					case <-s.closing:
						status, reason = websocket.StatusServiceRestart, "the server restarts: reconnect"
						_ = write(ctx, c, []byte(`{"t":"reconnect"}`))
					default:
					}
					c.Close(status, reason)
					return
				}
			case frame = <-out:
			}
			if err := write(ctx, c, frame); err != nil {
				return
			}
		}
	}()
	limit := ratelimit.New(time.Second/FrameRate, FrameBurst)
	var last int64
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		if !limit.Allow("") {
			c.Close(websocket.StatusPolicyViolation, "too many frames")
			return
		}
		var f ClientFrame
		if err := json.Unmarshal(data, &f); err != nil {
			send(ctx, out, Reply{T: "error", Error: "not a frame: " + err.Error(), Code: "bad-frame"})
			continue
		}
		if f.T == "hello" {
			frame, err := s.cfg.Games.Frame(ctx, id, f.Ply)
			if err != nil {
				return
			}
			select {
			case out <- frame:
			case <-ctx.Done():
				return
			}
			continue
		}
		if f.Seq <= last {
			send(ctx, out, Reply{T: "error", Seq: f.Seq, Error: "stale frame: its seq is not above the last one's", Code: "stale"})
			continue
		}
		last = f.Seq
		err = s.act(ctx, id, u.ID, f)
		if err != nil {
			send(ctx, out, Reply{T: "error", Seq: f.Seq, Error: err.Error(), Code: code(err)})
			continue
		}
		send(ctx, out, Reply{T: "ack", Seq: f.Seq})
	}
}

func (s *Server) act(ctx context.Context, id string, userID int64, f ClientFrame) error {
	if userID == 0 {
		return games.ErrNotYourGame
	}
	m := s.cfg.Games
	switch f.T {
	case "move":
		return m.Move(ctx, id, userID, f.Ply, f.Move)
	case "resign":
		return m.Resign(ctx, id, userID)
	case "offer":
		return m.OfferDraw(ctx, id, userID)
	case "accept":
		return m.AcceptDraw(ctx, id, userID)
	case "decline":
		return m.DeclineDraw(ctx, id, userID)
	case "abort":
		return m.Abort(ctx, id, userID)
	}
	return errors.New("unknown frame type " + f.T)
}

// code names an error for a program: "not-your-game", "not-your-turn",
// "stale", "illegal", "over", "not-allowed", or "error".
func code(err error) string {
	switch {
	case errors.Is(err, games.ErrNotYourGame):
		return "not-your-game"
	case errors.Is(err, games.ErrNotYourTurn):
		return "not-your-turn"
	case errors.Is(err, games.ErrStale):
		return "stale"
	case errors.Is(err, games.ErrIllegal):
		return "illegal"
	case errors.Is(err, games.ErrOver):
		return "over"
	case errors.Is(err, games.ErrNotAllowed):
		return "not-allowed"
	}
	return "error"
}

func send(ctx context.Context, out chan<- []byte, r Reply) {
	b, _ := json.Marshal(r)
	select {
	case out <- b:
	case <-ctx.Done():
	}
}

func write(ctx context.Context, c *websocket.Conn, frame []byte) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return c.Write(ctx, websocket.MessageText, frame)
}
