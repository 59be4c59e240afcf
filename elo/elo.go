package elo

import (
	"errors"
	"fmt"
	"math"
)

// Errors of the package, wrapped by the errors of its functions with a
// message that says what was wrong; test for them with errors.Is.
var (
	// ErrInvalidScore is wrapped by the errors of Counts.Add and
	// Pentanomial.Add when a game score is not 0, 0.5 or 1.
	ErrInvalidScore = errors.New("elo: invalid game score")
	// ErrInvalidSPRT is wrapped by the error of SPRT.Validate.
	ErrInvalidSPRT = errors.New("elo: invalid SPRT")
	// ErrInvalidCounts is wrapped by the errors of Counts.Validate and
	// Pentanomial.Validate: a count below 0, or counts whose sum an int
	// cannot hold.
	ErrInvalidCounts = errors.New("elo: invalid counts")
)

// z95 is the two-sided 95% quantile of the standard normal distribution,
// Φ⁻¹(0.975).
const z95 = 1.959964

// Counts are game results from A's point of view: the games A won, drew
// and lost.
//
// Counts are numbers of games: a negative one (which Add never makes, but
// a literal can) makes no sense, and Validate says so. Counts that do not
// validate say nothing about the engines: Elo returns the estimate of no
// games, (0, −Inf, +Inf), Score and LOS 0.5, LLRTrinomial 0, and String
// says that they are invalid, rather than give a score of 250% or an Elo
// of NaN or ±Inf.
//
// A Counts is not safe for concurrent use: Add changes it. Its other
// methods only read it and may run at the same time in several goroutines
// as long as nothing changes it meanwhile.
type Counts struct{ Wins, Draws, Losses int }

// Add counts one game from A's score in it: 1 for a win, 0.5 for a draw,
// 0 for a loss. Any other score gives an error wrapping ErrInvalidScore,
// and c is unchanged.
func (c *Counts) Add(score float64) error {
	switch score {
	case 1:
		c.Wins++
	case 0.5:
		c.Draws++
	case 0:
		c.Losses++
	default:
		return fmt.Errorf("%w: Counts.Add(%v): a game score is 0, 0.5 or 1", ErrInvalidScore, score)
	}
	return nil
}

// Games returns the number of games W + D + L.
func (c Counts) Games() int { return c.Wins + c.Draws + c.Losses }

// Validate returns nil for counts of games: none negative, and their sum
// within an int. Otherwise its error wraps ErrInvalidCounts.
func (c Counts) Validate() error {
	if problem := countsProblem(c.Wins, c.Draws, c.Losses); problem != "" {
		return fmt.Errorf("%w: W-D-L %d-%d-%d: %s", ErrInvalidCounts, c.Wins, c.Draws, c.Losses, problem)
	}
	return nil
}

// countsProblem says what is wrong with counts of games or pairs, a
// negative one or a sum that overflows an int, and is "" when nothing is.
func countsProblem(counts ...int) string {
	sum := 0
	for _, n := range counts {
		switch {
		case n < 0:
			return "a count below 0"
		case n > math.MaxInt-sum:
			return "more than an int holds in all"
		}
		sum += n
	}
	return ""
}

// Score returns A's mean score per game, (W + D/2)/N, or 0.5 when no game
// has been played or the counts do not validate.
func (c Counts) Score() float64 {
	n := c.Games()
	if n == 0 || c.Validate() != nil {
		return 0.5
	}
	return (float64(c.Wins) + float64(c.Draws)/2) / float64(n)
}

// trinomial returns the per-game outcome values (loss, draw, win) with
// their counts.
func (c Counts) trinomial() (xs, counts [3]float64) {
	return [3]float64{0, 0.5, 1},
		[3]float64{float64(c.Losses), float64(c.Draws), float64(c.Wins)}
}

