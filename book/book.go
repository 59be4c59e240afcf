package book

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/surakarta-go/surakarta"
)

// MaxPlies is the most plies a book can cover: its plies are stored in one
// byte.
const MaxPlies = 255

// DefaultPlies is the plies from the start a Builder covers by default:
// the positions of the first six moves of each side.
const DefaultPlies = 12

// ErrInvalidBook is wrapped by the errors of Read for a file that is not a
// book, is of another version, is truncated or damaged, and by those of
// NewBuilder, Merge and Builder.Add for settings or counts a book cannot
// hold; and by those of Read, Merge, WriteTo, MarshalBinary and
// UnmarshalBinary given nil where they need a reader, a writer or a
// book.
var ErrInvalidBook = errors.New("book: invalid book")

// Book is an opening book: moves with their counts, keyed by the hash of
// the position they were played from. It is only read once made, so it is
// safe for concurrent use.
//
// A nil *Book reads as an empty book, as a nil slice reads as an empty
// one, so that a program with no book can look moves up without a
// check: no plies, games, entries or moves, and MinCount returns nil. It
// cannot be written (WriteTo and MarshalBinary fail, as they do for the
// zero Book, which has no plies either), read into (UnmarshalBinary) or
// merged (Merge): those fail with an error wrapping ErrInvalidBook.
type Book struct {
	plies   int
	games   uint32
	entries []entry // sorted by hash, from, to; no key twice
}

// entry is one move of one position: the key and the results of the
// games that played it, for the side that played it.
type entry struct {
	hash                uint64
	from, to            surakarta.Square
	wins, draws, losses uint32
}

func (e entry) count() uint64 { return uint64(e.wins) + uint64(e.draws) + uint64(e.losses) }

// compareEntries orders entries by their key: hash, then from, then to.
func compareEntries(a, b entry) int {
	return cmp.Or(cmp.Compare(a.hash, b.hash), cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to))
}

// MoveStats is a book move and the results of the games that played it,
// for the side that played it.
type MoveStats struct {
	Move                surakarta.Move
	Wins, Draws, Losses int
}

// Count returns the number of games that played the move.
func (m MoveStats) Count() int { return m.Wins + m.Draws + m.Losses }

// Score returns the move's score for the side that played it, from 0 to
// 1: a win counts 1, a draw a half.
func (m MoveStats) Score() float64 {
	if m.Count() == 0 {
		return 0
	}
	return (float64(m.Wins) + float64(m.Draws)/2) / float64(m.Count())
}

// Plies returns the plies from the start the book covers: it holds the
// positions of plies 0 to Plies−1.
func (b *Book) Plies() int {
	if b == nil {
		return 0
	}
	return b.plies
}

// Games returns the number of games the book was built from.
func (b *Book) Games() int {
	if b == nil {
		return 0
	}
	return int(b.games)
}

// Entries returns the number of moves the book stores, each a position's
// move.
func (b *Book) Entries() int {
	if b == nil {
		return 0
	}
	return len(b.entries)
}

// Positions returns the number of distinct position hashes the book
// stores.
func (b *Book) Positions() int {
	if b == nil {
		return 0
	}
	n := 0
	for i, e := range b.entries {
		if i == 0 || e.hash != b.entries[i-1].hash {
			n++
		}
	}
	return n
}

// Moves returns the book's moves of p that are legal in p, the most played
// first (then the best scoring, then in the order of their text), and
// none when the book does not hold p. A stored move that is not legal in
// p, which only a hash collision gives, is left out.
func (b *Book) Moves(p surakarta.Position) []MoveStats {
	if b == nil {
		return nil
	}
	h := p.Hash()
	i, _ := slices.BinarySearchFunc(b.entries, h, func(e entry, h uint64) int { return cmp.Compare(e.hash, h) })
	var moves []MoveStats
	for ; i < len(b.entries) && b.entries[i].hash == h; i++ {
		e := b.entries[i]
		m, err := p.Legal(surakarta.NewMove(e.from, e.to))
		if err != nil {
			continue
		}
		moves = append(moves, MoveStats{Move: m, Wins: int(e.wins), Draws: int(e.draws), Losses: int(e.losses)})
	}
	slices.SortStableFunc(moves, func(a, b MoveStats) int {
		return cmp.Or(cmp.Compare(b.Count(), a.Count()), cmp.Compare(b.Score(), a.Score()), cmp.Compare(a.Move.String(), b.Move.String()))
	})
	return moves
}

// MinCount returns a book of b's moves played at least n times (all of
// them for n ≤ 1), with b's plies and games; nil for a nil b.
func (b *Book) MinCount(n int) *Book {
	if b == nil {
		return nil
	}
	out := &Book{plies: b.plies, games: b.games}
	for _, e := range b.entries {
		if e.count() >= uint64(max(n, 0)) {
			out.entries = append(out.entries, e)
		}
	}
	return out
}

// Merge returns a book of the moves of all the books, the counts of a
// position's move that several hold added: its plies the largest of
// theirs, its games their sum. It fails, wrapping ErrInvalidBook, when a
// count or the games would pass the 32 bits the file stores them in, and
// when no book is given or one is nil.
func Merge(books ...*Book) (*Book, error) {
	if len(books) == 0 {
		return nil, fmt.Errorf("%w: no books to merge", ErrInvalidBook)
	}
	for i, b := range books {
		if b == nil {
			return nil, fmt.Errorf("%w: book %d of the %d to merge is nil", ErrInvalidBook, i+1, len(books))
		}
	}
	out := &Book{}
	var games uint64
	var all []entry
	for _, b := range books {
		out.plies = max(out.plies, b.plies)
		games += uint64(b.games)
		all = append(all, b.entries...)
	}
	if games > math.MaxUint32 {
		return nil, fmt.Errorf("%w: %d games in all, more than a book holds (%d)", ErrInvalidBook, games, uint64(math.MaxUint32))
	}
	out.games = uint32(games)
	slices.SortStableFunc(all, compareEntries)
	for _, e := range all {
		n := len(out.entries)
		if n == 0 || compareEntries(out.entries[n-1], e) != 0 {
			out.entries = append(out.entries, e)
			continue
		}
		last := &out.entries[n-1]
		if last.count()+e.count() > math.MaxUint32 {
			return nil, fmt.Errorf("%w: a move played %d times, more than a book holds (%d)", ErrInvalidBook, last.count()+e.count(), uint64(math.MaxUint32))
		}
		last.wins += e.wins
		last.draws += e.draws
		last.losses += e.losses
	}
	return out, nil
}

// Ply returns the ply of p counted from its move number: 2×(MoveNumber−1),
// plus one when White is to move (Black moves first).
func Ply(p surakarta.Position) int {
	ply := 2 * (p.MoveNumber() - 1)
	if p.SideToMove() == surakarta.White {
		ply++
	}
	return ply
}
