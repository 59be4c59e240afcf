package surakarta

import (
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
// The searchers of this package keep the first layer's sums up to date
// as they play moves, adding the weights of the few squares a move changes
// to the parent's sums, instead of summing every piece at every node;
// Evaluate, called alone, sums them all. It is the strongest evaluator of
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
// and returns its evaluator. It returns an error for anything else, and
// for weights whose integer sums could overflow.
func ReadNetwork(r io.Reader) (*Network, error) {
	n, err := nnue.Read(r)
	if err != nil {
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

// network returns the network, the built-in one for the zero Network.
func (n *Network) network() *nnue.Net {
	if n == nil || n.net == nil {
		return nnue.Default()
	}
	return n.net
}
