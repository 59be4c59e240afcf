package surakarta

import (
	"cmp"
	"context"
	"fmt"
	"runtime/debug"
	"sync/atomic"

	"github.com/surakarta-go/surakarta/internal/tt"
)

// PVS is principal variation search, as Wang Hongfei et al. build it for
// Connect6 (see the module's docs/references.md), with what strong
// engines add: a Zobrist-keyed transposition table that survives between
// searches, history heuristic, killer moves, the table's move first,
// iterative deepening with aspiration windows of ±50, quiescence search
// over captures, null-move pruning, late-move reductions, late-move
// pruning, reverse futility pruning, singular extensions and time
// management. The repository's experiments/docs/experiments.md has the
// matches behind each of them.
//
// Null-move pruning (a pass searched shallower at non-PV nodes, not tried
// with fewer than 4 pieces), late-move reductions (late quiet moves
// searched about ln(depth)·ln(i)/2.03 plies shallower, not near the
// quiet-ply limit), late-move pruning (at non-PV nodes at most 3 plies
// from the horizon, the quiet moves after the first 1 + depth² not
// searched), reverse futility pruning (at non-PV nodes at most 6 plies
// from the horizon, a static score 35 a ply above beta taken as a cut,
// a ply's 35 less when the side's score has risen since its last move)
// and singular extensions (at 8 or more plies from the horizon, the
// table's move, stored as a lower bound or exact from nearly as deep, is
// searched a ply deeper when every other move, searched to half the
// depth, scores at least two points a ply below it; when they do not, and
// that bound is still at least beta, the node is cut: several moves beat
// it) make a search to a fixed depth no full-width proof: a win or loss
// exactly at the search depth may show only deeper (a forced win in 5
// plies of the search tests is found at depth 7 but not at depth 5).
// AlphaBeta searches every move to the full depth.
//
// Make one with NewPVS. The zero PVS with an Evaluator is the same
// searcher: every field's zero value is its default.
//
// A PVS is not safe for concurrent use: give each game or goroutine its own.
type PVS struct {
	Evaluator Evaluator

	// TableMegabytes sizes the transposition table in MiB, rounded down
	// to a power of two of buckets: 0 means DefaultTableMegabytes, and
	// values up to MaxTableMegabytes are used as they are; any other
	// value makes Search fail with an error wrapping ErrInvalidSearch. A
	// change takes effect at the next Search and clears the table.
	TableMegabytes int

	// Threads is the number of goroutines that search at once (Lazy SMP):
	// the calling goroutine and Threads−1 helpers search the same root
	// and share the table; some helpers skip iterations so that they run
	// a ply ahead. The move, score and principal variation returned are
	// the calling goroutine's, and Nodes counts every thread's nodes
	// (Limits.Nodes bounds them all together). 0 means 1, the default,
	// which searches deterministically: the same search visits the same
	// nodes every time. A negative value or one above MaxThreads makes
	// Search fail with an error wrapping ErrInvalidSearch, as for an
	// MCTS. With more threads the Evaluator is called from several
	// goroutines at once and must be safe for that (the evaluators of
	// this package are).
	Threads int
	// Contempt is what a draw is worth less than an even position to the
	// side to move at the root, in evaluation units: a game that the
	// search sees end with equal piece counts (by repetition, the
	// quiet-ply limit, or a side without moves) scores −Contempt for that
	// side and +Contempt for its opponent. A positive Contempt makes the
	// searcher avoid such draws unless it is worse off by more than
	// Contempt; 0, the default, scores them 0. It is clamped to
	// ±MaxEvaluation. The table keeps the scores of searches with a
	// non-zero Contempt apart from those of other searches, for each
	// side to move at the root.
	Contempt int

	// Tables, when not nil, are endgame tables the search uses. Their
	// rules must fit the game's: the same quiet-ply limit, and no
	// repetition limit or the game's; Search fails with an error
	// wrapping ErrInvalidSearch for a game whose rules they do not fit
	// (capture-all tables, for one, do not fit the Olympiad rules). They are exact, so a position in
	// them needs no search: in the tree, a node past the game-end and
	// repetition checks whose position they hold scores the table's value
	// at once (a win n plies from the root Win−n when the tables store
	// the distance, else TableWinScore−ply; a draw as the search scores
	// draws, Contempt included); a root they hold is not searched: Search
	// returns the move that keeps the root's value (the fastest win, the
	// slowest loss, a draw), scoring every root move as the tree would,
	// at depth 1. Result.TBHits counts the positions found in them.
	//
	// A game's repetition limit does not keep the tables out, since the
	// search scores repetitions on its path before it asks them; but the
	// tables do not see repetitions, so under a repetition limit a
	// table's win may still be spoilt by one, in the tree beyond a table
	// hit or in the game that follows the table's move.
	Tables EndgameTables

	// Params, when not nil, are the constants of this searcher's
	// extensions, pruning and reductions in place of DefaultPVSParams: a
	// tuner sets them on its own searcher (PVSParams.Set by name), and two
	// PVS values in one program may search with different ones. They are
	// read when each Search starts (change them only between searches),
	// and values out of range make Search fail with an error wrapping
	// ErrInvalidSearch (PVSParams.Validate).
	Params *PVSParams

	// off switches enhancements off, for the tests that measure them
	// (export_test.go); the zero value has every one on.
	off pvsOff
	// params are the search's constants (Params), read when each Search
	// starts, and lmr the late-move reductions they make; every worker
	// copies them.
	params     PVSParams
	lmr        *lmrTable
	lmrDivisor int // the divisor lmr was made of
	main       pvsWorker
	helpers    []*pvsWorker
	table      *tt.Table
	tableSize  int
	hits       atomic.Int64 // Result.TBHits of the search under way
	// proving says that the search under way looks for a proven win
	// (Limits.Mate): no pruning, and table keys of their own.
	proving bool
}

