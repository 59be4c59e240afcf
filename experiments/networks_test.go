package experiments

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestNetworks checks that the weights kept in networks/ are whole and of
// the sizes docs/network-runs.md gives them, so that a run can load them
// with the engine's option NetworkFile instead of fitting them again.
func TestNetworks(t *testing.T) {
	for name, hidden := range map[string]int{"g2-64.nnue": 64, "g2-128.nnue": 128, "g2-256.nnue": 256, "g2d-128.nnue": 128, "g2nt-64.nnue": 64} {
		f, err := os.Open(filepath.Join("networks", name))
		if err != nil {
			t.Fatal(err)
		}
		n, err := surakarta.ReadNetwork(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if h, s := n.Size(); h != hidden || s != 0 {
			t.Errorf("%s is %d×%d, want %d×0", name, h, s, hidden)
		}
	}
}
