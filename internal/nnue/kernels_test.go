package nnue

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// needAVX2 skips a comparison of the kernels of AVX2 with the Go kernels
// where there are none to compare, and turns them on for the rest of the
// test.
func needAVX2(tb testing.TB) {
	tb.Helper()
	if !hasAVX2 {
		tb.Skip("no kernels of AVX2 here (another architecture, a processor without AVX2 or the build tag purego): only the Go kernels run")
	}
	setAVX2(tb, true)
}

// setAVX2 turns the kernels of AVX2 on or off until the end of the test.
func setAVX2(tb testing.TB, on bool) {
	old := useAVX2
	useAVX2 = on
	tb.Cleanup(func() { useAVX2 = old })
}

// extremes are the values the kernels' tests mix into random vectors: the
// ends of int16, the ends of the clip and their neighbours.
var extremes = []int16{math.MaxInt16, math.MinInt16, math.MaxInt16 - 1, math.MinInt16 + 1, 0, 1, -1, QA, QA + 1, QA - 1, 128, -128, 255, 256}

// fill fills v by one of several kinds: uniform over int16, extremes only,
// a mix of both, or small values around the clip.
func fill(r *rand.Rand, kind int, v []int16) {
	for i := range v {
		switch {
		case kind == 0 || kind == 2 && r.IntN(2) == 0:
			v[i] = int16(r.Uint32())
		case kind == 1 || kind == 2:
			v[i] = extremes[r.IntN(len(extremes))]
		default:
			v[i] = int16(r.IntN(3*QA) - QA)
		}
	}
}

const fillKinds = 4

// guard is the number of elements after each vector that the kernels must
// leave alone, and the value they hold.
const (
	guard     = 40
	guardWord = 0x5a5a
)

// vectors returns a vector of n int16 that starts off elements into a
// slice holding guard elements after it, set to guardWord.
func vectors(n, off int) (v, all []int16) {
	all = make([]int16, off+n+guard)
	for i := range all {
		all[i] = guardWord
	}
	return all[off : off+n], all
}

// TestKernels compares each kernel of AVX2 with its Go kernel on vectors
// of every length up to MaxHidden (2·MaxHidden for clip and dot8, which
// see both perspectives' units), filled with random and extreme values,
// at several alignments, and checks that they write nothing past the
// vector's end. update adds and takes away up to Inputs rows in all,
// at any offsets, into another vector and in place.
func TestKernels(t *testing.T) {
	needAVX2(t)
	r := rand.New(rand.NewPCG(20, 20))
	w := make([]int16, 2*MaxHidden)
	w8 := make([]int8, 2*MaxHidden)
	table := make([]int16, 8*MaxHidden)
	var rows [Inputs]int32
	for n := 1; n <= 2*MaxHidden; n++ {
		for kind := range fillKinds {
			off := r.IntN(16)
			fill(r, kind, w[:n])
			fill(r, kind, table)
			for i := range w8[:n] {
				w8[i] = int8(r.Uint32())
				if kind == 1 {
					w8[i] = []int8{math.MinInt8, math.MaxInt8, 0, -1, 1}[r.IntN(5)]
				}
			}
			x := make([]uint8, n+guard)
			wantX := make([]uint8, n+guard)
			for i := range x {
				x[i], wantX[i] = 0xa5, 0xa5
			}
			where := func(kernel string) string {
				return fmt.Sprintf("%s, %d elements, fill %d, offset %d", kernel, n, kind, off)
			}
			if n <= MaxHidden {
				added := r.IntN(5)
				k := added + r.IntN(5)
				if r.IntN(8) == 0 {
					k = r.IntN(Inputs + 1)
					added = r.IntN(k + 1)
				}
				for i := range rows[:k] {
					rows[i] = int32(r.IntN(len(table) - n + 1))
				}
				add, sub := rows[:added], rows[added:k]
				from := make([]int16, n)
				fill(r, kind, from)
				a, aAll := vectors(n, off)
				want, wantAll := vectors(n, off)
				update(a, from, table, add, sub)
				updateGo(want, from, table, add, sub)
				if !slices.Equal(aAll, wantAll) {
					t.Fatalf("%s, %d rows added and %d taken away: %v, want %v", where("update"), len(add), len(sub), aAll, wantAll)
				}
				update(a, a, table, sub, add)
				updateGo(want, want, table, sub, add)
				if !slices.Equal(aAll, wantAll) || !slices.Equal(a, from) {
					t.Fatalf("%s in place, %d rows added and %d taken away: %v, want %v", where("update"), len(sub), len(add), aAll, wantAll)
				}
				if got, want := dotClipped(a, w[:n]), dotClippedGo(a, w[:n]); got != want {
					t.Fatalf("%s: %d, want %d", where("dotClipped"), got, want)
				}
			}
			v := make([]int16, n)
			fill(r, kind, v)
			clip(x[:n], v)
			clipGo(wantX[:n], v)
			if !slices.Equal(x, wantX) {
				t.Fatalf("%s: %v, want %v", where("clip"), x, wantX)
			}
			if got, want := dot8(x[:n], w8[:n]), dot8Go(x[:n], w8[:n]); got != want {
				t.Fatalf("%s: %d, want %d", where("dot8"), got, want)
			}
		}
	}
}

