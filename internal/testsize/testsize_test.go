package testsize

import (
	"fmt"
	"testing"
	"time"
)

// TestSized: without SURAKARTA_FULL the reduced size, with it the full
// one, and -short wins over it.
func TestSized(t *testing.T) {
	want := func(full, short bool) string {
		switch {
		case short:
			return "short"
		case full:
			return "full"
		}
		return "reduced"
	}
	t.Setenv(FullEnv, "")
	if got := Sized("full", "reduced", "short"); got != want(false, testing.Short()) {
		t.Errorf("without %s: %s", FullEnv, got)
	}
	t.Setenv(FullEnv, "1")
	if got := Sized("full", "reduced", "short"); got != want(true, testing.Short()) {
		t.Errorf("with %s=1: %s", FullEnv, got)
	}
}

// TestRealTimeWithin: a time over its bound is an error with
// SURAKARTA_REALTIME=1 and a line in the log without it; one within it is
// neither.
func TestRealTimeWithin(t *testing.T) {
	for _, tc := range []struct {
		env          string
		d            time.Duration
		errors, logs int
	}{
		{"", time.Second, 0, 0},
		{"", 2 * time.Second, 0, 1},
		{"1", time.Second, 0, 0},
		{"1", 2 * time.Second, 1, 0},
	} {
		t.Setenv(RealTimeEnv, tc.env)
		var r recorder
		RealTimeWithin(&r, "stop", tc.d, time.Second)
		if len(r.errors) != tc.errors || len(r.logs) != tc.logs {
			t.Errorf("%s=%q, %v within 1s: errors %q, log %q; want %d errors, %d lines of log", RealTimeEnv, tc.env, tc.d, r.errors, r.logs, tc.errors, tc.logs)
		}
	}
}

// recorder is a testing.TB that keeps its errors and log lines.
type recorder struct {
	testing.TB
	errors, logs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}
