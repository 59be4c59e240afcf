package elo

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// The expected numbers below were computed independently with python3
// (standard library only); the snippet producing each is quoted next to it.
// Shared python definitions:
//
//	import math
//	Z = 1.959964
//	def elo(s):
//	    if s <= 0: return -math.inf
//	    if s >= 1: return math.inf
//	    return -400*math.log10(1/s - 1)
//	def L(e): return 1/(1 + 10**(-e/400))
//	def tri(W, D, Lo):  # score, variance, Elo, low, high
//	    n = W+D+Lo; s = (W + D/2)/n
//	    var = (W*(1-s)**2 + D*(0.5-s)**2 + Lo*s**2)/n
//	    m = Z*math.sqrt(var/n)
//	    return s, var, elo(s), elo(s-m), elo(s+m)
//	def penta(p):  # p = [LL, LD, WL+DD, WD, WW]
//	    n = sum(p); xs = [0, .25, .5, .75, 1]
//	    mu = sum(c*x for c, x in zip(p, xs))/n
//	    var = sum(c*(x-mu)**2 for c, x in zip(p, xs))/n
//	    m = Z*math.sqrt(var/n)
//	    return mu, var, elo(mu), elo(mu-m), elo(mu+m)
//	def los(W, Lo): return 0.5*(1 + math.erf((W-Lo)/math.sqrt(2*(W+Lo))))
//
// The LLR has its own reference, above TestLLRPentanomial.

const tol = 1e-9

// near reports whether got is within tol of want, treating equal
// infinities as equal.
func near(got, want, tol float64) bool {
	if math.IsInf(want, 0) || math.IsNaN(want) {
		return got == want || (math.IsNaN(got) && math.IsNaN(want))
	}
	return math.Abs(got-want) <= tol
}

func checkFloat(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if !near(got, want, tol) {
		t.Errorf("%s = %.12g, want %.12g (±%g)", what, got, want, tol)
	}
}

func checkElo(t *testing.T, what string, got, want Estimate, tol float64) {
	t.Helper()
	checkFloat(t, what+".Diff", got.Diff, want.Diff, tol)
	checkFloat(t, what+".Low", got.Low, want.Low, tol)
	checkFloat(t, what+".High", got.High, want.High, tol)
}

var inf = math.Inf(1)

func TestCountsScoreAndElo(t *testing.T) {
	tests := []struct {
		c     Counts
		games int
		score float64
		elo   Estimate
	}{
		// tri(41,20,19) -> (0.6375, 0.16859375, 98.06887127959205,
		//                   33.12345827816221, 170.56504956552521)
		{Counts{41, 20, 19}, 80, 0.6375, Estimate{98.06887127959205, 33.12345827816221, 170.56504956552521}},
		// tri(10,0,0) -> (1.0, 0.0, inf, inf, inf)
		{Counts{10, 0, 0}, 10, 1, Estimate{inf, inf, inf}},
		// tri(0,10,0) -> (0.5, 0.0, -0.0, -0.0, -0.0)
		{Counts{0, 10, 0}, 10, 0.5, Estimate{0, 0, 0}},
		// tri(0,0,10) -> (0.0, 0.0, -inf, -inf, -inf)
		{Counts{0, 0, 10}, 10, 0, Estimate{-inf, -inf, -inf}},
		// tri(9,0,1) -> (0.9, 0.09, 381.69700377572985, 158.98518382465204, inf)
		{Counts{9, 0, 1}, 10, 0.9, Estimate{381.69700377572985, 158.98518382465204, inf}},
		// tri(3,4,5) -> (0.41666..., ..., -58.45121427129521,
		//               -251.2768681115731, 102.05613899294288)
		{Counts{3, 4, 5}, 12, 5.0 / 12, Estimate{-58.45121427129521, -251.2768681115731, 102.05613899294288}},
		// No games: score 0.5 by definition, no information on the interval.
		{Counts{}, 0, 0.5, Estimate{0, -inf, inf}},
	}
	for _, tc := range tests {
		if got := tc.c.Games(); got != tc.games {
			t.Errorf("%+v.Games() = %d, want %d", tc.c, got, tc.games)
		}
		checkFloat(t, "Score", tc.c.Score(), tc.score, tol)
		checkElo(t, "Elo", tc.c.Elo(), tc.elo, 1e-6)
	}
	// 0-10-0 must give +0, not -0, so that it prints as "+0.0".
	if d := (Counts{0, 10, 0}).Elo().Diff; math.Signbit(d) {
		t.Errorf("Counts{0,10,0}.Elo().Diff = %v, want +0", d)
	}
}

