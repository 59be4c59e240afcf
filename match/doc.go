// Package match plays and scores matches between two engines, A and B,
// the way engine developers test a change: many games from seeded openings,
// each opening played twice with the colours swapped, games in parallel,
// every finished game appended to a record file (so an interrupted match
// resumes, even after a crash cut the file short, and no second match
// writes it meanwhile), and statistics with error bars and a stopping rule.
//
// Run plays a match described by a Config and returns its Outcome. Its
// engines are those of package enginespec: made from a spec such as
// "pvs,endgame" or "pvs,endgame,threads=2" (enginespec.Parse), or from
// any function that returns a surakarta.Searcher. A spec such as
// "ugi:/usr/local/bin/engine" or "gtp:engine -gtp" is an engine program
// played through UGI or GTP, whose every move the rules judge: an illegal
// move, a crash or a timeout loses that game (enginespec.Forfeit), and
// the match goes on. With endgame tables (Config.Tables), a game ends
// at the first position that the tables hold, with their result.
//
// The statistics of an Outcome are those of package elo: W/D/L with the
// score, the Elo difference with its 95% interval and the likelihood of
// superiority (elo.Counts), the same over game pairs (elo.Pentanomial),
// and an SPRT on the pairs (elo.SPRT). Since the two games of a pair
// share an opening, their results are correlated, so the pentanomial
// statistics, which count pairs, are preferred over the trinomial ones,
// which count single games.
//
// The package uses only the public API of packages surakarta, elo,
// enginespec and record, and the internal packages atomicfile, clip,
// errmark, oneline and regularfile.
//
// # Errors
//
// The errors of bad input wrap one of the package's sentinels, for
// errors.Is: ErrInvalidConfig for a Config, SPSAConfig, Shard or SPSA
// parameter that does not validate, ErrTooFewOpenings for openings the
// plies cannot make, ErrMismatch for record files (or a state file) that
// do not make the match, ErrIncomplete for shards' files that lack games
// the result needs, and ErrLocked for a file another process holds. A
// record that does not read is an error wrapping record.ErrInvalid; the
// errors of the caller's engines, files and context come back wrapped,
// for errors.Is with them.
package match
