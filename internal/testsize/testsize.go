// Package testsize is what the module's tests share to pick how much
// they do: the size of a long check, and whether a check of real time
// runs. It is imported by tests only.
//
// The long checks (differential tests, the tables' solvers, the searchers'
// settings) run at a reduced size by default, so that go test ./... stays
// quick; with the environment variable SURAKARTA_FULL=1 at their full
// size, as CI runs them; with -short smaller still, whatever the variable
// says. The checks of how long things take on the real clock pass or fail
// with the machine's speed and load, so that they run only with
// SURAKARTA_REALTIME=1; the logic they cover is tested on fake time. A
// test whose check of the real clock is one part of it checks the rest
// always, and the time only with the variable (RealTimeWithin).
package testsize

import (
	"os"
	"testing"
	"time"
)

// The environment variables that set how much the tests do.
const (
	FullEnv     = "SURAKARTA_FULL"
	RealTimeEnv = "SURAKARTA_REALTIME"
)

// Sized returns the size of a long check: short with -short, full with
// SURAKARTA_FULL=1, else reduced.
func Sized[T any](full, reduced, short T) T {
	switch {
	case testing.Short():
		return short
	case os.Getenv(FullEnv) == "1":
		return full
	}
	return reduced
}

// RealTime skips t unless SURAKARTA_REALTIME is 1: t checks how long
// something takes on the real clock.
func RealTime(t testing.TB) {
	t.Helper()
	if os.Getenv(RealTimeEnv) != "1" {
		t.Skipf("a check of how long things take on the real clock, which depends on the machine's load: %s=1 runs it", RealTimeEnv)
	}
}

// RealTimeOn reports whether SURAKARTA_REALTIME is 1, for a test whose
// check of real time is a part of it: without it the test runs and only
// logs what the real clock says.
func RealTimeOn() bool { return os.Getenv(RealTimeEnv) == "1" }

// RealTimeWithin checks d, how long what took on the real clock, against
// bound: more is an error with SURAKARTA_REALTIME=1, and without it only
// a line in the log, since a loaded machine may take any time. The test
// checks what happened apart from it; a bound that only catches a hang
// is no timing, and is checked always.
func RealTimeWithin(tb testing.TB, what string, d, bound time.Duration) {
	tb.Helper()
	switch {
	case d <= bound:
	case RealTimeOn():
		tb.Errorf("%s: %v on the real clock, more than %v", what, d, bound)
	default:
		tb.Logf("%s: %v on the real clock, more than %v: a failure with %s=1, on a machine not otherwise busy", what, d, bound, RealTimeEnv)
	}
}

// Sequential skips t under the race detector: t checks code that runs on
// one goroutine, so that the race detector can find nothing in it and
// only makes it several times slower. The runs without -race run it in
// full.
func Sequential(t testing.TB) {
	t.Helper()
	if Race {
		t.Skip("checks code on one goroutine, where the race detector finds nothing: the runs without -race check it")
	}
}
