package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/internal/nnue"
	"github.com/surakarta-go/surakarta/internal/tunedeval"
)

// netUsage is the help text of surakarta-tune net.
const netUsage = `usage: surakarta-tune net [flags]

Net trains the network of the Network evaluator on the data of
surakarta-tune gen (-data, files separated by commas) and writes its
weights (-out), which surakarta.ReadNetwork reads and the engine's
option NetworkFile loads. A seeded part of the positions (-validation)
is kept aside. Each position's target is its game's result blended with
its search's score: lambda·σ(K·score) + (1−lambda)·result, where σ(K·s) is
the win probability of a score s on the scale of the Tuned evaluator (K
per point, -k); a position without a search score takes its result. The
loss is the cross-entropy between σ(output) and the target, minimised by
Adam over mini-batches, the learning rate cut to a tenth for the last
quarter of the epochs. Each epoch turns every training position by one of
the board's eight symmetries (rotations and reflections, which map the
circuits onto themselves and so keep a position's value), drawn at random:
eight times the positions for the network to learn from (-augment). The
fit is the same for the same flags and data on any number of cores.

With -dedup the positions that repeat (the same pieces and side to
move, whatever the counts) are kept once, where they first come, with
the mean of their results and of their targets: the openings' early
positions, which many games share, then weigh no more than others, and
a position cannot be in both parts. The default keeps every copy.

The validation positions are runs of 64 consecutive positions of the
data, about two games, so that a game seldom lends positions to both
parts. It prints the losses, against the results alone, of Tuned, of the
network built into the library and of the fitted network (the networks'
integer inference, as the evaluator computes it) on the validation
positions.

flags:
`

// netConfig is what surakarta-tune net does.
type netConfig struct {
	data                   []string
	out                    string
	hidden, second, epochs int
	buckets                int
	batch, concurrency     int
	rate, lambda, k        float64
	validation             float64
	splitSeed, seed        uint64
	augment, dedup         bool
}

// runNet runs surakarta-tune net.
func runNet(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("surakarta-tune net", flag.ContinueOnError)
	var c netConfig
	data := flags.String("data", "positions.txt", "data files of surakarta-tune gen, separated by commas")
	out := flags.String("out", "network.nnue", "file to write the weights to")
	flags.IntVar(&c.hidden, "hidden", 64, fmt.Sprintf("first-layer units for each side's view, 1 to %d", nnue.MaxHidden))
	flags.IntVar(&c.second, "second", 16, fmt.Sprintf("second-layer units, 0 (none) to %d", nnue.MaxSecond))
	flags.IntVar(&c.buckets, "buckets", 1, fmt.Sprintf("output buckets: sets of output weights, each for a range of the number of pieces, 1 to %d", nnue.MaxBuckets))
	flags.IntVar(&c.epochs, "epochs", 12, "passes over the training positions")
	flags.IntVar(&c.batch, "batch", 1024, "positions a step of Adam")
	flags.Float64Var(&c.rate, "rate", 0.002, "Adam's learning rate")
	flags.Float64Var(&c.lambda, "lambda", 0.5, "weight of the search's score in the target, 0 to 1")
	flags.Float64Var(&c.k, "k", tunedeval.Scale, "K, the slope of the win probability per point")
	flags.Float64Var(&c.validation, "validation", 0.1, "part of the positions kept for validation")
	flags.Uint64Var(&c.splitSeed, "split-seed", 1, "seed of the split into training and validation")
	flags.Uint64Var(&c.seed, "seed", 1, "seed of the initial weights and of the order of the positions")
	flags.BoolVar(&c.augment, "augment", true, "turn each training position by a random symmetry of the board each epoch")
	flags.BoolVar(&c.dedup, "dedup", false, "keep each repeated position once, with its copies' mean result and target")
	flags.IntVar(&c.concurrency, "concurrency", 0, "goroutines (0: one per core); the result does not depend on it")
	if code, ok := cmdflag.ParseAll(flags, args, netUsage, stdout, stderr); !ok {
		return code
	}
	c.data, c.out = strings.Split(*data, ","), *out
	bad := func(err error) int { return cmdflag.BadArgs(flags, stderr, err) }
	switch {
	case c.hidden < 1 || c.hidden > nnue.MaxHidden:
		return bad(fmt.Errorf("-hidden %d: want 1 to %d", c.hidden, nnue.MaxHidden))
	case c.second < 0 || c.second > nnue.MaxSecond:
		return bad(fmt.Errorf("-second %d: want 0 to %d", c.second, nnue.MaxSecond))
	case c.buckets < 1 || c.buckets > nnue.MaxBuckets:
		return bad(fmt.Errorf("-buckets %d: want 1 to %d", c.buckets, nnue.MaxBuckets))
	case c.epochs < 1 || c.epochs > 10_000:
		return bad(fmt.Errorf("-epochs %d: want 1 to 10000", c.epochs))
	case c.batch < 1 || c.batch > 1<<20:
		return bad(fmt.Errorf("-batch %d: want 1 to %d", c.batch, 1<<20))
	case !(c.rate > 0 && c.rate < 1):
		return bad(fmt.Errorf("-rate %g: want a rate between 0 and 1", c.rate))
	case !(c.lambda >= 0 && c.lambda <= 1):
		return bad(fmt.Errorf("-lambda %g: want 0 to 1", c.lambda))
	case !(c.k > 0 && c.k <= 1):
		return bad(fmt.Errorf("-k %g: want a slope above 0, up to 1 per point", c.k))
	case !(c.validation > 0 && c.validation < 1):
		return bad(fmt.Errorf("-validation %g: want a fraction between 0 and 1", c.validation))
	case c.concurrency < 0:
		return bad(fmt.Errorf("-concurrency %d: want 0 or more", c.concurrency))
	}
	if err := trainNet(c, stdout); err != nil {
		fmt.Fprintln(stderr, flags.Name()+":", err)
		return 1
	}
	return 0
}

