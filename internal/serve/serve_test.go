package serve

import (
	"context"
	"errors"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// readAll returns every line of in and the error that ended it.
func readAll(t *testing.T, in *Input) ([]string, error) {
	t.Helper()
	var lines []string
	for {
		l, err := in.Next(context.Background())
		switch {
		case errors.Is(err, ErrLineTooLong):
			lines = append(lines, "(too long)")
		case err != nil:
			return lines, err
		default:
			lines = append(lines, l)
		}
	}
}

func TestInput(t *testing.T) {
	text := "one\r\ntwo\n\n" + strings.Repeat("x", MaxLine+1) + "\n" + strings.Repeat("y", MaxLine) + "\nthree\x00\nfour"
	in := NewInput(strings.NewReader(text))
	defer in.Close()
	lines, err := readAll(t, in)
	want := []string{"one", "two", "", "(too long)", strings.Repeat("y", MaxLine), "three\x00", "four"}
	if err != io.EOF || strings.Join(lines, ",") != strings.Join(want, ",") {
		t.Errorf("lines %.80q…, %v", lines, err)
	}
	// Next goes on answering io.EOF.
	if _, err := in.Next(context.Background()); err != io.EOF {
		t.Errorf("after the end: %v", err)
	}
}

func TestInputErrors(t *testing.T) {
	boom := errors.New("boom")
	in := NewInput(io.MultiReader(strings.NewReader("a\n"), iotest.ErrReader(boom)))
	defer in.Close()
	if lines, err := readAll(t, in); err != boom || len(lines) != 1 {
		t.Errorf("a read error: %q, %v", lines, err)
	}

	// A context done stops the wait for a line that does not come.
	r, w := io.Pipe()
	defer w.Close()
	in = NewInput(r)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := in.Next(ctx); err != context.DeadlineExceeded {
		t.Errorf("no input: %v", err)
	}
	// Close releases the reader waiting to hand over a line.
	go w.Write([]byte("x\ny\n"))
	time.Sleep(10 * time.Millisecond)
	in.Close()
	in.Close()
}

func TestOutput(t *testing.T) {
	var sb strings.Builder
	o := NewOutput(&sb)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 100 {
				o.Lines(strings.Repeat(string(rune('a'+i)), 10), strings.Repeat(string(rune('a'+i)), 5))
			}
		})
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(sb.String(), "\n"), "\n")
	if len(lines) != 1600 {
		t.Fatalf("%d lines", len(lines))
	}
	for i := 0; i < len(lines); i += 2 {
		if len(lines[i]) != 10 || lines[i+1] != lines[i][:5] {
			t.Fatalf("lines %d and %d: %q %q: a pair was split", i, i+1, lines[i], lines[i+1])
		}
	}
	if o.Err() != nil {
		t.Error(o.Err())
	}

	// A write error is kept, and nothing more is written.
	boom := errors.New("boom")
	fw := &failWriter{after: 1, err: boom}
	o = NewOutput(fw)
	o.Lines("one")
	o.Lines("two")
	o.Lines("three")
	if o.Err() != boom || fw.written != "one\n" {
		t.Errorf("after a write error: %v, written %q", o.Err(), fw.written)
	}
}

// failWriter accepts after writes, then fails.
type failWriter struct {
	after   int
	err     error
	written string
}

func (w *failWriter) Write(p []byte) (int, error) {
	if w.after == 0 {
		return 0, w.err
	}
	w.after--
	w.written += string(p)
	return len(p), nil
}

