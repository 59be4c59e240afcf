package surakarta_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/surakarta-go/surakarta"
)

func ExampleParsePosition() {
	p, err := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p)
	fmt.Println(p.SideToMove(), "to move,", p.Count(surakarta.Black), "v", p.Count(surakarta.White))

	_, err = surakarta.ParsePosition("6/6/6/6/6/b4 b")
	fmt.Println(err)
	// Output:
	// 6/1w4/6/6/bw4/6 b 0 1
	// Black to move, 1 v 2
	// invalid position: "6/6/6/6/6/b4 b": rank 1 has 5 points, want 6
}

func ExamplePosition_LegalMoves() {
	// 5  . w . . . .   Black's a2 takes b2 by walking backward round the
	// 4  . . . . . .   a1 loop (a2, b1, b2). Forward it meets b2 before
	// 3  . . . . . .   any loop, and b5 stands behind b2 on file b: one
	// 2  b w . . . .   capture, listed first, then the steps.
	// 1  . . . . . .
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	for _, m := range p.LegalMoves() {
		fmt.Print(m, " ")
		if m.IsCapture() {
			fmt.Print("(capture) ")
		}
	}
	fmt.Println()
	// Output:
	// a2b2 (capture) a2a1 a2b1 a2a3 a2b3
}

func ExamplePosition_CapturePath() {
	p, _ := surakarta.ParsePosition("6/w5/6/6/b5/6 b")
	m, _ := surakarta.ParseMove("a2a5")
	path, err := p.CapturePath(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(path.Circuit, path.Points)
	for _, l := range path.Loops {
		fmt.Printf("%v between %v and %v\n", l.Loop, path.Points[l.Index-1], path.Points[l.Index])
	}
	// Output:
	// inner [a2 b1 b2 b3 b4 b5 b6 a5]
	// inner loop at a1 between a2 and b1
	// inner loop at a6 between b6 and a5
}

func ExampleGame() {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, text := range []string{"a2a3", "a5a4", "a4a3", "a3a2", "a4a5"} {
		if err := g.PlayText(text); err != nil {
			fmt.Println(err)
			fmt.Println("illegal:", errors.Is(err, surakarta.ErrIllegalMove))
		}
	}
	fmt.Println(g.Ply(), "plies:", g.Moves())
	fmt.Println(g.Outcome()) // the start position has recurred
	// Output:
	// illegal move: a4a3: the piece on a4 is White's, but Black is to move
	// illegal: true
	// 4 plies: [a2a3 a5a4 a3a2 a4a5]
	// draw (repetition)
}

func ExamplePosition_Diagram() {
	fmt.Print(surakarta.NewPosition().Diagram())
	// Output:
	// 6  w w w w w w
	// 5  w w w w w w
	// 4  . . . . . .
	// 3  . . . . . .
	// 2  b b b b b b
	// 1  b b b b b b
	//    a b c d e f
}

func ExampleEvaluatorFunc() {
	// A material-only evaluator: pieces of the side to move minus the
	// opponent's, scaled to the six-factor units (a piece ≈ 50).
	material := surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
		us := p.SideToMove()
		return 50 * (p.Count(us) - p.Count(us.Other()))
	})
	sixFactor := surakarta.NewSixFactor()

	// 2  b w . . . .   White to move. Six-factor values (6N+M+2A+P+Arc):
	// 1  b . . . . .   Black a1 a2: N 2, M 4, C 1 (a2b2 round the a1 loop),
	//                  A 5, P 25, Arc 5·1+5·8 = 45: 12+4+10+25+45 = 96.
	//                  White b2: N 1, M 6, C 1 (b2a2), A 7, P 30,
	//                  Arc 5·0+5·7 = 35: 6+6+14+30+35 = 91. Score 91−96.
	p, _ := surakarta.ParsePosition("6/6/6/6/bw4/b5 w")
	for _, e := range []surakarta.Evaluator{material, sixFactor} {
		fmt.Println(e.Evaluate(&p))
	}
	// Output:
	// -50
	// -5
}

func ExampleSixFactor_Terms() {
	e := surakarta.NewSixFactor()
	p := surakarta.NewPosition()
	t := e.Terms(&p, surakarta.Black)
	fmt.Printf("%+v\n", t)
	fmt.Println("value", e.Weights.Value(t), "score", e.Evaluate(&p))
	// Output:
	// {Pieces:12 Steps:16 Captures:0 Attack:16 Points:290 LoopsHeld:4 LoopsDenied:4 Arc:40}
	// value 450 score 0
}

func ExampleNewPVS() {
	// 6  w . . . . .   Black wins in 3 plies: a2 takes b2 round the a1
	// 5  . . . . . .   loop; White's last piece must step off the a6
	// 4  . . . . . .   corner onto a5, b5 or b6, all of which b2 then
	// 3  . . . . . .   reaches along the inner circuit.
	// 2  b w . . . .
	// 1  . . . . . .
	p, _ := surakarta.ParsePosition("w5/6/6/6/bw4/6 b")
	g := surakarta.NewGame(p)
	searcher := surakarta.NewPVS(surakarta.NewSixFactor())
	r, err := searcher.Search(context.Background(), g, surakarta.Limits{Depth: 6})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Move, surakarta.FormatScore(r.Score))
	// Output:
	// a2b2 win in 3
}
