package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/match"
)

// TestShardArguments: every bad shard, shard count and index variable is
// an error before anything is played or printed on stdout.
func TestShardArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games-{shard}.txt")
	for _, tc := range []struct {
		env  map[string]string
		args []string
		want string
	}{
		{nil, []string{"-shard", "5/3"}, "index 5 is not between 0 and 2"},
		{nil, []string{"-shard", "3/3"}, "index 3 is not between 0 and 2"},
		{nil, []string{"-shard", "-1/3"}, "index -1"},
		{nil, []string{"-shard", "0/0"}, "at least 1 shard"},
		{nil, []string{"-shard", "x"}, `shard "x": want i/N`},
		{nil, []string{"-shard", "1/2", "-shards", "2"}, "give one of them"},
		{nil, []string{"-shards", "-2"}, "-shards -2: want a positive number"},
		{nil, []string{"-shards", "3"}, "-shards 3: no shard index: neither JOB_COMPLETION_INDEX"},
		{map[string]string{cmdflag.EnvJobIndex: "abc"}, []string{"-shards", "3"}, `JOB_COMPLETION_INDEX="abc": want a number from 0`},
		{map[string]string{cmdflag.EnvJobIndex: "-1"}, []string{"-shards", "3"}, `JOB_COMPLETION_INDEX="-1": want a number from 0`},
		{map[string]string{cmdflag.EnvJobIndex: "3"}, []string{"-shards", "3"}, "shard 3 of -shards 3 (from JOB_COMPLETION_INDEX=3): index not below 3"},
		{map[string]string{cmdflag.EnvSlurmID: "x1"}, []string{"-shards", "3"}, `SLURM_ARRAY_TASK_ID="x1"`},
		{map[string]string{cmdflag.EnvSlurmID: "4", cmdflag.EnvSlurmMin: "5"}, []string{"-shards", "3"}, "SLURM_ARRAY_TASK_ID=4 is not in the array from SLURM_ARRAY_TASK_MIN=5"},
		{map[string]string{cmdflag.EnvSlurmID: "8", cmdflag.EnvSlurmMin: "5"}, []string{"-shards", "3"}, "shard 3 of -shards 3 (from SLURM_ARRAY_TASK_ID=8 from 5)"},
		{map[string]string{cmdflag.EnvSlurmID: "6", cmdflag.EnvSlurmMin: "2", cmdflag.EnvSlurmStep: "3"}, []string{"-shards", "3"}, "not in the array from SLURM_ARRAY_TASK_MIN=2 in steps of 3"},
		{map[string]string{cmdflag.EnvSlurmID: "6", cmdflag.EnvSlurmStep: "0"}, []string{"-shards", "3"}, "SLURM_ARRAY_TASK_STEP=0"},
		{map[string]string{cmdflag.EnvSlurmID: "1", cmdflag.EnvSlurmCount: "4"}, []string{"-shards", "3"}, "-shards 3, but the job array has SLURM_ARRAY_TASK_COUNT=4 tasks"},
		{map[string]string{cmdflag.EnvSlurmID: "1", cmdflag.EnvJobIndex: "1"}, []string{"-shards", "3"}, "both JOB_COMPLETION_INDEX and SLURM_ARRAY_TASK_ID are set"},
		{nil, []string{"-out", "", "-shard", "1/2"}, "shard 1/2: give -out"},
	} {
		cmdtest.ClearEnv(t, cmdflag.ShardEnv...)
		for name, value := range tc.env {
			t.Setenv(name, value)
		}
		args := append([]string{"-engine", "pvs,tuned", "-engine", "pvs,endgame", "-out", file, "-depth", "1", "-concurrency", "1"}, tc.args...)
		code, out, errOut := runCmd(args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "surakarta-match: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("match %q with %v: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, tc.env, code, out, errOut, tc.want)
		}
		if entries, _ := os.ReadDir(dir); len(entries) > 0 {
			t.Fatalf("match %q: a file was written: %v", tc.args, entries)
		}
	}
	cmdtest.ClearEnv(t, cmdflag.ShardEnv...)
	if code, _, errOut := runCmd("-engine", "pvs,tuned", "-engine", "pvs,endgame", "-depth", "1", "-out", file); code != 2 || !strings.Contains(errOut, "{shard} without -shard or -shards") {
		t.Errorf("{shard} without a shard: exit %d, %q", code, errOut)
	}
}

// shardArgs is a deterministic match for the shard tests: depth 2, games
// one at a time.
func shardArgs(games string, more ...string) []string {
	return append([]string{"-engine", "pvs,endgame", "-engine", "alphabeta,sixfactor", "-games", games, "-depth", "2", "-movetime", "0", "-concurrency", "1", "-seed", "5"}, more...)
}

