package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// TestShardArguments: a bad shard, a shard without its own files, and
// {shard} or -merge where they do not belong are errors, with exit status
// 2, before anything is played.
func TestShardArguments(t *testing.T) {
	cmdtest.ClearEnv(t, cmdflag.ShardEnv...)
	dir := t.TempDir()
	records, out := filepath.Join(dir, "games-{shard}.txt"), filepath.Join(dir, "data-{shard}.txt")
	// play is a run of 12 games with args; shard adds a shard's files.
	play := func(args ...string) []string { return append([]string{"-games", "12", "-nodes", "300"}, args...) }
	shard := func(args ...string) []string { return play(append(args, "-records", records, "-out", out)...) }
	for _, tc := range []struct {
		args []string
		want string
	}{
		{shard("-shard", "3/3"), "index 3 is not between 0 and 2"},
		{shard("-shard", "x"), `shard "x": want i/N`},
		{shard("-shards", "-1"), "-shards -1: want a positive number of shards"},
		{shard("-shard", "0/3", "-shards", "3"), "-shard 0/3 and -shards 3: give one of them"},
		{shard("-shards", "3"), "-shards 3: no shard index"},
		{play("-shard", "0/3", "-out", out), "shard 0/3: give -records"},
		{play("-shard", "0/3", "-records", "games.txt", "-out", out), "-records games.txt: put {shard} in it"},
		{play("-shard", "0/3", "-records", records), "-out positions.txt: put {shard} in it"},
		{play("-shard", "0/3", "-from", "games.txt", "-out", out), "shard 0/3 and -from"},
		{play("-out", out), "{shard} without -shard or -shards"},
		{play("-records", records), "-records " + records + ": {shard} without -shard or -shards"},
		{[]string{"-merge"}, "-merge: give the shards' record files"},
		{[]string{"-merge", "-games", "12", "games-0.txt"}, "-games not for -merge"},
		{[]string{"-merge", "-shard", "0/3", "games-0.txt"}, "-shard not for -merge"},
		{[]string{"-merge", "-out", out, "games-0.txt"}, "-merge writes the one data file"},
	} {
		args := append([]string{"gen"}, tc.args...)
		code, stdout, stderr := runCmd(args...)
		if code != 2 || stdout != "" || !strings.HasPrefix(stderr, "surakarta-tune gen: ") || !strings.Contains(stderr, tc.want) || !strings.Contains(stderr, "-h for help") || strings.Contains(stderr, "match:") {
			t.Errorf("tune %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", args, code, stdout, stderr, tc.want)
		}
	}
	if entries, err := os.ReadDir(dir); err != nil || len(entries) > 0 {
		t.Errorf("bad arguments wrote %d files (%v)", len(entries), err)
	}
}

// TestShardProcesses runs gen as a cluster would, the program as separate
// processes: a run of 12 games in 3 shards, once given by -shard i/3 and
// once by -shards 3 with the index from JOB_COMPLETION_INDEX or
// SLURM_ARRAY_TASK_ID (counted from SLURM_ARRAY_TASK_MIN). Each shard's
// records must be exactly the whole run's games g with g mod 3 == i, and
// -merge of the shards' records must write the whole run's data file,
// byte for byte. Merging too few files, a file twice or files of another
// run fails.
func TestShardProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("plays self-play games")
	}
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	bin, err := cmdtest.Build(dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	run := func(env []string, args ...string) {
		t.Helper()
		cmd := exec.Command(bin, args...)
		cmd.Env = os.Environ()
		for _, name := range cmdflag.ShardEnv {
			cmd.Env = append(cmd.Env, name+"=")
		}
		cmd.Env = append(cmd.Env, env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%q %q: %v\n%s", env, args, err, stderr.String())
		}
	}
	read := func(name string) []byte {
		t.Helper()
		b, err := os.ReadFile(path(name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	gen := []string{"gen", "-games", "12", "-nodes", "300", "-seed", "3"}
	run(nil, slices.Concat(gen, []string{"-concurrency", "2", "-records", path("whole.txt"), "-out", path("whole-data.txt")})...)
	whole, err := record.ReadAll(bytes.NewReader(read("whole.txt")))
	if err != nil || len(whole) != 12 {
		t.Fatalf("the whole run's records: %d, %v", len(whole), err)
	}
	// games returns the whole run's records of the games g with g mod n
	// == i, in order, as gen writes them.
	games := func(i, n int) []byte {
		var b bytes.Buffer
		for g, r := range whole {
			if g%n == i {
				r.WriteTo(&b)
				b.WriteString("\n")
			}
		}
		return b.Bytes()
	}
	if !bytes.Equal(games(0, 1), read("whole.txt")) {
		t.Fatal("the whole run's records do not read back as written")
	}

	shards3 := []string{"-shards", "3"}
	for _, way := range []struct {
		name string
		runs [3]struct{ env, flags []string } // shard i's environment and flags
	}{
		{"flag", [3]struct{ env, flags []string }{{nil, []string{"-shard", "0/3"}}, {nil, []string{"-shard", "1/3"}}, {nil, []string{"-shard", "2/3"}}}},
		{"env", [3]struct{ env, flags []string }{
			{[]string{"JOB_COMPLETION_INDEX=0"}, shards3},
			{[]string{"SLURM_ARRAY_TASK_ID=6", "SLURM_ARRAY_TASK_MIN=5", "SLURM_ARRAY_TASK_COUNT=3"}, shards3},
			{[]string{"JOB_COMPLETION_INDEX=2"}, shards3},
		}},
	} {
		var shardFiles []string
		for i, r := range way.runs {
			run(r.env, slices.Concat(gen, r.flags, []string{"-concurrency", "1", "-records", path(way.name + "-{shard}.txt"), "-out", path(way.name + "-data-{shard}.txt")})...)
			name := fmt.Sprintf("%s-%d.txt", way.name, i)
			if !bytes.Equal(read(name), games(i, 3)) {
				t.Errorf("%s: shard %d/3's records are not the whole run's games g with g mod 3 == %d", way.name, i, i)
			}
			shardFiles = append(shardFiles, path(name))
		}
		merged := way.name + "-merged.txt"
		run(nil, append([]string{"gen", "-merge", "-out", path(merged)}, shardFiles...)...)
		if !bytes.Equal(read(merged), read("whole-data.txt")) {
			t.Errorf("%s: the merged data differ from the whole run's", way.name)
		}
	}

	run(nil, "gen", "-games", "12", "-nodes", "300", "-seed", "4", "-shard", "2/3", "-records", path("seed4-{shard}.txt"), "-out", path("seed4-data-{shard}.txt"))
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{"flag-0.txt", "flag-1.txt"}, "lack 4 of the run's 12 games (games 3, 6, 9, 12)"},
		{[]string{"flag-0.txt", "flag-1.txt", "flag-2.txt", "env-1.txt"}, "game 2 twice"},
		{[]string{"flag-0.txt", "flag-1.txt", "seed4-2.txt"}, `has Seed "4"`},
		{[]string{"whole-data.txt"}, "whole-data.txt"},
	} {
		args := []string{"gen", "-merge", "-out", path("bad.txt")}
		for _, f := range tc.files {
			args = append(args, path(f))
		}
		if code, _, stderr := runCmd(args...); code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("tune gen -merge %q: exit %d, stderr %q; want exit 1 and an error saying %q", tc.files, code, stderr, tc.want)
		}
	}
}
