package ugi

import (
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/serve"
)

// TestChessUsersWords: what a chess user types first works: uci (answered
// uciok), ucinewgame, Stockfish's d (show) and eval (the evaluator's
// score of the position, for the side to move).
func TestChessUsersWords(t *testing.T) {
	e := testEngine(nil)
	tuned := surakarta.NewTuned()
	e.Evaluator = func() surakarta.Evaluator { return tuned }
	s := startSession(t, e, serve.Caps{})
	s.send("uci")
	if _, last := s.untilPrefix("uciok"); last != "uciok" {
		t.Errorf("uci: ended with %q", last)
	}
	s.send("position startpos moves c2d3", "ucinewgame", "d")
	show, last := s.untilPrefix("info string outcome ")
	if !strings.Contains(strings.Join(show, "\n"), "info string position "+surakarta.StartText) || last != "info string outcome not over" {
		t.Errorf("ucinewgame, then d: %q %q", show, last)
	}
	s.send("position startpos moves c2d3", "eval")
	p := surakarta.NewPosition()
	p.PlayUnchecked(surakarta.NewMove(surakarta.C2, surakarta.D3))
	want := "info string eval score cp " + strconv.Itoa(tuned.Evaluate(&p)) + " wdl "
	if l := s.next(); !strings.HasPrefix(l, want) || !strings.Contains(l, " for White, to move ") {
		t.Errorf("eval: %q, want %q… for White, to move …", l, want)
	}
	// An engine that gives no evaluator refuses eval.
	s = newSession(t)
	s.send("eval")
	if l := s.next(); l != "info string error: eval: this engine does not show its evaluation" {
		t.Errorf("eval without an evaluator: %q", l)
	}
}
