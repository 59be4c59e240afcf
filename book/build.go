package book

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// Builder makes a book from game records: each record's moves from the
// positions of ply below its plies (see Ply), with the record's result.
type Builder struct {
	plies   int
	games   uint32
	skipped int
	moves   map[key]*entry
}

// key is an entry's key.
type key struct {
	hash     uint64
	from, to surakarta.Square
}

// NewBuilder returns a builder of a book of the positions of the first
// plies plies (1 to MaxPlies), or an error wrapping ErrInvalidBook.
func NewBuilder(plies int) (*Builder, error) {
	if plies < 1 || plies > MaxPlies {
		return nil, fmt.Errorf("%w: %d plies: want 1 to %d", ErrInvalidBook, plies, MaxPlies)
	}
	return &Builder{plies: plies, moves: make(map[key]*entry)}, nil
}

// Add adds the moves of r played from positions of ply below the
// builder's plies, each counted as a win, a draw or a loss for its mover
// by r's Result. A record without a decided result ("*"), or whose start
// is past the plies, adds nothing: Add reports whether it added the game.
// It fails, wrapping ErrInvalidBook, for a record without a game and when
// a count would pass the 32 bits the file stores it in.
func (b *Builder) Add(r *record.Record) (bool, error) {
	if r == nil || r.Game == nil {
		return false, fmt.Errorf("%w: a record without a game", ErrInvalidBook)
	}
	var winner surakarta.Color
	draw := false
	switch r.Result {
	case "1-0":
		winner = surakarta.Black
	case "0-1":
		winner = surakarta.White
	case "1/2-1/2":
		draw = true
	default:
		b.skipped++
		return false, nil
	}
	positions, moves := r.Game.Positions(), r.Game.Moves()
	if len(moves) == 0 || Ply(positions[0]) >= b.plies {
		b.skipped++
		return false, nil
	}
	if b.games == math.MaxUint32 {
		return false, fmt.Errorf("%w: more games than a book holds (%d)", ErrInvalidBook, uint64(math.MaxUint32))
	}
	b.games++
	for i, m := range moves {
		p := positions[i]
		if Ply(p) >= b.plies {
			break
		}
		k := key{p.Hash(), m.From(), m.To()}
		e := b.moves[k]
		if e == nil {
			e = &entry{hash: k.hash, from: k.from, to: k.to}
			b.moves[k] = e
		}
		if e.count() == math.MaxUint32 {
			return true, fmt.Errorf("%w: a move played more times than a book holds (%d)", ErrInvalidBook, uint64(math.MaxUint32))
		}
		switch {
		case draw:
			e.draws++
		case p.SideToMove() == winner:
			e.wins++
		default:
			e.losses++
		}
	}
	return true, nil
}

// Skipped returns the number of records Add added nothing from: without
// a decided result, without moves, or starting past the plies.
func (b *Builder) Skipped() int { return b.skipped }

// Book returns the book of the records added so far.
func (b *Builder) Book() *Book {
	out := &Book{plies: b.plies, games: b.games}
	for _, k := range slices.SortedFunc(maps.Keys(b.moves), func(x, y key) int {
		return compareEntries(entry{hash: x.hash, from: x.from, to: x.to}, entry{hash: y.hash, from: y.from, to: y.to})
	}) {
		out.entries = append(out.entries, *b.moves[k])
	}
	return out
}