func TestLOS(t *testing.T) {
	tests := []struct {
		c    Counts
		want float64
	}{
		{Counts{41, 20, 19}, 0.997745650817548},  // los(41,19)
		{Counts{10, 0, 0}, 0.9992172988709987},   // los(10,0)
		{Counts{5, 7, 5}, 0.5},                   // los(5,5)
		{Counts{3, 100, 7}, 0.10295160536603415}, // los(3,7): draws do not count
		{Counts{0, 0, 1}, 0.15865525393145707},   // los(0,1) = Phi(-1)
		{Counts{0, 10, 0}, 0.5},                  // no decisive game
		{Counts{}, 0.5},                          // no game
	}
	for _, tc := range tests {
		checkFloat(t, "LOS", tc.c.LOS(), tc.want, tol)
	}
}

func TestEloScoreRoundTrip(t *testing.T) {
	tests := []struct{ elo, score float64 }{
		// L(e) for e in the list below
		{-300, 0.15097955721132328},
		{-100, 0.35993500019711494},
		{-3, 0.49568276024494023},
		{0, 0.5},
		{1, 0.5014391117091528},
		{5, 0.5071950817090514},
		{10, 0.5143871841659987},
		{100, 0.6400649998028851},
	}
	for _, tc := range tests {
		checkFloat(t, "ExpectedScore", ExpectedScore(tc.elo), tc.score, 1e-15)
		checkFloat(t, "FromScore", FromScore(tc.score), tc.elo, 1e-9)
		checkFloat(t, "FromScore(ExpectedScore)", FromScore(ExpectedScore(tc.elo)), tc.elo, 1e-9)
	}
	// elo(0.75) -> 190.848501887865 (= 400*log10(3))
	checkFloat(t, "FromScore(0.75)", FromScore(0.75), 190.848501887865, 1e-9)
	checkFloat(t, "FromScore(0)", FromScore(0), -inf, 0)
	checkFloat(t, "FromScore(1)", FromScore(1), inf, 0)
	checkFloat(t, "FromScore(-0.1)", FromScore(-0.1), -inf, 0)
	checkFloat(t, "FromScore(1.1)", FromScore(1.1), inf, 0)
	if e := FromScore(0.5); e != 0 || math.Signbit(e) {
		t.Errorf("FromScore(0.5) = %v, want +0", e)
	}
}

func TestCountsAdd(t *testing.T) {
	var c Counts
	for _, score := range []float64{1, 0.5, 0, 1, 1, 0.5} {
		if err := c.Add(score); err != nil {
			t.Fatalf("Add(%v): %v", score, err)
		}
	}
	if want := (Counts{3, 2, 1}); c != want {
		t.Errorf("after Add sequence: %+v, want %+v", c, want)
	}
	// A score that no game has is an error, not a panic, and changes
	// nothing.
	for _, bad := range []float64{0.3, 2, -1, 0.25, math.NaN(), math.Inf(1)} {
		d := Counts{1, 2, 3}
		if err := d.Add(bad); !errors.Is(err, ErrInvalidScore) {
			t.Errorf("Add(%v) = %v, want an error wrapping ErrInvalidScore", bad, err)
		}
		if d != (Counts{1, 2, 3}) {
			t.Errorf("Add(%v) changed the counts: %+v", bad, d)
		}
	}
}

