package nnue

// The kernels of the inference: the loops over a layer's units that take
// most of its time. update, clip, dotClipped and dot8 are defined for
// each architecture: on amd64 they run the assembly of kernels_amd64.s
// on the first len&^15 elements and the Go kernels below on the rest when
// the processor has AVX2, and the Go kernels alone when it has not
// (kernels_amd64.go); on other architectures, WebAssembly included, and
// with the build tag purego, they are the Go kernels (kernels_other.go),
// which is how the speed of the Go kernels in a whole search is measured
// on amd64. Both compute the same integers for every
// input: the sums of int16 wrap as Go's do and the dot products add up
// exact products in int32, whose wrapping sum does not depend on the
// order.

// useAVX2 selects the kernels of AVX2 where the processor has them
// (hasAVX2). The package's tests turn it off and on, never in parallel,
// to compare the two kinds of kernels.
var useAVX2 = hasAVX2

// addRowGo adds the weights w to the sums v: v[i] += w[i]. It adds four
// sums a step: a loop of one sum a step, six instructions, took half as
// long again on amd64 in a build where it straddled a 64-byte boundary
// of the code, where four a step depend less on where the loop lies and
// take fewer steps on every platform.
func addRowGo(v, w []int16) {
	w = w[:len(v)]
	i := 0
	for ; i <= len(v)-4; i += 4 {
		s, t := v[i:i+4:i+4], w[i:i+4:i+4]
		s[0] += t[0]
		s[1] += t[1]
		s[2] += t[2]
		s[3] += t[3]
	}
	for ; i < len(v); i++ {
		v[i] += w[i]
	}
}

// subRowGo takes the weights w from the sums v: v[i] -= w[i], four a
// step as addRowGo adds them.
func subRowGo(v, w []int16) {
	w = w[:len(v)]
	i := 0
	for ; i <= len(v)-4; i += 4 {
		s, t := v[i:i+4:i+4], w[i:i+4:i+4]
		s[0] -= t[0]
		s[1] -= t[1]
		s[2] -= t[2]
		s[3] -= t[3]
	}
	for ; i < len(v); i++ {
		v[i] -= w[i]
	}
}

// updateGo sets v to from plus the rows of w that start at the offsets
// add, minus those at sub, len(v) elements of each; v may be from.
func updateGo(v, from, w []int16, add, sub []int32) {
	if len(v) == 0 {
		return
	}
	if &v[0] != &from[0] {
		copy(v, from[:len(v)])
	}
	for _, o := range add {
		addRowGo(v, w[o:])
	}
	for _, o := range sub {
		subRowGo(v, w[o:])
	}
}

// clipGo sets x to the units v clipped to [0, QA].
func clipGo(x []uint8, v []int16) {
	v = v[:len(x)]
	for i, s := range v {
		x[i] = uint8(min(max(s, 0), QA))
	}
}

// dotClippedGo returns the dot product of the units v, clipped to
// [0, QA], and the weights w.
func dotClippedGo(v, w []int16) int32 {
	w = w[:len(v)]
	var s int32
	for i, x := range v {
		s += int32(min(max(x, 0), QA)) * int32(w[i])
	}
	return s
}

// dot8Go returns the dot product of x and w.
func dot8Go(x []uint8, w []int8) int32 {
	w = w[:len(x)]
	var s int32
	for i, v := range x {
		s += int32(v) * int32(w[i])
	}
	return s
}
