package surakarta_test

import (
	"context"
	"errors"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/testkit"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestZeroPVSIsNewPVS: a PVS with only its Evaluator set searches exactly
// as NewPVS's: the same nodes, moves, scores and lines, on a first search
// and on a second that reuses what the first learnt.
func TestZeroPVSIsNewPVS(t *testing.T) {
	depth := 6
	if testing.Short() {
		depth = 4
	}
	for _, p := range middleGamePositions(t) {
		zero := &surakarta.PVS{Evaluator: surakarta.NewEndgameAdjusted()}
		made := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
		g := surakarta.NewGame(p)
		for round := range 2 {
			a, errA := zero.Search(context.Background(), g, surakarta.Limits{Depth: depth})
			b, errB := made.Search(context.Background(), g, surakarta.Limits{Depth: depth})
			if errA != nil || errB != nil {
				t.Fatalf("%v: %v, %v", p, errA, errB)
			}
			if a.Nodes != b.Nodes || a.Move != b.Move || a.Score != b.Score || !slices.Equal(a.PV, b.PV) {
				t.Errorf("%v, search %d: the zero PVS found %v %d in %d nodes (PV %v), NewPVS %v %d in %d nodes (PV %v)",
					p, round+1, a.Move, a.Score, a.Nodes, a.PV, b.Move, b.Score, b.Nodes, b.PV)
			}
		}
	}
}

// TestPVSSettingsOutOfRange: a table size or thread count out of range is
// an error wrapping ErrInvalidSearch, at once and without making a table;
// sizes that once hung or crashed the search are among them.
func TestPVSSettingsOutOfRange(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, tc := range []struct {
		name   string
		change func(*surakarta.PVS)
	}{
		{"TableMegabytes -1", func(s *surakarta.PVS) { s.TableMegabytes = -1 }},
		{"TableMegabytes MinInt", func(s *surakarta.PVS) { s.TableMegabytes = math.MinInt }},
		{"TableMegabytes 4097", func(s *surakarta.PVS) { s.TableMegabytes = surakarta.MaxTableMegabytes + 1 }},
		{"TableMegabytes 1<<30", func(s *surakarta.PVS) { s.TableMegabytes = 1 << 30 }},
		{"TableMegabytes 1<<43", func(s *surakarta.PVS) { s.TableMegabytes = 1 << 43 }},
		{"TableMegabytes 1<<44", func(s *surakarta.PVS) { s.TableMegabytes = 1 << 44 }},
		{"TableMegabytes MaxInt", func(s *surakarta.PVS) { s.TableMegabytes = math.MaxInt }},
		{"Threads -1", func(s *surakarta.PVS) { s.Threads = -1 }},
		{"Threads MinInt", func(s *surakarta.PVS) { s.Threads = math.MinInt }},
		{"Threads 257", func(s *surakarta.PVS) { s.Threads = surakarta.MaxThreads + 1 }},
		{"Threads MaxInt", func(s *surakarta.PVS) { s.Threads = math.MaxInt }},
	} {
		s := surakarta.NewPVS(surakarta.NewSixFactor())
		tc.change(s)
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		var err error
		// The fewest bytes of three tries: allocated counts the whole
		// process's allocations, and a goroutine left by an earlier test
		// may allocate during one of them; Search's own are the same
		// every time.
		bytes := uint64(math.MaxUint64)
		for range 3 {
			bytes = min(bytes, testkit.Allocated(func() { _, err = s.Search(ctx, g, surakarta.Limits{Depth: 1}) }))
		}
		cancel()
		if !errors.Is(err, surakarta.ErrInvalidSearch) {
			t.Errorf("%s: error %v, want one wrapping ErrInvalidSearch", tc.name, err)
		}
		if bytes > 4<<10 {
			t.Errorf("%s: Search allocated %d bytes before failing", tc.name, bytes)
		}
	}
}

// TestPVSSettingsInRange: the ends of the ranges search; Threads 0 is
// one thread, the same nodes as Threads 1. The largest table, 4 GiB, is
// made only with SURAKARTA_FULL=1.
func TestPVSSettingsInRange(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	search := func(change func(*surakarta.PVS)) surakarta.Result {
		t.Helper()
		s := surakarta.NewPVS(surakarta.NewSixFactor())
		change(s)
		r, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 4})
		if err != nil || !slices.Contains(g.LegalMoves(), r.Move) {
			t.Fatalf("move %v, error %v", r.Move, err)
		}
		return r
	}
	one := search(func(s *surakarta.PVS) { s.Threads = 1 })
	if r := search(func(s *surakarta.PVS) { s.Threads = 0 }); r.Nodes != one.Nodes {
		t.Errorf("Threads 0: %d nodes, want %d as with one thread", r.Nodes, one.Nodes)
	}
	search(func(s *surakarta.PVS) { s.Threads = surakarta.MaxThreads })
	if testsize.Sized(true, false, false) { // SURAKARTA_FULL=1 alone
		search(func(s *surakarta.PVS) { s.TableMegabytes = surakarta.MaxTableMegabytes })
	}
}

