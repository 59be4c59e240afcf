package surakarta_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

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
	// opponent's, in the unit of evaluation.
	material := surakarta.EvaluatorFunc(func(p *surakarta.Position) int {
		us := p.SideToMove()
		return surakarta.PieceValue * (p.Count(us) - p.Count(us.Other()))
	})
	sixFactor := surakarta.NewSixFactor()

	// 2  b w . . . .   White to move. Six-factor values (6N+M+2A+P+Arc):
	// 1  b . . . . .   Black a1 a2: N 2, M 4, C 1 (a2b2 round the a1 loop),
	//                  A 5, P 25, Arc 5·1+5·8 = 45: 12+4+10+25+45 = 96.
	//                  White b2: N 1, M 6, C 1 (b2a2), A 7, P 30,
	//                  Arc 5·0+5·7 = 35: 6+6+14+30+35 = 91. Score 91−96,
	//                  times Scale, 2, on the unit.
	p, _ := surakarta.ParsePosition("6/6/6/6/bw4/b5 w")
	for _, e := range []surakarta.Evaluator{material, sixFactor} {
		fmt.Println(e.Evaluate(&p))
	}
	// Output:
	// -80
	// -10
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
	// a2b2 win in 3 plies
}

func ExampleNewAlphaBeta() {
	// The same three-ply win as in the PVS example, found by the plain
	// fixed-depth alpha-beta search.
	p, _ := surakarta.ParsePosition("w5/6/6/6/bw4/6 b")
	searcher := surakarta.NewAlphaBeta(surakarta.NewSixFactor())
	r, err := searcher.Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: 4})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Move, surakarta.FormatScore(r.Score), "depth", r.Depth)
	// Output:
	// a2b2 win in 3 plies depth 3
}

func ExamplePVS_multiPV() {
	// The three best first moves of the game, each with its score and
	// line, from a search to depth 6 (one thread: the same every time).
	g := surakarta.NewGame(surakarta.NewPosition())
	searcher := surakarta.NewPVS(surakarta.NewTuned())
	r, err := searcher.Search(context.Background(), g, surakarta.Limits{Depth: 6, MultiPV: 3})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, line := range r.Lines {
		fmt.Println(i+1, surakarta.FormatScore(line.Score), line.PV)
	}
	fmt.Println("play", r.Move)
	// Output:
	// 1 +41 [b2c3 f5e4 b1b2 e6f5 a2a3 b5c4]
	// 2 +37 [a2a3 f5e4 c2d3 b5b4 b1c2 b4c3]
	// 3 +37 [c2d3 f5e4 b1c2 e6f5 a2a3 b5c4]
	// play b2c3
}

