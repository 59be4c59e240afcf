package testsize

import "testing"

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
