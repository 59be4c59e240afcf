// Package serve is what the engine servers of packages ugi and gtp share,
// written once: input read line by line with a bound on the line's length,
// output written a whole line at a time from any goroutine, the game under
// the rules the server's options set, those options (MoveOverhead,
// QuietPlyLimit, RepetitionLimit, MultiPV), a search or a perft run in the
// background and reaped when it is over, the engine's searcher called so
// that a panic of it or a search that does not stop cannot take the server
// down, bench, and caps on nodes and depth for tests and fuzzing. The
// protocols' texts are not here: each package writes its own.
package serve
