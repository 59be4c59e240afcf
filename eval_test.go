package surakarta_test

// Tests of the evaluators of eval.go: hand-worked positions with
// every term written out, properties over seeded random positions (board
// symmetries, colour flip, the terms against independent move counts, the
// endgame threshold, phases, re-weighting) and FuzzEvaluate.
//
// Everything here goes through the public API; moves are counted
// independently with the plain generator of internal/reference.

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/reference"
)

// ---------------------------------------------------------------------------
// Helpers. Names start with "ev" to stay clear of the other test files of
// package surakarta_test.

// evRandomPositions is the number of seeded random positions of each
// property test.
const evRandomPositions = 2500

// evLoopEnds lists the two end points of each of the 8 corner loops
// (see the package documentation): the inner loops, then the outer ones.
var evLoopEnds = [8][2]int{
	{sq("f2"), sq("e1")}, // inner, corner f1
	{sq("e6"), sq("f5")}, // inner, corner f6
	{sq("a5"), sq("b6")}, // inner, corner a6
	{sq("b1"), sq("a2")}, // inner, corner a1
	{sq("f3"), sq("d1")}, // outer, corner f1
	{sq("d6"), sq("f4")}, // outer, corner f6
	{sq("a4"), sq("c6")}, // outer, corner a6
	{sq("c1"), sq("a3")}, // outer, corner a1
}

// evCrossings are the eight points where the inner and outer circuits cross.
var evCrossings = []string{"c2", "d2", "b3", "e3", "b4", "e4", "c5", "d5"}

func sq(name string) int { return reference.ParseSquare(name) }

// evRefColor maps a colour of the library to the reference's.
func evRefColor(c surakarta.Color) reference.Color {
	if c == surakarta.Black {
		return reference.Black
	}
	return reference.White
}

// evText returns the position text of board b with side to move.
func evText(b reference.Board, side surakarta.Color) string {
	var sb strings.Builder
	for rank := 5; rank >= 0; rank-- {
		empty := 0
		for file := range 6 {
			switch b[rank*6+file] {
			case reference.Empty:
				empty++
				continue
			case reference.Black:
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
				}
				sb.WriteByte('b')
			case reference.White:
				if empty > 0 {
					sb.WriteByte(byte('0' + empty))
				}
				sb.WriteByte('w')
			}
			empty = 0
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + "bw"[side:side+1])
	return sb.String()
}

// evPosition builds the position of board b with side to move through
// ParsePosition, and checks that it holds what b says.
func evPosition(tb testing.TB, b reference.Board, side surakarta.Color) surakarta.Position {
	tb.Helper()
	text := evText(b, side)
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		tb.Fatalf("ParsePosition(%q): %v", text, err)
	}
	if got := evBoard(p); got != b || p.SideToMove() != side {
		tb.Fatalf("ParsePosition(%q) = %q: not the board it was built from", text, p)
	}
	return p
}

// evBoard returns the placement of p as a reference board.
func evBoard(p surakarta.Position) reference.Board {
	var b reference.Board
	for s := range surakarta.NumSquares {
		if c, ok := p.PieceAt(surakarta.Square(s)); ok {
			b[s] = evRefColor(c)
		}
	}
	return b
}

// evOtherSide returns p with the other side to move (same placement).
func evOtherSide(tb testing.TB, p surakarta.Position) surakarta.Position {
	tb.Helper()
	return evPosition(tb, evBoard(p), p.SideToMove().Other())
}

// evSymmetry maps square s by the k-th of the 8 symmetries of the board
// (k = 0 is the identity): the rotations and reflections of the 6×6 square.
func evSymmetry(k, s int) int {
	x, y := s%6, s/6
	switch k & 7 {
	case 1:
		x = 5 - x // mirror left-right
	case 2:
		y = 5 - y // mirror top-bottom
	case 3:
		x, y = 5-x, 5-y // rotate 180°
	case 4:
		x, y = y, x // mirror in the a1–f6 diagonal
	case 5:
		x, y = 5-y, x // rotate 90°
	case 6:
		x, y = y, 5-x // rotate 270°
	case 7:
		x, y = 5-y, 5-x // mirror in the a6–f1 diagonal
	}
	return y*6 + x
}

// evTransform returns board b mapped by the k-th symmetry.
func evTransform(b reference.Board, k int) reference.Board {
	var out reference.Board
	for s, c := range b {
		out[evSymmetry(k, s)] = c
	}
	return out
}

// evColourFlip returns board b flipped top to bottom with every piece's
// colour swapped: Black's a1 becomes White's a6.
func evColourFlip(b reference.Board) reference.Board {
	var out reference.Board
	for s, c := range b {
		out[(5-s/6)*6+s%6] = c.Other()
	}
	return out
}

// evRandomBoard returns a random placement with 1–12 pieces of each colour
// and a random side to move.
func evRandomBoard(r *rand.Rand) (reference.Board, surakarta.Color) {
	return evRandomBoardN(r, 1+r.IntN(surakarta.MaxPieces), 1+r.IntN(surakarta.MaxPieces)), surakarta.Color(r.IntN(2))
}

// evRandomBoardN returns a random placement of nb black and nw white pieces.
func evRandomBoardN(r *rand.Rand, nb, nw int) reference.Board {
	var b reference.Board
	for i, s := range r.Perm(surakarta.NumSquares)[:nb+nw] {
		if i < nb {
			b[s] = reference.Black
		} else {
			b[s] = reference.White
		}
	}
	return b
}

// evRand returns the seeded generator of a test.
func evRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed_e7a1)) }

// evRefMoves returns the number of steps and the sorted captures ("a3d6")
// of side c on board b by the reference generator.
func evRefMoves(b reference.Board, c surakarta.Color) (steps int, captures []string) {
	for _, m := range reference.LegalMoves(b, evRefColor(c)) {
		if m.Capture {
			captures = append(captures, reference.SquareName(m.From)+reference.SquareName(m.To))
		} else {
			steps++
		}
	}
	slices.Sort(captures)
	return steps, captures
}

// evLibMoves returns the number of steps and the sorted captures of the side
// to move of p by p.LegalMoves.
func evLibMoves(p surakarta.Position) (steps int, captures []string) {
	for _, m := range p.LegalMoves() {
		if m.IsCapture() {
			captures = append(captures, m.String())
		} else {
			steps++
		}
	}
	slices.Sort(captures)
	return steps, captures
}

// evTermsFromRules computes the terms of side c on board b for evaluator e
// from the rules alone: moves by the reference generator, point values and
// loops from the board.
func evTermsFromRules(e *surakarta.SixFactor, b reference.Board, c surakarta.Color) surakarta.Terms {
	own, opp := evRefColor(c), evRefColor(c.Other())
	var t surakarta.Terms
	steps, captures := evRefMoves(b, c)
	t.Steps, t.Captures, t.Attack = steps, len(captures), steps+len(captures)
	for s, x := range b {
		if x == own {
			t.Pieces++
			t.Points += e.PointValues[s]
		}
	}
	for _, ends := range evLoopEnds {
		if b[ends[0]] == own || b[ends[1]] == own {
			t.LoopsHeld++
		}
		if b[ends[0]] != opp && b[ends[1]] != opp {
			t.LoopsDenied++
		}
	}
	t.Arc = e.LoopHeld*t.LoopsHeld + e.LoopDenied*t.LoopsDenied
	if e.ArcDivisor > 1 {
		t.Arc /= e.ArcDivisor
	}
	return t
}

