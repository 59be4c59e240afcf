// Package tbdir opens a directory's endgame tables for the commands and
// the match tool: those of every rule set the directory has, so that a
// searcher gets the tables of its game's rules at each search, whatever
// rules the games are played under.
package tbdir

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/tablebase"
)

// Dir is the endgame tables of a directory, opened for every rule set
// the directory has tables of: the capture-all tables and those of each
// quiet-ply limit. Its methods are safe for concurrent use.
type Dir struct {
	dir     string
	byLimit map[int]*tablebase.Tables // by quiet-ply limit, 0 for capture-all
}

// quietFile matches the name of a table file of a quiet-ply limit.
var quietFile = regexp.MustCompile(`^\d+v\d+-q(\d+)\.sktb$`)

// Open opens the tables in dir, failing when dir is not a directory,
// holds no tables, or holds a damaged one.
func Open(dir string) (*Dir, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	limits := []int{0}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	seen := map[int]bool{}
	for _, e := range entries {
		if m := quietFile.FindStringSubmatch(e.Name()); m != nil {
			if n, err := strconv.Atoi(m[1]); err == nil && n > 0 && !seen[n] {
				seen[n] = true
				limits = append(limits, n)
			}
		}
	}
	t := &Dir{dir: dir, byLimit: map[int]*tablebase.Tables{}}
	for _, limit := range limits {
		tb, err := tablebase.Open(dir, surakarta.Rules{QuietPlyLimit: limit})
		if err != nil {
			t.Close()
			return nil, err
		}
		if tb.Pieces() == 0 {
			tb.Close()
			continue
		}
		t.byLimit[limit] = tb
	}
	if len(t.byLimit) == 0 {
		return nil, fmt.Errorf("no endgame tables in %s (want the files of package tablebase, as 3v1-all.sktb)", dir)
	}
	return t, nil
}

// For returns the tables whose rules fit a game of rules, or nil.
func (t *Dir) For(rules surakarta.Rules) surakarta.EndgameTables {
	if tb := t.byLimit[rules.QuietPlyLimit]; tb != nil {
		return tb
	}
	return nil
}

// Path returns the directory.
func (t *Dir) Path() string { return t.dir }

// Close closes every table.
func (t *Dir) Close() {
	for _, tb := range t.byLimit {
		tb.Close()
	}
}

// PVS is a PVS with the tables of a directory: each search first gives
// the PVS the tables that fit its game's rules (none when the directory
// has none of them).
type PVS struct {
	*surakarta.PVS
	Dir *Dir
}

// Search implements surakarta.Searcher.
func (s PVS) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	s.PVS.Tables = nil
	if g != nil {
		s.PVS.Tables = s.Dir.For(g.Rules())
	}
	return s.PVS.Search(ctx, g, lim)
}