func ExampleGame_Undo() {
	g := surakarta.NewGame(surakarta.NewPosition())
	g.PlayText("b2b3")
	g.PlayText("e5e4")
	fmt.Println(g.Ply(), g.Moves())
	if err := g.Undo(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(g.Ply(), g.Moves(), g.Position())

	// Undo also takes back a resignation.
	g.Resign(surakarta.White)
	fmt.Println(g.Outcome())
	g.Undo()
	fmt.Println(g.Outcome())
	// Output:
	// 2 [b2b3 e5e4]
	// 1 [b2b3] wwwwww/wwwwww/6/1b4/b1bbbb/bbbbbb w 1 1
	// Black wins (resignation)
	// not over
}

func ExampleGame_Resign() {
	var g surakarta.Game // the zero Game: the start, Olympiad rules
	g.PlayText("b2b3")
	g.Resign(surakarta.White)
	fmt.Println(g.Outcome())
	fmt.Println(g.PlayText("e5e4"))
	// Output:
	// Black wins (resignation)
	// game over: Black wins (resignation), so e5e4 cannot be played
}

func ExamplePosition_LegalMovesSeq() {
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	for m := range p.LegalMovesSeq() {
		if m.IsCapture() {
			fmt.Println("capture", m)
			continue
		}
		fmt.Println("step", m)
	}
	// Output:
	// capture a2b2
	// step a2a1
	// step a2b1
	// step a2a3
	// step a2b3
}

func ExamplePosition_Put() {
	var p surakarta.Position // the empty board
	p.Put(surakarta.A2, surakarta.Black)
	p.Put(surakarta.B2, surakarta.White)
	p.Put(surakarta.B5, surakarta.White)
	p.SetSideToMove(surakarta.Black)
	fmt.Println(p)
	fmt.Println(p.LegalMoves())
	// Output:
	// 6/1w4/6/6/bw4/6 b 0 1
	// [a2b2 a2a1 a2b1 a2a3 a2b3]
}

func ExampleMove_MarshalText() {
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	data, _ := json.Marshal(p.LegalMoves()[:2])
	fmt.Println(string(data))
	var moves []surakarta.Move
	json.Unmarshal(data, &moves)
	fmt.Println(moves, moves[0].IsCapture())
	// Output:
	// ["a2xb2","a2a1"]
	// [a2b2 a2a1] true
}

func ExampleSearcher_cancel() {
	// A search runs until its context is done: here a cancel from another
	// goroutine (a GUI's stop button), with no other limit but the depth.
	ctx, cancel := context.WithCancel(context.Background())
	searcher := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
	g := surakarta.NewGame(surakarta.NewPosition())
	lim := surakarta.Limits{
		Depth: surakarta.MaxDepth,
		Progress: func(i surakarta.Info) {
			if i.Depth == 4 {
				cancel() // stop after depth 4; the search notices within 1024 nodes
			}
		},
	}
	r, err := searcher.Search(ctx, g, lim)
	_, illegal := g.Position().Legal(r.Move)
	fmt.Println(err, r.Depth, illegal == nil)
	// Output:
	// <nil> 4 true
}

// materialAndMobility is an evaluator of a user's own: a struct with
// weights, scoring pieces and legal moves.
type materialAndMobility struct {
	Piece, Move int
}

// Evaluate implements surakarta.Evaluator.
func (e materialAndMobility) Evaluate(p *surakarta.Position) int {
	us := p.SideToMove()
	score := e.Piece * (p.Count(us) - p.Count(us.Other()))
	mine := p.CountMoves()
	other := *p
	other.SetSideToMove(us.Other())
	return score + e.Move*(mine-other.CountMoves())
}

func ExampleEvaluator() {
	e := materialAndMobility{Piece: 50, Move: 2}

	// 5  . w . . . .   Black a2 has 5 moves (a2b2 round the a1 loop and 4
	// 4  . . . . . .   steps); White has 16: b2 steps to 7 points and
	// 3  . . . . . .   takes a2, b5 steps to 8 and takes nothing (every
	// 2  b w . . . .   walk from it meets b2 first). 50·(1−2) + 2·(5−16).
	// 1  . . . . . .
	p, _ := surakarta.ParsePosition("6/1w4/6/6/bw4/6 b")
	fmt.Println("score for Black:", e.Evaluate(&p))

	// Any evaluator finds the forced win of the PVS example.
	won, _ := surakarta.ParsePosition("w5/6/6/6/bw4/6 b")
	r, _ := surakarta.NewPVS(e).Search(context.Background(), surakarta.NewGame(won), surakarta.Limits{Depth: 4})
	fmt.Println("best move:", r.Move, surakarta.FormatScore(r.Score))
	// Output:
	// score for Black: -72
	// best move: a2b2 win in 3 plies
}

// A game on a clock: each side has a second and gains 10 ms a move. The
// searcher plans each move's time from the side to move's clock; the
// referee's part, taking the time spent off the clock and adding the
// increment, is the caller's.
func ExampleClock() {
	g := surakarta.NewGame(surakarta.NewPosition())
	searcher := surakarta.NewPVS(surakarta.NewEndgameAdjusted())
	clock := surakarta.Clock{
		Black: time.Second, White: time.Second,
		BlackIncrement: 10 * time.Millisecond, WhiteIncrement: 10 * time.Millisecond,
	}
	for !g.Outcome().Over && g.Ply() < 6 {
		side := g.Position().SideToMove()
		start := time.Now()
		res, err := searcher.Search(context.Background(), g, surakarta.Limits{Clock: clock, MoveOverhead: 10 * time.Millisecond})
		if err != nil {
			fmt.Println(err)
			return
		}
		spent := time.Since(start)
		left, inc := clock.Left(side)
		if side == surakarta.Black {
			clock.Black = left - spent + inc
		} else {
			clock.White = left - spent + inc
		}
		if err := g.Play(res.Move); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println(g.Ply(), "plies played; time left:", clock.Black > 0 && clock.White > 0)
	// Output:
	// 6 plies played; time left: true
}
