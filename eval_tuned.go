package surakarta

import (
	"math/bits"

	"github.com/surakarta-go/surakarta/internal/circuit"
)

// Tuned is an evaluator whose weights were fitted to the results of
// self-play games rather than set by hand: a weighted sum of features of
// the position (TunedFeatureNames lists them), each feature with two
// weights, one for the opening and one for the endgame, blended by the
// number of pieces on the board. NewTuned returns it with the fitted
// weights; README ("An evaluator learned from games") tells how they were
// fitted, and how to fit your own with examples/tune.
//
// Every feature is counted from the side to move's point of view: most
// are the side to move's count minus the opponent's (pieces, steps,
// loops held, places per circuit, point classes, clumps), while attacks,
// undefended targets and threat points are counted for each side apart,
// since the side to move acts first. The score is
//
//	Σ f[i]·(Opening[i]·ph + Endgame[i]·(TunedPhases−ph)) / (TunedPhases·TunedUnit)
//
// where f = AppendTunedFeatures(nil, p), ph = TunedPhase(p) (TunedPhases
// with 24 pieces on the board, 0 with 4 or fewer), and the sum is truncated toward
// zero and clamped to ±MaxEvaluation. The weights are in 1/TunedUnit of a
// point. The fit puts the evaluation on the same logistic curve of win
// probability as EndgameAdjusted, which keeps it near the six-factor scale,
// though its piece is worth more: about 75 points against about 50.
//
// A weight missing from a short Opening or Endgame counts as 0. The zero
// Tuned scores 0. Like the other evaluators of this package, a Tuned may be
// shared by goroutines as long as nothing changes its weights meanwhile;
// Evaluate allocates nothing.
type Tuned struct {
	Opening []int // weight of each feature with TunedPhases as the phase
	Endgame []int // weight of each feature with phase 0
}

// TunedPhases is the phase of a position with 24 pieces (the start) in the
// blend of Tuned; with 4 or fewer pieces the phase is 0.
const TunedPhases = 20

// TunedUnit is the number of weight units in one point of the evaluation.
const TunedUnit = 16

// The features, in the order of TunedFeatureNames.
const (
	tfPieces       = iota // pieces, side to move minus opponent
	tfSteps               // legal steps
	tfAttacksUs           // opposing pieces the side to move can capture
	tfAttacksThem         // own pieces the opponent can capture
	tfHangingUs           // opposing pieces the side to move can capture that no walk of the opponent defends
	tfHangingThem         // own pieces the opponent can capture that no own walk defends
	tfMultiHanging        // own undefended attacked pieces beyond the first (only one can be saved per move)
	tfDefended            // pieces that an own walk defends
	tfWalkers             // pieces that can walk round a loop (the end pieces of a circuit's lines)
	tfThreatsUs           // empty points one step from a piece of the side to move where that piece would attack
	tfThreatsThem         // the same for the opponent
	tfLoops               // corner loops held
	tfInner               // places on the inner circuit
	tfOuter               // places on the outer circuit
	tfPairs               // neighbouring pairs of own pieces (clumps)
	tfIsolated            // pieces with no own neighbour
	tfLines               // files and ranks holding an own piece (spread)
	tfTempo               // 1: the side to move's bonus
	tfPoints              // first of the 17 point classes, side to move minus opponent
	numTuned       = tfPoints + numPointClasses
)

// numPointClasses is the number of point classes: the points of one half
// of the board, files a–c, by rank counted from the side's own edge (files
// d–f mirror a–c), less the corners a1 and f1 of the side's own edge, the
// reference class: a piece there is worth the pieces weight alone, so
// that the pieces weight and the classes do not say the same thing.
const numPointClasses = 17

