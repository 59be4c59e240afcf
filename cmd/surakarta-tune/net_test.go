package main

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/nnue"
)

// TestNetLearnsMaterial trains a tiny network on random placements whose
// target is a known function, the win probability of a side a piece
// ahead being σ(2.4) (80 points a piece at K 0.03): its loss must come
// down to within a little of the least any model can have (the targets'
// own entropy), and its integer scores to within a third of a piece of
// 80 points a piece ahead where the loss can tell (up to two pieces; far
// ahead the probability is 1 whatever the score).
func TestNetLearnsMaterial(t *testing.T) {
	const k = 0.03
	r := rand.New(rand.NewPCG(1, 2))
	sample := func() netSample {
		var s netSample
		for c := range 2 {
			for range 1 + r.IntN(12) {
				sq := r.IntN(36)
				if (s.pieces[0]|s.pieces[1])&(1<<sq) == 0 {
					s.pieces[c] |= 1 << sq
				}
			}
		}
		s.side = uint8(r.IntN(2))
		s.target = float32(sigmoid(k * 80 * float64(material(s))))
		s.result = s.target
		return s
	}
	train, val := make([]netSample, 20000), make([]netSample, 1000)
	for i := range train {
		train[i] = sample()
	}
	for i := range val {
		val[i] = sample()
	}
	entropy := 0.0
	for _, s := range val {
		entropy += logLoss(float64(s.target), float64(s.target))
	}
	entropy /= float64(len(val))
	m, err := nnue.NewModel(8, 4, 2, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	tr := newTrainer(m, netConfig{batch: 64, concurrency: 2})
	before := tr.loss(val, false)
	for epoch := range 12 {
		r.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		rate := 0.01
		if epoch >= 9 {
			rate = 0.001
		}
		tr.epoch(train, rate)
	}
	after := tr.loss(val, false)
	if after-entropy > 0.01 || before-entropy < 0.1 {
		t.Errorf("validation loss %.4f before, %.4f after training; the least possible is %.4f", before, after, entropy)
	}
	net, err := m.Quantize(k)
	if err != nil {
		t.Fatal(err)
	}
	worst := 0
	for _, s := range val {
		if abs(material(s)) > 2 {
			continue
		}
		var a nnue.Accumulator
		net.Refresh(&a, &s.pieces)
		worst = max(worst, abs(net.Score(&a, s.side)-80*material(s)))
	}
	if worst > 80/3 {
		t.Errorf("the integer network's score is off the material by up to %d points", worst)
	}
}

// material returns the side to move's pieces minus the opponent's.
func material(s netSample) int {
	return bits.OnesCount64(s.pieces[s.side]) - bits.OnesCount64(s.pieces[s.side^1])
}

func abs(x int) int { return max(x, -x) }

// TestNetSameOnAnyCores checks that the fit does not depend on the number
// of goroutines.
func TestNetSameOnAnyCores(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	data := make([]netSample, 3000)
	for i := range data {
		for _, sq := range r.Perm(36)[:2+r.IntN(20)] {
			data[i].pieces[sq&1] |= 1 << sq
		}
		data[i].side = uint8(i & 1)
		data[i].target = float32(r.Float64())
	}
	var params [2][]float32
	for i, workers := range []int{1, 3} {
		m, _ := nnue.NewModel(8, 2, 3, rand.New(rand.NewPCG(7, 8)))
		tr := newTrainer(m, netConfig{batch: 100, concurrency: workers})
		tr.epoch(data, 0.01)
		params[i] = m.Params
	}
	for i := range params[0] {
		if params[0][i] != params[1][i] {
			t.Fatalf("parameter %d: %g on 1 goroutine, %g on 3", i, params[0][i], params[1][i])
		}
	}
}

// TestSymmetric checks the board's symmetries: eight distinct maps of a
// placement with no symmetry of its own, each keeping the piece counts,
// each returning the placement when applied four times (every symmetry
// of the square has order 1, 2 or 4), and the composition of any two of
// them one of the eight, so that turning a position by a random symmetry
// each epoch keeps it among its own eight.
func TestSymmetric(t *testing.T) {
	p := [2]uint64{1<<0 | 1<<1 | 1<<8, 1 << 20}
	images := map[[2]uint64]bool{}
	for k := range 8 {
		q := symmetric(p, k)
		if bits.OnesCount64(q[0]) != 3 || bits.OnesCount64(q[1]) != 1 || q[0]&q[1] != 0 {
			t.Fatalf("symmetry %d maps %x to %x", k, p, q)
		}
		images[q] = true
		if four := symmetric(symmetric(symmetric(q, k), k), k); four != p {
			t.Errorf("symmetry %d applied four times gives %x, not %x", k, four, p)
		}
	}
	if len(images) != 8 {
		t.Fatalf("%d distinct placements from the eight symmetries, want 8", len(images))
	}
	for j := range 8 {
		for k := range 8 {
			if q := symmetric(symmetric(p, j), k); !images[q] {
				t.Errorf("symmetry %d after %d gives %x, none of the eight", k, j, q)
			}
		}
	}
}

// TestNetCommand trains a network on gen's data through the command and
// reads it with surakarta.ReadNetwork.
func TestNetCommand(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "positions.txt")
	if code, _, errOut := runCmd("gen", "-games", "6", "-nodes", "300", "-out", data); code != 0 {
		t.Fatalf("gen: exit %d, %s", code, errOut)
	}
	out := filepath.Join(dir, "net.nnue")
	code, stdout, errOut := runCmd("net", "-data", data+","+data, "-hidden", "8", "-second", "0", "-buckets", "2", "-epochs", "2", "-out", out)
	if code != 0 {
		t.Fatalf("net: exit %d, %s", code, errOut)
	}
	for _, want := range []string{"for training", "Tuned", "the built-in network", "epoch 2:", "as integers", "wrote "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the output lacks %q:\n%s", want, stdout)
		}
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n, err := surakarta.ReadNetwork(f)
	if err != nil {
		t.Fatal(err)
	}
	if h, s := n.Size(); h != 8 || s != 0 {
		t.Errorf("the network read back is %d×%d, want 8×0", h, s)
	}
	p := surakarta.NewPosition()
	if s := n.Evaluate(&p); math.Abs(float64(s)) > surakarta.MaxEvaluation {
		t.Errorf("the start scores %d", s)
	}
}