// TestSettings: the server's options take their values in range and
// refuse others, changing nothing, with the error that the engine sends
// the GUI: a few words of it, the range or the reason, are checked.
func TestSettings(t *testing.T) {
	s := DefaultSettings()
	if s.MoveOverhead != 20*time.Millisecond || s.Rules != surakarta.OlympiadRules() || s.MultiPV != 1 {
		t.Errorf("defaults %+v", s)
	}
	// Each option's Default is its value in DefaultSettings.
	for _, o := range Options() {
		def := DefaultSettings()
		if found, err := def.Set(o.Name, " "+strconv.Itoa(o.Default)+" "); !found || err != nil || def != s {
			t.Errorf("%s %d: %v %v, settings %+v", o.Name, o.Default, found, err, def)
		}
	}
	for _, tc := range []struct{ name, value string }{{"moveoverhead", "0"}, {"QUIETPLYLIMIT", "101"}, {"RepetitionLimit", "3"}, {"multipv", "5"}} {
		if found, err := s.Set(tc.name, tc.value); !found || err != nil {
			t.Errorf("%s %s: %v %v", tc.name, tc.value, found, err)
		}
	}
	want := Settings{Rules: surakarta.Rules{QuietPlyLimit: 101, RepetitionLimit: 3}, MultiPV: 5}
	if s != want {
		t.Errorf("settings %+v, want %+v", s, want)
	}
	for _, tc := range []struct{ name, value, err string }{
		{"MoveOverhead", "-1", "from 0 to 10000"},
		{"MoveOverhead", "10001", "from 0 to 10000"},
		{"QuietPlyLimit", "x", `not "x"`},
		{"RepetitionLimit", "1", "every game at once"},
		{"RepetitionLimit", "1000001", "from 0 to 1000000"},
		{"MultiPV", "0", "from 1 to 112"},
		{"MultiPV", "113", "from 1 to 112"},
	} {
		before := s
		if found, err := s.Set(tc.name, tc.value); !found || err == nil || !strings.Contains(err.Error(), tc.err) || s != before {
			t.Errorf("%s %q: %v, %v (want %q), settings %+v", tc.name, tc.value, found, err, tc.err, s)
		}
	}
	if found, err := s.Set("Hash", "1"); found || err != nil {
		t.Errorf("Hash: %v %v", found, err)
	}
	if !IsOption("repetitionlimit") || IsOption("Threads") {
		t.Error("IsOption")
	}
}

func TestPerft(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	positions := []surakarta.Position{surakarta.NewPosition()}
	for range 6 {
		positions = append(positions, surakartatest.RandomPosition(r))
	}
	for _, p := range positions {
		for depth := 0; depth <= 4; depth++ {
			var moves []surakarta.Move
			var sum uint64
			total, err := Perft(context.Background(), p, depth, 3, func(m surakarta.Move, n uint64) {
				moves = append(moves, m)
				child := p
				child.PlayUnchecked(m)
				if want := child.Perft(depth - 1); n != want {
					t.Errorf("%v depth %d: %v: %d, want %d", p, depth, m, n, want)
				}
				sum += n
			})
			if err != nil || total != p.Perft(depth) || (depth > 0 && sum != total) {
				t.Errorf("%v depth %d: %d (moves sum to %d), %v; want %d", p, depth, total, sum, err, p.Perft(depth))
			}
			if depth > 0 && len(moves) != len(p.LegalMoves()) {
				t.Errorf("%v depth %d: %d moves reported", p, depth, len(moves))
			}
			for i, m := range moves {
				if m != p.LegalMoves()[i] {
					t.Fatalf("%v: moves reported in the order %v", p, moves)
				}
			}
		}
	}
}

// TestPerftStops: a perft of minutes ends at its context's end, within
// moments on a machine not otherwise busy (SURAKARTA_REALTIME=1).
func TestPerftStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	start := time.Now()
	reported := 0
	total, err := Perft(ctx, surakarta.NewPosition(), 8, 0, func(surakarta.Move, uint64) { reported++ })
	testsize.RealTimeWithin(t, "perft 8 cancelled after 50ms", time.Since(start), time.Second)
	if err != context.Canceled {
		t.Errorf("perft 8 cancelled after 50ms: %d, %v", total, err)
	}
	if reported > 0 {
		t.Errorf("%d root moves of perft 8 counted in 50ms", reported)
	}
}

// newTestServer returns a server whose searcher is a PVS with the
// default evaluator, and what it wrote.
func newTestServer(caps Caps) (*Server, *syncBuffer) {
	var out syncBuffer
	pvs := surakarta.NewPVS(surakarta.NewTuned())
	return New(&out, func() surakarta.Searcher { return pvs }, caps), &out
}

