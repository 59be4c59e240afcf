package experiments

import (
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadTuning: a state file is read with its figures, and each thing
// that can be wrong with one is refused.
func TestReadTuning(t *testing.T) {
	const good = `spsa iterations 2 seed 7 A 0 alpha 0.602 gamma 0.101
engine ugi:surakarta -tune
param A,40,10,120,4,0.01
param B,3,0,12,1,0.01
iteration 1 result 2 A=40.6 B=2.9
iteration 2 result -1 A=40.4 B=2.4
final A=40 B=2
`
	write := func(name, text string) string {
		path := filepath.Join(t.TempDir(), name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		zw := gzip.NewWriter(f)
		if _, err := zw.Write([]byte(text)); err != nil {
			t.Fatal(err)
		}
		if err := zw.Close(); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		return path
	}
	tu, err := readTuning(write("good.txt.gz", good))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tu.Results(), "0-1-0-0-1"; got != want {
		t.Errorf("Results() = %q, want %q", got, want)
	}
	if got, want := tu.Settings(), "option.A=40,option.B=2"; got != want {
		t.Errorf("Settings() = %q, want %q", got, want)
	}
	if got, want := tu.Pairs(), "2"; got != want {
		t.Errorf("Pairs() = %q, want %q", got, want)
	}
	if got, want := tu.Even(), "0 of 2 (0.0%)"; got != want {
		t.Errorf("Even() = %q, want %q", got, want)
	}
	even, err := readTuning(write("even.txt.gz", strings.Replace(good, "result 2", "result 0", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := even.Even(), "1 of 2 (50.0%)"; got != want {
		t.Errorf("Even() with a pair at 0 = %q, want %q", got, want)
	}
	for _, tc := range []struct{ name, old, new, want string }{
		{"numbering", "iteration 2 result", "iteration 3 result", "pair"},
		{"result", "result -1", "result -3", "result"},
		{"missing pair", "iteration 2 result -1 A=40.4 B=2.4\n", "", "1 pairs of 2"},
		{"final", "final A=40 B=2", "final A=41 B=2", "final A=41"},
		{"no final", "final A=40 B=2\n", "", "no final"},
		{"final not whole", "final A=40 B=2", "final A=40.4 B=2", "whole number"},
		{"names", "A=40.4 B=2.4", "B=40.4 A=2.4", "want A=VALUE"},
		{"values", "A=40.4 B=2.4", "A=40.4", "and 2 values"},
	} {
		text := strings.Replace(good, tc.old, tc.new, 1)
		if text == good {
			t.Fatalf("%s: the case changes nothing", tc.name)
		}
		_, err := readTuning(write(tc.name+".txt.gz", text))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 3579: "3,579", 1234567: "1,234,567"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
