package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// program is the command, built for the tests that run it as a process.
var program = cmdtest.Program{Pkg: "."}

// generate runs the program's generate with args into dir, as a process,
// with env added to its environment.
func generate(t *testing.T, env []string, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command(program.Path(t), append([]string{"generate", "-dir", dir}, args...)...)
	cmd.Env = append(os.Environ(), "JOB_COMPLETION_INDEX=", "SLURM_ARRAY_TASK_ID=")
	cmd.Env = append(cmd.Env, env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("generate %q: %v\n%s", args, err, stderr.String())
	}
}

// files returns the contents of the files of dir, by name.
func files(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	m := make(map[string][]byte)
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		m[e.Name()] = data
	}
	return m
}

// sameFiles fails unless dirs a and b hold the same files, byte for byte.
func sameFiles(t *testing.T, what string, a, b string) {
	t.Helper()
	fa, fb := files(t, a), files(t, b)
	var na, nb []string
	for n := range fa {
		na = append(na, n)
	}
	for n := range fb {
		nb = append(nb, n)
	}
	slices.Sort(na)
	slices.Sort(nb)
	if !slices.Equal(na, nb) {
		t.Fatalf("%s: files %q, want %q", what, nb, na)
	}
	for n, data := range fa {
		if !bytes.Equal(data, fb[n]) {
			t.Errorf("%s: %s differs", what, n)
		}
	}
}

// copyFiles copies the files of dir from into dir to.
func copyFiles(t *testing.T, from, to string) {
	t.Helper()
	if err := os.MkdirAll(to, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files(t, from) {
		if err := os.WriteFile(filepath.Join(to, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestShardProcesses makes the tables of up to 4 pieces, for both rule
// sets, as a cluster would, with the program as separate processes: the
// levels below 4 in one run, then the 4-piece level in shards, once all
// into one shared directory (-shard 0/2 and 1/2, and -shards 3 with the
// index from JOB_COMPLETION_INDEX and from SLURM_ARRAY_TASK_ID), once each
// shard into its own copy of the smaller tables, merged by copying. Every
// way gives the same files, byte for byte, as one run of one process, and
// -workers 1 the same as -workers 2. The quiet-ply rules (limit 4) are
// made with SURAKARTA_FULL=1, the capture-all rules always.
func TestShardProcesses(t *testing.T) {
	captureAll, quiet := []string{"-quiet-plies", "0"}, []string{"-quiet-plies", "4"}
	for _, rules := range testsize.Sized([][]string{captureAll, quiet}, [][]string{captureAll}, [][]string{captureAll}) {
		t.Run("rules"+rules[1], func(t *testing.T) {
			root := t.TempDir()
			single, one := filepath.Join(root, "single"), filepath.Join(root, "workers1")
			generate(t, nil, single, append(rules, "-pieces", "4", "-workers", "2")...)
			generate(t, nil, one, append(rules, "-pieces", "4", "-workers", "1")...)
			sameFiles(t, "-workers 1", single, one)

			lower := filepath.Join(root, "lower")
			generate(t, nil, lower, append(rules, "-pieces", "3")...)

			shared := filepath.Join(root, "shared")
			copyFiles(t, lower, shared)
			generate(t, nil, shared, append(rules, "-pieces", "4", "-shard", "0/2")...)
			generate(t, nil, shared, append(rules, "-pieces", "4", "-shard", "1/2")...)
			sameFiles(t, "shared directory, -shard i/2", single, shared)

			env := filepath.Join(root, "env")
			copyFiles(t, lower, env)
			generate(t, []string{"JOB_COMPLETION_INDEX=0"}, env, append(rules, "-pieces", "4", "-shards", "3")...)
			generate(t, []string{"SLURM_ARRAY_TASK_ID=6", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_COUNT=3"}, env, append(rules, "-pieces", "4", "-shards", "3")...)
			generate(t, []string{"JOB_COMPLETION_INDEX=2"}, env, append(rules, "-pieces", "4", "-shards", "3")...)
			sameFiles(t, "shared directory, -shards 3 from the environment", single, env)

			merged := filepath.Join(root, "merged")
			copyFiles(t, lower, merged)
			for _, s := range []string{"0/2", "1/2"} {
				own := filepath.Join(root, "shard"+s[:1])
				copyFiles(t, lower, own)
				generate(t, nil, own, append(rules, "-pieces", "4", "-shard", s, "-workers", "1")...)
				copyFiles(t, own, merged)
			}
			sameFiles(t, "separate directories merged", single, merged)
		})
	}
}
