package enginespec

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/tbdir"
	"github.com/surakarta-go/surakarta/tablebase"
)

func TestParse(t *testing.T) {
	for _, spec := range []string{"pvs,sixfactor", "PVS,Endgame", " alphabeta,sixfactor "} {
		e, err := Parse(spec)
		if err != nil || e.New() == nil {
			t.Errorf("Parse(%q) = %v, %v", spec, e.Name, err)
		}
	}
	for _, spec := range []string{
		"", "x", "network", "pvs,", "negamax,sixfactor", "pvs,material", "pvs,,threads=2", "x,threads=2",
		"pvs,endgame,", "pvs,endgame,table", "pvs,endgame,=1", "pvs,endgame,table=",
		"pvs,endgame,table=-1", "pvs,endgame,table=0", "pvs,endgame,table=4097", "pvs,endgame,table=1.5",
		"pvs,endgame,aspiration=50", "pvs,endgame,nullmove=off", "pvs,endgame,depth=3",
		"pvs,endgame,table=2,table=4", "pvs,sixfactor,endgame-weight=60",
		"pvs,endgame,endgame-weight=-5", "alphabeta,sixfactor,table=2",
		"pvs,endgame,threads=0", "pvs,endgame,threads=257", "alphabeta,endgame,threads=2",
		"pvs,endgame,contempt=1001", "pvs,endgame,contempt=x", "alphabeta,sixfactor,contempt=10",
	} {
		if _, err := Parse(spec); err == nil {
			t.Errorf("Parse(%q): no error", spec)
		}
	}
}

// TestParseSearcherAlone: a searcher without an evaluator, alone or
// with options, has the default one, the network, and is named as the
// spec that names it: "pvs" is "pvs,network", and searches as it does.
func TestParseSearcherAlone(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, tc := range []struct {
		spec, name string
		limits     *surakarta.Limits // of a search that must be that of Parse(name), if any
	}{
		{"pvs", "pvs,network", &surakarta.Limits{Depth: 3}},
		{" PVS ", "pvs,network", &surakarta.Limits{Depth: 3}},
		{"alphabeta", "alphabeta,network", &surakarta.Limits{Depth: 3}},
		{"mcts", "mcts,network", &surakarta.Limits{Nodes: 300}},
		{"uct", "uct,network", &surakarta.Limits{Nodes: 300}},
		{"pvs,contempt=5,table=4", "pvs,network,contempt=5,table=4", &surakarta.Limits{Depth: 3}},
		{"mcts,threads=2", "mcts,network,threads=2", nil}, // searches that differ from run to run
	} {
		e, err := Parse(tc.spec)
		if err != nil || e.Name != tc.name {
			t.Errorf("Parse(%q) = %q, %v; want %q", tc.spec, e.Name, err, tc.name)
			continue
		}
		if tc.limits == nil {
			continue
		}
		got, err := e.New().Search(context.Background(), g, *tc.limits)
		want, err2 := mustEngine(t, tc.name).New().Search(context.Background(), g, *tc.limits)
		if err != nil || err2 != nil || got.Move != want.Move || got.Nodes != want.Nodes {
			t.Errorf("%s: %v in %d nodes (%v); %s: %v in %d nodes (%v)", tc.spec, got.Move, got.Nodes, err, tc.name, want.Move, want.Nodes, err2)
		}
	}
	if e := mustEngine(t, "pvs,name=P1"); e.Name != "P1" {
		t.Errorf("pvs,name=P1 is named %q", e.Name)
	}
	wantErrors(t, map[string]string{
		"x":                       "pvs, alphabeta, mcts or uct",
		"network":                 "want searcher[,evaluator]",
		"x,threads=2":             `unknown searcher "x"`,
		"pvs,threads=2,threads=3": "given twice",
		"pvs,endgame-weight=60":   "needs the endgame evaluator",
		"alphabeta,table=2":       "for pvs only",
		"pvs,network,network":     "want name=value",
	})
}

// wantErrors checks that Parse refuses each spec of specs with an error
// wrapping ErrInvalidSpec that says the words the spec maps to: a few
// words of what a command prints for the spec, which tell which check
// refused it.
func wantErrors(t *testing.T, specs map[string]string) {
	t.Helper()
	for spec, want := range specs {
		if _, err := Parse(spec); !errors.Is(err, ErrInvalidSpec) || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%.80q) = %v, want an error wrapping ErrInvalidSpec saying %q", spec, err, want)
		}
	}
}

