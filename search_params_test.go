package surakarta

import (
	"context"
	"testing"

	"github.com/surakarta-go/surakarta/internal/searchparams"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestSearchParamsChangeTheSearch: each parameter of package searchparams
// reaches the PVS: set away from its default, it changes the node count
// of a search to a fixed depth, and Reset brings the default's count
// back. The parameters are the process's, so this test is not parallel:
// no other test searches while it runs (Go runs the parallel tests after
// every sequential one).
func TestSearchParamsChangeTheSearch(t *testing.T) {
	defer searchparams.Reset()
	g := NewGame(NewPosition())
	depth := testsize.Sized(10, 10, 9) // -short: every parameter still tells at depth 9
	nodes := func() int64 {
		t.Helper()
		s := NewPVS(NewTuned())
		res, err := s.Search(context.Background(), g, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		return res.Nodes
	}
	base := nodes()
	changed := map[string]int{
		"SearchSEDepth": 5, "SearchSEMargin": 0, "SearchLMPDepth": 0, "SearchLMPBase": 12,
		"SearchRFPDepth": 0, "SearchRFPMargin": 10, "SearchNullBase": 1, "SearchNullDivisor": 2,
		"SearchLMRDivisor": 120, "SearchAspiration": 5,
	}
	for _, p := range searchparams.List() {
		v, ok := changed[p.Name]
		if !ok {
			t.Errorf("%s: no value to test it with", p.Name)
			continue
		}
		if err := searchparams.Set(p.Name, v); err != nil {
			t.Fatal(err)
		}
		if n := nodes(); n == base {
			t.Errorf("%s %d (default %d): %d nodes, as many as with the default", p.Name, v, p.Default, n)
		}
		searchparams.Reset()
		if n := nodes(); n != base {
			t.Errorf("after %s and Reset: %d nodes, want %d", p.Name, n, base)
		}
	}
}

// TestSearchParamsDefaults pins the parameters' defaults to the constants
// the searcher was measured with (those that matches found with Tuned,
// and those that SPSA found for the network and an SPRT kept): a change
// of one changes every search, and must come with its match.
func TestSearchParamsDefaults(t *testing.T) {
	d := searchparams.Defaults()
	want := searchparams.Values{
		searchparams.SEDepth: 8, searchparams.SEMargin: 2,
		searchparams.LMPDepth: 3, searchparams.LMPBase: 1,
		searchparams.RFPDepth: 6, searchparams.RFPMargin: 35,
		searchparams.NullBase: 3, searchparams.NullDivisor: 6,
		searchparams.LMRDivisor: 203, searchparams.Aspiration: 54,
	}
	if d != want {
		t.Errorf("the defaults are %v, want %v", d, want)
	}
	if searchparams.Snapshot() != d {
		t.Errorf("the values at the start are %v, not the defaults %v", searchparams.Snapshot(), d)
	}
}

// TestLMRTableCache: the table of the default divisor is the formula's,
// and a table is made again only for another divisor.
func TestLMRTableCache(t *testing.T) {
	a := lmrTableFor(225)
	if a != lmrTableFor(225) {
		t.Error("the same divisor made a new table")
	}
	if a.reduction(10, 20) != 3 || a.reduction(3, 50) != 1 || a.reduction(100, 200) != 9 {
		t.Errorf("reductions %d, %d, %d: want round(ln 10·ln 20/2.25) = 3, at most d−2 = 1, and the last entry's round(ln 64·ln 111/2.25) = 9",
			a.reduction(10, 20), a.reduction(3, 50), a.reduction(100, 200))
	}
	if b := lmrTableFor(120); b == a || b.reduction(10, 20) <= a.reduction(10, 20) {
		t.Error("a smaller divisor did not make larger reductions")
	}
}
