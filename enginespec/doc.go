// Package enginespec makes engines from specs, the short texts by which a
// command line or a configuration names an engine: a searcher of package
// surakarta with an evaluator (the network when none is named) and
// options ("pvs", "pvs,tuned", "pvs,endgame,threads=2,tb=/var/tables"),
// a player of package level ("level3", "random,seed=7"), or an engine
// program played through UGI or GTP ("ugi:/usr/local/bin/engine",
// "gtp:engine -gtp"). Parse reads a spec into an Engine: a name, and a
// function that makes its searchers, as many as the games played at once
// need. Parse's documentation is the grammar.
//
// The commands of this module take their engines in this grammar
// (surakarta-match, surakarta-analyze and surakarta-play, each with
// -engine), so that a tool of your own that takes a spec names engines as
// they do, with the same options and the same errors.
//
// The searcher of an engine program starts the program on its first
// search and ends it when closed (it implements io.Closer). The library's
// rules judge every move the program answers: a program that answers an
// illegal move, crashes or does not answer in time makes the search fail
// with a *Forfeit, which package match counts as a lost game rather than
// a broken match.
//
// The package uses the public API of packages surakarta, level (through
// internal/registry, which names the searchers, evaluators and players),
// ugi and gtp (the clients of engine programs), and internal/clip,
// internal/errmark (the sentinel of Parse's errors) and internal/tbdir
// (the endgame tables of tb=DIR).
//
// # Errors
//
// Every error of Parse wraps ErrInvalidSpec, and that of
// Engine.NewSearcher surakarta.ErrInvalidSearch, for errors.Is: a caller
// tells a bad spec from other failures without reading its text. A
// search of an engine program that the program loses returns a
// *Forfeit, for errors.As, which wraps what went wrong: ErrExited,
// ErrProtocol or ErrRefused of the client (package ugi or gtp), or
// surakarta.ErrIllegalMove for a move the rules refuse; one lost on time
// has OnTime set.
package enginespec
