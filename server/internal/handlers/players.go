package handlers

import (
	"net/http"

	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Player is a player's page: the account, its rating's history and its
// games.
type Player struct {
	Name       string              `json:"name"`
	Kind       string              `json:"kind"`
	Rating     float64             `json:"rating"`
	RD         float64             `json:"rd"`
	RatedGames int                 `json:"ratedGames"`
	History    []store.RatingPoint `json:"history"`
	Games      []GameSummary       `json:"games"`
}

func (s *Server) playerData(r *http.Request) (Player, error) {
	u, err := s.cfg.Store.UserByName(r.Context(), r.PathValue("name"))
	if err != nil {
		return Player{}, err
	}
	hist, err := s.cfg.Store.RatingHistory(r.Context(), u.ID)
	if err != nil {
		return Player{}, err
	}
	gs, err := s.cfg.Store.PlayerGames(r.Context(), u.ID, 100)
	if err != nil {
		return Player{}, err
	}
	if hist == nil {
		hist = []store.RatingPoint{}
	}
	return Player{Name: u.Name, Kind: u.Kind, Rating: u.Rating, RD: u.RD, RatedGames: u.RatedGames, History: hist, Games: summaries(gs)}, nil
}

func (s *Server) playerPage(w http.ResponseWriter, r *http.Request) {
	p, err := s.playerData(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	s.render(w, r, "player.html", map[string]any{"Player": p})
}

func (s *Server) playerJSON(w http.ResponseWriter, r *http.Request) {
	p, err := s.playerData(r)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	writeJSON(w, http.StatusOK, p)
}

func (s *Server) leaderboard(w http.ResponseWriter, r *http.Request) {
	us, err := s.cfg.Store.Leaderboard(r.Context(), 100)
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	if wantsJSON(r) {
		type row struct {
			Name   string  `json:"name"`
			Rating float64 `json:"rating"`
			RD     float64 `json:"rd"`
			Games  int     `json:"games"`
		}
		out := []row{}
		for _, u := range us {
			out = append(out, row{u.Name, u.Rating, u.RD, u.RatedGames})
		}
		writeJSON(w, http.StatusOK, out)
		return
	}
	s.render(w, r, "leaderboard.html", map[string]any{"Players": us})
}