// Pentanomial counts game pairs by A's total score in the pair:
// index 0 = 0 points (LL), 1 = 0.5 (LD), 2 = 1 (WL or DD), 3 = 1.5 (WD),
// 4 = 2 (WW).
//
// A Pentanomial is not safe for concurrent use: Add changes it. Its other
// methods only read it and may run at the same time in several goroutines
// as long as nothing changes it meanwhile.
type Pentanomial [5]int

// Pairs returns the number of game pairs counted.
func (p Pentanomial) Pairs() int { return p[0] + p[1] + p[2] + p[3] + p[4] }

// Validate returns nil for counts of pairs: none negative, and their sum
// within an int. Otherwise its error wraps ErrInvalidCounts. Counts that
// do not validate say nothing, as for Counts: Elo returns the estimate
// of no pairs, (0, −Inf, +Inf), LLR 0, and String says they are invalid.
func (p Pentanomial) Validate() error {
	if problem := countsProblem(p[:]...); problem != "" {
		return fmt.Errorf("%w: pairs %d-%d-%d-%d-%d: %s", ErrInvalidCounts, p[0], p[1], p[2], p[3], p[4], problem)
	}
	return nil
}

// Add counts one game pair from A's two game scores, each 0, 0.5 or 1;
// the order of the two games does not matter. Any other score gives an
// error wrapping ErrInvalidScore, and p is unchanged.
func (p *Pentanomial) Add(first, second float64) error {
	if !validGameScore(first) || !validGameScore(second) {
		return fmt.Errorf("%w: Pentanomial.Add(%v, %v): a game score is 0, 0.5 or 1", ErrInvalidScore, first, second)
	}
	// The pair total is a multiple of 0.5 in [0, 2], so 2*total is an
	// exact small integer and indexes the pentanomial directly.
	p[int(2*(first+second))]++
	return nil
}

func validGameScore(s float64) bool { return s == 0 || s == 0.5 || s == 1 }

// pentanomial returns the per-pair outcome values (the pair's mean score
// per game: 0, 1/4, 1/2, 3/4, 1) with their counts.
func (p Pentanomial) pentanomial() (xs, counts [5]float64) {
	for i := range p {
		xs[i] = float64(i) / 4
		counts[i] = float64(p[i])
	}
	return xs, counts
}

// Estimate is an Elo difference estimate with its 95% confidence interval
// [Low, High]. Any of the three may be ±Inf when the score (or an end of
// its interval) reaches 0% or 100%. When every sample is alike (one
// game, or games all won, all drawn, or all lost; pairs all of one
// score), their variance is 0, and so Low = High = Diff: the normal
// approximation cannot estimate the interval, and the String methods
// of Counts and Pentanomial say so instead of printing it.
type Estimate struct{ Diff, Low, High float64 }

// String writes the estimate as the match tool's progress lines and the
// docs' tables do, the difference and its interval: "+41.0 (+19.9,
// +62.5)".
func (e Estimate) String() string {
	return Format(e.Diff) + " (" + Format(e.Low) + ", " + Format(e.High) + ")"
}

// FromScore converts a score per game into the logistic Elo difference
// that expects it, -400·log10(1/score - 1): how much stronger a player
// who scores that is. It returns -Inf for a score ≤ 0 and +Inf for a
// score ≥ 1, and is the inverse of ExpectedScore.
func FromScore(score float64) float64 {
	switch {
	case math.IsNaN(score):
		return math.NaN()
	case score <= 0:
		return math.Inf(-1)
	case score >= 1:
		return math.Inf(1)
	}
	e := -400 * math.Log10(1/score-1)
	if e == 0 {
		return 0 // not -0, which would print as "-0.0"
	}
	return e
}

// ExpectedScore converts a logistic Elo difference into the score per
// game that a player diff Elo stronger expects, 1/(1 + 10^(-diff/400)).
func ExpectedScore(diff float64) float64 {
	return 1 / (1 + math.Pow(10, -diff/400))
}