// evEndgameByHand returns the adjusted six-factor evaluator as the paper
// describes it, built independently of NewEndgameAdjusted.
func evEndgameByHand() *surakarta.SixFactor {
	e := surakarta.NewSixFactor()
	for _, name := range evCrossings {
		e.PointValues[sq(name)] = 25
	}
	e.ArcDivisor = 2
	e.Weights.Pieces = 40
	return e
}

// evPhased returns a Phased evaluator with different weights in each phase.
func evPhased() *surakarta.Phased {
	ph := surakarta.NewPhased(surakarta.NewSixFactor())
	ph.ByPhase[surakarta.OpeningPhase].Weights = surakarta.Weights{Pieces: 7, Steps: 2, Attack: 1, Points: 1, Arc: 3}
	ph.ByPhase[surakarta.MiddlePhase].Weights = surakarta.Weights{Pieces: 11, Steps: 0, Attack: 3, Points: 2, Arc: 1}
	ph.ByPhase[surakarta.EndPhase].Weights = surakarta.Weights{Pieces: 40, Steps: 1, Attack: 4, Points: 1, Arc: 2}
	ph.ByPhase[surakarta.EndPhase].ArcDivisor = 3
	return ph
}

type evNamed struct {
	name string
	e    surakarta.Evaluator
}

// evEvaluators returns the evaluators whose scores must not depend on the
// orientation of the board or on the colours.
func evEvaluators() []evNamed {
	return []evNamed{
		{"SixFactor", surakarta.NewSixFactor()},
		{"EndgameAdjusted", surakarta.NewEndgameAdjusted()},
		{"Phased", evPhased()},
	}
}

// ---------------------------------------------------------------------------
// 1. Hand-worked positions.

// evHand is one side's terms and value, worked out by hand.
type evHand struct {
	terms surakarta.Terms
	value int
}

// evHandEval is the hand-worked evaluation of a position by one evaluator.
type evHandEval struct {
	black, white evHand
	eval         int // Value(side to move) − Value(opponent)
}

type evHandCase struct {
	name string
	text string
	// The moves counted by hand (the steps are in the terms): sorted captures.
	blackCaptures, whiteCaptures []string
	six                          evHandEval
	// endgame is the evaluation by NewEndgameAdjusted when both sides have
	// at most 6 pieces; nil means EndgameAdjusted must equal SixFactor.
	endgame *evHandEval
}

