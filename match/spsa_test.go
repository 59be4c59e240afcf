package match

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// TestSPSASchedule checks the gains against values worked out apart from
// the code, for N = 100, c_end = 4, r_end = 0.002:
//
//	A = ⌊0.1·100⌋ = 10
//	c = 4·100^0.101 = 4·e^(0.101·ln 100) = 4·1.5922087 = 6.3688349
//	a = 0.002·4²·110^0.602 = 0.032·e^(0.602·ln 110) = 0.032·16.940195 = 0.54208623
//	k = 0:  c_0 = c = 6.3688349
//	        a_0 = a/11^0.602 = 0.54208623/4.2356337 = 0.12798232
//	        r_0 = a_0/c_0² = 0.12798232/40.561952 = 0.0031552225
//	k = 49: c_49 = c/50^0.101 = 6.3688349/1.4845539 = 4.2900665
//	        a_49 = a/60^0.602 = 0.54208623/11.761076 = 0.046091551
//	        r_49 = 0.046091551/4.2900665² = 0.0025043399
//	k = 99: c_99 = c/100^0.101 = 4 = c_end, r_99 = r_end = 0.002
func TestSPSASchedule(t *testing.T) {
	s := newSPSASchedule([]SPSAParam{{Name: "x", CEnd: 4, REnd: 0.002}}, 100)
	if s.bigA != 10 {
		t.Errorf("A = %v, want 10", s.bigA)
	}
	near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-7*math.Abs(want) }
	if !near(s.c[0], 6.3688349) || !near(s.a[0], 0.54208623) {
		t.Errorf("c = %v, a = %v; want 6.3688349 and 0.54208623", s.c[0], s.a[0])
	}
	for _, tc := range []struct {
		k      int
		ck, rk float64
	}{{0, 6.3688349, 0.0031552225}, {49, 4.2900665, 0.0025043399}, {99, 4, 0.002}} {
		if ck, rk := s.gains(0, tc.k); !near(ck, tc.ck) || !near(rk, tc.rk) {
			t.Errorf("k = %d: c_k %v, r_k %v; want %v and %v", tc.k, ck, rk, tc.ck, tc.rk)
		}
	}
	// A is rounded down: 7 iterations have none.
	if s := newSPSASchedule([]SPSAParam{{Name: "x", CEnd: 1, REnd: 1}}, 7); s.bigA != 0 {
		t.Errorf("A of 7 iterations: %v, want 0", s.bigA)
	}
}

// fakePairs returns a play function whose games depend on each side's
// distance from optimum: a side's Elo is −400·Σ((v_i − opt_i)/width_i)²,
// each game is won by one side with the logistic Elo probability (no
// draws), drawn from a generator seeded by seed and the iteration, so
// that an iteration played again plays the same, as a deterministic
// engine would.
func fakePairs(opt, width []float64, seed uint64) func(context.Context, int, []int, []int, surakarta.Position) (float64, error) {
	elo := func(v []int) float64 {
		e := 0.0
		for i := range v {
			d := (float64(v[i]) - opt[i]) / width[i]
			e -= 400 * d * d
		}
		return e
	}
	return func(_ context.Context, k int, plus, minus []int, _ surakarta.Position) (float64, error) {
		r := rand.New(rand.NewPCG(seed, uint64(k)))
		p := 1 / (1 + math.Pow(10, (elo(minus)-elo(plus))/400))
		result := 0.0
		for range 2 {
			if r.Float64() < p {
				result++
			} else {
				result--
			}
		}
		return result, nil
	}
}

