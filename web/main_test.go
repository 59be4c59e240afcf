//go:build !js

package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestServe runs the command as `go run .` does, on a free port, fetches
// the page and the engine, and stops it.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r, w := io.Pipe()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"-addr", "127.0.0.1:0"}, w, os.Stderr)
		w.Close()
	}()
	lines := bufio.NewScanner(r)
	addr := regexp.MustCompile(`Serving the page on (http://127\.0\.0\.1:\d+/)`)
	var url string
	for lines.Scan() {
		if m := addr.FindStringSubmatch(lines.Text()); m != nil {
			url = m[1]
			break
		}
	}
	if url == "" {
		t.Fatal("the command did not print the address it serves on")
	}
	go io.Copy(io.Discard, r)
	for path, want := range map[string]string{
		"":               "text/html",
		"app.js":         "text/javascript",
		"worker.js":      "text/javascript",
		"wasm_exec.js":   "text/javascript",
		"surakarta.wasm": "application/wasm",
		"style.css":      "text/css",
		"favicon.svg":    "image/svg+xml", // the page's icon: no 404 in a browser's console
	} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), want) {
			t.Errorf("/%s: %s, %q; want 200 and %s", path, resp.Status, resp.Header.Get("Content-Type"), want)
		}
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Errorf("exit status %d after the stop, want 0", code)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not stop")
	}
}

// TestOut writes the page to a directory, as for any web server, twice (the
// second run replaces the files).
func TestOut(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	for range 2 {
		var out strings.Builder
		if code := run(context.Background(), []string{"-out", dir}, &out, os.Stderr); code != 0 {
			t.Fatalf("exit status %d", code)
		}
	}
	for _, name := range []string{"index.html", "app.js", "worker.js", "explorer.js", "book.bin", "style.css", WasmFile, ExecFile} {
		if info, err := os.Stat(filepath.Join(dir, name)); err != nil || info.Size() == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	wasm, _ := os.ReadFile(filepath.Join(dir, WasmFile))
	if !strings.HasPrefix(string(wasm), "\x00asm") {
		t.Errorf("%s is not WebAssembly", WasmFile)
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{"extra"}, {"-nosuchflag"}} {
		if code := run(context.Background(), args, io.Discard, io.Discard); code != 2 {
			t.Errorf("%q: exit status %d, want 2", args, code)
		}
	}
}
