package handlers

import (
	"encoding/json"
	"errors"
	"image/color"
	"net/http"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"

	"github.com/surakarta-go/surakarta/server/internal/analyses"
	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// gamePage is a game's page: a challenge waiting (with its Join button
// for others), a game under way (played or watched live over the
// WebSocket) or a game over (replayed move by move, its record and
// analysis).
func (s *Server) gamePage(w http.ResponseWriter, r *http.Request) {
	row, _, err := s.cfg.Games.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	u, _ := s.user(r)
	mine := ""
	switch {
	case u.ID != 0 && u.ID == row.Black:
		mine = "black"
	case u.ID != 0 && u.ID == row.White:
		mine = "white"
	}
	s.render(w, r, "game.html", map[string]any{
		"Game":    summary(row),
		"Mine":    mine,
		"Creator": u.ID != 0 && u.ID == row.Creator,
		"Open":    row.Status == store.StatusOpen,
	})
}

func (s *Server) record(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	text, err := s.cfg.Games.Record(r.Context(), id)
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="surakarta-`+id+`.txt"`)
	_, _ = w.Write(text)
}

// picture draws the position now of a game (or after ?ply=N moves) with
// package picture: board.svg or board.png, with its last move marked, from
// Black's side or White's (?flip=1).
func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	_, g, err := s.cfg.Games.Snapshot(r.Context(), r.PathValue("id"))
	if err != nil {
		s.fail(w, r, statusOf(err), err)
		return
	}
	positions, moves := g.Positions(), g.Moves()
	ply := len(moves)
	if v := r.URL.Query().Get("ply"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > len(moves) {
			s.fail(w, r, http.StatusBadRequest, errors.New("ply: want 0 to the game's number of moves"))
			return
		}
		ply = n
	}
	opt := picture.Options{Size: 360, Flipped: r.URL.Query().Get("flip") == "1", Title: "Surakarta, game " + r.PathValue("id")}
	if ply > 0 {
		last := moves[ply-1]
		opt.Highlights = []surakarta.Square{last.From(), last.To()}
		if a, err := picture.MoveArrow(positions[ply-1], last, color.NRGBA{}); err == nil && last.IsCapture() {
			opt.Arrows = []picture.Arrow{a}
		}
	}
	if strings.HasSuffix(r.URL.Path, ".png") {
		w.Header().Set("Content-Type", "image/png")
		err = picture.WritePNG(w, positions[ply], opt)
	} else {
		w.Header().Set("Content-Type", "image/svg+xml")
		err = picture.WriteSVG(w, positions[ply], opt)
	}
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
	}
}

func (s *Server) requestAnalysis(w http.ResponseWriter, r *http.Request) {
	if _, ok := s.user(r); !ok {
		s.fail(w, r, http.StatusUnauthorized, errors.New("log in or play a game first"))
		return
	}
	id := r.PathValue("id")
	err := s.cfg.Analyses.Request(r.Context(), id)
	switch {
	case errors.Is(err, analyses.ErrBusy):
		s.fail(w, r, http.StatusServiceUnavailable, err)
		return
	case errors.Is(err, analyses.ErrNotOver):
		s.fail(w, r, http.StatusConflict, err)
		return
	case err != nil:
		s.fail(w, r, statusOf(err), err)
		return
	}
	if wantsJSON(r) {
		writeJSON(w, http.StatusAccepted, map[string]string{"status": "queued"})
		return
	}
	http.Redirect(w, r, "/game/"+id, http.StatusSeeOther)
}

// analysisJSON answers an analysis's status, and once done its summary
// and annotated record.
func (s *Server) analysisJSON(w http.ResponseWriter, r *http.Request) {
	a, err := s.cfg.Store.AnalysisOf(r.Context(), r.PathValue("id"))
	if errors.Is(err, store.ErrNotFound) {
		writeJSON(w, http.StatusOK, map[string]any{"status": "none"})
		return
	}
	if err != nil {
		s.fail(w, r, http.StatusInternalServerError, err)
		return
	}
	out := map[string]any{"status": a.Status}
	if a.Status == store.AnalysisDone {
		out["summary"] = json.RawMessage(a.Summary)
		out["record"] = a.Record
	}
	writeJSON(w, http.StatusOK, out)
}

// graph serves the analysis's graph of the score (analysis.Report.WriteSVG).
func (s *Server) graph(w http.ResponseWriter, r *http.Request) {
	a, err := s.cfg.Store.AnalysisOf(r.Context(), r.PathValue("id"))
	if err != nil || a.Status != store.AnalysisDone {
		s.fail(w, r, http.StatusNotFound, games.ErrNotFound)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	_, _ = w.Write([]byte(a.Graph))
}
