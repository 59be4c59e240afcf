package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// TestNetworkFileOption: NetworkFile reads weights for the Network
// evaluator at once, refusing a missing file, a file that is not a
// network's and a named pipe (without waiting on it), and the empty path
// goes back to the built-in network.
func TestNetworkFileOption(t *testing.T) {
	dir := t.TempDir()
	weights, err := os.ReadFile("../../internal/nnue/default.nnue")
	if err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.nnue")
	garbage := filepath.Join(dir, "garbage.nnue")
	pipe := filepath.Join(dir, "pipe.nnue")
	if err := os.WriteFile(good, weights, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(garbage, weights[:len(weights)-1], 0o644); err != nil {
		t.Fatal(err)
	}
	bad := map[string]error{filepath.Join(dir, "missing"): fs.ErrNotExist, garbage: surakarta.ErrInvalidNetwork, dir: regularfile.ErrNotRegular}
	if syscall.Mkfifo(pipe, 0o644) == nil {
		bad[pipe] = regularfile.ErrNotRegular
	}
	e := newEngine()
	if err := e.SetOption("Evaluator", "network"); err != nil {
		t.Fatal(err)
	}
	for name, want := range bad {
		if err := e.SetOption("NetworkFile", name); !errors.Is(err, want) || e.network != nil {
			t.Errorf("NetworkFile %s: error %v, want one wrapping %q", name, err, want)
		}
	}
	if err := e.SetOption("NetworkFile", good); err != nil {
		t.Fatal(err)
	}
	if s, ok := e.Searcher().(*surakarta.PVS); !ok || s.Evaluator != surakarta.Evaluator(e.network) || e.network == nil {
		t.Errorf("NetworkFile %s: the searcher is %#v", good, e.Searcher())
	}
	if err := e.SetOption("NetworkFile", ""); err != nil {
		t.Fatal(err)
	}
	if s, ok := e.Searcher().(*surakarta.PVS); !ok || s.Evaluator == nil || e.network != nil {
		t.Errorf("NetworkFile empty: the searcher is %#v", e.Searcher())
	} else if _, ok := s.Evaluator.(*surakarta.Network); !ok {
		t.Errorf("NetworkFile empty: the evaluator is a %T", s.Evaluator)
	}
}
