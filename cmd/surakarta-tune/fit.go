package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/circuit"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
)

// fitUsage is the help text of surakarta-tune fit.
const fitUsage = `usage: surakarta-tune fit [flags]

Fit reads the data of surakarta-tune gen, sets a seeded part of it aside for
validation, and fits the weights of the Tuned evaluator to the rest by the
Texel method: the win probability of a score s is 1/(1+exp(-K·s)), and the
weights minimise the logistic loss (cross-entropy) between that
probability and the game results. K is fitted first, to EndgameAdjusted on
the same positions, so that the fitted evaluation keeps EndgameAdjusted's
scale; -k fixes it instead, as a refit does to keep the scale of the
weights it replaces, on which the searchers' margins rest. The
minimisation is Newton's method (Gauss–Newton on the logistic loss) with
a small ridge. It prints the losses of EndgameAdjusted, of the weights
built into the evaluator and of the fitted weights on both parts, and
the weights; -go writes them as a Go file.

flags:
`

// fitConfig is what surakarta-tune fit does.
type fitConfig struct {
	data, goFile, pkg string
	validation, ridge float64
	scale             float64 // K; 0 to fit it to EndgameAdjusted
	seed              uint64
	iterations        int
}

// runFit runs surakarta-tune fit.
func runFit(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta-tune fit", flag.ContinueOnError)
	var c fitConfig
	flags.StringVar(&c.data, "data", "positions.txt", "data file of surakarta-tune gen")
	flags.Float64Var(&c.validation, "validation", 0.1, "part of the positions kept for validation")
	flags.Uint64Var(&c.seed, "split-seed", 1, "seed of the split into training and validation")
	flags.Float64Var(&c.ridge, "ridge", 1e-6, "L2 penalty per weight (in points²) added to the mean loss")
	flags.IntVar(&c.iterations, "iterations", 12, "Newton iterations at most")
	flags.Float64Var(&c.scale, "k", 0, fmt.Sprintf("the scale K per point, kept fixed; 0 fits it to EndgameAdjusted (a refit keeps the library's %g so that scores keep their meaning)", tunedeval.Scale))
	flags.StringVar(&c.goFile, "go", "", "write the weights to this Go file")
	flags.StringVar(&c.pkg, "package", "tunedeval", "package name of the Go file (the library's weights are internal/tunedeval/weights.go)")
	if code, ok := cmdflag.ParseAll(flags, args, fitUsage, stdout, stderr); !ok {
		return code
	}
	switch {
	case !(c.validation > 0 && c.validation < 1):
		return cmdflag.BadArgs(flags, stderr, fmt.Errorf("-validation %g: want a fraction between 0 and 1", c.validation))
	case !(c.ridge >= 0):
		return cmdflag.BadArgs(flags, stderr, fmt.Errorf("-ridge %g: want 0 or more", c.ridge))
	case !(c.scale >= 0 && c.scale <= 1):
		return cmdflag.BadArgs(flags, stderr, fmt.Errorf("-k %g: want 0 (fit it) or a scale up to 1 per point", c.scale))
	case c.iterations <= 0:
		return cmdflag.BadArgs(flags, stderr, fmt.Errorf("-iterations %d: want 1 or more", c.iterations))
	}
	if err := fit(c, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, flags.Name()+":", err)
		return 1
	}
	return 0
}

// sample is one position of the data set, reduced to what the fit needs.
type sample struct {
	features []int16 // the Tuned features
	phase    int8    // tunedeval.Phase
	result   float32 // the side to move's score in the game: 1, 0.5 or 0
	baseline int32   // EndgameAdjusted's score
	tuned    int32   // the score of the fitted weights, once rounded
}

// dataSet is a list of samples.
type dataSet []sample

