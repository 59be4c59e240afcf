package tablebase

import (
	"context"
	"math/bits"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/bitboard"
)

// This file keeps the generator of the quiet-ply tables of format
// version 1 as the tests' reference: a backward induction that holds the
// result of every position for every number of quiet plies left, which
// the thresholds of solveQuiet must give (quiet_test.go). It solves
// pairs of every placement (everyPlacement), as it did then.

// better reports whether the result a is better than b for the mover:
// win, then draw, then loss.
func better(a, b int) bool { return rankOf(a) > rankOf(b) }

// blocked marks, in solveQuietPlanes's captures, a mover without a legal
// move.
const blocked = 0xff

// solveQuietPlanes solves the pair under a quiet-ply limit without a
// repetition limit: for every position and every number r of
// quiet plies left before the limit ends the game by the piece count (r =
// limit − the position's quiet plies, 0 to limit), the result for the
// mover. It returns the results r-major: entry r·p.total+g is position g
// of the pair (p.offsets[k]+i for position i of class k) with r plies
// left.
//
// The game is then finite, and the value is a plain backward induction on
// r: with 0 plies left, or a blocked mover, the piece count decides; with
// r, the best of the captures (which reset the count: the position after
// one is looked up with the whole limit left, exitAt) and of the quiet
// moves, each worth what the position after it is worth with r − 1.
func solveQuietPlanes(ctx context.Context, p pair, limit int, exit exitFunc, workers int) ([]uint8, error) {
	n := p.total
	captures := make([]uint8, n) // the best capture's result for the mover, 0 for none, or blocked
	err := parallel(ctx, p, workers, func(k int, c class, from, to uint64) {
		var buf [surakarta.MaxMoves]surakarta.Move
		cur := p.ix.newCursor(c, from)
		for i := from; i < to; i++ {
			mover, other := cur.placement()
			pos, _ := surakarta.NewPositionFromSets(surakarta.SquareSet(mover), surakarta.SquareSet(other), surakarta.Black)
			moves := pos.AppendLegalMoves(buf[:0])
			best := 0
			if len(moves) == 0 {
				best = blocked
			}
			for _, m := range moves {
				if !m.IsCapture() {
					continue
				}
				from, to := uint64(1)<<m.From(), uint64(1)<<m.To()
				childMover, childOther := other&^to, mover&^from|to
				v := vWin
				if childMover != 0 {
					v = negate(int(exit(class{c.other - 1, c.mover}, p.ix.index(class{c.other - 1, c.mover}, childMover, childOther))))
				}
				if best == 0 || better(v, best) {
					best = v
				}
			}
			captures[p.offsets[k]+i] = uint8(best)
			if i+1 < to {
				cur.next()
			}
		}
	})
	if err != nil {
		return nil, err
	}
	planes := make([]uint8, uint64(limit+1)*n)
	for k, c := range p.classes {
		v := uint8(adjudicate(c))
		for i := p.offsets[k]; i < p.offsets[k]+p.ix.size(c); i++ {
			planes[i] = v
		}
	}
	for r := 1; r <= limit; r++ {
		prev, plane := planes[uint64(r-1)*n:uint64(r)*n], planes[uint64(r)*n:uint64(r+1)*n]
		err := parallel(ctx, p, workers, func(k int, c class, from, to uint64) {
			base := p.partnerOffset(k)
			cur := p.ix.newCursor(c, from)
			adjudicated := adjudicate(c)
			for i := from; i < to; i++ {
				g := p.offsets[k] + i
				best := int(captures[g])
				if best == blocked {
					plane[g] = uint8(adjudicated)
				} else {
					mover, other := cur.placement()
					empty := ^(mover | other) & bitboard.All
				moves:
					for rest := mover; rest != 0; rest &= rest - 1 {
						s := rest & -rest
						for to := neighbours[bits.TrailingZeros64(s)] & empty; to != 0; to &= to - 1 {
							v := negate(int(prev[base+p.ix.index(class{c.other, c.mover}, other, mover&^s|to&-to)]))
							if best == 0 || better(v, best) {
								best = v
								if v == vWin {
									break moves
								}
							}
						}
					}
					plane[g] = uint8(best)
				}
				if i+1 < to {
					cur.next()
				}
			}
		})
		if err != nil {
			return nil, err
		}
	}
	return planes, nil
}
