package match

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/errmark"
	"github.com/surakarta-go/surakarta/internal/regularfile"
)

// Merge combines the record files of the shards of a match (see Shard)
// into the Outcome of the whole match, as if one process had played it.
//
// cfg describes the whole match, as the shards were given it or as
// ReadConfig reads it from the files: the engines (their names; New is
// not called and may be nil), Games, Limits, OpeningPlies and Seed or the
// given Openings, and
// the SPRT, if any, and MaxPlies, if the match had another than the
// default (the records do not say it). It must validate (Config.Validate)
// but for the engines' New; its Shard, RecordFile, Concurrency, Tables
// and TablePieces are not used (the records of games that the tables
// adjudicated are counted as they are: see Config.Tables). In given Openings, the zero Position stands for an opening not
// known, as ReadConfig leaves one of a pair that no file holds: the first
// record of that pair read gives it, and the pair's other record must
// start from the same position.
//
// Every record is checked as Run checks a record file it resumes (engines,
// colours, time control, seed, the round's opening, a result that the
// match makes with its evidence in the record: see Config.RecordFile),
// and: all records are of shards of one split (the same count N, or all
// of the whole match, with no Shard header), each round is one of its
// shard's, and no round is in the files twice; a record that fails a
// check, like a call without files, is an error wrapping ErrMismatch. Records of rounds beyond
// Games, which a longer match played, are left out, as when resuming. The
// files are read one record at a time and not locked, so they may be
// merged while the shards still run: a record cut short at the end of a
// file (the one being written) is left out, with a line on cfg.Progress;
// any other record that does not read is an error naming the file and
// line. Only regular files are read (symbolic links followed): a named
// pipe or a device is refused at once, never waited on or read without
// end.
//
// The games are then counted pair after pair in round order, the order in
// which Run plays them one at a time (Concurrency 1): W/D/L, the
// pentanomial and, with an SPRT, its LLR and Decision after every pair,
// stopping at the first pair where the SPRT decides. So for engines that
// play the same move in the same position (a fixed Depth or Nodes, one
// search thread), merging the complete shards gives exactly the Outcome of
// Run on the whole match with the same Config and Concurrency 1; without
// an SPRT, with any Concurrency. Outcome.Resumed is 0.
//
// When a pair that the result needs is missing (a shard not finished, or
// its file not given), Merge returns an error wrapping ErrIncomplete that
// counts the missing games and names their rounds by shard, with the
// Outcome of the pairs before the first missing one. Once the SPRT has
// decided, the later pairs are not needed: merging while the shards run
// tells when the match is decided and the shards can be stopped.
func Merge(cfg Config, files ...string) (Outcome, error) {
	cfg.Shard = Shard{}
	for _, e := range []*enginespec.Engine{&cfg.A, &cfg.B} {
		if e.New == nil { // not called: the records name the engines
			e.New = func() surakarta.Searcher { return nil }
		}
	}
	if err := cfg.validate(true); err != nil {
		return Outcome{}, err
	}
	if len(files) == 0 {
		return Outcome{}, errmark.Errorf(ErrMismatch, "match: merging: no record files")
	}
	if cfg.OpeningPlies == 0 && cfg.Openings == nil {
		cfg.OpeningPlies = defaultOpeningPlies
	}
	openings, err := cfg.openings()
	if err != nil {
		return Outcome{}, err
	}
	openings = slices.Clone(openings) // add fills in the unknown ones
	mg := &merger{
		m:      &matchState{cfg: cfg, outcome: newOutcome(cfg)},
		scores: make(map[int]float64),
		from:   make(map[int]string),
	}
	for _, file := range files {
		if err := mg.read(file, openings); err != nil {
			return Outcome{}, err
		}
	}
	return mg.outcome()
}

// merger is the state of Merge.
type merger struct {
	m      *matchState     // the match: cfg and checkRecord
	scores map[int]float64 // A's score in each round read
	from   map[int]string  // where each round was read: "FILE record N"
	split  *Shard          // the shard of the first record read
	first  string          // where that record was read
}

