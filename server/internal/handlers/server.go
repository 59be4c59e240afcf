// Package handlers is the server's HTTP side: the pages (html/template,
// which escapes every name it writes), the forms and JSON answers of the
// lobby, accounts and archive, and each game's WebSocket.
//
// Requests that change something are POSTs, checked against cross-site
// forgery by SameSite=Lax session cookies and an Origin check (Go's
// http.CrossOriginProtection, which refuses a browser's cross-origin POST
// by its Sec-Fetch-Site or Origin header); the WebSocket's upgrade checks
// its Origin against the host too.
package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"io/fs"
	"log"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/accounts"
	"github.com/surakarta-go/surakarta/server/internal/analyses"
	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/live"
	"github.com/surakarta-go/surakarta/server/internal/ratelimit"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Config is what the handlers serve.
type Config struct {
	Store    *store.Store
	Accounts *accounts.Service
	Games    *games.Manager
	Hub      *live.Hub
	Analyses *analyses.Queue
	// Static is the server's own page files (server/static), served
	// under /static/; Web is the browser page's (web/static), under
	// /web/, whose board, stylesheet and pictures the server's page
	// shares.
	Static, Web fs.FS
	// SecureCookies marks the session cookie Secure: set it when the
	// server is reached over HTTPS (a proxy in front).
	SecureCookies bool
	// Unlimited lists client addresses exempt from the per-address bound
	// on new accounts (registrations and guests): the load program's,
	// which makes thousands of guests from one address. Empty in service.
	Unlimited []string
}

// Server is the handlers' state.
type Server struct {
	cfg        Config
	mux        *http.ServeMux
	challenges *ratelimit.Limiter // per account
	registers  *ratelimit.Limiter // per address
	conns      sync.WaitGroup
	closing    chan struct{}
	closeOnce  sync.Once
}

// New returns the server's handler.
func New(cfg Config) *Server {
	s := &Server{
		cfg:        cfg,
		mux:        http.NewServeMux(),
		challenges: ratelimit.New(6*time.Second, 10),
		registers:  ratelimit.New(time.Minute, 5),
		closing:    make(chan struct{}),
	}
	s.routes()
	return s
}

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /{$}", s.lobby)
	m.HandleFunc("GET /register", s.registerPage)
	m.HandleFunc("POST /register", s.register)
	m.HandleFunc("GET /login", s.loginPage)
	m.HandleFunc("POST /login", s.login)
	m.HandleFunc("POST /logout", s.logout)
	m.HandleFunc("GET /api/me", s.me)
	m.HandleFunc("GET /api/lobby", s.lobbyJSON)
	m.HandleFunc("POST /challenge", s.challenge)
	m.HandleFunc("POST /game/{id}/join", s.join)
	m.HandleFunc("POST /game/{id}/withdraw", s.withdraw)
	m.HandleFunc("GET /game/{id}", s.gamePage)
	m.HandleFunc("GET /game/{id}/record.txt", s.record)
	m.HandleFunc("GET /game/{id}/board.svg", s.picture)
	m.HandleFunc("GET /game/{id}/board.png", s.picture)
	m.HandleFunc("POST /game/{id}/analysis", s.requestAnalysis)
	m.HandleFunc("GET /game/{id}/analysis.json", s.analysisJSON)
	m.HandleFunc("GET /game/{id}/graph.svg", s.graph)
	m.HandleFunc("GET /ws/game/{id}", s.gameSocket)
	m.HandleFunc("GET /player/{name}", s.playerPage)
	m.HandleFunc("GET /api/player/{name}", s.playerJSON)
	m.HandleFunc("GET /leaderboard", s.leaderboard)
	m.Handle("GET /static/", http.StripPrefix("/static/", noCache(http.FileServerFS(s.cfg.Static))))
	m.Handle("GET /web/", http.StripPrefix("/web/", noCache(http.FileServerFS(s.cfg.Web))))
}

func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}

// ServeHTTP serves a request: the cross-origin check, the security
// headers, then the routes.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; worker-src 'self' blob:; script-src 'self' 'wasm-unsafe-eval'")
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	crossOrigin.Handler(s.mux).ServeHTTP(w, r)
}

// crossOrigin refuses the POSTs a browser sends from another origin.
var crossOrigin = http.NewCrossOriginProtection()

// Shutdown tells every WebSocket client to reconnect (the frame
// {"t":"reconnect"}), closes their connections and waits for them to end,
// or for ctx.
func (s *Server) Shutdown(ctx context.Context) {
	s.closeOnce.Do(func() { close(s.closing) })
	s.cfg.Hub.CloseAll([]byte(`{"t":"reconnect"}`))
	done := make(chan struct{})
	go func() { s.conns.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// addr is the client's address, without its port, for the rate limits.
func addr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// allowNewAccount tells whether the client may make another account now.
func (s *Server) allowNewAccount(r *http.Request) bool {
	a := addr(r)
	for _, u := range s.cfg.Unlimited {
		if a == u {
			return true
		}
	}
	return s.registers.Allow(a)
}

// wantsJSON tells whether the client asked for JSON (a program) rather
// than a page (a browser's form).
func wantsJSON(r *http.Request) bool { return r.Header.Get("Accept") == "application/json" }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if err := json.NewEncoder(w).Encode(v); err != nil {
		log.Printf("handlers: writing JSON: %v", err)
	}
}

// fail answers an error: JSON for a program, a page for a browser.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, status int, err error) {
	if status >= 500 {
		log.Printf("handlers: %s %s: %v", r.Method, r.URL.Path, err)
		err = errors.New("internal error")
	}
	if wantsJSON(r) || r.Method == http.MethodGet && len(r.URL.Path) > 5 && r.URL.Path[:5] == "/api/" {
		writeJSON(w, status, map[string]string{"error": err.Error()})
		return
	}
	w.WriteHeader(status)
	s.render(w, r, "error.html", map[string]any{"Status": status, "Error": err.Error()})
}

// statusOf is the HTTP status of an error of the packages below.
func statusOf(err error) int {
	switch {
	case errors.Is(err, games.ErrNotFound), errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, games.ErrNotYourGame), errors.Is(err, games.ErrNotAllowed):
		return http.StatusForbidden
	case errors.Is(err, games.ErrNotOpen), errors.Is(err, games.ErrOver), errors.Is(err, store.ErrNameTaken),
		errors.Is(err, games.ErrStale), errors.Is(err, games.ErrNotYourTurn):
		return http.StatusConflict
	case errors.Is(err, games.ErrBadChallenge), errors.Is(err, games.ErrIllegal), errors.Is(err, accounts.ErrBadName),
		errors.Is(err, accounts.ErrBadPassword):
		return http.StatusBadRequest
	case errors.Is(err, accounts.ErrLogin), errors.Is(err, accounts.ErrNoSession):
		return http.StatusUnauthorized
	case errors.Is(err, accounts.ErrTooManyAttempts), errors.Is(err, errTooMany):
		return http.StatusTooManyRequests
	}
	return http.StatusInternalServerError
}

var errTooMany = errors.New("too many requests: try again later")