// Point values for reference (rank 6 on top):
//
//	6   5 20 20 20 20  5
//	5  20 30 50 50 30 20
//	4  20 50 40 40 50 20
//	3  20 50 40 40 50 20
//	2  20 30 50 50 30 20
//	1   5 20 20 20 20  5
//	    a  b  c  d  e  f
//
// Circuits, by ring index (a loop between 5|6, 11|12, 17|18, 23|0):
//
//	inner: 0 a2  1 b2  2 c2  3 d2  4 e2  5 f2 | 6 e1  7 e2  8 e3  9 e4 10 e5 11 e6 |
//	      12 f5 13 e5 14 d5 15 c5 16 b5 17 a5 |18 b6 19 b5 20 b4 21 b3 22 b2 23 b1 |
//	outer: 0 a3  1 b3  2 c3  3 d3  4 e3  5 f3 | 6 d1  7 d2  8 d3  9 d4 10 d5 11 d6 |
//	      12 f4 13 e4 14 d4 15 c4 16 b4 17 a4 |18 c6 19 c5 20 c4 21 c3 22 c2 23 c1 |
//
// Loops (end points): I1 f2–e1, I2 e6–f5, I3 a5–b6, I4 b1–a2,
// O1 f3–d1, O2 d6–f4, O3 a4–c6, O4 c1–a3.
var evHandCases = []evHandCase{
	{
		// The start.
		//
		//	6  w w w w w w
		//	5  w w w w w w
		//	4  . . . . . .
		//	3  . . . . . .
		//	2  b b b b b b
		//	1  b b b b b b
		//	   a b c d e f
		//
		// Black: N = 12. M = 16: only rank 2 can step, forward onto rank 3:
		// a2 2 (a3 b3), b2 3, c2 3, d2 3, e2 3, f2 2 (e3 f3). C = 0: every
		// walk meets an own piece first, or White (e.g. b1→b2…) before a loop.
		// A = 16. P = rank 1 (5+20+20+20+20+5 = 90) + rank 2
		// (20+30+50+50+30+20 = 200) = 290. O = 4 (I1 f2, I4 b1, O1 d1,
		// O4 c1); E = 4 (White holds I2 I3 O2 O3 only); Arc = 20+20 = 40.
		// Value = 6·12 + 16 + 2·16 + 290 + 40 = 72+16+32+290+40 = 450.
		// White: the mirror image, 450. Evaluate = 450 − 450 = 0.
		name: "start",
		text: "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b",
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 12, Steps: 16, Captures: 0, Attack: 16, Points: 290, LoopsHeld: 4, LoopsDenied: 4, Arc: 40}, 450},
			white: evHand{surakarta.Terms{Pieces: 12, Steps: 16, Captures: 0, Attack: 16, Points: 290, LoopsHeld: 4, LoopsDenied: 4, Arc: 40}, 450},
			eval:  0,
		},
	},
	{
		// A middle game, 8 v 8, Black to move.
		//
		//	6  w w . . w .
		//	5  . w . w w w
		//	4  . . . w . .
		//	3  . . b . . .
		//	2  b . b b . b
		//	1  . b b . b .
		//	   a b c d e f
		//
		// Black: N = 8.
		// Steps: b1 2 (a1 b2), c1 2 (d1 b2), e1 3 (d1 f1 e2), a2 4 (a1 b2 a3
		// b3), c2 4 (d1 b2 b3 d3), d2 4 (d1 e2 d3 e3), f2 4 (f1 e2 e3 f3),
		// c3 5 (b2 b3 d3 b4 c4; d4 is White): M = 28.
		// Captures: inner ring a2 c2 d2 f2 e1 b1 all meet own pieces, or e1
		// meets e5 and b1 meets b5 before a loop. Outer: c2(22) meets c1/c3,
		// d2(7) d1 loop f3 … c3 own, c1(23) loop a3 b3 c3 own, c3(2) both ways
		// own (d2, c1); c3(21) backward c4 c5 c6 loop a4 b4 c4 d4 White:
		// c3xd4. C = 1, A = 29.
		// P = b1 c1 e1 a2 f2 5·20 + c2 50 + d2 50 + c3 40 = 240.
		// O = 3 (I1 f2/e1, I4 b1/a2, O4 c1); White holds I2 I3, so E = 6.
		// Arc = 15+30 = 45.
		// Value = 6·8 + 28 + 2·29 + 240 + 45 = 48+28+58+240+45 = 419.
		// White: N = 8.
		// Steps: a6 1 (a5), b6 3 (c6 a5 c5), e6 2 (d6 f6), b5 6 (c6 a5 c5
		// a4 b4 c4), d5 5 (c6 d6 c5 c4 e4), e5 4 (d6 f6 e4 f4), f5 3 (f6 e4
		// f4), d4 5 (c5 c4 e4 d3 e3; c3 is Black): M = 29.
		// Captures: inner e5(10) meets e1 before a loop, b5(19) meets b1
		// before a loop, all else own pieces. Outer d5(10) d6 loop f4 e4 d4
		// own; d4(9) meets d2 before a loop; d4(14) forward c4 b4 a4 loop
		// c6 c5 c4 c3 Black: d4xc3. C = 1, A = 30.
		// P = a6 5 + b6 20 + e6 20 + b5 30 + d5 50 + e5 30 + f5 20 + d4 40 = 215.
		// O = 2 (I2 e6/f5, I3 b6); Black holds I1 I4 O4, so E = 5.
		// Arc = 10+25 = 35.
		// Value = 6·8 + 29 + 2·30 + 215 + 35 = 48+29+60+215+35 = 387.
		// Evaluate (Black to move) = 419 − 387 = 32.
		name:          "middle game 8v8",
		text:          "ww2w1/1w1www/3w2/2b3/b1bb1b/1bb1b1 b",
		blackCaptures: []string{"c3d4"},
		whiteCaptures: []string{"d4c3"},
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 8, Steps: 28, Captures: 1, Attack: 29, Points: 240, LoopsHeld: 3, LoopsDenied: 6, Arc: 45}, 419},
			white: evHand{surakarta.Terms{Pieces: 8, Steps: 29, Captures: 1, Attack: 30, Points: 215, LoopsHeld: 2, LoopsDenied: 5, Arc: 35}, 387},
			eval:  32,
		},
	},
	{
		// Loops occupied by both: I1 (Black f2, White e1) and O4 (Black a3,
		// White c1); White alone holds O2 (d6). White to move.
		//
		//	6  . . . w . .
		//	5  . . . . . .
		//	4  . . . . . .
		//	3  b . . . . .
		//	2  . . . . . b
		//	1  . . w . w .
		//	   a b c d e f
		//
		// Black: N = 2. Steps: f2 4 (f1 e2 e3 f3; e1 White), a3 5 (a2 b2
		// b3 a4 b4): M = 9.
		// Captures: f2(5) forward loop e1 White: f2xe1 (backward goes round
		// the whole inner ring to e1 too: the same move). a3(0) forward
		// b3…f3 loop d1…d6 White: a3xd6; backward loop c1 White: a3xc1.
		// C = 3, A = 12.
		// P = f2 20 + a3 20 = 40. O = 2 (I1, O4); White holds I1 O2 O4, so
		// E = 5. Arc = 10+25 = 35.
		// Value = 6·2 + 9 + 2·12 + 40 + 35 = 12+9+24+40+35 = 120.
		// White: N = 3. Steps: e1 4 (d1 f1 d2 e2; f2 Black), c1 5 (b1 d1 b2
		// c2 d2), d6 5 (c6 e6 c5 d5 e5): M = 14.
		// Captures: e1(6) backward loop f2 Black: e1xf2. c1(23) forward loop
		// a3 Black: c1xa3; backward c2…c6 loop a4…f4 loop d6 own. d6(11)
		// backward d5…d1 loop f3…a3 Black: d6xa3; forward loop f4…a4 loop
		// c6…c1 own. C = 3, A = 17.
		// P = 20+20+20 = 60. O = 3 (I1, O2, O4); Black holds I1 O4, so
		// E = 6. Arc = 15+30 = 45.
		// Value = 6·3 + 14 + 2·17 + 60 + 45 = 18+14+34+60+45 = 171.
		// Evaluate (White to move) = 171 − 120 = 51.
		//
		// EndgameAdjusted (2 v 3): no piece on a crossing point, so P is
		// unchanged; Arc 35/2 = 17 and 45/2 = 22; piece weight 40.
		// Black 40·2 + 9 + 24 + 40 + 17 = 170; White 40·3 + 14 + 34 + 60 +
		// 22 = 250; Evaluate = 250 − 170 = 80.
		name:          "loops held by both",
		text:          "3w2/6/6/b5/5b/2w1w1 w",
		blackCaptures: []string{"a3c1", "a3d6", "f2e1"},
		whiteCaptures: []string{"c1a3", "d6a3", "e1f2"},
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 2, Steps: 9, Captures: 3, Attack: 12, Points: 40, LoopsHeld: 2, LoopsDenied: 5, Arc: 35}, 120},
			white: evHand{surakarta.Terms{Pieces: 3, Steps: 14, Captures: 3, Attack: 17, Points: 60, LoopsHeld: 3, LoopsDenied: 6, Arc: 45}, 171},
			eval:  51,
		},
		endgame: &evHandEval{
			black: evHand{surakarta.Terms{Pieces: 2, Steps: 9, Captures: 3, Attack: 12, Points: 40, LoopsHeld: 2, LoopsDenied: 5, Arc: 17}, 170},
			white: evHand{surakarta.Terms{Pieces: 3, Steps: 14, Captures: 3, Attack: 17, Points: 60, LoopsHeld: 3, LoopsDenied: 6, Arc: 22}, 250},
			eval:  80,
		},
	},
	{
		// No loop occupied by anyone. Black to move.
		//
		//	6  . . . . . .
		//	5  . . . . w .
		//	4  . . . w . .
		//	3  . . b . . .
		//	2  . . . . . .
		//	1  b . . . . .
		//	   a b c d e f
		//
		// Black: N = 2. Steps: c3 7 (all 8 neighbours but d4), a1 3 (a2 b1
		// b2): M = 10.
		// Captures: a1 is on no circuit. c3 is on the outer circuit twice
		// (2 and 21); every walk reaches d4 after a loop (e.g. c3 d3 e3 f3
		// loop d1 d2 d3 d4): c3xd4. C = 1, A = 11.
		// P = c3 40 + a1 5 = 45. O = 0, E = 8, Arc = 40.
		// Value = 6·2 + 10 + 2·11 + 45 + 40 = 12+10+22+45+40 = 129.
		// White: N = 2. Steps: d4 6 (8 neighbours but c3 and e5), e5 7 (8
		// neighbours but d4): M = 13.
		// Captures: d4 (outer 9 and 14) reaches c3 after a loop every way:
		// d4xc3. e5 is on the inner circuit only, where no other piece
		// stands: a full lap and nothing. C = 1, A = 14.
		// P = d4 40 + e5 30 = 70. O = 0, E = 8, Arc = 40.
		// Value = 6·2 + 13 + 2·14 + 70 + 40 = 12+13+28+70+40 = 163.
		// Evaluate (Black to move) = 129 − 163 = −34.
		//
		// EndgameAdjusted (2 v 2): no crossing point taken, Arc 40/2 = 20,
		// piece weight 40. Black 80 + 10 + 22 + 45 + 20 = 177; White 80 +
		// 13 + 28 + 70 + 20 = 211; Evaluate = −34 again (equal counts and
		// equal arcs cancel).
		name:          "loops empty",
		text:          "6/4w1/3w2/2b3/6/b5 b",
		blackCaptures: []string{"c3d4"},
		whiteCaptures: []string{"d4c3"},
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 2, Steps: 10, Captures: 1, Attack: 11, Points: 45, LoopsHeld: 0, LoopsDenied: 8, Arc: 40}, 129},
			white: evHand{surakarta.Terms{Pieces: 2, Steps: 13, Captures: 1, Attack: 14, Points: 70, LoopsHeld: 0, LoopsDenied: 8, Arc: 40}, 163},
			eval:  -34,
		},
		endgame: &evHandEval{
			black: evHand{surakarta.Terms{Pieces: 2, Steps: 10, Captures: 1, Attack: 11, Points: 45, LoopsHeld: 0, LoopsDenied: 8, Arc: 20}, 177},
			white: evHand{surakarta.Terms{Pieces: 2, Steps: 13, Captures: 1, Attack: 14, Points: 70, LoopsHeld: 0, LoopsDenied: 8, Arc: 20}, 211},
			eval:  -34,
		},
	},
	{
		// An endgame, 4 v 3 (both at most 6), Black to move, with pieces on
		// crossing points (b4 e3 c2 d5) and odd arcs.
		//
		//	6  . . . . w .
		//	5  . . . w . .
		//	4  . b . . . .
		//	3  . . . . b .
		//	2  . . w . . .
		//	1  b . . . . b
		//	   a b c d e f
		//
		// Black: N = 4. Steps: a1 3 (a2 b1 b2), f1 3 (e1 e2 f2), b4 8, e3 8:
		// M = 22.
		// Captures: e3 inner(8) forward e4 e5 e6 White before a loop: none;
		// backward e2 e1 loop f2 e2 d2 c2 White: e3xc2. e3 outer(4) forward
		// f3 loop d1 d2 d3 d4 d5 White: e3xd5 (backward a3 loop c1 c2: c2
		// again). b4 inner(20) forward b3 b2 b1 loop a2 b2 c2: b4xc2;
		// backward b5 b6 loop a5 b5 c5 d5: b4xd5 (outer: the same two).
		// C = 4, A = 26.
		// SixFactor P = a1 5 + f1 5 + b4 50 + e3 50 = 110. O = 0; White
		// holds I2 (e6), so E = 7; Arc = 35.
		// Value = 6·4 + 22 + 2·26 + 110 + 35 = 24+22+52+110+35 = 243.
		// White: N = 3. Steps: c2 8, d5 7 (not e6), e6 4 (e5 f5 d6 f6): M = 19.
		// Captures: c2 inner(2) forward d2 e2 f2 loop e1 e2 e3 Black: c2xe3;
		// backward b2 a2 loop b1 b2 b3 b4 Black: c2xb4 (outer: the same
		// two). d5 inner(14) forward c5 b5 a5 loop b6 b5 b4: d5xb4, backward
		// e5 f5 loop e6 own; d5 outer(10) backward d4…d1 loop f3 e3 Black:
		// d5xe3. e6 meets e3 before a loop, or its own d5 after one.
		// C = 4, A = 23.
		// SixFactor P = c2 50 + d5 50 + e6 20 = 120. O = 1 (I2), E = 8;
		// Arc = 5+40 = 45.
		// Value = 6·3 + 19 + 2·23 + 120 + 45 = 18+19+46+120+45 = 248.
		// SixFactor Evaluate (Black to move) = 243 − 248 = −5.
		//
		// EndgameAdjusted: crossing points worth 25, Arc halved (integer
		// division), piece weight 40.
		// Black P = 5+5+25+25 = 60, Arc = 35/2 = 17:
		// 40·4 + 22 + 52 + 60 + 17 = 160+22+52+60+17 = 311.
		// White P = 25+25+20 = 70, Arc = 45/2 = 22:
		// 40·3 + 19 + 46 + 70 + 22 = 120+19+46+70+22 = 277.
		// EndgameAdjusted Evaluate = 311 − 277 = 34 (the sign turns).
		name:          "endgame 4v3",
		text:          "4w1/3w2/1b4/4b1/2w3/b4b b",
		blackCaptures: []string{"b4c2", "b4d5", "e3c2", "e3d5"},
		whiteCaptures: []string{"c2b4", "c2e3", "d5b4", "d5e3"},
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 4, Steps: 22, Captures: 4, Attack: 26, Points: 110, LoopsHeld: 0, LoopsDenied: 7, Arc: 35}, 243},
			white: evHand{surakarta.Terms{Pieces: 3, Steps: 19, Captures: 4, Attack: 23, Points: 120, LoopsHeld: 1, LoopsDenied: 8, Arc: 45}, 248},
			eval:  -5,
		},
		endgame: &evHandEval{
			black: evHand{surakarta.Terms{Pieces: 4, Steps: 22, Captures: 4, Attack: 26, Points: 60, LoopsHeld: 0, LoopsDenied: 7, Arc: 17}, 311},
			white: evHand{surakarta.Terms{Pieces: 3, Steps: 19, Captures: 4, Attack: 23, Points: 70, LoopsHeld: 1, LoopsDenied: 8, Arc: 22}, 277},
			eval:  34,
		},
	},
	{
		// One-way captures: a capture path that passes back over its own
		// origin cannot always be walked in reverse, so here Black has two
		// captures and White none (in the other cases the counts happen to
		// be equal, since a capture path reversed is usually one too).
		// White to move.
		//
		//	6  . . . . . .
		//	5  . . . . . .
		//	4  . . . . . .
		//	3  . w b . . .
		//	2  . w . . . .
		//	1  . . w . . .
		//	   a b c d e f
		//
		// Black: N = 1. Steps: c3 6 (c2 d2 d3 b4 c4 d4; b2 b3 White): M = 6.
		// Captures: c3 is on the outer circuit at 2 (rank 3) and 21 (file c).
		// From 21 backward: c4 c5 c6 loop a4 b4 c4 d4 e4 f4 loop d6 d5 d4 d3
		// d2 d1 loop f3 e3 d3, c3 (its own empty origin), b3 White: c3xb3.
		// From 2 forward: d3 e3 f3 loop d1 … d6 loop f4 … a4 loop c6 c5 c4,
		// c3 (origin), c2, c1 White: c3xc1. From 2 backward b3 and from 21
		// forward c2 c1 are White before any loop. C = 2, A = 8.
		// P = c3 40. O = 0; White holds O4 (c1), so E = 7; Arc = 35.
		// Value = 6·1 + 6 + 2·8 + 40 + 35 = 6+6+16+40+35 = 103.
		// White: N = 3. Steps: c1 4 (b1 d1 c2 d2), b2 5 (a1 b1 a2 c2 a3),
		// b3 6 (a2 c2 a3 a4 b4 c4): M = 15.
		// Captures: none. c1 (outer 23) meets c2 c3 Black before a loop,
		// and over its loop a3 then b3 (own). b3 (outer 1) meets c3 at once,
		// and the other way a3 loop c1 (own). b3 (inner 21) and b2 (inner 1
		// and 22) go round the empty inner ring onto each other. C = 0, A = 15.
		// P = c1 20 + b2 30 + b3 50 = 100. O = 1 (O4), E = 8; Arc = 45.
		// Value = 6·3 + 15 + 2·15 + 100 + 45 = 18+15+30+100+45 = 208.
		// Evaluate (White to move) = 208 − 103 = 105.
		//
		// EndgameAdjusted (1 v 3): b3 is a crossing point, worth 25.
		// Black: 40·1 + 6 + 16 + 40 + 35/2=17 = 119.
		// White: P = 20+30+25 = 75; 40·3 + 15 + 30 + 75 + 45/2=22 = 262.
		// Evaluate = 262 − 119 = 143.
		name:          "one-way captures",
		text:          "6/6/6/1wb3/1w4/2w3 w",
		blackCaptures: []string{"c3b3", "c3c1"},
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 1, Steps: 6, Captures: 2, Attack: 8, Points: 40, LoopsHeld: 0, LoopsDenied: 7, Arc: 35}, 103},
			white: evHand{surakarta.Terms{Pieces: 3, Steps: 15, Captures: 0, Attack: 15, Points: 100, LoopsHeld: 1, LoopsDenied: 8, Arc: 45}, 208},
			eval:  105,
		},
		endgame: &evHandEval{
			black: evHand{surakarta.Terms{Pieces: 1, Steps: 6, Captures: 2, Attack: 8, Points: 40, LoopsHeld: 0, LoopsDenied: 7, Arc: 17}, 119},
			white: evHand{surakarta.Terms{Pieces: 3, Steps: 15, Captures: 0, Attack: 15, Points: 75, LoopsHeld: 1, LoopsDenied: 8, Arc: 22}, 262},
			eval:  143,
		},
	},
	{
		// Just across the endgame threshold: 7 v 6, White to move.
		// EndgameAdjusted must equal SixFactor.
		//
		//	6  w w w w w w
		//	5  . . . . . .
		//	4  . . . . . .
		//	3  . . . . . .
		//	2  . . . . . b
		//	1  b b b b b b
		//	   a b c d e f
		//
		// Black: N = 7. Steps: a1 2 (a2 b2), b1 3, c1 3, d1 3, e1 2 (d2 e2),
		// f1 1 (e2), f2 3 (e2 e3 f3): M = 17.
		// Captures: none. Inner: f2 meets e1 (own) over its loop and b1
		// (own) the other way; e1 meets e6 before a loop; b1 meets a2…f2 own
		// over its loop and b6 before a loop. Outer: d1 loop f3…a3 loop c1
		// own, d1 up meets d6 before a loop; c1 likewise. C = 0, A = 17.
		// P = 90 (rank 1) + f2 20 = 110. O = 4 (I1 I4 O1 O4), E = 4 (White
		// holds I2 I3 O2 O3); Arc = 40.
		// Value = 6·7 + 17 + 2·17 + 110 + 40 = 42+17+34+110+40 = 243.
		// White: N = 6. Steps: a6 2, b6 3, c6 3, d6 3, e6 3, f6 2: M = 16.
		// Captures: none (the mirror of Black's argument). A = 16.
		// P = 90. O = 4, E = 4, Arc = 40.
		// Value = 6·6 + 16 + 2·16 + 90 + 40 = 36+16+32+90+40 = 214.
		// Evaluate (White to move) = 214 − 243 = −29, by both evaluators.
		name: "threshold 7v6",
		text: "wwwwww/6/6/6/5b/bbbbbb w",
		six: evHandEval{
			black: evHand{surakarta.Terms{Pieces: 7, Steps: 17, Captures: 0, Attack: 17, Points: 110, LoopsHeld: 4, LoopsDenied: 4, Arc: 40}, 243},
			white: evHand{surakarta.Terms{Pieces: 6, Steps: 16, Captures: 0, Attack: 16, Points: 90, LoopsHeld: 4, LoopsDenied: 4, Arc: 40}, 214},
			eval:  -29,
		},
	},
}

