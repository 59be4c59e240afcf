// Package level makes players of every strength, from one that a
// beginner can beat to the full engine: Count strength levels, numbered 1
// to Count, and two anchors below them, a random mover (NewRandom) and a
// greedy player that captures whenever it can (NewGreedy).
//
// Level Count is the engine at full strength, surakarta.NewPVS with the
// Network evaluator, searching within the caller's Limits. The levels below
// it play like weaker players, not like random movers: the lower levels
// look only one or two plies ahead and see few of the captures that follow
// (a strong player follows every capture sequence to its end), overlook
// some of their own captures, choose among the moves they think plausible
// at random, better moves more often, and now and then play any move at
// all, scoring with the Tuned evaluator, which is cheaper called alone
// than the network; the upper levels search with the engine itself, with
// a small budget of nodes. Each level below Count has its own depth and node budget,
// never a time: it plays the same moves on a fast machine and a slow one.
// The caller's Limits still apply, the tighter of the two bounding the
// search, so a caller's Nodes or Depth below a level's budget weakens it
// further, and a MoveTime too short for the budget stops it early. The
// levels that search with the engine look for a win within Limits.Mate
// moves as the engine does, within their budget; the lower levels and the
// anchors, which prove nothing, refuse such a search with an error
// wrapping surakarta.ErrInvalidLimits.
//
// The levels' Elo, measured by matches against each other and against the
// anchors on one scale, is in the module's docs/levels.md, with the
// matches that measured it.
//
// Every player of this package but level Count is deterministic for its
// seed: its move depends only on the seed and the game (the position, the
// moves that led to it and the limits), never on the searches before, so
// the same game gets the same moves. Level Count, the engine, keeps its
// transposition table between searches, as surakarta.PVS does, and is
// deterministic for a fixed sequence of searches at a fixed depth or node
// count. Players are not safe for concurrent use.
//
// # Errors
//
// The error of New for a level that is not 1 to Count wraps ErrNoLevel,
// and those of the players' searches wrap the sentinels of package
// surakarta, as every searcher's do (surakarta.ErrInvalidLimits for a
// search they refuse), for errors.Is.
package level
