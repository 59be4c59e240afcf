//go:build !js

package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/surakarta-go/surakarta/web/static"
)

// WasmFile and ExecFile are the files BuildSite adds to static's.
const (
	WasmFile = "surakarta.wasm"
	ExecFile = "wasm_exec.js"
)

// BuildSite writes the complete page to dir: the files of static/ (package
// static, which the server shares), the
// engine compiled to WebAssembly (WasmFile) and Go's JavaScript support
// for it (ExecFile), both from the go command on PATH. It must run in the
// module's directory, where the engine's source is.
func BuildSite(dir string) error {
	if _, err := os.Stat(filepath.Join("wasm", "main.go")); err != nil {
		return fmt.Errorf("run this in the directory web (from the repository root: go run -C web .): %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := copyFiles(dir, static.FS); err != nil {
		return fmt.Errorf("copying the static files: %w", err)
	}
	goroot, err := goCommand(nil, "env", "GOROOT")
	if err != nil {
		return err
	}
	goroot = strings.TrimSpace(goroot)
	// In lib/wasm since Go 1.24 (misc/wasm before); this module needs Go 1.25.
	execJS, err := os.ReadFile(filepath.Join(goroot, "lib", "wasm", ExecFile))
	if err != nil {
		return fmt.Errorf("wasm_exec.js is not in %s: %w", goroot, err)
	}
	if err := os.WriteFile(filepath.Join(dir, ExecFile), execJS, 0o644); err != nil {
		return err
	}
	out, err := filepath.Abs(filepath.Join(dir, WasmFile))
	if err != nil {
		return err
	}
	_, err = goCommand([]string{"GOOS=js", "GOARCH=wasm"}, "build", "-trimpath", "-ldflags=-s -w", "-o", out, "./wasm")
	return err
}

// copyFiles copies the files of src to dir, replacing files of the same
// names (os.CopyFS would refuse to).
func copyFiles(dir string, src fs.FS) error {
	return fs.WalkDir(src, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := fs.ReadFile(src, name)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// goCommand runs the go command with extra environment variables and
// returns what it printed.
func goCommand(env []string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.Bytes())
	}
	return stdout.String(), nil
}

// Handler serves the page written by BuildSite in dir, telling browsers to
// check for a newer version at every load.
func Handler(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