// TestSPSAConverges: on games whose odds are set by the distance from a
// known optimum, (70, 300), SPSA started far from it, at (20, 500), ends
// within 5 and 20 of it (a tenth of the width over which each costs 400
// Elo), from every one of several seeds.
func TestSPSAConverges(t *testing.T) {
	opt, width := []float64{70, 300}, []float64{50, 200}
	for seed := range uint64(4) {
		c := SPSAConfig{
			Params: []SPSAParam{
				{Name: "a", Start: 20, Min: 0, Max: 200, CEnd: 8, REnd: 0.02},
				{Name: "b", Start: 500, Min: 100, Max: 600, CEnd: 30, REnd: 0.02},
			},
			Iterations: 1000, Seed: seed, Limits: surakarta.Limits{Depth: 1},
			play: fakePairs(opt, width, seed),
		}
		st, err := RunSPSA(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		if st.Iteration != 1000 || math.Abs(st.Theta[0]-70) > 5 || math.Abs(st.Theta[1]-300) > 20 {
			t.Errorf("seed %d: after %d iterations θ = %.1f, want within 5 of 70 and 20 of 300", seed, st.Iteration, st.Theta)
		}
		t.Logf("seed %d: θ = %.1f", seed, st.Theta)
	}
}

// TestSPSADeterministicAndResumes: a tuning run twice from one seed
// writes the same state file; one resumed from a file cut short, even in
// the middle of a line, writes the same file as one never stopped; a
// finished file is not played again; and another tuning's file is refused.
func TestSPSADeterministicAndResumes(t *testing.T) {
	dir := t.TempDir()
	config := func(file string) SPSAConfig {
		return SPSAConfig{
			Params:     []SPSAParam{{Name: "a", Start: 20, Min: 0, Max: 200, CEnd: 8, REnd: 0.02}, {Name: "b", Start: 500, Min: 100, Max: 600, CEnd: 30, REnd: 0.02}},
			Iterations: 20, Seed: 3, Limits: surakarta.Limits{Nodes: 1000}, StateFile: file,
			play: fakePairs([]float64{70, 300}, []float64{50, 200}, 5),
		}
	}
	whole := filepath.Join(dir, "whole.txt")
	st, err := RunSPSA(context.Background(), config(whole))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(want), "\n")
	// The header's 7 lines, 20 iterations, the final line, and the
	// empty string after the last line break.
	if len(lines) != 7+20+1+1 || lines[0] != "spsa iterations 20 seed 3 A 2 alpha 0.602 gamma 0.101" ||
		lines[2] != "limits 1000 nodes/move" || lines[5] != "param a,20,0,200,8,0.02" || !strings.HasPrefix(lines[7], "iteration 1 result ") ||
		!strings.HasPrefix(lines[27], "final a=") || lines[28] != "" {
		t.Fatalf("the state file:\n%s", want)
	}
	again := filepath.Join(dir, "again.txt")
	if _, err := RunSPSA(context.Background(), config(again)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(again); string(got) != string(want) {
		t.Errorf("a second run from the same seed wrote\n%s\nnot\n%s", got, want)
	}

	// Cut after iteration 8 and in the middle of iteration 9's line.
	cut := filepath.Join(dir, "cut.txt")
	head := strings.Join(lines[:15], "\n") + "\n" + lines[15][:12]
	if err := os.WriteFile(cut, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	c := config(cut)
	played := 0
	inner := c.play
	c.play = func(ctx context.Context, k int, plus, minus []int, o surakarta.Position) (float64, error) {
		played++
		if k < 8 {
			t.Errorf("iteration %d played again", k+1)
		}
		return inner(ctx, k, plus, minus, o)
	}
	resumed, err := RunSPSA(context.Background(), c)
	if err != nil || played != 12 || resumed.Iteration != 20 {
		t.Fatalf("resumed: %+v, %v after playing %d pairs; want 12 pairs played", resumed, err, played)
	}
	got, _ := os.ReadFile(cut)
	if string(got) != string(want) {
		t.Errorf("resumed, the file is\n%s\nnot\n%s", got, want)
	}

	// A finished tuning: its state, nothing played.
	c = config(whole)
	c.play = func(context.Context, int, []int, []int, surakarta.Position) (float64, error) {
		t.Error("a finished tuning played")
		return 0, nil
	}
	if done, err := RunSPSA(context.Background(), c); err != nil || done.Iteration != 20 || done.Theta[0] != st.Theta[0] || done.Theta[1] != st.Theta[1] {
		t.Errorf("finished: %+v, %v; want %+v", done, err, st)
	}

	// Another tuning's file.
	c = config(whole)
	c.Seed = 4
	if _, err := RunSPSA(context.Background(), c); !errors.Is(err, ErrMismatch) {
		t.Errorf("another seed on the file: %v", err)
	}
}

// TestSPSAStopsOnError: the error of a pair stops the tuning, with the
// state so far and the iteration named.
func TestSPSAStopsOnError(t *testing.T) {
	boom := errors.New("boom")
	c := SPSAConfig{
		Params:     []SPSAParam{{Name: "a", Start: 20, Min: 0, Max: 200, CEnd: 8, REnd: 0.02}},
		Iterations: 10, Limits: surakarta.Limits{Depth: 1},
		play: func(_ context.Context, k int, _, _ []int, _ surakarta.Position) (float64, error) {
			if k == 3 {
				return 0, boom
			}
			return 2, nil
		},
	}
	st, err := RunSPSA(context.Background(), c)
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "iteration 4") || st.Iteration != 3 {
		t.Errorf("%+v, %v", st, err)
	}
}

func TestSPSAValidate(t *testing.T) {
	good := SPSAConfig{
		Params:     []SPSAParam{{Name: "SearchRFPMargin", Start: 40, Min: 10, Max: 120, CEnd: 4, REnd: 0.002}},
		Iterations: 10, Engine: "ugi:surakarta -tune", Limits: surakarta.Limits{Nodes: 1000},
	}
	if err := good.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		change func(*SPSAConfig)
		want   string
	}{
		{func(c *SPSAConfig) { c.Params = nil }, "no parameters"},
		{func(c *SPSAConfig) { c.Params[0].Min = 200 }, "min 200"},
		{func(c *SPSAConfig) { c.Params[0].Start = 5 }, "start 5"},
		{func(c *SPSAConfig) { c.Params[0].CEnd = 0 }, "c_end 0"},
		{func(c *SPSAConfig) { c.Params[0].CEnd = math.NaN() }, "c_end NaN"},
		{func(c *SPSAConfig) { c.Params[0].REnd = -1 }, "r_end -1"},
		// a = r_end·c_end²·… overflows to Inf, and r_k = a_k/c_k² is NaN.
		{func(c *SPSAConfig) { c.Params[0].CEnd, c.Params[0].REnd = 1e300, 1e300 }, "iteration 1's c_k"},
		// c_k² underflows to 0, and so does a: r_k = 0/0.
		{func(c *SPSAConfig) { c.Params[0].CEnd, c.Params[0].REnd = 1e-200, 0 }, "c_k"},
		{func(c *SPSAConfig) { c.Params[0].Name = "a b" }, `parameter name "a b"`},
		{func(c *SPSAConfig) { c.Params = append(c.Params, c.Params[0]) }, "given twice"},
		{func(c *SPSAConfig) { c.Iterations = 0 }, "Iterations 0"},
		{func(c *SPSAConfig) { c.Engine = "pvs,tuned" }, "UGI program"},
		{func(c *SPSAConfig) { c.Engine = "gtp:surakarta -gtp" }, "UGI program"},
		{func(c *SPSAConfig) { c.Engine = "ugi,name=x:surakarta" }, "name="},
		{func(c *SPSAConfig) { c.Limits = surakarta.Limits{} }, "no limit"},
		{func(c *SPSAConfig) { c.Limits.Nodes = -1 }, "Limits"},
		{func(c *SPSAConfig) { c.Openings = []surakarta.Position{} }, "Openings is empty"},
		{func(c *SPSAConfig) { c.OpeningPlies = -1 }, "OpeningPlies -1"},
	} {
		c := good
		c.Params = append([]SPSAParam(nil), good.Params...)
		tc.change(&c)
		err := c.Validate()
		if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("want an error with %q, got %v", tc.want, err)
		}
		if _, err := RunSPSA(context.Background(), c); !errors.Is(err, ErrInvalidConfig) {
			t.Errorf("RunSPSA: %v", err)
		}
	}
}

