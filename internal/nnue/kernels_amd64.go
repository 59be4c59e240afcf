//go:build !purego

package nnue

// hasAVX2 reports whether the processor has AVX2 and the operating system
// saves the YMM registers across context switches: whether the kernels of
// kernels_amd64.s can run. It is a fact about the machine, found once.
var hasAVX2 = cpuHasAVX2()

// cpuHasAVX2 asks the processor: CPUID leaf 1 tells whether it has AVX
// and whether the operating system has turned on XSAVE (OSXSAVE), which
// XGETBV needs; XCR0 bits 1 and 2 whether the system saves the XMM and
// YMM registers; leaf 7 whether the processor has AVX2 (EBX bit 5).
func cpuHasAVX2() bool {
	if maxLeaf, _, _, _ := cpuid(0, 0); maxLeaf < 7 {
		return false
	}
	const osxsave, avx = 1 << 27, 1 << 28
	if _, _, ecx, _ := cpuid(1, 0); ecx&osxsave == 0 || ecx&avx == 0 {
		return false
	}
	if xcr0, _ := xgetbv(); xcr0&6 != 6 {
		return false
	}
	_, ebx, _, _ := cpuid(7, 0)
	return ebx&(1<<5) != 0
}

// cpuid returns the registers of CPUID for leaf and subleaf (EAX, ECX).
func cpuid(leaf, subleaf uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0, the state components the operating system saves;
// only to be called when CPUID says OSXSAVE.
func xgetbv() (eax, edx uint32)

// The kernels of AVX2 compute the first len&^15 elements of their first
// slice, which the others must be as long as (update's rows: from each
// offset on); the wrappers below give the rest to the Go kernels. They
// are only to be called when hasAVX2.

//go:noescape
func updateAVX2(v, from, w []int16, add, sub []int32)

//go:noescape
func clipAVX2(x []uint8, v []int16)

//go:noescape
func dotClippedAVX2(v, w []int16) int32

//go:noescape
func dot8AVX2(x []uint8, w []int8) int32

// update sets v to from plus the rows of w that start at the offsets add,
// minus those at sub, len(v) elements of each; v may be from. Every
// offset o must have o+len(v) <= len(w): the assembly does not check.
func update(v, from, w []int16, add, sub []int32) {
	if useAVX2 && len(v) >= 16 {
		n := len(v) &^ 15
		updateAVX2(v[:n], from[:n], w, add, sub)
		v, from, w = v[n:], from[n:], w[n:]
	}
	updateGo(v, from, w, add, sub)
}

// clip sets x to the units v clipped to [0, QA].
func clip(x []uint8, v []int16) {
	if useAVX2 && len(x) >= 16 {
		n := len(x) &^ 15
		clipAVX2(x[:n], v[:n])
		x, v = x[n:], v[n:]
	}
	clipGo(x, v)
}

// dotClipped returns the dot product of the units v, clipped to [0, QA],
// and the weights w.
func dotClipped(v, w []int16) int32 {
	var s int32
	if useAVX2 && len(v) >= 16 {
		n := len(v) &^ 15
		s = dotClippedAVX2(v[:n], w[:n])
		v, w = v[n:], w[n:]
	}
	return s + dotClippedGo(v, w)
}

// dot8 returns the dot product of x and w, for x within [0, QA]: clip's
// units. Its assembly multiplies pairs of bytes with VPMADDUBSW, whose
// sums of two products saturate at int16: with x at most 127 and w within
// −128…127 a pair's sum lies within −32,512…32,258, which int16 holds, so
// the sums are exact. A QA above 127 would break that: the condition on
// QA gives such a network to the Go kernel.
func dot8(x []uint8, w []int8) int32 {
	var s int32
	if QA <= 127 && useAVX2 && len(x) >= 16 {
		n := len(x) &^ 15
		s = dot8AVX2(x[:n], w[:n])
		x, w = x[n:], w[n:]
	}
	return s + dot8Go(x, w)
}
