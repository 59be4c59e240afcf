package book

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// three are three moves of a position: played 6, 3 and 1 times.
var three = []MoveStats{
	{Move: surakarta.NewMove(surakarta.B2, surakarta.B3), Wins: 0, Draws: 0, Losses: 6},
	{Move: surakarta.NewMove(surakarta.A2, surakarta.A3), Wins: 3},
	{Move: surakarta.NewMove(surakarta.C2, surakarta.C3), Draws: 1},
}

// TestProbabilities: the probabilities worked out by hand from Choice's
// rule.
func TestProbabilities(t *testing.T) {
	for _, tc := range []struct {
		c    Choice
		want []float64
	}{
		{Choice{Variety: 100}, []float64{0.6, 0.3, 0.1}},
		// Squared counts: 36, 9, 1 of 46.
		{Choice{Variety: 50}, []float64{36.0 / 46, 9.0 / 46, 1.0 / 46}},
		{Choice{Variety: 0}, []float64{1, 0, 0}},
		// Counts times (wins + draws/2 + 1)/(count + 2): 6×1/8, 3×4/5,
		// 1×1.5/3 = 0.75, 2.4, 0.5 of 3.65.
		{Choice{Variety: 100, ByScore: true}, []float64{0.75 / 3.65, 2.4 / 3.65, 0.5 / 3.65}},
		{Choice{Variety: 0, ByScore: true}, []float64{0, 1, 0}},
	} {
		got := tc.c.Probabilities(three)
		for i := range tc.want {
			if math.Abs(got[i]-tc.want[i]) > 1e-12 {
				t.Errorf("%+v: %v, want %v", tc.c, got, tc.want)
				break
			}
		}
	}
}

// TestChoose: over many draws, each move comes about as often as its
// probability says (a fixed seed: the counts are always the same).
func TestChoose(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const draws = 10000
	counts := map[surakarta.Move]int{}
	for range draws {
		m, ok := Choice{Variety: 100}.Choose(three, r)
		if !ok {
			t.Fatal("no move")
		}
		counts[m]++
	}
	for i, want := range []float64{0.6, 0.3, 0.1} {
		if got := float64(counts[three[i].Move]) / draws; math.Abs(got-want) > 0.02 {
			t.Errorf("%v: %.3f of the draws, want %.1f", three[i].Move, got, want)
		}
	}
	if _, ok := (Choice{}).Choose(nil, r); ok {
		t.Error("a move from no moves")
	}
	for _, v := range []int{-1, 101} {
		if err := (Choice{Variety: v}).Validate(); err == nil {
			t.Errorf("Variety %d validates", v)
		}
	}
}

// recorder is a searcher that records that it searched and plays the
// first legal move.
type recorder struct{ searched int }

func (r *recorder) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	r.searched++
	if g == nil {
		return surakarta.Result{}, surakarta.ErrInvalidSearch
	}
	m := g.LegalMoves()[0]
	return surakarta.Result{Move: m, PV: []surakarta.Move{m}, Depth: 1}, nil
}

func (r *recorder) Clear() {}

// TestSearcher: the searcher plays the book's move in the book, hands
// the search to Next out of it, past its plies, and when SearchMoves
// leave no book move.
func TestSearcher(t *testing.T) {
	book := build(t, 4, game(t, "", "1-0", "b2b3", "e5e4", "a2a3", "f5f4", "c2c3"))
	next := &recorder{}
	var played []MoveStats
	s := &Searcher{Book: book, Next: next, Rand: rand.New(rand.NewPCG(3, 4)), Played: func(m MoveStats) { played = append(played, m) }}
	g := surakarta.NewGame(surakarta.NewPosition())
	lim := surakarta.Limits{Depth: 1}
	for i, want := range []string{"b2b3", "e5e4", "a2a3", "f5f4"} {
		res, err := s.Search(context.Background(), g, lim)
		if err != nil || res.Move.String() != want || next.searched != 0 || res.Depth != 0 || len(res.PV) != 1 || len(res.Lines) != 1 {
			t.Fatalf("ply %d: %+v, %v; want the book's %s", i, res, err, want)
		}
		// The one game, won by Black: a win for Black's moves, a loss for White's.
		if wantStats := (MoveStats{Move: res.Move, Wins: 1 - i%2, Losses: i % 2}); len(played) != i+1 || played[i] != wantStats {
			t.Fatalf("ply %d: Played got %+v, want %+v last", i, played, wantStats)
		}
		if err := g.Play(res.Move); err != nil {
			t.Fatal(err)
		}
	}
	// Ply 4 is past the book's plies.
	if res, err := s.Search(context.Background(), g, lim); err != nil || next.searched != 1 || res.Depth != 1 || len(played) != 4 {
		t.Errorf("past the book: %+v, %v, Next searched %d times, Played called %d times", res, err, next.searched, len(played))
	}
	// A book played for 1 ply only.
	g = surakarta.NewGame(after(t, "b2b3"))
	s.Plies = 1
	if _, err := s.Search(context.Background(), g, lim); err != nil || next.searched != 2 {
		t.Errorf("Plies 1 at ply 1: Next searched %d times, %v", next.searched, err)
	}
	// A search for a win within a number of moves, at the start.
	s.Plies = 0
	g = surakarta.NewGame(surakarta.NewPosition())
	if _, err := s.Search(context.Background(), g, surakarta.Limits{Mate: 2}); err != nil || next.searched != 3 {
		t.Errorf("Mate 2: Next searched %d times, %v", next.searched, err)
	}
	// SearchMoves without the book's move.
	lim.SearchMoves = []surakarta.Move{surakarta.NewMove(surakarta.A2, surakarta.A3)}
	if _, err := s.Search(context.Background(), g, lim); err != nil || next.searched != 4 {
		t.Errorf("SearchMoves a2a3: Next searched %d times, %v", next.searched, err)
	}
	for name, bad := range map[string]*Searcher{
		"no Next":     {Book: book},
		"no Book":     {Next: next},
		"plies":       {Book: book, Next: next, Plies: -1},
		"variety 101": {Book: book, Next: next, Choice: Choice{Variety: 101}},
	} {
		if _, err := bad.Search(context.Background(), g, lim); !errors.Is(err, surakarta.ErrInvalidSearch) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSearcherSkipsDrawingMoves: a book move that would end the game in
// a draw is not played: under a quiet-ply limit of 1 every move without a
// capture ends the game, drawn with equal pieces.
func TestSearcherSkipsDrawingMoves(t *testing.T) {
	book := build(t, 4, game(t, "", "1-0", "b2b3"))
	g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{QuietPlyLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	next := &recorder{}
	s := &Searcher{Book: book, Next: next}
	if _, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); err != nil || next.searched != 1 {
		t.Errorf("Next searched %d times, %v; want once, the book's b2b3 drawing", next.searched, err)
	}
	g = surakarta.NewGame(surakarta.NewPosition())
	if res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: 1}); err != nil || next.searched != 1 || res.Move.String() != "b2b3" {
		t.Errorf("under the Olympiad rules: %v, %v, Next searched %d times", res.Move, err, next.searched)
	}
}
