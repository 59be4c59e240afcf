// Command wdlfit fits the win-probability model of the library's
// ScoreWDL to the engine games of experiments/matches: it samples
// positions from the games' records, scores each with a search of fixed
// depth by the default engine (PVS with the Network evaluator, a table of
// 1 MiB cleared before each search, one thread), and fits the model's
// four constants to the games' results by maximum likelihood. It prints
// the constants, as wdl.go writes them, the fit's log-loss against
// simpler models and a calibration table, for docs/wdl.md. Run it from
// experiments/:
//
//	go run ./cmd/wdlfit
//
// Its flags choose the positions (-games, -seed, -minply), the search's
// depth (-depth) and the directory of the records (-matches). The same
// flags give the same figures.
package main

import (
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

func main() {
	matches := flag.String("matches", "matches", "the directory of the match records (*.txt.gz, searched recursively)")
	games := flag.Int("games", 20000, "the most games to sample a position from, one each")
	depth := flag.Int("depth", 5, "the depth of the search that scores each position")
	minPly := flag.Int("minply", 8, "the first ply a position may be sampled at")
	seed := flag.Uint64("seed", 1, "the seed of the sampling")
	flag.Parse()
	if err := run(*matches, *games, *depth, *minPly, *seed); err != nil {
		fmt.Fprintln(os.Stderr, "wdlfit:", err)
		os.Exit(1)
	}
}

// weak are the players whose games are left out: the anchors and the
// lowest levels, which blunder, so that their results say little of what
// a score means between engines that do not.
var weak = regexp.MustCompile(`^(random|greedy|level[1-5])$`)

// sample is a position scored by the search, with its game's result for
// its side to move: 1 a win, 0 a draw, −1 a loss.
type sample struct {
	score, pieces, result int
}

func run(dir string, maxGames, depth, minPly int, seed uint64) error {
	recs, err := readGames(dir)
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 0x77646c))
	rng.Shuffle(len(recs), func(i, j int) { recs[i], recs[j] = recs[j], recs[i] })
	engine := surakarta.NewPVS(surakarta.NewNetwork())
	engine.TableMegabytes = 1
	var samples []sample
	decisive, used := 0, 0
	for _, r := range recs {
		if used == maxGames {
			break
		}
		positions := r.Game.Positions()
		// A position before the last, so that a move is left to play.
		if len(positions)-1 <= minPly {
			continue
		}
		used++
		ply := minPly + rng.IntN(len(positions)-1-minPly)
		p := positions[ply]
		g, err := surakarta.NewGameWithRules(r.Game.StartPosition(), r.Game.Rules())
		if err != nil {
			return err
		}
		for _, m := range r.Game.Moves()[:ply] {
			if err := g.Play(m); err != nil {
				return err
			}
		}
		engine.Clear()
		res, err := engine.Search(context.Background(), g, surakarta.Limits{Depth: depth})
		if err != nil {
			return err
		}
		result := resultFor(r.Result, p.SideToMove())
		if surakarta.IsWin(res.Score) || surakarta.IsLoss(res.Score) || surakarta.IsTableWin(res.Score) || surakarta.IsTableLoss(res.Score) {
			decisive++
			continue
		}
		samples = append(samples, sample{res.Score, p.Count(surakarta.Black) + p.Count(surakarta.White), result})
	}
	fmt.Printf("%d games of %d read (players other than %s), one position each at ply %d or later, searched to depth %d; %d positions scored a win or a loss, left out: %d positions fitted\n\n",
		used, len(recs), weak, minPly, depth, decisive, len(samples))
	report(samples)
	return nil
}

// readGames returns the decided games of the records under dir whose
// players are not weak.
func readGames(dir string) ([]*record.Record, error) {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".txt.gz") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	slices.Sort(files)
	var recs []*record.Record
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		sc := record.NewScanner(z)
		for sc.Scan() {
			r := sc.Record()
			black, _ := r.Header("Black")
			white, _ := r.Header("White")
			if r.Result == "*" || weak.MatchString(black) || weak.MatchString(white) {
				continue
			}
			recs = append(recs, r)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			// Not a file of game records (the SPSA log is gzipped too).
			fmt.Fprintf(os.Stderr, "wdlfit: %s left out: %v\n", name, err)
		}
	}
	return recs, nil
}

// resultFor returns a game's result for side: 1 a win, 0 a draw, −1 a
// loss.
func resultFor(result string, side surakarta.Color) int {
	r := 0
	switch result {
	case "1-0":
		r = 1
	case "0-1":
		r = -1
	}
	if side == surakarta.White {
		r = -r
	}
	return r
}

// model is the win-probability model: with m the pieces divided by 24,
// a = a0 + a1·m and b = b0 + b1·m, a score s wins with the chance
// σ((s−a)/b) and loses with σ((−s−a)/b).
type model [4]float64

// probs returns the model's chances of a win, a draw and a loss.
func (p model) probs(score, pieces int) (w, d, l float64) {
	m := float64(pieces) / 24
	a, b := max(p[0]+p[1]*m, 0), max(p[2]+p[3]*m, 1)
	s := float64(score)
	w = 1 / (1 + math.Exp(-(s-a)/b))
	l = 1 / (1 + math.Exp(-(-s-a)/b))
	return w, max(1-w-l, 0), l
}

// logLoss returns the mean negative log-likelihood of the results under
// the model, in nats.
func (p model) logLoss(samples []sample) float64 {
	sum := 0.0
	for _, s := range samples {
		w, d, l := p.probs(s.score, s.pieces)
		q := d
		switch s.result {
		case 1:
			q = w
		case -1:
			q = l
		}
		sum -= math.Log(max(q, 1e-12))
	}
	return sum / float64(len(samples))
}

