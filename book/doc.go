// Package book is an opening book: for each position reached in the first
// plies of a collection of games, the moves played from it, how often, and
// how they scored for the side that played them. It is built from game
// records (Builder), merged (Merge), thinned (Book.MinCount), written and
// read as a compact binary file (Book.WriteTo, Read; docs/book.md gives
// the format byte by byte), looked up (Book.Moves), and played from: Book.Choose
// picks a move at random, weighted by how often each was played, and
// Searcher plays the book's moves before handing the game to a searcher.
//
// Positions are keyed by their Zobrist hash (surakarta.Position.Hash: the
// pieces and the side to move, not the counters), so transpositions share
// their moves. A hash stands for many positions; Moves returns only the
// stored moves that are legal in the position asked about, so a collision
// can give a wrong book move but never an illegal one.
//
// The ply of a position is counted from its move number, as the game it
// belongs to counts it: 2×(MoveNumber−1), plus one when White is to move.
// A game that starts from a position of its own (a match's opening)
// brings the positions of its own first plies from that ply on.
//
// # Errors
//
// The errors of a file that is not a book, of settings and counts a book
// cannot hold and of nil where a book, a reader or a writer is needed
// wrap ErrInvalidBook, that of a Choice out of range ErrInvalidChoice,
// and Searcher's surakarta.ErrInvalidSearch, as every searcher's do, for
// errors.Is: a caller tells them apart without reading their text. The
// errors of the caller's own reader, writer or files come back wrapped,
// for errors.Is with them.
package book