func TestSixFactorHandWorked(t *testing.T) {
	for _, tc := range evHandCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.text)
			b := evBoard(p)
			stm := p.SideToMove()

			// First the hand counts of the moves against the reference
			// generator and against p.LegalMoves (for the side to move).
			for _, side := range [...]struct {
				c        surakarta.Color
				hand     evHand
				captures []string
			}{
				{surakarta.Black, tc.six.black, tc.blackCaptures},
				{surakarta.White, tc.six.white, tc.whiteCaptures},
			} {
				steps, captures := evRefMoves(b, side.c)
				if steps != side.hand.terms.Steps {
					t.Errorf("%v: reference counts %d steps, hand count %d", side.c, steps, side.hand.terms.Steps)
				}
				if diff := cmp.Diff(side.captures, captures, evCmpEmpty()); diff != "" {
					t.Errorf("%v: reference captures differ from the hand count (-want +got):\n%s", side.c, diff)
				}
				if len(side.captures) != side.hand.terms.Captures {
					t.Errorf("%v: the case lists %d captures but its terms say %d", side.c, len(side.captures), side.hand.terms.Captures)
				}
				q := p
				if side.c != stm {
					q = evOtherSide(t, p)
				}
				libSteps, libCaptures := evLibMoves(q)
				if libSteps != side.hand.terms.Steps {
					t.Errorf("%v: LegalMoves has %d steps, hand count %d", side.c, libSteps, side.hand.terms.Steps)
				}
				if diff := cmp.Diff(side.captures, libCaptures, evCmpEmpty()); diff != "" {
					t.Errorf("%v: LegalMoves captures differ from the hand count (-want +got):\n%s", side.c, diff)
				}
			}

			checkEval := func(t *testing.T, e *surakarta.SixFactor, want evHandEval) {
				t.Helper()
				for _, side := range [...]struct {
					c    surakarta.Color
					hand evHand
				}{{surakarta.Black, want.black}, {surakarta.White, want.white}} {
					got := e.Terms(&p, side.c)
					if diff := cmp.Diff(side.hand.terms, got); diff != "" {
						t.Errorf("Terms(%v) (-want +got):\n%s", side.c, diff)
					}
					if v := e.Value(&p, side.c); v != side.hand.value {
						t.Errorf("Value(%v) = %d, want %d", side.c, v, side.hand.value)
					}
					if v := e.Weights.Value(side.hand.terms); v != side.hand.value {
						t.Errorf("Weights.Value(hand terms of %v) = %d, but the hand value is %d", side.c, v, side.hand.value)
					}
				}
				// Evaluate is the paper's value on the unit: times Scale.
				if got := e.Evaluate(&p); got != want.eval*e.Scale {
					t.Errorf("Evaluate = %d, want %d·%d", got, want.eval, e.Scale)
				}
			}

			t.Run("SixFactor", func(t *testing.T) { checkEval(t, surakarta.NewSixFactor(), tc.six) })

			eg := surakarta.NewEndgameAdjusted()
			got := eg.Evaluate(&p)
			if tc.endgame == nil {
				if eg.UsesAdjusted(&p) {
					t.Errorf("UsesAdjusted = true with %d v %d pieces", p.Count(surakarta.Black), p.Count(surakarta.White))
				}
				if eg.For(&p) != &eg.Normal {
					t.Errorf("For does not return &Normal")
				}
				if got != tc.six.eval*eg.Normal.Scale {
					t.Errorf("EndgameAdjusted.Evaluate = %d, want SixFactor's %d·%d", got, tc.six.eval, eg.Normal.Scale)
				}
				return
			}
			if !eg.UsesAdjusted(&p) {
				t.Errorf("UsesAdjusted = false with %d v %d pieces", p.Count(surakarta.Black), p.Count(surakarta.White))
			}
			if eg.For(&p) != &eg.Adjusted {
				t.Errorf("For does not return &Endgame")
			}
			t.Run("EndgameAdjusted", func(t *testing.T) { checkEval(t, &eg.Adjusted, *tc.endgame) })
			if got != tc.endgame.eval*eg.Adjusted.Scale {
				t.Errorf("EndgameAdjusted.Evaluate = %d, want %d·%d", got, tc.endgame.eval, eg.Adjusted.Scale)
			}
		})
	}
}

