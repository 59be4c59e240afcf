package tablebase

import "context"

// solveQuiet generates the tables of the pair under a quiet-ply limit
// without a repetition limit. A position's result for the mover depends
// on r, the quiet plies left before the limit ends the game by the piece
// count (r = limit − the position's quiet plies, 0 to limit): with none
// left, or a blocked mover, the piece count decides; with r, the best of
// the captures (which leave the pair and reset the count: the position
// after one is worth what the smaller tables give with the whole limit
// left) and of the quiet moves, each worth what the position after it is
// worth with r − 1.
//
// As a function of r that result is a step function, so two thresholds
// lo and hi hold it for every r (decodeQuiet), each 1 to limit + 1, the
// limit + 1 meaning never:
//
//   - With unequal material the side behind (B) loses at the limit, and
//     "B gets at least a draw" and "B wins" are each a goal B reaches by
//     forcing, within r quiet plies, a capture that gives it that: more
//     plies left never hurt B, who can play as with fewer. So for the
//     mover the result is the piece count's below lo (the side ahead
//     wins), a draw from lo and B's win from hi: lo and hi are the
//     fewest quiet plies in which B forces the goals, each the distance
//     of a retrograde analysis (retrograde) in which B's goal is the
//     only end that counts: a capture that reaches it is a win for B,
//     every other capture and a blocked mover an escape for the side
//     ahead, and the distance counts the capture as a ply.
//   - With as many pieces on each side the limit draws, and "the mover
//     forces a winning capture within r" and "the other side does" are
//     both goals that more plies never spoil, which cannot both be
//     reached (with the larger r both sides would win). So the result is
//     a draw below a threshold and from it a win (from lo) or a loss
//     (from hi): one retrograde analysis with the captures worth what
//     they lead to, a capture counted as a ply, a blocked mover a draw.
//
// It returns the thresholds of every position g of the pair
// (p.offsets[k]+i for position i of class k).
func solveQuiet(ctx context.Context, p pair, limit int, exit exitFunc, workers int) (lo, hi []uint16, err error) {
	never := uint16(limit + 1)
	if len(p.classes) == 1 {
		// As many pieces on each side. The smaller tables give results
		// alone, a capture's code at distance 0.
		codes, err := retrograde(ctx, p, exit, ends{maxDistance: limit, stop: true}, workers)
		if err != nil {
			return nil, nil, err
		}
		hi = make([]uint16, p.total)
		for g, c := range codes {
			a, b := never, never
			switch result(c) {
			case vWin:
				a = uint16(plies(c))
			case vLoss:
				b = uint16(plies(c))
			}
			codes[g], hi[g] = a, b
		}
		return codes, hi, nil
	}
	var behind [2]bool // whether the mover of class k is the side with fewer pieces
	for k, c := range p.classes {
		behind[k] = c.mover < c.other
	}
	// pass returns, for every position, the fewest quiet plies left with
	// which the side behind forces a result at least goal.
	pass := func(goal int) ([]uint16, error) {
		e := ends{
			exit: func(k int, x uint16) uint16 {
				v := result(x) // for the side to move after the capture
				if behind[k] {
					v = negate(v)
				}
				switch {
				case rankOf(v) < rankOf(goal):
					return code(vDraw, 0) // not the goal: the side ahead escapes
				case behind[k]:
					return code(vLoss, 0) // the side behind captures to its goal: a win of the mover
				}
				return code(vWin, 0) // the side ahead captures into it: a loss of the mover
			},
			blocked:     func(class) uint16 { return code(vDraw, 0) },
			maxDistance: limit,
			stop:        true,
		}
		codes, err := retrograde(ctx, p, exit, e, workers)
		if err != nil {
			return nil, err
		}
		for g, c := range codes {
			k := 0
			if uint64(g) >= p.offsets[1] {
				k = 1
			}
			// The goal reached is a win of the side behind as mover, a
			// loss of the side ahead; nothing else is ever settled.
			reached := vLoss
			if behind[k] {
				reached = vWin
			}
			d := never
			if result(c) == reached {
				d = uint16(plies(c))
			}
			codes[g] = d
		}
		return codes, nil
	}
	if lo, err = pass(vDraw); err != nil {
		return nil, nil, err
	}
	if hi, err = pass(vWin); err != nil {
		return nil, nil, err
	}
	return lo, hi, nil
}