// syncBuffer is a strings.Builder safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	sb strings.Builder
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.sb.String()
}

func TestServerGame(t *testing.T) {
	s, _ := newTestServer(Caps{})
	g, err := s.Game()
	if err != nil || g.Position() != surakarta.NewPosition() || g.Rules() != surakarta.OlympiadRules() {
		t.Fatalf("the start: %v, %v", g, err)
	}
	s.DropGame("refused")
	if _, err := s.Game(); !errors.Is(err, ErrNoPosition) || !strings.Contains(err.Error(), "refused") {
		t.Errorf("no game: %v", err)
	}
	if _, err := s.Settings.Set("QuietPlyLimit", "7"); err != nil {
		t.Fatal(err)
	}
	s.NewGame()
	if g, err := s.Game(); err != nil || g.Rules().QuietPlyLimit != 7 {
		t.Errorf("a new game under QuietPlyLimit 7: %v, %v", g, err)
	}
	b2b3 := surakarta.NewMove(surakarta.B2, surakarta.B3)
	if _, err := s.GameFrom(surakarta.NewPosition(), []surakarta.Move{b2b3, b2b3}); !errors.Is(err, surakarta.ErrIllegalMove) || !strings.Contains(err.Error(), "move 2 (b2b3)") {
		t.Errorf("b2b3 twice: %v", err)
	}
	g, err = s.GameFrom(surakarta.NewPosition(), []surakarta.Move{b2b3})
	if err != nil || g.Ply() != 1 || g.Rules().QuietPlyLimit != 7 {
		t.Errorf("b2b3: %v, %v", g, err)
	}
}

func TestServerTasks(t *testing.T) {
	s, out := newTestServer(Caps{})
	var res surakarta.Result
	s.Go(surakarta.Limits{Depth: surakarta.MaxDepth}, true, Report{
		Info: func(surakarta.Info) {},
		Done: func(r surakarta.Result, err error) []string { res = r; return []string{"done " + r.Move.String()} },
	})
	// go infinite ends only at stop: Idle refuses to wait for it.
	if err := s.Idle(context.Background()); !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "stop") {
		t.Errorf("Idle during go infinite: %v", err)
	}
	time.Sleep(20 * time.Millisecond)
	s.Stop()
	if err := s.Idle(context.Background()); err != nil || res.Move == surakarta.NoMove || out.String() != "done "+res.Move.String()+"\n" {
		t.Errorf("after Stop: %v, %v, %q", err, res.Move, out.String())
	}

	// A search that ends by itself: Idle waits for its last lines.
	before := len(out.String())
	s.Go(surakarta.Limits{Nodes: 5000}, false, Report{
		Info: func(surakarta.Info) {},
		Done: func(r surakarta.Result, err error) []string { return []string{"done " + r.Move.String()} },
	})
	if err := s.Idle(context.Background()); err != nil || !strings.HasPrefix(out.String()[before:], "done ") {
		t.Errorf("Idle after a search of 5000 nodes: %v, %q", err, out.String()[before:])
	}

	// perft in the background, stopped.
	p := s.game.Position()
	s.StartPerft(8, func(m surakarta.Move, n uint64) string { return m.String() },
		func(total uint64, stopped bool) []string {
			if stopped {
				return []string{"stopped"}
			}
			return []string{"total"}
		})
	// perft ends by itself: Idle waits for it, here until its context ends.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if err := s.Idle(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Idle during perft: %v", err)
	}
	start := time.Now()
	s.Stop()
	testsize.RealTimeWithin(t, "perft stopped", time.Since(start), time.Second)
	if !strings.HasSuffix(out.String(), "\nstopped\n") {
		t.Errorf("perft stopped: %q", out.String())
	}
	if s.game.Position() != p {
		t.Error("perft changed the game")
	}
}

