package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

// The conformance test of the engine under cutegames, the tournament
// runner whose protocol UGI is. Its client is as strict as that runner,
// and written apart from package ugi, so that the two cannot share a
// mistake:
//
//   - replies are split on single spaces (runs of spaces are one);
//   - ugiok and readyok must be lines of exactly that word; a move is
//     taken only from a line of exactly two words, "bestmove a2b3", and a
//     query's answer only from "response WORD"; the runner skips every
//     other line, so a bestmove or response line of other words would
//     leave it waiting for ever: the client fails there instead;
//   - a bestmove or response line that comes unasked would answer the
//     runner's next question: the client fails on it too;
//   - no stop, ponderhit, go infinite or movestogo is ever sent, and
//     position comes twice before the mover's query gameover;
//   - player 1's engine is asked query p1turn before every ply, whoever is
//     to move, and at the end both engines are asked query gameover and
//     query result, which must agree.
//
// The client plays whole games between two engine processes, each game
// the runner's sequence, under each kind of time control it sends, and
// referees them with the library: every move must be legal, and the
// engines' result the game's.

// strictEngine is an engine process read as cutegames reads it.
type strictEngine struct {
	*process
	tb testing.TB
}

// words splits a line as cutegames does: on single spaces, runs of spaces
// counting as one; tabs are no separators.
func words(line string) []string {
	var w []string
	for _, f := range strings.Split(strings.TrimSuffix(line, "\r"), " ") {
		if f != "" {
			w = append(w, f)
		}
	}
	return w
}

// answer reads lines until the answer the runner waits for: a line that
// is exactly want (ugiok, readyok), or with want "bestmove" or "response"
// a line of two words whose first is want; it returns the second word. A
// line the runner would skip while it waits for ever, or take for the
// answer to another question, fails the test.
func (e *strictEngine) answer(want string) string {
	e.tb.Helper()
	for {
		line := e.next()
		w := words(line)
		if len(w) == 0 {
			continue
		}
		switch first := w[0]; {
		case want != "bestmove" && want != "response" && line == want:
			return ""
		case first == want && len(w) == 2:
			return w[1]
		case first == want:
			e.tb.Fatalf("%s: %q: cutegames reads %s only from a line of two words, and would wait for ever", e.name, line, want)
		case (first == "bestmove" || first == "response") && len(w) == 2:
			e.tb.Fatalf("%s: %q while waiting for %s: cutegames would take it for the answer to its next question", e.name, line, want)
		}
	}
}

// ask sends cmd and returns the word of its response.
func (e *strictEngine) ask(cmd string) string {
	e.tb.Helper()
	e.send(cmd)
	return e.answer("response")
}

// ready sends isready and waits for readyok.
func (e *strictEngine) ready() {
	e.tb.Helper()
	e.send("isready")
	e.answer("readyok")
}

// startStrict starts an engine and says ugi, sets options and isready, as
// the runner does once per engine.
func startStrict(tb testing.TB, name string, options ...string) *strictEngine {
	tb.Helper()
	e := &strictEngine{process: startEngine(tb, name), tb: tb}
	e.send("ugi")
	e.answer("ugiok")
	for _, o := range options {
		e.send(o)
	}
	e.ready()
	return e
}

// cutegamesControl is a time control as the runner sends it.
type cutegamesControl struct {
	name      string
	clock     time.Duration // "type": "clock": each side's time, with inc
	inc       time.Duration
	moveTime  time.Duration // "type": "movetime"
	depth     int           // "type": "depth"
	nodes     int64         // "type": "nodes"
	forfeitOK time.Duration // how late a movetime move may be before the runner forfeits it
}

// goCommand returns the go the runner sends with the players' times left.
func (c cutegamesControl) goCommand(left [2]time.Duration) string {
	switch {
	case c.clock > 0:
		return fmt.Sprintf("go p1time %d p2time %d p1inc %d p2inc %d", left[0].Milliseconds(), left[1].Milliseconds(), c.inc.Milliseconds(), c.inc.Milliseconds())
	case c.moveTime > 0:
		return fmt.Sprintf("go movetime %d", c.moveTime.Milliseconds())
	case c.depth > 0:
		return fmt.Sprintf("go depth %d", c.depth)
	}
	return fmt.Sprintf("go nodes %d", c.nodes)
}

