package surakarta_test

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/tablebase"
)

// openTables opens the tables of up to pieces pieces under the
// quiet-ply limit (0: capture-all), generated once for the whole test
// binary in a temporary directory (TestMain removes it).
func openTables(t *testing.T, pieces, limit int) *tablebase.Tables {
	t.Helper()
	dir, err := generatedTables(pieces, limit)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir, surakarta.Rules{QuietPlyLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// sharedTables holds the directories of the tables generatedTables has
// made, by pieces and limit, and the directory that holds them all.
var sharedTables struct {
	sync.Mutex
	root string
	dirs map[[2]int]string
}

// generatedTables returns the directory of the tables of up to pieces
// pieces under the quiet-ply limit, generating them the first time.
func generatedTables(pieces, limit int) (string, error) {
	sharedTables.Lock()
	defer sharedTables.Unlock()
	key := [2]int{pieces, limit}
	if dir, ok := sharedTables.dirs[key]; ok {
		return dir, nil
	}
	if sharedTables.root == "" {
		root, err := os.MkdirTemp("", "surakarta-tables-")
		if err != nil {
			return "", err
		}
		sharedTables.root, sharedTables.dirs = root, map[[2]int]string{}
	}
	dir := filepath.Join(sharedTables.root, fmt.Sprintf("%d-q%d", pieces, limit))
	if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: pieces, QuietPlyLimit: limit}); err != nil {
		return "", err
	}
	sharedTables.dirs[key] = dir
	return dir, nil
}

// TestMain runs the tests and removes the tables generatedTables made.
func TestMain(m *testing.M) {
	code := m.Run()
	if sharedTables.root != "" {
		os.RemoveAll(sharedTables.root)
	}
	os.Exit(code)
}

// randomPlacement returns a position with black and white pieces of
// each colour on random squares, Black to move.
func randomPlacement(r *rand.Rand, black, white int) surakarta.Position {
	var sets [2]uint64
	for i, n := range []int{black, white} {
		for bits.OnesCount64(sets[i]) < n {
			sq := uint64(1) << r.IntN(surakarta.NumSquares)
			if (sets[0]|sets[1])&sq == 0 {
				sets[i] |= sq
			}
		}
	}
	p, err := surakarta.NewPositionFromSets(surakarta.SquareSet(sets[0]), surakarta.SquareSet(sets[1]), surakarta.Black)
	if err != nil {
		panic(err)
	}
	return p
}

// findPosition returns a position of black against white pieces, Black
// to move, for which ok holds.
func findPosition(t *testing.T, black, white int, ok func(surakarta.Position) bool) surakarta.Position {
	t.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	for range 200_000 {
		if p := randomPlacement(r, black, white); ok(p) {
			return p
		}
	}
	t.Fatal("no such position")
	return surakarta.Position{}
}

