// Package tunedeval is the Tuned evaluator of package surakarta: its
// features, its scoring formula and its fitted weights, in one place for
// the evaluator and for the tuner that fits the weights (cmd/surakarta-tune),
// which must compute exactly what the evaluator computes.
//
// A position is given as package surakarta keeps it: the bitboards of
// Black and White (bit s is square s), their packed circuit rings
// (circuit.Gather of each bitboard) and the side to move, 0 for Black and
// 1 for White.
//
// Every feature is counted from the side to move's point of view: most
// are the side to move's count minus the opponent's (pieces, steps, loops
// held, places per circuit, point classes, clumps), while attacks,
// undefended targets, threat points and whether a side can capture at all
// are counted for each side apart, since the side to move acts first.
// Each has two weights, one for the opening and one for the endgame,
// blended by the phase (Phase); see Score.
package tunedeval

import (
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/bitboard"
	"github.com/surakarta-go/surakarta/internal/circuit"
)

// Phases is the phase of a position with 24 pieces (the start) in the
// blend of the weights; with 4 or fewer pieces the phase is 0.
const Phases = 20

// Unit is the number of weight units in one point of the evaluation.
const Unit = 16

// MaxScore bounds the scores: surakarta.MaxEvaluation.
const MaxScore = 100_000

// Scale is K, the slope of the win probability 1/(1+exp(−K·score)) on
// which the weights were fitted, per point: fitted to EndgameAdjusted by
// the first fit and kept by the refit (surakarta-tune fit -k), so that a
// score keeps its meaning for the search's margins, the analysis and MCTS.
const Scale = 0.030607

// The features, in the order of Names.
const (
	tfPieces         = iota // pieces, side to move minus opponent
	tfSteps                 // legal steps
	tfAttacksUs             // opposing pieces the side to move can capture
	tfAttacksThem           // own pieces the opponent can capture
	tfHangingUs             // opposing pieces the side to move can capture that no walk of the opponent defends
	tfHangingThem           // own pieces the opponent can capture that no own walk defends
	tfMultiHanging          // own undefended attacked pieces beyond the first (only one can be saved per move)
	tfAnyAttackUs           // 1 if the side to move can capture
	tfAnyTargetUs           // 1 if the side to move can capture a piece that no walk of the opponent defends
	tfAnyAttackThem         // 1 if the opponent can capture
	tfMutualAttack          // 1 if both sides can capture
	tfHangingNoReply        // 1 if the opponent can capture an undefended own piece and the side to move can capture nothing
	tfDefended              // pieces that an own walk defends
	tfWalkers               // pieces that can walk round a loop (the end pieces of a circuit's lines)
	tfThreatsUs             // empty points one step from a piece of the side to move where that piece would attack
	tfThreatsThem           // the same for the opponent
	tfLoops                 // corner loops held
	tfInner                 // places on the inner circuit
	tfOuter                 // places on the outer circuit
	tfPairs                 // neighbouring pairs of own pieces (clumps)
	tfIsolated              // pieces with no own neighbour
	tfLines                 // files and ranks holding an own piece (spread)
	tfTempo                 // 1: the side to move's bonus
	tfPoints                // first of the 17 point classes, side to move minus opponent
	NumFeatures      = tfPoints + numPointClasses
)

// numPointClasses is the number of point classes: the points of one half
// of the board, files a–c, by rank counted from the side's own edge (files
// d–f mirror a–c), less the corners a1 and f1 of the side's own edge, the
// reference class: a piece there is worth the pieces weight alone, so
// that the pieces weight and the classes do not say the same thing.
const numPointClasses = 17

// Names are the feature names, in the order of the features.
var Names = func() [NumFeatures]string {
	names := [NumFeatures]string{
		tfPieces:         "pieces",
		tfSteps:          "steps",
		tfAttacksUs:      "attacks (side to move)",
		tfAttacksThem:    "attacks (opponent)",
		tfHangingUs:      "undefended targets (side to move)",
		tfHangingThem:    "undefended targets (opponent)",
		tfMultiHanging:   "own undefended attacked pieces beyond one",
		tfAnyAttackUs:    "any attack (side to move)",
		tfAnyTargetUs:    "any undefended target (side to move)",
		tfAnyAttackThem:  "any attack (opponent)",
		tfMutualAttack:   "attacks on both sides",
		tfHangingNoReply: "own undefended target, no attack (opponent)",
		tfDefended:       "defended pieces",
		tfWalkers:        "walkers",
		tfThreatsUs:      "threat points (side to move)",
		tfThreatsThem:    "threat points (opponent)",
		tfLoops:          "loops held",
		tfInner:          "inner circuit places",
		tfOuter:          "outer circuit places",
		tfPairs:          "neighbouring pairs",
		tfIsolated:       "isolated pieces",
		tfLines:          "files and ranks occupied",
		tfTempo:          "tempo",
	}
	for i := range numPointClasses {
		rank, file := (i+1)/3, (i+1)%3
		names[tfPoints+i] = "point " + string(rune('a'+file)) + "/" + string(rune('f'-file)) + " rank " + string(rune('1'+rank))
	}
	return names
}()