// TestShardsAsProcesses runs a match whole, then in shards, each a process
// of its own given its shard by -shard or by the variables of a Kubernetes
// Indexed Job or a Slurm job array, and merges the shards' files: the
// merge prints what the whole match printed, with an SPRT that decides
// after a few pairs and without one.
func TestShardsAsProcesses(t *testing.T) {
	for _, tc := range []struct {
		name   string
		games  string
		more   []string
		shards []map[string]string // the environment of each shard
		flags  [][]string          // and its shard flags
	}{
		{
			name: "SPRT", games: "80", more: []string{"-sprt", "0,200"},
			shards: []map[string]string{nil, {cmdflag.EnvJobIndex: "1"}, {cmdflag.EnvSlurmID: "7", cmdflag.EnvSlurmMin: "5", cmdflag.EnvSlurmCount: "3"}},
			flags:  [][]string{{"-shard", "0/3"}, {"-shards", "3"}, {"-shards", "3"}},
		},
		{
			name: "no SPRT", games: "24",
			shards: []map[string]string{{cmdflag.EnvSlurmID: "0"}, {cmdflag.EnvJobIndex: "1"}},
			flags:  [][]string{{"-shards", "2"}, {"-shards", "2"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			whole := start(t, shardArgs(tc.games, append(tc.more, "-out", filepath.Join(dir, "whole.txt"))...)...)
			if code := whole.wait(t); code != 0 {
				t.Fatalf("the whole match: exit %d: %s", code, whole.stderr.String())
			}
			want := whole.stdout.String()
			if tc.more != nil && (strings.Contains(want, "undecided") || !strings.Contains(want, " accepted")) {
				t.Fatalf("the whole match did not decide: %s", want)
			}
			out := filepath.Join(dir, "shard-{shard}.txt")
			var procs []*started
			var files []string
			for i, env := range tc.shards {
				args := shardArgs(tc.games, append(append(tc.more, "-out", out), tc.flags[i]...)...)
				procs = append(procs, startWith(t, env, args...))
				files = append(files, strings.ReplaceAll(out, "{shard}", string(rune('0'+i))))
			}
			n := len(tc.shards)
			for i, p := range procs {
				code := p.wait(t)
				shard := "shard " + string(rune('0'+i)) + "/" + string(rune('0'+n))
				if code != 0 || !strings.Contains(p.stdout.String(), ", "+shard+": W-D-L") || !strings.Contains(p.stderr.String(), shard+": "+files[i]) {
					t.Fatalf("%s: exit %d, stdout %q, stderr:\n%s", shard, code, p.stdout.String(), p.stderr.String())
				}
			}
			// The merge reads the match from the records: only the SPRT
			// is given.
			m := start(t, slices.Concat(tc.more, []string{"-merge"}, files)...)
			if code := m.wait(t); code != 0 || m.stdout.String() != want {
				t.Fatalf("-merge: exit %d, stdout %q; the whole match printed %q; stderr:\n%s", code, m.stdout.String(), want, m.stderr.String())
			}
			if !strings.Contains(m.stderr.String(), fmt.Sprintf("merging %d record files\n", n)) {
				t.Errorf("-merge: stderr:\n%s", m.stderr.String())
			}
			// Without the last shard's file, the merge says what is missing.
			m = start(t, slices.Concat(tc.more, []string{"-merge"}, files[:n-1])...)
			if code := m.wait(t); code != 1 || !strings.Contains(m.stderr.String(), "games are missing from round") ||
				!strings.Contains(m.stderr.String(), "all its games") {
				t.Errorf("-merge without a shard: exit %d, stdout %q, stderr:\n%s", code, m.stdout.String(), m.stderr.String())
			}
		})
	}
}

// startWith starts the program with args and, in its environment, the
// variables env, without any other that gives a shard's index.
func startWith(t *testing.T, env map[string]string, args ...string) *started {
	t.Helper()
	p := &started{cmd: exec.Command(program.Path(t), args...), done: make(chan struct{})}
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); name != cmdflag.EnvJobIndex && !strings.HasPrefix(name, "SLURM_") {
			p.cmd.Env = append(p.cmd.Env, kv)
		}
	}
	for name, value := range env {
		p.cmd.Env = append(p.cmd.Env, name+"="+value)
	}
	p.cmd.Stdout, p.cmd.Stderr = &p.stdout, &p.stderr
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() { p.cmd.Process.Kill(); <-p.done })
	return p
}

