// Package tablebase makes and probes endgame tables for Surakarta: the
// exact value, with best play, of every position of 2 to 8 pieces in all,
// so that a search (surakarta.PVS.Tables) or a program (Tables.Value,
// Tables.BestMove) knows such positions rather than estimates them.
//
// A table holds one material class, the side to move's piece count and
// the other side's ("3v2"), for one rule set, in one file of a
// directory: 3v2-all.sktb, 3v2-q50.sktb, with one entry for each orbit
// of its positions under the eight symmetries of the board (rotations
// and reflections, which map the capture circuits onto themselves): an
// eighth of the positions, nearly. Generate makes them by retrograde
// analysis, each piece count from the one below; Open opens a
// directory's tables for probing, reading blocks as probes need them.
//
// # Which tables fit which rules
//
// A table's values hold under the rules it was made under, and a search
// uses tables only in a game of those rules (surakarta.PVS refuses other
// tables with an error wrapping surakarta.ErrInvalidSearch):
//
//   - Capture-all tables (Options{QuietPlyLimit: 0}, the default; files
//     MvO-all.sktb) are made without a quiet-ply limit: a game that never
//     ends is a draw. They hold the result and the plies to the end. They
//     fit games with QuietPlyLimit 0, whatever their repetition limit.
//   - Tables of a quiet-ply limit L (Options{QuietPlyLimit: L}; files
//     MvO-qL.sktb) hold the result for every count of quiet plies left,
//     as two thresholds a position.
//     They fit games with QuietPlyLimit L, whatever their repetition limit.
//
// A repetition limit does not keep tables out: the search scores
// repetitions on its path before it asks them, though under one a table's
// win may still be spoilt by a repetition (docs/tablebases.md).
//
// So the default game, surakarta.NewGame's (the Olympiad rules:
// QuietPlyLimit 50, RepetitionLimit 2), needs the tables of
// Options{QuietPlyLimit: 50}, not the default capture-all ones, which do
// not fit it. Open takes the rules of the games to be searched and
// fails with ErrNoTables, naming the rules of the tables the directory
// does hold, when it holds none of those.
//
// # Making and opening them
//
//	// The tables of up to 4 pieces for games under the Olympiad rules.
//	opt := tablebase.Options{Pieces: 4, QuietPlyLimit: 50}
//	if err := tablebase.Generate(ctx, "tables", opt); err != nil {
//		log.Fatal(err)
//	}
//	g := surakarta.NewGame(p)
//	t, err := tablebase.Open("tables", g.Rules())
//	if err != nil {
//		log.Fatal(err) // ErrNoTables: none of the game's rules in the directory
//	}
//	defer t.Close()
//	pvs := surakarta.NewPVS(surakarta.NewNetwork())
//	pvs.Tables = t
//
// or from the command line, cmd/surakarta-tb generate -dir tables -pieces
// 4 -quiet-plies 50. Tables of a quiet-ply limit cost about what
// capture-all ones do to make: a position's result for every count of
// quiet plies follows from two thresholds, which the same retrograde
// analysis computes (docs/tablebases.md has the figures and their
// commands).
//
// # Damaged files
//
// A file is refused with ErrMismatch when it is not the table its name
// says (another version, rule set or class), with ErrCorrupt when it is
// damaged: every block has a checksum, and a header may not make a reader
// allocate or read more than the class needs, whatever it claims. Only
// regular files are opened, and without waiting, so that a named pipe
// under a table's name cannot block. Open fails on any such file;
// OpenUsable leaves it out, and Tables.Dropped says which and why. A
// block a probe finds damaged drops its table: it is not read again.
// Generate makes a damaged table again, and removes the temporary files a
// stopped generator left.
//
// # Errors
//
// The errors of the package wrap its sentinels, for errors.Is: ErrMismatch
// and ErrCorrupt for files, ErrNoTables for a directory without tables of
// the rules, ErrNotInTables and ErrClosed for probes, and
// ErrInvalidOptions for Generate's options; invalid Rules are an error
// wrapping surakarta.ErrInvalidRules. The errors of the file system, such
// as a directory that is not there (fs.ErrNotExist) or a path that is not
// a directory (syscall.ENOTDIR), come back wrapped, for errors.Is with
// them.
package tablebase
