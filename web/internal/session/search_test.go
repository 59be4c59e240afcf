package session_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

func TestBench(t *testing.T) {
	r, err := session.Bench([]string{surakarta.StartText}, 3)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := session.Bench([]string{surakarta.StartText}, 3)
	if len(r) != 1 || r[0].Nodes == 0 || r[0].Nodes != again[0].Nodes || r[0].Move != again[0].Move {
		t.Errorf("bench: %+v and %+v", r, again)
	}
	if _, err := session.Bench([]string{"x"}, 3); err == nil {
		t.Error("a bad position was accepted")
	}
	if _, err := session.Bench(nil, 0); err == nil {
		t.Error("depth 0 was accepted")
	}
}

// TestThinkAtLevels: a level below the top plays the move of level.New
// with the session's LevelKey, whatever the thinking time; levels out of
// range are refused.
func TestThinkAtLevels(t *testing.T) {
	for _, lvl := range []int{1, 3, 6} {
		s := session.New()
		if _, err := s.NewGame("wwww2/ww4/6/6/bb4/bbbb2 b"); err != nil {
			t.Fatal(err)
		}
		for ply := range 6 {
			g := s.Game().Clone()
			want, err := level.New(lvl, session.LevelKey(g.StartPosition()))
			if err != nil {
				t.Fatal(err)
			}
			r, err := want.Search(context.Background(), g, surakarta.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			th, st, err := s.Think(lvl, 0, nil) // no thinking time: a level below the top has a budget of its own
			if err != nil {
				t.Fatal(err)
			}
			if strings.Replace(th.Move, "x", "", 1) != r.Move.String() || th.Level != lvl {
				t.Fatalf("level %d, ply %d: the session played %s (level %d), level.New %v", lvl, ply, th.Move, th.Level, r.Move)
			}
			if st.Over {
				break
			}
		}
	}
	s := session.New()
	for _, lvl := range []int{0, level.Count + 1, -1} {
		if _, _, err := s.Think(lvl, time.Second, nil); err == nil {
			t.Errorf("level %d was accepted", lvl)
		}
	}
	if th, _, err := s.Think(level.Count, 20*time.Millisecond, nil); err != nil || th.Level != level.Count || th.Depth < 1 {
		t.Errorf("the full engine: %+v, %v", th, err)
	}
}

// TestHint: the hint is the full engine's move within HintNodes, with its
// capture path, and is not played.
func TestHint(t *testing.T) {
	s := session.New()
	if _, err := s.NewGame("wwww2/ww4/6/6/bb4/bbbb2 b"); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"", "b1c2", "a5a4"} {
		if m != "" {
			if _, err := s.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		before := s.State()
		h, err := s.Hint()
		if err != nil {
			t.Fatal(err)
		}
		r, err := surakarta.NewPVS(surakarta.NewNetwork()).Search(context.Background(), s.Game().Clone(), surakarta.Limits{Nodes: session.HintNodes})
		if err != nil {
			t.Fatal(err)
		}
		if h.From != r.Move.From().String() || h.To != r.Move.To().String() || h.Score != surakarta.FormatScore(r.Score) || h.Nodes != r.Nodes {
			t.Errorf("hint %+v, the engine %v %s in %d nodes", h, r.Move, surakarta.FormatScore(r.Score), r.Nodes)
		}
		legal, _ := s.Game().Position().Legal(r.Move)
		if legal.IsCapture() != (h.Path != nil) || legal.IsCapture() != strings.Contains(h.Move, "x") {
			t.Errorf("hint %s: path %+v for a capture %v", h.Move, h.Path, legal.IsCapture())
		}
		if after := s.State(); after.Record != before.Record {
			t.Errorf("the hint changed the game: %q", after.Record)
		}
		checkLine(t, s.Game().Position(), h.Line)
	}
	if _, err := s.NewGame("6/6/6/6/bw4/6 b"); err != nil {
		t.Fatal(err)
	}
	h, err := s.Hint()
	if err != nil || h.Move != "a2xb2" || h.Path == nil || strings.Join(h.Path.Points, " ") != "a2 b1 b2" {
		t.Errorf("the winning capture: %+v, %v", h, err)
	}
	if h.Line != "a2xb2" {
		t.Errorf("the line of the winning capture: %q, want a2xb2, as the move list writes it", h.Line)
	}
	if _, err := s.Play("a2b2"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Hint(); err == nil {
		t.Error("a hint after the end")
	}
}