// netSample is a position of the data as the network's training takes it.
type netSample struct {
	pieces [2]uint64
	side   uint8
	result float32 // the game's result for the side to move
	target float32 // the training target: the result blended with the search's score
}

// dedupSamples keeps the first of the samples of each position (its pieces
// and side to move) and its place in positions, with the mean result and
// target of all its samples.
func dedupSamples(all []netSample, positions []surakarta.Position) ([]netSample, []surakarta.Position) {
	type key struct {
		pieces [2]uint64
		side   uint8
	}
	type sums struct {
		at             int // the index of the kept sample
		n              int
		result, target float64
	}
	seen := make(map[key]*sums, len(all))
	var kept []netSample
	var keptPositions []surakarta.Position
	for i, s := range all {
		k := key{s.pieces, s.side}
		if t, ok := seen[k]; ok {
			t.n++
			t.result += float64(s.result)
			t.target += float64(s.target)
			continue
		}
		seen[k] = &sums{at: len(kept), n: 1, result: float64(s.result), target: float64(s.target)}
		kept = append(kept, s)
		keptPositions = append(keptPositions, positions[i])
	}
	for _, t := range seen {
		if t.n > 1 {
			kept[t.at].result = float32(t.result / float64(t.n))
			kept[t.at].target = float32(t.target / float64(t.n))
		}
	}
	return kept, keptPositions
}