// meanVar returns the mean and (population) variance of the distribution
// that gives value xs[i] the weight counts[i], and the total weight n.
// With n == 0 it returns mean and variance NaN.
func meanVar(xs, counts []float64) (mu, variance, n float64) {
	for _, c := range counts {
		n += c
	}
	for i, c := range counts {
		mu += c * xs[i]
	}
	mu /= n
	for i, c := range counts {
		d := xs[i] - mu
		variance += c * d * d
	}
	variance /= n
	return mu, variance, n
}

// eloInterval converts a mean score per game mu, estimated from n samples
// whose variance is variance, into an Elo estimate with the 95% interval
// mu ± 1.959964·sqrt(variance/n). This is how fastchess and fishtest
// build the interval, from the game or the pair results alike, except
// that both of them then report only the half width; here the two ends
// are kept, since the interval is not symmetric in Elo. Unlike fishtest's
// Elo estimate, zero counts are not regularized, so a 100% score gives
// +Inf. With no samples the interval is (-Inf, +Inf) around 0.
func eloInterval(mu, variance, n float64) Estimate {
	if n == 0 {
		return Estimate{Diff: 0, Low: math.Inf(-1), High: math.Inf(1)}
	}
	margin := z95 * math.Sqrt(variance/n)
	return Estimate{
		Diff: FromScore(mu),
		Low:  FromScore(mu - margin),
		High: FromScore(mu + margin),
	}
}

// Elo returns the Elo difference of A over B from the game results, with a
// 95% interval from the trinomial model: the per-game score variance
// divided by the number of games. Prefer Pentanomial.Elo for paired games.
// Counts that do not validate give the estimate of no games.
func (c Counts) Elo() Estimate {
	if c.Validate() != nil {
		return eloInterval(0, 0, 0)
	}
	xs, counts := c.trinomial()
	return eloInterval(meanVar(xs[:], counts[:]))
}

// Elo returns the Elo difference of A over B from the pair results, with a
// 95% interval from the pentanomial model: the mean score per game of a
// pair (pair score / 2) is the sample, its variance over pairs divided by
// the number of pairs is the variance of the mean. Counts that do not
// validate give the estimate of no pairs.
func (p Pentanomial) Elo() Estimate {
	if p.Validate() != nil {
		return eloInterval(0, 0, 0)
	}
	xs, counts := p.pentanomial()
	return eloInterval(meanVar(xs[:], counts[:]))
}

// LOS returns the likelihood of superiority, the probability that A is
// stronger than B, from the normal approximation on decisive games only:
// 0.5·(1 + erf((W-L)/sqrt(2(W+L)))). It is 0.5 when no game was decisive
// or the counts do not validate.
func (c Counts) LOS() float64 {
	decisive := c.Wins + c.Losses
	if decisive == 0 || c.Validate() != nil {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(c.Wins-c.Losses)/math.Sqrt(2*float64(decisive))))
}

// SPRT is a sequential probability ratio test of H0: elo = Elo0 against
// H1: elo = Elo1 (logistic Elo, Elo0 < Elo1), with Alpha the maximum
// probability of accepting H1 when H0 holds and Beta the maximum
// probability of accepting H0 when H1 holds. The zero SPRT is not a valid
// test (see Validate).
//
// An SPRT is a plain value that its methods only read: it is safe for
// concurrent use.
type SPRT struct{ Elo0, Elo1, Alpha, Beta float64 }