// TestKernelsExtremeDots checks the dot products where their pairs of
// products are largest: units at the clip's top against weights at the
// ends of their range, where a saturating sum of a pair would show.
func TestKernelsExtremeDots(t *testing.T) {
	needAVX2(t)
	for _, n := range []int{16, 64, 256, 2 * MaxHidden} {
		x := make([]uint8, n)
		v := make([]int16, n)
		for i := range x {
			x[i], v[i] = QA, math.MaxInt16
		}
		for _, w := range []int16{math.MinInt16, math.MaxInt16} {
			ws := slices.Repeat([]int16{w}, n)
			if got, want := dotClipped(v, ws), dotClippedGo(v, ws); got != want {
				t.Errorf("dotClipped of %d units at %d by %d: %d, want %d", n, math.MaxInt16, w, got, want)
			}
		}
		for _, w := range []int8{math.MinInt8, math.MaxInt8} {
			ws := slices.Repeat([]int8{w}, n)
			want := int32(n) * QA * int32(w)
			if got := dot8(x, ws); got != want || dot8Go(x, ws) != want {
				t.Errorf("dot8 of %d inputs at %d by %d: %d (Go %d), want %d", n, QA, w, got, dot8Go(x, ws), want)
			}
		}
	}
}

// wideNet returns a network of the given sizes whose weights spread over
// as much of their ranges as the check of overflow lets them, so that
// units fall far beyond both ends of their clips; with checked false its
// first layer's weights take any int16, wrapping the sums, and the check
// is not made.
func wideNet(t *testing.T, hidden, second, buckets int, seed uint64, checked bool) *Net {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 21))
	n := &Net{Hidden: hidden, Second: second, Buckets: buckets, Divisor: 1000}
	w1, b1 := 1300, 1500 // a bias and 24 weights stay within int16
	if !checked {
		w1, b1 = math.MaxInt16, math.MaxInt16
	}
	for range Inputs * hidden {
		n.W1 = append(n.W1, int16(r.IntN(2*w1+1)-w1))
	}
	for range hidden {
		n.B1 = append(n.B1, int16(r.IntN(2*b1+1)-b1))
	}
	outputs := 2 * hidden
	if second > 0 {
		for range 2 * hidden * second {
			n.W2 = append(n.W2, int8(r.Uint32()))
		}
		for range second {
			n.B2 = append(n.B2, int32(r.IntN(200001)-100000))
		}
		outputs = second
	}
	for range buckets * outputs {
		n.WO = append(n.WO, int16(r.IntN(40001)-20000))
	}
	for range buckets {
		n.BO = append(n.BO, int32(r.IntN(2000001)-1000000))
	}
	if err := n.check(); checked && err != nil {
		t.Fatal(err)
	}
	return n
}