// fit runs surakarta-tune fit.
func fit(c fitConfig, stdout, progress io.Writer) error {
	start := time.Now()
	positions, results, _, err := readData(c.data)
	if err != nil {
		return err
	}
	if len(positions) < 10 {
		return fmt.Errorf("%s: %d positions, too few to fit", c.data, len(positions))
	}
	all := samples(positions, results)
	r := rand.New(rand.NewPCG(c.seed, 0x7475_6e65))
	r.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	nVal := max(1, int(float64(len(all))*c.validation))
	val, train := all[:nVal], all[nVal:]
	fmt.Fprintf(stdout, "%d positions: %d for training, %d for validation (read in %s)\n",
		len(all), len(train), len(val), time.Since(start).Round(time.Millisecond))

	k := c.scale
	if k == 0 {
		k = fitScale(train)
		fmt.Fprintf(stdout, "K = %.6f per point: EndgameAdjusted's win probability is 1/(1+exp(-K·score))\n", k)
	} else {
		fmt.Fprintf(stdout, "K = %.6f per point, as given; EndgameAdjusted's own would be %.6f\n", k, fitScale(train))
	}
	baseline := func(s *sample) float64 { return float64(s.baseline) }
	tuned := func(s *sample) float64 { return float64(s.tuned) }
	fmt.Fprintf(stdout, "loss before (EndgameAdjusted): training %.6f, validation %.6f\n",
		train.loss(k, baseline), val.loss(k, baseline))

	// The weights the evaluator has now, on the same positions: what a
	// refit must beat.
	scoreAll(all, tunedeval.Opening[:], tunedeval.Endgame[:])
	fmt.Fprintf(stdout, "loss before (Tuned as built): training %.6f, validation %.6f\n",
		train.loss(k, tuned), val.loss(k, tuned))

	n := len(all[0].features)
	fitStart := time.Now()
	w := train.newton(k, c.ridge, c.iterations, progress)
	opening, endgame := make([]int, n), make([]int, n)
	for i := range n {
		opening[i] = int(math.Round(w[i] * tunedeval.Unit))
		endgame[i] = int(math.Round(w[n+i] * tunedeval.Unit))
	}
	// The losses after are those of the evaluator itself with the rounded
	// weights, not of the fit's floating-point model.
	scoreAll(all, opening, endgame)
	fmt.Fprintf(stdout, "loss after (Tuned): training %.6f, validation %.6f (fit %s, %d features)\n",
		train.loss(k, tuned), val.loss(k, tuned),
		time.Since(fitStart).Round(time.Millisecond), n)
	names := tunedeval.Names[:]
	fmt.Fprintf(stdout, "\n%-44s %9s %9s   (points)\n", "feature", "opening", "endgame")
	for i, name := range names {
		fmt.Fprintf(stdout, "%-44s %9.2f %9.2f\n", name,
			float64(opening[i])/tunedeval.Unit, float64(endgame[i])/tunedeval.Unit)
	}
	if c.goFile != "" {
		if err := writeGo(c.goFile, c.pkg, names, opening, endgame, c); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\nwrote %s\n", c.goFile)
	}
	return nil
}

// samples computes the features and the baseline score of each position.
func samples(positions []surakarta.Position, results []float64) dataSet {
	out := make(dataSet, len(positions))
	parallel(len(positions), func(lo, hi int) {
		base := surakarta.NewEndgameAdjusted()
		for i := lo; i < hi; i++ {
			p := &positions[i]
			pieces, rings, side := board(p)
			var buf [tunedeval.NumFeatures]int32
			tunedeval.Features(&buf, &pieces, &rings, side)
			f := make([]int16, len(buf))
			for j, v := range buf {
				f[j] = int16(v)
			}
			out[i] = sample{features: f, phase: int8(tunedeval.Phase(&pieces)),
				result: float32(results[i]), baseline: int32(base.Evaluate(p))}
		}
	})
	return out
}

// board returns p as package tunedeval takes it: the bitboards of Black and
// White, their packed circuit rings and the side to move.
func board(p *surakarta.Position) (pieces, rings [2]uint64, side uint8) {
	for c := range pieces {
		pieces[c] = uint64(p.Pieces(surakarta.Color(c)))
		rings[c] = circuit.Gather(pieces[c])
	}
	return pieces, rings, uint8(p.SideToMove())
}

// scoreAll sets the tuned score of every sample to its score with the
// weights opening and endgame, computed from the sample's features by the
// formula of the Tuned evaluator.
func scoreAll(all dataSet, opening, endgame []int) {
	parallel(len(all), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			s := &all[i]
			s.tuned = int32(tunedeval.Score(s.features, int(s.phase), opening, endgame))
		}
	})
}

// parallel calls work on n items split into one range per core.
func parallel(n int, work func(lo, hi int)) {
	cores := runtime.GOMAXPROCS(0)
	inParts(n, cores, cores, func(_, lo, hi int) { work(lo, hi) })
}