// Validate reports whether s is a test that can decide: Elo0 < Elo1, both
// finite and such that their expected scores (ExpectedScore) lie
// strictly between 0 and 1 and differ, which holds for any Elo within
// about ±6000; and Alpha and Beta strictly between 0 and 1. The error
// wraps ErrInvalidSPRT.
func (s SPRT) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidSPRT}, args...)...)
	}
	switch {
	case math.IsNaN(s.Elo0) || math.IsInf(s.Elo0, 0):
		return bad("Elo0 %v is not a finite number", s.Elo0)
	case math.IsNaN(s.Elo1) || math.IsInf(s.Elo1, 0):
		return bad("Elo1 %v is not a finite number", s.Elo1)
	case !(s.Elo0 < s.Elo1):
		return bad("Elo0 %v is not below Elo1 %v", s.Elo0, s.Elo1)
	case !(s.Alpha > 0 && s.Alpha < 1):
		return bad("Alpha %v is not strictly between 0 and 1", s.Alpha)
	case !(s.Beta > 0 && s.Beta < 1):
		return bad("Beta %v is not strictly between 0 and 1", s.Beta)
	}
	s0, s1 := ExpectedScore(s.Elo0), ExpectedScore(s.Elo1)
	if !(s0 > 0 && s1 < 1 && s0 < s1) {
		return bad("Elo0 %v and Elo1 %v are too far from 0: their expected scores %v and %v must differ and lie strictly between 0 and 1", s.Elo0, s.Elo1, s0, s1)
	}
	return nil
}

// Bounds returns the stopping bounds on the log-likelihood ratio,
// ln(β/(1-α)) and ln((1-β)/α), as in fishtest and fastchess.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// LLR returns the generalized SPRT log-likelihood ratio of H1 against H0
// on pentanomial pair results: each pair is one sample whose value is the
// pair's mean score per game (0, 1/4, 1/2, 3/4, 1). It is fishtest's
// generalized LLR on the logistic Elo, which fastchess also uses: every
// count of zero is taken as 0.001, so that a run of nothing but won pairs
// still moves the LLR; for each hypothesis the distribution of the pair values
// closest to the observed one (by likelihood) among those whose expected
// score is the hypothesis's is found; and the LLR is the log-likelihood of
// the samples under H1's distribution minus that under H0's. With no pairs,
// or counts that do not validate, it returns 0. When Elo0 or Elo1 is not
// finite, or so large that its expected score rounds to 0 or 1, it
// returns NaN, which Decide takes as Continue; Validate rejects such an
// SPRT.
func (s SPRT) LLR(p Pentanomial) float64 {
	if p.Validate() != nil {
		return 0
	}
	xs, counts := p.pentanomial()
	return s.gsprtLLR(xs[:], counts[:])
}

// LLRTrinomial is LLR on single game results (0, 1/2, 1), for when the
// games were not played in pairs. On paired games it misjudges the
// variance; use LLR there. Counts that do not validate give 0.
func (s SPRT) LLRTrinomial(c Counts) float64 {
	if c.Validate() != nil {
		return 0
	}
	xs, counts := c.trinomial()
	return s.gsprtLLR(xs[:], counts[:])
}

