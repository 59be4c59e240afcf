package experiments

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Tuning is an SPSA tuning as the state file of surakarta-match spsa
// keeps it: a header, a line per game pair with its result and every
// parameter's value after it, and a final line with the values rounded.
// Reading it checks what can be checked without playing: the pairs are
// numbered 1 to the iterations of the header, each result is −2 to 2,
// every line names the header's parameters in order, and the final values
// are the last line's rounded.
type Tuning struct {
	n       int // the iterations of the header
	names   []string
	start   []float64
	results map[int]int // pairs by result
	theta   [][]float64 // after each pair
	final   []int
}

// readTuning reads and checks the state file at path.
func readTuning(path string) (*Tuning, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	t := &Tuning{results: make(map[int]int)}
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	line := 0
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %s", path, line, fmt.Sprintf(format, a...))
	}
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "spsa":
			if len(fields) < 3 || fields[1] != "iterations" {
				return nil, bad("want spsa iterations N")
			}
			if t.n, err = strconv.Atoi(fields[2]); err != nil || t.n < 1 {
				return nil, bad("iterations %q", fields[2])
			}
		case "param":
			parts := strings.Split(strings.Join(fields[1:], ""), ",")
			if len(parts) != 6 {
				return nil, bad("want param NAME,START,MIN,MAX,C_END,R_END")
			}
			v, err := strconv.ParseFloat(parts[1], 64)
			if err != nil {
				return nil, bad("start %q", parts[1])
			}
			t.names = append(t.names, parts[0])
			t.start = append(t.start, v)
		case "iteration":
			if len(fields) != 4+len(t.names) || fields[2] != "result" {
				return nil, bad("want iteration K result R and %d values", len(t.names))
			}
			if k, err := strconv.Atoi(fields[1]); err != nil || k != len(t.theta)+1 {
				return nil, bad("pair %q after %d pairs", fields[1], len(t.theta))
			}
			r, err := strconv.Atoi(fields[3])
			if err != nil || r < -2 || r > 2 {
				return nil, bad("result %q", fields[3])
			}
			t.results[r]++
			theta, err := t.values(fields[4:])
			if err != nil {
				return nil, bad("%v", err)
			}
			t.theta = append(t.theta, theta)
		case "final":
			final, err := t.values(fields[1:])
			if err != nil {
				return nil, bad("%v", err)
			}
			for i, v := range final {
				if v != math.Trunc(v) {
					return nil, bad("final %s=%v: want a whole number", t.names[i], v)
				}
				t.final = append(t.final, int(v))
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	switch {
	case t.n == 0 || len(t.names) == 0:
		return nil, fmt.Errorf("%s: no header", path)
	case len(t.theta) != t.n:
		return nil, fmt.Errorf("%s: %d pairs of %d", path, len(t.theta), t.n)
	case t.final == nil:
		return nil, fmt.Errorf("%s: no final line", path)
	}
	for i, v := range t.theta[t.n-1] {
		if want := int(math.Round(v)); t.final[i] != want {
			return nil, fmt.Errorf("%s: final %s=%d, the last pair left %v", path, t.names[i], t.final[i], v)
		}
	}
	return t, nil
}

// values reads NAME=VALUE fields, the header's parameters in order.
func (t *Tuning) values(fields []string) ([]float64, error) {
	if len(fields) != len(t.names) {
		return nil, fmt.Errorf("%d values, want %d", len(fields), len(t.names))
	}
	out := make([]float64, len(fields))
	for i, f := range fields {
		name, value, ok := strings.Cut(f, "=")
		if !ok || name != t.names[i] {
			return nil, fmt.Errorf("%q, want %s=VALUE", f, t.names[i])
		}
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			return nil, fmt.Errorf("%q: %v", f, err)
		}
		out[i] = v
	}
	return out, nil
}

// Pairs returns the number of game pairs: "5,000".
func (t *Tuning) Pairs() string { return thousands(t.n) }

// Results returns how many pairs ended with each result of the plus
// side, −2 to 2: "194-534-3,579-495-198".
func (t *Tuning) Results() string {
	var parts []string
	for r := -2; r <= 2; r++ {
		parts = append(parts, thousands(t.results[r]))
	}
	return strings.Join(parts, "-")
}

// Even returns how many pairs ended even, each side as good as the
// other (result 0), from which SPSA learns nothing, with their share:
// "3,579 of 5,000 (71.6%)".
func (t *Tuning) Even() string {
	return fmt.Sprintf("%s of %s (%.1f%%)", thousands(t.results[0]), thousands(t.n), 100*float64(t.results[0])/float64(t.n))
}

// Table returns the rows of a table of the parameters: the name, where it
// started, its value after every fifth of the pairs, and the final value.
func (t *Tuning) Table() string {
	var b strings.Builder
	b.WriteString("| parameter | start |")
	for q := 1; q <= 5; q++ {
		fmt.Fprintf(&b, " after %s |", thousands(t.n*q/5))
	}
	b.WriteString(" final |\n|---|---:|")
	b.WriteString(strings.Repeat("---:|", 6))
	for i, name := range t.names {
		fmt.Fprintf(&b, "\n| `%s` | %s |", name, strconv.FormatFloat(t.start[i], 'f', -1, 64))
		for q := 1; q <= 5; q++ {
			fmt.Fprintf(&b, " %.1f |", t.theta[t.n*q/5-1][i])
		}
		fmt.Fprintf(&b, " %d |", t.final[i])
	}
	return b.String()
}

// Settings returns the final values as the engine settings of a spec:
// "option.SearchRFPMargin=35,…".
func (t *Tuning) Settings() string {
	parts := make([]string, len(t.names))
	for i, name := range t.names {
		parts[i] = fmt.Sprintf("option.%s=%d", name, t.final[i])
	}
	return strings.Join(parts, ",")
}

// thousands writes n with commas: 5000 is "5,000".
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// spsa returns the tuning of the state file under recordsDir.
func (b *book) spsa(file string) (*Tuning, error) {
	if t, ok := b.tunings[file]; ok {
		return t, nil
	}
	t, err := readTuning(filepath.Join(b.root, recordsDir, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	b.tunings[file] = t
	return t, nil
}
