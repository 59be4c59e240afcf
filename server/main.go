// Command server serves Surakarta to people: live games between players
// and against the engine, with accounts, Glicko-2 ratings, a lobby, games
// to watch, and an archive of every game with its record and the
// engine's analysis. docs/server.md tells how to run it.
//
// Run it in this directory (from the repository root: go run -C server .):
//
//	go run .                                 # http://127.0.0.1:8081/, SQLite in ./surakarta.db
//	go run . -db /var/lib/surakarta.db       # another SQLite file
//	go run . -postgres postgres://user@host/db   # PostgreSQL: several processes may share it
//
// SIGTERM or Ctrl-C stops it gracefully: it stops accepting, tells every
// client to reconnect and gives up its games' clocks; the games go on at
// the next start, or in another process sharing the PostgreSQL.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/surakarta-go/surakarta/server/internal/app"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run serves until ctx is done, then shuts down gracefully and returns 0;
// it returns 2 for bad arguments and 1 when the server cannot start.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("server", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8081", "address to serve on")
	dbPath := flags.String("db", "surakarta.db", "the SQLite database file (without -postgres)")
	pg := flags.String("postgres", "", "a PostgreSQL URL (postgres://user:password@host:port/db) to use instead of SQLite")
	engines := flags.Int("engines", 0, "the engine's searches at once (0: the number of CPUs)")
	analysts := flags.Int("analysts", 1, "the analyses at once")
	secure := flags.Bool("secure-cookies", false, "mark the session cookie Secure (set it behind HTTPS)")
	unlimited := flags.String("unlimited", "", "comma-separated client addresses exempt from the bound on new accounts per address (for load tests, such as 127.0.0.1)")
	owner := flags.String("name", "", "this process's name in the games' clock leases (default: host and a random suffix)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run . [-addr host:port] [-db file | -postgres URL] [flags]   (in server)")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "server: unexpected argument %q\n", flags.Arg(0))
		return 2
	}
	var st *store.Store
	var err error
	if *pg != "" {
		st, err = store.OpenPostgres(ctx, *pg)
	} else {
		st, err = store.OpenSQLite(ctx, *dbPath)
	}
	if err != nil {
		fmt.Fprintln(stderr, "server:", err)
		return 1
	}
	defer st.Close()
	a, err := app.New(app.Options{Store: st, PostgresURL: *pg, Engines: *engines, Analysts: *analysts, SecureCookies: *secure, Owner: *owner,
		Unlimited: splitList(*unlimited)})
	if err != nil {
		fmt.Fprintln(stderr, "server:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "server:", err)
		a.Close()
		return 1
	}
	where := "SQLite " + *dbPath
	if *pg != "" {
		where = "PostgreSQL"
	}
	fmt.Fprintf(stdout, "Serving Surakarta on http://%s/ (%s, process %s; Ctrl-C to stop)\n", ln.Addr(), where, a.Owner)
	srv := &http.Server{Handler: a, ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintln(stderr, "server:", err)
		a.Close()
		return 1
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), app.ShutdownTimeout)
	defer cancel()
	_ = srv.Shutdown(shutdown) // stops accepting; the WebSockets are the app's
	if err := a.Shutdown(shutdown); err != nil {
		fmt.Fprintln(stderr, "server:", err)
	}
	fmt.Fprintln(stdout, "Stopped: the games go on at the next start.")
	return 0
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, item := range strings.Split(s, ",") {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}