func newGame(t *testing.T, p surakarta.Position, rules surakarta.Rules) *surakarta.Game {
	t.Helper()
	g, err := surakarta.NewGameWithRules(p, rules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestPVSTablesRoot(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 4, 0)
	p := findPosition(t, 2, 1, func(p surakarta.Position) bool {
		v, ok := tb.Probe(p)
		return ok && v.Result == surakarta.TableWin && v.Plies >= 5
	})
	v, _ := tb.Probe(p)
	s := surakarta.NewPVS(&surakarta.Tuned{})
	s.Tables = tb
	res, err := s.Search(context.Background(), newGame(t, p, surakarta.Rules{}), surakarta.Limits{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != surakarta.Win-v.Plies || res.TBHits == 0 {
		t.Errorf("%v: score %s, %d hits; want win in %d (the table's) and hits", p, surakarta.FormatScore(res.Score), res.TBHits, v.Plies)
	}
	child := p
	if err := child.Play(res.Move); err != nil {
		t.Fatal(err)
	}
	if cv, ok := tb.Probe(child); !ok || cv.Result != surakarta.TableLoss || cv.Plies != v.Plies-1 {
		t.Errorf("%v: move %v leads to %+v, want a loss in %d", p, res.Move, cv, v.Plies-1)
	}

	// MultiPV lists the moves best first, and SearchMoves restricts them.
	moves := p.LegalMoves()
	res, err = s.Search(context.Background(), newGame(t, p, surakarta.Rules{}), surakarta.Limits{Depth: 1, MultiPV: len(moves)})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Lines) != len(moves) || res.Lines[0].Score != surakarta.Win-v.Plies {
		t.Fatalf("MultiPV: %d lines, first %d; want %d, win in %d", len(res.Lines), res.Lines[0].Score, len(moves), v.Plies)
	}
	for i := 1; i < len(res.Lines); i++ {
		if res.Lines[i].Score > res.Lines[i-1].Score {
			t.Errorf("MultiPV: line %d scores %d above line %d's %d", i+1, res.Lines[i].Score, i, res.Lines[i-1].Score)
		}
	}
	worst := res.Lines[len(res.Lines)-1]
	res, err = s.Search(context.Background(), newGame(t, p, surakarta.Rules{}), surakarta.Limits{Depth: 1, SearchMoves: worst.PV[:1]})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != worst.PV[0] || res.Score != worst.Score {
		t.Errorf("SearchMoves %v: %v scoring %d, want it scoring %d", worst.PV[0], res.Move, res.Score, worst.Score)
	}
}

func TestPVSTablesInTree(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 4, 0)
	// A position of 3 against 2 pieces with a capture into a table's win
	// in 3 to 5 plies, its best: a search of depth 1 scores it exactly.
	best := func(p surakarta.Position) (int, bool) {
		score, found := -surakarta.Win, false
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				continue
			}
			child := p
			child.PlayUnchecked(m)
			if v, ok := tb.Probe(child); ok && v.Result == surakarta.TableLoss {
				score, found = max(score, surakarta.Win-(1+v.Plies)), true
			}
		}
		return score, found
	}
	p := findPosition(t, 3, 2, func(p surakarta.Position) bool {
		score, ok := best(p)
		n, _ := surakarta.PliesToEnd(score)
		return ok && n >= 3 && n <= 5
	})
	want, _ := best(p)
	s := surakarta.NewPVS(&surakarta.Tuned{})
	s.Tables = tb
	res, err := s.Search(context.Background(), newGame(t, p, surakarta.Rules{}), surakarta.Limits{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Score != want || res.TBHits == 0 {
		t.Errorf("%v at depth 1: %s with %d hits, want %s from the tables", p, surakarta.FormatScore(res.Score), res.TBHits, surakarta.FormatScore(want))
	}
	// A full-width search without tables deep enough to see that win
	// finds it, or a faster one.
	n, _ := surakarta.PliesToEnd(want)
	deep, err := surakarta.NewAlphaBeta(&surakarta.Tuned{}).Search(context.Background(), newGame(t, p, surakarta.Rules{}), surakarta.Limits{Depth: n})
	if err != nil {
		t.Fatal(err)
	}
	if !surakarta.IsWin(deep.Score) || deep.Score < want {
		t.Errorf("%v: AlphaBeta at depth %d scores %s, the tables %s", p, n, surakarta.FormatScore(deep.Score), surakarta.FormatScore(want))
	}
	if deep.Score != want {
		t.Logf("AlphaBeta found a faster win: %s", surakarta.FormatScore(deep.Score))
	}
}

// TestPVSTablesRulesMismatch: tables whose rules do not fit the game's
// (capture-all tables in a game with a quiet-ply limit, or tables of
// another quiet-ply limit) are refused with ErrInvalidSearch, saying why,
// rather than searched without; a repetition limit in the game does not
// keep out tables made without one.
func TestPVSTablesRulesMismatch(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 4, 0)
	p := findPosition(t, 2, 1, func(p surakarta.Position) bool {
		v, ok := tb.Probe(p)
		return ok && v.Result == surakarta.TableWin && v.Plies >= 5
	})
	for _, rules := range []surakarta.Rules{{QuietPlyLimit: 50}, surakarta.OlympiadRules()} {
		s := surakarta.NewPVS(&surakarta.Tuned{})
		s.Tables = tb
		_, err := s.Search(context.Background(), newGame(t, p, rules), surakarta.Limits{Depth: 4})
		if !errors.Is(err, surakarta.ErrInvalidSearch) || !strings.Contains(err.Error(), rules.String()) {
			t.Errorf("capture-all tables in a game of %v: %v, want ErrInvalidSearch saying they do not fit", rules, err)
		}
	}
	s := surakarta.NewPVS(&surakarta.Tuned{})
	s.Tables = tb
	res, err := s.Search(context.Background(), newGame(t, p, surakarta.Rules{RepetitionLimit: 3}), surakarta.Limits{Depth: 4})
	if err != nil || res.TBHits == 0 {
		t.Errorf("capture-all tables in a game with a repetition limit: %d hits, %v; want them used", res.TBHits, err)
	}
}

func TestPVSTablesUnreachedSameNodes(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 4, 0)
	g := newGame(t, surakarta.NewPosition(), surakarta.Rules{})
	want, err := surakarta.NewPVS(&surakarta.Tuned{}).Search(context.Background(), g, surakarta.Limits{Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := surakarta.NewPVS(&surakarta.Tuned{})
	s.Tables = tb
	res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 5})
	if err != nil {
		t.Fatal(err)
	}
	if res.Nodes != want.Nodes || res.Move != want.Move || res.TBHits != 0 {
		t.Errorf("with tables no position reaches: %d nodes, %v, %d hits; want %d, %v, none", res.Nodes, res.Move, res.TBHits, want.Nodes, want.Move)
	}
}

