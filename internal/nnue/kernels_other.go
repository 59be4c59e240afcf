//go:build !amd64 || purego

package nnue

// hasAVX2 reports whether the kernels of AVX2 can run: not on this
// architecture, whose kernels are the Go ones.
const hasAVX2 = false

func update(v, from, w []int16, add, sub []int32) { updateGo(v, from, w, add, sub) }
func clip(x []uint8, v []int16)                   { clipGo(x, v) }
func dotClipped(v, w []int16) int32               { return dotClippedGo(v, w) }
func dot8(x []uint8, w []int8) int32              { return dot8Go(x, w) }
