package tunedeval_test

import (
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/circuit"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// parse returns the position of a text.
func parse(t *testing.T, text string) surakarta.Position {
	t.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// board returns p as the package takes it: the bitboards, the packed rings
// and the side to move, from p's public methods.
func board(p surakarta.Position) (pieces, rings [2]uint64, side uint8) {
	for c := range pieces {
		pieces[c] = uint64(p.Pieces(surakarta.Color(c)))
		rings[c] = circuit.Gather(pieces[c])
	}
	return pieces, rings, uint8(p.SideToMove())
}

// features returns the features of p.
func features(p surakarta.Position) [tunedeval.NumFeatures]int32 {
	var f [tunedeval.NumFeatures]int32
	pieces, rings, side := board(p)
	tunedeval.Features(&f, &pieces, &rings, side)
	return f
}

// featureMap returns the features of p by name.
func featureMap(p surakarta.Position) map[string]int {
	m := map[string]int{}
	for i, v := range features(p) {
		m[tunedeval.Names[i]] = int(v)
	}
	return m
}

// TestFeaturesByHand checks the features of a small position worked
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
func TestFeaturesByHand(t *testing.T) {
	p := parse(t, "6/4w1/6/6/1b4/b5 b")
	want := map[string]int{
		"pieces":                                    1,
		"steps":                                     1,
		"attacks (side to move)":                    1,
		"attacks (opponent)":                        1,
		"undefended targets (side to move)":         1,
		"undefended targets (opponent)":             1,
		"own undefended attacked pieces beyond one": 0,
		"any attack (side to move)":                 1,
		"any undefended target (side to move)":      1,
		"any attack (opponent)":                     1,
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
	got := featureMap(p)
	for name, v := range got {
		w, ok := want[name]
		if !ok {
			w = 0 // every point class
		}
		if v != w {
			t.Errorf("%s = %d, want %d", name, v, w)
		}
	}
	if len(got) != len(tunedeval.Names) {
		t.Errorf("%d features, %d names: the names are not distinct", len(got), len(tunedeval.Names))
	}
}

// TestFeaturesStart checks the features of the start, where the sides
// mirror each other: every difference is 0, and no piece can capture or
// reach a point from which it could.
func TestFeaturesStart(t *testing.T) {
	for name, v := range featureMap(surakarta.NewPosition()) {
		want := 0
		if name == "tempo" {
			want = 1
		}
		if v != want {
			t.Errorf("%s = %d at the start, want %d", name, v, want)
		}
	}
}

// formula is the score of Score's documentation, computed from the
// features in floating point and truncated toward zero.
func formula(f []int32, ph int, opening, endgame []int) int {
	sum := 0.0
	for i, v := range f {
		var o, g int
		if i < len(opening) {
			o = opening[i]
		}
		if i < len(endgame) {
			g = endgame[i]
		}
		sum += float64(v) * (float64(o)*float64(ph) + float64(g)*float64(tunedeval.Phases-ph))
	}
	score := int(sum / (tunedeval.Phases * tunedeval.Unit))
	return min(max(score, -surakarta.MaxEvaluation), surakarta.MaxEvaluation)
}

// TestScoreFormula checks Score against the documented formula with the
// fitted weights, random weights, short weight lists and none, on the
// features both as the evaluator keeps them (int32) and as the tuner
// does (int16).
func TestScoreFormula(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	n := tunedeval.NumFeatures
	random := func(k int) []int {
		w := make([]int, k)
		for i := range w {
			w[i] = r.IntN(2001) - 1000
		}
		return w
	}
	weights := [][2][]int{
		{tunedeval.Opening[:], tunedeval.Endgame[:]},
		{random(n), random(n)},
		{random(3), random(n + 5)},
		{{1e9}, {-1e9}}, // clamped
		{nil, nil},
	}
	for i := range 3000 {
		p := surakartatest.RandomPosition(r)
		f := features(p)
		short := make([]int16, len(f))
		for j, v := range f {
			short[j] = int16(v)
		}
		pieces, _, _ := board(p)
		ph := tunedeval.Phase(&pieces)
		for j, w := range weights {
			want := formula(f[:], ph, w[0], w[1])
			if got := tunedeval.Score(f[:], ph, w[0], w[1]); got != want {
				t.Fatalf("weights %d: Score on %v = %d, the formula gives %d (position %d)", j, p, got, want, i)
			}
			if got := tunedeval.Score(short, ph, w[0], w[1]); got != want {
				t.Fatalf("weights %d: Score of int16 features on %v = %d, the formula gives %d (position %d)", j, p, got, want, i)
			}
		}
	}
}

// TestPhase checks the phase at a few piece counts.
func TestPhase(t *testing.T) {
	for _, tc := range []struct {
		text  string
		phase int
	}{
		{surakarta.StartText, tunedeval.Phases},
		{"6/4w1/6/6/1b4/b5 b", 0},
		{"6/4w1/6/6/bb4/b5 b", 0},
		{"6/4ww/6/6/bb4/b5 b", 1},
		{"wwwwww/6/6/6/6/bbbbbb b", 8},
	} {
		pieces, _, _ := board(parse(t, tc.text))
		if got := tunedeval.Phase(&pieces); got != tc.phase {
			t.Errorf("Phase(%q) = %d, want %d", tc.text, got, tc.phase)
		}
	}
}