// TestNewSearcher: NewSearcher makes a searcher of a parsed Engine, and
// returns an error wrapping surakarta.ErrInvalidSearch, rather than
// panic as New does, for an Engine without New (the zero Engine, or one
// that only names an engine, as a match read from its records has) and
// for a New that returns nil.
func TestNewSearcher(t *testing.T) {
	parsed, err := Parse("pvs,sixfactor")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		e    Engine
		ok   bool // a searcher, no error
	}{
		{"parsed", parsed, true},
		{"the zero Engine", Engine{}, false},
		{"a name alone", Engine{Name: "pvs,tuned"}, false},
		{"New returns nil", Engine{Name: "x", New: func() surakarta.Searcher { return nil }}, false},
	} {
		s, err := tc.e.NewSearcher()
		switch {
		case tc.ok && (err != nil || s == nil):
			t.Errorf("%s: %v, %v; want a searcher", tc.name, s, err)
		case !tc.ok && (s != nil || !errors.Is(err, surakarta.ErrInvalidSearch)):
			t.Errorf("%s: %v, %v; want an error wrapping ErrInvalidSearch", tc.name, s, err)
		}
	}
}

// TestParsePlayers: random, greedy and level1 to level10 are specs
// alone, with at most seed=N; the seed changes their choices.
func TestParsePlayers(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for spec, name := range map[string]string{"random": "random", "Greedy": "greedy", " level3 ": "level3", "level10": "level10", "level1,seed=5": "level1,seed=5"} {
		e, err := Parse(spec)
		if err != nil || e.Name != name {
			t.Errorf("Parse(%q) = %q, %v; want %q", spec, e.Name, err, name)
			continue
		}
		if _, err := e.New().Search(context.Background(), g, surakarta.Limits{Nodes: 1000}); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
	if _, ok := mustEngine(t, "level10").New().(*surakarta.PVS); !ok {
		t.Error("level10 is not the engine")
	}
	// Seeds 1 and 2 of the random mover play differently somewhere.
	a, b := mustEngine(t, "random,seed=1"), mustEngine(t, "random,seed=2")
	differ := false
	for ply := 0; ply < 20 && !differ; ply++ {
		ra, _ := a.New().Search(context.Background(), g, surakarta.Limits{})
		rb, _ := b.New().Search(context.Background(), g, surakarta.Limits{})
		differ = ra.Move != rb.Move
		if err := g.Play(ra.Move); err != nil {
			t.Fatal(err)
		}
	}
	if !differ {
		t.Error("random with seeds 1 and 2 played the same 20 moves")
	}
	wantErrors(t, map[string]string{
		"greedy,tuned":         "takes no evaluator",
		"level0":               "level1 to level10",
		"level11,tuned":        "unknown searcher",
		"level3,seed=x":        "seed: want a whole number",
		"level3,seed=-1":       "seed: want a whole number",
		"level3,table=4":       `unknown option "table"`,
		"random,seed=1,seed=2": "given twice",
		"random,seed=":         "want name=value",
	})
}

// TestParseName: name= names any engine, in its letter case, so that a
// match can play two engines of one spec.
func TestParseName(t *testing.T) {
	for spec, name := range map[string]string{
		"pvs,tuned,name=Base":               "Base",
		"PVS, tuned, threads=1, name=New-2": "New-2",
		"level3,name=Beginner,seed=7":       "Beginner",
		"random,name=r":                     "r",
	} {
		e, err := Parse(spec)
		if err != nil || e.Name != name || e.New() == nil {
			t.Errorf("Parse(%q) = %q, %v; want the name %q", spec, e.Name, err, name)
		}
	}
	wantErrors(t, map[string]string{
		"pvs,tuned,name=a,name=b": "given twice",
		"pvs,tuned,name=":         "want name=value",
		"random,name=a,name=b":    "given twice",
		"greedy,name=":            "want name=value",
	})
}

// mustEngine parses spec, failing the test on an error.
func mustEngine(t *testing.T, spec string) Engine {
	t.Helper()
	e, err := Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestParseNamesUnknownOptions: an option name that does not exist
// is called unknown, whatever its value and whatever the searcher.
func TestParseNamesUnknownOptions(t *testing.T) {
	for _, spec := range []string{"pvs,endgame,bogus=1", "pvs,endgame,bogus=on", "pvs,sixfactor,depth=3", "alphabeta,sixfactor,bogus=off", "alphabeta,endgame,nodes=x",
		// The switches of v0.1.0, which the search no longer offers.
		"pvs,endgame,cutoffs=off", "pvs,endgame,history=off", "pvs,endgame,killers=off", "pvs,endgame,quiescence=off",
		"pvs,endgame,nullmove=off", "pvs,endgame,lmr=off", "pvs,endgame,aspiration=0"} {
		wantErrors(t, map[string]string{spec: "unknown option"})
	}
	wantErrors(t, map[string]string{
		"alphabeta,sixfactor,table=2":    "for pvs only",
		"mcts,tuned,tb=x":                "for pvs only",
		"pvs,sixfactor,endgame-weight=5": "needs the endgame evaluator",
	})
}

// TestParseErrorsAreShort: an error quotes at most a short excerpt
// of a long spec: it is no longer than a short message and the list of
// option names (which an unknown option's error gives).
func TestParseErrorsAreShort(t *testing.T) {
	long := strings.Repeat("é", 1<<20)
	limit := 300 + len(strings.Join(optionNames, ", "))
	for _, spec := range []string{
		long, "pvs," + long, long + ",endgame", "pvs,endgame," + long, "pvs,endgame," + long + "=1",
		"pvs,endgame,table=" + long, "pvs,endgame,threads=" + long, "pvs,endgame,table=2,table=" + long,
		"pvs,endgame,endgame-weight=" + long, "alphabeta,endgame,contempt=" + long, "pvs,endgame,tb=" + long,
		"ugi:" + long, "gtp:'" + long, "ugi,timeout=" + long + ":x", "ugi,name=x," + long + ":x", long + ":x",
	} {
		_, err := Parse(spec)
		if err == nil {
			t.Errorf("Parse(%.60q…): no error", spec)
		} else if len(err.Error()) > limit || !utf8.ValidString(err.Error()) {
			t.Errorf("Parse(%.60q…): an error of %d bytes: %.200q", spec, len(err.Error()), err)
		}
	}
}

func TestParseOptions(t *testing.T) {
	e, err := Parse("PVS, endgame, endgame-weight=60, table=2, threads=3, contempt=7")
	if err != nil {
		t.Fatal(err)
	}
	if want := "pvs,endgame,endgame-weight=60,table=2,threads=3,contempt=7"; e.Name != want {
		t.Errorf("Name = %q, want %q", e.Name, want)
	}
	s, ok := e.New().(*surakarta.PVS)
	if !ok {
		t.Fatalf("New() = %T, want *surakarta.PVS", e.New())
	}
	if s.TableMegabytes != 2 || s.Threads != 3 || s.Contempt != 7 {
		t.Errorf("options not applied: table %d, threads %d, contempt %d", s.TableMegabytes, s.Threads, s.Contempt)
	}
	for spec, want := range map[string][2]int{
		"pvs,endgame":                        {1, 0},
		"pvs,endgame,threads=4":              {4, 0},
		"pvs,sixfactor,contempt=-20":         {1, -20},
		"pvs,endgame,threads=2,contempt=100": {2, 100},
	} {
		e, err := Parse(spec)
		if err != nil {
			t.Fatalf("Parse(%q): %v", spec, err)
		}
		s := e.New().(*surakarta.PVS)
		if got := [2]int{max(s.Threads, 1), s.Contempt}; got != want {
			t.Errorf("%s: threads and contempt %v, want %v", spec, got, want)
		}
	}
	ev, ok := s.Evaluator.(*surakarta.EndgameAdjusted)
	if !ok || ev.Adjusted.Weights.Pieces != 60 {
		t.Fatalf("Evaluator = %#v, want EndgameAdjusted with endgame piece weight 60", s.Evaluator)
	}
	// Only that weight changes.
	want := surakarta.NewEndgameAdjusted()
	want.Adjusted.Weights.Pieces = 60
	if *ev != *want {
		t.Errorf("evaluator = %+v, want %+v", *ev, *want)
	}
	// Every New makes its own searcher and evaluator.
	if s2 := e.New().(*surakarta.PVS); s2 == s || s2.Evaluator == s.Evaluator {
		t.Error("New returned shared state")
	}

	// Without options: the library's defaults.
	def, _ := Parse("pvs,endgame")
	got := def.New().(*surakarta.PVS)
	ref := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
	if got.TableMegabytes != ref.TableMegabytes || got.Threads != ref.Threads || got.Contempt != ref.Contempt ||
		*got.Evaluator.(*surakarta.EndgameAdjusted) != *surakarta.NewEndgameAdjusted() {
		t.Errorf("pvs,endgame differs from the defaults: table %d, threads %d, contempt %d", got.TableMegabytes, got.Threads, got.Contempt)
	}
}

func TestParseTablebase(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "Tables") // its letter case counts
	if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 3}); err != nil {
		t.Fatal(err)
	}
	e, err := Parse("pvs,tuned,tb=" + dir)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := e.New().(tbdir.PVS)
	if !ok || s.Dir.Path() != dir {
		t.Fatalf("New() = %T, want a PVS with the tables of %s", e.New(), dir)
	}
	// A won position of 2 pieces against 1: the tables answer at the root.
	p, err := surakarta.ParsePosition("6/6/6/w5/6/1bb3 b 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g, err := surakarta.NewGameWithRules(p, surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1})
	if err != nil || res.TBHits == 0 || !surakarta.IsWin(res.Score) {
		t.Errorf("search: %+v, %v; want a win from the tables", res, err)
	}
	for _, bad := range []string{filepath.Join(dir, "missing"), t.TempDir()} {
		wantErrors(t, map[string]string{"pvs,tuned,tb=" + bad: "tb: "})
	}
}

