//go:build unix

package match

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/pipetest"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// TestMergeRefusesNamedPipe: Merge and ReadConfig refuse a named pipe, or
// a device, as not a regular file, at once: they open it without waiting
// for a writer.
func TestMergeRefusesNamedPipe(t *testing.T) {
	pipe := pipetest.New(t, "games.txt")
	files := []string{pipe}
	if _, err := os.Stat(os.DevNull); err == nil {
		files = append(files, os.DevNull)
	}
	for _, file := range files {
		for what, f := range map[string]func() error{
			"Merge":      func() error { _, err := Merge(config(file, 4), file); return err },
			"ReadConfig": func() error { _, err := ReadConfig(file); return err },
		} {
			var err error
			pipetest.Within(t, pipe, func() { err = f() })
			if !errors.Is(err, regularfile.ErrNotRegular) || !strings.Contains(err.Error(), file) {
				t.Errorf("%s(%s): %v; want it refused as not a regular file, named", what, file, err)
			}
		}
	}
}

// TestRunRefusesNamedPipe: Run's record file and RunSPSA's state file,
// read to resume and then written, must be regular files: a named pipe
// (whose reads would wait for the writer that the match itself is) or a
// device is refused at once, and nothing is played.
func TestRunRefusesNamedPipe(t *testing.T) {
	pipetest.NotRegular(t, "games.txt", func(t *testing.T, file string) {
		for what, f := range map[string]func() error{
			"Run": func() error { _, err := Run(context.Background(), config(file, 4)); return err },
			"RunSPSA": func() error {
				_, err := RunSPSA(context.Background(), SPSAConfig{
					Params:     []SPSAParam{{Name: "a", Start: 20, Min: 0, Max: 200, CEnd: 8, REnd: 0.02}},
					Iterations: 4, Seed: 3, Limits: surakarta.Limits{Nodes: 1000}, StateFile: file,
					play: fakePairs([]float64{70}, []float64{50}, 5),
				})
				return err
			},
		} {
			var err error
			pipetest.Within(t, file, func() { err = f() })
			if !errors.Is(err, regularfile.ErrNotRegular) || !strings.Contains(err.Error(), file) {
				t.Errorf("%s(%s): %v; want it refused as not a regular file, named", what, file, err)
			}
		}
	})
}
