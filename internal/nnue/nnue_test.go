package nnue

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomModel returns a model of the given sizes with weights spread
// wider than NewModel's, so that units fall on both sides of their clips.
func randomModel(t testing.TB, hidden, second, buckets int, seed uint64) *Model {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	m, err := NewModel(hidden, second, buckets, r)
	if err != nil {
		t.Fatal(err)
	}
	for i := range m.Params {
		m.Params[i] += float32(r.NormFloat64() * 0.3)
	}
	m.Clamp()
	return m
}

// randomPlacement returns Black's and White's bitboards of a random
// placement of up to 12 pieces a side.
func randomPlacement(r *rand.Rand) [2]uint64 {
	var p [2]uint64
	for c := range 2 {
		for range r.IntN(13) {
			s := r.IntN(Squares)
			if (p[0]|p[1])&(1<<s) == 0 {
				p[c] |= 1 << s
			}
		}
	}
	return p
}

// TestFeatureSymmetry checks the perspectives: the start position, turned
// half round with the colours swapped, is itself, so both perspectives'
// sums agree there; and every input is used once by each perspective.
func TestFeatureSymmetry(t *testing.T) {
	n, err := randomModel(t, 16, 0, 1, 1).Quantize(0.03)
	if err != nil {
		t.Fatal(err)
	}
	start := [2]uint64{1<<12 - 1, (1<<12 - 1) << 24}
	var a Accumulator
	n.Refresh(&a, &start)
	if a.V[0] != a.V[1] {
		t.Errorf("the start's perspectives differ: %v and %v", a.V[0][:16], a.V[1][:16])
	}
	for view := range uint8(2) {
		var seen [Inputs]bool
		for c := range uint8(2) {
			for s := range Squares {
				f := Feature(view, c, s)
				if f < 0 || f >= Inputs || seen[f] {
					t.Fatalf("Feature(%d, %d, %d) = %d: out of range or used twice", view, c, s, f)
				}
				seen[f] = true
			}
		}
	}
}

// TestUpdateMatchesRefresh checks that updating an accumulator from
// another placement's gives the sums of summing afresh.
func TestUpdateMatchesRefresh(t *testing.T) {
	for _, size := range [][3]int{{8, 0, 1}, {64, 16, 3}} {
		n, err := randomModel(t, size[0], size[1], size[2], 2).Quantize(0.03)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(3, 3))
		var a, b, fresh Accumulator
		p := randomPlacement(r)
		n.Refresh(&a, &p)
		for range 2000 {
			q := randomPlacement(r)
			if r.IntN(2) == 0 { // a move: a piece leaves a square, maybe for an opponent's
				q = p
				if c := r.IntN(2); q[c] != 0 {
					from := bits.TrailingZeros64(q[c])
					to := r.IntN(Squares)
					q[c] &^= 1 << from
					q[c^1] &^= 1 << to
					q[c] |= 1 << to
				}
			}
			n.Update(&b, &a, &q)
			n.Refresh(&fresh, &q)
			if b.V != fresh.V || b.Pieces != q {
				t.Fatalf("%d×%d: the update from %x to %x differs from the sums made afresh", size[0], size[1], p, q)
			}
			n.Update(&a, &a, &q) // in place
			if a.V != fresh.V {
				t.Fatalf("%d×%d: the update in place from %x to %x differs", size[0], size[1], p, q)
			}
			p = q
		}
	}
}

