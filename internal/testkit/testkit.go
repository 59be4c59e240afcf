// Package testkit holds what the tests of several of the module's
// packages share and no program needs: a long game of repeated
// positions, and the bytes a call allocates. It is imported by tests
// only.
package testkit

import (
	"runtime"

	"github.com/surakarta-go/surakarta"
)

// Shuffle returns n plies in which both sides step out and back, a2a3
// a5a4 a3a2 a4a5 and again: the start recurs every four plies, so that a
// game as long as a test wants is legal under rules without a repetition
// limit.
func Shuffle(n int) []surakarta.Move {
	cycle := []surakarta.Move{
		surakarta.NewMove(surakarta.A2, surakarta.A3), surakarta.NewMove(surakarta.A5, surakarta.A4),
		surakarta.NewMove(surakarta.A3, surakarta.A2), surakarta.NewMove(surakarta.A4, surakarta.A5),
	}
	moves := make([]surakarta.Move, n)
	for i := range moves {
		moves[i] = cycle[i%4]
	}
	return moves
}

// Allocated returns the bytes the process allocated while f ran, after a
// collection: f's own, and whatever another goroutine allocated
// meanwhile.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