// evCmpEmpty makes nil and empty slices equal.
func evCmpEmpty() cmp.Option {
	return cmp.Comparer(func(a, b []string) bool { return slices.Equal(a, b) })
}

// TestEndgameAdjustedDefaults checks the parameters NewEndgameAdjusted
// documents: Normal is NewSixFactor, Endgame changes only the crossing
// points, the arc divisor and the piece weight.
func TestEndgameAdjustedDefaults(t *testing.T) {
	eg := surakarta.NewEndgameAdjusted()
	if diff := cmp.Diff(*surakarta.NewSixFactor(), eg.Normal); diff != "" {
		t.Errorf("Normal (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(*evEndgameByHand(), eg.Adjusted); diff != "" {
		t.Errorf("Endgame (-want +got):\n%s", diff)
	}
	if eg.AdjustedPieces != 6 {
		t.Errorf("AdjustedPieces = %d, want 6", eg.AdjustedPieces)
	}
	if eg.Adjusted.Weights.Pieces != 40 {
		t.Errorf("the adjusted piece weight is %d, want 40", eg.Adjusted.Weights.Pieces)
	}
	six := surakarta.NewSixFactor()
	if diff := cmp.Diff(surakarta.Weights{Pieces: 6, Steps: 1, Attack: 2, Points: 1, Arc: 1}, six.Weights); diff != "" {
		t.Errorf("NewSixFactor().Weights (-want +got):\n%s", diff)
	}
	if six.LoopHeld != 5 || six.LoopDenied != 5 || six.ArcDivisor > 1 {
		t.Errorf("NewSixFactor() arc parameters = %d, %d, /%d; want 5, 5, /1", six.LoopHeld, six.LoopDenied, six.ArcDivisor)
	}
	// The six-factor point matrix, rank 6 on top, and its symmetry.
	want := [6][6]int{
		{5, 20, 20, 20, 20, 5},
		{20, 30, 50, 50, 30, 20},
		{20, 50, 40, 40, 50, 20},
		{20, 50, 40, 40, 50, 20},
		{20, 30, 50, 50, 30, 20},
		{5, 20, 20, 20, 20, 5},
	}
	for s := range surakarta.NumSquares {
		if got, w := six.PointValues[s], want[5-s/6][s%6]; got != w {
			t.Errorf("PointValues[%s] = %d, want %d", reference.SquareName(s), got, w)
		}
		for k := range 8 {
			if six.PointValues[s] != six.PointValues[evSymmetry(k, s)] {
				t.Errorf("PointValues not symmetric: %s and %s differ", reference.SquareName(s), reference.SquareName(evSymmetry(k, s)))
			}
		}
	}
}

// ---------------------------------------------------------------------------
// 2. Properties over seeded random positions.

// TestEvaluateSymmetries: (a) the 8 symmetries of the board and (b) the
// colour flip leave every evaluator's score unchanged.
func TestEvaluateSymmetries(t *testing.T) {
	r := evRand(1)
	evaluators := evEvaluators()
	for range evRandomPositions {
		b, side := evRandomBoard(r)
		p := evPosition(t, b, side)
		flipped := evPosition(t, evColourFlip(b), side.Other())
		for _, ev := range evaluators {
			want := ev.e.Evaluate(&p)
			for k := 1; k < 8; k++ {
				q := evPosition(t, evTransform(b, k), side)
				if got := ev.e.Evaluate(&q); got != want {
					t.Fatalf("%s: Evaluate(%q) = %d, but %d after symmetry %d: %q", ev.name, p, want, got, k, q)
				}
			}
			if got := ev.e.Evaluate(&flipped); got != want {
				t.Fatalf("%s: Evaluate(%q) = %d, but %d after the colour flip: %q", ev.name, p, want, got, flipped)
			}
		}
	}
}

// TestEvaluateMatchesTerms: (c) Evaluate is the difference of the weighted
// terms, and every term agrees with an independent computation from the
// rules: moves from the reference generator and from p.LegalMoves (the side
// not to move through the same placement with the other side to move),
// pieces from Count, points and loops from the board.
func TestEvaluateMatchesTerms(t *testing.T) {
	odd := surakarta.NewSixFactor() // unequal values on every point, odd arc parameters
	for s := range surakarta.NumSquares {
		odd.PointValues[s] = 3*s + 1
	}
	odd.LoopHeld, odd.LoopDenied, odd.ArcDivisor = 3, 7, 4
	odd.Weights = surakarta.Weights{Pieces: 5, Steps: 3, Attack: 7, Points: 2, Arc: 11}
	evaluators := []struct {
		name string
		e    *surakarta.SixFactor
	}{
		{"SixFactor", surakarta.NewSixFactor()},
		{"Endgame", &surakarta.NewEndgameAdjusted().Adjusted},
		{"odd", odd},
	}
	r := evRand(2)
	for range evRandomPositions {
		b, side := evRandomBoard(r)
		p := evPosition(t, b, side)
		other := evOtherSide(t, p)
		before := p
		for _, ev := range evaluators {
			var terms [2]surakarta.Terms
			for _, c := range [...]surakarta.Color{surakarta.Black, surakarta.White} {
				got := ev.e.Terms(&p, c)
				terms[c] = got
				if diff := cmp.Diff(evTermsFromRules(ev.e, b, c), got); diff != "" {
					t.Fatalf("%s: Terms(%q, %v) (-want +got):\n%s", ev.name, p, c, diff)
				}
				if got.Pieces != p.Count(c) {
					t.Fatalf("%s: Terms(%q, %v).Pieces = %d, Count = %d", ev.name, p, c, got.Pieces, p.Count(c))
				}
				q := p
				if c != side {
					q = other
				}
				steps, captures := evLibMoves(q)
				if got.Steps != steps || got.Captures != len(captures) || got.Attack != steps+len(captures) {
					t.Fatalf("%s: Terms(%q, %v) has M=%d C=%d A=%d; LegalMoves of %q has %d steps, %d captures",
						ev.name, p, c, got.Steps, got.Captures, got.Attack, q, steps, len(captures))
				}
			}
			want := (ev.e.Weights.Value(terms[side]) - ev.e.Weights.Value(terms[side.Other()])) * max(ev.e.Scale, 1)
			if got := ev.e.Evaluate(&p); got != want {
				t.Fatalf("%s: Evaluate(%q) = %d, want (Value(stm) − Value(opp))·Scale = %d", ev.name, p, got, want)
			}
		}
		for _, ev := range evEvaluators() {
			ev.e.Evaluate(&p)
		}
		if p != before {
			t.Fatalf("evaluating changed the position: %q became %q", before, p)
		}
	}
}

// TestEndgameAdjustedThreshold: (d) EndgameAdjusted equals SixFactor when
// either side has more than 6 pieces, and otherwise equals the endgame
// evaluator built by hand, which differs from SixFactor on some positions.
func TestEndgameAdjustedThreshold(t *testing.T) {
	six, eg, byHand := surakarta.NewSixFactor(), surakarta.NewEndgameAdjusted(), evEndgameByHand()
	r := evRand(3)
	var normal, endgame, differ int
	check := func(b reference.Board, side surakarta.Color) {
		p := evPosition(t, b, side)
		got, base := eg.Evaluate(&p), six.Evaluate(&p)
		nb, nw := p.Count(surakarta.Black), p.Count(surakarta.White)
		if in := eg.UsesAdjusted(&p); in != (nb <= 6 && nw <= 6) {
			t.Fatalf("UsesAdjusted(%q) = %v with %d v %d pieces", p, in, nb, nw)
		}
		if nb > 6 || nw > 6 {
			normal++
			if got != base {
				t.Fatalf("EndgameAdjusted(%q) = %d, SixFactor = %d, with %d v %d pieces", p, got, base, nb, nw)
			}
			return
		}
		endgame++
		if want := byHand.Evaluate(&p); got != want {
			t.Fatalf("EndgameAdjusted(%q) = %d, the endgame evaluator by hand gives %d", p, got, want)
		}
		if got != base {
			differ++
		}
	}
	for range evRandomPositions {
		check(evRandomBoard(r))
	}
	// Every pair of counts, so that 6 v 6, 7 v 6 and 6 v 7 are all seen.
	for nb := 1; nb <= surakarta.MaxPieces; nb++ {
		for nw := 1; nw <= surakarta.MaxPieces; nw++ {
			check(evRandomBoardN(r, nb, nw), surakarta.Color(r.IntN(2)))
		}
	}
	t.Logf("%d positions beyond the threshold, %d endgame positions, %d of them scored differently", normal, endgame, differ)
	if normal == 0 || endgame == 0 {
		t.Fatalf("the random positions miss a side of the threshold: %d normal, %d endgame", normal, endgame)
	}
	if differ < endgame/2 {
		t.Errorf("EndgameAdjusted differs from SixFactor on only %d of %d endgame positions", differ, endgame)
	}
}

// TestPhased: (e) NewPhased(base) with its phases untouched equals base; with
// the endgame weights changed it still equals base outside the endgame, and
// equals the changed evaluator in it.
func TestPhased(t *testing.T) {
	base := surakarta.NewSixFactor()
	custom := surakarta.NewSixFactor()
	custom.Weights = surakarta.Weights{Pieces: 9, Steps: 2, Attack: 1, Points: 3, Arc: 2}
	custom.ArcDivisor = 3
	same := surakarta.NewPhased(base)
	sameCustom := surakarta.NewPhased(custom)
	changed := surakarta.NewPhased(base)
	changedWeights := surakarta.Weights{Pieces: 50, Steps: 0, Attack: 5, Points: 1, Arc: 3}
	changed.ByPhase[surakarta.EndPhase].Weights = changedWeights
	if base.Weights != surakarta.SixFactorWeights() {
		t.Fatalf("changing a phase of NewPhased(base) changed base: %+v", base.Weights)
	}
	endgameSF := surakarta.NewSixFactor()
	endgameSF.Weights = changedWeights

	r := evRand(4)
	var seen [surakarta.NumPhases]int
	for range evRandomPositions {
		b, side := evRandomBoard(r)
		p := evPosition(t, b, side)
		phase := p.Phase()
		seen[phase]++
		want := base.Evaluate(&p)
		if got := same.Evaluate(&p); got != want {
			t.Fatalf("NewPhased(NewSixFactor()).Evaluate(%q) = %d, base gives %d", p, got, want)
		}
		if got, want := sameCustom.Evaluate(&p), custom.Evaluate(&p); got != want {
			t.Fatalf("NewPhased(custom).Evaluate(%q) = %d, custom gives %d", p, got, want)
		}
		got := changed.Evaluate(&p)
		if phase != surakarta.EndPhase {
			if got != want {
				t.Fatalf("phase %v: Evaluate(%q) = %d with changed endgame weights, base gives %d", phase, p, got, want)
			}
			continue
		}
		if w := endgameSF.Evaluate(&p); got != w {
			t.Fatalf("endgame: Evaluate(%q) = %d, the changed weights give %d", p, got, w)
		}
	}
	for ph, n := range seen {
		if n == 0 {
			t.Errorf("no random position in phase %v", surakarta.Phase(ph))
		}
	}
	t.Logf("positions per phase (opening, middle game, endgame): %v", seen)
}

// TestPhaseOfBoundaries: (f) more than 16 pieces is the opening, 9 to 16 the
// middle game, 8 or fewer the endgame.
func TestPhaseOfBoundaries(t *testing.T) {
	want := func(n int) surakarta.Phase {
		switch {
		case n > 16:
			return surakarta.OpeningPhase
		case n >= 9:
			return surakarta.MiddlePhase
		}
		return surakarta.EndPhase
	}
	for _, tc := range []struct {
		text string
		want surakarta.Phase
	}{
		{surakarta.StartText, surakarta.OpeningPhase},                 // 12 + 12 = 24
		{"wwwwww/wwwwww/bbbbbb/bbbbbb/6/6 w", surakarta.OpeningPhase}, // 24, placed anywhere
		{"wwwww1/wwww2/6/6/bbbb2/bbbb2 b", surakarta.OpeningPhase},    // 9 + 8 = 17
		{"wwww2/wwww2/6/6/bbbb2/bbbb2 w", surakarta.MiddlePhase},      // 8 + 8 = 16
		{"wwwww1/wwwwww/6/6/6/b5 b", surakarta.MiddlePhase},           // 11 + 1 = 12
		{"wwww2/6/6/6/6/bbbbb1 b", surakarta.MiddlePhase},             // 4 + 5 = 9
		{"wwww2/6/6/6/6/bbbb2 w", surakarta.EndPhase},                 // 4 + 4 = 8
		{"6/6/6/6/6/b5 b", surakarta.EndPhase},                        // 1
	} {
		p := mustParse(t, tc.text)
		if got := p.Phase(); got != tc.want {
			t.Errorf("PhaseOf(%q) with %d pieces = %v, want %v", tc.text, p.Count(surakarta.Black)+p.Count(surakarta.White), got, tc.want)
		}
	}
	// Every total from 1 to 24.
	r := evRand(6)
	for n := 1; n <= 2*surakarta.MaxPieces; n++ {
		nb := min(n, surakarta.MaxPieces)
		if n > 1 && nb == n {
			nb = n - n/2
		}
		p := evPosition(t, evRandomBoardN(r, nb, n-nb), surakarta.Color(n%2))
		if got := p.Phase(); got != want(n) {
			t.Errorf("PhaseOf(%q) with %d pieces = %v, want %v", p, n, got, want(n))
		}
	}
	for ph, name := range map[surakarta.Phase]string{
		surakarta.OpeningPhase: "opening", surakarta.MiddlePhase: "middle game", surakarta.EndPhase: "endgame",
	} {
		if got := ph.String(); got != name {
			t.Errorf("Phase(%d).String() = %q, want %q", ph, got, name)
		}
	}
	if surakarta.NumPhases != 3 {
		t.Errorf("NumPhases = %d, want 3", surakarta.NumPhases)
	}
}

// TestSixFactorReweighting: (g) weights that keep one term only give that
// term's difference; the zero SixFactor scores 0.
func TestSixFactorReweighting(t *testing.T) {
	only := func(w surakarta.Weights) *surakarta.SixFactor {
		e := surakarta.NewSixFactor()
		e.Weights, e.Scale = w, 1
		return e
	}
	pieces := only(surakarta.Weights{Pieces: 1})
	steps := only(surakarta.Weights{Steps: 1})
	attack := only(surakarta.Weights{Attack: 1})
	points := only(surakarta.Weights{Points: 1})
	arc := only(surakarta.Weights{Arc: 1})
	var zero surakarta.SixFactor
	full := surakarta.NewSixFactor()
	r := evRand(7)
	for range evRandomPositions {
		b, side := evRandomBoard(r)
		p := evPosition(t, b, side)
		stm, opp := side, side.Other()
		if got, want := pieces.Evaluate(&p), p.Count(stm)-p.Count(opp); got != want {
			t.Fatalf("pieces only: Evaluate(%q) = %d, want Count(stm) − Count(opp) = %d", p, got, want)
		}
		ts, to := evTermsFromRules(full, b, stm), evTermsFromRules(full, b, opp)
		for _, c := range []struct {
			name string
			e    *surakarta.SixFactor
			want int
		}{
			{"steps", steps, ts.Steps - to.Steps},
			{"attack", attack, ts.Attack - to.Attack},
			{"points", points, ts.Points - to.Points},
			{"arc", arc, ts.Arc - to.Arc},
			{"zero", &zero, 0},
		} {
			if got := c.e.Evaluate(&p); got != c.want {
				t.Fatalf("%s only: Evaluate(%q) = %d, want %d", c.name, p, got, c.want)
			}
		}
		// Linearity: the sum of the one-term evaluations weighted by the
		// defaults, times the default Scale, is the full evaluation.
		sum := full.Scale * (6*pieces.Evaluate(&p) + steps.Evaluate(&p) + 2*attack.Evaluate(&p) + points.Evaluate(&p) + arc.Evaluate(&p))
		if got := full.Evaluate(&p); got != sum {
			t.Fatalf("Evaluate(%q) = %d, but the weighted one-term scores sum to %d", p, got, sum)
		}
	}
}

// ---------------------------------------------------------------------------
// 3. Fuzzing.

// evFuzzBoard decodes a fuzz input: byte i < 36 gives square i (value mod 3:
// empty, black, white; a colour's pieces beyond 12 are dropped), byte 36
// the side to move, byte 37 the symmetry. Missing bytes are 0. ok is false
// when the board is empty.
func evFuzzBoard(data []byte) (b reference.Board, side surakarta.Color, sym int, ok bool) {
	at := func(i int) byte {
		if i < len(data) {
			return data[i]
		}
		return 0
	}
	var n [3]int
	for s := range surakarta.NumSquares {
		c := reference.Color(at(s) % 3)
		if c != reference.Empty && n[c] < surakarta.MaxPieces {
			b[s] = c
			n[c]++
		}
	}
	return b, surakarta.Color(at(36) & 1), int(at(37) % 8), n[reference.Black]+n[reference.White] > 0
}

// evFuzzBytes encodes a board for evFuzzBoard.
func evFuzzBytes(b reference.Board, side surakarta.Color, sym int) []byte {
	data := make([]byte, 38)
	for s, c := range b {
		data[s] = byte(c)
	}
	data[36], data[37] = byte(side), byte(sym)
	return data
}

func FuzzEvaluate(f *testing.F) {
	for i, tc := range evHandCases {
		p, err := surakarta.ParsePosition(tc.text)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(evFuzzBytes(evBoard(p), p.SideToMove(), i))
	}
	r := evRand(8)
	for i := range 4 {
		b, side := evRandomBoard(r)
		f.Add(evFuzzBytes(b, side, 4+i))
	}
	f.Add([]byte{1})                        // a lone black piece on a1
	f.Add([]byte{0, 0, 0, 0, 0, 0, 0, 2})   // a lone white piece on b2
	f.Add(slices.Repeat([]byte{1, 2}, 40))  // too many of both: the excess dropped
	f.Add([]byte(strings.Repeat("x", 50)))  // arbitrary bytes
	f.Add(append(make([]byte, 36), 1, 255)) // empty board: skipped

	six, eg := surakarta.NewSixFactor(), surakarta.NewEndgameAdjusted()
	f.Fuzz(func(t *testing.T, data []byte) {
		b, side, sym, ok := evFuzzBoard(data)
		if !ok {
			return
		}
		p := evPosition(t, b, side)
		q := evPosition(t, evTransform(b, sym), side)
		flipped := evPosition(t, evColourFlip(b), side.Other())
		for _, ev := range []evNamed{{"SixFactor", six}, {"EndgameAdjusted", eg}} {
			want := ev.e.Evaluate(&p)
			if got := ev.e.Evaluate(&q); got != want {
				t.Fatalf("%s: Evaluate(%q) = %d, but %d after symmetry %d: %q", ev.name, p, want, got, sym, q)
			}
			if got := ev.e.Evaluate(&flipped); got != want {
				t.Fatalf("%s: Evaluate(%q) = %d, but %d after the colour flip: %q", ev.name, p, want, got, flipped)
			}
		}
		if diff := cmp.Diff(six.Terms(&p, side), six.Terms(&flipped, side.Other())); diff != "" {
			t.Fatalf("Terms of the side to move of %q and of its colour flip %q (-p +flipped):\n%s", p, flipped, diff)
		}
	})
}

// Compile-time checks that the evaluators implement Evaluator.
var (
	_ surakarta.Evaluator = (*surakarta.SixFactor)(nil)
	_ surakarta.Evaluator = (*surakarta.EndgameAdjusted)(nil)
	_ surakarta.Evaluator = (*surakarta.Phased)(nil)
	_ surakarta.Evaluator = surakarta.EvaluatorFunc(nil)
)