// inParts calls work for each of parts parts of n items, part i holding
// the items n·i/parts to n·(i+1)/parts, on at most workers goroutines at
// once. A sum over the data is split into a fixed number of parts, each
// summed on its own and the parts then added in order, so that the sums,
// and so the fitted weights, are the same on any number of cores.
func inParts(n, parts, workers int, work func(part, lo, hi int)) {
	next := make(chan int, parts)
	for i := range parts {
		next <- i
	}
	close(next)
	var wg sync.WaitGroup
	for range min(max(workers, 1), parts) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for part := range next {
				work(part, n*part/parts, n*(part+1)/parts)
			}
		}()
	}
	wg.Wait()
}

// sumParts is the number of parts of Tuned's fit's sums (inParts), each
// summed by a goroutine of its own.
const sumParts = 16

// logLoss is the cross-entropy of a predicted probability q against the
// result y, with q kept away from 0 and 1.
func logLoss(q, y float64) float64 {
	q = min(max(q, 1e-12), 1-1e-12)
	return -(y*math.Log(q) + (1-y)*math.Log(1-q))
}

// sigmoid is 1/(1+exp(-x)).
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// loss returns the mean logistic loss of the scores that score gives,
// with the scale k.
func (d dataSet) loss(k float64, score func(*sample) float64) float64 {
	var sums [sumParts]float64
	inParts(len(d), sumParts, sumParts, func(part, lo, hi int) {
		for j := lo; j < hi; j++ {
			sums[part] += logLoss(sigmoid(k*score(&d[j])), float64(d[j].result))
		}
	})
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(len(d))
}

// fitScale returns the K that minimises EndgameAdjusted's loss on d, by a
// golden-section search on log K.
func fitScale(d dataSet) float64 {
	f := func(logK float64) float64 {
		return d.loss(math.Exp(logK), func(s *sample) float64 { return float64(s.baseline) })
	}
	a, b := math.Log(1e-5), math.Log(1.0)
	g := (math.Sqrt(5) - 1) / 2
	x1, x2 := b-g*(b-a), a+g*(b-a)
	f1, f2 := f(x1), f(x2)
	for b-a > 1e-4 {
		if f1 < f2 {
			b, x2, f2 = x2, x1, f1
			x1 = b - g*(b-a)
			f1 = f(x1)
		} else {
			a, x1, f1 = x1, x2, f2
			x2 = a + g*(b-a)
			f2 = f(x2)
		}
	}
	return math.Exp((a + b) / 2)
}

// inputs writes the model's inputs for s to x: the features weighted by
// the phase for the opening weights, then by its complement for the
// endgame weights, so that the score is the dot product of x and the
// weights in points.
func (s *sample) inputs(x []float64) {
	n := len(s.features)
	a := float64(s.phase) / tunedeval.Phases
	for i, f := range s.features {
		x[i] = float64(f) * a
		x[n+i] = float64(f) * (1 - a)
	}
}

// newton fits the weights (in points: the opening weights, then the
// endgame weights) that minimise the mean logistic loss on d with scale k
// plus ridge times the sum of the squared weights, by Newton's method
// with step halving.
func (d dataSet) newton(k, ridge float64, iterations int, progress io.Writer) []float64 {
	m := 2 * len(d[0].features)
	w := make([]float64, m)
	objective := func(w []float64) float64 {
		reg := 0.0
		for _, v := range w {
			reg += ridge * v * v
		}
		return d.loss(k, func(s *sample) float64 {
			var x [256]float64
			s.inputs(x[:m])
			return dot(x[:m], w)
		}) + reg
	}
	current := objective(w)
	for it := 1; it <= iterations; it++ {
		grad, hess := d.derivatives(k, w)
		for i := range m {
			grad[i] += 2 * ridge * w[i]
			hess[i*m+i] += 2*ridge + 1e-9
		}
		step, err := solve(hess, grad, m)
		if err != nil {
			fmt.Fprintf(progress, "iteration %d: %v; stopping\n", it, err)
			break
		}
		t := 1.0
		next := make([]float64, m)
		var nextLoss float64
		for range 30 {
			for i := range m {
				next[i] = w[i] - t*step[i]
			}
			if nextLoss = objective(next); nextLoss <= current {
				break
			}
			t /= 2
		}
		if nextLoss > current {
			break
		}
		fmt.Fprintf(progress, "iteration %d: training objective %.6f (step %g)\n", it, nextLoss, t)
		done := current-nextLoss < 1e-7
		w, current = next, nextLoss
		if done {
			break
		}
	}
	return w
}

