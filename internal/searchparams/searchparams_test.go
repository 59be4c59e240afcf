package searchparams

import (
	"strings"
	"sync"
	"testing"
)

func TestSetGetReset(t *testing.T) {
	defer Reset()
	if err := Set("searchrfpmargin", 55); err != nil {
		t.Fatal(err)
	}
	if v, ok := Get("SearchRFPMargin"); !ok || v != 55 || Snapshot()[RFPMargin] != 55 {
		t.Errorf("after Set 55: Get %d, %v; Snapshot %d", v, ok, Snapshot()[RFPMargin])
	}
	Reset()
	if v, _ := Get("SearchRFPMargin"); v != 35 || Snapshot() != Defaults() {
		t.Errorf("after Reset: %d, %v", v, Snapshot())
	}
}

func TestSetRefuses(t *testing.T) {
	defer Reset()
	for _, tc := range []struct {
		name  string
		value int
		want  string
	}{
		{"SearchNothing", 1, `unknown parameter "SearchNothing" (parameters: SearchSEDepth, `},
		{"", 1, `unknown parameter ""`},
		{"SearchRFPMargin", 0, "SearchRFPMargin 0: want 1 to 400"},
		{"SearchLMRDivisor", 1001, "SearchLMRDivisor 1001: want 50 to 1000"},
		{"SearchNullDivisor", 0, "want 1 to 64"}, // a divisor of 0 would divide by zero
	} {
		err := Set(tc.name, tc.value)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Set(%q, %d): %v, want an error with %q", tc.name, tc.value, err, tc.want)
		}
	}
	if Snapshot() != Defaults() {
		t.Errorf("refused values changed the parameters: %v", Snapshot())
	}
	if _, ok := Get("nothing"); ok {
		t.Error("Get of no parameter reports one")
	}
}

// TestList: every parameter has a name, a doc line and a range that
// holds its default, and the names are distinct in any letter case.
func TestList(t *testing.T) {
	list := List()
	if len(list) != Count {
		t.Fatalf("%d parameters, want %d", len(list), Count)
	}
	seen := map[string]bool{}
	for i, p := range list {
		if p.Name == "" || p.Doc == "" || p.Min > p.Default || p.Default > p.Max || strings.ContainsAny(p.Name, " ,:=") {
			t.Errorf("parameter %d: %+v", i, p)
		}
		if seen[strings.ToLower(p.Name)] {
			t.Errorf("%s twice", p.Name)
		}
		seen[strings.ToLower(p.Name)] = true
	}
	list[0].Name = "changed"
	if List()[0].Name == "changed" {
		t.Error("List returns the package's own table")
	}
}

// TestConcurrentReads: Set while snapshots are taken mixes values (which
// the contract rules out) but is no data race, for the race detector.
func TestConcurrentReads(t *testing.T) {
	defer Reset()
	var wg sync.WaitGroup
	wg.Go(func() {
		for range 1000 {
			_ = Snapshot()
		}
	})
	for i := range 1000 {
		if err := Set("SearchAspiration", i%100); err != nil {
			t.Error(err)
		}
	}
	wg.Wait()
}
