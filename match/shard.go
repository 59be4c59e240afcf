package match

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Shard is one part of a match split over several processes or machines:
// part Index of Count, numbered from 0. The zero Shard is the whole match.
//
// A match of Games games has Games/2 game pairs, pair p being rounds 2p+1
// (A with Black) and 2p+2 (A with White), p from 0. Shard i of N plays
// the pairs p with p mod N == i, whole pairs so that the pentanomial
// statistics hold, under their round numbers in the whole match; its
// records carry a header [Shard "i/N"]. Merge combines the shards' record
// files into the Outcome of the whole match. A shard with no pair (N
// greater than the number of pairs) plays nothing.
//
// A shard does not stop when an SPRT decides on its own pairs: it plays
// all of them, and Merge applies the SPRT to the pairs of all shards in
// order (see Merge). Its Outcome's LLR and Decision are those of its own
// pairs alone.
//
// A Shard is a plain value: it is safe for concurrent use.
type Shard struct{ Index, Count int }

// shardHeader is the name of the record header that names a shard.
const shardHeader = "Shard"

// ParseShard parses a shard written as "i/N", such as "0/4" for the first
// of four shards: i from 0 to N-1. The error wraps ErrInvalidConfig.
func ParseShard(text string) (Shard, error) {
	index, count, ok := strings.Cut(strings.TrimSpace(text), "/")
	i, err1 := strconv.Atoi(strings.TrimSpace(index))
	n, err2 := strconv.Atoi(strings.TrimSpace(count))
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("%w: shard %q: want i/N, such as 0/4 for the first of 4 shards", ErrInvalidConfig, clip.Text(text))
	}
	s := Shard{Index: i, Count: n}
	if n == 0 {
		return Shard{}, fmt.Errorf("%w: shard %q: want at least 1 shard", ErrInvalidConfig, clip.Text(text))
	}
	return s, s.Validate()
}

// String returns the shard as "i/N", the form ParseShard reads; the zero
// Shard, the whole match, is "0/0".
func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// Validate reports whether s is the zero Shard or a shard Index of Count
// with 0 ≤ Index < Count. The error wraps ErrInvalidConfig.
func (s Shard) Validate() error {
	switch {
	case s == Shard{}:
		return nil
	case s.Count < 0:
		return fmt.Errorf("%w: Shard %v: the count %d is negative", ErrInvalidConfig, s, s.Count)
	case s.Count == 0:
		return fmt.Errorf("%w: Shard %v: index %d without a count (the zero Shard is the whole match)", ErrInvalidConfig, s, s.Index)
	case s.Index < 0 || s.Index >= s.Count:
		return fmt.Errorf("%w: Shard %v: index %d is not between 0 and %d (the %d shards are numbered from 0)", ErrInvalidConfig, s, s.Index, s.Count-1, s.Count)
	}
	return nil
}

// Plays reports whether the shard plays the game of round number (from 1):
// whether the round's pair, (number-1)/2, modulo Count is Index. The zero
// Shard plays every round.
func (s Shard) Plays(number int) bool {
	if s.Count == 0 {
		return number >= 1
	}
	return number >= 1 && ((number-1)/2)%s.Count == s.Index
}

// games returns the number of games of a match of games games that the
// shard plays.
func (s Shard) games(games int) int {
	if s.Count == 0 {
		return games
	}
	pairs := games / 2
	if s.Index >= pairs {
		return 0
	}
	return 2 * ((pairs-s.Index-1)/s.Count + 1)
}

// header returns the Shard header of the shard's records; none for the
// zero Shard.
func (s Shard) header() []record.Header {
	if s.Count == 0 {
		return nil
	}
	return []record.Header{{Name: shardHeader, Value: s.String()}}
}

// recordShard returns the shard a record says it was played by: the zero
// Shard when it has no Shard header.
func recordShard(rec *record.Record) (Shard, error) {
	text, ok := rec.Header(shardHeader)
	if !ok {
		return Shard{}, nil
	}
	s, err := ParseShard(text)
	if err != nil {
		return Shard{}, fmt.Errorf("a Shard header %q that does not read", clip.Text(text))
	}
	return s, nil
}

// checkShard returns an error unless rec, a game of round number, was
// played by shard s and is in its share.
func (s Shard) checkShard(rec *record.Record, number int) error {
	got, err := recordShard(rec)
	switch {
	case err != nil:
		return err
	case got != s && s.Count == 0:
		return fmt.Errorf("a game of shard %v, not of the whole match: a shard's file is merged (Merge), not resumed by the whole match", got)
	case got != s && got.Count == 0:
		return fmt.Errorf("a game of the whole match, not of shard %v: use another file for the shard", s)
	case got != s:
		return fmt.Errorf("a game of shard %v, not of shard %v: use another file for each shard", got, s)
	case !s.Plays(number):
		return fmt.Errorf("round %d is not one of shard %v's rounds", number, s)
	}
	return nil
}