func TestPentanomialAdd(t *testing.T) {
	var p Pentanomial
	seq := [][2]float64{
		{1, 1},     // WW -> 4
		{1, 0.5},   // WD -> 3
		{0.5, 1},   // DW -> 3
		{1, 0},     // WL -> 2
		{0, 1},     // LW -> 2
		{0.5, 0.5}, // DD -> 2
		{0, 0.5},   // LD -> 1
		{0, 0},     // LL -> 0
		{1, 1},     // WW -> 4
	}
	for _, g := range seq {
		if err := p.Add(g[0], g[1]); err != nil {
			t.Fatalf("Add(%v, %v): %v", g[0], g[1], err)
		}
	}
	if want := (Pentanomial{1, 1, 3, 2, 2}); p != want {
		t.Errorf("after Add sequence: %v, want %v", p, want)
	}
	if got := p.Pairs(); got != 9 {
		t.Errorf("Pairs() = %d, want 9", got)
	}
	if got := (Pentanomial{}).Pairs(); got != 0 {
		t.Errorf("empty Pairs() = %d, want 0", got)
	}

	// A score that no game has is an error, not a panic, and changes
	// nothing.
	for _, bad := range [][2]float64{{0.3, 1}, {1, 2}, {-1, 0}, {0, 0.25}, {math.NaN(), 0}, {0.5, math.Inf(1)}} {
		q := Pentanomial{1, 2, 3, 4, 5}
		err := q.Add(bad[0], bad[1])
		if !errors.Is(err, ErrInvalidScore) {
			t.Errorf("Add(%v, %v) = %v, want an error wrapping ErrInvalidScore", bad[0], bad[1], err)
		}
		if q != (Pentanomial{1, 2, 3, 4, 5}) {
			t.Errorf("Add(%v, %v) changed the counts: %v", bad[0], bad[1], q)
		}
	}
}

func TestPentanomialElo(t *testing.T) {
	tests := []struct {
		p    Pentanomial
		want Estimate
	}{
		// penta([1,5,10,7,2]) -> (0.54, 0.0584, 27.85437125655782,
		//                         -38.18282324781296, 95.98951413463044)
		{Pentanomial{1, 5, 10, 7, 2}, Estimate{27.85437125655782, -38.18282324781296, 95.98951413463044}},
		// penta([0,2,3,4,1]) -> (0.6, 0.0525, 70.43650362227247,
		//                        -29.262539538375343, 183.52537114419187)
		{Pentanomial{0, 2, 3, 4, 1}, Estimate{70.43650362227247, -29.262539538375343, 183.52537114419187}},
		{Pentanomial{0, 0, 0, 0, 3}, Estimate{inf, inf, inf}},
		{Pentanomial{0, 0, 4, 0, 0}, Estimate{0, 0, 0}},
		{Pentanomial{}, Estimate{0, -inf, inf}},
	}
	for _, tc := range tests {
		checkElo(t, "Pentanomial.Elo", tc.p.Elo(), tc.want, 1e-6)
	}
}

func TestBounds(t *testing.T) {
	// math.log(.05/.95), math.log(.95/.05) -> -2.9444389791664403 2.9444389791664403
	lo, hi := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}.Bounds()
	checkFloat(t, "lower(0.05,0.05)", lo, -2.9444389791664403, 1e-12)
	checkFloat(t, "upper(0.05,0.05)", hi, 2.9444389791664403, 1e-12)
	checkFloat(t, "lower rounded", lo, -2.944, 5e-4)
	// math.log(.1/.95), math.log(.9/.05) -> -2.251291798606495 2.8903717578961645
	lo, hi = SPRT{Alpha: 0.05, Beta: 0.1}.Bounds()
	checkFloat(t, "lower(0.05,0.1)", lo, -2.251291798606495, 1e-12)
	checkFloat(t, "upper(0.05,0.1)", hi, 2.8903717578961645, 1e-12)
}

// The LLR figures below come from python: fishtest's generalized LLR on
// the logistic Elo re-derived with mpmath at 50 digits, its root found by
// mpmath.findroot rather than bisection, as
//
//	llr(results, elo0, elo1) = N · Σ p̂ᵢ ln(p₁ᵢ/p₀ᵢ)
//
// with results in fishtest's order (pentanomial LL..WW, trinomial L, D, W)
// and zero counts regularized to 1e-3.

