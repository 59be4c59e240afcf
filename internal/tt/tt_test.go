package tt

import "testing"

func TestStoreProbe(t *testing.T) {
	tab := New(1)
	if got, want := tab.Len(), 2*(1<<20)/BucketSize; got != want {
		t.Fatalf("Len() = %d, want %d", got, want)
	}
	const k = 12345
	if _, ok := tab.Probe(k); ok {
		t.Fatal("empty table reports a hit")
	}
	tab.Store(k, 7, -30, 4, Exact)
	e, ok := tab.Probe(k)
	if !ok || e.Move != 7 || e.Score != -30 || e.Depth != 4 || e.Bound != Exact {
		t.Fatalf("Probe = %+v, %v", e, ok)
	}
	tab.Store(k, 0, 12, 2, Upper) // no move: keep the stored one
	if e, _ := tab.Probe(k); e.Move != 7 || e.Score != 12 || e.Bound != Upper {
		t.Fatalf("after a move-less store: %+v", e)
	}
}

func TestReplacement(t *testing.T) {
	tab := New(0) // one bucket: every key collides
	deep, shallow, other := uint64(1), uint64(2), uint64(3)
	tab.Store(deep, 1, 0, 9, Exact)
	tab.Store(shallow, 2, 0, 3, Exact) // shallower: goes to the always-replace slot
	tab.Store(other, 3, 0, 2, Lower)   // replaces shallow, not deep
	if _, ok := tab.Probe(deep); !ok {
		t.Error("the deep entry was replaced by shallower ones")
	}
	if _, ok := tab.Probe(shallow); ok {
		t.Error("the always-replace slot kept its old entry")
	}
	if _, ok := tab.Probe(other); !ok {
		t.Error("the newest entry is missing")
	}
	tab.NewSearch()
	tab.Store(shallow, 2, 0, 1, Exact) // deep is from an old search: replaceable
	if e, ok := tab.Probe(shallow); !ok || e.Depth != 1 {
		t.Error("a new search's entry did not take the depth-preferred slot")
	}
	if _, ok := tab.Probe(deep); !ok {
		t.Error("the demoted entry should move to the always-replace slot")
	}
	tab.Clear()
	if _, ok := tab.Probe(shallow); ok {
		t.Error("Clear left an entry")
	}
	var zero Table
	zero.Store(1, 1, 1, 1, Exact)
	if _, ok := zero.Probe(1); ok {
		t.Error("the zero Table stored something")
	}
}

// TestPromoteFromSlot1 stores again, deeper, a key that sits in the
// always-replace slot: it moves to the depth-preferred slot, and the entry
// it displaces there moves down instead of being lost.
func TestPromoteFromSlot1(t *testing.T) {
	tab := New(0) // one bucket
	tab.NewSearch()
	deep, other := uint64(1), uint64(2)
	tab.Store(deep, 1, 0, 5, Exact)
	tab.Store(other, 2, 0, 3, Exact) // shallower: slot 1
	tab.Store(other, 0, 7, 6, Lower) // now deeper: slot 0, keeping its move
	if e, ok := tab.Probe(other); !ok || e.Depth != 6 || e.Move != 2 || e.Score != 7 {
		t.Errorf("the promoted entry: %+v, %v; want depth 6, move 2, score 7", e, ok)
	}
	if e, ok := tab.Probe(deep); !ok || e.Depth != 5 {
		t.Errorf("the displaced entry was lost: %+v, %v", e, ok)
	}
}
