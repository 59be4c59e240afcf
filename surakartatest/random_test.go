package surakartatest_test

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

func TestRandomPosition(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	var pieces [2][surakarta.MaxPieces + 1]int
	noMoves, white := 0, 0
	const n = 20000
	for range n {
		p := surakartatest.RandomPosition(r)
		checkPosition(t, p)
		pieces[surakarta.Black][p.Count(surakarta.Black)]++
		pieces[surakarta.White][p.Count(surakarta.White)]++
		white += int(p.SideToMove())
		if p.Count(surakarta.Black) > 0 && p.Count(surakarta.White) > 0 && p.CountMoves() == 0 {
			noMoves++
		}
	}
	for c := range pieces {
		for count, times := range pieces[c] {
			// Each number of pieces is equally likely: about n/13 = 1538.
			if times < n/20 {
				t.Errorf("%d positions with %d pieces of %v, want about %d", times, count, surakarta.Color(c), n/13)
			}
		}
	}
	if white < n*2/5 || white > n*3/5 {
		t.Errorf("White to move in %d of %d positions", white, n)
	}
	// The crowded positions leave the side to move without a move now and
	// then; random placements almost never do.
	if noMoves < n/500 {
		t.Errorf("the side to move has pieces but no move in %d of %d positions, want at least %d", noMoves, n, n/500)
	}
	// A seed gives the same positions every time.
	a, b := rand.New(rand.NewPCG(1, 2)), rand.New(rand.NewPCG(1, 2))
	for range 100 {
		if p, q := surakartatest.RandomPosition(a), surakartatest.RandomPosition(b); p != q {
			t.Fatalf("the same seed gives %v and %v", p, q)
		}
	}
}

// TestRandomGameEnds checks that random games end in every way there is,
// and that they are legal.
func TestRandomGameEnds(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	count := make(map[surakarta.Reason]int)
	n := 10000
	if testing.Short() {
		n = 3000
	}
	for i := range n {
		plies := r.IntN(100)
		g := surakartatest.RandomGame(r, plies)
		o := g.Outcome()
		count[o.Reason]++
		if g.Ply() > plies || g.Ply() < plies && !o.Over {
			t.Fatalf("RandomGame(r, %d) played %d plies, and the game is %v", plies, g.Ply(), o)
		}
		if i%10 == 0 {
			checkGame(t, g)
		}
	}
	t.Logf("ends of %d random games: %v", n, count)
	for reason := surakarta.NotOver; reason <= surakarta.TimeForfeit; reason++ {
		if count[reason] < n/1000 {
			t.Errorf("%d of %d random games end by %v, want at least %d", count[reason], n, reason, n/1000)
		}
	}
}

func TestRandomGamePlies(t *testing.T) {
	r := rand.New(rand.NewPCG(12, 13))
	for range 100 {
		for _, plies := range []int{-5, 0} {
			if g := surakartatest.RandomGame(r, plies); g.Ply() != 0 {
				t.Fatalf("RandomGame(r, %d) played %d plies", plies, g.Ply())
			}
		}
	}
}