// ownClass is the point class of each square for each colour, plus one:
// 0 for the reference class. White's ranks count from rank 6.
var ownClass = func() (c [2][36]uint8) {
	for s := range 36 {
		rank, f := s/6, s%6
		if f > 2 {
			f = 5 - f
		}
		c[0][s] = uint8(rank*3 + f)
		c[1][s] = uint8((5-rank)*3 + f)
	}
	return c
}()

// lineSquares[c][l][m] is the set of squares at the offsets m (a 6-bit
// mask) of line l (ring indices 6l to 6l+5) of circuit c.
var lineSquares = func() (t [2][4][64]uint64) {
	for c := range 2 {
		for l := range 4 {
			for m := range 64 {
				for j := range 6 {
					if m>>j&1 != 0 {
						t[c][l][m] |= 1 << circuit.Square[c][6*l+j]
					}
				}
			}
		}
	}
	return t
}()

// Phase returns the phase of a position with the given pieces: the pieces
// on the board less 4, at most Phases and at least 0.
func Phase(pieces *[2]uint64) int {
	return min(max(bits.OnesCount64(pieces[0]|pieces[1])-4, 0), Phases)
}

// Score returns the score of a position of phase ph with the features f
// and the weights opening and endgame:
//
//	Σ f[i]·(opening[i]·ph + endgame[i]·(Phases−ph)) / (Phases·Unit)
//
// truncated toward zero and clamped to ±MaxScore. A weight missing from a
// short list counts as 0, and weights beyond the features are ignored.
func Score[F int16 | int32](f []F, ph int, opening, endgame []int) int {
	return Blend(Weigh(f, opening), Weigh(f, endgame), ph)
}

// Blend returns the score of a position of phase ph whose features weigh
// so by the opening weights and se by the endgame weights: Score from the
// two sums, which the evaluator computes inline.
func Blend(so, se, ph int) int {
	score := (so*ph + se*(Phases-ph)) / (Phases * Unit)
	return min(max(score, -MaxScore), MaxScore)
}

// Weigh returns the sum of the features f times their weights (see Score).
func Weigh[F int16 | int32](f []F, weights []int) int {
	sum := 0
	for i, v := range weights[:min(len(weights), len(f))] {
		sum += int(f[i]) * v
	}
	return sum
}

// The weight tables must have one weight per feature.
var (
	_ [NumFeatures]int = Opening
	_ [NumFeatures]int = Endgame
)

// Walks is what the capture walks of a position find, by colour.
type Walks struct {
	Attacks  [2]uint64 // opposing pieces each colour can capture
	Defends  [2]uint64 // own pieces that a walk of the same colour meets
	Walkers  [2]uint64 // pieces that walk round a loop
	Launches [2]uint64 // empty points from which a piece of the colour would attack
}

// Walk runs the capture walks of both colours on a position with the given
// packed rings, the walks of the move generator, and records what each
// meets: a piece of the other
// colour is attacked, a piece of the walker's colour is defended (should
// the opponent capture it there, the walker recaptures, unless that
// capture changes the walker's path). It also finds, for each line of a
// circuit, the empty points beyond its end pieces: a piece stepping there
// would walk to the piece that the line's end piece meets next.
func Walk(rings *[2]uint64) Walks {
	var w Walks
	for ci := range 2 {
		black, white := circuit.Doubled(rings[0], ci), circuit.Doubled(rings[1], ci)
		d := black | white
		points := &circuit.RingPoint[ci]
		origin := &circuit.OriginBits[ci]
		for k := uint(0); k < circuit.Len; k += 6 {
			segment := d >> k & 63
			beyond := d >> (k + 6) & (1<<18 - 1) // the 18 points outside the line
			var launchFwd, launchBack uint64     // line offsets of the empty ends
			if segment == 0 {
				launchFwd, launchBack = 63, 63
			} else {
				hi := uint(bits.Len64(segment)-1) & 7
				x := points[k+hi] & 63
				wc := white >> (k + hi) & 1
				w.Walkers[wc] |= 1 << x
				if t := circuit.ForwardHit(d, origin[x], k, hi); t < 2*circuit.Len {
					target := uint64(1) << (points[t&127] & 63)
					if white>>t&1 == wc {
						w.Defends[wc] |= target
					} else {
						w.Attacks[wc] |= target
					}
				}
				lo := uint(bits.TrailingZeros64(segment)) & 7
				x = points[k+lo] & 63
				wc = white >> (k + lo) & 1
				w.Walkers[wc] |= 1 << x
				if t := circuit.BackwardHit(d, origin[x], k, lo); t != k+lo {
					target := uint64(1) << (points[t&127] & 63)
					if white>>t&1 == wc {
						w.Defends[wc] |= target
					} else {
						w.Attacks[wc] |= target
					}
				}
				launchFwd = 63 &^ (1<<(hi+1) - 1)
				launchBack = 1<<lo - 1
			}
			if beyond == 0 {
				continue
			}
			if launchFwd != 0 {
				t := k + 6 + uint(bits.TrailingZeros64(beyond))
				c := ^white >> t & 1 // the colour that would attack
				w.Launches[c] |= lineSquares[ci][k/6&3][launchFwd&63]
			}
			if launchBack != 0 {
				t := k + 5 + uint(bits.Len64(beyond))
				c := ^white >> t & 1
				w.Launches[c] |= lineSquares[ci][k/6&3][launchBack&63]
			}
		}
	}
	return w
}