// TestCancelledSearchMakesNoTable: a search whose context is done before
// it starts still gives a legal move, without making its table.
func TestCancelledSearchMakesNoTable(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := surakarta.NewGame(surakarta.NewPosition())
	s := surakarta.NewPVS(surakarta.NewSixFactor())
	s.TableMegabytes = 64
	var r surakarta.Result
	var err error
	bytes := testkit.Allocated(func() { r, err = s.Search(ctx, g, surakarta.Limits{}) })
	if err != nil || !slices.Contains(g.LegalMoves(), r.Move) {
		t.Fatalf("move %v, error %v", r.Move, err)
	}
	if bytes > 64<<10 {
		t.Errorf("a cancelled search allocated %d bytes", bytes)
	}
	// The next search, not cancelled, makes the table and searches.
	if r, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 3}); err != nil || r.Depth != 3 {
		t.Errorf("after a cancelled search: depth %d, %v", r.Depth, err)
	}
}

// TestSearchNilArguments: a nil context or game is an error wrapping
// ErrInvalidSearch, not a panic, for both searchers.
func TestSearchNilArguments(t *testing.T) {
	var noContext context.Context
	for _, s := range []surakarta.Searcher{
		surakarta.NewAlphaBeta(surakarta.NewSixFactor()),
		surakarta.NewPVS(surakarta.NewSixFactor()),
		srchThreaded(surakarta.NewPVS(surakarta.NewSixFactor()), 2),
	} {
		g := surakarta.NewGame(surakarta.NewPosition())
		if _, err := s.Search(noContext, g, surakarta.Limits{Depth: 2}); !errors.Is(err, surakarta.ErrInvalidSearch) {
			t.Errorf("%T: nil context: %v, want an error wrapping ErrInvalidSearch", s, err)
		}
		if _, err := s.Search(context.Background(), nil, surakarta.Limits{Depth: 2}); !errors.Is(err, surakarta.ErrInvalidSearch) {
			t.Errorf("%T: nil game: %v, want an error wrapping ErrInvalidSearch", s, err)
		}
	}
}

// TestSelDepthCoversDepth: the longest line of an iteration is at least
// as long as its depth and its principal variation, also when the table,
// full from an earlier search of the same position, ends lines early.
func TestSelDepthCoversDepth(t *testing.T) {
	depth := 9
	if testing.Short() {
		depth = 7
	}
	check := func(name string, s surakarta.Searcher, g *surakarta.Game, depth int) {
		t.Helper()
		lim := surakarta.Limits{Depth: depth, Progress: func(i surakarta.Info) {
			if i.SelDepth < i.Depth || i.SelDepth < len(i.PV) {
				t.Errorf("%s: %v: Info depth %d, seldepth %d, PV of %d moves", name, g.Position(), i.Depth, i.SelDepth, len(i.PV))
			}
		}}
		r, err := s.Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		if r.SelDepth < r.Depth || r.SelDepth < len(r.PV) {
			t.Errorf("%s: %v: Result depth %d, seldepth %d, PV of %d moves", name, g.Position(), r.Depth, r.SelDepth, len(r.PV))
		}
	}
	// Every line ends the game after one ply: the quiet-ply limit is a
	// step away, and no capture resets it.
	ending := srchGame(t, "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 49 1", surakarta.OlympiadRules())
	check("PVS, at the quiet-ply limit", surakarta.NewPVS(surakarta.NewSixFactor()), ending, 6)
	check("AlphaBeta, at the quiet-ply limit", surakarta.NewAlphaBeta(surakarta.NewSixFactor()), ending, 6)
	for _, p := range middleGamePositions(t)[:4] {
		g := surakarta.NewGame(p)
		pvs := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
		check("PVS", pvs, g, depth)
		check("PVS again", pvs, g, depth+1) // the table answers most of the tree
		check("AlphaBeta", surakarta.NewAlphaBeta(surakarta.NewSixFactor()), g, 4)
	}
}

