package surakarta

import "testing"

func TestQuickPerft(t *testing.T) {
	p := NewPosition()
	for d, want := range []uint64{1, 16, 256, 5382, 111122, 2572484} {
		if got := p.Perft(d); got != want {
			t.Errorf("perft %d = %d, want %d", d, got, want)
		}
	}
}