// fit returns the model of least log-loss from start, with the
// parameters free[i] false held at start's value, by Nelder–Mead.
func fit(samples []sample, start model, free [4]bool) model {
	var idx []int
	for i, f := range free {
		if f {
			idx = append(idx, i)
		}
	}
	n := len(idx)
	point := func(x []float64) model {
		p := start
		for k, i := range idx {
			p[i] = x[k]
		}
		return p
	}
	f := func(x []float64) float64 { return point(x).logLoss(samples) }
	simplex := make([][]float64, n+1)
	for k := range simplex {
		x := make([]float64, n)
		for j, i := range idx {
			x[j] = start[i]
		}
		if k > 0 {
			x[k-1] += 10
		}
		simplex[k] = x
	}
	vals := make([]float64, n+1)
	for k, x := range simplex {
		vals[k] = f(x)
	}
	for iter := 0; iter < 2000; iter++ {
		order := make([]int, n+1)
		for k := range order {
			order[k] = k
		}
		slices.SortFunc(order, func(a, b int) int { return compare(vals[a], vals[b]) })
		best, worst := order[0], order[n]
		if vals[worst]-vals[best] < 1e-10 {
			break
		}
		centroid := make([]float64, n)
		for _, k := range order[:n] {
			for j := range centroid {
				centroid[j] += simplex[k][j] / float64(n)
			}
		}
		along := func(t float64) []float64 {
			x := make([]float64, n)
			for j := range x {
				x[j] = centroid[j] + t*(simplex[worst][j]-centroid[j])
			}
			return x
		}
		r := along(-1)
		fr := f(r)
		switch {
		case fr < vals[best]:
			if e := along(-2); f(e) < fr {
				simplex[worst], vals[worst] = e, f(e)
			} else {
				simplex[worst], vals[worst] = r, fr
			}
		case fr < vals[order[n-1]]:
			simplex[worst], vals[worst] = r, fr
		default:
			if c := along(0.5); f(c) < vals[worst] {
				simplex[worst], vals[worst] = c, f(c)
				continue
			}
			for _, k := range order[1:] {
				for j := range simplex[k] {
					simplex[k][j] = simplex[best][j] + 0.5*(simplex[k][j]-simplex[best][j])
				}
				vals[k] = f(simplex[k])
			}
		}
	}
	best := 0
	for k := range vals {
		if vals[k] < vals[best] {
			best = k
		}
	}
	return point(simplex[best])
}

func compare(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// report fits the model and a simpler one, and prints the constants, the
// log-losses and the calibration table.
func report(samples []sample) {
	var freq [3]float64
	for _, s := range samples {
		freq[1-s.result]++
	}
	base := 0.0
	for _, c := range freq {
		if c > 0 {
			base -= c / float64(len(samples)) * math.Log(c/float64(len(samples)))
		}
	}
	constant := fit(samples, model{20, 0, 60, 0}, [4]bool{true, false, true, false})
	full := fit(samples, constant, [4]bool{true, true, true, true})
	fmt.Printf("results: %.0f wins, %.0f draws, %.0f losses of the side to move\n\n", freq[0], freq[1], freq[2])
	fmt.Println("| model | log-loss (nats) |")
	fmt.Println("|---|---|")
	fmt.Printf("| the results' frequencies, whatever the score | %.4f |\n", base)
	fmt.Printf("| a, b constant: a = %.1f, b = %.1f | %.4f |\n", constant[0], constant[2], constant.logLoss(samples))
	fmt.Printf("| a, b linear in the pieces (the library's) | %.4f |\n\n", full.logLoss(samples))
	// The same fit on every other position, scored on the others: what
	// the model gives positions it was not fitted to.
	var even, odd []sample
	for i, s := range samples {
		if i%2 == 0 {
			even = append(even, s)
		} else {
			odd = append(odd, s)
		}
	}
	half := fit(even, constant, [4]bool{true, true, true, true})
	fmt.Printf("Fitted on the even-numbered positions alone: log-loss %.4f on them, %.4f on the odd-numbered ones, which it was not fitted to.\n\n", half.logLoss(even), half.logLoss(odd))
	fmt.Printf("const (\n\twdlA0 = %.2f\n\twdlA1 = %.2f\n\twdlB0 = %.2f\n\twdlB1 = %.2f\n)\n\n", full[0], full[1], full[2], full[3])
	calibration(samples, full)
}

// calibration prints, for bands of the score, the positions in each and
// the model's mean win, draw and loss chances beside the results'.
func calibration(samples []sample, p model) {
	bands := []int{-1 << 30, -300, -150, -80, -40, -15, 15, 40, 80, 150, 300, 1 << 30}
	fmt.Println("| score | positions | win: model, games | draw: model, games | loss: model, games |")
	fmt.Println("|---|---|---|---|---|")
	for i := range len(bands) - 1 {
		lo, hi := bands[i], bands[i+1]
		var n int
		var mw, md, ml, ow, od, ol float64
		for _, s := range samples {
			if s.score < lo || s.score >= hi {
				continue
			}
			n++
			w, d, l := p.probs(s.score, s.pieces)
			mw, md, ml = mw+w, md+d, ml+l
			switch s.result {
			case 1:
				ow++
			case 0:
				od++
			default:
				ol++
			}
		}
		if n == 0 {
			continue
		}
		name := fmt.Sprintf("%d to %d", lo, hi-1)
		switch {
		case i == 0:
			name = fmt.Sprintf("below %d", hi)
		case i == len(bands)-2:
			name = fmt.Sprintf("%d and above", lo)
		}
		k := float64(n)
		fmt.Printf("| %s | %d | %.2f, %.2f | %.2f, %.2f | %.2f, %.2f |\n", name, n, mw/k, ow/k, md/k, od/k, ml/k, ol/k)
	}
}
