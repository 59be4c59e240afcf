package glicko

import (
	"math"
	"testing"
)

// TestPaperExample is the worked example of Glickman's "Example of the
// Glicko-2 system": a player of 1500, RD 200, volatility 0.06 beats a
// player of 1400 (RD 30) and loses to 1550 (RD 100) and 1700 (RD 300),
// with tau 0.5: 1464.06, RD 151.52, volatility 0.05999. The paper rounds
// its steps' results (mu' = -0.2069, phi' = 0.8722) before the last; the
// exact computation gives 1464.0507, 151.5165, 0.0599960, within 0.01 and
// 0.00001 of its figures.
func TestPaperExample(t *testing.T) {
	r := Update(Rating{Rating: 1500, RD: 200, Volatility: 0.06}, []Result{
		{Opponent: Rating{Rating: 1400, RD: 30}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300}, Score: 0},
	})
	if math.Abs(r.Rating-1464.06) > 0.01 || math.Abs(r.RD-151.52) > 0.01 || math.Abs(r.Volatility-0.05999) > 0.00001 {
		t.Fatalf("got %.4f, RD %.4f, volatility %.7f; want 1464.06, 151.52, 0.05999", r.Rating, r.RD, r.Volatility)
	}
}

func TestNoGamesWidensTheDeviation(t *testing.T) {
	r := Update(Rating{Rating: 1700, RD: 50, Volatility: 0.06}, nil)
	if r.Rating != 1700 || r.RD <= 50 || r.Volatility != 0.06 {
		t.Fatalf("after a period without games: %+v", r)
	}
}

func TestGameIsSymmetric(t *testing.T) {
	a, b := Game(Initial(), Initial(), 1)
	if a.Rating <= 1500 || b.Rating >= 1500 || math.Abs((a.Rating-1500)-(1500-b.Rating)) > 1e-9 {
		t.Fatalf("equal players, A wins: %+v, %+v", a, b)
	}
	a, b = Game(Initial(), Initial(), 0.5)
	if math.Abs(a.Rating-1500) > 1e-9 || math.Abs(b.Rating-1500) > 1e-9 {
		t.Fatalf("equal players draw: %+v, %+v", a, b)
	}
}