// gsprtLLR is the generalized log-likelihood ratio for "expected score =
// s1" against "expected score = s0", with s0, s1 = ExpectedScore(Elo0),
// ExpectedScore(Elo1), on samples taking the values xs with the given
// counts. It is fishtest's generalized LLR on the logistic Elo, which
// fastchess also uses:
//
//   - every zero count is replaced by 1e-3, as fishtest regularizes the
//     counts, so that a run of nothing but wins still moves the LLR;
//   - p̂ is the empirical distribution of the N regularized samples;
//   - for s = s0 and s = s1, pₛ is the distribution closest to p̂ (maximum
//     likelihood) among those with expectation s: pₛ,ᵢ = p̂ᵢ/(1 + λ(xᵢ - s)),
//     λ the root of Σ p̂ᵢ(xᵢ - s)/(1 + λ(xᵢ - s)) = 0 (the first
//     proposition of M. Van den Bergh's note on the maximum likelihood
//     multinomial of a given mean);
//   - LLR = N · Σ p̂ᵢ · ln(p₁,ᵢ / p₀,ᵢ).
//
// With no samples it returns 0; when Elo0 or Elo1 is not finite, NaN,
// which Decide takes as Continue.
func (s SPRT) gsprtLLR(xs, counts []float64) float64 {
	var pHat [5]float64 // the regularized counts, then their proportions
	var samples, n float64
	for i, c := range counts {
		samples += c
		pHat[i] = max(c, 1e-3)
		n += pHat[i]
	}
	s0, s1 := ExpectedScore(s.Elo0), ExpectedScore(s.Elo1)
	if samples == 0 {
		return 0
	}
	if !(s0 > 0 && s0 < 1 && s1 > 0 && s1 < 1) {
		return math.NaN()
	}
	for i := range counts {
		pHat[i] /= n
	}
	lambda0 := mleLambda(xs, pHat[:len(xs)], s0)
	lambda1 := mleLambda(xs, pHat[:len(xs)], s1)
	var llr float64
	for i, x := range xs {
		// ln(p₁,ᵢ/p₀,ᵢ) = ln((1 + λ₀(xᵢ-s0)) / (1 + λ₁(xᵢ-s1)))
		llr += pHat[i] * (math.Log1p(lambda0*(x-s0)) - math.Log1p(lambda1*(x-s1)))
	}
	return n * llr
}

// mleLambda solves Σ p̂ᵢ aᵢ/(1 + λaᵢ) = 0 with aᵢ = xᵢ - s for λ, given
// min xᵢ < s < max xᵢ and every p̂ᵢ > 0. On the interval where every
// 1 + λaᵢ > 0, that is (-1/max aᵢ, -1/min aᵢ), the sum falls strictly from
// +∞ to -∞, so it has exactly one root there, found by bisection to the
// last bit.
func mleLambda(xs, pHat []float64, s float64) float64 {
	f := func(lambda float64) float64 {
		var sum float64
		for i, x := range xs {
			a := x - s
			sum += pHat[i] * a / (1 + lambda*a)
		}
		return sum
	}
	lo, hi := -1/(xs[len(xs)-1]-s), -1/(xs[0]-s)
	for range 2000 {
		mid := lo + (hi-lo)/2
		if mid <= lo || mid >= hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + (hi-lo)/2
}

// Decision is the outcome of an SPRT step.
type Decision int

const (
	// Continue means the LLR is still between the bounds: play on.
	Continue Decision = iota
	// AcceptH0 means the LLR reached the lower bound: elo = Elo0.
	AcceptH0
	// AcceptH1 means the LLR reached the upper bound: elo = Elo1.
	AcceptH1
)

// String returns the decision as a summary line shows it: "undecided",
// "H0 accepted" or "H1 accepted".
func (d Decision) String() string {
	switch d {
	case Continue:
		return "undecided"
	case AcceptH0:
		return "H0 accepted"
	case AcceptH1:
		return "H1 accepted"
	}
	return fmt.Sprintf("Decision(%d)", int(d))
}

// Decide compares an LLR with the bounds: at or above the upper bound H1
// is accepted, at or below the lower bound H0 is accepted (inclusive, as
// fastchess decides; fishtest compares strictly, which differs only on
// exact equality). A NaN LLR means Continue.
func (s SPRT) Decide(llr float64) Decision {
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return AcceptH1
	case llr <= lower:
		return AcceptH0
	}
	return Continue
}

