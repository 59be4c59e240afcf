package surakarta_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// tunedFeatureMap returns the features of p by name.
func tunedFeatureMap(p surakarta.Position) map[string]int {
	m := map[string]int{}
	for i, v := range surakarta.AppendTunedFeatures(nil, &p) {
		m[surakarta.TunedFeatureNames()[i]] = v
	}
	return m
}

// TestTunedFeaturesByHand checks the features of a small position worked
// out by hand from the circuits of the package documentation.
//
//	6  . . . . . .
//	5  . . . . w .     Black to move
//	4  . . . . . .
//	3  . . . . . .
//	2  . b . . . .
//	1  b . . . . .
//	   a b c d e f
//
// On the inner circuit b2 walks forward c2 d2 e2 f2, round the loop at f1,
// e1 e2 e3 e4 to e5, and e5 walks back the same way: each attacks the
// other, and neither is defended (a1 is on no circuit). Steps: b2 7, a1 2,
// e5 8. Black's launch points (empty points from which a black piece would
// attack e5) are c2 d2 e2 f2 (towards f1), e6 (round f6 to f5, e5), f5 (back
// round f6 to e6, e5) and b3 b4 b5 b6 (up the b-file, round a6, along rank
// 5); of these c2 and b3 are a step from a black piece. White's are a2 and
// b1 (round a1 onto b2), e1 e2 e3 e4 (down the e-file, round f1, along rank
// 2) and a5 b5 c5 d5 (along rank 5, round a6, down the b-file); of these e4
// and d5 are a step from e5. Both sides have their two places on the inner
// circuit; Black has one neighbouring pair, White one isolated piece; Black
// occupies files a, b and ranks 1, 2, White file e and rank 5. a1 is the
// reference point class, and b2 and e5 are both on the class b/e rank 2
// counted from their own edges, so the point classes cancel.
func TestTunedFeaturesByHand(t *testing.T) {
	p := mustParse(t, "6/4w1/6/6/1b4/b5 b")
	want := map[string]int{
		"pieces":                                    1,
		"steps":                                     1,
		"attacks (side to move)":                    1,
		"attacks (opponent)":                        1,
		"undefended targets (side to move)":         1,
		"undefended targets (opponent)":             1,
		"own undefended attacked pieces beyond one": 0,
		"defended pieces":                           0,
		"walkers":                                   0,
		"threat points (side to move)":              2,
		"threat points (opponent)":                  2,
		"loops held":                                0,
		"inner circuit places":                      0,
		"outer circuit places":                      0,
		"neighbouring pairs":                        1,
		"isolated pieces":                           -1,
		"files and ranks occupied":                  2,
		"tempo":                                     1,
	}
	got := tunedFeatureMap(p)
	for name, v := range got {
		w, ok := want[name]
		if !ok {
			w = 0 // every point class
		}
		if v != w {
			t.Errorf("%s = %d, want %d", name, v, w)
		}
	}
	if len(got) != len(surakarta.TunedFeatureNames()) {
		t.Errorf("%d features, %d names: the names are not distinct", len(got), len(surakarta.TunedFeatureNames()))
	}
}

// TestTunedFeaturesStart checks the features of the start, where the sides
// mirror each other: every difference is 0, and no piece can capture or
// reach a point from which it could.
func TestTunedFeaturesStart(t *testing.T) {
	for name, v := range tunedFeatureMap(surakarta.NewPosition()) {
		want := 0
		if name == "tempo" {
			want = 1
		}
		if v != want {
			t.Errorf("%s = %d at the start, want %d", name, v, want)
		}
	}
}

// tunedFormula is the score of the Tuned documentation, computed from the
// features in floating point and truncated toward zero.
func tunedFormula(e *surakarta.Tuned, p *surakarta.Position) int {
	f := surakarta.AppendTunedFeatures(nil, p)
	ph := surakarta.TunedPhase(p)
	sum := 0.0
	for i, v := range f {
		var o, g int
		if i < len(e.Opening) {
			o = e.Opening[i]
		}
		if i < len(e.Endgame) {
			g = e.Endgame[i]
		}
		sum += float64(v) * (float64(o)*float64(ph) + float64(g)*float64(surakarta.TunedPhases-ph))
	}
	score := int(sum / (surakarta.TunedPhases * surakarta.TunedUnit))
	return min(max(score, -surakarta.MaxEvaluation), surakarta.MaxEvaluation)
}

