package main

import "github.com/surakarta-go/surakarta"

// parallelSearch says whether the library's searchers can use more than
// one thread. Until they can, the Threads option is accepted and has no
// effect.
const parallelSearch = false

// selDepthText returns the seldepth part of an info line: empty while the
// library does not report it.
func selDepthText(surakarta.Info) string { return "" }