// TestSPRTValidate: a test that can decide is valid; each one that cannot
// is refused with ErrInvalidSPRT and a message that names what is wrong,
// checked by its key word (the field, "not below", "too far"), so that the
// test fails when another check than the one meant refuses it.
func TestSPRTValidate(t *testing.T) {
	for _, s := range []SPRT{
		{0, 10, 0.05, 0.05},
		{-3, 1, 0.05, 0.1},
		{0, 0.5, 0.5, 0.5},
		{-5000, 5000, 1e-9, 0.999},
	} {
		if err := s.Validate(); err != nil {
			t.Errorf("%+v.Validate() = %v, want nil", s, err)
		}
	}
	nan, inf := math.NaN(), math.Inf(1)
	for _, tc := range []struct {
		s    SPRT
		want string
	}{
		{SPRT{}, "not below"},
		{SPRT{10, 0, 0.05, 0.05}, "not below"},
		{SPRT{5, 5, 0.05, 0.05}, "not below"},
		{SPRT{nan, 10, 0.05, 0.05}, "Elo0 NaN"},
		{SPRT{0, nan, 0.05, 0.05}, "Elo1 NaN"},
		{SPRT{-inf, 0, 0.05, 0.05}, "Elo0 -Inf"},
		{SPRT{0, inf, 0.05, 0.05}, "Elo1 +Inf"},
		{SPRT{0, 10, 0, 0.05}, "Alpha 0"},
		{SPRT{0, 10, 1, 0.05}, "Alpha 1"},
		{SPRT{0, 10, nan, 0.05}, "Alpha NaN"},
		{SPRT{0, 10, 0.05, 0}, "Beta 0"},
		{SPRT{0, 10, 0.05, 1.5}, "Beta 1.5"},
		{SPRT{0, 10, 0.05, -0.1}, "Beta -0.1"},
		// Expected scores that round to 1: the LLR would be NaN forever.
		{SPRT{10000, 20000, 0.05, 0.05}, "too far from 0"},
		{SPRT{0, 1e300, 0.05, 0.05}, "too far from 0"},
	} {
		err := tc.s.Validate()
		if !errors.Is(err, ErrInvalidSPRT) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v.Validate() = %v, want an error wrapping ErrInvalidSPRT that says %q", tc.s, err, tc.want)
		}
	}
	// Why expected scores that round to 1 are rejected: no evidence decides.
	far := SPRT{10000, 20000, 0.05, 0.05}
	if d := far.Decide(far.LLR(Pentanomial{4: 1_000_000})); d != Continue {
		t.Errorf("%+v on a million won pairs: %v, want Continue", far, d)
	}
}

func TestLLRPentanomial(t *testing.T) {
	tests := []struct {
		s    SPRT
		p    Pentanomial
		want float64
	}{
		// llr([1,5,10,7,2], 0, 10)
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{1, 5, 10, 7, 2}, 0.19799983632082679},
		// llr([0,2,3,4,1], 0, 10): the zero LL count regularized
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{0, 2, 3, 4, 1}, 0.24828052408841067},
		// the data of fishtest's own test of its SPRT:
		// llr([10789,19328,33806,19402,10543], -3, 1); the normal
		// approximation LLR_alt2 would give 2.1312448707
		{SPRT{-3, 1, 0.05, 0.05}, Pentanomial{10789, 19328, 33806, 19402, 10543}, 2.1310678117878922},
		// Nothing but won pairs, or drawn ones: the prior lets them count.
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{0, 0, 0, 0, 1}, 0.028423811539486947},
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{0, 0, 0, 0, 7}, 0.19863299168767584},
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{0, 0, 0, 0, 20}, 0.5674190961773008},
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{0, 0, 7, 0, 0}, -0.19856321822913238},
		// No pairs: no evidence.
		{SPRT{0, 10, 0.05, 0.05}, Pentanomial{}, 0},
		// Elo0 == Elo1 tests nothing.
		{SPRT{5, 5, 0.05, 0.05}, Pentanomial{1, 5, 10, 7, 2}, 0},
	}
	for _, tc := range tests {
		checkFloat(t, "LLR", tc.s.LLR(tc.p), tc.want, 1e-9)
	}
	// Swapping the hypotheses negates the LLR.
	s := SPRT{0, 10, 0.05, 0.05}
	p := Pentanomial{1, 5, 10, 7, 2}
	checkFloat(t, "LLR swapped", SPRT{10, 0, 0.05, 0.05}.LLR(p), -s.LLR(p), 1e-12)
	// Infinite Elo bounds make no test: NaN, which Decide takes as Continue.
	inf := SPRT{math.Inf(-1), 0, 0.05, 0.05}
	if llr := inf.LLR(p); !math.IsNaN(llr) || inf.Decide(llr) != Continue {
		t.Errorf("LLR with Elo0 = -Inf: %v, %v; want NaN, Continue", llr, inf.Decide(llr))
	}
}

