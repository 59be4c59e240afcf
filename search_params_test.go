package surakarta

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestSearchParamsChangeTheSearch: each of PVSParams reaches the search:
// set away from its default, it changes the node count of a search to a
// fixed depth, and the defaults give the default's count back.
func TestSearchParamsChangeTheSearch(t *testing.T) {
	g := NewGame(NewPosition())
	depth := testsize.Sized(10, 10, 9) // -short: every parameter still tells at depth 9
	nodes := func(params *PVSParams) int64 {
		t.Helper()
		s := NewPVS(NewTuned())
		s.Params = params
		res, err := s.Search(context.Background(), g, Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		return res.Nodes
	}
	base := nodes(nil)
	defaults := DefaultPVSParams()
	if n := nodes(&defaults); n != base {
		t.Errorf("with Params the defaults: %d nodes, want %d as with none", n, base)
	}
	changed := map[string]int{
		"SearchSEDepth": 5, "SearchSEMargin": 0, "SearchLMPDepth": 0, "SearchLMPBase": 12,
		"SearchRFPDepth": 0, "SearchRFPMargin": 10, "SearchNullBase": 1, "SearchNullDivisor": 2,
		"SearchLMRDivisor": 120, "SearchAspiration": 5,
	}
	for _, p := range PVSParamList() {
		v, ok := changed[p.Name]
		if !ok {
			t.Errorf("%s: no value to test it with", p.Name)
			continue
		}
		params := DefaultPVSParams()
		if err := params.Set(p.Name, v); err != nil {
			t.Fatal(err)
		}
		if n := nodes(&params); n == base {
			t.Errorf("%s %d (default %d): %d nodes, as many as with the default", p.Name, v, p.Default, n)
		}
	}
}

// TestSearchParamsPerSearcher: two PVS values with different constants
// search differently in one program, at once, each as it does alone: the
// constants are the searcher's own, not the process's.
func TestSearchParamsPerSearcher(t *testing.T) {
	g := NewGame(NewPosition())
	tight := DefaultPVSParams()
	tight.RFPMargin = 10
	search := func(params *PVSParams) int64 {
		s := NewPVS(NewTuned())
		s.Params = params
		res, err := s.Search(context.Background(), g, Limits{Depth: 8})
		if err != nil {
			t.Error(err)
		}
		return res.Nodes
	}
	alone := [2]int64{search(nil), search(&tight)}
	if alone[0] == alone[1] {
		t.Fatalf("RFPMargin 10 searched as many nodes as the default, %d", alone[0])
	}
	var together [2]int64
	var wg sync.WaitGroup
	for i, params := range []*PVSParams{nil, &tight} {
		wg.Go(func() { together[i] = search(params) })
	}
	wg.Wait()
	if together != alone {
		t.Errorf("searching at once: %v nodes, alone %v", together, alone)
	}
}

// TestSearchParamsRefused: out of range, or of no name, a value is
// refused with ErrInvalidSearch, by Set and by Search.
func TestSearchParamsRefused(t *testing.T) {
	p := DefaultPVSParams()
	for _, tc := range []struct {
		name  string
		value int
		want  string
	}{
		{"SearchNothing", 1, `unknown parameter "SearchNothing"`},
		{"", 1, `unknown parameter ""`},
		{"SearchRFPMargin", 0, "1 to 400"},
		{"SearchLMRDivisor", 1001, "50 to 1000"},
		{"SearchNullDivisor", 0, "want 1 to 64"}, // a divisor of 0 would divide by zero
	} {
		err := p.Set(tc.name, tc.value)
		if !errors.Is(err, ErrInvalidSearch) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Set(%q, %d): %v, want ErrInvalidSearch with %q", tc.name, tc.value, err, tc.want)
		}
	}
	if p != DefaultPVSParams() {
		t.Errorf("refused values changed the parameters: %+v", p)
	}
	if v, ok := p.Get("searchrfpmargin"); !ok || v != 35 {
		t.Errorf("Get in another case: %d, %v", v, ok)
	}
	p.NullDivisor = 0
	s := NewPVS(NewTuned())
	s.Params = &p
	if _, err := s.Search(context.Background(), NewGame(NewPosition()), Limits{Depth: 2}); !errors.Is(err, ErrInvalidSearch) {
		t.Errorf("Search with NullDivisor 0: %v, want ErrInvalidSearch", err)
	}
}

// TestSearchParamsDefaults pins the defaults to the constants the
// searcher was measured with (those that matches found with Tuned, and
// those that SPSA found for the network and an SPRT kept): a change of
// one changes every search, and must come with its match. Every
// parameter has a name, a doc line and a range that holds its default.
func TestSearchParamsDefaults(t *testing.T) {
	want := PVSParams{
		SingularDepth: 8, SingularMargin: 2, LMPDepth: 3, LMPBase: 1, RFPDepth: 6, RFPMargin: 35,
		NullBase: 3, NullDivisor: 6, LMRDivisor: 203, Aspiration: 54,
	}
	if d := DefaultPVSParams(); d != want {
		t.Errorf("the defaults are %+v, want %+v", d, want)
	}
	seen := map[string]bool{}
	for i, p := range PVSParamList() {
		if v, ok := want.Get(p.Name); p.Name == "" || p.Doc == "" || p.Min > p.Default || p.Default > p.Max || !ok || v != p.Default || strings.ContainsAny(p.Name, " ,:=") {
			t.Errorf("parameter %d: %+v", i, p)
		}
		if seen[strings.ToLower(p.Name)] {
			t.Errorf("%s twice", p.Name)
		}
		seen[strings.ToLower(p.Name)] = true
	}
}

// TestLMRTable: the table of the default divisor is made once, and one of
// another divisor is the formula's.
func TestLMRTable(t *testing.T) {
	if first, again := lmrTableFor(203), lmrTableFor(203); first != again {
		t.Error("the default divisor made a new table")
	}
	a := lmrTableFor(225)
	if a.reduction(10, 20) != 3 || a.reduction(3, 50) != 1 || a.reduction(100, 200) != 9 {
		t.Errorf("reductions %d, %d, %d: want round(ln 10·ln 20/2.25) = 3, at most d−2 = 1, and the last entry's round(ln 64·ln 111/2.25) = 9",
			a.reduction(10, 20), a.reduction(3, 50), a.reduction(100, 200))
	}
	if b := lmrTableFor(120); b.reduction(10, 20) <= a.reduction(10, 20) {
		t.Error("a smaller divisor did not make larger reductions")
	}
}
