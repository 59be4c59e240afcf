// Package puzzle makes puzzles from real games, as a chess server makes
// them from its players' mistakes: a position where one move is clearly
// best, with the line that wins what it wins, for a person (or a player
// of package level) to find.
//
// # What a puzzle is
//
// A Puzzle is a position from a game, the side to move being the solver,
// and its solution: the solver's moves and the opponent's replies,
// alternating, from the solver's first move to the solver's last. It
// comes from a position just after the opponent made a mistake, a move
// that lost at least analysis.MistakeLoss (half a piece) against the
// engine's best; its first move is the one that punishes it.
//
// Each of the solver's moves must be clearly best: a search of the two
// best moves (surakarta.Limits.MultiPV 2) scores it at least Gap (one
// piece, surakarta.PieceValue) above the second best, both scores first
// clamped to ±analysis.ScoreCap, two and a half pieces, a win or a loss
// counting as the cap. So a position already won by far makes no puzzle
// (every good move there wins), nor does one with two ways to win a piece.
// The one exception is the last move of a puzzle that wins the game: any
// move that ends the game with the solver's win at once solves it, as any
// mate in one solves a chess puzzle's last move.
//
// The opponent's replies are the engine's best. The line ends as soon
// as its gain is secured (Kind):
//
//   - WinsGame: the solver's move ends the game, won; the engine's first
//     search saw a win within Options.MaxPlies plies.
//   - WinsMaterial: the solver is Gain pieces (at least one) better off
//     than at the start, counting both sides' pieces, and stays so after
//     the opponent's best reply, which is not part of the solution.
//
// A line that needs more than Options.MaxPlies plies, or on which a move
// of the solver is not clearly best, or that lets the game end otherwise,
// makes no puzzle.
//
// Puzzles are positions under the Olympiad rules (surakarta.OlympiadRules):
// the position carries its quiet plies, and a puzzle's game starts at it,
// without the repetitions of the game it came from.
//
// # Finding, checking and rating them
//
// Find searches every position of a game with MultiPV 2; FromReport uses
// an analysis.Report of the game to search only the positions after the
// opponent's mistakes, which is cheaper when the report is at hand.
// Verify checks a puzzle again with a deeper search, and with endgame
// tables where they hold its positions. Rate finds the lowest level of
// package level that plays its whole solution, its Difficulty. Published
// returns a set of puzzles from the engine's own games, made so.
//
// # The text format
//
// A puzzle is one line of text (Puzzle.String, Parse), and a file of them
// is read by Read, which refuses bad input with the line's number. The
// module's docs/puzzles.md specifies the format.
//
// # Errors
//
// The errors of a puzzle that is malformed or not true to the rules wrap
// ErrInvalidPuzzle, those of arguments the functions cannot use
// ErrInvalidOptions, and Verify's of a puzzle the deeper search or the
// tables refute ErrRejected, for errors.Is: a caller tells them apart
// without reading their text. The errors of the caller's own searcher,
// reader, writer or context come back wrapped, for errors.Is with them.
package puzzle