// trainNet runs surakarta-tune net.
func trainNet(c netConfig, stdout io.Writer) error {
	start := time.Now()
	var all []netSample
	var positions []surakarta.Position
	for _, name := range c.data {
		ps, results, scores, err := readData(name)
		if err != nil {
			return err
		}
		for i, p := range ps {
			s := netSample{side: uint8(p.SideToMove()), result: float32(results[i]), target: float32(results[i])}
			s.pieces = [2]uint64{uint64(p.Pieces(surakarta.Black)), uint64(p.Pieces(surakarta.White))}
			if scores[i] != noSearchScore {
				s.target = float32(c.lambda*sigmoid(c.k*float64(scores[i])) + (1-c.lambda)*results[i])
			}
			all = append(all, s)
		}
		positions = append(positions, ps...)
	}
	if c.dedup {
		n := len(all)
		all, positions = dedupSamples(all, positions)
		fmt.Fprintf(stdout, "%d positions, %d of them repeated: %d kept\n", n, n-len(all), len(all))
	}
	if len(all) < 10 {
		return fmt.Errorf("%d positions, too few to train on", len(all))
	}
	// The validation positions are whole runs of validationRun
	// consecutive positions, about two games' (gen writes a game's
	// positions one after the other), so that few games have positions
	// on both sides of the split.
	runs := (len(all) + validationRun - 1) / validationRun
	inVal := make([]bool, runs)
	for _, i := range rand.New(rand.NewPCG(c.splitSeed, 0x6e6e_7565)).Perm(runs)[:max(1, int(float64(runs)*c.validation))] {
		inVal[i] = true
	}
	var val, train []netSample
	var tuned []float64
	ev := surakarta.NewTuned()
	for i, s := range all {
		if inVal[i/validationRun] {
			val = append(val, s)
			tuned = append(tuned, float64(ev.Evaluate(&positions[i])))
		} else {
			train = append(train, s)
		}
	}
	all, positions = nil, nil
	fmt.Fprintf(stdout, "%d positions: %d for training, %d for validation (read in %s)\n",
		len(train)+len(val), len(train), len(val), time.Since(start).Round(time.Millisecond))
	tunedLoss := 0.0
	for i, s := range val {
		tunedLoss += logLoss(sigmoid(c.k*tuned[i]), float64(s.result))
	}
	builtInLoss := networkLoss(nnue.Default(), val, c.k)
	fmt.Fprintf(stdout, "validation loss against the results: Tuned %.6f, the built-in network %.6f\n",
		tunedLoss/float64(len(val)), builtInLoss)

	r := rand.New(rand.NewPCG(c.seed, 0x6e6e_7565))
	m, err := nnue.NewModel(c.hidden, c.second, c.buckets, r)
	if err != nil {
		return err
	}
	t := newTrainer(m, c)
	for epoch := range c.epochs {
		rate := c.rate
		if epoch >= c.epochs*3/4 {
			rate /= 10
		}
		r.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		if c.augment {
			for i := range train {
				train[i].pieces = symmetric(train[i].pieces, r.IntN(8))
			}
		}
		began := time.Now()
		loss := t.epoch(train, rate)
		fmt.Fprintf(stdout, "epoch %d: training loss %.6f, validation loss %.6f (target) %.6f (results), %s\n",
			epoch+1, loss, t.loss(val, false), t.loss(val, true), time.Since(began).Round(time.Millisecond))
	}
	net, err := m.Quantize(c.k)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "validation loss against the results: network %d×%d, %d buckets, as integers %.6f (Tuned %.6f, the built-in network %.6f)\n",
		c.hidden, c.second, c.buckets, networkLoss(net, val, c.k), tunedLoss/float64(len(val)), builtInLoss)
	f, err := os.Create(c.out)
	if err != nil {
		return err
	}
	if err := net.Write(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s in %s\n", c.out, time.Since(start).Round(time.Second))
	return nil
}

// networkLoss returns the mean loss against the results of net, its
// integer inference as the evaluator computes it, on the positions val:
// the measure the fitted network and the built-in one are compared by.
func networkLoss(net *nnue.Net, val []netSample, k float64) float64 {
	loss := 0.0
	for _, s := range val {
		var a nnue.Accumulator
		net.Refresh(&a, &s.pieces)
		loss += logLoss(sigmoid(k*float64(net.Score(&a, s.side))), float64(s.result))
	}
	return loss / float64(len(val))
}

// validationRun is the length of the runs of consecutive positions that
// go to validation or training together.
const validationRun = 64

// netParts is the number of parts a mini-batch is split into, each
// summed into a gradient of its own and the gradients then added in
// order: a fixed number, so that the fit is the same on any number of
// cores.
const netParts = 8

