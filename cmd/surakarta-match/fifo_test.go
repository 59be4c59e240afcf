//go:build unix

package main

import (
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/internal/pipetest"
)

// TestOpeningsNamedPipe: -openings, of a match and of spsa, refuses a
// named pipe or a device as not a regular file, at once, rather than wait
// in the pipe's open for a writer or read the device as positions.
func TestOpeningsNamedPipe(t *testing.T) {
	pipetest.NotRegular(t, "openings.txt", func(t *testing.T, file string) {
		for _, args := range [][]string{
			{"-engine", "pvs,tuned", "-engine", "pvs,endgame", "-depth", "1", "-games", "2", "-openings", file},
			{"spsa", "-engine", "ugi:surakarta -tune", "-param", "a,20,0,200,8,0.002", "-iterations", "2", "-openings", file},
		} {
			var code int
			var stdout, stderr string
			pipetest.Within(t, file, func() { code, stdout, stderr = runCmd(args...) })
			if want := "-openings: " + file + ": not a regular file"; code != 2 || !strings.Contains(stderr, want) {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, code, stdout, stderr, want)
			}
		}
	})
}
