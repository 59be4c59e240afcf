package splitmix

import "testing"

// TestNext checks the generator against the first outputs of SplitMix64
// from seed 0 in its authors' reference code (splitmix64.c).
func TestNext(t *testing.T) {
	state := uint64(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := Next(&state); got != want {
			t.Errorf("output %d: %#x, want %#x", i+1, got, want)
		}
	}
}