// TestSearchMoves: with Limits.SearchMoves a search chooses among those
// moves only. AlphaBeta, which keeps nothing between searches, scores the
// root as the best of the chosen moves' own searches a ply shallower.
func TestSearchMoves(t *testing.T) {
	const depth = 3
	searchers := []struct {
		name string
		make func() surakarta.Searcher
	}{
		{"AlphaBeta", func() surakarta.Searcher { return surakarta.NewAlphaBeta(surakarta.NewSixFactor()) }},
		{"PVS", func() surakarta.Searcher { return surakarta.NewPVS(surakarta.NewSixFactor()) }},
		{"PVS2", func() surakarta.Searcher { return srchThreaded(surakarta.NewPVS(surakarta.NewSixFactor()), 2) }},
	}
	for _, p := range middleGamePositions(t) {
		g := surakarta.NewGame(p)
		legal := g.LegalMoves()
		// Every other legal move, given by its squares only, as a user
		// types it, and once more to show that repeats do not matter.
		var only []surakarta.Move
		for i := 1; i < len(legal); i += 2 {
			only = append(only, surakarta.NewMove(legal[i].From(), legal[i].To()))
		}
		only = append(only, only[0])
		for _, s := range searchers {
			for _, moves := range [][]surakarta.Move{only, only[:1]} {
				r, err := s.make().Search(context.Background(), g, surakarta.Limits{Depth: depth, SearchMoves: moves})
				if err != nil {
					t.Fatalf("%s: %v: %v", s.name, p, err)
				}
				if !slices.Contains(legal, r.Move) || !slices.ContainsFunc(moves, func(m surakarta.Move) bool { return m.From() == r.Move.From() && m.To() == r.Move.To() }) {
					t.Errorf("%s: %v: %v is not one of the search moves %v", s.name, p, r.Move, moves)
				}
				if len(r.PV) == 0 || r.PV[0] != r.Move {
					t.Errorf("%s: %v: PV %v does not start with %v", s.name, p, r.PV, r.Move)
				}
			}
		}
		// The best of the chosen moves by their own searches.
		best := -surakarta.Win - 1
		for _, m := range only {
			child := g.Clone()
			if err := child.Play(m); err != nil {
				t.Fatal(err)
			}
			r, err := surakarta.NewAlphaBeta(surakarta.NewSixFactor()).Search(context.Background(), child, surakarta.Limits{Depth: depth - 1})
			if err != nil {
				t.Fatal(err)
			}
			best = max(best, -r.Score)
		}
		r, _ := searchers[0].make().Search(context.Background(), g, surakarta.Limits{Depth: depth, SearchMoves: only})
		if r.Score != best {
			t.Errorf("AlphaBeta: %v: score %d among the search moves, want %d, the best of their own searches", p, r.Score, best)
		}
	}
}

// TestSearchMovesIllegal: a search move that is not legal in the root is
// an error wrapping ErrIllegalMove, for every searcher.
func TestSearchMovesIllegal(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, moves := range [][]surakarta.Move{
		{surakarta.NoMove},
		{surakarta.NewMove(surakarta.A2, surakarta.A3), surakarta.NewMove(surakarta.A2, surakarta.A4)}, // a legal one, then an illegal one
		{surakarta.NewMove(surakarta.A5, surakarta.A4)},                                                // White's, with Black to move
		{surakarta.NewMove(surakarta.A2, surakarta.A3) | 1<<12},                                        // a step that claims a capture
		{surakarta.Move(0xffff)},
	} {
		for _, s := range []surakarta.Searcher{
			surakarta.NewAlphaBeta(surakarta.NewSixFactor()),
			surakarta.NewPVS(surakarta.NewSixFactor()),
		} {
			if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 2, SearchMoves: moves}); !errors.Is(err, surakarta.ErrIllegalMove) {
				t.Errorf("%T, search moves %v: %v, want an error wrapping ErrIllegalMove", s, moves, err)
			}
		}
	}
}