// trainer fits a model by Adam.
type trainer struct {
	m       *nnue.Model
	workers int
	batch   int
	grads   [netParts][]float32
	mean    []float32 // Adam's first moment
	square  []float32 // Adam's second moment
	steps   int
}

func newTrainer(m *nnue.Model, c netConfig) *trainer {
	t := &trainer{m: m, workers: c.concurrency, batch: c.batch}
	if t.workers == 0 {
		t.workers = runtime.GOMAXPROCS(0)
	}
	for i := range t.grads {
		t.grads[i] = make([]float32, len(m.Params))
	}
	t.mean, t.square = make([]float32, len(m.Params)), make([]float32, len(m.Params))
	return t
}

// epoch makes a pass of Adam steps over data at rate and returns the mean
// training loss against the targets.
func (t *trainer) epoch(data []netSample, rate float64) float64 {
	total := 0.0
	for lo := 0; lo < len(data); lo += t.batch {
		batch := data[lo:min(lo+t.batch, len(data))]
		total += t.step(batch, rate)
	}
	return total / float64(len(data))
}

// step makes one Adam step on batch and returns the batch's summed loss.
func (t *trainer) step(batch []netSample, rate float64) float64 {
	var losses [netParts]float64
	inParts(len(batch), netParts, t.workers, func(part, lo, hi int) {
		g := t.grads[part]
		clear(g)
		var tr nnue.Trace
		for _, s := range batch[lo:hi] {
			out := t.m.Forward(&s.pieces, s.side, &tr)
			q := sigmoid(float64(out))
			losses[part] += logLoss(q, float64(s.target))
			t.m.Backward(&tr, float32(q-float64(s.target)), g)
		}
	})
	g := t.grads[0]
	for _, other := range t.grads[1:] {
		for i, v := range other {
			g[i] += v
		}
	}
	const beta1, beta2, epsilon = 0.9, 0.999, 1e-8
	t.steps++
	c1 := 1 - math.Pow(beta1, float64(t.steps))
	c2 := 1 - math.Pow(beta2, float64(t.steps))
	scale := float32(rate * math.Sqrt(c2) / c1)
	n := float32(len(batch))
	for i, v := range g {
		v /= n
		t.mean[i] = beta1*t.mean[i] + (1-beta1)*v
		t.square[i] = beta2*t.square[i] + (1-beta2)*v*v
		t.m.Params[i] -= scale * t.mean[i] / (float32(math.Sqrt(float64(t.square[i]))) + epsilon)
	}
	t.m.Clamp()
	sum := 0.0
	for _, l := range losses {
		sum += l
	}
	return sum
}

// loss returns the model's mean loss on data against the targets, or
// against the results alone.
func (t *trainer) loss(data []netSample, results bool) float64 {
	var losses [netParts]float64
	inParts(len(data), netParts, t.workers, func(part, lo, hi int) {
		var tr nnue.Trace
		for _, s := range data[lo:hi] {
			y := s.target
			if results {
				y = s.result
			}
			losses[part] += logLoss(sigmoid(float64(t.m.Forward(&s.pieces, s.side, &tr))), float64(y))
		}
	})
	sum := 0.0
	for _, l := range losses {
		sum += l
	}
	return sum / float64(len(data))
}

// symmetric returns the placement pieces mapped by the k-th of the
// board's eight symmetries: k = 0 is the identity, bit 0 mirrors left to
// right, bit 1 top to bottom, bit 2 in the a1–f6 diagonal.
func symmetric(pieces [2]uint64, k int) [2]uint64 {
	var out [2]uint64
	for c, b := range pieces {
		for ; b != 0; b &= b - 1 {
			s := bits.TrailingZeros64(b)
			x, y := s%6, s/6
			if k&1 != 0 {
				x = 5 - x
			}
			if k&2 != 0 {
				y = 5 - y
			}
			if k&4 != 0 {
				x, y = y, x
			}
			out[c] |= 1 << (y*6 + x)
		}
	}
	return out
}
