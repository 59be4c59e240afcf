package main

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdtest"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
)

// runCmd runs the command and returns its exit status and output.
func runCmd(args ...string) (code int, stdout, stderr string) {
	return cmdtest.Run(run, args...)
}

func TestHelp(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		prefix     string
		mentioning []string
	}{
		{[]string{"-h"}, "usage: surakarta-tune gen|fit|net [flags]\n", []string{"surakarta-tune gen", "surakarta-tune fit", "surakarta-tune net"}},
		{[]string{"net", "-h"}, "usage: surakarta-tune net [flags]\n", []string{"-data", "-out", "-hidden", "-second", "-buckets", "-epochs", "-batch", "-rate", "-lambda", "-k", "-validation", "-split-seed", "-seed", "-augment", "-concurrency"}},
		{[]string{"gen", "-h"}, "usage: surakarta-tune gen [flags]\n", []string{"-engine", "-games", "-nodes", "-opening-plies", "-seed", "-concurrency", "-from", "-records", "-out", "-shard", "-shards", "-merge"}},
		{[]string{"fit", "-h"}, "usage: surakarta-tune fit [flags]\n", []string{"-data", "-validation", "-split-seed", "-go", "-package", "Texel"}},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 0 || !strings.HasPrefix(out, tc.prefix) || errOut != "" {
			t.Errorf("tune %s: exit %d, stdout %q, stderr %q; want exit 0 and the usage on stdout", tc.args, code, out, errOut)
		}
		for _, want := range tc.mentioning {
			if !strings.Contains(out, want) {
				t.Errorf("tune %s: the usage lacks %q", tc.args, want)
			}
		}
	}
}

// TestBadArguments: every bad argument is an error before anything is
// done.
func TestBadArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "want a command"},
		{[]string{"play"}, `unknown command "play"`},
		{[]string{"gen", "-games", "0"}, "-games 0"},
		{[]string{"gen", "-nodes", "-5"}, "-nodes -5"},
		{[]string{"gen", "-opening-plies", "0"}, "-opening-plies 0"},
		{[]string{"gen", "-openings", "6"}, "flag provided but not defined: -openings"},
		{[]string{"gen", "-engine", "pvs,material"}, `-engine "pvs,material": unknown evaluator "material"`},
		{[]string{"fit", "-seed", "2"}, "flag provided but not defined: -seed"},
		{[]string{"gen", "-from", "a", "-records", "b"}, "exclude each other"},
		{[]string{"gen", "extra"}, `unexpected argument "extra"`},
		{[]string{"fit", "-validation", "1"}, "-validation 1"},
		{[]string{"net", "-hidden", "0"}, "-hidden 0"},
		{[]string{"net", "-hidden", "100000"}, "-hidden 100000"},
		{[]string{"net", "-second", "-1"}, "-second -1"},
		{[]string{"net", "-epochs", "0"}, "-epochs 0"},
		{[]string{"net", "-buckets", "0"}, "-buckets 0"},
		{[]string{"net", "-buckets", "9"}, "-buckets 9"},
		{[]string{"net", "-batch", "0"}, "-batch 0"},
		{[]string{"net", "-rate", "NaN"}, "-rate NaN"},
		{[]string{"net", "-lambda", "1.5"}, "-lambda 1.5"},
		{[]string{"net", "-k", "0"}, "-k 0"},
		{[]string{"net", "-validation", "0"}, "-validation 0"},
		{[]string{"net", "-concurrency", "-1"}, "-concurrency -1"},
		{[]string{"net", "extra"}, "extra"},
		{[]string{"fit", "-ridge", "-1"}, "-ridge -1"},
		{[]string{"fit", "-iterations", "0"}, "-iterations 0"},
		{[]string{"fit", "-k", "-0.01"}, "-k -0.01"},
		{[]string{"fit", "-k", "NaN"}, "-k NaN"},
		{[]string{"fit", "-k", "2"}, "-k 2"},
		{[]string{"fit", "-bogus"}, "flag provided but not defined: -bogus"},
	} {
		code, out, errOut := runCmd(tc.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, "surakarta-tune") || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "-h for help") || strings.Contains(errOut, "match:") {
			t.Errorf("tune %q: exit %d, stdout %q, stderr %q; want exit 2 and an error saying %q", tc.args, code, out, errOut, tc.want)
		}
	}
}