// tunedNames are the feature names, in the order of the features.
var tunedNames = func() [numTuned]string {
	names := [numTuned]string{
		tfPieces:       "pieces",
		tfSteps:        "steps",
		tfAttacksUs:    "attacks (side to move)",
		tfAttacksThem:  "attacks (opponent)",
		tfHangingUs:    "undefended targets (side to move)",
		tfHangingThem:  "undefended targets (opponent)",
		tfMultiHanging: "own undefended attacked pieces beyond one",
		tfDefended:     "defended pieces",
		tfWalkers:      "walkers",
		tfThreatsUs:    "threat points (side to move)",
		tfThreatsThem:  "threat points (opponent)",
		tfLoops:        "loops held",
		tfInner:        "inner circuit places",
		tfOuter:        "outer circuit places",
		tfPairs:        "neighbouring pairs",
		tfIsolated:     "isolated pieces",
		tfLines:        "files and ranks occupied",
		tfTempo:        "tempo",
	}
	for i := range numPointClasses {
		rank, file := (i+1)/3, (i+1)%3
		names[tfPoints+i] = "point " + string(rune('a'+file)) + "/" + string(rune('f'-file)) + " rank " + string(rune('1'+rank))
	}
	return names
}()

// TunedFeatureNames returns the names of the features of Tuned, in the
// order of their weights: a new slice on each call.
func TunedFeatureNames() []string { return append([]string(nil), tunedNames[:]...) }

