package book

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/surakarta-go/surakarta"
)

// Searcher plays from a book: in a position of ply below Plies (see Ply)
// that the book holds, it plays one of the book's moves, chosen by
// Choice; elsewhere it hands the search to Next. A book move is never one
// that ends the game other than by its mover's win (such as by a
// repetition the game's history makes), nor one outside the
// Limits.SearchMoves; when none is left, Next searches. A search for a
// win within Limits.Mate moves is always Next's.
//
// The Result of a book move has the move, as its PV and its one Line,
// with score 0, depth 0 and no nodes; no Progress is reported. Like the
// searchers of package surakarta, a Searcher is not safe for concurrent
// use (Next is not, nor Rand); the Book may be shared.
type Searcher struct {
	Book *Book
	// Next searches the positions the book does not play in. It must
	// not be nil.
	Next surakarta.Searcher
	// Plies is the plies from the start the book is played in: 0 means
	// the book's own Plies.
	Plies  int
	Choice Choice
	// Rand, when set, is where Choice draws from; nil: the package
	// math/rand/v2's generator, so that every game may differ.
	Rand *rand.Rand
	// Played, when set, is called before Search returns a book move,
	// with the move's statistics in the book: an engine tells its GUI
	// that the move came from the book, and how it scored there.
	Played func(MoveStats)
}

// Search plays a book move of g's position, if the book has one to play
// there, and otherwise returns Next's search. Invalid settings (no Next,
// no Book, Plies negative, a Choice that does not validate) are errors
// wrapping surakarta.ErrInvalidSearch.
func (s *Searcher) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	switch {
	case s.Next == nil:
		return surakarta.Result{}, fmt.Errorf("%w: a book searcher without a Next searcher", surakarta.ErrInvalidSearch)
	case s.Book == nil:
		return surakarta.Result{}, fmt.Errorf("%w: a book searcher without a book", surakarta.ErrInvalidSearch)
	case s.Plies < 0:
		return surakarta.Result{}, fmt.Errorf("%w: book plies %d: want 0 (the book's) or more", surakarta.ErrInvalidSearch, s.Plies)
	}
	if err := s.Choice.Validate(); err != nil {
		return surakarta.Result{}, fmt.Errorf("%w: %w", surakarta.ErrInvalidSearch, err)
	}
	if ctx != nil && g != nil && lim.Validate() == nil && lim.Mate == 0 {
		if st, ok := s.bookMove(g, lim); ok {
			if s.Played != nil {
				s.Played(st)
			}
			m := st.Move
			return surakarta.Result{Move: m, PV: []surakarta.Move{m}, Lines: []surakarta.Line{{PV: []surakarta.Move{m}}}}, nil
		}
	}
	return s.Next.Search(ctx, g, lim)
}

// bookMove chooses the book move of g's position, if there is one to
// play, and returns it with its statistics.
func (s *Searcher) bookMove(g *surakarta.Game, lim surakarta.Limits) (MoveStats, bool) {
	p := g.Position()
	plies := s.Plies
	if plies == 0 {
		plies = s.Book.Plies()
	}
	if Ply(p) >= plies || g.Outcome().Over {
		return MoveStats{}, false
	}
	mover := p.SideToMove()
	moves := slices.DeleteFunc(s.Book.Moves(p), func(m MoveStats) bool {
		if len(lim.SearchMoves) > 0 && !slices.ContainsFunc(lim.SearchMoves, func(x surakarta.Move) bool { return x.From() == m.Move.From() && x.To() == m.Move.To() }) {
			return true
		}
		after := g.Clone()
		if after.Play(m.Move) != nil {
			return true
		}
		o := after.Outcome()
		return o.Over && (o.Draw || o.Winner != mover)
	})
	i := s.Choice.choose(moves, s.Rand)
	if i < 0 {
		return MoveStats{}, false
	}
	return moves[i], true
}

// Clear clears Next.
func (s *Searcher) Clear() {
	if s.Next != nil {
		s.Next.Clear()
	}
}
