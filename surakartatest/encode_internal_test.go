package surakartatest

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/surakarta-go/surakarta"
)

func TestBoundaryValues(t *testing.T) {
	var got []int
	for i := range escapeCode - boundaryCode {
		got = append(got, boundaryValue(i))
	}
	want := []int{
		255, 256, 511, 512, 1023, 1024, 2047, 2048, 4095, 4096, 8191, 8192,
		16383, 16384, 32767, 32768, 65535, 65536, 131071, 131072, 262143, 262144,
		524287, 524288, 1048575, 1048576, 2097151, 2097152, 4194303, 4194304,
		8388607, 8388608, 16777215, 16777216, 33554431, 33554432, 67108863, 67108864,
		134217727, 134217728, 268435455, 268435456, 536870911, 536870912,
		999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 9999999, 10000000,
		99999999, 100000000,
		999_999_999, 999_999_998, 999_999_997, 999_999_996, 999_999_995, 999_999_994, 999_999_993,
	}
	if !slices.Equal(got, want) {
		t.Errorf("boundary values\n got %v\nwant %v", got, want)
	}
}

// counterValues returns values of a counter worth a round trip: every value
// up to 300, the boundary values and their neighbours, the top of the range,
// and random values.
func counterValues() []int {
	var values []int
	for n := range 301 {
		values = append(values, n)
	}
	for i := range escapeCode - boundaryCode {
		b := boundaryValue(i)
		values = append(values, b-1, b, b+1)
	}
	r := rand.New(rand.NewPCG(1, 1))
	for range 1000 {
		values = append(values, r.IntN(surakarta.MaxCounter+1))
	}
	var valid []int
	for _, n := range values {
		if n >= 0 && n <= surakarta.MaxCounter {
			valid = append(valid, n)
		}
	}
	return valid
}

func TestCounterRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		name  string
		k     counter
		min   int
		bases []int
	}{
		{"quiet plies", quietPlies, 0, []int{0}},
		{"move number", moveNumber, 1, []int{0}},
		{"quiet-ply limit", quietLimit, 0, []int{0, 1, 7, 50, 101, surakarta.MaxCounter - 60, surakarta.MaxCounter}},
		{"repetition limit", repetitionLimit, 2, []int{0}},
	} {
		for _, base := range tc.bases {
			for _, n := range counterValues() {
				if n < tc.min {
					continue
				}
				code := tc.k.append(nil, n, base)
				if len(code) != 1 && len(code) != 5 {
					t.Fatalf("%s %d (base %d): code %v is neither 1 nor 5 bytes", tc.name, n, base, code)
				}
				d := decoder{append(code, 42)}
				if got := tc.k.decode(&d, base); got != n {
					t.Fatalf("%s %d (base %d): code %v decodes to %d", tc.name, n, base, code, got)
				}
				if len(d.data) != 1 {
					t.Fatalf("%s %d (base %d): decoding code %v left %d bytes, want 1", tc.name, n, base, code, len(d.data))
				}
			}
		}
	}
}

// TestCounterShortCodes checks the values that the documentation promises
// one byte: the common values take no escape.
func TestCounterShortCodes(t *testing.T) {
	oneByte := func(k counter, n, base int) bool { return len(k.append(nil, n, base)) == 1 }
	for n := range 144 {
		if !oneByte(quietPlies, n, 0) {
			t.Errorf("quiet plies %d take more than one byte", n)
		}
	}
	for n := 1; n <= 192; n++ {
		if !oneByte(moveNumber, n, 0) {
			t.Errorf("move number %d takes more than one byte", n)
		}
	}
	for _, n := range []int{0, 2, 3, 4} {
		if !oneByte(repetitionLimit, n, 0) {
			t.Errorf("repetition limit %d takes more than one byte", n)
		}
	}
	for _, base := range []int{0, 37, surakarta.MaxCounter} {
		for _, left := range []int{0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 30, 50, 100} {
			if n := min(base+left, surakarta.MaxCounter); !oneByte(quietLimit, n, base) {
				t.Errorf("quiet-ply limit %d from %d quiet plies takes more than one byte", n, base)
			}
		}
	}
	for i := range escapeCode - boundaryCode {
		for _, k := range []counter{quietPlies, moveNumber, quietLimit, repetitionLimit} {
			if !oneByte(k, boundaryValue(i), 0) {
				t.Errorf("boundary value %d takes more than one byte", boundaryValue(i))
			}
		}
	}
}