// String formats the game results on one line, for example
//
//	W-D-L 41-20-19, score 63.8%, Elo +98.1 ± 68.7 (+33.1, +170.6), LOS 99.8%
//
// The Elo and its interval are the trinomial ones of Counts.Elo; the ±
// value is the half width of the interval in Elo (as fastchess and
// fishtest print it), "Inf" when an end is infinite. When every game
// has the same result, the interval is not estimated: "Elo +0.0 (no
// interval: all 4 games alike)", or "(no interval from one game)" (see
// Estimate). Counts that do not validate are written with what is wrong
// instead: "W-D-L -5-0-3, invalid: a count below 0".
func (c Counts) String() string {
	if problem := countsProblem(c.Wins, c.Draws, c.Losses); problem != "" {
		return fmt.Sprintf("W-D-L %d-%d-%d, invalid: %s", c.Wins, c.Draws, c.Losses, problem)
	}
	return fmt.Sprintf("W-D-L %d-%d-%d, score %.1f%%, Elo %s, LOS %.1f%%",
		c.Wins, c.Draws, c.Losses, scorePercent(c),
		eloText(c.Elo(), c.Games(), alike(c.Wins, c.Draws, c.Losses), "game"), 100*c.LOS())
}

// String formats the pair counts and the Elo estimated from them on one
// line, for example
//
//	pairs 1-5-10-7-2, pair Elo +27.9 ± 67.1 (-38.2, +96.0)
//
// The counts are in the order of the Pentanomial: LL, LD, WL or DD, WD,
// WW. The Elo and its interval are those of Pentanomial.Elo, written as
// Counts.String writes its own: "pair Elo +0.0 (no interval: all 2 pairs
// alike)" when every pair has the same score, and "invalid: a count
// below 0" after the counts when they do not validate.
func (p Pentanomial) String() string {
	if problem := countsProblem(p[:]...); problem != "" {
		return fmt.Sprintf("pairs %d-%d-%d-%d-%d, invalid: %s", p[0], p[1], p[2], p[3], p[4], problem)
	}
	return fmt.Sprintf("pairs %d-%d-%d-%d-%d, pair Elo %s",
		p[0], p[1], p[2], p[3], p[4], eloText(p.Elo(), p.Pairs(), alike(p[:]...), "pair"))
}

// alike reports whether there are samples, all in one of the counts.
func alike(counts ...int) bool {
	used := 0
	for _, c := range counts {
		if c > 0 {
			used++
		}
	}
	return used == 1
}

// eloText writes an Elo estimate from n samples (games or pairs, named
// what) and its interval: "+27.9 ± 67.1 (-38.2, +96.0)". When the samples
// are all alike, their variance is 0 and so the interval's width: that
// reads as a certainty that a few games alike do not give, so the
// interval is not estimated, "+0.0 (no interval: all 4 games alike)" or
// "+Inf (no interval from one game)".
func eloText(e Estimate, n int, alike bool, what string) string {
	switch {
	case alike && n == 1:
		return fmt.Sprintf("%s (no interval from one %s)", Format(e.Diff), what)
	case alike:
		return fmt.Sprintf("%s (no interval: all %d %ss alike)", Format(e.Diff), n, what)
	}
	return fmt.Sprintf("%s ± %s (%s, %s)", Format(e.Diff), halfWidth(e), Format(e.Low), Format(e.High))
}

// scorePercent returns 100·Score computed as (100·W + 50·D)/N, which is
// exact whenever the percentage is representable: 41-20-19 gives exactly
// 63.75, printed "63.8", where 100·0.6375 would give 63.749… and "63.7".
func scorePercent(c Counts) float64 {
	n := c.Games()
	if n == 0 {
		return 50
	}
	return float64(100*c.Wins+50*c.Draws) / float64(n)
}

// Format writes an Elo difference with its sign and one decimal, as the
// match tool and the docs' tables write it: "+98.1", "-Inf", "+0.0"
// (never "-0.0").
func Format(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+Inf"
	case math.IsInf(x, -1):
		return "-Inf"
	case x == 0:
		x = 0 // avoid "-0.0"
	}
	return fmt.Sprintf("%+.1f", x)
}

// halfWidth formats the half width of e's interval with one decimal.
func halfWidth(e Estimate) string {
	if math.IsInf(e.Low, 0) || math.IsInf(e.High, 0) {
		return "Inf"
	}
	return fmt.Sprintf("%.1f", (e.High-e.Low)/2)
}