// TestNetAVX2MatchesGo checks that Refresh, Update and Output give the
// same accumulators and outputs with the kernels of AVX2 as with the Go
// kernels, for networks of many sizes, those whose units are not a
// multiple of the kernels' 16 included, and for weights whose sums wrap.
func TestNetAVX2MatchesGo(t *testing.T) {
	needAVX2(t)
	sizes := [][2]int{{1, 0}, {1, 1}, {7, 3}, {15, 0}, {16, 0}, {17, 5}, {31, 0}, {32, 8}, {33, 64},
		{48, 16}, {64, 0}, {64, 32}, {100, 7}, {128, 0}, {128, 32}, {200, 0}, {255, 64}, {256, 0}, {256, 64}}
	for i, size := range sizes {
		for _, checked := range []bool{true, false} {
			n := wideNet(t, size[0], size[1], 1+i%MaxBuckets, uint64(22+i), checked)
			r := rand.New(rand.NewPCG(23, uint64(i)))
			var goAcc, avxAcc, goFrom, avxFrom Accumulator
			p := randomPlacement(r)
			useAVX2 = false
			n.Refresh(&goFrom, &p)
			useAVX2 = true
			n.Refresh(&avxFrom, &p)
			for range 200 {
				q := randomPlacement(r)
				if r.IntN(2) == 0 {
					from, to := r.IntN(Squares), r.IntN(Squares)
					q = p
					q[r.IntN(2)] ^= 1<<from | 1<<to
					q[0] &^= q[1]
				}
				useAVX2 = false
				n.Update(&goAcc, &goFrom, &q)
				useAVX2 = true
				n.Update(&avxAcc, &avxFrom, &q)
				if goAcc != avxAcc {
					t.Fatalf("%d×%d (checked %t): the updates from %x to %x differ", size[0], size[1], checked, p, q)
				}
				useAVX2 = false
				n.Refresh(&goFrom, &q)
				useAVX2 = true
				n.Refresh(&avxFrom, &q)
				if goFrom != avxFrom || goFrom != goAcc {
					t.Fatalf("%d×%d (checked %t): the sums of %x differ", size[0], size[1], checked, q)
				}
				for side := range uint8(2) {
					useAVX2 = false
					want := n.Output(&goAcc, side)
					useAVX2 = true
					if got := n.Output(&avxAcc, side); got != want {
						t.Fatalf("%d×%d (checked %t): the output of %x for side %d is %d, want %d", size[0], size[1], checked, q, side, got, want)
					}
				}
				p = q
			}
		}
	}
}

// TestOffBoardPanics checks that Refresh and Update refuse a piece beyond
// the board's squares, whose input has no weights for the kernels to
// read, with either kind of kernels.
func TestOffBoardPanics(t *testing.T) {
	n := wideNet(t, 32, 0, 1, 25, true)
	start := [2]uint64{1<<12 - 1, (1<<12 - 1) << 24}
	for _, avx := range []bool{false, hasAVX2} {
		setAVX2(t, avx)
		for _, bad := range [][2]uint64{{1 << Squares, 0}, {0, 1 << 63}, {^uint64(0), ^uint64(0)}} {
			var a, good Accumulator
			n.Refresh(&good, &start)
			for name, f := range map[string]func(){
				"Refresh":            func() { n.Refresh(&a, &bad) },
				"Update to it":       func() { n.Update(&a, &good, &bad) },
				"Update from it":     func() { from := good; from.Pieces = bad; n.Update(&a, &from, &start) },
				"Update in place to": func() { n.Update(&good, &good, &bad) },
			} {
				func() {
					defer func() {
						if recover() == nil {
							t.Errorf("%s %x (AVX2 %t): no panic", name, bad, avx)
						}
					}()
					f()
				}()
			}
		}
	}
}

