//go:build unix

package match

import (
	"os"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/pipetest"
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
			if err == nil || !strings.Contains(err.Error(), file+": not a regular file") {
				t.Errorf("%s(%s): %v; want it refused as not a regular file", what, file, err)
			}
		}
	}
}
