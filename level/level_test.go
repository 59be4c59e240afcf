package level_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/surakartatest"
)

var background = context.Background()

// newLevel returns level n with seed, failing the test on an error.
func newLevel(t *testing.T, n int, seed uint64) surakarta.Searcher {
	t.Helper()
	s, err := level.New(n, seed)
	if err != nil {
		t.Fatalf("New(%d, %d): %v", n, seed, err)
	}
	return s
}

func TestNewOutOfRange(t *testing.T) {
	for _, n := range []int{-1, 0, level.Count + 1, 1000} {
		if s, err := level.New(n, 1); err == nil || s != nil {
			t.Errorf("New(%d, 1) = %v, %v; want an error", n, s, err)
		}
	}
	for n := 1; n <= level.Count; n++ {
		if s, err := level.New(n, 1); err != nil || s == nil {
			t.Errorf("New(%d, 1) = %v, %v", n, s, err)
		}
	}
	if _, ok := newLevel(t, level.Count, 1).(*surakarta.PVS); !ok {
		t.Errorf("level %d is not the engine, a PVS", level.Count)
	}
}

// selfPlay plays a game of at most plies plies from the start between a
// and b (a with Black) with lim, and returns its moves.
func selfPlay(t *testing.T, a, b surakarta.Searcher, plies int, lim surakarta.Limits) []surakarta.Move {
	t.Helper()
	g := surakarta.NewGame(surakarta.NewPosition())
	for g.Ply() < plies && !g.Outcome().Over {
		s := a
		if g.Position().SideToMove() == surakarta.White {
			s = b
		}
		r, err := s.Search(background, g, lim)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(r.Move); err != nil {
			t.Fatalf("ply %d: %v", g.Ply(), err)
		}
	}
	return g.Moves()
}

// TestDeterministic: at a fixed seed every player plays the same game,
// whatever it searched before, and another seed plays another game.
func TestDeterministic(t *testing.T) {
	testsize.Sequential(t)
	players := map[string]func(seed uint64) surakarta.Searcher{
		"random": level.NewRandom,
		"greedy": level.NewGreedy,
	}
	for n := 1; n < level.Count; n++ {
		players["level"+string(rune('0'+n))] = func(seed uint64) surakarta.Searcher { return newLevel(t, n, seed) }
	}
	lim := surakarta.Limits{Nodes: 3000}
	for name, newPlayer := range players {
		first := selfPlay(t, newPlayer(7), newPlayer(8), 40, lim)
		// The same searchers again, after a game of other searches.
		a, b := newPlayer(7), newPlayer(8)
		selfPlay(t, b, a, 30, lim)
		if again := selfPlay(t, a, b, 40, lim); !slices.Equal(first, again) {
			t.Errorf("%s: seed 7 against 8 played\n%v\nand then\n%v", name, first, again)
		}
		if name == "level6" || name == "level7" || name == "level8" || name == "level9" {
			continue // the engine within a budget: no random choice
		}
		if other := selfPlay(t, newPlayer(9), newPlayer(10), 40, lim); slices.Equal(first, other) {
			t.Errorf("%s: seeds 9 and 10 played the game of seeds 7 and 8: %v", name, first)
		}
	}
}