// TestTunedEvaluateFormula checks Evaluate against the documented formula
// with the fitted weights, random weights, short weight lists and none.
func TestTunedEvaluateFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	n := len(surakarta.TunedFeatureNames())
	random := func(k int) []int {
		w := make([]int, k)
		for i := range w {
			w[i] = r.IntN(2001) - 1000
		}
		return w
	}
	evaluators := []*surakarta.Tuned{
		surakarta.NewTuned(),
		{Opening: random(n), Endgame: random(n)},
		{Opening: random(3), Endgame: random(n + 5)},
		{Opening: []int{1e9}, Endgame: []int{-1e9}}, // clamped
		{},
	}
	for i := range 3000 {
		p := surakartatest.RandomPosition(r)
		for j, e := range evaluators {
			if got, want := e.Evaluate(&p), tunedFormula(e, &p); got != want {
				t.Fatalf("evaluator %d: Evaluate(%v) = %d, the formula gives %d (position %d)", j, p, got, want, i)
			}
		}
	}
}

// TestTunedPhase checks the phase at a few piece counts.
func TestTunedPhase(t *testing.T) {
	for _, tc := range []struct {
		text  string
		phase int
	}{
		{surakarta.StartText, surakarta.TunedPhases},
		{"6/4w1/6/6/1b4/b5 b", 0},
		{"6/4w1/6/6/bb4/b5 b", 0},
		{"6/4ww/6/6/bb4/b5 b", 1},
		{"wwwwww/6/6/6/6/bbbbbb b", 8},
	} {
		p := mustParse(t, tc.text)
		if got := surakarta.TunedPhase(&p); got != tc.phase {
			t.Errorf("TunedPhase(%q) = %d, want %d", tc.text, got, tc.phase)
		}
	}
}

// TestTunedSymmetry checks the fitted evaluator with CheckEvaluator (range,
// no change, same score twice, colour flip) and against the board mirrored
// left to right, which the rules also treat alike.
func TestTunedSymmetry(t *testing.T) {
	e := surakarta.NewTuned()
	r := rand.New(rand.NewPCG(7, 7))
	for range 5000 {
		p := surakartatest.RandomPosition(r)
		if err := surakartatest.CheckEvaluator(e, p); err != nil {
			t.Fatal(err)
		}
		var q surakarta.Position
		for _, c := range [2]surakarta.Color{surakarta.Black, surakarta.White} {
			for s := range p.Pieces(c).All() {
				m, _ := surakarta.NewSquare(5-s.File(), s.Rank())
				if err := q.Put(m, c); err != nil {
					t.Fatal(err)
				}
			}
		}
		q.SetSideToMove(p.SideToMove())
		if a, b := e.Evaluate(&p), e.Evaluate(&q); a != b {
			t.Fatalf("Evaluate(%v) = %d, but %d mirrored: %v", p, a, b, q)
		}
	}
}

// TestNewTunedCopies checks that NewTuned returns weights of its own.
func TestNewTunedCopies(t *testing.T) {
	a, b := surakarta.NewTuned(), surakarta.NewTuned()
	if len(a.Opening) != len(surakarta.TunedFeatureNames()) || len(a.Endgame) != len(a.Opening) {
		t.Fatalf("NewTuned has %d and %d weights for %d features", len(a.Opening), len(a.Endgame), len(surakarta.TunedFeatureNames()))
	}
	a.Opening[0]++
	a.Endgame[0]++
	if a.Opening[0] == b.Opening[0] || a.Endgame[0] == b.Endgame[0] {
		t.Fatal("changing one NewTuned's weights changed another's")
	}
	names := surakarta.TunedFeatureNames()
	names[0] = "changed"
	if surakarta.TunedFeatureNames()[0] == "changed" {
		t.Fatal("TunedFeatureNames returns a slice shared between calls")
	}
	if !slices.Contains(surakarta.TunedFeatureNames(), "pieces") {
		t.Fatal("no feature named pieces")
	}
}

// TestTunedAllocs checks that Evaluate allocates nothing.
func TestTunedAllocs(t *testing.T) {
	e := surakarta.NewTuned()
	positions := middleGamePositions(t)
	if n := testing.AllocsPerRun(100, func() {
		for i := range positions {
			e.Evaluate(&positions[i])
		}
	}); n != 0 {
		t.Fatalf("Evaluate allocates %v times per run", n)
	}
}

var _ surakarta.Evaluator = (*surakarta.Tuned)(nil)
