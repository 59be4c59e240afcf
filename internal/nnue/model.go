package nnue

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
)

// Model is the network with real weights, as the trainer fits it: the
// same layers as Net, in float32, all weights in one slice (Params) so
// that an optimizer can treat them alike. Quantize makes the Net.
type Model struct {
	Hidden, Second, Buckets int
	// Params holds every weight; W1, B1, W2, B2, WO and BO are parts of
	// it, in the layout and order of Net's fields.
	Params                 []float32
	W1, B1, W2, B2, WO, BO []float32
}

// NewModel returns a model of the given sizes with weights drawn from r:
// small first-layer weights around a bias of ½, so that the clipped units
// start in their linear part, and the layers above scaled to their fan-in.
func NewModel(hidden, second, buckets int, r *rand.Rand) (*Model, error) {
	if hidden < 1 || hidden > MaxHidden || second < 0 || second > MaxSecond || buckets < 1 || buckets > MaxBuckets {
		return nil, fmt.Errorf("a network of %d×%d with %d output buckets: want 1 to %d hidden units, 0 to %d in the second layer and 1 to %d buckets",
			hidden, second, buckets, MaxHidden, MaxSecond, MaxBuckets)
	}
	m := &Model{Hidden: hidden, Second: second, Buckets: buckets}
	outputs := 2 * hidden
	size := Inputs*hidden + hidden
	if second > 0 {
		outputs = second
		size += 2*hidden*second + second
	}
	m.Params = make([]float32, size+buckets*(outputs+1))
	m.split()
	uniform := func(s []float32, bound float64) {
		for i := range s {
			s[i] = float32((2*r.Float64() - 1) * bound)
		}
	}
	uniform(m.W1, 0.1)
	for i := range m.B1 {
		m.B1[i] = 0.5
	}
	uniform(m.W2, 1/math.Sqrt(float64(2*hidden)))
	uniform(m.WO, 1/math.Sqrt(float64(outputs)))
	return m, nil
}

// split points W1 … WO into Params.
func (m *Model) split() {
	p := m.Params
	take := func(n int) []float32 {
		s := p[:n:n]
		p = p[n:]
		return s
	}
	m.W1 = take(Inputs * m.Hidden)
	m.B1 = take(m.Hidden)
	outputs := 2 * m.Hidden
	if m.Second > 0 {
		m.W2 = take(2 * m.Hidden * m.Second)
		m.B2 = take(m.Second)
		outputs = m.Second
	}
	m.WO = take(m.Buckets * outputs)
	m.BO = take(m.Buckets)
}

// outputs returns the number of inputs of the output layer.
func (m *Model) outputs() int {
	if m.Second > 0 {
		return m.Second
	}
	return 2 * m.Hidden
}

// Trace holds what a forward pass computed, for the backward pass.
type Trace struct {
	features [2][MaxPieces]uint8 // the inputs of each perspective, the side to move's first
	count    int
	bucket   int
	acc      [2 * MaxHidden]float32 // the first layer's sums, the side to move's perspective first
	second   [MaxSecond]float32     // the second layer's sums
}

// Forward returns the model's output, the logit of the win probability of
// side (0 Black, 1 White) to move in the placement pieces, and fills t for
// Backward.
func (m *Model) Forward(pieces *[2]uint64, side uint8, t *Trace) float32 {
	h := m.Hidden
	t.count = 0
	for c := range uint8(2) {
		for b := pieces[c]; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			t.features[0][t.count] = uint8(Feature(side, c, s))
			t.features[1][t.count] = uint8(Feature(side^1, c, s))
			t.count++
		}
	}
	t.bucket = Bucket(m.Buckets, t.count)
	wo := m.WO[t.bucket*m.outputs() : (t.bucket+1)*m.outputs()]
	x := t.acc[:2*h]
	for v := range 2 {
		a := x[v*h : v*h+h]
		copy(a, m.B1)
		for _, f := range t.features[v][:t.count] {
			w := m.W1[int(f)*h : int(f)*h+h]
			for i := range a {
				a[i] += w[i]
			}
		}
	}
	out := m.BO[t.bucket]
	if m.Second == 0 {
		for i, a := range x {
			out += clip01(a) * wo[i]
		}
		return out
	}
	for j := range m.Second {
		s := m.B2[j]
		w := m.W2[j*2*h : (j+1)*2*h]
		for i, a := range x {
			s += clip01(a) * w[i]
		}
		t.second[j] = s
		out += clip01(s) * wo[j]
	}
	return out
}

