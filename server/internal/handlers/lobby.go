package handlers

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// GameSummary is a game as the lobby, the archive and the JSON lists show
// it.
type GameSummary struct {
	ID          string `json:"id"`
	Status      string `json:"status"`
	Creator     string `json:"creator"`
	Black       string `json:"black"`
	White       string `json:"white"`
	Color       string `json:"color"`
	Rated       bool   `json:"rated"`
	Level       int    `json:"level"`
	TimeControl string `json:"timeControl"`
	Result      string `json:"result"`
	Reason      string `json:"reason"`
	Ply         int    `json:"ply"`
	CreatedAt   int64  `json:"createdAt"`
}

func summary(g store.Game) GameSummary {
	return GameSummary{ID: g.ID, Status: g.Status, Creator: g.CreatorName, Black: g.BlackName, White: g.WhiteName,
		Color: g.ColorChoice, Rated: g.Rated, Level: g.EngineLevel, TimeControl: timeControl(g), Result: g.Result,
		Reason: g.Reason, Ply: g.Ply, CreatedAt: g.CreatedAt}
}

func summaries(gs []store.Game) []GameSummary {
	out := make([]GameSummary, 0, len(gs))
	for _, g := range gs {
		out = append(out, summary(g))
	}
	return out
}

// timeControl writes a time control as "5+3": minutes and seconds.
func timeControl(g store.Game) string {
	base := strconv.FormatFloat(float64(g.BaseMS)/60000, 'f', -1, 64)
	return fmt.Sprintf("%s+%d", base, g.IncrementMS/1000)
}

// Lobby is the lobby's lists: the open challenges and the games to watch.
type Lobby struct {
	Challenges []GameSummary `json:"challenges"`
	Games      []GameSummary `json:"games"`
}

func (s *Server) lobbyData(r *http.Request) (Lobby, error) {
	open, err := s.cfg.Store.OpenChallenges(r.Context(), 50)
	if err != nil {
		return Lobby{}, err
	}
	recent, err := s.cfg.Store.RecentGames(r.Context(), 20)
	if err != nil {
		return Lobby{}, err
	}
	return Lobby{Challenges: summaries(open), Games: summaries(recent)}, nil
}

func (s *Server) lobby(w http.ResponseWriter, r *http.Request) {
	l, err := s.lobbyData(r)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	s.render(w, r, "lobby.html", map[string]any{"Lobby": l})
}

func (s *Server) lobbyJSON(w http.ResponseWriter, r *http.Request) {
	l, err := s.lobbyData(r)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	writeJSON(w, http.StatusOK, l)
}

// challenge makes a challenge from the lobby's form: base (minutes),
// increment (seconds), color, rated, private (a link to send a friend),
// level (the engine's, 1 to 10, or 0 for a player) and position.
func (s *Server) challenge(w http.ResponseWriter, r *http.Request) {
	u, err := s.player(w, r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	if !s.challenges.Allow(strconv.FormatInt(u.ID, 10)) {
		s.fail(w, r, http.StatusTooManyRequests, errTooMany)
		return
	}
	base, err1 := strconv.ParseFloat(r.PostFormValue("base"), 64)
	inc, err2 := strconv.ParseFloat(r.PostFormValue("increment"), 64)
	lvl, err3 := strconv.Atoi(defaultTo(r.PostFormValue("level"), "0"))
	if err := errors.Join(err1, err2, err3); err != nil {
		s.fail(w, r, http.StatusBadRequest, fmt.Errorf("%w: %v", games.ErrBadChallenge, err))
		return
	}
	c := games.Challenge{
		BaseMS:      int64(base * 60000),
		IncrementMS: int64(inc * 1000),
		Color:       defaultTo(r.PostFormValue("color"), "random"),
		Rated:       r.PostFormValue("rated") == "on" || r.PostFormValue("rated") == "true",
		Private:     r.PostFormValue("private") == "on" || r.PostFormValue("private") == "true",
		Level:       lvl,
		Position:    strings.TrimSpace(r.PostFormValue("position")),
	}
	id, err := s.cfg.Games.Create(r.Context(), u, c)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, http.StatusOK, map[string]string{"id": id})
		return
	}
	http.Redirect(w, r, "/game/"+id, http.StatusSeeOther)
}

func defaultTo(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

func (s *Server) join(w http.ResponseWriter, r *http.Request) {
	u, err := s.player(w, r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	id := r.PathValue("id")
	if err := s.cfg.Games.Join(r.Context(), id, u); err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, http.StatusOK, map[string]string{"id": id})
		return
	}
	http.Redirect(w, r, "/game/"+id, http.StatusSeeOther)
}

func (s *Server) withdraw(w http.ResponseWriter, r *http.Request) {
	u, ok := s.user(r)
	if !ok {
		s.fail(w, r, http.StatusUnauthorized, errors.New("log in first"))
		return
	}
	if err := s.cfg.Games.Withdraw(r.Context(), r.PathValue("id"), u); err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, http.StatusOK, map[string]any{})
		return
	}
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
