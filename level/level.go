package level

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/splitmix"
)

// Count is the number of levels: they are numbered 1 to Count, and level
// Count is the engine at full strength.
const Count = 10

// params are the settings of a level below Count. Such a level scores
// every root move with a plain alpha-beta search (depth plies, then
// captures plies of captures only, within nodes) and chooses among them at
// random (choose); or, when pvsNodes is set, it plays the move of the
// engine (surakarta.PVS with the Network evaluator) searching pvsNodes
// nodes.
type params struct {
	// depth is how many plies ahead the level looks at every move.
	depth int
	// captures is how many plies of captures only it follows beyond
	// depth: with 0 it misses a recapture one ply further.
	captures int
	// nodes is the level's node budget for a move: an iteration (the
	// search one ply deeper) that would need more is dropped, and the
	// move comes from the previous one; the first, one ply, always
	// finishes.
	nodes int64
	// temperature is the randomness of the choice, in the unit of
	// evaluation (a piece is surakarta.PieceValue): each move is chosen with a
	// probability proportional to exp(score/temperature), so moves within
	// a few temperatures of the best are played often; 0 plays the best.
	temperature float64
	// blunder is the probability of playing a move chosen uniformly at
	// random from the moves the level sees instead.
	blunder float64
	// overlook is the probability that each capture at the root goes
	// unseen: the level then chooses as if that capture were not there
	// (unless it overlooks every move).
	overlook float64
	// pvsNodes, when positive, makes the level the engine with this many
	// nodes a move; the fields above are then not used.
	pvsNodes int64
}

// levels are the settings of levels 1 to Count−1.
var levels = [Count - 1]params{
	{depth: 1, captures: 0, nodes: 5_000, temperature: 8, blunder: 0.035, overlook: 0.2},
	{depth: 1, captures: 1, nodes: 10_000, temperature: 6, blunder: 0.04, overlook: 0.15},
	{depth: 1, captures: 1, nodes: 10_000, temperature: 3, blunder: 0.01},
	{depth: 2, captures: 1, nodes: 20_000, temperature: 4, blunder: 0.01},
	{depth: 2, captures: 2, nodes: 40_000, temperature: 2},
	{pvsNodes: 250},
	{pvsNodes: 500},
	{pvsNodes: 1_500},
	{pvsNodes: 5_000},
}

// ErrNoLevel is wrapped by the error of New for a level that is not 1 to
// Count.
var ErrNoLevel = errors.New("level: no level")

// New returns a player of level n, 1 to Count, whose random choices come
// from seed. Level Count is surakarta.NewPVS(surakarta.NewNetwork()), the
// engine at full strength, which searches within the caller's limits and
// uses no seed. It returns an error wrapping ErrNoLevel for n outside 1 to
// Count.
func New(n int, seed uint64) (surakarta.Searcher, error) {
	if n < 1 || n > Count {
		return nil, fmt.Errorf("%w %d (want 1 to %d)", ErrNoLevel, n, Count)
	}
	if n == Count {
		return surakarta.NewPVS(surakarta.NewNetwork()), nil
	}
	p := levels[n-1]
	if p.pvsNodes > 0 {
		return &engineLevel{pvs: surakarta.NewPVS(surakarta.NewNetwork()), nodes: p.pvsNodes}, nil
	}
	return &player{params: p, seed: seed, eval: surakarta.NewTuned()}, nil
}

// engineLevel is a level that plays the engine's move within a node
// budget. It clears the engine before each search, so that its move
// depends on the game alone.
type engineLevel struct {
	pvs   *surakarta.PVS
	nodes int64
}

func (l *engineLevel) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if err := lim.Validate(); err != nil {
		return surakarta.Result{}, err
	}
	if lim.Nodes == 0 || lim.Nodes > l.nodes {
		lim.Nodes = l.nodes
	}
	l.pvs.Clear()
	return l.pvs.Search(ctx, g, lim)
}

func (l *engineLevel) Clear() { l.pvs.Clear() }

// start checks the arguments of a search as the searchers of package
// surakarta do, refuses a search for a win within Limits.Mate moves,
// which a player that looks a ply or two ahead cannot prove, and returns the moves the search may choose from (the
// legal moves, or lim.SearchMoves as the position has them) and the
// random number generator of this search: seeded by seed, the position
// and the ply, so that the same game gets the same choices.
func start(ctx context.Context, g *surakarta.Game, lim surakarta.Limits, seed uint64) ([]surakarta.Move, *rand.Rand, error) {
	if err := surakarta.CheckSearch(ctx, g, lim); err != nil {
		return nil, nil, err
	}
	if lim.Mate > 0 {
		return nil, nil, fmt.Errorf("%w: Mate %d: a player of this level proves no win: search for a win within a number of moves at level %d or with PVS", surakarta.ErrInvalidLimits, lim.Mate, Count)
	}
	p := g.Position()
	moves := p.LegalMoves()
	if len(lim.SearchMoves) > 0 {
		moves = moves[:0:0]
		for _, m := range lim.SearchMoves {
			legal, _ := p.Legal(m)
			moves = append(moves, legal)
		}
	}
	return moves, rand.New(rand.NewPCG(seed, mix(p.Hash()^mix(uint64(g.Ply()))))), nil
}

// mix spreads the bits of x: the SplitMix64 generator's output from x.
func mix(x uint64) uint64 { return splitmix.Next(&x) }

// deadline returns when a search within lim must stop, or the zero time
// for none: MoveTime (which, as for the searchers, keeps no MoveOverhead
// back), and at most a tenth of the mover's time left on a clock less
// MoveOverhead.
func deadline(begin time.Time, lim surakarta.Limits, side surakarta.Color) time.Time {
	var d time.Duration
	if lim.MoveTime > 0 {
		d = lim.MoveTime
	}
	if lim.Clock.IsSet() {
		left, _ := lim.Clock.Left(side)
		c := max((left-lim.MoveOverhead)/10, time.Millisecond)
		if d == 0 || c < d {
			d = c
		}
	}
	if d == 0 {
		return time.Time{}
	}
	return begin.Add(d)
}

// choose returns the index of the move to play among scores: with
// probability blunder any of them uniformly, and otherwise one with a
// probability proportional to exp(score/temperature), or the best (the
// first of the best) when temperature is 0.
func choose(r *rand.Rand, scores []int, temperature, blunder float64) int {
	if blunder > 0 && r.Float64() < blunder {
		return r.IntN(len(scores))
	}
	best := 0
	for i, s := range scores {
		if s > scores[best] {
			best = i
		}
	}
	if temperature <= 0 {
		return best
	}
	weights := make([]float64, len(scores))
	var sum float64
	for i, s := range scores {
		weights[i] = math.Exp(float64(s-scores[best]) / temperature)
		sum += weights[i]
	}
	x := r.Float64() * sum
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return best
}