// TestLLRStopsOnWinsAlone checks what the regularization is for: a match
// whose every pair is won by A ends the SPRT by itself, after 104 pairs
// for [0, 10] (the first count where llr([0,0,0,0,n], 0, 10) reaches
// ln(0.95/0.05) = 2.944: n = 103 gives 2.9220, n = 104 gives 2.9503).
func TestLLRStopsOnWinsAlone(t *testing.T) {
	s := SPRT{0, 10, 0.05, 0.05}
	for n := 1; ; n++ {
		if d := s.Decide(s.LLR(Pentanomial{4: n})); d != Continue {
			if d != AcceptH1 || n != 104 {
				t.Errorf("all pairs won: %v after %d pairs, want AcceptH1 after 104", d, n)
			}
			return
		}
		if n > 1000 {
			t.Fatal("all pairs won: still undecided after 1000 pairs")
		}
	}
}

func TestLLRTrinomial(t *testing.T) {
	tests := []struct {
		s    SPRT
		c    Counts
		want float64
	}{
		// llr([19,20,41], 0, 10)   ([L, D, W])
		{SPRT{0, 10, 0.05, 0.05}, Counts{41, 20, 19}, 0.80147765003617026},
		// fishtest's own data: llr([65804,56553,65388], -3, 1) (the
		// normal approximation: 2.0488098805)
		{SPRT{-3, 1, 0.05, 0.05}, Counts{65388, 56553, 65804}, 2.0490426179767187},
		// llr([1,0,2], 0, 5)
		{SPRT{0, 5, 0.05, 0.05}, Counts{2, 0, 1}, 0.01408511059447738},
		// llr([0,1,10], 0, 5)
		{SPRT{0, 5, 0.05, 0.05}, Counts{10, 1, 0}, 0.15714626605445551},
		// All draws, all wins (llr([0,10,0], 0, 10), llr([0,0,2], 0, 5)).
		{SPRT{0, 10, 0.05, 0.05}, Counts{0, 10, 0}, -0.28602310882444528},
		{SPRT{0, 5, 0.05, 0.05}, Counts{2, 0, 0}, 0.028574993724650702},
		// No games.
		{SPRT{0, 5, 0.05, 0.05}, Counts{}, 0},
	}
	for _, tc := range tests {
		checkFloat(t, "LLRTrinomial", tc.s.LLRTrinomial(tc.c), tc.want, 1e-9)
	}
}

