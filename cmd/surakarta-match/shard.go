package main

import (
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
	envJobIndex   = "JOB_COMPLETION_INDEX"
	envSlurmID    = "SLURM_ARRAY_TASK_ID"
	envSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	envSlurmStep  = "SLURM_ARRAY_TASK_STEP"
	envSlurmCount = "SLURM_ARRAY_TASK_COUNT"
)

// shardOf returns the shard that the flags -shard i/N and -shards N give:
// none when neither is given. With -shards N the index comes from the
// environment (getenv): JOB_COMPLETION_INDEX, or SLURM_ARRAY_TASK_ID
// counted from SLURM_ARRAY_TASK_MIN in steps of SLURM_ARRAY_TASK_STEP; the
// environment is read for nothing else, so a match run inside a job array
// without -shards is the whole match.
func shardOf(shard string, shards int, getenv func(string) string) (match.Shard, error) {
	switch {
	case shard != "" && shards != 0:
		return match.Shard{}, fmt.Errorf("-shard %s and -shards %d: give one of them", shard, shards)
	case shard != "":
		return match.ParseShard(shard)
	case shards < 0:
		return match.Shard{}, fmt.Errorf("-shards %d: want a positive number of shards", shards)
	case shards == 0:
		return match.Shard{}, nil
	}
	job, slurm := getenv(envJobIndex), getenv(envSlurmID)
	var index int
	var from string
	switch {
	case job != "" && slurm != "":
		return match.Shard{}, fmt.Errorf("-shards %d: both %s and %s are set: give -shard i/N", shards, envJobIndex, envSlurmID)
	case job != "":
		n, err := envNumber(envJobIndex, job)
		if err != nil {
			return match.Shard{}, err
		}
		index, from = n, fmt.Sprintf("%s=%s", envJobIndex, job)
	case slurm != "":
		id, err := envNumber(envSlurmID, slurm)
		if err != nil {
			return match.Shard{}, err
		}
		low, step := 0, 1
		if v := getenv(envSlurmMin); v != "" {
			if low, err = envNumber(envSlurmMin, v); err != nil {
				return match.Shard{}, err
			}
		}
		if v := getenv(envSlurmStep); v != "" {
			if step, err = envNumber(envSlurmStep, v); err != nil {
				return match.Shard{}, err
			}
			if step == 0 {
				return match.Shard{}, fmt.Errorf("%s=0: want a step of 1 or more", envSlurmStep)
			}
		}
		if id < low || (id-low)%step != 0 {
			return match.Shard{}, fmt.Errorf("%s=%d is not in the array from %s=%d in steps of %d", envSlurmID, id, envSlurmMin, low, step)
		}
		if v := getenv(envSlurmCount); v != "" {
			count, err := envNumber(envSlurmCount, v)
			if err != nil {
				return match.Shard{}, err
			}
			if count != shards {
				return match.Shard{}, fmt.Errorf("-shards %d, but the job array has %s=%d tasks: one task per shard", shards, envSlurmCount, count)
			}
		}
		index, from = (id-low)/step, fmt.Sprintf("%s=%d from %d", envSlurmID, id, low)
	default:
		return match.Shard{}, fmt.Errorf("-shards %d: no shard index: neither %s (a Kubernetes Indexed Job) nor %s (a Slurm job array) is set; give -shard i/N", shards, envJobIndex, envSlurmID)
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

// shardFile returns the record file of a shard: out with {shard} replaced
// by the shard's index. It is an error for a shard to have no record file
// (the merge reads it), and for {shard} to be in out without a shard.
func shardFile(out string, s match.Shard) (string, error) {
	switch {
	case s.Count > 0 && out == "":
		return "", fmt.Errorf("shard %v: give -out, the shard's record file, such as -out games-{shard}.txt: -merge reads it", s)
	case s.Count == 0 && strings.Contains(out, "{shard}"):
		return "", fmt.Errorf("-out %s: {shard} without -shard or -shards", out)
	}
	return strings.ReplaceAll(out, "{shard}", strconv.Itoa(s.Index)), nil
}

// shardName is ", shard i/N" for a shard, to name it in the summary; empty
// for the whole match.
func shardName(s match.Shard) string {
	if s.Count == 0 {
		return ""
	}
	return ", shard " + s.String()
}
