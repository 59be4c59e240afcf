package surakarta

import "fmt"

// EndgameTables are exact values of the positions with few pieces, as
// package tablebase generates and opens them. PVS.Tables uses them at the
// root and in its tree whenever the game's rules match TablesRules.
//
// A value holds for the side to move of the position, with its quiet
// plies where the tables' rules have a quiet-ply limit.
type EndgameTables interface {
	// TablesRules returns the rules the values hold under. Tables made
	// without a repetition limit are used in games with one too: the
	// search finds repetitions in its tree before it asks the tables.
	TablesRules() Rules
	// Pieces returns the most pieces of a position the tables hold every
	// class of: the search asks them about no position with more.
	Pieces() int
	// Probe returns the value of p, and false when p is not in the tables
	// (too many pieces, or a table that is not there or cannot be read).
	Probe(p Position) (TableValue, bool)
}

// TableResult is the result of a position in endgame tables, for its side
// to move.
type TableResult int8

// The results.
const (
	TableLoss TableResult = -1
	TableDraw TableResult = 0
	TableWin  TableResult = 1
)

// String returns "loss", "draw" or "win".
func (r TableResult) String() string {
	switch r {
	case TableLoss:
		return "loss"
	case TableDraw:
		return "draw"
	case TableWin:
		return "win"
	}
	return fmt.Sprintf("TableResult(%d)", int8(r))
}

// TableValue is a position's value in endgame tables.
type TableValue struct {
	Result TableResult
	// Plies is, for a win or a loss, the number of plies to the end of
	// the game when both sides play best (the winner the fewest, the loser
	// the most), and −1 when the tables do not store it. A draw has 0.
	Plies int
	// Conversion is, for a win or a loss that a capture decides in tables
	// of a quiet-ply limit (which store no Plies), the quiet plies within
	// which the winner forces that capture, the capture included, when
	// both sides play best: a search that wins by the tables plays towards
	// the capture, rather than among moves that all keep the win but may
	// repeat (which the Olympiad rules end by the piece count). It is 0
	// when the tables do not say: a draw, a win the quiet-ply limit's piece
	// count decides, and every value of capture-all tables, whose Plies
	// says more.
	Conversion int
}