// TestParseTuned checks the tuned evaluator: NewTuned's weights,
// for either searcher, and no endgame weight.
func TestParseTuned(t *testing.T) {
	want := surakarta.NewTuned()
	for _, spec := range []string{"pvs,tuned", "alphabeta,tuned", "pvs,tuned,table=4"} {
		e, err := Parse(spec)
		if err != nil {
			t.Fatalf("%s: %v", spec, err)
		}
		var ev surakarta.Evaluator
		switch s := e.New().(type) {
		case *surakarta.PVS:
			ev = s.Evaluator
		case *surakarta.AlphaBeta:
			ev = s.Evaluator
		}
		got, ok := ev.(*surakarta.Tuned)
		if !ok {
			t.Errorf("%s: evaluator %#v, want NewTuned()", spec, ev)
			continue
		}
		middle, _ := surakarta.ParsePosition("1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19")
		for _, p := range []surakarta.Position{surakarta.NewPosition(), middle} {
			if a, b := got.Evaluate(&p), want.Evaluate(&p); a != b {
				t.Errorf("%s: evaluator scores %v %d, NewTuned %d", spec, p, a, b)
			}
		}
	}
	wantErrors(t, map[string]string{"pvs,tuned,endgame-weight=60": "needs the endgame evaluator"})
}

