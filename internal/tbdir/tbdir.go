// Package tbdir opens a directory's endgame tables for the commands and
// the match tool: those of every rule set the directory has, so that a
// searcher gets the tables of its game's rules at each search, whatever
// rules the games are played under.
package tbdir

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/tablebase"
)

// Dir is the endgame tables of a directory, opened for every rule set
// the directory has tables of: the capture-all tables and those of each
// quiet-ply limit. Its methods are safe for concurrent use.
//
// It keeps notes of what a user of the tables should be told, since
// tables that are left out or do not fit a game are otherwise simply
// not used, and a search without them looks like one with them: the
// files OpenUsable left out, the tables probes found damaged since, and
// each game's rules that no tables fit. Notify passes them on, each
// once.
type Dir struct {
	dir     string
	byLimit map[int]*tablebase.Tables // by quiet-ply limit, 0 for capture-all

	mu      sync.Mutex
	notify  func(note string)
	pending []string                  // notes not passed on yet
	told    map[*tablebase.Tables]int // the tables' Dropped already noted
	missed  map[int]bool              // the games' quiet-ply limits no tables fit, noted
}

// Open opens the tables in dir, failing when dir is not a directory,
// holds no tables, or holds a file under a table's name that cannot be
// used (damaged, another table's, or not a regular file).
func Open(dir string) (*Dir, error) {
	return open(dir, true)
}

// OpenUsable opens the tables in dir that can be used, leaving out the
// files that cannot, and the rule sets with no complete piece count,
// with a note for each (Notify): an engine goes on with the good tables
// of a directory holding one damaged table, or a stray file of another
// rule set, and says so. It fails when dir is not a directory or holds
// no usable tables.
func OpenUsable(dir string) (*Dir, error) {
	return open(dir, false)
}

// open is Open, or OpenUsable when not strict.
func open(dir string, strict bool) (*Dir, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s is not a directory", dir)
	}
	sets, err := tablebase.RuleSets(dir)
	if err != nil {
		return nil, err
	}
	t := &Dir{dir: dir, byLimit: map[int]*tablebase.Tables{}, told: map[*tablebase.Tables]int{}, missed: map[int]bool{}}
	for _, rules := range sets {
		opener := tablebase.OpenUsable
		if strict {
			opener = tablebase.Open
		}
		tb, err := opener(dir, rules)
		switch {
		case err != nil && strict:
			t.Close()
			return nil, err
		case err != nil:
			t.pending = append(t.pending, "endgame tables: not used: "+err.Error())
			continue
		case tb.Pieces() == 0:
			if !strict {
				t.pending = append(t.pending, fmt.Sprintf("endgame tables: not used: those of %s in %s, which lack a class of 2 pieces, so hold no complete piece count", rulesName(rules.QuietPlyLimit), dir))
			}
			tb.Close()
			continue
		}
		t.byLimit[rules.QuietPlyLimit] = tb
		t.noteDropped(tb)
	}
	if len(t.byLimit) == 0 {
		msg := fmt.Sprintf("no usable endgame tables in %s (want the files of package tablebase, as 3v1-all.sktb)", dir)
		if len(t.pending) > 0 {
			msg += ": " + strings.Join(t.pending, "; ")
		}
		return nil, errors.New(msg)
	}
	return t, nil
}

// rulesName names the rule set of the tables of a quiet-ply limit, with
// the QuietPlyLimit of the games they fit.
func rulesName(limit int) string {
	if limit == 0 {
		return "capture-all (QuietPlyLimit 0)"
	}
	return fmt.Sprintf("the quiet-ply limit %d (QuietPlyLimit %d)", limit, limit)
}

// noteDropped adds a note for each table tb dropped since the last call.
// t.mu must be held, or t not yet shared.
func (t *Dir) noteDropped(tb *tablebase.Tables) {
	d := tb.Dropped()
	for _, err := range d[t.told[tb]:] {
		t.pending = append(t.pending, "endgame tables: not used: "+err.Error())
	}
	t.told[tb] = len(d)
}

// Describe says what tables t holds, for which games' rules: such as
// "capture-all (QuietPlyLimit 0) up to 3 pieces; the quiet-ply limit 10
// (QuietPlyLimit 10) up to 3 pieces".
func (t *Dir) Describe() string {
	var parts []string
	for _, rules := range t.ruleSets() {
		parts = append(parts, fmt.Sprintf("%s up to %d pieces", rulesName(rules.QuietPlyLimit), t.byLimit[rules.QuietPlyLimit].Pieces()))
	}
	return strings.Join(parts, "; ")
}

// ruleSets returns the rules of t's tables, capture-all first.
func (t *Dir) ruleSets() []surakarta.Rules {
	var sets []surakarta.Rules
	for limit := 0; len(sets) < len(t.byLimit); limit++ {
		if t.byLimit[limit] != nil {
			sets = append(sets, surakarta.Rules{QuietPlyLimit: limit})
		}
	}
	return sets
}

// Fitting returns the tables whose rules fit a game of rules, or nil,
// and makes no note: for a program that says itself what it does
// without them, as the match tool refuses a directory with no tables of
// its games' rules.
func (t *Dir) Fitting(rules surakarta.Rules) *tablebase.Tables {
	return t.byLimit[rules.QuietPlyLimit]
}

// For returns the tables whose rules fit a game of rules, or nil; then
// the first time for the game's quiet-ply limit, it notes that no tables
// fit.
func (t *Dir) For(rules surakarta.Rules) surakarta.EndgameTables {
	if tb := t.Fitting(rules); tb != nil {
		return tb
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.missed[rules.QuietPlyLimit] {
		t.missed[rules.QuietPlyLimit] = true
		t.pending = append(t.pending, fmt.Sprintf("endgame tables: none in %s fit this game's rules (QuietPlyLimit %d), so the search goes without them: it holds %s", t.dir, rules.QuietPlyLimit, t.Describe()))
	}
	return nil
}

// Notify makes f receive t's notes, each once, and passes it those not
// passed on yet: at once, and then at each search of a PVS with t's
// tables (PVS.Search). f is called from the goroutine that calls Notify
// or Search, and must not call t's methods; nil keeps the notes.
func (t *Dir) Notify(f func(note string)) {
	t.mu.Lock()
	t.notify = f
	t.mu.Unlock()
	t.tell()
}

// tell passes the notes not passed on yet to t.notify, with those of the
// tables found damaged since the last time.
func (t *Dir) tell() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, rules := range t.ruleSets() {
		t.noteDropped(t.byLimit[rules.QuietPlyLimit])
	}
	if t.notify == nil {
		return
	}
	for _, note := range t.pending {
		t.notify(note)
	}
	t.pending = nil
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
// has none of them), and passes on the Dir's notes (Dir.Notify) before
// it starts and when it ends: that no tables fit the game, that a table
// was found damaged.
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
	s.Dir.tell()
	defer s.Dir.tell()
	return s.PVS.Search(ctx, g, lim)
}
