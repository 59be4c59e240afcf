// Package glicko rates players by Glicko-2, from the published algorithm:
// Mark E. Glickman, "Example of the Glicko-2 system" (Boston University,
// 2013), whose steps the functions below follow and whose worked example
// the tests check. A rating is a value, its deviation (how unsure it is)
// and a volatility (how much the player's strength changes).
package glicko

import "math"

// scale converts between the Glicko scale (1500 ± 350) and Glicko-2's
// (0 ± 2.01), step 2 of the paper.
const scale = 173.7178

// Tau constrains how fast the volatility changes; the paper suggests 0.3
// to 1.2, and its example uses 0.5, as this does.
const Tau = 0.5

// epsilon is the tolerance of the volatility's iteration (step 5).
const epsilon = 0.000001

// MaxRD is the deviation of a new player, and the most a deviation grows to.
const MaxRD = 350

// Rating is a player's rating on the Glicko scale.
type Rating struct {
	Rating     float64
	RD         float64
	Volatility float64
}

// Initial returns the rating of a new player: 1500, RD 350, volatility
// 0.06, the paper's suggestion.
func Initial() Rating { return Rating{Rating: 1500, RD: MaxRD, Volatility: 0.06} }

// Result is one game of a rating period against an opponent: Score is 1
// for a win, 0.5 for a draw and 0 for a loss.
type Result struct {
	Opponent Rating
	Score    float64
}

func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

func expected(mu, muj, phij float64) float64 { return 1 / (1 + math.Exp(-g(phij)*(mu-muj))) }

// Update returns r after a rating period of the games results (steps 2 to
// 8 of the paper). With no games the deviation grows as step 6 says and
// nothing else changes. The server rates each game as a period of its own.
func Update(r Rating, results []Result) Rating {
	mu := (r.Rating - 1500) / scale
	phi := r.RD / scale
	sigma := r.Volatility
	if len(results) == 0 {
		phiStar := math.Sqrt(phi*phi + sigma*sigma)
		return Rating{Rating: r.Rating, RD: math.Min(phiStar*scale, MaxRD), Volatility: sigma}
	}
	// Step 3: the estimated variance v; step 4: the improvement delta.
	var vInv, sum float64
	for _, res := range results {
		muj := (res.Opponent.Rating - 1500) / scale
		phij := res.Opponent.RD / scale
		e := expected(mu, muj, phij)
		gj := g(phij)
		vInv += gj * gj * e * (1 - e)
		sum += gj * (res.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*math.Pow(phi*phi+v+ex, 2)) - (x-a)/(Tau*Tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*Tau) < 0 {
			k++
		}
		B = a - k*Tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	sigma2 := math.Exp(A / 2)
	// Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
	phiStar := math.Sqrt(phi*phi + sigma2*sigma2)
	phi2 := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	mu2 := mu + phi2*phi2*sum
	return Rating{Rating: scale*mu2 + 1500, RD: math.Min(scale*phi2, MaxRD), Volatility: sigma2}
}

// Game returns the ratings of two players after a game between them,
// scoreA being A's score (1, 0.5 or 0): each is rated against the other's
// rating before the game.
func Game(a, b Rating, scoreA float64) (Rating, Rating) {
	return Update(a, []Result{{Opponent: b, Score: scoreA}}), Update(b, []Result{{Opponent: a, Score: 1 - scoreA}})
}
