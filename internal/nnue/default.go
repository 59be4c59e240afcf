package nnue

import (
	_ "embed"
	"sync"
)

// defaultWeights is the weights file of the network built into the
// package, made by surakarta-tune net (see the module's docs/network.md).
//
//go:embed default.nnue
var defaultWeights []byte

// Default returns the network built into the package. The weights are
// checked by the package's tests; Default panics if they were damaged.
var Default = sync.OnceValue(func() *Net {
	n, err := Parse(defaultWeights)
	if err != nil {
		panic("nnue: the built-in weights: " + err.Error())
	}
	return n
})