// TestQuantizedMatchesModel checks that the integer network computes what
// the model does, within the rounding of its weights.
func TestQuantizedMatchesModel(t *testing.T) {
	for _, size := range [][3]int{{32, 0, 1}, {32, 0, 4}, {64, 16, 3}} {
		m := randomModel(t, size[0], size[1], size[2], 4)
		n, err := m.Quantize(0.03)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(5, 5))
		var tr Trace
		var a Accumulator
		worst, sum := 0.0, 0.0
		const positions = 3000
		for range positions {
			p := randomPlacement(r)
			side := uint8(r.IntN(2))
			want := float64(m.Forward(&p, side, &tr))
			n.Refresh(&a, &p)
			got := float64(n.Output(&a, side)) / (QA * QO)
			d := math.Abs(got - want)
			worst, sum = max(worst, d), sum+d
		}
		// Each of up to 25 first-layer terms is off by at most 1/(2·QA):
		// about 0.005 a unit, a few hundredths at the output.
		if mean := sum / positions; mean > 0.05 || worst > 0.3 {
			t.Errorf("%d×%d: the integer output differs from the model's by %.4f on average, %.4f at worst", size[0], size[1], mean, worst)
		}
		if sum == 0 {
			t.Errorf("%d×%d: no rounding at all: the comparison compares nothing", size[0], size[1])
		}
	}
}

// TestGradient checks Backward against central differences of Forward.
func TestGradient(t *testing.T) {
	for _, size := range [][3]int{{6, 0, 1}, {6, 4, 1}, {6, 0, 4}, {6, 4, 3}} {
		m := randomModel(t, size[0], size[1], size[2], 6)
		r := rand.New(rand.NewPCG(7, 7))
		p := randomPlacement(r)
		for p[0] == 0 || p[1] == 0 {
			p = randomPlacement(r)
		}
		var tr Trace
		m.Forward(&p, 1, &tr)
		grad := make([]float32, len(m.Params))
		m.Backward(&tr, 1, grad)
		checked := 0
		for i := range m.Params {
			const h = 1e-3
			w := m.Params[i]
			m.Params[i] = w + h
			up := float64(m.Forward(&p, 1, &tr))
			m.Params[i] = w - h
			down := float64(m.Forward(&p, 1, &tr))
			m.Params[i] = w + h/2
			halfUp := float64(m.Forward(&p, 1, &tr))
			m.Params[i] = w
			mid := float64(m.Forward(&p, 1, &tr))
			if math.Abs((up-mid)-2*(halfUp-mid)) > 1e-4 {
				continue // a clip's corner lies within h: no derivative to compare
			}
			fd := (up - down) / (2 * h)
			if math.Abs(fd-float64(grad[i])) > 2e-3*max(1, math.Abs(fd)) {
				t.Errorf("%d×%d: parameter %d: gradient %g, central difference %g", size[0], size[1], i, grad[i], fd)
			}
			if grad[i] != 0 {
				checked++
			}
		}
		if checked < 20 {
			t.Errorf("%d×%d: only %d nonzero derivatives compared", size[0], size[1], checked)
		}
	}
}

// TestFileRoundTrip checks that Read reads what Write writes.
func TestFileRoundTrip(t *testing.T) {
	for _, size := range [][3]int{{1, 0, 1}, {24, 8, 5}} {
		n, err := randomModel(t, size[0], size[1], size[2], 8).Quantize(0.03)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := n.Write(&buf); err != nil {
			t.Fatal(err)
		}
		if buf.Len() != n.fileBytes() {
			t.Errorf("%d bytes written, want %d", buf.Len(), n.fileBytes())
		}
		m, err := Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		var again bytes.Buffer
		m.Write(&again)
		var first bytes.Buffer
		n.Write(&first)
		if !bytes.Equal(first.Bytes(), again.Bytes()) || m.Hidden != n.Hidden || m.Second != n.Second || m.Buckets != n.Buckets || m.Divisor != n.Divisor {
			t.Errorf("%d×%d: the network read back differs", size[0], size[1])
		}
	}
}

