package session_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

// TestAnalyse: the analysis is analysis.Game's with a fresh engine and the
// same budget, with a board for every ply, the graph and the marks.
func TestAnalyse(t *testing.T) {
	s := session.New()
	if _, err := s.Analyse(0, nil); err == nil {
		t.Error("a game without moves was analysed")
	}
	// Black's third move, b2a3, loses a piece to b4a2.
	for _, m := range []string{"b2c3", "a5b4", "b1b2", "b5c4", "b2a3", "b4a2", "f2e3", "b6b5"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Hint(); err != nil { // the engine that analyses has searched before
		t.Fatal(err)
	}
	const nodes = 20_000
	var calls []string
	a, err := s.Analyse(nodes, func(done, total int) { calls = append(calls, fmt.Sprint(done, "/", total)) })
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(calls, " "); got != "1/9 2/9 3/9 4/9 5/9 6/9 7/9 8/9 9/9" {
		t.Errorf("progress %s", got)
	}
	want, err := analysis.Game(context.Background(), s.Game(), surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{Limits: surakarta.Limits{Nodes: nodes}})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Moves) != 8 || len(a.Plies) != 9 || a.Nodes != nodes || a.NodesSearched != want.Nodes {
		t.Fatalf("%d moves, %d plies, %d nodes a position, %d in all (want %d)", len(a.Moves), len(a.Plies), a.Nodes, a.NodesSearched, want.Nodes)
	}
	marks := map[string]string{"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
	positions := s.Game().Positions()
	for i, m := range a.Moves {
		w := want.Moves[i]
		if m.Ply != i+1 || m.Class != w.Class.String() || m.Mark != marks[m.Class] || m.Comment != w.Comment() ||
			strings.Replace(m.Best, "x", "", 1) != w.Best.String() || m.Loss != w.Loss || m.Color != strings.ToLower(w.Mover.String()) {
			t.Errorf("ply %d: %+v, want %+v", i+1, m, w)
		}
		if best, _ := positions[i].Legal(w.Best); best.IsCapture() != (m.BestPath != nil) {
			t.Errorf("ply %d: best %s with path %+v", i+1, m.Best, m.BestPath)
		}
		if checkLine(t, positions[i], m.Line); !strings.HasPrefix(m.Line, m.Best) {
			t.Errorf("ply %d: the line %q does not start with the best move %s", i+1, m.Line, m.Best)
		}
	}
	if a.Moves[4].Move != "b2a3" || a.Moves[4].Class != "blunder" || a.Moves[4].Mark != "??" {
		t.Errorf("b2a3: %+v", a.Moves[4])
	}
	if a.Black.Blunders != want.Summary(surakarta.Black).Count(analysis.Blunder) || a.Black.Moves != 4 || a.Black.Accuracy != want.Summary(surakarta.Black).Accuracy {
		t.Errorf("Black's summary %+v", a.Black)
	}
	for i, p := range a.Plies {
		if p.Position != positions[i].String() {
			t.Errorf("ply %d: %s, want %s", i, p.Position, positions[i])
		}
	}
	if a.Plies[8].Board != s.State().Board {
		t.Error("the last ply's board is not the game's")
	}
	if n := strings.Count(a.SVG, "<circle data-ply="); n != 8 || !strings.HasPrefix(a.SVG, "<svg") {
		t.Errorf("the graph has %d points:\n%s", n, a.SVG)
	}
	if _, err := s.Analyse(-1, nil); err == nil {
		t.Error("a negative budget was accepted")
	}
}