// FuzzKernels feeds arbitrary bytes to the kernels as vectors: the first
// half as the units (int16, and bytes within [0, QA] for dot8), the
// second as the weights (int16, and int8 for dot8), and compares the
// kernels of AVX2 with the Go kernels. update's rows are parts of both
// halves, at offsets from the first bytes.
func FuzzKernels(f *testing.F) {
	f.Add(make([]byte, 64))
	f.Add(slices.Repeat([]byte{0xff, 0x7f}, 128))
	f.Add(slices.Repeat([]byte{0x00, 0x80, 0x7f, 0x00}, 200))
	f.Fuzz(func(t *testing.T, data []byte) {
		needAVX2(t)
		n := min(len(data)/4, 2*MaxHidden)
		v, w := make([]int16, n), make([]int16, n)
		x, w8 := make([]uint8, n), make([]int8, n)
		for i := range n {
			v[i] = int16(binary.LittleEndian.Uint16(data[2*i:]))
			w[i] = int16(binary.LittleEndian.Uint16(data[2*n+2*i:]))
			x[i] = data[2*i] % (QA + 1)
			w8[i] = int8(data[2*n+2*i])
		}
		table := append(slices.Clone(v), w...)
		var rows []int32
		for _, b := range data[:min(len(data), 8)] {
			rows = append(rows, int32(int(b)%(n+1)))
		}
		added := len(rows) / 2
		a, want := make([]int16, n), make([]int16, n)
		update(a, w, table, rows[:added], rows[added:])
		updateGo(want, w, table, rows[:added], rows[added:])
		if !slices.Equal(a, want) {
			t.Fatalf("update: %v, want %v", a, want)
		}
		update(a, a, table, rows[added:], rows[:added])
		updateGo(want, want, table, rows[added:], rows[:added])
		if !slices.Equal(a, want) || !slices.Equal(a, w) {
			t.Fatalf("update in place: %v, want %v", a, want)
		}
		if got, want := dotClipped(v, w), dotClippedGo(v, w); got != want {
			t.Fatalf("dotClipped: %d, want %d", got, want)
		}
		c, wantC := make([]uint8, n), make([]uint8, n)
		clip(c, v)
		clipGo(wantC, v)
		if !slices.Equal(c, wantC) {
			t.Fatalf("clip: %v, want %v", c, wantC)
		}
		if got, want := dot8(x, w8), dot8Go(x, w8); got != want {
			t.Fatalf("dot8: %d, want %d", got, want)
		}
	})
}

// kernelVariants are the kinds of kernels a benchmark compares: Go's, and
// AVX2's where the processor has them.
func kernelVariants() []string {
	if hasAVX2 {
		return []string{"go", "avx2"}
	}
	return []string{"go"}
}

// BenchmarkKernels measures each kernel on vectors of 16 to 512 elements,
// the Go kernel against the kernel of AVX2 (with its Go tail, none at
// these lengths). update adds a row and takes one away into another
// vector, as Update does for each perspective after a move.
func BenchmarkKernels(b *testing.B) {
	r := rand.New(rand.NewPCG(24, 24))
	for _, n := range []int{16, 64, 128, 256, 512} {
		v, w := make([]int16, n), make([]int16, n)
		fill(r, 3, v)
		fill(r, 3, w)
		x, w8 := make([]uint8, n), make([]int8, n)
		clipGo(x, v)
		for i := range w8 {
			w8[i] = int8(r.Uint32())
		}
		run := func(kernel string, f func() int32) {
			for _, variant := range kernelVariants() {
				b.Run(fmt.Sprintf("%s/n=%d/kernels=%s", kernel, n, variant), func(b *testing.B) {
					setAVX2(b, variant == "avx2")
					var s int32
					for b.Loop() {
						s += f()
					}
					sink = s
				})
			}
		}
		table := append(slices.Clone(v), w...)
		rows := []int32{0, int32(n)}
		from := slices.Clone(v)
		run("update", func() int32 { update(v, from, table, rows[:1], rows[1:]); return 0 })
		run("clip", func() int32 { clip(x, v); return int32(x[0]) })
		run("dotClipped", func() int32 { return dotClipped(v, w) })
		run("dot8", func() int32 { return dot8(x, w8) })
	}
}

// sink keeps the benchmarks' results alive.
var sink int32
