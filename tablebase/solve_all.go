package tablebase

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/bitboard"
)

// pair is a unit of generation: a class and its partner, the class of the
// positions after a quiet move (mover and other swapped), which depend on
// each other. A class whose sides have as many pieces is its own partner.
type pair struct {
	classes []class // one or two
	offsets []uint64
	total   uint64
}

func newPair(c class) pair {
	p := pair{classes: []class{c}}
	if c.mover != c.other {
		p.classes = append(p.classes, class{c.other, c.mover})
	}
	for _, k := range p.classes {
		p.offsets = append(p.offsets, p.total)
		p.total += k.size()
	}
	return p
}

// partnerOffset returns the offset of the partner of the pair's class k.
func (p pair) partnerOffset(k int) uint64 { return p.offsets[len(p.classes)-1-k] }

// exitFunc returns, for a capture, the entry of the position after it:
// a class with one piece fewer, already generated.
type exitFunc func(c class, i uint64) uint16

// solveAll generates the capture-all tables of the pair: for every
// position the result for the mover and the plies to the end of the game,
// the winner taking the fewest and the loser the most (retrograde, the
// ends of the game as they are). It returns the codes of each class.
func solveAll(ctx context.Context, p pair, exit exitFunc, workers int) ([][]uint16, error) {
	codes, err := retrograde(ctx, p, exit, ends{maxDistance: maxPlies}, workers)
	if err != nil {
		return nil, err
	}
	out := make([][]uint16, len(p.classes))
	for k, c := range p.classes {
		out[k] = codes[p.offsets[k] : p.offsets[k]+c.size()]
		for i, e := range out[k] {
			if result(e) == vUnknown {
				out[k][i] = code(vDraw, 0)
			}
		}
	}
	return out, nil
}

// ends say how retrograde counts the ends of the games of a pair's
// positions: the captures, which leave the pair, and a mover without a
// legal move.
type ends struct {
	// exit, if not nil, maps the entry of the position after a capture
	// by the mover of the pair's class k (exitFunc's, or code(vLoss, 0)
	// for a capture of the last piece) to the code retrograde takes for
	// it: a result for the side to move after the capture and its plies.
	// Nil takes the entry as it is.
	exit func(k int, e uint16) uint16
	// blocked, if not nil, returns the code of a position of class c
	// whose mover has no legal move. Nil: the piece count decides, at
	// distance 0.
	blocked func(c class) uint16
	// maxDistance is the largest distance wanted. A distance beyond it
	// is an error, or with stop set is not looked for: retrograde leaves
	// the positions it would settle there unknown.
	maxDistance int
	stop        bool
}

