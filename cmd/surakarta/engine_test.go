package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/registry"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/ugi"
)

func TestOptions(t *testing.T) {
	e := newEngine()
	s, ok := e.Searcher().(*surakarta.PVS)
	if !ok || s.TableMegabytes != 16 || s.Threads != 1 || s.Contempt != 0 {
		t.Fatalf("the default searcher is %T, want a PVS with a 16 MiB table on 1 thread without contempt", e.Searcher())
	}
	if _, ok := s.Evaluator.(*surakarta.Network); !ok {
		t.Errorf("the default evaluator is a %T, want Network", s.Evaluator)
	}
	// Hash, Threads and Contempt change the PVS in place.
	for _, tc := range [][2]string{{"hash", "64"}, {"THREADS", "2"}, {"contempt", "-15"}, {"Searcher", "PVS"}, {"evaluator", "Network"}} {
		if err := e.SetOption(tc[0], tc[1]); err != nil {
			t.Errorf("%s %s: %v", tc[0], tc[1], err)
		}
	}
	if e.Searcher() != surakarta.Searcher(s) || s.TableMegabytes != 64 || s.Threads != 2 || s.Contempt != -15 {
		t.Errorf("after Hash 64, Threads 2, Contempt -15: %#v, the same searcher: %v", e.Searcher(), e.Searcher() == surakarta.Searcher(s))
	}
	// Searcher and Evaluator make a new searcher, with the PVS options.
	if err := e.SetOption("evaluator", "SixFactor"); err != nil {
		t.Fatal(err)
	}
	s2, ok := e.Searcher().(*surakarta.PVS)
	if !ok || s2 == s || s2.TableMegabytes != 64 || s2.Threads != 2 || s2.Contempt != -15 {
		t.Errorf("Evaluator sixfactor: %#v", e.Searcher())
	} else if _, ok := s2.Evaluator.(*surakarta.SixFactor); !ok {
		t.Errorf("Evaluator sixfactor: a %T", s2.Evaluator)
	}
	if err := e.SetOption("Searcher", "alphabeta"); err != nil {
		t.Fatal(err)
	}
	if ab, ok := e.Searcher().(*surakarta.AlphaBeta); !ok {
		t.Errorf("Searcher alphabeta makes a %T", e.Searcher())
	} else if _, ok := ab.Evaluator.(*surakarta.SixFactor); !ok {
		t.Errorf("Searcher alphabeta: a %T", ab.Evaluator)
	}
	if e.Searcher() != e.Searcher() {
		t.Error("a new searcher for each search")
	}
	// Refused values change nothing.
	before := *e
	for _, tc := range [][2]string{
		{"Hash", "0"}, {"Hash", "4097"}, {"Threads", "0"}, {"Threads", "257"}, {"Contempt", "1001"}, {"Contempt", "-1001"},
		{"Searcher", "negamax"}, {"Evaluator", ""}, {"Ponder", "true"}, {"MoveOverhead", "10"},
		{"Level", "0"}, {"Level", strconv.Itoa(level.Count + 1)},
	} {
		if err := e.SetOption(tc[0], tc[1]); err == nil || *e != before {
			t.Errorf("%s %q: error %v, engine %+v", tc[0], tc[1], err, *e)
		}
	}
	// The combos offer the registry's names, the default first.
	for _, o := range options {
		switch o.Name {
		case "Searcher":
			if !slices.Equal(o.Vars, registry.SearcherNames()) || o.Default != "pvs" {
				t.Errorf("Searcher: %+v", o)
			}
		case "Evaluator":
			if !slices.Equal(o.Vars, registry.EvaluatorNames()) || o.Default != "network" {
				t.Errorf("Evaluator: %+v", o)
			}
		}
	}
}