// TestParseErrors checks that Parse refuses what is not a weights file,
// and weights that could overflow.
func TestParseErrors(t *testing.T) {
	n, err := randomModel(t, 4, 2, 1, 9).Quantize(0.03)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	n.Write(&buf)
	good := buf.Bytes()
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	overflow := *n
	overflow.W1 = append([]int16(nil), n.W1...)
	for f := range Inputs {
		overflow.W1[f*n.Hidden] = 2000 // 24 of them pass 32767
	}
	var big bytes.Buffer
	overflow.Write(&big)
	for name, data := range map[string][]byte{
		"empty":       nil,
		"magic":       edit(func(b []byte) []byte { b[0] = 'X'; return b }),
		"version":     edit(func(b []byte) []byte { b[4] = 2; return b }),
		"hidden 0":    edit(func(b []byte) []byte { b[8] = 0; return b }),
		"hidden huge": edit(func(b []byte) []byte { b[11] = 0x7f; return b }),
		"second huge": edit(func(b []byte) []byte { b[12] = 200; return b }),
		"buckets 0":   edit(func(b []byte) []byte { b[16] = 0; return b }),
		"buckets 9":   edit(func(b []byte) []byte { b[16] = 9; return b }),
		"divisor 0":   edit(func(b []byte) []byte { b[20], b[21], b[22], b[23] = 0, 0, 0, 0; return b }),
		"short":       good[:len(good)-1],
		"long":        append(bytes.Clone(good), 0),
		"overflow":    big.Bytes(),
		"too big":     make([]byte, MaxFileBytes+1),
	} {
		if _, err := Parse(data); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", name, err)
		}
	}
	if _, err := Parse(good); err != nil {
		t.Errorf("the good file: %v", err)
	}
}

// TestDefault checks the built-in weights.
func TestDefault(t *testing.T) {
	n := Default()
	if n.Hidden < 1 || n.Divisor < 1 {
		t.Fatalf("the built-in network: %d×%d, divisor %d", n.Hidden, n.Second, n.Divisor)
	}
	start := [2]uint64{1<<12 - 1, (1<<12 - 1) << 24}
	var a Accumulator
	n.Refresh(&a, &start)
	if s := n.Score(&a, 0); s < -40 || s > 40 {
		t.Errorf("the start scores %d for Black: want within half a piece of even", s)
	}
}

// FuzzParse checks that Parse returns a network or an error, and that a
// network it returns evaluates any placement without overflow: its
// integer sums agree with sums in int64.
func FuzzParse(f *testing.F) {
	n, _ := randomModel(f, 4, 2, 1, 10).Quantize(0.03)
	var buf bytes.Buffer
	n.Write(&buf)
	f.Add(buf.Bytes())
	f.Add(defaultWeights)
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := Parse(data)
		if err != nil {
			return
		}
		r := rand.New(rand.NewPCG(uint64(len(data)), 11))
		for range 20 {
			p := randomPlacement(r)
			var a Accumulator
			n.Refresh(&a, &p)
			for view := range 2 {
				for i := range n.Hidden {
					wide := int64(n.B1[i])
					for c := range uint8(2) {
						for b := p[c]; b != 0; b &= b - 1 {
							wide += int64(n.W1[Feature(uint8(view), c, bits.TrailingZeros64(b))*n.Hidden+i])
						}
					}
					if wide != int64(a.V[view][i]) {
						t.Fatalf("unit %d overflowed: %d in 16 bits, %d in 64", i, a.V[view][i], wide)
					}
				}
			}
			n.Score(&a, 0)
		}
	})
}

