package surakartatest_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// Material is an evaluator of the kind you might write yourself: each piece
// is worth PieceValue and each legal move MoveValue, for the side to move
// minus its opponent.
type Material struct {
	PieceValue int // 100, say
	MoveValue  int // 2, say
}

// Evaluate implements surakarta.Evaluator.
func (e Material) Evaluate(p *surakarta.Position) int {
	us := p.SideToMove()
	them := *p // a copy, with the opponent to move, to count its moves
	_ = them.SetSideToMove(us.Other())
	material := e.PieceValue * (p.Count(us) - p.Count(us.Other()))
	mobility := e.MoveValue * (p.CountMoves() - them.CountMoves())
	return max(-surakarta.MaxEvaluation, min(material+mobility, surakarta.MaxEvaluation))
}

// FuzzMaterialEvaluator is the fuzz target to copy for an evaluator of your
// own: put your type in place of Material. On positions made from the
// fuzzer's bytes it checks that the evaluator does not panic, scores within
// ±MaxEvaluation, leaves the position as it was, gives the same score twice
// and gives a position and its flip the same score. Run it for as long as
// you like with
//
//	go test -run '^$' -fuzz '^FuzzMaterialEvaluator$' -fuzztime 1m
//
// and commit what it finds under testdata/fuzz/FuzzMaterialEvaluator:
// PositionFrom of a failing input is the position that fails.
func FuzzMaterialEvaluator(f *testing.F) {
	// Seeds: positions you care about, as bytes.
	f.Add(surakartatest.EncodePosition(surakarta.NewPosition()))
	for _, text := range []string{
		"1w1w1w/1wb2b/w3ww/1w2wb/b2bbb/bbb1b1 b 5 19", // a middle game
		"6/1w4/6/6/bw4/6 w 48 90",                     // an endgame near the quiet-ply limit
	} {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(surakartatest.EncodePosition(p))
	}
	e := Material{PieceValue: 100, MoveValue: 2}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := surakartatest.PositionFrom(data)
		if err := surakartatest.CheckEvaluator(e, p); err != nil {
			t.Fatal(err)
		}
	})
}

func ExampleCheckEvaluator() {
	p, _ := surakarta.ParsePosition("6/1w4/w5/6/bw4/b5 b 0 1")

	e := Material{PieceValue: 100, MoveValue: 2}
	fmt.Println(e.Evaluate(&p), surakartatest.CheckEvaluator(e, p))

	// A bug: Black's pieces minus White's, whoever is to move.
	blackMinusWhite := surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
		return p.Count(surakarta.Black) - p.Count(surakarta.White)
	})
	fmt.Println(surakartatest.CheckEvaluator(blackMinusWhite, p))
	// Output:
	// -126 <nil>
	// Evaluate("6/1w4/w5/6/bw4/b5 b 0 1") = -1, but 1 for its flip "w5/wb4/6/b5/1b4/6 w 0 1": the scores of a position and its flip must be equal
}

func ExamplePositionFrom() {
	fmt.Println(surakartatest.PositionFrom(nil))
	// White to move, quiet-ply code 66 (66−48 = 18), move-number code 9
	// (9+1 = 10), a black piece on b2 (7) and a white one on e5 (64 = 36+28).
	fmt.Println(surakartatest.PositionFrom([]byte{1, 66, 9, 7, 64}))
	// Any bytes make a valid position.
	fmt.Println(surakartatest.PositionFrom([]byte("Surakarta is a game from Java")))
	// Output:
	// 6/6/6/6/6/6 b 0 1
	// 6/4w1/6/6/1b4/6 w 18 10
	// bbbb1b/1b3b/6/6/www1w1/1wbw2 w 69 115
}

func ExampleEncodePosition() {
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 w 48 90")
	data := surakartatest.EncodePosition(p)
	fmt.Println(data)
	fmt.Println(surakartatest.PositionFrom(data) == p)
	// Output:
	// [1 96 89 6 43 61]
	// true
}