func TestPVSTablesQuietWin(t *testing.T) {
	const limit = 10
	tb := openTables(t, 3, limit)
	p := findPosition(t, 2, 1, func(p surakarta.Position) bool {
		v, ok := tb.Probe(p)
		if !ok || v.Result != surakarta.TableWin {
			return false
		}
		for _, m := range p.LegalMoves() {
			if m.IsCapture() {
				return false // a win in 1 would score as a win
			}
		}
		return true
	})
	rules := surakarta.Rules{QuietPlyLimit: limit, RepetitionLimit: 3}
	s := surakarta.NewPVS(&surakarta.Tuned{})
	s.Tables = tb
	for _, threads := range []int{1, 2} {
		s.Threads = threads
		res, err := s.Search(context.Background(), newGame(t, p, rules), surakarta.Limits{Depth: 3})
		if err != nil {
			t.Fatal(err)
		}
		if !surakarta.IsTableWin(res.Score) || surakarta.IsWin(res.Score) || surakarta.FormatScore(res.Score) != "table win" {
			t.Errorf("threads %d: %v: score %d (%s), want a table win", threads, p, res.Score, surakarta.FormatScore(res.Score))
		}
		child := p
		child.PlayUnchecked(res.Move)
		if v, ok := tb.Probe(child); !ok || v.Result != surakarta.TableLoss {
			t.Errorf("threads %d: %v: move %v leads to %+v, not a loss", threads, p, res.Move, v)
		}
	}
	if surakarta.IsTableWin(surakarta.MaxEvaluation) || surakarta.IsTableWin(surakarta.Win-999) || !surakarta.IsTableLoss(-surakarta.TableWinScore) {
		t.Error("IsTableWin and IsTableLoss: the ranges overlap evaluations or wins")
	}
}

// TestPVSTablesQuietWinsUnderOlympiadRules plays out, under the Olympiad
// rules (the default game's: a repetition ends the game by the piece
// count), positions of 2 against 2 pieces that the quiet-ply tables hold
// won by a capture, PVS with the tables playing both sides: the winner
// must win. Every move that keeps a table win scored alike once, and the
// search played among them until a position came again, a draw.
func TestPVSTablesQuietWinsUnderOlympiadRules(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 4, 50)
	r := rand.New(rand.NewPCG(3, 4))
	s := surakarta.NewPVS(surakarta.NewTuned())
	s.Tables = tb
	for range 20 {
		var p surakarta.Position
		for {
			p = randomPlacement(r, 2, 2)
			if v, ok := tb.Probe(p); ok && v.Result == surakarta.TableWin && v.Conversion >= 5 {
				break
			}
		}
		g := surakarta.NewGame(p)
		for ply := 0; !g.Outcome().Over && ply < 200; ply++ {
			res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 2})
			if err != nil {
				t.Fatal(err)
			}
			if err := g.Play(res.Move); err != nil {
				t.Fatal(err)
			}
		}
		if o := g.Outcome(); !o.Over || o.Draw || o.Winner != p.SideToMove() {
			t.Errorf("%v, won by the tables for %v: the game ends %+v", p, p.SideToMove(), o)
		}
	}
}

// TestPVSTablesDrawnRootSearches checks that a root the tables hold drawn
// is searched, among the moves that keep the draw, rather than answered
// from the tables with their first drawing move.
func TestPVSTablesDrawnRootSearches(t *testing.T) {
	testsize.Sequential(t)
	tb := openTables(t, 4, 50)
	p := findPosition(t, 2, 2, func(p surakarta.Position) bool {
		v, ok := tb.Probe(p)
		if !ok || v.Result != surakarta.TableDraw {
			return false
		}
		losing := 0 // moves that lose by the tables
		for _, m := range p.LegalMoves() {
			c := p
			c.PlayUnchecked(m)
			if cv, ok := tb.Probe(c); ok && cv.Result == surakarta.TableWin {
				losing++
			}
		}
		return losing >= 2
	})
	s := surakarta.NewPVS(surakarta.NewTuned())
	s.Tables = tb
	res, err := s.Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	after := p
	after.PlayUnchecked(res.Move)
	if v, ok := tb.Probe(after); !ok || v.Result != surakarta.TableDraw {
		t.Errorf("%v: %v leads to %+v, want a draw", p, res.Move, v)
	}
	if res.Depth != 4 {
		t.Errorf("%v: depth %d, want the search's 4, not the tables' answer", p, res.Depth)
	}
	if res.Score != 0 {
		t.Logf("%v: score %s (the evaluation's, among drawing moves)", p, surakarta.FormatScore(res.Score))
	}
}