// hashfull returns how full the table is (Info.Hashfull). The core calls
// it through the PVS, never holding the table itself: a table Clear
// releases must be free to go.
func (s *PVS) hashfull() int { return s.table.Hashfull() }

// provingSalt is XORed into the table keys of a search for a proven win
// (Limits.Mate), so that it never takes the score of a search that
// pruned for a proof.
const provingSalt = 0x9e3779b97f4a7c15

// The bounds of PVS's sizes.
const (
	// DefaultTableMegabytes is the size of the table of a PVS whose
	// TableMegabytes is 0. The table is small on purpose: on this
	// library's searches a larger one saves no nodes but costs speed
	// (BenchmarkPVSTable), and matches against 4 and 16 MiB found none
	// better.
	DefaultTableMegabytes = 1
	// MaxTableMegabytes is the largest table a PVS makes: 4 GiB.
	MaxTableMegabytes = 4096
	// MaxThreads is the most threads a PVS or an MCTS searches with.
	MaxThreads = 256
)

// pvsOff switches the enhancements of a PVS off, each on when false: what
// the tests that measure an enhancement's worth change. Each worker copies
// its PVS's when a search starts, and the search reads the copy at every
// node.
type pvsOff struct {
	cutoffs, history, killers, quiescence, nullMove, lmr, lmp, rfp, singular bool
	// aspiration, when positive, replaces PVSParams.Aspiration;
	// negative searches every iteration with a
	// full window.
	aspiration int
}

// aspirationWindow returns the half-width of the aspiration window, 0 for
// none, where the parameter's is param.
func (o *pvsOff) aspirationWindow(param int) int {
	switch {
	case o.aspiration > 0:
		return o.aspiration
	case o.aspiration < 0:
		return 0
	}
	return param
}

// NewPVS returns a PVS searcher that scores positions with e, with every
// enhancement on and a table of DefaultTableMegabytes.
func NewPVS(e Evaluator) *PVS {
	return &PVS{Evaluator: e, TableMegabytes: DefaultTableMegabytes}
}

// Clear forgets everything learnt in earlier searches: the table, the
// history and the killers. Call it between games. A table of another size
// than TableMegabytes now asks for is not cleared but released, and
// collected, before the next Search makes the new one.
func (s *PVS) Clear() {
	switch {
	case s.table == nil:
	case s.tableSize != cmp.Or(s.TableMegabytes, DefaultTableMegabytes):
		s.releaseTable()
	default:
		s.table.Clear()
	}
	s.main.forget()
	for _, h := range s.helpers {
		h.forget()
	}
}

