package surakarta

import (
	"errors"
	"fmt"
	"io"

	"github.com/surakarta-go/surakarta/internal/nnue"
)

// Network is an evaluator that is a small neural network trained on the
// positions of self-play games: the pieces of each side on each square,
// seen from both sides' points of view, go through a first layer of
// clipped linear units, then a small second layer, to the logit of the
// side to move's win probability, turned into a score on the unit of
// evaluation by the slope of Tuned's win probability. Its inference is in
// integers, the same on every platform.
//
// It is an IncrementalEvaluator: the searchers of this package keep the
// first layer's sums up to date as they play moves (NewPath), adding the
// weights of the few squares a move changes to the parent's sums, instead
// of summing every piece at every node; Evaluate, called alone, sums them
// all. It is the strongest evaluator of
// this package, the engine's default: it beat Tuned by matches at a fixed
// time a move and on a clock. The module's docs/network.md
// tells how the network was trained, its architecture, the size of its
// weights and what its matches measured; cmd/surakarta-tune trains one.
//
// A Network is safe for concurrent use and Evaluate allocates nothing.
// The zero Network evaluates with the network built into the package, as
// NewNetwork's does; ReadNetwork reads weights of your own.
type Network struct {
	net *nnue.Net
}

// NewNetwork returns the evaluator of the network built into the package.
func NewNetwork() *Network { return &Network{net: nnue.Default()} }

// ReadNetwork reads a network's weights as surakarta-tune net writes them
// and returns its evaluator. It returns an error wrapping
// ErrInvalidNetwork for anything else, and for weights whose integer sums
// could overflow; a failure to read r is returned as it is, wrapped.
func ReadNetwork(r io.Reader) (*Network, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: the reader is nil", ErrInvalidNetwork)
	}
	n, err := nnue.Read(r)
	if err != nil {
		if errors.Is(err, nnue.ErrFormat) {
			return nil, fmt.Errorf("%w: %w", ErrInvalidNetwork, err)
		}
		return nil, fmt.Errorf("surakarta: reading a network: %w", err)
	}
	return &Network{net: n}, nil
}

// Size returns the network's layer sizes: the first layer's units for each
// side's point of view and the second layer's units (0 for none).
func (n *Network) Size() (hidden, second int) {
	net := n.network()
	return net.Hidden, net.Second
}

// Evaluate returns the score of p for its side to move.
func (n *Network) Evaluate(p *Position) int {
	net := n.network()
	var a nnue.Accumulator
	net.Refresh(&a, &p.pieces)
	return clampEvaluation(net.Score(&a, uint8(p.side)))
}

// NewPath returns a path of the network's first-layer sums for a search:
// the Network is an IncrementalEvaluator, whose path keeps the sums of
// each ply and makes a position's from the nearest ply below when at most
// maxUpdate squares differ.
func (n *Network) NewPath() PathEvaluator {
	path := &networkPath{net: n.network(), accs: make([]nnue.Accumulator, MaxPly+1)}
	for i := range path.accs {
		path.accs[i].Pieces = noPlacement
	}
	return path
}

// networkPath is a Network's PathEvaluator.
type networkPath struct {
	net  *nnue.Net
	accs []nnue.Accumulator // the sums of the position last evaluated at each ply
}

// noPlacement marks an accumulator that holds no placement's sums: no
// position has both colours on every square.
var noPlacement = [2]uint64{^uint64(0), ^uint64(0)}

// maxUpdate is the most squares an accumulator is updated by; a placement
// further from every accumulator on the path is summed afresh.
const maxUpdate = 8

// Evaluate returns the network's score of p, the position at ply of the
// search path. Its accumulator is the one at ply when that was summed for
// p's placement (a null move's child, a position searched again); else it
// is made from the nearest accumulator below ply that holds a placement,
// usually the parent's, by the squares that differ, or summed afresh when
// none is near.
func (w *networkPath) Evaluate(p *Position, ply int) int {
	if ply < 0 || ply >= len(w.accs) {
		var a nnue.Accumulator
		w.net.Refresh(&a, &p.pieces)
		return clampEvaluation(w.net.Score(&a, uint8(p.side)))
	}
	a := &w.accs[ply]
	if a.Pieces != p.pieces {
		from := -1
		for j := ply - 1; j >= 0; j-- {
			if w.accs[j].Pieces != noPlacement {
				from = j
				break
			}
		}
		if from >= 0 && nnue.Changes(&w.accs[from].Pieces, &p.pieces) <= maxUpdate {
			w.net.Update(a, &w.accs[from], &p.pieces)
		} else {
			w.net.Refresh(a, &p.pieces)
		}
	}
	return clampEvaluation(w.net.Score(a, uint8(p.side)))
}

// network returns the network, the built-in one for the zero Network.
func (n *Network) network() *nnue.Net {
	if n == nil || n.net == nil {
		return nnue.Default()
	}
	return n.net
}
