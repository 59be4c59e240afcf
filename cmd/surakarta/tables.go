package main

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/tablebase"
)

// engineTables are the endgame tables of the directory TablebasePath
// names, opened for every rule set the directory has tables of: the
// capture-all tables and those of each quiet-ply limit. The server's
// rules (QuietPlyLimit) can change between searches, so each search gets
// the tables of its game's quiet-ply limit, if the directory has them.
type engineTables struct {
	dir     string
	byLimit map[int]*tablebase.Tables // by quiet-ply limit, 0 for capture-all
}

// quietFile matches the name of a table file of a quiet-ply limit.
var quietFile = regexp.MustCompile(`^\d+v\d+-q(\d+)\.sktb$`)

// openTables opens the tables in dir, failing when dir is not a
// directory, holds no tables, or holds a damaged one.
func openTables(dir string) (*engineTables, error) {
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
	t := &engineTables{dir: dir, byLimit: map[int]*tablebase.Tables{}}
	for _, limit := range limits {
		tb, err := tablebase.Open(dir, surakarta.Rules{QuietPlyLimit: limit})
		if err != nil {
			t.close()
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

// forRules returns the tables whose rules fit a game of rules, or nil.
func (t *engineTables) forRules(rules surakarta.Rules) surakarta.EndgameTables {
	if tb := t.byLimit[rules.QuietPlyLimit]; tb != nil {
		return tb
	}
	return nil
}

// close closes every table.
func (t *engineTables) close() {
	for _, tb := range t.byLimit {
		tb.Close()
	}
}

// tablesPVS is the engine's PVS when it has endgame tables: each search
// first gives the PVS the tables that fit its game's rules.
type tablesPVS struct {
	*surakarta.PVS
	tables *engineTables
}

// Search implements surakarta.Searcher.
func (s tablesPVS) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	s.PVS.Tables = nil
	if g != nil {
		s.PVS.Tables = s.tables.forRules(g.Rules())
	}
	return s.PVS.Search(ctx, g, lim)
}