// Search implements Searcher. Besides the errors of Searcher, it returns
// one wrapping ErrInvalidSearch when TableMegabytes or Threads is out of
// range, or when Tables do not fit the game's rules.
func (s *PVS) Search(ctx context.Context, g *Game, lim Limits) (Result, error) {
	switch {
	case s.TableMegabytes < 0 || s.TableMegabytes > MaxTableMegabytes:
		return Result{}, fmt.Errorf("%w: TableMegabytes %d is not 0 (the default) or 1 to %d", ErrInvalidSearch, s.TableMegabytes, MaxTableMegabytes)
	case s.Threads < 0 || s.Threads > MaxThreads:
		return Result{}, fmt.Errorf("%w: PVS.Threads %d is not 0 (one thread, the default) or 1 to %d", ErrInvalidSearch, s.Threads, MaxThreads)
	}
	// The table is made before the search's clock starts, so that its time
	// counts in neither the time limits nor Result.Time.
	s.sizeTable(ctx == nil || ctx.Err() != nil)
	threads := max(s.Threads, 1)
	if threads > 1 && lim.Nodes > 0 {
		// Every thread gets its share of the node limit.
		lim.Nodes = max(lim.Nodes/int64(threads), 1)
	}
	s.params = DefaultPVSParams()
	if s.Params != nil {
		s.params = *s.Params
		if err := s.params.Validate(); err != nil {
			return Result{}, err
		}
	}
	if s.lmr == nil || s.lmrDivisor != s.params.LMRDivisor {
		s.lmr, s.lmrDivisor = lmrTableFor(s.params.LMRDivisor), s.params.LMRDivisor
	}
	w := &s.main
	rootMoves, err := w.core.begin(ctx, g, lim, s.Evaluator)
	if err != nil {
		return Result{}, err
	}
	defer w.core.disarm()
	if err := checkTables(s.Tables, g.Rules()); err != nil {
		return Result{}, err
	}
	s.table.NewSearch()
	s.proving = lim.Mate > 0
	w.start(s, rootMoves)
	w.core.hashfull = s.hashfull
	w.setContempt(s.Contempt)
	if s.proving {
		w.keySalt ^= provingSalt
	}
	s.hits.Store(0)
	w.tbHits = &s.hits
	w.setTables(s.Tables)
	if res, ok := w.rootFromTables(lim); ok {
		return res, nil
	}
	if threads == 1 || w.core.stopped {
		return w.iterate(lim), nil
	}
	return s.searchParallel(threads, lim), nil
}

// sizeTable makes the table TableMegabytes sets, unless it is already
// made; a table of another size is released first. A search whose context
// is done (or nil) before it starts makes
// none: it gets an empty table that stores nothing, so that a cancelled
// search costs no allocation.
func (s *PVS) sizeTable(cancelled bool) {
	mb := cmp.Or(s.TableMegabytes, DefaultTableMegabytes)
	switch {
	case s.table != nil && s.tableSize == mb:
	case cancelled:
		if s.table == nil {
			s.table = &tt.Table{}
		}
	default:
		if s.table != nil {
			s.releaseTable()
		}
		s.table, s.tableSize = tt.New(mb), mb
	}
}

// releaseTable lets go of the table, and collects one that was made (not
// the empty table of a cancelled search) and returns its pages to the
// operating system, so that memory never holds both it and a new one: a
// GC is not due yet when the old table is half the heap, and a new table
// is not always made in the old one's room (a small allocation in that
// hole sends it elsewhere), where the old pages would stay resident.
func (s *PVS) releaseTable() {
	made := s.tableSize > 0
	s.table, s.tableSize, s.main.table = nil, 0, nil
	for _, h := range s.helpers {
		h.table = nil
	}
	if made {
		debug.FreeOSMemory()
	}
}

// proving returns o with the pruning and reductions off, and the
// multi-cut of singular extensions with them, for a search whose wins must
// be proofs (Limits.Mate): a move is then left out or searched less deep
// only when alpha-beta proves it cannot matter.
func (o pvsOff) proving() pvsOff {
	o.nullMove, o.lmr, o.lmp, o.rfp, o.singular = true, true, true, true, true
	return o
}

// selective reports whether the search prunes or reduces moves, so that a
// win or loss it scores is not a proof (see searchCore.selective).
func (o *pvsOff) selective() bool {
	return !o.nullMove || !o.lmr || !o.lmp || !o.rfp
}