// TestGreedyCaptures: over random positions, the greedy player captures
// whenever it has a capture, and otherwise steps; the random mover plays
// only legal moves, and both keep to Limits.SearchMoves.
func TestGreedyCaptures(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	greedy, random := level.NewGreedy(3), level.NewRandom(3)
	captures := 0
	for i := 0; i < 3000; i++ {
		g := surakartatest.RandomGame(r, r.IntN(60))
		if g.Outcome().Over {
			continue
		}
		legal := g.LegalMoves()
		hasCapture := slices.ContainsFunc(legal, surakarta.Move.IsCapture)
		res, err := greedy.Search(background, g, surakarta.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(legal, res.Move) || res.Move.IsCapture() != hasCapture {
			t.Fatalf("%v: greedy plays %v (capture %v), legal %v", g.Position(), res.Move, res.Move.IsCapture(), legal)
		}
		if hasCapture {
			captures++
		}
		res, err = random.Search(background, g, surakarta.Limits{})
		if err != nil || !slices.Contains(legal, res.Move) {
			t.Fatalf("%v: random plays %v, %v; legal %v", g.Position(), res.Move, err, legal)
		}
		only := []surakarta.Move{legal[len(legal)-1]}
		for _, s := range []surakarta.Searcher{greedy, random, newLevel(t, 1, 1)} {
			res, err := s.Search(background, g, surakarta.Limits{SearchMoves: only})
			if err != nil || res.Move != only[0] {
				t.Fatalf("%v: SearchMoves %v: %v, %v", g.Position(), only, res.Move, err)
			}
		}
	}
	if captures < 300 {
		t.Errorf("only %d positions with a capture", captures)
	}
}

// TestRandomCoversMoves: the random mover plays every legal move of the
// start, over seeds.
func TestRandomCoversMoves(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	seen := make(map[surakarta.Move]bool)
	for seed := uint64(0); seed < 400; seed++ {
		res, err := level.NewRandom(seed).Search(background, g, surakarta.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		seen[res.Move] = true
	}
	if len(seen) != len(g.LegalMoves()) {
		t.Errorf("400 seeds played %d of the %d moves", len(seen), len(g.LegalMoves()))
	}
}

// TestErrors: the players refuse what the searchers of package surakarta
// refuse.
func TestErrors(t *testing.T) {
	over, err := surakarta.ParsePosition("6/6/6/6/b5/6 w")
	if err != nil {
		t.Fatal(err)
	}
	start := surakarta.NewGame(surakarta.NewPosition())
	for _, s := range []surakarta.Searcher{level.NewRandom(1), level.NewGreedy(1), newLevel(t, 1, 1), newLevel(t, level.Count-1, 1)} {
		//lint:ignore SA1012 a nil context is what is tested
		if _, err := s.Search(nil, start, surakarta.Limits{}); !errors.Is(err, surakarta.ErrInvalidSearch) {
			t.Errorf("%T: nil context: %v", s, err)
		}
		if _, err := s.Search(background, nil, surakarta.Limits{}); !errors.Is(err, surakarta.ErrInvalidSearch) {
			t.Errorf("%T: nil game: %v", s, err)
		}
		if _, err := s.Search(background, surakarta.NewGame(over), surakarta.Limits{}); !errors.Is(err, surakarta.ErrGameOver) {
			t.Errorf("%T: game over: %v", s, err)
		}
		if _, err := s.Search(background, start, surakarta.Limits{Nodes: -1}); !errors.Is(err, surakarta.ErrInvalidLimits) {
			t.Errorf("%T: Nodes -1: %v", s, err)
		}
		bad := []surakarta.Move{surakarta.NewMove(surakarta.A1, surakarta.F6)}
		if _, err := s.Search(background, start, surakarta.Limits{SearchMoves: bad}); !errors.Is(err, surakarta.ErrIllegalMove) {
			t.Errorf("%T: SearchMoves a1f6: %v", s, err)
		}
	}
}

// TestBudget: a level below Count keeps to its own node budget whatever
// the caller allows, and to the caller's when that is smaller.
func TestBudget(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, mv := range []string{"b2b3", "e5e4", "c2c3", "b5b4"} {
		if err := g.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	for n := 1; n < level.Count; n++ {
		free, err := newLevel(t, n, 1).Search(background, g, surakarta.Limits{Nodes: 1 << 40})
		if err != nil {
			t.Fatal(err)
		}
		if free.Nodes > 50_000 {
			t.Errorf("level %d searched %d nodes", n, free.Nodes)
		}
		capped, err := newLevel(t, n, 1).Search(background, g, surakarta.Limits{Nodes: 100})
		if err != nil {
			t.Fatal(err)
		}
		if capped.Nodes > max(free.Nodes, 100) || (n >= 6 && capped.Nodes > 200) {
			t.Errorf("level %d: %d nodes within Nodes 100, %d without", n, capped.Nodes, free.Nodes)
		}
	}
}

// TestMonotone: a few game pairs at small budgets, each level a few
// levels up beating the one below it: the stronger side scores at least
// 70%. The games are the same on every run (fixed seeds and node limits).
func TestMonotone(t *testing.T) {
	testsize.Sequential(t)
	openings := [][]string{
		{"b2b3", "e5e4"}, {"c2c3", "b5b4"}, {"a2a3", "f5f4"}, {"e2e3", "c5c4"},
		{"d2d3", "a5a4"}, {"f2f3", "d5d4"}, {"b2c3", "e5d4"}, {"e2d3", "b5c4"},
		{"b2a3", "e5f4"}, {"c2b3", "d5e4"}, {"d2c3", "c5d4"}, {"e2f3", "b5a4"},
		{"a2b3", "f5e4"}, {"f2e3", "a5b4"}, {"c2d3", "d5c4"}, {"d2e3", "c5b4"},
	}
	lim := surakarta.Limits{Nodes: 3000}
	for _, tc := range [][2]int{{1, 4}, {4, 7}, {6, level.Count}} {
		weak, strong := tc[0], tc[1]
		points := 0.0
		for i, opening := range openings {
			for strongIsBlack := range 2 {
				g := surakarta.NewGame(surakarta.NewPosition())
				for _, mv := range opening {
					if err := g.PlayText(mv); err != nil {
						t.Fatal(err)
					}
				}
				players := [2]surakarta.Searcher{newLevel(t, weak, uint64(i)), newLevel(t, strong, uint64(i))}
				strongColor := surakarta.White
				if strongIsBlack == 1 {
					players[0], players[1] = players[1], players[0]
					strongColor = surakarta.Black
				}
				for ply := 0; !g.Outcome().Over && ply < 300; ply++ {
					s := players[0]
					if g.Position().SideToMove() == surakarta.White {
						s = players[1]
					}
					r, err := s.Search(background, g, lim)
					if err != nil {
						t.Fatal(err)
					}
					if err := g.Play(r.Move); err != nil {
						t.Fatal(err)
					}
				}
				switch o := g.Outcome(); {
				case !o.Over || o.Draw: // a game not over in 300 plies counts as a draw
					points += 0.5
				case o.Winner == strongColor:
					points++
				}
			}
		}
		games := 2 * len(openings)
		t.Logf("level %d scored %.1f of %d against level %d", strong, points, games, weak)
		if points < 0.7*float64(games) {
			t.Errorf("level %d scored %.1f of %d against level %d", strong, points, games, weak)
		}
	}
}

// TestMate: the levels that search with the engine find a win within
// Limits.Mate moves; the lower levels and the anchors, which prove
// nothing, refuse to look for one.
func TestMate(t *testing.T) {
	p, err := surakarta.ParsePosition("6/6/6/w5/6/1bb3 b 0 1") // c1xa3 takes White's last piece
	if err != nil {
		t.Fatal(err)
	}
	g := surakarta.NewGame(p)
	lim := surakarta.Limits{Mate: 1}
	refusing := []surakarta.Searcher{level.NewRandom(1), level.NewGreedy(1)}
	for n := 1; n < level.Count; n++ {
		s := newLevel(t, n, 1)
		res, err := s.Search(background, g, lim)
		switch {
		case errors.Is(err, surakarta.ErrInvalidLimits):
			refusing = append(refusing, s)
		case err != nil || res.Move.String() != "c1a3" || res.Score != surakarta.Win-1:
			t.Errorf("level %d: %v (score %d), %v; want the win c1a3", n, res.Move, res.Score, err)
		}
	}
	if len(refusing) != 2+5 {
		t.Errorf("%d players refuse Mate, want the two anchors and levels 1 to 5", len(refusing))
	}
	for _, s := range refusing {
		if _, err := s.Search(background, g, lim); err == nil || !strings.Contains(err.Error(), "proves no win") {
			t.Errorf("%T: %v", s, err)
		}
	}
}