// TestDedupSamples merges samples of one position (the same pieces and
// side to move, the counts apart) into the first, with their mean result
// and target, and keeps apart the same pieces with the other side to move.
func TestDedupSamples(t *testing.T) {
	texts := []string{
		"6/6/2b3/6/3w1w/b5 b 0 20", // A
		"5w/3b2/1b4/6/6/6 w 3 25",  // B
		"6/6/2b3/6/3w1w/b5 b 4 31", // A, other counts
		"6/6/2b3/6/3w1w/b5 w 0 20", // A's pieces, White to move
		"6/6/2b3/6/3w1w/b5 b 1 9",  // A again
		"5w/3b2/1b4/6/6/6 w 0 12",  // B again
	}
	results := []float32{1, 0, 0, 1, 1, 0.5}
	targets := []float32{0.9, 0.2, 0.3, 0.6, 0.6, 0.4}
	var all []netSample
	var positions []surakarta.Position
	for i, text := range texts {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			t.Fatal(err)
		}
		s := netSample{side: uint8(p.SideToMove()), result: results[i], target: targets[i]}
		s.pieces = [2]uint64{uint64(p.Pieces(surakarta.Black)), uint64(p.Pieces(surakarta.White))}
		all = append(all, s)
		positions = append(positions, p)
	}
	kept, keptPositions := dedupSamples(all, positions)
	want := []struct {
		text           string
		result, target float64
	}{
		{texts[0], 2.0 / 3, 1.8 / 3},
		{texts[1], 0.25, 0.3},
		{texts[3], 1, 0.6},
	}
	if len(kept) != len(want) || len(keptPositions) != len(want) {
		t.Fatalf("kept %d samples and %d positions, want %d", len(kept), len(keptPositions), len(want))
	}
	for i, w := range want {
		if got := keptPositions[i].String(); got != w.text {
			t.Errorf("kept position %d is %s, want %s", i, got, w.text)
		}
		if math.Abs(float64(kept[i].result)-w.result) > 1e-6 || math.Abs(float64(kept[i].target)-w.target) > 1e-6 {
			t.Errorf("kept sample %d (%s): result %g, target %g, want %g, %g", i, w.text, kept[i].result, kept[i].target, w.result, w.target)
		}
	}
}

// TestNetDedupCommand trains with -dedup on a data file given twice:
// every position is then repeated, and the kept count must be the number
// of distinct placements and sides to move in the file, counted here from
// its text.
func TestNetDedupCommand(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "positions.txt")
	if code, _, errOut := runCmd("gen", "-games", "4", "-nodes", "300", "-out", data); code != 0 {
		t.Fatalf("gen: exit %d, %s", code, errOut)
	}
	text, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	distinct := map[string]bool{}
	for _, l := range lines {
		f := strings.Fields(l) // placement, side, counts;result;score
		distinct[f[0]+" "+f[1]] = true
	}
	code, stdout, errOut := runCmd("net", "-data", data+","+data, "-dedup", "-hidden", "4", "-second", "0", "-epochs", "1", "-out", filepath.Join(dir, "net.nnue"))
	if code != 0 {
		t.Fatalf("net: exit %d, %s", code, errOut)
	}
	n := 2 * len(lines)
	want := fmt.Sprintf("%d positions, %d of them repeated: %d kept\n", n, n-len(distinct), len(distinct))
	if !strings.Contains(stdout, want) {
		t.Errorf("the output lacks %q:\n%s", want, stdout)
	}
}