// TestIncompleteIsNoResult: a merge of one shard of two lacks games: it
// prints nothing on stdout, and its games so far on stderr, marked as
// no result, before the error; so does a match that stopped early.
func TestIncompleteIsNoResult(t *testing.T) {
	file := filepath.Join(t.TempDir(), "shard.txt")
	if code, _, errOut := runCmd(shardArgs("8", "-shard", "0/2", "-out", file)...); code != 0 {
		t.Fatalf("shard 0/2: exit %d, stderr:\n%s", code, errOut)
	}
	code, out, errOut := runCmd("-merge", file)
	if code != 1 || out != "" || !strings.Contains(errOut, "\nso far, no result: pvs,endgame vs alphabeta,sixfactor: W-D-L ") ||
		!strings.Contains(errOut, "\nsurakarta-match: merging: incomplete: 4 of 8 games are missing") {
		t.Errorf("-merge of shard 0/2: exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	cfg := match.Config{A: enginespec.Engine{Name: "a"}, B: enginespec.Engine{Name: "b"}}
	var stdout, stderr strings.Builder
	if code := report(cfg, match.Outcome{Counts: elo.Counts{Wins: 1}}, context.Canceled, &stdout, &stderr); code != 1 || stdout.Len() != 0 ||
		!strings.HasPrefix(stderr.String(), "so far, no result: a vs b: W-D-L 1-0-0") || !strings.HasSuffix(stderr.String(), "\nsurakarta-match: context canceled\n") {
		t.Errorf("a match stopped early: exit %d, stdout %q, stderr %q", code, stdout.String(), stderr.String())
	}
}

// TestMergeArguments: -merge takes the record files and, of the flags,
// only -sprt, and -games for records that do not name their number of
// games; it reads the rest of the match from the records.
func TestMergeArguments(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.txt")
	code, want, errOut := runCmd(shardArgs("4", "-out", file)...)
	if code != 0 {
		t.Fatalf("the match: exit %d, stderr:\n%s", code, errOut)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-merge"}, "-merge: give the record files as arguments"},
		{[]string{"-merge", "-engine", "pvs,tuned", file}, "-engine is not for -merge"},
		{[]string{"-merge", "-depth", "2", file}, "-depth is not for -merge"},
		{[]string{"-merge", "-seed", "5", "-depth", "2", file}, "-depth, -seed are not for -merge"},
		{[]string{"-merge", "-concurrency", "2", file}, "-concurrency is not for -merge"},
		{[]string{"-merge", "-opening-plies", "4", file}, "-opening-plies is not for -merge"},
		{[]string{"-merge", "-shard", "0/2", file}, "-shard is not for -merge"},
		{[]string{"-merge", "-out", file, file}, "-out is not for -merge"},
		{[]string{"-merge", "-sprt", "10", file}, `-sprt "10"`},
		{[]string{"-merge", "-games", "4", file}, "-games 4: the records say the match has 4 games"},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "surakarta-match: ") || !strings.Contains(errOut, tc.want) {
			t.Errorf("match %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
	}

	// One file, the whole match's: the same summary.
	code, out, errOut := runCmd("-merge", file)
	if code != 0 || out != want || !strings.Contains(errOut, "pvs,endgame vs alphabeta,sixfactor: 4 games, depth 2\nmerging 1 record file\n") {
		t.Errorf("-merge of one file: exit %d, stdout %q (the match printed %q), stderr:\n%s", code, out, want, errOut)
	}

	// Records without a Games header, as older versions wrote them, need
	// -games.
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(old, regexp.MustCompile(`(?m)^\[Games "4"\]\n`).ReplaceAll(text, nil), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runCmd("-merge", old); code != 2 || !strings.Contains(errOut, "the records do not say the number of games (they have no Games header): give -games") {
		t.Errorf("-merge without Games: exit %d, stderr %q", code, errOut)
	}
	if code, _, errOut := runCmd("-merge", "-games", "3", old); code != 2 || !strings.Contains(errOut, "Games 3 is odd") {
		t.Errorf("-merge -games 3: exit %d, stderr %q", code, errOut)
	}
	if code, out, errOut := runCmd("-merge", "-games", "4", old); code != 0 || out != want {
		t.Errorf("-merge -games 4: exit %d, stdout %q (the match printed %q), stderr:\n%s", code, out, want, errOut)
	}

	// Files of two matches, or none, are refused.
	other := filepath.Join(dir, "other.txt")
	if code, _, errOut := runCmd(shardArgs("2", "-seed", "9", "-out", other)...); code != 0 {
		t.Fatalf("the other match: exit %d, stderr:\n%s", code, errOut)
	}
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{file, other}, other + " record 1: a game of another match than " + file + " record 1"},
		{[]string{filepath.Join(dir, "none.txt")}, "none.txt: no such file"},
	} {
		if code, out, errOut := runCmd(append([]string{"-merge"}, tc.files...)...); code != 1 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("-merge %q: exit %d, stdout %q, stderr %q; want exit 1 and an error saying %q", tc.files, code, out, errOut, tc.want)
		}
	}
}