func TestDecide(t *testing.T) {
	s := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	lo, hi := s.Bounds()
	tests := []struct {
		llr  float64
		want Decision
	}{
		{0, Continue},
		{2.9, Continue},
		{-2.9, Continue},
		{3.0, AcceptH1},
		{-3.0, AcceptH0},
		{hi, AcceptH1}, // bounds are inclusive
		{lo, AcceptH0},
		{math.NaN(), Continue},
		{inf, AcceptH1},
		{-inf, AcceptH0},
	}
	for _, tc := range tests {
		if got := s.Decide(tc.llr); got != tc.want {
			t.Errorf("Decide(%v) = %v, want %v", tc.llr, got, tc.want)
		}
	}
	// End to end: fishtest's pentanomial data against [-3, 1] has
	// LLR 2.1311 (see TestLLRPentanomial), inside (-2.944, 2.944).
	p := Pentanomial{10789, 19328, 33806, 19402, 10543}
	if got := (SPRT{-3, 1, 0.05, 0.05}).Decide(SPRT{-3, 1, 0.05, 0.05}.LLR(p)); got != Continue {
		t.Errorf("fishtest data [-3,1]: %v, want Continue", got)
	}

	names := map[Decision]string{Continue: "undecided", AcceptH0: "H0 accepted", AcceptH1: "H1 accepted", Decision(7): "Decision(7)"}
	for d, want := range names {
		if got := d.String(); got != want {
			t.Errorf("Decision(%d).String() = %q, want %q", int(d), got, want)
		}
	}
}

func TestCountsString(t *testing.T) {
	// python: summ(W, D, Lo) formats
	//   'W-D-L %d-%d-%d, score %.1f%%, Elo %+.1f ± %s (%+.1f, %+.1f), LOS %.1f%%'
	// with score percent = (100*W + 50*D)/n, Elo and bounds from tri(),
	// '±' = (high-low)/2 as '%.1f' ('Inf' if an end is infinite), LOS from los().
	// (python prints inf as 'inf'; the Go format spells it 'Inf'. The last
	// four rows are by hand: games all alike have no variance, so no
	// interval is estimated, and no decisive game gives LOS 50%; no game
	// gives (-Inf, +Inf).)
	tests := []struct {
		c    Counts
		want string
	}{
		{Counts{41, 20, 19}, "W-D-L 41-20-19, score 63.8%, Elo +98.1 ± 68.7 (+33.1, +170.6), LOS 99.8%"},
		{Counts{3, 4, 5}, "W-D-L 3-4-5, score 41.7%, Elo -58.5 ± 176.7 (-251.3, +102.1), LOS 24.0%"},
		{Counts{9, 0, 1}, "W-D-L 9-0-1, score 90.0%, Elo +381.7 ± Inf (+159.0, +Inf), LOS 99.4%"},
		{Counts{10, 0, 0}, "W-D-L 10-0-0, score 100.0%, Elo +Inf (no interval: all 10 games alike), LOS 99.9%"},
		{Counts{0, 10, 0}, "W-D-L 0-10-0, score 50.0%, Elo +0.0 (no interval: all 10 games alike), LOS 50.0%"},
		{Counts{0, 0, 1}, "W-D-L 0-0-1, score 0.0%, Elo -Inf (no interval from one game), LOS 15.9%"},
		{Counts{}, "W-D-L 0-0-0, score 50.0%, Elo +0.0 ± Inf (-Inf, +Inf), LOS 50.0%"},
	}
	for _, tc := range tests {
		if got := tc.c.String(); got != tc.want {
			t.Errorf("Counts%v.String()\n got %q\nwant %q", [3]int{tc.c.Wins, tc.c.Draws, tc.c.Losses}, got, tc.want)
		}
	}
}

func TestPentanomialString(t *testing.T) {
	// python: 'pairs %d-%d-%d-%d-%d, pair Elo %+.1f ± %.1f (%+.1f, %+.1f)'
	// with the Elo and bounds from penta(p) and '±' = (high-low)/2. The
	// last four rows are by hand: pairs all alike (all won, all split or
	// drawn, or one pair) have no variance, so no interval is estimated;
	// no pair gives (-Inf, +Inf).
	tests := []struct {
		p    Pentanomial
		want string
	}{
		{Pentanomial{1, 5, 10, 7, 2}, "pairs 1-5-10-7-2, pair Elo +27.9 ± 67.1 (-38.2, +96.0)"},
		{Pentanomial{0, 2, 3, 4, 1}, "pairs 0-2-3-4-1, pair Elo +70.4 ± 106.4 (-29.3, +183.5)"},
		{Pentanomial{3, 0, 2, 1, 0}, "pairs 3-0-2-1-0, pair Elo -154.1 ± 269.7 (-515.4, +23.9)"},
		{Pentanomial{0, 0, 0, 0, 3}, "pairs 0-0-0-0-3, pair Elo +Inf (no interval: all 3 pairs alike)"},
		{Pentanomial{0, 0, 2, 0, 0}, "pairs 0-0-2-0-0, pair Elo +0.0 (no interval: all 2 pairs alike)"},
		{Pentanomial{0, 0, 0, 1, 0}, "pairs 0-0-0-1-0, pair Elo +190.8 (no interval from one pair)"},
		{Pentanomial{}, "pairs 0-0-0-0-0, pair Elo +0.0 ± Inf (-Inf, +Inf)"},
	}
	for _, tc := range tests {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("Pentanomial%v.String()\n got %q\nwant %q", [5]int(tc.p), got, tc.want)
		}
	}
}