// Features computes the features of a position into f.
func Features(f *[NumFeatures]int32, pieces, rings *[2]uint64, side uint8) {
	us, them := side&1, side&1^1
	own, opp := pieces[us], pieces[them]
	empty := ^(own | opp) & bitboard.All
	w := Walk(rings)

	f[tfPieces] = int32(bits.OnesCount64(own) - bits.OnesCount64(opp))
	f[tfSteps] = int32(bitboard.CountSteps(own, empty) - bitboard.CountSteps(opp, empty))
	f[tfAttacksUs] = int32(bits.OnesCount64(w.Attacks[us]))
	f[tfAttacksThem] = int32(bits.OnesCount64(w.Attacks[them]))
	hangingUs := bits.OnesCount64(w.Attacks[us] &^ w.Defends[them])
	hangingThem := bits.OnesCount64(w.Attacks[them] &^ w.Defends[us])
	f[tfHangingUs] = int32(hangingUs)
	f[tfHangingThem] = int32(hangingThem)
	f[tfMultiHanging] = int32(max(hangingThem-1, 0))
	f[tfAnyAttackUs] = flag(w.Attacks[us] != 0)
	f[tfAnyTargetUs] = flag(hangingUs > 0)
	f[tfAnyAttackThem] = flag(w.Attacks[them] != 0)
	f[tfMutualAttack] = flag(w.Attacks[us] != 0 && w.Attacks[them] != 0)
	f[tfHangingNoReply] = flag(hangingThem > 0 && w.Attacks[us] == 0)
	f[tfDefended] = int32(bits.OnesCount64(w.Defends[us]) - bits.OnesCount64(w.Defends[them]))
	f[tfWalkers] = int32(bits.OnesCount64(w.Walkers[us]) - bits.OnesCount64(w.Walkers[them]))
	nearOwn, nearOpp := bitboard.Dilate(own), bitboard.Dilate(opp)
	f[tfThreatsUs] = int32(bits.OnesCount64(w.Launches[us] & empty & nearOwn))
	f[tfThreatsThem] = int32(bits.OnesCount64(w.Launches[them] & empty & nearOpp))
	f[tfLoops] = int32(circuit.LoopsHeld(rings[us]) - circuit.LoopsHeld(rings[them]))
	const innerRing, outerRing = circuit.RingSpan, circuit.RingSpan << 32
	f[tfInner] = int32(bits.OnesCount64(rings[us]&innerRing) - bits.OnesCount64(rings[them]&innerRing))
	f[tfOuter] = int32(bits.OnesCount64(rings[us]&outerRing) - bits.OnesCount64(rings[them]&outerRing))
	f[tfPairs] = int32(pairs(own) - pairs(opp))
	f[tfIsolated] = int32(bits.OnesCount64(own&^nearOwn) - bits.OnesCount64(opp&^nearOpp))
	f[tfLines] = int32(lines(own) - lines(opp))
	f[tfTempo] = 1
	// A side's ranks count from its own edge: Black's from rank 1, White's
	// from rank 6, so that the colour-flipped position scores the same.
	var points [numPointClasses + 1]int32 // points[0] is the reference class
	for b := own; b != 0; b &= b - 1 {
		points[ownClass[us][bits.TrailingZeros64(b)]]++
	}
	for b := opp; b != 0; b &= b - 1 {
		points[ownClass[them][bits.TrailingZeros64(b)]]--
	}
	copy(f[tfPoints:], points[1:])
}

// pairs returns the number of neighbouring pairs (orthogonal or diagonal)
// among the points of b.
func pairs(b uint64) int {
	east := b & bitboard.NotFileF
	return bits.OnesCount64(east<<1&b) + bits.OnesCount64(b<<6&b&bitboard.All) +
		bits.OnesCount64(east<<7&b&bitboard.All) + bits.OnesCount64((b&bitboard.NotFileA)<<5&b&bitboard.All)
}

// lines returns the number of files plus the number of ranks that hold a
// point of b.
func lines(b uint64) int {
	const fileA = 1 | 1<<6 | 1<<12 | 1<<18 | 1<<24 | 1<<30
	files := (b | b>>6 | b>>12 | b>>18 | b>>24 | b>>30) & 63
	ranks := (b | b>>1 | b>>2 | b>>3 | b>>4 | b>>5) & fileA
	return bits.OnesCount64(files) + bits.OnesCount64(ranks)
}

// flag returns 1 if b holds, else 0.
func flag(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