// TestFileErrors: the errors of a record file that does not read (gen
// -from) and of a data file's line too long (fit) name the file and the
// line.
func TestFileErrors(t *testing.T) {
	dir := t.TempDir()
	records := filepath.Join(dir, "games.txt")
	data := filepath.Join(dir, "data.txt")
	for name, text := range map[string]string{
		records: "[Event \"x\"]\n\n",
		data:    "bb4/b5/6/6/5w/4ww b 0 1;1\n" + strings.Repeat("x", 70_000) + "\n",
	} {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"gen", "-from", records, "-out", filepath.Join(dir, "out.txt")}, records + ": invalid record: line 2: "},
		{[]string{"fit", "-data", data}, data + ":2: bufio.Scanner: token too long"},
	} {
		if code, _, errOut := runCmd(tc.args...); code != 1 || !strings.Contains(errOut, tc.want) {
			t.Errorf("tune %q: exit %d, stderr %q; want exit 1 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestGenFit makes a small data set, checks that it does not depend on the
// number of games played at once and that reading the games back gives
// the same data, checks every line, and fits it.
func TestGenFit(t *testing.T) {
	if testing.Short() {
		t.Skip("plays self-play games")
	}
	dir := t.TempDir()
	path := func(name string) string { return filepath.Join(dir, name) }
	for _, args := range [][]string{
		{"gen", "-games", "16", "-nodes", "300", "-seed", "3", "-concurrency", "1", "-records", path("games1.txt"), "-out", path("data1.txt")},
		{"gen", "-games", "16", "-nodes", "300", "-seed", "3", "-concurrency", "3", "-records", path("games3.txt"), "-out", path("data3.txt")},
		{"gen", "-from", path("games1.txt"), "-out", path("from.txt")},
	} {
		if code, _, errOut := runCmd(args...); code != 0 {
			t.Fatalf("tune %s: exit %d, stderr %q", args, code, errOut)
		}
	}
	read := func(name string) string {
		b, err := os.ReadFile(path(name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	data := read("data1.txt")
	if read("data3.txt") != data || read("games3.txt") != read("games1.txt") {
		t.Error("the games or data differ between -concurrency 1 and 3")
	}
	if read("from.txt") != data {
		t.Error("the data read back from the records differ from the data of the games played")
	}
	lines := strings.Split(strings.TrimSuffix(data, "\n"), "\n")
	if len(lines) < 100 {
		t.Fatalf("%d positions from 16 games, want many more", len(lines))
	}
	e := surakarta.NewEndgameAdjusted()
	for _, line := range lines {
		fields := strings.Split(line, ";")
		if len(fields) != 3 {
			t.Fatalf("%q: want position;result;search score", line)
		}
		text, score := fields[0], fields[1]
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if score != "1" && score != "0" && score != "0.5" {
			t.Fatalf("%q: score %q", line, score)
		}
		if s, err := strconv.Atoi(fields[2]); err != nil || s < -surakarta.MaxEvaluation || s > surakarta.MaxEvaluation {
			t.Fatalf("%q: search score %q", line, fields[2])
		}
		if static, _ := quiesce(e, p, -surakarta.MaxEvaluation-1, surakarta.MaxEvaluation+1, 0); static != e.Evaluate(&p) {
			t.Fatalf("%q is not quiet: the captures-only search gives %d, the static score is %d", text, static, e.Evaluate(&p))
		}
	}

	code, out, errOut := runCmd("fit", "-data", path("data1.txt"), "-go", path("weights.go"), "-package", "weights")
	if code != 0 {
		t.Fatalf("tune fit: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"for training", "for validation", "loss before (EndgameAdjusted): training", "loss before (Tuned as built): training", "loss after (Tuned): training", "pieces", "wrote "} {
		if !strings.Contains(out, want) {
			t.Errorf("tune fit: the output lacks %q:\n%s", want, out)
		}
	}
	src := read("weights.go")
	for _, want := range []string{"package weights", "fit -data " + path("data1.txt") + " -validation 0.1 -split-seed 1 -ridge 1e-06.", "var Opening = [...]int{", "var Endgame = [...]int{", "// pieces"} {
		if !strings.Contains(src, want) {
			t.Errorf("weights.go lacks %q:\n%s", want, src)
		}
	}

	// With -k the scale is kept, and the file says so.
	code, out, errOut = runCmd("fit", "-data", path("data1.txt"), "-k", "0.03", "-go", path("weights-k.go"), "-package", "weights")
	if code != 0 {
		t.Fatalf("tune fit -k: exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(out, "K = 0.030000 per point, as given") {
		t.Errorf("tune fit -k 0.03: the output does not give K as 0.03:\n%s", out)
	}
	if src := read("weights-k.go"); !strings.Contains(src, "-ridge 1e-06 -k 0.03.") {
		t.Errorf("weights-k.go does not name -k 0.03:\n%s", src)
	}
}

// TestFitFindsWeights fits data made from known weights: each sample's
// result is the win probability of a known evaluation (a soft label, which
// the logistic loss takes as well as 0, ½ or 1), so the loss is least
// exactly at those weights, and Newton's method must find them.
func TestFitFindsWeights(t *testing.T) {
	n := tunedeval.NumFeatures
	var d dataSet
	// A deterministic spread of feature values; the true score is
	// 40·pieces + 5·steps at the opening and 60·pieces + 2·steps at the
	// endgame, and the third feature does not count.
	for i := range 4000 {
		f := make([]int16, n)
		f[0] = int16(i%5 - 2)
		f[1] = int16(i/5%21 - 10)
		f[2] = int16(i / 105 % 3)
		ph := int8(i / 315 % (tunedeval.Phases + 1))
		a := float64(ph) / tunedeval.Phases
		score := a*(40*float64(f[0])+5*float64(f[1])) + (1-a)*(60*float64(f[0])+2*float64(f[1]))
		d = append(d, sample{features: f, phase: ph, result: float32(sigmoid(0.03 * score))})
	}
	w := d.newton(0.03, 0, 30, &strings.Builder{})
	for i, want := range map[int]float64{0: 40, 1: 5, 2: 0, n: 60, n + 1: 2, n + 2: 0} {
		if math.Abs(w[i]-want) > 0.05 {
			t.Errorf("weight %d = %.3f, want %g", i, w[i], want)
		}
	}
}

// TestGenEngine: -engine and -opening-plies choose the self-play engine
// and the openings, and the records name them; by default the engine is
// PVS with Network and the openings have 4 plies.
func TestGenEngine(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args         []string
		engine       string
		openingPlies int
	}{
		{nil, "pvs,network nodes=200", 4},
		{[]string{"-engine", "pvs,endgame", "-opening-plies", "6"}, "pvs,endgame nodes=200", 6},
	} {
		records := filepath.Join(dir, "games.txt")
		args := append([]string{"gen", "-games", "2", "-nodes", "200", "-records", records, "-out", filepath.Join(dir, "data.txt")}, tc.args...)
		if code, _, errOut := runCmd(args...); code != 0 {
			t.Fatalf("tune %s: exit %d, stderr %q", args, code, errOut)
		}
		f, err := os.Open(records)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := record.ReadAll(f)
		f.Close()
		if err != nil || len(recs) != 2 {
			t.Fatalf("tune %s: %d records, %v", args, len(recs), err)
		}
		for _, r := range recs {
			black, _ := r.Header("Black")
			start := r.Game.StartPosition()
			if plies := 2*(start.MoveNumber()-1) + int(start.SideToMove()); black != tc.engine || plies != tc.openingPlies {
				t.Errorf("tune %s: Black %q, an opening of %d plies; want %q, %d plies", args, black, plies, tc.engine, tc.openingPlies)
			}
		}
	}
}