// read reads one record file into the scores.
func (mg *merger) read(file string, openings []surakarta.Position) error {
	f, err := regularfile.Open(file)
	if err != nil {
		return fmt.Errorf("match: merging: %w", err)
	}
	defer f.Close()
	rf := &recordFile{name: file, f: f}
	_, cut, err := rf.scan("match: merging: ", func(rec *record.Record, n int) error {
		where := fmt.Sprintf("%s record %d", file, n)
		if err := mg.add(rec, where, openings); err != nil {
			return errmark.Errorf(ErrMismatch, "match: merging: %s: %w", where, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if w := mg.m.cfg.Progress; w != nil && cut != nil {
		fmt.Fprintf(w, "%s ends with a record cut short (%v): left out, as a shard still writing it or a crash leaves it\n", file, cut)
	}
	return nil
}

// add checks one record and adds its score.
func (mg *merger) add(rec *record.Record, where string, openings []surakarta.Position) error {
	cfg := &mg.m.cfg
	if cfg.Openings != nil { // an unknown opening is the start of the first record of its pair
		roundText, _ := rec.Header("Round")
		if number, err := strconv.Atoi(roundText); err == nil && number >= 1 && number <= cfg.Games &&
			openings[(number-1)/2] == (surakarta.Position{}) {
			openings[(number-1)/2] = rec.Game.StartPosition()
		}
	}
	number, err := mg.m.checkRecord(rec, openings)
	if err != nil {
		return err
	}
	shard, err := recordShard(rec)
	if err != nil {
		return err
	}
	if mg.split == nil {
		mg.split, mg.first = &shard, where
	}
	switch split := *mg.split; {
	case shard.Count != split.Count && split.Count == 0:
		return fmt.Errorf("a game of shard %v, but %s is a game of the whole match: merge the files of one split", shard, mg.first)
	case shard.Count != split.Count && shard.Count == 0:
		return fmt.Errorf("a game of the whole match, but %s is a game of shard %v: merge the files of one split", mg.first, split)
	case shard.Count != split.Count:
		return fmt.Errorf("a game of shard %v, but %s is a game of shard %v: merge the files of one split", shard, mg.first, split)
	case !shard.Plays(number):
		return fmt.Errorf("round %d is not one of shard %v's rounds", number, shard)
	}
	if earlier, seen := mg.from[number]; seen {
		return fmt.Errorf("round %d again (%s is round %d): each round is played once", number, earlier, number)
	}
	mg.from[number] = where
	if number > cfg.Games {
		return nil // a round of a longer match
	}
	black, _ := rec.Header("Black")
	mg.scores[number] = aScore(rec.Result, black == cfg.A.Name)
	return nil
}

// outcome counts the scores pair after pair in round order, as Run does
// playing one game at a time, until the SPRT decides or a pair is missing.
func (mg *merger) outcome() (Outcome, error) {
	m := mg.m
	m.scores = make(map[int]float64)
	for p := range m.cfg.Games / 2 {
		first, ok1 := mg.scores[2*p+1]
		second, ok2 := mg.scores[2*p+2]
		if !ok1 || !ok2 {
			return m.outcome, mg.missing()
		}
		if err := m.add(2*p+1, first); err != nil {
			return m.outcome, err
		}
		if err := m.add(2*p+2, second); err != nil {
			return m.outcome, err
		}
		if m.cfg.SPRT != nil && m.outcome.Decision != elo.Continue {
			break
		}
	}
	return m.outcome, nil
}

// missing returns the error that counts the missing games and names their
// rounds, by shard.
func (mg *merger) missing() error {
	games := mg.m.cfg.Games
	var split Shard
	if mg.split != nil {
		split = *mg.split
	}
	byShard := make(map[int][]int) // shard index → its missing rounds
	total, first := 0, 0
	for r := 1; r <= games; r++ {
		if _, ok := mg.scores[r]; ok {
			continue
		}
		if first == 0 {
			first = r
		}
		total++
		i := 0
		if split.Count > 0 {
			i = ((r - 1) / 2) % split.Count
		}
		byShard[i] = append(byShard[i], r)
	}
	var parts []string
	for _, i := range slices.Sorted(maps.Keys(byShard)) {
		rounds := byShard[i]
		part := fmt.Sprintf("%d (rounds %s)", len(rounds), roundRanges(rounds))
		if split.Count > 0 {
			s := Shard{Index: i, Count: split.Count}
			part = fmt.Sprintf("shard %v lacks %s", s, part)
			if len(rounds) == s.games(games) {
				part += ", all its games"
			}
		}
		parts = append(parts, part)
	}
	what := "the SPRT has not decided before them"
	if mg.m.cfg.SPRT == nil {
		what = "the match has " + strconv.Itoa(games) + " games"
	}
	return fmt.Errorf("%w: %d of %d games are missing from round %d on, and %s: %s",
		ErrIncomplete, total, games, first, what, strings.Join(parts, "; "))
}

// roundRanges writes rounds, sorted, as ranges "3-4, 9-10, 15": at most
// four, then "…".
func roundRanges(rounds []int) string {
	var b strings.Builder
	ranges := 0
	for i := 0; i < len(rounds); {
		j := i
		for j+1 < len(rounds) && rounds[j+1] == rounds[j]+1 {
			j++
		}
		if ranges == 4 {
			b.WriteString(", …")
			break
		}
		if ranges > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(rounds[i]))
		if j > i {
			b.WriteString("-" + strconv.Itoa(rounds[j]))
		}
		ranges++
		i = j + 1
	}
	return b.String()
}