// Backward adds to grad, laid out as Params, the gradient of a loss
// whose derivative by the output of the forward pass t is dOut.
func (m *Model) Backward(t *Trace, dOut float32, grad []float32) {
	h := m.Hidden
	gw1 := grad[:Inputs*h]
	gb1 := grad[Inputs*h : Inputs*h+h]
	rest := grad[Inputs*h+h:]
	o := m.outputs()
	gbo := grad[len(grad)-m.Buckets:]
	gwo := grad[len(grad)-m.Buckets-m.Buckets*o : len(grad)-m.Buckets][t.bucket*o : (t.bucket+1)*o]
	wo := m.WO[t.bucket*o : (t.bucket+1)*o]
	gbo[t.bucket] += dOut
	x := t.acc[:2*h]
	var dx [2 * MaxHidden]float32
	if m.Second == 0 {
		for i, a := range x {
			if a > 0 && a < 1 {
				gwo[i] += dOut * a
				dx[i] = dOut * wo[i]
			} else if a >= 1 {
				gwo[i] += dOut
			}
		}
	} else {
		gw2 := rest[:2*h*m.Second]
		gb2 := rest[2*h*m.Second : 2*h*m.Second+m.Second]
		for j := range m.Second {
			s := t.second[j]
			gwo[j] += dOut * clip01(s)
			if s <= 0 || s >= 1 {
				continue
			}
			ds := dOut * wo[j]
			gb2[j] += ds
			w := m.W2[j*2*h : (j+1)*2*h]
			g := gw2[j*2*h : (j+1)*2*h]
			for i, a := range x {
				g[i] += ds * clip01(a)
				if a > 0 && a < 1 {
					dx[i] += ds * w[i]
				}
			}
		}
	}
	for v := range 2 {
		d := dx[v*h : v*h+h]
		for i, g := range d {
			gb1[i] += g
		}
		for _, f := range t.features[v][:t.count] {
			g := gw1[int(f)*h : int(f)*h+h]
			for i, dv := range d {
				g[i] += dv
			}
		}
	}
}

func clip01(x float32) float32 { return min(max(x, 0), 1) }

// Clamp keeps the weights where Quantize can represent them: the second
// layer's within ±127/QB, the first layer's within ±Limit1.
func (m *Model) Clamp() {
	for i, w := range m.W1 {
		m.W1[i] = min(max(w, -Limit1), Limit1)
	}
	for i, w := range m.B1 {
		m.B1[i] = min(max(w, -Limit1), Limit1)
	}
	for i, w := range m.W2 {
		m.W2[i] = min(max(w, -127.0/QB), 127.0/QB)
	}
}

// Limit1 bounds the first layer's weights and biases, so that no sum of
// a bias and MaxPieces weights leaves int16 in 1/QA steps:
// (1 + MaxPieces)·Limit1·QA < 32768.
const Limit1 = 10

// ErrOverflow is returned by Quantize for weights the integer network
// cannot hold.
var ErrOverflow = errors.New("the weights do not fit the integer network")

// Quantize returns the integer network of m whose outputs, divided by
// Divisor, are scores in points when k is the slope of the win
// probability per point.
func (m *Model) Quantize(k float64) (*Net, error) {
	if !(k > 0) || QA*QO*k < 1 || QA*QO*k > math.MaxInt32 {
		return nil, fmt.Errorf("scale %g per point: want a positive slope", k)
	}
	n := &Net{Hidden: m.Hidden, Second: m.Second, Buckets: m.Buckets, Divisor: int32(math.Round(QA * QO * k))}
	var err error
	n.W1 = quantize[int16](m.W1, QA, math.MinInt16, math.MaxInt16, &err)
	n.B1 = quantize[int16](m.B1, QA, math.MinInt16, math.MaxInt16, &err)
	if m.Second > 0 {
		n.W2 = quantize[int8](m.W2, QB, math.MinInt8, math.MaxInt8, &err)
		n.B2 = quantize[int32](m.B2, QA*QB, math.MinInt32, math.MaxInt32, &err)
	}
	n.WO = quantize[int16](m.WO, QO, math.MinInt16, math.MaxInt16, &err)
	n.BO = quantize[int32](m.BO, QA*QO, math.MinInt32, math.MaxInt32, &err)
	if err != nil {
		return nil, err
	}
	if err := n.check(); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrOverflow, err)
	}
	return n, nil
}

// quantize returns the weights ws in steps of 1/scale, rounded, as
// integers within [lo, hi], the range of T; a weight beyond it is clamped
// and sets *err to an error wrapping ErrOverflow.
func quantize[T int8 | int16 | int32](ws []float32, scale float64, lo, hi int64, err *error) []T {
	q := make([]T, len(ws))
	for i, w := range ws {
		v := int64(math.Round(float64(w) * scale))
		if (v < lo || v > hi) && *err == nil {
			*err = fmt.Errorf("%w: %g", ErrOverflow, w)
		}
		q[i] = T(min(max(v, lo), hi))
	}
	return q
}
