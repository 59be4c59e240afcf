package tablebase

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// TestProbeAllocations: a probe the cache answers allocates nothing, and
// neither does one of a position the tables do not hold (too many pieces,
// a class whose table is not there, a game over), nor any probe of closed
// tables or of a table found damaged, nor one of a nil *Tables, whose
// Value still says why.
func TestProbeAllocations(t *testing.T) {
	tb := openTables(t, 0)
	in := positionOf(t, 1|1<<7, 1<<35, surakarta.Black, 0)
	if _, ok := tb.Probe(in); !ok { // its block is in the cache from now on
		t.Fatalf("%v: not in the tables", in)
	}
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb", "2v1-all.sktb": "2v1-all.sktb", "1v2-all.sktb": "1v2-all.sktb"})
	few, err := OpenUsable(dir, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer few.Close()
	bad, _ := damagedCopy(t)
	damaged, err := Open(bad, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	defer damaged.Close()
	inDamaged := positionOf(t, 1, 1<<35, surakarta.Black, 0)
	if _, err := damaged.Value(inDamaged); !errors.Is(err, ErrCorrupt) {
		t.Fatalf("Value in a damaged block: %v, want ErrCorrupt", err)
	}
	closed, err := Open(tablesDir(t, 0), surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()

	for _, tc := range []struct {
		name string
		tb   *Tables
		p    surakarta.Position
		ok   bool
		err  error  // Value's, that it wraps
		says string // in its message
	}{
		{"a cached block", tb, in, true, nil, ""},
		{"too many pieces", tb, surakarta.NewPosition(), false, ErrNotInTables, "12 against 12"},
		{"a class not there", few, positionOf(t, 3, 3<<34, surakarta.White, 0), false, ErrNotInTables, "2 against 2"},
		{"a game over", tb, positionOf(t, 1, 0, surakarta.White, 0), false, ErrNotInTables, "over"},
		{"a damaged table", damaged, inDamaged, false, ErrCorrupt, "1v1-all.sktb"},
		{"closed tables", closed, in, false, ErrClosed, "closed"},
		{"nil tables", nil, in, false, ErrNotInTables, "nil"},
	} {
		if _, ok := tc.tb.Probe(tc.p); ok != tc.ok {
			t.Errorf("%s: Probe: %v, want %v", tc.name, ok, tc.ok)
		}
		_, err := tc.tb.Value(tc.p)
		if (err == nil) != (tc.err == nil) || (err != nil && (!errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.says))) {
			t.Errorf("%s: Value: %v, want an error wrapping %v that says %q", tc.name, err, tc.err, tc.says)
		}
		if n := testing.AllocsPerRun(100, func() { tc.tb.Probe(tc.p) }); n != 0 {
			t.Errorf("%s: Probe allocates %v times", tc.name, n)
		}
		if n := testing.AllocsPerRun(100, func() { tc.tb.Value(tc.p) }); n != 0 {
			t.Errorf("%s: Value allocates %v times", tc.name, n)
		}
	}
}

// TestNilTables: a nil *Tables holds no position, and its other methods
// answer as for no tables rather than panic: Close returns nil, as for
// tables closed already.
func TestNilTables(t *testing.T) {
	var tb *Tables
	in := positionOf(t, 1|1<<7, 1<<35, surakarta.Black, 0)
	if _, _, err := tb.BestMove(in); !errors.Is(err, ErrNotInTables) {
		t.Errorf("BestMove: %v, want ErrNotInTables", err)
	}
	tb.SetCacheBytes(1 << 20)
	if err := tb.Close(); err != nil {
		t.Errorf("Close: %v, want nil", err)
	}
	if tb.Pieces() != 0 || tb.TablesRules() != (surakarta.Rules{}) || tb.Dropped() != nil {
		t.Errorf("Pieces %d, TablesRules %+v, Dropped %v: want none", tb.Pieces(), tb.TablesRules(), tb.Dropped())
	}
	// Through surakarta.EndgameTables, as a search holds tables: no
	// pieces, no value.
	var tables surakarta.EndgameTables = tb
	if _, ok := tables.Probe(in); ok || tables.Pieces() != 0 {
		t.Errorf("through surakarta.EndgameTables: Pieces %d, Probe %v", tables.Pieces(), ok)
	}
}

// TestProbesWhileClosing: goroutines probing tables (positions of every
// class of up to 4 pieces, and positions the tables do not hold), while
// another changes the cache's size, get the right values, or ErrClosed
// once Close has begun, and nothing else: after Close returned, every
// probe gets ErrClosed. A block read that failed because Close closed its
// file does not make the table damaged (Dropped). Run with -race.
func TestProbesWhileClosing(t *testing.T) {
	ps := append(randomSmallPositions(t, 2000, 31), surakarta.NewPosition(), positionOf(t, 0, 1, surakarta.Black, 0))
	ref := openTables(t, 0)
	want := make([]error, len(ps)) // ErrNotInTables for the last two
	vals := make([]surakarta.TableValue, len(ps))
	for i, p := range ps {
		vals[i], want[i] = ref.Value(p)
		if want[i] != nil && !errors.Is(want[i], ErrNotInTables) {
			t.Fatalf("%v: %v", p, want[i])
		}
	}
	const blockBytes = perBlock * 2
	sizes := []int{1, 3 * blockBytes, 64 * blockBytes, DefaultCacheBytes}
	const probers = 6
	errProbed := errors.New("Probe returned false")
	for round := range 8 {
		tb, err := Open(tablesDir(t, 0), surakarta.Rules{})
		if err != nil {
			t.Fatal(err)
		}
		tb.SetCacheBytes(sizes[round%len(sizes)])
		var closing, closed, stop atomic.Bool
		var probes, afterClose atomic.Int64
		var wg sync.WaitGroup
		for g := range probers {
			wg.Go(func() {
				for i := g * 131; !stop.Load(); i++ {
					k := i % len(ps)
					after := closed.Load() // Close returned before this probe began
					var v surakarta.TableValue
					var err error
					var ok bool
					if i%2 == 0 {
						v, err = tb.Value(ps[k])
					} else if v, ok = tb.Probe(ps[k]); !ok {
						err = errProbed
					}
					began := closing.Load() // Close began before this probe ended
					var wrong bool
					switch {
					case err == nil:
						wrong = after || want[k] != nil || v != vals[k]
					case err == errProbed:
						wrong = want[k] == nil && !began
					case errors.Is(err, ErrClosed):
						wrong = !began
					default: // not ErrCorrupt from a read Close cut short
						wrong = after || want[k] == nil || err != want[k]
					}
					if wrong {
						t.Errorf("round %d: %v: %+v, %v; want %+v, %v (Close began: %v, returned: %v)", round, ps[k], v, err, vals[k], want[k], began, after)
						return
					}
					probes.Add(1)
					if after {
						afterClose.Add(1)
					}
				}
			})
		}
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				tb.SetCacheBytes(sizes[i%len(sizes)])
			}
		})
		for probes.Load() < 3000 && !t.Failed() {
			time.Sleep(100 * time.Microsecond)
		}
		closing.Store(true)
		if err := tb.Close(); err != nil {
			t.Errorf("round %d: Close: %v", round, err)
		}
		closed.Store(true)
		for afterClose.Load() < 1000 && !t.Failed() {
			time.Sleep(100 * time.Microsecond)
		}
		stop.Store(true)
		wg.Wait()
		if err := tb.Close(); err != nil {
			t.Errorf("round %d: Close again: %v", round, err)
		}
		if d := tb.Dropped(); len(d) != 0 {
			t.Errorf("round %d: Dropped() = %v after Close, want none", round, d)
		}
		tb.SetCacheBytes(blockBytes) // does nothing now
		if _, err := tb.Value(ps[0]); !errors.Is(err, ErrClosed) {
			t.Errorf("round %d: Value after Close: %v, want ErrClosed", round, err)
		}
		if t.Failed() {
			return
		}
	}
}
