//go:build !js

// Command web builds and serves a page that plays Surakarta against the
// engine in the browser: the library compiled to WebAssembly, run in a Web
// Worker, with the board, its circuits and every capture path drawn.
//
// Run it in this directory (from the repository root: go run -C web .):
//
//	go run .                  # build the page and serve it on http://127.0.0.1:8080/
//	go run . -addr :9000      # another address
//	go run . -out site        # write the page's static files to site/ and stop
//
// The page is static files only, and the directory -out writes can be
// served by any web server. They are the files in static/, the engine
// surakarta.wasm that `GOOS=js GOARCH=wasm go build ./wasm` makes, and
// wasm_exec.js from the same Go installation, which must match the Go that
// built the .wasm; both are built anew at every start, never committed.
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
	"syscall"
	"time"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run builds the page and serves it until ctx is done (then it returns 0),
// or writes it to the directory of -out. It returns the exit status: 2 for
// bad arguments, 1 when the page cannot be built or served.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("web", flag.ContinueOnError)
	flags.SetOutput(stderr)
	addr := flags.String("addr", "127.0.0.1:8080", "address to serve the page on")
	out := flags.String("out", "", "write the page's static files to this directory and stop, without serving")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run . [-addr host:port] [-out dir]   (in web)")
		fmt.Fprintln(stderr, "\nBuilds the page (the engine compiled to WebAssembly) and serves it, or writes it to a directory.")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "web: unexpected argument %q\n", flags.Arg(0))
		return 2
	}
	if *out != "" {
		if err := BuildSite(*out); err != nil {
			fmt.Fprintln(stderr, "web:", err)
			return 1
		}
		fmt.Fprintf(stdout, "Wrote the page to %s: serve that directory with any web server.\n", *out)
		return 0
	}
	dir, err := os.MkdirTemp("", "surakarta-web-")
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	fmt.Fprintln(stdout, "Building the page (the engine compiled to WebAssembly)...")
	if err := BuildSite(dir); err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "web:", err)
		return 1
	}
	fmt.Fprintf(stdout, "Serving the page on http://%s/ (Ctrl-C to stop)\n", ln.Addr())
	srv := &http.Server{Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		fmt.Fprintln(stderr, "web:", err)
		return 1
	case <-ctx.Done():
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
		return 0
	}
}