// ownClass is the point class of each square for each colour, plus one:
// 0 for the reference class. White's ranks count from rank 6.
var ownClass = func() (c [2][NumSquares]uint8) {
	for s := Square(0); s < NumSquares; s++ {
		f := s.File()
		if f > 2 {
			f = 5 - f
		}
		c[Black][s] = uint8(s.Rank()*3 + f)
		c[White][s] = uint8((5-s.Rank())*3 + f)
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

// TunedPhase returns the phase of p in the blend of Tuned: the pieces on the
// board less 4, at most TunedPhases and at least 0.
func TunedPhase(p *Position) int {
	return min(max(bits.OnesCount64(p.pieces[Black]|p.pieces[White])-4, 0), TunedPhases)
}

// AppendTunedFeatures appends the features of p to dst, in the order of
// TunedFeatureNames, and returns the extended slice. Tuned scores p by
// them; a tuner fits weights to them.
func AppendTunedFeatures(dst []int, p *Position) []int {
	var f [numTuned]int32
	tunedFeatures(p, &f)
	for _, v := range f {
		dst = append(dst, int(v))
	}
	return dst
}

// The weight tables must have one weight per feature.
var (
	_ [numTuned]int = tunedOpening
	_ [numTuned]int = tunedEndgame
)

// NewTuned returns the Tuned evaluator with the weights fitted to self-play
// games (README, "An evaluator learned from games"): copies of the
// weight tables, so changing them changes no other evaluator.
func NewTuned() *Tuned {
	return &Tuned{
		Opening: append([]int(nil), tunedOpening[:]...),
		Endgame: append([]int(nil), tunedEndgame[:]...),
	}
}

// Evaluate returns the score of p for its side to move.
func (e *Tuned) Evaluate(p *Position) int {
	var f [numTuned]int32
	tunedFeatures(p, &f)
	ph := TunedPhase(p)
	so, se := weigh(&f, e.Opening), weigh(&f, e.Endgame)
	score := (so*ph + se*(TunedPhases-ph)) / (TunedPhases * TunedUnit)
	return min(max(score, -MaxEvaluation), MaxEvaluation)
}

// weigh returns the sum of the features f times their weights; a weight
// missing from a short list counts as 0, and weights beyond the features
// are ignored.
func weigh(f *[numTuned]int32, weights []int) int {
	sum := 0
	for i, v := range weights[:min(len(weights), numTuned)] {
		sum += int(f[i]) * v
	}
	return sum
}

// dilate returns the points one step from a point of b.
func dilate(b uint64) uint64 {
	east, west := b&notFileF, b&notFileA
	return (east<<1 | west>>1 | b<<6 | b>>6 | east<<7 | west<<5 | east>>5 | west>>7) & uint64(allSquares)
}

// walkInfo is what the capture walks of a position find, by colour.
type walkInfo struct {
	attacks  [2]uint64 // opposing pieces each colour can capture
	defends  [2]uint64 // own pieces that a walk of the same colour meets
	walkers  [2]uint64 // pieces that walk round a loop
	launches [2]uint64 // empty points from which a piece of the colour would attack
}

// walks runs the capture walks of both colours on p, the walks that
// captureCounts runs, and records what each meets: a piece of the other
// colour is attacked, a piece of the walker's colour is defended (should
// the opponent capture it there, the walker recaptures, unless that
// capture changes the walker's path). It also finds, for each line of a
// circuit, the empty points beyond its end pieces: a piece stepping there
// would walk to the piece that the line's end piece meets next.
func (p *Position) walks() walkInfo {
	var w walkInfo
	for ci := range 2 {
		black, white := doubled(p.rings[Black], ci), doubled(p.rings[White], ci)
		d := black | white
		points := &ringPoint[ci]
		origin := &originBits[ci]
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
				w.walkers[wc] |= 1 << x
				if t := forwardHit(d, origin[x], k, hi); t < 2*circuit.Len {
					target := uint64(1) << (points[t&127] & 63)
					if white>>t&1 == wc {
						w.defends[wc] |= target
					} else {
						w.attacks[wc] |= target
					}
				}
				lo := uint(bits.TrailingZeros64(segment)) & 7
				x = points[k+lo] & 63
				wc = white >> (k + lo) & 1
				w.walkers[wc] |= 1 << x
				if t := backwardHit(d, origin[x], k, lo); t != k+lo {
					target := uint64(1) << (points[t&127] & 63)
					if white>>t&1 == wc {
						w.defends[wc] |= target
					} else {
						w.attacks[wc] |= target
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
				w.launches[c] |= lineSquares[ci][k/6&3][launchFwd&63]
			}
			if launchBack != 0 {
				t := k + 5 + uint(bits.Len64(beyond))
				c := ^white >> t & 1
				w.launches[c] |= lineSquares[ci][k/6&3][launchBack&63]
			}
		}
	}
	return w
}

// tunedFeatures computes the features of p.
func tunedFeatures(p *Position, f *[numTuned]int32) {
	us, them := p.side&1, p.side&1^1
	own, opp := p.pieces[us], p.pieces[them]
	empty := p.empty()
	w := p.walks()

	f[tfPieces] = int32(bits.OnesCount64(own) - bits.OnesCount64(opp))
	f[tfSteps] = int32(countSteps(own, empty) - countSteps(opp, empty))
	f[tfAttacksUs] = int32(bits.OnesCount64(w.attacks[us]))
	f[tfAttacksThem] = int32(bits.OnesCount64(w.attacks[them]))
	hangingUs := bits.OnesCount64(w.attacks[us] &^ w.defends[them])
	hangingThem := bits.OnesCount64(w.attacks[them] &^ w.defends[us])
	f[tfHangingUs] = int32(hangingUs)
	f[tfHangingThem] = int32(hangingThem)
	f[tfMultiHanging] = int32(max(hangingThem-1, 0))
	f[tfDefended] = int32(bits.OnesCount64(w.defends[us]) - bits.OnesCount64(w.defends[them]))
	f[tfWalkers] = int32(bits.OnesCount64(w.walkers[us]) - bits.OnesCount64(w.walkers[them]))
	nearOwn, nearOpp := dilate(own), dilate(opp)
	f[tfThreatsUs] = int32(bits.OnesCount64(w.launches[us] & empty & nearOwn))
	f[tfThreatsThem] = int32(bits.OnesCount64(w.launches[them] & empty & nearOpp))
	f[tfLoops] = int32(loopsHeld(p.rings[us]) - loopsHeld(p.rings[them]))
	const innerRing, outerRing = ringSpan, ringSpan << 32
	f[tfInner] = int32(bits.OnesCount64(p.rings[us]&innerRing) - bits.OnesCount64(p.rings[them]&innerRing))
	f[tfOuter] = int32(bits.OnesCount64(p.rings[us]&outerRing) - bits.OnesCount64(p.rings[them]&outerRing))
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
	east := b & notFileF
	return bits.OnesCount64(east<<1&b) + bits.OnesCount64(b<<6&b&uint64(allSquares)) +
		bits.OnesCount64(east<<7&b&uint64(allSquares)) + bits.OnesCount64((b&notFileA)<<5&b&uint64(allSquares))
}

// lines returns the number of files plus the number of ranks that hold a
// point of b.
func lines(b uint64) int {
	const fileA = 1 | 1<<6 | 1<<12 | 1<<18 | 1<<24 | 1<<30
	files := (b | b>>6 | b>>12 | b>>18 | b>>24 | b>>30) & 63
	ranks := (b | b>>1 | b>>2 | b>>3 | b>>4 | b>>5) & fileA
	return bits.OnesCount64(files) + bits.OnesCount64(ranks)
}