// retrograde is a retrograde analysis by distance of the pair. It
// returns, for every position g of the pair (p.offsets[k]+i for
// position i of class k), the code of its result for the mover and its
// distance in plies, the winner taking the fewest and the loser the
// most, or vUnknown when neither side can force an end: what counts as
// an end, and what it is worth, e says.
//
// A first pass (on workers goroutines) plays every move: captures leave
// the class and are looked up in the smaller tables (exit, then
// e.exit), a blocked mover ends the game (e.blocked), and quiet moves
// are counted. Then distance by distance, every position whose value is
// settled at that distance passes it back to its predecessors, found by
// unmaking a quiet move: a loss makes them wins one ply further, a win
// takes one from their count of quiet moves not yet known to lose, and a
// predecessor whose count reaches zero is a loss (or a draw if a capture
// draws).
func retrograde(ctx context.Context, p pair, exit exitFunc, e ends, workers int) ([]uint16, error) {
	codes := make([]uint16, p.total)
	count := make([]uint8, p.total)     // quiet moves not yet known to lead to a win of the other side
	lossExit := make([]uint16, p.total) // 1<<15: a capture draws; below: the most plies of a losing capture, +1
	levels := newLevels()
	err := parallel(ctx, p, workers, func(k int, c class, from, to uint64) {
		var buf [surakarta.MaxMoves]surakarta.Move
		cur := newCursor(c, from)
		for i := from; i < to; i++ {
			mover, other := cur.placement()
			pos, _ := surakarta.NewPositionFromSets(surakarta.SquareSet(mover), surakarta.SquareSet(other), surakarta.Black)
			moves := pos.AppendLegalMoves(buf[:0])
			g := p.offsets[k] + i
			if len(moves) == 0 {
				if e.blocked != nil {
					codes[g] = e.blocked(c)
				} else {
					codes[g] = code(adjudicate(c), 0)
				}
			} else {
				win, loss, draw, quiet := 0, 0, false, 0
				for _, m := range moves {
					if !m.IsCapture() {
						quiet++
						continue
					}
					from, to := uint64(1)<<m.From(), uint64(1)<<m.To()
					childMover, childOther := other&^to, mover&^from|to
					x := code(vLoss, 0) // the other side has no piece left
					if childMover != 0 {
						x = exit(class{c.other - 1, c.mover}, index(childMover, childOther))
					}
					if e.exit != nil {
						x = e.exit(k, x)
					}
					switch result(x) {
					case vLoss:
						if win == 0 || plies(x)+1 < win {
							win = plies(x) + 1
						}
					case vWin:
						loss = max(loss, plies(x)+1)
					default:
						draw = true
					}
				}
				count[g] = uint8(quiet)
				lossExit[g] = uint16(loss)
				if draw {
					lossExit[g] |= 1 << 15
				}
				switch {
				case win > 0:
					codes[g] = code(vWin, win)
				case quiet > 0:
				case draw:
					codes[g] = code(vDraw, 0)
				default:
					codes[g] = code(vLoss, loss)
				}
			}
			if i+1 < to {
				cur.next()
			}
		}
	})
	if err != nil {
		return nil, err
	}
	for g, c := range codes {
		if v := result(c); v == vWin || v == vLoss {
			levels.add(plies(c), uint32(g))
		}
	}
	for d := 0; d < len(levels.at); d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d+1 > e.maxDistance {
			if e.stop {
				break
			}
			return nil, fmt.Errorf("tablebase: a distance above %d plies", e.maxDistance)
		}
		for _, g := range levels.at[d] {
			c := codes[g]
			if plies(c) != d {
				continue // settled nearer since
			}
			k := 0
			if uint64(g) >= p.offsets[len(p.offsets)-1] {
				k = len(p.classes) - 1
			}
			mover, other := p.classes[k].placement(uint64(g) - p.offsets[k])
			loss := result(c) == vLoss
			base := p.partnerOffset(k)
			empty := ^(mover | other) & bitboard.All
			for rest := other; rest != 0; rest &= rest - 1 {
				t := rest & -rest
				for back := neighbours[bits.TrailingZeros64(t)] & empty; back != 0; back &= back - 1 {
					pr := base + index(other&^t|back&-back, mover)
					pc := codes[pr]
					switch {
					case loss:
						if result(pc) == vUnknown || (result(pc) == vWin && plies(pc) > d+1) {
							codes[pr] = code(vWin, d+1)
							levels.add(d+1, uint32(pr))
						}
					case result(pc) == vUnknown:
						count[pr]--
						if count[pr] > 0 {
							break
						}
						if lossExit[pr]&(1<<15) != 0 {
							codes[pr] = code(vDraw, 0)
							break
						}
						n := max(d+1, int(lossExit[pr]))
						codes[pr] = code(vLoss, n)
						levels.add(n, uint32(pr))
					}
				}
			}
		}
		levels.at[d] = nil
	}
	return codes, nil
}

// levels holds the positions settled at each distance, to pass back.
type levels struct{ at [][]uint32 }

func newLevels() *levels { return &levels{} }

func (l *levels) add(d int, g uint32) {
	for len(l.at) <= d {
		l.at = append(l.at, nil)
	}
	l.at[d] = append(l.at[d], g)
}