func TestParseSPSAParam(t *testing.T) {
	p, err := ParseSPSAParam(" SearchRFPMargin, 40,10,120,4,0.002")
	if err != nil || p != (SPSAParam{Name: "SearchRFPMargin", Start: 40, Min: 10, Max: 120, CEnd: 4, REnd: 0.002}) {
		t.Fatalf("%+v, %v", p, err)
	}
	if p.String() != "SearchRFPMargin,40,10,120,4,0.002" {
		t.Errorf("String: %q", p.String())
	}
	for _, bad := range []string{"", "a,1,2,3,4", "a,1,2,3,4,5,6", "a,x,0,9,1,1", "a,1,0,9.5,1,1", "a,1,0,9,c,1", "a,1,0,9,1,r",
		"a,1,0,9,NaN,1", "a,1,0,9,1,nan", "a,1,0,9,Inf,1", "a,1,0,9,1,-inf", "a,1,0,9,1e400,1"} {
		if _, err := ParseSPSAParam(bad); !errors.Is(err, ErrInvalidConfig) {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestSPSANonFinite: no NaN or Inf gets into θ, nor a value outside
// [Min, Max] into an engine. A schedule whose first and last iterations
// are finite, which Validate takes, but whose r_k overflows between
// them (r_k peaks near iteration A/2) stops the tuning before that
// iteration's pair; so does a result that would make θ NaN; and a state
// file with a θ of NaN or Inf is refused on resuming.
func TestSPSANonFinite(t *testing.T) {
	// c_end 1e-100 and r_end 1e308 over 100 iterations: r_0 is 1.58e308
	// and r_99 1e308, but r_3 overflows to Inf, and Inf·c_k·0 is NaN.
	c := SPSAConfig{
		Params:     []SPSAParam{{Name: "a", Start: 6, Min: 1, Max: 64, CEnd: 1e-100, REnd: 1e308}},
		Iterations: 100, Limits: surakarta.Limits{Nodes: 100},
	}
	var sent []int
	c.play = func(_ context.Context, _ int, plus, minus []int, _ surakarta.Position) (float64, error) {
		sent = append(sent, plus[0], minus[0])
		return 0, nil
	}
	if err := c.Validate(); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	st, err := RunSPSA(context.Background(), c)
	if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), "iteration 4") || st.Iteration != 3 || st.Theta[0] != 6 {
		t.Errorf("r_k Inf at iteration 4: %+v, %v; want 3 iterations, θ 6 and an error of iteration 4", st, err)
	}
	for i, v := range sent {
		if v < 1 || v > 64 {
			t.Errorf("pair %d: a value %d sent, outside [1, 64]", i/2+1, v)
			break
		}
	}

	// A result of NaN (only the tests' play can return one).
	c = SPSAConfig{
		Params:     []SPSAParam{{Name: "a", Start: 6, Min: 1, Max: 64, CEnd: 4, REnd: 0.002}},
		Iterations: 10, Limits: surakarta.Limits{Nodes: 100},
		play: func(_ context.Context, k int, _, _ []int, _ surakarta.Position) (float64, error) {
			if k == 2 {
				return math.NaN(), nil
			}
			return 2, nil
		},
	}
	st, err = RunSPSA(context.Background(), c)
	if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), "iteration 3") || st.Iteration != 2 || math.IsNaN(st.Theta[0]) {
		t.Errorf("a NaN result at iteration 3: %+v, %v", st, err)
	}

	// A state file with a θ that is not a finite number within the range.
	dir := t.TempDir()
	for i, theta := range []string{"NaN", "nan", "+Inf", "-Inf", "1e308"} {
		file := filepath.Join(dir, strconv.Itoa(i)+".txt")
		c.StateFile = file
		played := 0
		c.play = func(context.Context, int, []int, []int, surakarta.Position) (float64, error) {
			played++
			return 0, nil
		}
		if err := os.WriteFile(file, []byte(spsaHeader(&c)+"iteration 1 result 0 a="+theta+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := RunSPSA(context.Background(), c)
		if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), "[1, 64]") || st.Iteration != 0 || played != 0 {
			t.Errorf("a state file with a=%s: %+v, %v after %d pairs; want an error before any pair", theta, st, err, played)
		}
	}
}

// TestSPSAValue: the value played is θ rounded and kept within [Min, Max],
// also at the ends of int's range, where float64 cannot hold Max exactly
// and a conversion of 2⁶³ to int would wrap around.
func TestSPSAValue(t *testing.T) {
	small := SPSAParam{Min: 1, Max: 64}
	huge := SPSAParam{Min: math.MinInt64, Max: math.MaxInt64}
	for _, tc := range []struct {
		x    float64
		p    SPSAParam
		want int
	}{
		{3.5, small, 4}, {3.49, small, 3}, {64.4, small, 64}, {64.6, small, 64}, {0.6, small, 1}, {-1e300, small, 1},
		{math.NaN(), small, 1}, {math.Inf(1), small, 64}, {math.Inf(-1), small, 1},
		{1e19, huge, math.MaxInt64}, {math.MaxInt64, huge, math.MaxInt64}, {-1e19, huge, math.MinInt64},
		{math.MinInt64, huge, math.MinInt64}, {-7, huge, -7},
	} {
		if got := spsaValue(tc.x, tc.p); got != tc.want {
			t.Errorf("spsaValue(%v, [%d, %d]) = %d, want %d", tc.x, tc.p.Min, tc.p.Max, got, tc.want)
		}
	}
}