// TestServerNodeCap: the cap bounds every search, and the overhead is
// passed on.
func TestServerNodeCap(t *testing.T) {
	var got surakarta.Limits
	s := New(io.Discard, func() surakarta.Searcher { return limitsSpy{&got} }, Caps{Nodes: 500})
	if _, err := s.SearchNow(context.Background(), surakarta.Limits{Nodes: 10_000}); err != nil {
		t.Fatal(err)
	}
	if got.Nodes != 500 || got.MoveOverhead != DefaultMoveOverhead {
		t.Errorf("limits %+v", got)
	}
	if _, err := s.SearchNow(context.Background(), surakarta.Limits{Nodes: 100}); err != nil || got.Nodes != 100 {
		t.Errorf("limits %+v, %v", got, err)
	}
	// No searcher: an error, not a panic.
	s = New(io.Discard, func() surakarta.Searcher { return nil }, Caps{})
	if _, err := s.SearchNow(context.Background(), surakarta.Limits{}); err == nil {
		t.Error("no searcher: no error")
	}
	if _, _, err := s.Bench(context.Background(), []surakarta.Position{surakarta.NewPosition()}, 1); err == nil {
		t.Error("bench with no searcher: no error")
	}
}

// TestServerMultiPV: the searches Go starts, whose iterations the
// protocol reports, get the settings' MultiPV; SearchNow's, whose
// protocol shows no lines, search one.
func TestServerMultiPV(t *testing.T) {
	var got surakarta.Limits
	s := New(io.Discard, func() surakarta.Searcher { return limitsSpy{&got} }, Caps{})
	if _, err := s.Settings.Set("MultiPV", "4"); err != nil {
		t.Fatal(err)
	}
	s.Go(surakarta.Limits{Depth: 3}, false, Report{Done: func(surakarta.Result, error) []string { return nil }})
	s.Stop()
	if got.MultiPV != 4 || got.Depth != 3 {
		t.Errorf("Go: limits %+v, want MultiPV 4", got)
	}
	if _, err := s.SearchNow(context.Background(), surakarta.Limits{Depth: 3}); err != nil || got.MultiPV != 0 {
		t.Errorf("SearchNow: limits %+v, %v; want MultiPV 0", got, err)
	}
}

// limitsSpy is a searcher that records its limits.
type limitsSpy struct{ lim *surakarta.Limits }

func (s limitsSpy) Search(_ context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	*s.lim = lim
	return surakarta.Result{Move: g.LegalMoves()[0]}, nil
}

func (limitsSpy) Clear() {}

// TestBench: bench counts the same nodes whatever was searched before,
// and as a new searcher for each position would.
func TestBench(t *testing.T) {
	positions := []surakarta.Position{surakarta.NewPosition()}
	r := rand.New(rand.NewPCG(5, 6))
	for len(positions) < 5 {
		if g := surakartatest.RandomGame(r, 20); !g.Outcome().Over {
			positions = append(positions, g.Position())
		}
	}
	var want int64
	for _, p := range positions {
		res, err := surakarta.NewPVS(surakarta.NewTuned()).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: 5})
		if err != nil {
			t.Fatal(err)
		}
		want += res.Nodes
	}
	s, _ := newTestServer(Caps{})
	s.Settings.MultiPV = 3 // bench searches one line, whatever the option
	for i := range 2 {
		nodes, _, err := s.Bench(context.Background(), positions, 5)
		if err != nil || nodes != want {
			t.Errorf("bench %d: %d nodes, %v; want %d", i+1, nodes, err, want)
		}
		if _, err := s.SearchNow(context.Background(), surakarta.Limits{Depth: 6}); err != nil {
			t.Fatal(err)
		}
	}
	// A cancelled bench says so.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := s.Bench(ctx, positions, 5); err != context.Canceled {
		t.Errorf("cancelled bench: %v", err)
	}
}

// TestParseDepth: a depth of 1 to the most reads, any other is refused
// with an error that gives the range, which the engine sends the GUI.
func TestParseDepth(t *testing.T) {
	if d, err := ParseDepth("7", 8); d != 7 || err != nil {
		t.Errorf("7: %d, %v", d, err)
	}
	for _, bad := range []string{"0", "9", "-1", "x", "", "1.5"} {
		if _, err := ParseDepth(bad, 8); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	if _, err := ParseDepth("99", 8); err == nil || !strings.Contains(err.Error(), "1 to 8") {
		t.Errorf("99: %v", err)
	}
}
