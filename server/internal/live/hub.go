// Package live passes a game's events to the people who follow it: the
// Hub holds this process's subscribers, by game, and Listen receives the
// events of the other server processes from PostgreSQL (LISTEN/NOTIFY),
// so that players and spectators connected to different processes see
// the same game.
package live

import "sync"

// Buffer is how many frames a subscriber may be behind before the hub
// drops it: its connection then closes, and the client, which reconnects
// and says the ply it has, loses nothing.
const Buffer = 64

// Sub is one follower of a game: its frames arrive on C, which the hub
// closes when it drops the follower or the follower leaves.
type Sub struct {
	C    chan []byte
	game string
}

// Hub is the followers of each game in this process. Its methods are
// safe for concurrent use.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[*Sub]struct{}
}

// NewHub returns a hub without followers.
func NewHub() *Hub { return &Hub{subs: map[string]map[*Sub]struct{}{}} }

// Subscribe adds a follower of game.
func (h *Hub) Subscribe(game string) *Sub {
	s := &Sub{C: make(chan []byte, Buffer), game: game}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs[game] == nil {
		h.subs[game] = map[*Sub]struct{}{}
	}
	h.subs[game][s] = struct{}{}
	return s
}

// Unsubscribe removes a follower, closing its channel; removing one twice
// does nothing.
func (h *Hub) Unsubscribe(s *Sub) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.drop(s)
}

func (h *Hub) drop(s *Sub) {
	set := h.subs[s.game]
	if _, ok := set[s]; !ok {
		return
	}
	delete(set, s)
	if len(set) == 0 {
		delete(h.subs, s.game)
	}
	close(s.C)
}

// Publish sends frame to every follower of game, without waiting: a
// follower whose buffer is full is dropped.
func (h *Hub) Publish(game string, frame []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.subs[game] {
		select {
		case s.C <- frame:
		default:
			h.drop(s)
		}
	}
}

// Followers returns how many follow game in this process.
func (h *Hub) Followers(game string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.subs[game])
}

// Games returns the games that have followers in this process.
func (h *Hub) Games() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]string, 0, len(h.subs))
	for g := range h.subs {
		out = append(out, g)
	}
	return out
}

// CloseAll sends frame to every follower and drops them all: a shutdown's
// last word ("reconnect").
func (h *Hub) CloseAll(frame []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, set := range h.subs {
		for s := range set {
			select {
			case s.C <- frame:
			default:
			}
			h.drop(s)
		}
	}
}
