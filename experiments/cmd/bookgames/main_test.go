package main

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// small are settings that play short searches, so that the tests run in
// a few seconds.
var small = settings{seed: 7, from: 1, games: 6, randomPlies: 6, margin: 30, multiPV: 6, nodes: 300}

// games plays the games of s and reads their records back.
func games(t *testing.T, s settings) (string, []*record.Record) {
	t.Helper()
	var out bytes.Buffer
	if err := run(&out, s); err != nil {
		t.Fatal(err)
	}
	recs, err := record.ReadAll(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != s.games {
		t.Fatalf("%d records, want %d", len(recs), s.games)
	}
	return out.String(), recs
}

// TestGames checks that every game starts at the start position and
// that its moves replay legally from there to the recorded result.
func TestGames(t *testing.T) {
	_, recs := games(t, small)
	for i, r := range recs {
		if have, want := r.Game.StartPosition(), surakarta.NewPosition(); have != want {
			t.Errorf("game %d starts at %v, want the start %v", i+1, have, want)
		}
		g := surakarta.NewGame(surakarta.NewPosition())
		for ply, m := range r.Game.Moves() {
			if !slices.Contains(g.LegalMoves(), m) {
				t.Fatalf("game %d, ply %d: %v is not legal in %v", i+1, ply, m, g.Position())
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if o := g.Outcome(); !o.Over || o.Result() != r.Result {
			t.Errorf("game %d: the replayed game ends %+v, the record says %s", i+1, o, r.Result)
		}
		if round, _ := r.Header("Round"); round != strconv.Itoa(i+1) {
			t.Errorf("game %d has Round %q", i+1, round)
		}
	}
}

// TestFirstPliesVary checks that the random plies make the openings
// differ: at least half the games have openings of their own.
func TestFirstPliesVary(t *testing.T) {
	_, recs := games(t, small)
	seen := map[string]bool{}
	for _, r := range recs {
		seen[movesText(r.Game.Moves()[:small.randomPlies])] = true
	}
	if len(seen) < len(recs)/2 {
		t.Errorf("%d games have only %d different openings of %d plies: %v", len(recs), len(seen), small.randomPlies, seen)
	}
}

// TestReproducible checks that a game depends only on the seed and its
// number: the same settings write the same games, and a shard of them
// the same games as the longer run.
func TestReproducible(t *testing.T) {
	all, _ := games(t, small)
	again, _ := games(t, small)
	if all != again {
		t.Error("the same settings wrote different games")
	}
	shard := small
	shard.from, shard.games = 4, 3
	part, _ := games(t, shard)
	if i := strings.Index(all, "[Event \"book games\"]\n[Round \"4\"]"); i < 0 || all[i:] != part {
		t.Error("games 4 to 6 played alone differ from those of the longer run")
	}
	other := small
	other.seed++
	if changed, _ := games(t, other); changed == all {
		t.Error("another seed wrote the same games")
	}
}

// TestPick checks that a random pick is one of the moves within the
// margin of the best, and any of them.
func TestPick(t *testing.T) {
	a, b, c := surakarta.NewMove(0, 6), surakarta.NewMove(1, 7), surakarta.NewMove(2, 8)
	lines := []surakarta.Line{{Score: 10, PV: []surakarta.Move{a}}, {Score: -20, PV: []surakarta.Move{b, a}}, {Score: -21, PV: []surakarta.Move{c}}}
	rng := rand.New(rand.NewPCG(1, 2))
	for margin, want := range map[int][]surakarta.Move{0: {a}, 30: {a, b}, 31: {a, b, c}} {
		picked := map[surakarta.Move]int{}
		for range 300 {
			picked[pick(rng, surakarta.Result{Move: a, Lines: lines}, margin)]++
		}
		for _, m := range want {
			if picked[m] == 0 {
				t.Errorf("margin %d: %v never picked: %v", margin, m, picked)
			}
			delete(picked, m)
		}
		if len(picked) > 0 {
			t.Errorf("margin %d: picked moves outside it: %v", margin, picked)
		}
	}
}

// TestPickNoLines checks that a search without lines gives its move.
func TestPickNoLines(t *testing.T) {
	m := surakarta.NewMove(0, 6)
	for _, lines := range [][]surakarta.Line{nil, {{Score: 0}}} {
		if have := pick(rand.New(rand.NewPCG(1, 2)), surakarta.Result{Move: m, Lines: lines}, 30); have != m {
			t.Errorf("lines %v: picked %v, want the search's move %v", lines, have, m)
		}
	}
}

// TestBadFlags checks that settings that make no games are refused.
func TestBadFlags(t *testing.T) {
	for _, change := range []func(*settings){
		func(s *settings) { s.from = 0 },
		func(s *settings) { s.games = -1 },
		func(s *settings) { s.randomPlies = -1 },
		func(s *settings) { s.margin = -1 },
		func(s *settings) { s.multiPV = 0 },
		func(s *settings) { s.nodes = 0 },
	} {
		s := small
		change(&s)
		if err := run(&bytes.Buffer{}, s); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}

// movesText is the moves as text, separated by spaces.
func movesText(moves []surakarta.Move) string {
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(m.String() + " ")
	}
	return b.String()
}