// TestLevel: Level below level.Count plays that level, and the default,
// level.Count, is the engine of the other options, which apply again when
// Level comes back to it.
func TestLevel(t *testing.T) {
	e := newEngine()
	if err := e.SetOption("Contempt", "7"); err != nil {
		t.Fatal(err)
	}
	full := e.Searcher()
	if pvs, ok := full.(*surakarta.PVS); !ok || pvs.Contempt != 7 {
		t.Fatalf("Level %d: %#v", level.Count, full)
	}
	g := surakarta.NewGame(surakarta.NewPosition())
	for n := 1; n < level.Count; n++ {
		if err := e.SetOption("level", strconv.Itoa(n)); err != nil {
			t.Fatal(err)
		}
		s := e.Searcher()
		if _, ok := s.(*surakarta.PVS); ok {
			t.Fatalf("Level %d plays the full engine", n)
		}
		want, _ := level.New(n, 0)
		for range 3 {
			got, err1 := s.Search(context.Background(), g, surakarta.Limits{Nodes: 20000})
			w, err2 := want.Search(context.Background(), g, surakarta.Limits{Nodes: 20000})
			if err1 != nil || err2 != nil || got.Move != w.Move {
				t.Fatalf("Level %d plays %v (%v), level.New(%d, 0) plays %v (%v)", n, got.Move, err1, n, w.Move, err2)
			}
			if err := g.Play(got.Move); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := e.SetOption("Level", strconv.Itoa(level.Count)); err != nil {
		t.Fatal(err)
	}
	if pvs, ok := e.Searcher().(*surakarta.PVS); !ok || pvs.Contempt != 7 || pvs == full {
		t.Errorf("Level %d again: %#v", level.Count, e.Searcher())
	}
}

// TestOneTable: a new searcher's table is made only once the old one is
// gone. With Hash 256, changing the evaluator between searches does not
// need room for two tables, even while something else still holds the
// old searcher, as a goroutine that has just ended a search on it may.
func TestOneTable(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates 256 MiB tables")
	}
	// With the collector's own cycles off, only the collections the engine
	// runs free an old table, and HeapAlloc counts every table made since
	// the last of them as well as every table still reachable: after the
	// last search it holds one table if the old ones were freed before the
	// new one was made, four if they were held. (HeapSys, the address space
	// the heap has taken, would also count a table placed beside the hole
	// of a freed one because a small allocation landed in that hole.)
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	e := newEngine()
	if err := e.SetOption("Hash", "256"); err != nil {
		t.Fatal(err)
	}
	search := func() {
		t.Helper()
		if _, err := e.Searcher().Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 1}); err != nil {
			t.Fatal(err)
		}
	}
	search()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	first := ms.HeapAlloc
	var held []surakarta.Searcher
	for _, eval := range []string{"sixfactor", "endgame", "tuned"} {
		held = append(held, e.Searcher())
		if err := e.SetOption("Evaluator", eval); err != nil {
			t.Fatal(err)
		}
		search()
	}
	runtime.ReadMemStats(&ms)
	if grown := int64(ms.HeapAlloc) - int64(first); grown > 128<<20 {
		t.Errorf("three new searchers of Hash 256 grew the heap by %d MiB", grown>>20)
	}
	runtime.KeepAlive(held)
}

func TestRun(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, strings.NewReader(""), &stdout, &stderr); code != 0 || !strings.HasPrefix(stdout.String(), "usage: surakarta") ||
		!strings.Contains(stdout.String(), "surakarta is an engine program for the board game Surakarta") {
		t.Errorf("-h: exit %d, %q", code, stdout.String())
	}
	if strings.Contains(stdout.String(), "Surakarta is a Surakarta engine") {
		t.Errorf("-h: %q", stdout.String())
	}
	for _, args := range [][]string{{"-bogus"}, {"-movetime", "0s"}, {"perft"}, {"bench", "0"}, {"bench", "x"}, {"bench", "1", "2"}, {"bench", "65"}} {
		stdout.Reset()
		stderr.Reset()
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 2 || stdout.Len() != 0 || stderr.Len() == 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
	}
	// bench is the engine's signature: the same count every time, on
	// every machine, and the count the UGI command gives.
	stdout.Reset()
	stderr.Reset()
	if code := run([]string{"bench", "3"}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("bench 3: exit %d, %s", code, stderr.String())
	}
	if !regexp.MustCompile(`^6589 nodes \d+ nps\n$`).MatchString(stdout.String()) {
		t.Errorf("bench 3: %q, want 6589 nodes", stdout.String())
	}
	var session bytes.Buffer
	if code := run(nil, strings.NewReader("position startpos moves b2b3\nbench 3\n"), &session, &stderr); code != 0 ||
		!regexp.MustCompile(`^6589 nodes \d+ nps\n$`).MatchString(session.String()) {
		t.Errorf("bench 3 in a session: exit %d, %q", code, session.String())
	}
	// A session from standard input, to its end.
	stdout.Reset()
	if code := run(nil, strings.NewReader("isready\nposition startpos\ngo depth 2\n"), &stdout, &stderr); code != 0 ||
		!regexp.MustCompile(`^readyok\n(info .*\n)+bestmove [a-f][1-6][a-f][1-6]\n$`).MatchString(stdout.String()) {
		t.Errorf("session: exit %d, %q", code, stdout.String())
	}
	stdout.Reset()
	if code := run([]string{"-gtp"}, strings.NewReader("name\nquit\nname\n"), &stdout, &stderr); code != 0 || stdout.String() != "= surakarta\n\n=\n\n" {
		t.Errorf("GTP session: exit %d, %q", code, stdout.String())
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr: %q", stderr.String())
	}
}