func ExampleGameFrom() {
	// The standard start (0), the Olympiad rules (0, 0), no declared end
	// (0), then the first legal move three times.
	g := surakartatest.GameFrom([]byte{0, 0, 0, 0, 0, 0, 0})
	fmt.Printf("%+v %v %v\n", g.Rules(), g.Moves(), g.Outcome())

	// A quiet-ply limit 2 plies ahead (code 4) ends the game after two
	// moves; the bytes left over are not used.
	g = surakartatest.GameFrom([]byte{0, 4, 0, 0, 10, 20, 30, 40})
	fmt.Printf("%+v %v %v\n", g.Rules(), g.Moves(), g.Outcome())

	// End code 1: Black resigns when the moves run out.
	g = surakartatest.GameFrom([]byte{0, 0, 0, 1, 7})
	fmt.Printf("%+v %v %v\n", g.Rules(), g.Moves(), g.Outcome())
	// Output:
	// quiet=50 repetition=2 [a2a3 a5a4 a1a2] not over
	// quiet=2 repetition=2 [d2e3 b5c4] draw (quiet-ply limit)
	// quiet=50 repetition=2 [c2d3] White wins (resignation)
}

func ExampleEncodeGame() {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "c2c3"} {
		if err := g.PlayText(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	data := surakartatest.EncodeGame(g)
	fmt.Println(data)
	fmt.Println(surakartatest.GameFrom(data).Moves())
	// Output:
	// [0 0 0 0 3 12 6]
	// [b2b3 e5e4 c2c3]
}

func ExampleRandomPosition() {
	r := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		fmt.Println(surakartatest.RandomPosition(r))
	}
	// Output:
	// 1wbb2/bbb2b/1w1b2/6/w1bb2/2b3 b 60 137
	// 6/2b3/b5/1w2wb/wb1w1w/bb2bb b 16777215 117
	// 5w/w1b1b1/2b2b/4b1/w5/2b1b1 b 1023 192
}

func ExampleRandomGame() {
	r := rand.New(rand.NewPCG(1, 2))
	for range 4 {
		g := surakartatest.RandomGame(r, 60)
		fmt.Printf("%d plies, %+v: %v\n", g.Ply(), g.Rules(), g.Outcome())
	}
	// Output:
	// 16 plies, quiet=16 repetition=2: draw (quiet-ply limit)
	// 6 plies, quiet=17 repetition=4: White wins (quiet-ply limit)
	// 39 plies, quiet=524287 repetition=2: White wins (repetition)
	// 60 plies, quiet=999999994 repetition=4: not over
}

func ExampleFlip() {
	p, _ := surakarta.ParsePosition("6/1w4/w5/6/bw4/b5 b 0 1")
	f := surakartatest.Flip(p)
	fmt.Print(p.Diagram(), f.Diagram())
	fmt.Println(f)

	// The same game from the other side: the flipped moves, and the same
	// score.
	var flipped []surakarta.Move
	for _, m := range p.LegalMoves() {
		flipped = append(flipped, surakartatest.FlipMove(m))
	}
	fmt.Println(flipped, surakartatest.CheckMoves(f, flipped))
	six := surakarta.NewSixFactor()
	fmt.Println(six.Evaluate(&p), six.Evaluate(&f))
	// Output:
	// 6  . . . . . .
	// 5  . w . . . .
	// 4  w . . . . .
	// 3  . . . . . .
	// 2  b w . . . .
	// 1  b . . . . .
	//    a b c d e f
	// 6  w . . . . .
	// 5  w b . . . .
	// 4  . . . . . .
	// 3  b . . . . .
	// 2  . b . . . .
	// 1  . . . . . .
	//    a b c d e f
	// w5/wb4/6/b5/1b4/6 w 0 1
	// [a5b5 a6b6 a5b6 a5a4 a5b4] <nil>
	// -200 -200
}

func ExampleFlipMove() {
	m, _ := surakarta.ParseMove("a2xb2")
	fmt.Println(surakartatest.FlipMove(m), surakartatest.FlipMove(m).IsCapture())
	// Output:
	// a5b5 true
}

func ExampleCheckMoves() {
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b 0 1")

	// A move generator under test that finds the steps but no capture.
	var steps []surakarta.Move
	for _, m := range p.LegalMoves() {
		if !m.IsCapture() {
			steps = append(steps, m)
		}
	}
	fmt.Println(surakartatest.CheckMoves(p, steps))
	fmt.Println(surakartatest.CheckMoves(p, p.LegalMoves()))
	// Output:
	// moves of "6/1w4/6/6/bw4/6 b 0 1" differ from its legal moves: missing: a2xb2
	// <nil>
}
