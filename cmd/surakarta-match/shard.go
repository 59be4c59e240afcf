package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/match"
)

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
