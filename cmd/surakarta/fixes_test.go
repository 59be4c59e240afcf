package main

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/testsize"
)

// TestUGIPerftInBackground: perft runs in the background: isready is
// answered at once, stop ends a perft of minutes at once. An answer that
// waited for the perft's end would not come within waitTimeout, on any
// machine; that it comes within moments is checked with
// SURAKARTA_REALTIME=1.
func TestUGIPerftInBackground(t *testing.T) {
	p := startEngine(t, "engine")
	p.send("position startpos", "perft 8")
	begin := time.Now()
	p.send("isready")
	p.expect("readyok")
	testsize.RealTimeWithin(t, "isready during perft 8: readyok", time.Since(begin), 2*time.Second)
	begin = time.Now()
	p.send("stop")
	p.expect("info string perft stopped")
	testsize.RealTimeWithin(t, "stop during perft 8: stopped", time.Since(begin), 2*time.Second)
	p.send("perft 8", "quit")
	if err := p.wait(); err != nil {
		t.Errorf("quit during perft 8: exit %v", err)
	}
}

// TestUGISearchMoves: go searchmoves plays one of the moves it lists,
// where a search of the whole position plays another.
func TestUGISearchMoves(t *testing.T) {
	p := startEngine(t, "engine")
	p.send("position startpos", "go depth 3")
	_, best := p.untilPrefix("bestmove ")
	if best == "bestmove f2f3" {
		t.Fatalf("the free search chose f2f3, the move this test restricts it to")
	}
	p.send("go depth 3 searchmoves f2f3")
	if _, best := p.untilPrefix("bestmove "); !strings.HasPrefix(best, "bestmove f2f3 ") && best != "bestmove f2f3" {
		t.Errorf("go depth 3 searchmoves f2f3: %q", best)
	}
}

// TestUGIGoErrors: go's errors name what is wrong, and the go refused
// is answered, with bestmove 0000.
func TestUGIGoErrors(t *testing.T) {
	p := startEngine(t, "engine")
	for cmd, want := range map[string]string{
		"go searchmoves a1a3": "info string error: go: searchmoves: illegal move: a1a3: a step goes to a neighbouring point, and a3 is not next to a1",
		"go mate 0":           "info string error: go: mate 0: want a number of moves from 1",
	} {
		p.send(cmd, "isready")
		if lines, _ := p.untilPrefix("readyok"); len(lines) != 2 || lines[0] != want || lines[1] != "bestmove 0000" {
			t.Errorf("%s: %q, want %q and bestmove 0000", cmd, lines, want)
		}
	}
}

// TestUGINoPosition: after a refused position the engine has none: go
// answers bestmove 0000, not a move for the position before.
func TestUGINoPosition(t *testing.T) {
	p := startEngine(t, "engine")
	p.send("position startpos moves b2b3", "position startpos moves b2b3 zz", "isready")
	p.untilPrefix("readyok")
	p.send("go depth 1")
	p.expect("info string error: no position: the last position command was refused; send position or uginewgame")
	p.expect("bestmove 0000")
	p.send("query p1turn", "isready")
	if lines, _ := p.untilPrefix("readyok"); len(lines) != 1 || !strings.HasPrefix(lines[0], "info string error: no position") {
		t.Errorf("query p1turn with no position: %q", lines)
	}
	p.send("uginewgame", "query p1turn")
	p.expect("response true")
}

// TestUGIErrorsAreUTF8: an error quotes a long command cut at a character
// boundary.
func TestUGIErrorsAreUTF8(t *testing.T) {
	p := startEngine(t, "engine")
	p.send(strings.Repeat("a", 39)+strings.Repeat("é", 20), "isready")
	lines, _ := p.untilPrefix("readyok")
	if len(lines) != 1 || !utf8.ValidString(lines[0]) || strings.Contains(lines[0], `\x`) || !strings.Contains(lines[0], `"`+strings.Repeat("a", 39)+`…"`) {
		t.Errorf("an unknown command of 79 bytes: %q", lines)
	}
}
