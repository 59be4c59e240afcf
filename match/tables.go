package match

import (
	"fmt"

	"github.com/surakarta-go/surakarta"
)

// tablesReason is the Reason of the record of a game that the endgame
// tables adjudicated (Config.Tables).
const tablesReason = "adjudicated: tablebase"

// tablesHeader is the header of such a record that says the value the
// tables gave its last position (tableText).
const tablesHeader = "Tablebase"

// matchRules returns the rules a match's games are played under.
func matchRules() surakarta.Rules { return surakarta.OlympiadRules() }

// tablesFit reports whether tables made under the rules tr hold the
// values of games under rules: the same quiet-ply limit, and no
// repetition limit or the game's, as a search takes them (PVS.Tables).
func tablesFit(tr, rules surakarta.Rules) bool {
	return tr.QuietPlyLimit == rules.QuietPlyLimit && (tr.RepetitionLimit == 0 || tr.RepetitionLimit == rules.RepetitionLimit)
}

// validateTables checks Tables and TablePieces (see Config.Tables).
func (c Config) validateTables() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidConfig}, args...)...)
	}
	switch {
	case c.TablePieces < 0:
		return bad("TablePieces %d is negative (0 means every position the Tables hold)", c.TablePieces)
	case c.Tables == nil && c.TablePieces > 0:
		return bad("TablePieces %d without Tables: it bounds the positions the tables adjudicate", c.TablePieces)
	case c.Tables == nil:
		return nil
	}
	rules := matchRules()
	if tr := c.Tables.TablesRules(); !tablesFit(tr, rules) {
		return bad("Tables hold values under the rules %v, which do not fit the match's games, played under the Olympiad rules (%v): their results would be those of other games; give tables made with QuietPlyLimit %d (and no repetition limit)",
			tr, rules, rules.QuietPlyLimit)
	}
	if n := c.Tables.Pieces(); n < 2 {
		return bad("Tables hold no complete piece count (Pieces %d): they would adjudicate no game", n)
	}
	return nil
}

// tablePieces returns the most pieces of a position the match's tables
// adjudicate: 0 without tables.
func (c Config) tablePieces() int {
	if c.Tables == nil {
		return 0
	}
	n := c.Tables.Pieces()
	if c.TablePieces > 0 {
		n = min(n, c.TablePieces)
	}
	return n
}

// tableVerdict is the end that endgame tables give a game.
type tableVerdict struct {
	value  surakarta.TableValue // for the side to move
	result string               // the record's Result
	text   string               // the Tablebase header (tableText)
}

// tableEnd returns the end that tables t, whose rules fit g's, give the
// game g, not over, when they hold its position and it has at most most
// pieces; or nil.
func tableEnd(t surakarta.EndgameTables, most int, g *surakarta.Game) *tableVerdict {
	p := g.Position()
	if p.Count(surakarta.Black)+p.Count(surakarta.White) > most {
		return nil
	}
	v, ok := t.Probe(p)
	if !ok {
		return nil
	}
	return &tableVerdict{
		value:  v,
		result: tableResult(p.SideToMove(), v.Result),
		text:   tableText(p, t.TablesRules().QuietPlyLimit, v.Result),
	}
}

// tableResult returns the result of a game whose side to move, mover,
// has the table result r.
func tableResult(mover surakarta.Color, r surakarta.TableResult) string {
	switch r {
	case surakarta.TableWin:
		return surakarta.Outcome{Over: true, Winner: mover}.Result()
	case surakarta.TableLoss:
		return surakarta.Outcome{Over: true, Winner: mover.Other()}.Result()
	}
	return surakarta.Outcome{Over: true, Draw: true}.Result()
}

// moverResult returns the table result of the side to move, mover, that a
// game's result gives it, and false for a result that is not a game's
// end.
func moverResult(mover surakarta.Color, result string) (surakarta.TableResult, bool) {
	for _, r := range []surakarta.TableResult{surakarta.TableWin, surakarta.TableDraw, surakarta.TableLoss} {
		if tableResult(mover, r) == result {
			return r, true
		}
	}
	return 0, false
}

// tableText says the value r that tables of the quiet-ply limit limit
// (0: capture-all) give position p: its class, the side to move's pieces
// against the other's, and the rule set, as the tables' file names write
// them, then the value for the side to move, such as
// "3v2-q50: White to move wins".
func tableText(p surakarta.Position, limit int, r surakarta.TableResult) string {
	mover := p.SideToMove()
	rules := "all"
	if limit > 0 {
		rules = fmt.Sprintf("q%d", limit)
	}
	verb := map[surakarta.TableResult]string{surakarta.TableWin: "wins", surakarta.TableDraw: "draws", surakarta.TableLoss: "loses"}[r]
	return fmt.Sprintf("%dv%d-%s: %v to move %s", p.Count(mover), p.Count(mover.Other()), rules, mover, verb)
}