// derivatives returns the gradient and the Hessian (m×m, row-major) of the
// mean logistic loss on d at the weights w.
func (d dataSet) derivatives(k float64, w []float64) ([]float64, []float64) {
	m := len(w)
	grads := make([][]float64, sumParts)
	hessians := make([][]float64, sumParts)
	inParts(len(d), sumParts, sumParts, func(part, lo, hi int) {
		grads[part], hessians[part] = make([]float64, m), make([]float64, m*m)
		g, h := grads[part], hessians[part]
		x := make([]float64, m)
		for j := lo; j < hi; j++ {
			s := &d[j]
			s.inputs(x)
			q := sigmoid(k * dot(x, w))
			r := k * (q - float64(s.result)) // d loss / d score
			c := k * k * q * (1 - q)         // d² loss / d score²
			for a, xa := range x {
				if xa == 0 {
					continue
				}
				g[a] += r * xa
				row := h[a*m : a*m+m]
				cx := c * xa
				for b := a; b < m; b++ {
					row[b] += cx * x[b]
				}
			}
		}
	})
	grad, hess := grads[0], hessians[0]
	for i := 1; i < sumParts; i++ {
		for j := range grad {
			grad[j] += grads[i][j]
		}
		for j := range hess {
			hess[j] += hessians[i][j]
		}
	}
	n := float64(len(d))
	for a := range m {
		grad[a] /= n
		for b := a; b < m; b++ {
			hess[a*m+b] /= n
			hess[b*m+a] = hess[a*m+b]
		}
	}
	return grad, hess
}

// dot returns the dot product of x and y.
func dot(x, y []float64) float64 {
	s := 0.0
	for i, v := range x {
		s += v * y[i]
	}
	return s
}

// solve solves a·x = b for a symmetric positive definite m×m matrix a by
// Cholesky decomposition.
func solve(a, b []float64, m int) ([]float64, error) {
	l := make([]float64, m*m)
	for i := range m {
		for j := 0; j <= i; j++ {
			s := a[i*m+j]
			for k := range j {
				s -= l[i*m+k] * l[j*m+k]
			}
			if i == j {
				if s <= 0 {
					return nil, errors.New("the Hessian is not positive definite")
				}
				l[i*m+i] = math.Sqrt(s)
			} else {
				l[i*m+j] = s / l[j*m+j]
			}
		}
	}
	y := make([]float64, m)
	for i := range m {
		s := b[i]
		for k := range i {
			s -= l[i*m+k] * y[k]
		}
		y[i] = s / l[i*m+i]
	}
	x := make([]float64, m)
	for i := m - 1; i >= 0; i-- {
		s := y[i]
		for k := i + 1; k < m; k++ {
			s -= l[k*m+i] * x[k]
		}
		x[i] = s / l[i*m+i]
	}
	return x, nil
}

// writeGo writes the weights as a Go file of package pkg that declares
// Opening and Endgame, as internal/tunedeval/weights.go does.
func writeGo(name, pkg string, names []string, opening, endgame []int, c fitConfig) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by cmd/surakarta-tune fit; DO NOT EDIT.\n\npackage %s\n\n", pkg)
	fmt.Fprintf(&b, "// Opening and Endgame are the weights of the features, in\n")
	scale := ""
	if c.scale != 0 {
		scale = fmt.Sprintf(" -k %g", c.scale)
	}
	fmt.Fprintf(&b, "// 1/%d of a point, fitted by surakarta-tune fit -data %s -validation %g -split-seed %d -ridge %g%s.\n",
		tunedeval.Unit, c.data, c.validation, c.seed, c.ridge, scale)
	for _, table := range []struct {
		name    string
		weights []int
	}{{"Opening", opening}, {"Endgame", endgame}} {
		fmt.Fprintf(&b, "var %s = [...]int{\n", table.name)
		for i, v := range table.weights {
			fmt.Fprintf(&b, "\t%d, // %s\n", v, names[i])
		}
		fmt.Fprintf(&b, "}\n\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return err
	}
	return os.WriteFile(name, src, 0o644)
}