// TestInvalidCounts: counts that are not numbers of games or pairs (a
// negative one, or a sum beyond an int) fail Validate with
// ErrInvalidCounts, and say nothing rather than NaN or ±Inf: the Elo of
// no games, (0, −Inf, +Inf), a score and LOS of 0.5, an LLR of 0, and a
// String that says what is wrong.
func TestInvalidCounts(t *testing.T) {
	noGames := Estimate{Diff: 0, Low: -inf, High: inf}
	sprt := SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct {
		c    Counts
		want string
	}{
		{Counts{Wins: -5, Losses: 3}, "W-D-L -5-0-3, invalid: a count below 0"},
		{Counts{Wins: 3, Draws: -1}, "W-D-L 3--1-0, invalid: a count below 0"},
		{Counts{Wins: math.MaxInt, Losses: 1}, "invalid: more than an int holds in all"},
	} {
		if err := tc.c.Validate(); !errors.Is(err, ErrInvalidCounts) {
			t.Errorf("Counts%v.Validate() = %v, want ErrInvalidCounts", tc.c, err)
		}
		checkElo(t, "Counts.Elo", tc.c.Elo(), noGames, 0)
		if tc.c.Score() != 0.5 || tc.c.LOS() != 0.5 || sprt.LLRTrinomial(tc.c) != 0 || !strings.Contains(tc.c.String(), tc.want) {
			t.Errorf("Counts%v: score %v, LOS %v, LLR %v, %q; want 0.5, 0.5, 0 and %q",
				[3]int{tc.c.Wins, tc.c.Draws, tc.c.Losses}, tc.c.Score(), tc.c.LOS(), sprt.LLRTrinomial(tc.c), tc.c.String(), tc.want)
		}
	}
	for _, tc := range []struct {
		p    Pentanomial
		want string
	}{
		{Pentanomial{-1, 0, 2, 0, 0}, "pairs -1-0-2-0-0, invalid: a count below 0"},
		{Pentanomial{0, 0, 0, 0, -1}, "pairs 0-0-0-0--1, invalid: a count below 0"},
		{Pentanomial{math.MaxInt, 1, 0, 0, 0}, "invalid: more than an int holds in all"},
	} {
		if err := tc.p.Validate(); !errors.Is(err, ErrInvalidCounts) {
			t.Errorf("Pentanomial%v.Validate() = %v, want ErrInvalidCounts", [5]int(tc.p), err)
		}
		checkElo(t, "Pentanomial.Elo", tc.p.Elo(), noGames, 0)
		if sprt.LLR(tc.p) != 0 || !strings.Contains(tc.p.String(), tc.want) {
			t.Errorf("Pentanomial%v: LLR %v, %q; want 0 and %q", [5]int(tc.p), sprt.LLR(tc.p), tc.p.String(), tc.want)
		}
	}
	for _, c := range []Counts{{}, {41, 20, 19}} {
		if err := c.Validate(); err != nil {
			t.Errorf("Counts%v.Validate() = %v", c, err)
		}
	}
	if err := (Pentanomial{1, 5, 10, 7, 2}).Validate(); err != nil {
		t.Errorf("Pentanomial.Validate() = %v", err)
	}
}