// BenchmarkNet measures, for networks of several sizes, the output from
// an accumulator (what a searcher pays at each evaluation), the update of
// an accumulator by a move's two squares, and summing one afresh, each
// with the Go kernels and with those of AVX2 where the processor has
// them.
func BenchmarkNet(b *testing.B) {
	for _, size := range [][2]int{{32, 0}, {64, 0}, {128, 0}, {256, 0}, {32, 8}, {64, 16}, {128, 32}, {256, 32}} {
		n, err := randomModel(b, size[0], size[1], 1, 12).Quantize(0.03)
		if err != nil {
			b.Fatal(err)
		}
		r := rand.New(rand.NewPCG(13, 13))
		var placements [64][2]uint64
		for i := range placements {
			placements[i] = randomPlacement(r)
		}
		var a Accumulator
		n.Refresh(&a, &placements[0])
		for _, variant := range kernelVariants() {
			name := func(what string) string { return fmt.Sprintf("%s/%dx%d/kernels=%s", what, size[0], size[1], variant) }
			b.Run(name("output"), func(b *testing.B) {
				setAVX2(b, variant == "avx2")
				var s int32
				for b.Loop() {
					s += n.Output(&a, 0)
				}
				sink = s
			})
			b.Run(name("update"), func(b *testing.B) {
				setAVX2(b, variant == "avx2")
				var c Accumulator
				moved := a.Pieces
				from := bits.TrailingZeros64(moved[0] | 1<<35)
				moved[0] = moved[0]&^(1<<from) | 1<<((from+7)%36)&^moved[1]
				for b.Loop() {
					n.Update(&c, &a, &moved)
				}
			})
			b.Run(name("refresh"), func(b *testing.B) {
				setAVX2(b, variant == "avx2")
				var c Accumulator
				i := 0
				for b.Loop() {
					n.Refresh(&c, &placements[i&63])
					i++
				}
			})
		}
	}
}

// integerNet returns a network of the given sizes with integer weights
// drawn from a seed: no floating point, so the same on every platform.
func integerNet(t *testing.T, hidden, second, buckets int, seed uint64) *Net {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 16))
	ints := func(n, bound int) []int64 {
		s := make([]int64, n)
		for i := range s {
			s[i] = int64(r.IntN(2*bound+1) - bound)
		}
		return s
	}
	n := &Net{Hidden: hidden, Second: second, Buckets: buckets, Divisor: 995}
	for _, v := range ints(Inputs*hidden, 300) {
		n.W1 = append(n.W1, int16(v))
	}
	for _, v := range ints(hidden, 200) {
		n.B1 = append(n.B1, int16(v)+QA/2)
	}
	outputs := 2 * hidden
	if second > 0 {
		for _, v := range ints(2*hidden*second, 8) {
			n.W2 = append(n.W2, int8(v))
		}
		for _, v := range ints(second, 4000) {
			n.B2 = append(n.B2, int32(v))
		}
		outputs = second
	}
	for _, v := range ints(buckets*outputs, 500) {
		n.WO = append(n.WO, int16(v))
	}
	for _, v := range ints(buckets, 10000) {
		n.BO = append(n.BO, int32(v))
	}
	if err := n.check(); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestSameEverywhere checks the integer inference against outputs
// written down from a run on linux/amd64: the same on every platform,
// WebAssembly included (GOOS=js GOARCH=wasm go test, with Go's
// go_js_wasm_exec on the path, runs it there). The network's weights are
// integers drawn from a seed (integerNet), so no floating point enters.
func TestSameEverywhere(t *testing.T) {
	for _, tc := range []struct {
		hidden, second, buckets int
		want                    []int32
	}{
		{32, 0, 1, []int32{-117789, -82594, -93986, -56126, -132060, -159872, 81364, -76763}},
		{16, 4, 1, []int32{-24778, 1926, -25868, 10408, -42352, -20636, 3264, 4308}},
		{16, 4, 3, []int32{-44141, 1134, -26660, 9616, -43144, -21428, 52363, 66774}},
	} {
		n := integerNet(t, tc.hidden, tc.second, tc.buckets, 14)
		r := rand.New(rand.NewPCG(15, 15))
		var got []int32
		for i := range 8 {
			p := randomPlacement(r)
			var a Accumulator
			n.Refresh(&a, &p)
			got = append(got, n.Output(&a, uint8(i&1)))
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%d×%d: outputs %#v, want %v", tc.hidden, tc.second, got, tc.want)
		}
	}
}
