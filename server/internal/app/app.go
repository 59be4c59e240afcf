// Package app puts the server together: the store, the accounts, the
// games and their clocks, the live events between processes, the
// analyses and the HTTP handlers. The command and the tests make one with
// New.
package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"log"
	"net/http"
	"os"
	"runtime"
	"sync"
	"time"

	webstatic "github.com/surakarta-go/surakarta/web/static"

	"github.com/surakarta-go/surakarta/server/internal/accounts"
	"github.com/surakarta-go/surakarta/server/internal/analyses"
	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/handlers"
	"github.com/surakarta-go/surakarta/server/internal/live"
	"github.com/surakarta-go/surakarta/server/internal/store"
	"github.com/surakarta-go/surakarta/server/static"
)

// Options are the server's settings.
type Options struct {
	Store *store.Store
	// PostgresURL, with a PostgreSQL store, is where the live events of
	// the other processes are listened for (LISTEN/NOTIFY).
	PostgresURL string
	// Engines bounds the engine's searches at once (default: the number
	// of CPUs); Analysts the analyses at once (default 1).
	Engines, Analysts int
	// SecureCookies marks the session cookie Secure (HTTPS).
	SecureCookies bool
	// Owner names the process in the clocks' leases; a random name by
	// default.
	Owner string
	// BcryptCost, if set, replaces bcrypt's default cost (tests lower it).
	BcryptCost int
	// AnalysisNodes, if set, replaces the analyses' budget (tests lower it).
	AnalysisNodes int64
	// Unlimited lists client addresses exempt from the bound on new
	// accounts per address (handlers.Config.Unlimited): for load tests.
	Unlimited []string
}

// App is a running server: Handler serves it.
type App struct {
	Handler  *handlers.Server
	Games    *games.Manager
	Accounts *accounts.Service
	Hub      *live.Hub
	Owner    string
	opts     Options
	analyses *analyses.Queue
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// New starts a server on the store of opts.
func New(opts Options) (*App, error) {
	if opts.Engines <= 0 {
		opts.Engines = runtime.NumCPU()
	}
	if opts.Analysts <= 0 {
		opts.Analysts = 1
	}
	if opts.Owner == "" {
		host, _ := os.Hostname()
		var b [4]byte
		_, _ = rand.Read(b[:])
		opts.Owner = host + "-" + hex.EncodeToString(b[:])
	}
	acc := accounts.New(opts.Store)
	if opts.BcryptCost > 0 {
		acc.Cost = opts.BcryptCost
	}
	hub := live.NewHub()
	var notifier *live.Notifier
	if opts.Store.Dialect() == store.Postgres {
		notifier = live.NewNotifier(opts.Store.Notify)
	}
	gm := games.New(games.Config{Store: opts.Store, Hub: hub, Notifier: notifier, Owner: opts.Owner, Engines: opts.Engines, Engine: acc.Engine,
		Exclusive: opts.Store.Dialect() == store.SQLite})
	q := analyses.New(opts.Store)
	if opts.AnalysisNodes > 0 {
		q.Nodes = opts.AnalysisNodes
	}
	web, err := fs.Sub(webstatic.FS, ".")
	if err != nil {
		return nil, err
	}
	a := &App{
		Games: gm, Accounts: acc, Hub: hub, Owner: opts.Owner, opts: opts, analyses: q,
		Handler: handlers.New(handlers.Config{Store: opts.Store, Accounts: acc, Games: gm, Hub: hub, Analyses: q,
			Static: static.FS, Web: web, SecureCookies: opts.SecureCookies, Unlimited: opts.Unlimited}),
	}
	ctx, cancel := context.WithCancel(context.Background())
	a.cancel = cancel
	if notifier != nil {
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			notifier.Run(ctx)
		}()
	}
	if opts.PostgresURL != "" {
		ready := make(chan struct{})
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			live.Listen(ctx, opts.PostgresURL, gm.Event, gm.Resync, ready)
		}()
		// Serve once the other processes' events are heard, so that no
		// move of a game followed here is missed.
		select {
		case <-ready:
		case <-time.After(ListenTimeout):
			log.Printf("app: not listening to PostgreSQL's events after %v; serving anyway", ListenTimeout)
		}
	}
	gm.Start()
	q.Start(opts.Analysts)
	return a, nil
}

// ServeHTTP serves the server's pages, API and WebSockets.
func (a *App) ServeHTTP(w http.ResponseWriter, r *http.Request) { a.Handler.ServeHTTP(w, r) }

// Shutdown stops the server gracefully: every WebSocket client told to
// reconnect, the games' clocks given up at this moment (the next process
// to take one credits the time from now), the analyses stopped (one under
// way is made again at the next start). Games go on: their moves and
// clocks are in the store.
func (a *App) Shutdown(ctx context.Context) error {
	a.Handler.Shutdown(ctx)
	return a.Close()
}

// Close stops everything at once, without telling the clients.
func (a *App) Close() error {
	a.cancel()
	a.wg.Wait()
	a.analyses.Close()
	return a.Games.Close()
}

// ListenTimeout bounds the wait at the start for the first connection
// that listens to the other processes' events.
const ListenTimeout = 10 * time.Second

// ShutdownTimeout bounds a graceful shutdown.
const ShutdownTimeout = 10 * time.Second