// playCutegamesGame plays one game from opening, the runner's sequence,
// between players[0] (player 1, Black) and players[1], and returns the
// game as the library replays it and the result the engines agreed on.
func playCutegamesGame(t *testing.T, opening string, players [2]*strictEngine, c cutegamesControl) (*surakarta.Game, string) {
	t.Helper()
	start := "position startpos"
	startPos := surakarta.NewPosition()
	if opening != "startpos" {
		start = "position fen " + opening
		var err error
		if startPos, err = surakarta.ParsePosition(opening); err != nil {
			t.Fatal(err)
		}
	}
	g := surakarta.NewGame(startPos) // the referee: the Olympiad's rules, as the engines'
	var moves []string
	position := func() string {
		if len(moves) == 0 {
			return start
		}
		return start + " moves " + strings.Join(moves, " ")
	}
	for _, e := range players {
		e.ready()
		e.send("uginewgame")
	}
	p1, p2 := players[0], players[1]
	p1.send(start)
	if got, want := p1.ask("query p1turn"), g.Position().SideToMove() == surakarta.Black; got != fmt.Sprint(want) {
		t.Fatalf("%s: query p1turn of the opening: %q, want %v", p1.name, got, want)
	}
	left := [2]time.Duration{c.clock, c.clock}
	for ply := 0; ; ply++ {
		if ply > 1000 {
			t.Fatalf("no end after 1000 plies: %s", position())
		}
		p1.send(position())
		turn := p1.ask("query p1turn")
		if want := fmt.Sprint(g.Position().SideToMove() == surakarta.Black); turn != want {
			t.Fatalf("ply %d: player 1's query p1turn %q, want %s", ply, turn, want)
		}
		side := 0
		if turn != "true" {
			side = 1
		}
		us, them := players[side], players[1-side]
		us.ready()
		us.send(position(), position())
		over := us.ask("query gameover")
		// "protocol": {"gameover": "both"}: the other engine agrees.
		them.send(position(), position())
		if other := them.ask("query gameover"); other != over {
			t.Fatalf("ply %d: query gameover: %s says %s, %s says %s", ply, us.name, over, them.name, other)
		}
		if want := fmt.Sprint(g.Outcome().Over); over != want {
			t.Fatalf("ply %d: query gameover %s, want %s (%v)", ply, over, want, g.Outcome())
		}
		if over == "true" {
			break
		}
		sent := time.Now()
		us.send(c.goCommand(left))
		move := us.answer("bestmove")
		elapsed := time.Since(sent).Truncate(time.Millisecond)
		if err := g.PlayText(move); err != nil {
			t.Fatalf("ply %d: %s played %q: %v", ply, us.name, move, err)
		}
		moves = append(moves, move)
		late := ""
		switch {
		case c.clock > 0:
			if left[side] -= elapsed; left[side] <= 0 {
				late = fmt.Sprintf("took %v with %v left", elapsed, left[side]+elapsed)
			}
			left[side] += c.inc
		case c.moveTime > 0 && elapsed > c.moveTime+c.forfeitOK:
			late = fmt.Sprintf("took %v at movetime %v", elapsed, c.moveTime)
		}
		if late != "" {
			// The runner would forfeit the move: a failure on a quiet
			// machine, a note on a loaded one.
			if testsize.RealTimeOn() {
				t.Errorf("ply %d: %s %s: cutegames forfeits it", ply, us.name, late)
			} else {
				t.Logf("ply %d: %s %s: cutegames would forfeit it (a failure with SURAKARTA_REALTIME=1)", ply, us.name, late)
			}
		}
	}
	var results [2]string
	for i, e := range players {
		e.ready()
		e.send(position(), position())
		if over := e.ask("query gameover"); over != "true" {
			t.Fatalf("the end: %s says gameover %s", e.name, over)
		}
		e.send(position())
		results[i] = e.ask("query result")
	}
	if results[0] != results[1] {
		t.Fatalf("result mismatch: %s says %s, %s says %s", p1.name, results[0], p2.name, results[1])
	}
	o := g.Outcome()
	want := "draw"
	switch {
	case !o.Draw && o.Winner == surakarta.Black:
		want = "p1win"
	case !o.Draw:
		want = "p2win"
	}
	if results[0] != want {
		t.Fatalf("query result %s, want %s (%v)", results[0], want, o)
	}
	return g, results[0]
}

// TestCutegamesConformance plays whole games as cutegames plays them:
// two engines, the engines' roles swapped, under a clock, a move time, a
// depth and a node count, from openings with either side to move.
func TestCutegamesConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("whole games between two engine processes: not with -short")
	}
	openings := []string{
		"startpos",
		"wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1",
		"wwwwww/ww1www/1w4/b4b/b1bbb1/bbbbbb b 4 3",
		"wwwwww/wwwwww/6/3b2/bbb1bb/bbbbbb w 0 1", // White, player 2, moves first
	}
	controls := []cutegamesControl{
		{name: "clock 1s+20ms", clock: time.Second, inc: 20 * time.Millisecond},
		{name: "movetime 20ms", moveTime: 20 * time.Millisecond, forfeitOK: 25 * time.Millisecond},
		{name: "depth 3", depth: 3},
		{name: "nodes 2000", nodes: 2000},
	}
	// The runner sets the settings' options once per engine, before its
	// first isready.
	a := startStrict(t, "engine A", "setoption name Hash value 16")
	b := startStrict(t, "engine B", "setoption name Threads value 1")
	for i, c := range controls {
		opening := openings[i%len(openings)]
		// "repeat": true: an opening twice, the engines' roles swapped
		// (the games at a clock and a move time once, for time).
		pairs := [][2]*strictEngine{{a, b}, {b, a}}
		if c.clock > 0 || c.moveTime > 0 {
			pairs = pairs[i%2 : i%2+1]
		}
		for _, players := range pairs {
			g, result := playCutegamesGame(t, opening, players, c)
			t.Logf("%s, %s, %s (Black) vs %s: %d plies, %s (%v)", c.name, opening, players[0].name, players[1].name, len(g.Moves()), result, g.Outcome())
		}
	}
	for _, e := range []*strictEngine{a, b} {
		e.send("quit")
		if err := e.wait(); err != nil {
			t.Errorf("%s: quit: %v", e.name, err)
		}
	}
}
