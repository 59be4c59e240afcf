package cmdflag

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/match"
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

// ShardOf returns the shard that the flags -shard i/N and -shards N give,
// none when neither is given. The match tool, the tablebase tool and
// surakarta-tune gen share it, so that their shards are given, and their
// job arrays written, the same way. With -shards N the index comes from the
// environment (getenv): JOB_COMPLETION_INDEX, or SLURM_ARRAY_TASK_ID
// counted from SLURM_ARRAY_TASK_MIN in steps of SLURM_ARRAY_TASK_STEP; the
// environment is read for nothing else, so a run inside a job array
// without -shards does the whole work.
func ShardOf(shard string, shards int, getenv func(string) string) (match.Shard, error) {
	switch {
	case shard != "" && shards != 0:
		return match.Shard{}, fmt.Errorf("-shard %s and -shards %d: give one of them", shard, shards)
	case shard != "":
		s, err := match.ParseShard(shard)
		if err != nil {
			// The flag's error, not the package's.
			return s, errors.New(Message(err))
		}
		return s, nil
	case shards < 0:
		return match.Shard{}, fmt.Errorf("-shards %d: want a positive number of shards", shards)
	case shards == 0:
		return match.Shard{}, nil
	}
	job, slurm := getenv(EnvJobIndex), getenv(EnvSlurmID)
	var index int
	var from string
	switch {
	case job != "" && slurm != "":
		return match.Shard{}, fmt.Errorf("-shards %d: both %s and %s are set: give -shard i/N", shards, EnvJobIndex, EnvSlurmID)
	case job != "":
		n, err := envNumber(EnvJobIndex, job)
		if err != nil {
			return match.Shard{}, err
		}
		index, from = n, fmt.Sprintf("%s=%s", EnvJobIndex, job)
	case slurm != "":
		id, err := envNumber(EnvSlurmID, slurm)
		if err != nil {
			return match.Shard{}, err
		}
		low, step := 0, 1
		if v := getenv(EnvSlurmMin); v != "" {
			if low, err = envNumber(EnvSlurmMin, v); err != nil {
				return match.Shard{}, err
			}
		}
		if v := getenv(EnvSlurmStep); v != "" {
			if step, err = envNumber(EnvSlurmStep, v); err != nil {
				return match.Shard{}, err
			}
			if step == 0 {
				return match.Shard{}, fmt.Errorf("%s=0: want a step of 1 or more", EnvSlurmStep)
			}
		}
		if id < low || (id-low)%step != 0 {
			return match.Shard{}, fmt.Errorf("%s=%d is not in the array from %s=%d in steps of %d", EnvSlurmID, id, EnvSlurmMin, low, step)
		}
		if v := getenv(EnvSlurmCount); v != "" {
			count, err := envNumber(EnvSlurmCount, v)
			if err != nil {
				return match.Shard{}, err
			}
			if count != shards {
				return match.Shard{}, fmt.Errorf("-shards %d, but the job array has %s=%d tasks: one task per shard", shards, EnvSlurmCount, count)
			}
		}
		index, from = (id-low)/step, fmt.Sprintf("%s=%d from %d", EnvSlurmID, id, low)
	default:
		return match.Shard{}, fmt.Errorf("-shards %d: no shard index: neither %s (a Kubernetes Indexed Job) nor %s (a Slurm job array) is set; give -shard i/N", shards, EnvJobIndex, EnvSlurmID)
	}
	s := match.Shard{Index: index, Count: shards}
	if err := s.Validate(); err != nil {
		return match.Shard{}, fmt.Errorf("shard %d of -shards %d (from %s): index not below %d", index, shards, from, shards)
	}
	return s, nil
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
