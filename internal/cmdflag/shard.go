package cmdflag

import (
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// The environment variables that give a shard's index: a Kubernetes
// Indexed Job sets JOB_COMPLETION_INDEX (0 to completions-1) in every pod;
// a Slurm job array sets SLURM_ARRAY_TASK_ID, with SLURM_ARRAY_TASK_MIN,
// SLURM_ARRAY_TASK_STEP and SLURM_ARRAY_TASK_COUNT describing the array.
const (
	EnvJobIndex   = "JOB_COMPLETION_INDEX"
	EnvSlurmID    = "SLURM_ARRAY_TASK_ID"
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmStep  = "SLURM_ARRAY_TASK_STEP"
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"
)

// ShardEnv are those variables, all of them: what a test that runs a
// command clears, so that a job it runs inside gives the command no index.
var ShardEnv = []string{EnvJobIndex, EnvSlurmID, EnvSlurmMin, EnvSlurmStep, EnvSlurmCount}

// Shard defines -shard, shard i/N of a command's work, none by default;
// part says which part of the work that is (and, where there is one, the
// file names {shard} is replaced in), as "the games g with g mod N == i".
// The commands that split their work over machines define it here, so
// that a shard is given the same way to each.
func Shard(fs *flag.FlagSet, part string) *string {
	return fs.String("shard", "", "do shard i/N (i from 0): "+part)
}

// Shards defines -shards, the number of shards when a job's environment
// gives the index (see ShardOf), none by default.
func Shards(fs *flag.FlagSet) *int {
	return fs.Int("shards", 0, "do one of N shards, the index from $JOB_COMPLETION_INDEX or $SLURM_ARRAY_TASK_ID (from $SLURM_ARRAY_TASK_MIN)")
}

// Part is part Index of Count of a command's work split over processes
// or machines, numbered from 0: a shard, as -shard i/N gives it. The zero
// Part is the whole work. A match's shard is match.Shard(part).
type Part struct{ Index, Count int }

// String returns the part as "i/N", as -shard takes it.
func (p Part) String() string { return strconv.Itoa(p.Index) + "/" + strconv.Itoa(p.Count) }

// parseShard parses the value of -shard, "i/N" with i from 0 to N-1, as
// match.ParseShard parses a shard.
func parseShard(text string) (Part, error) {
	index, count, ok := strings.Cut(strings.TrimSpace(text), "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(index))
	n, err2 := strconv.Atoi(strings.TrimSpace(count))
	switch {
	case !ok || err1 != nil || err2 != nil:
		return Part{}, fmt.Errorf("-shard %q: want i/N, such as 0/4 for the first of 4 shards", clip.Text(text))
	case n <= 0:
		return Part{}, fmt.Errorf("-shard %q: want at least 1 shard", clip.Text(text))
	case i < 0 || i >= n:
		return Part{}, fmt.Errorf("-shard %q: index %d is not between 0 and %d (the %d shards are numbered from 0)", clip.Text(text), i, n-1, n)
	}
	return Part{Index: i, Count: n}, nil
}

// ShardOf returns the shard that the flags -shard i/N and -shards N give,
// the zero Part when neither is given. The match tool, the tablebase tool
// and surakarta-tune gen share it, so that their shards are given, and
// their job arrays written, the same way. With -shards N the index comes
// from the environment (getenv): JOB_COMPLETION_INDEX, or
// SLURM_ARRAY_TASK_ID counted from SLURM_ARRAY_TASK_MIN in steps of
// SLURM_ARRAY_TASK_STEP; the environment is read for nothing else, so a
// run inside a job array without -shards does the whole work.
func ShardOf(shard string, shards int, getenv func(string) string) (Part, error) {
	switch {
	case shard != "" && shards != 0:
		return Part{}, fmt.Errorf("-shard %s and -shards %d: give one of them", shard, shards)
	case shard != "":
		return parseShard(shard)
	case shards < 0:
		return Part{}, fmt.Errorf("-shards %d: want a positive number of shards", shards)
	case shards == 0:
		return Part{}, nil
	}
	job, slurm := getenv(EnvJobIndex), getenv(EnvSlurmID)
	var index int
	var from string
	switch {
	case job != "" && slurm != "":
		return Part{}, fmt.Errorf("-shards %d: both %s and %s are set: give -shard i/N", shards, EnvJobIndex, EnvSlurmID)
	case job != "":
		n, err := envNumber(EnvJobIndex, job)
		if err != nil {
			return Part{}, err
		}
		index, from = n, fmt.Sprintf("%s=%s", EnvJobIndex, job)
	case slurm != "":
		id, err := envNumber(EnvSlurmID, slurm)
		if err != nil {
			return Part{}, err
		}
		low, step := 0, 1
		if v := getenv(EnvSlurmMin); v != "" {
			if low, err = envNumber(EnvSlurmMin, v); err != nil {
				return Part{}, err
			}
		}
		if v := getenv(EnvSlurmStep); v != "" {
			if step, err = envNumber(EnvSlurmStep, v); err != nil {
				return Part{}, err
			}
			if step == 0 {
				return Part{}, fmt.Errorf("%s=0: want a step of 1 or more", EnvSlurmStep)
			}
		}
		if id < low || (id-low)%step != 0 {
			return Part{}, fmt.Errorf("%s=%d is not in the array from %s=%d in steps of %d", EnvSlurmID, id, EnvSlurmMin, low, step)
		}
		if v := getenv(EnvSlurmCount); v != "" {
			count, err := envNumber(EnvSlurmCount, v)
			if err != nil {
				return Part{}, err
			}
			if count != shards {
				return Part{}, fmt.Errorf("-shards %d, but the job array has %s=%d tasks: one task per shard", shards, EnvSlurmCount, count)
			}
		}
		index, from = (id-low)/step, fmt.Sprintf("%s=%d from %d", EnvSlurmID, id, low)
	default:
		return Part{}, fmt.Errorf("-shards %d: no shard index: neither %s (a Kubernetes Indexed Job) nor %s (a Slurm job array) is set; give -shard i/N", shards, EnvJobIndex, EnvSlurmID)
	}
	if index >= shards {
		return Part{}, fmt.Errorf("shard %d of -shards %d (from %s): index not below %d", index, shards, from, shards)
	}
	return Part{Index: index, Count: shards}, nil
}

// envNumber reads a non-negative decimal number from the environment
// variable name, whose value is value.
func envNumber(name, value string) (int, error) {
	n, err := strconv.Atoi(value)
	if err != nil || n < 0 || strings.TrimLeft(value, "0123456789") != "" {
		return 0, fmt.Errorf("%s=%.20q: want a number from 0", name, value)
	}
	return n, nil
}
