package nnue

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// The weights file: the magic, the version, then little-endian integers:
// Hidden, Second, Buckets and Divisor (uint32, uint32, uint32, int32), W1
// and B1 (int16), then with a second layer W2 (int8) and B2 (int32), then
// WO (int16) and BO (int32). Nothing may follow.
const (
	magic   = "SKNN"
	version = 1
)

// MaxFileBytes bounds a weights file: the largest network's.
const MaxFileBytes = headerBytes + 2*(Inputs*MaxHidden+MaxHidden) + 2*MaxHidden*MaxSecond + 4*MaxSecond + MaxBuckets*(2*2*MaxHidden+4)

// headerBytes is the size of the header: magic, version and the sizes.
const headerBytes = 24

// ErrFormat is wrapped by the errors of Read for a file that is not a
// weights file of this package or whose weights could overflow the
// integer inference.
var ErrFormat = errors.New("not a network weights file")

// Read reads a weights file as Write writes it, checking its sizes and
// that no placement of at most MaxPieces pieces can overflow the integer
// sums.
func Read(r io.Reader) (*Net, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	return Parse(data)
}

// Parse reads the weights file data (see Read).
func Parse(data []byte) (*Net, error) {
	bad := func(format string, args ...any) (*Net, error) {
		return nil, fmt.Errorf("%w: "+format, append([]any{ErrFormat}, args...)...)
	}
	if len(data) > MaxFileBytes {
		return bad("longer than the largest network's %d bytes", MaxFileBytes)
	}
	if len(data) < headerBytes || string(data[:4]) != magic {
		return bad("it does not start with %q", magic)
	}
	if v := binary.LittleEndian.Uint32(data[4:]); v != version {
		return bad("version %d: this package reads version %d", v, version)
	}
	hidden, second, buckets := binary.LittleEndian.Uint32(data[8:]), binary.LittleEndian.Uint32(data[12:]), binary.LittleEndian.Uint32(data[16:])
	n := &Net{Divisor: int32(binary.LittleEndian.Uint32(data[20:]))}
	switch {
	case hidden < 1 || hidden > MaxHidden:
		return bad("%d hidden units: want 1 to %d", hidden, MaxHidden)
	case second > MaxSecond:
		return bad("%d second-layer units: want 0 to %d", second, MaxSecond)
	case buckets < 1 || buckets > MaxBuckets:
		return bad("%d output buckets: want 1 to %d", buckets, MaxBuckets)
	case n.Divisor < 1:
		return bad("divisor %d: want 1 or more", n.Divisor)
	}
	n.Hidden, n.Second, n.Buckets = int(hidden), int(second), int(buckets)
	if want := n.fileBytes(); len(data) != want {
		return bad("%d bytes: a network of %d×%d with %d output buckets has %d", len(data), n.Hidden, n.Second, n.Buckets, want)
	}
	d := decoder{data: data[headerBytes:]}
	n.W1 = d.int16s(Inputs * n.Hidden)
	n.B1 = d.int16s(n.Hidden)
	outputs := 2 * n.Hidden
	if n.Second > 0 {
		n.W2 = d.int8s(2 * n.Hidden * n.Second)
		n.B2 = d.int32s(n.Second)
		outputs = n.Second
	}
	n.WO = d.int16s(n.Buckets * outputs)
	n.BO = d.int32s(n.Buckets)
	if err := n.check(); err != nil {
		return bad("%v", err)
	}
	return n, nil
}

// fileBytes returns the size of n's weights file.
func (n *Net) fileBytes() int {
	size := headerBytes + 2*(Inputs*n.Hidden+n.Hidden) + 4*n.Buckets
	if n.Second > 0 {
		return size + 2*n.Hidden*n.Second + 4*n.Second + 2*n.Buckets*n.Second
	}
	return size + 2*n.Buckets*2*n.Hidden
}

// check reports whether some placement of at most MaxPieces pieces could
// overflow n's integer sums: a first-layer sum beyond int16 (its bias and
// the MaxPieces largest weights of the unit, all of one sign) or an
// output or second-layer sum beyond int32.
func (n *Net) check() error {
	for i := range n.Hidden {
		var col [Inputs]int64
		for f := range Inputs {
			col[f] = int64(n.W1[f*n.Hidden+i])
		}
		hi, lo := largest(col[:], 1), largest(col[:], -1)
		b := int64(n.B1[i])
		if b+hi > math.MaxInt16 || b-lo < math.MinInt16 {
			return fmt.Errorf("the first layer's unit %d can overflow 16 bits", i)
		}
	}
	outputs := len(n.WO) / n.Buckets
	for b := range n.Buckets {
		bound := int64(math.Abs(float64(n.BO[b])))
		for _, w := range n.WO[b*outputs : (b+1)*outputs] {
			bound += QA * int64(math.Abs(float64(w)))
		}
		if bound > math.MaxInt32 {
			return fmt.Errorf("the output of bucket %d can overflow 32 bits", b)
		}
	}
	for j := range n.Second {
		b := int64(math.Abs(float64(n.B2[j])))
		for _, w := range n.W2[j*2*n.Hidden : (j+1)*2*n.Hidden] {
			b += QA * int64(math.Abs(float64(w)))
		}
		if b > math.MaxInt32 {
			return fmt.Errorf("the second layer's unit %d can overflow 32 bits", j)
		}
	}
	return nil
}

// largest returns the sum of the MaxPieces largest of sign·w that are
// positive.
func largest(w []int64, sign int64) int64 {
	var top [MaxPieces]int64
	for _, v := range w {
		v *= sign
		if v <= top[MaxPieces-1] {
			continue
		}
		i := MaxPieces - 1
		for i > 0 && top[i-1] < v {
			top[i] = top[i-1]
			i--
		}
		top[i] = v
	}
	var s int64
	for _, v := range top {
		s += v
	}
	return s
}

// Write writes n as a weights file for Read.
func (n *Net) Write(w io.Writer) error {
	buf := make([]byte, 0, n.fileBytes())
	buf = append(buf, magic...)
	buf = binary.LittleEndian.AppendUint32(buf, version)
	buf = binary.LittleEndian.AppendUint32(buf, uint32(n.Hidden))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(n.Second))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(n.Buckets))
	buf = binary.LittleEndian.AppendUint32(buf, uint32(n.Divisor))
	for _, s := range [][]int16{n.W1, n.B1} {
		for _, v := range s {
			buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
		}
	}
	if n.Second > 0 {
		for _, v := range n.W2 {
			buf = append(buf, byte(v))
		}
		for _, v := range n.B2 {
			buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
		}
	}
	for _, v := range n.WO {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(v))
	}
	for _, v := range n.BO {
		buf = binary.LittleEndian.AppendUint32(buf, uint32(v))
	}
	_, err := w.Write(buf)
	return err
}

// decoder reads little-endian integers from data, which must hold them.
type decoder struct{ data []byte }

func (d *decoder) int16s(n int) []int16 {
	s := make([]int16, n)
	for i := range s {
		s[i] = int16(binary.LittleEndian.Uint16(d.data[2*i:]))
	}
	d.data = d.data[2*n:]
	return s
}

func (d *decoder) int8s(n int) []int8 {
	s := make([]int8, n)
	for i := range s {
		s[i] = int8(d.data[i])
	}
	d.data = d.data[n:]
	return s
}

func (d *decoder) int32s(n int) []int32 {
	s := make([]int32, n)
	for i := range s {
		s[i] = int32(binary.LittleEndian.Uint32(d.data[4*i:]))
	}
	d.data = d.data[4*n:]
	return s
}