// TestEngineNewConcurrently: a match calls New from several goroutines at
// once, so the New of a parsed engine must be safe for concurrent use, and
// its searchers must not share state; run it under go test -race.
func TestEngineNewConcurrently(t *testing.T) {
	specs := []string{"pvs,endgame", "pvs,sixfactor,table=2,contempt=5", "pvs,endgame,endgame-weight=60", "alphabeta,sixfactor", "pvs,tuned"}
	for _, spec := range specs {
		e, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		moves := make([]surakarta.Move, 4)
		for i := range moves {
			wg.Go(func() {
				s := e.New()
				res, err := s.Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 3})
				if err != nil {
					t.Errorf("%s: %v", spec, err)
				}
				moves[i] = res.Move
			})
		}
		wg.Wait()
		for i := range moves {
			if moves[i] != moves[0] {
				t.Errorf("%s: searches at the same time chose %v", spec, moves)
				break
			}
		}
	}
}

// FuzzParse: any spec gives an engine or an error, never a panic; an
// engine's Name parses again to the same Name, and New makes a searcher.
func FuzzParse(f *testing.F) {
	for _, spec := range []string{
		"pvs,endgame", "alphabeta,sixfactor", "PVS, Endgame, table=4, threads=2",
		"pvs,endgame,endgame-weight=60", "pvs,sixfactor,contempt=-3,table=1",
		"pvs,endgame,table=99999", "pvs,,", ",", "pvs,endgame,a=b=c",
	} {
		f.Add(spec)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		e, err := Parse(spec)
		if err != nil {
			return
		}
		again, err := Parse(e.Name)
		if err != nil || again.Name != e.Name {
			t.Fatalf("Parse(%q).Name = %q, which parses to %q, %v", spec, e.Name, again.Name, err)
		}
		if e.New() == nil {
			t.Fatalf("Parse(%q).New() = nil", spec)
		}
	})
}