// TestBenchSignature: bench at its default depth counts the nodes it
// always has.
func TestBenchSignature(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of search")
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"bench"}, strings.NewReader(""), &stdout, &stderr)
	m := regexp.MustCompile(`^(\d+) nodes \d+ nps\n$`).FindStringSubmatch(stdout.String())
	if code != 0 || m == nil {
		t.Fatalf("bench: exit %d, %q %q", code, stdout.String(), stderr.String())
	}
	if nodes, _ := strconv.Atoi(m[1]); nodes != benchSignature {
		t.Errorf("bench counts %d nodes, not the %d this test pins: the search, or the engine's defaults, changed what it searches.\n"+
			"If that is meant: set benchSignature to %d, write \"Bench: %d\" in the body of the commit (CONTRIBUTING.md),\n"+
			"and update the quote of docs/engine.md (TestQuotedBench). If not, the change broke the search's determinism or its defaults.",
			nodes, benchSignature, nodes, nodes)
	}
}

// benchSignature is the node count of bench with the engine's defaults,
// the same on every machine: a change of it is a change of the search,
// which its commit's body states as "Bench: N".
const benchSignature = 488534

// TestListing: the answer to ugi lists the server's options, then the
// engine's.
func TestListing(t *testing.T) {
	var out bytes.Buffer
	if err := ugi.Serve(context.Background(), strings.NewReader("ugi\n"), &out, ugiEngine(newEngine())); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 22 || !strings.HasPrefix(lines[0], "id name surakarta ") || lines[1] != "id author "+engineAuthor || lines[21] != "ugiok" ||
		lines[8] != "option name Clear Hash type button" ||
		lines[14] != fmt.Sprintf("option name Level type spin default %d min 1 max %d", level.Count, level.Count) ||
		lines[15] != "option name TablebasePath type string default <empty>" ||
		lines[16] != "option name NetworkFile type string default <empty>" ||
		lines[17] != "option name Book type string default <empty>" ||
		lines[18] != "option name BookPlies type spin default 0 min 0 max 255" ||
		lines[19] != "option name BookVariety type spin default 100 min 0 max 100" ||
		lines[20] != "option name BookByScore type check default false" {
		t.Errorf("ugi: %q", lines)
	}
}

// TestThreadsForMCTS: the Threads option sets the threads of an MCTS too.
func TestThreadsForMCTS(t *testing.T) {
	e := newEngine()
	for _, o := range [][2]string{{"Searcher", "mcts"}, {"Threads", "3"}} {
		if err := e.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	m, ok := e.Searcher().(*surakarta.MCTS)
	if !ok || m.Threads != 3 {
		t.Fatalf("Searcher mcts, Threads 3: got %#v", e.Searcher())
	}
	if err := e.SetOption("Threads", "2"); err != nil || m.Threads != 2 {
		t.Errorf("Threads 2 after the search was made: %d, %v", m.Threads, err)
	}
}
