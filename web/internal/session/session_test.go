package session_test

import (
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

func TestStateOfStart(t *testing.T) {
	st := session.New().State()
	if st.Position != surakarta.StartText || st.Start != surakarta.StartText || st.SideToMove != "black" {
		t.Fatalf("start: %+v", st)
	}
	if st.Counts != [2]int{12, 12} || st.Over || st.Result != "*" || st.Reason != "" {
		t.Errorf("start: counts %v, over %v, result %q, reason %q", st.Counts, st.Over, st.Result, st.Reason)
	}
	if len(st.Legal) != 16 {
		t.Errorf("%d legal moves at the start, want 16", len(st.Legal))
	}
	if st.Board[0] != "black" || st.Board[35] != "white" || st.Board[12] != "" {
		t.Errorf("board a1 %q, f6 %q, a3 %q", st.Board[0], st.Board[35], st.Board[12])
	}
	if _, err := surakarta.ParseRecord(st.Record); err != nil {
		t.Errorf("the state's record does not read: %v\n%s", err, st.Record)
	}
}

func TestPlayCaptureAndPath(t *testing.T) {
	s := session.New()
	if _, err := s.NewGame("wwww2/ww4/6/6/bb4/bbbb2 b"); err != nil {
		t.Fatal(err)
	}
	var capture *session.LegalMove
	for _, m := range s.State().Legal {
		if m.From == "b2" && m.To == "b5" {
			capture = &m
		}
	}
	if capture == nil || !capture.Capture || capture.Path == nil {
		t.Fatalf("b2b5 should be a capture with a path: %+v", capture)
	}
	p := capture.Path
	if p.Circuit != "inner" || p.Points[0] != "b2" || p.Points[len(p.Points)-1] != "b5" || len(p.Loops) != 2 {
		t.Errorf("path %+v", p)
	}
	st, err := s.Play("b2b5")
	if err != nil {
		t.Fatal(err)
	}
	last := st.Moves[len(st.Moves)-1]
	if last.Text != "b2xb5" || last.Color != "black" || last.Number != 1 || last.Path == nil {
		t.Errorf("played %+v", last)
	}
	if st.Counts != [2]int{6, 5} || st.QuietPlies != 0 {
		t.Errorf("after the capture: counts %v, quiet plies %d", st.Counts, st.QuietPlies)
	}
	if _, err := s.Play("a1a3"); err == nil || !strings.Contains(err.Error(), "illegal move") {
		t.Errorf("an illegal move: %v", err)
	}
	if _, err := s.Play("a1"); err == nil {
		t.Error("a malformed move was accepted")
	}
}

func TestThinkUndoResign(t *testing.T) {
	s := session.New()
	if _, err := s.Play("b2b3"); err != nil {
		t.Fatal(err)
	}
	var progress []session.Progress
	th, st, err := s.Think(50*time.Millisecond, func(p session.Progress) { progress = append(progress, p) })
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Moves) != 2 || st.Moves[1].Text != th.Move || st.Moves[1].Color != "white" || th.Depth < 1 {
		t.Fatalf("thought %+v, moves %+v", th, st.Moves)
	}
	if len(progress) == 0 || progress[0].Depth != 1 || progress[0].PV == "" {
		t.Errorf("progress %+v", progress)
	}
	if _, _, err := s.Think(0, nil); err == nil {
		t.Error("a thinking time of 0 was accepted")
	}
	if st, err = s.Resign("black"); err != nil || !st.Over || !st.Declared || st.Winner != "white" || st.Reason != "resignation" {
		t.Fatalf("resign: %+v, %v", st, err)
	}
	if _, err := surakarta.ParseRecord(st.Record); err != nil {
		t.Errorf("the record of a resigned game does not read: %v", err)
	}
	if st, err = s.Undo(1); err != nil || st.Over || len(st.Moves) != 2 {
		t.Fatalf("undo the resignation: %+v, %v", st, err)
	}
	if st, err = s.Undo(5); err != nil || len(st.Moves) != 0 || st.Position != surakarta.StartText {
		t.Fatalf("undo past the start: %+v, %v", st, err)
	}
}

func TestLoadAndRecord(t *testing.T) {
	s := session.New()
	for _, m := range []string{"b2b3", "e5e4", "b3c4"} {
		if _, err := s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	text, err := s.Record([]surakarta.Header{{Name: "Black", Value: "Human"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, `[Black "Human"]`) || !strings.Contains(text, "1. b2b3 e5e4 2. b3c4 *") {
		t.Errorf("record:\n%s", text)
	}
	before := s.State()
	for _, bad := range []string{"", "  \n", "not a record", "[Result \"*\"]\n\n1. b2b4 *\n", strings.Repeat("x", session.MaxRecord+1)} {
		if _, err := s.Load(bad); err == nil {
			t.Errorf("Load(%.20q) accepted", bad)
		}
	}
	if after := s.State(); after.Position != before.Position || len(after.Moves) != 3 {
		t.Errorf("a failed load changed the game: %+v", after)
	}
	fresh := session.New()
	st, err := fresh.Load(text)
	if err != nil {
		t.Fatal(err)
	}
	if st.Position != before.Position || st.Record != before.Record {
		t.Errorf("loaded %q, want %q", st.Position, before.Position)
	}
}

func TestNewGameFromPosition(t *testing.T) {
	s := session.New()
	st, err := s.NewGame("6/6/6/6/bw4/6 b")
	if err != nil {
		t.Fatal(err)
	}
	if st.Counts != [2]int{1, 1} {
		t.Errorf("counts %v", st.Counts)
	}
	if st, err = s.Play("a2b2"); err != nil || !st.Over || st.Winner != "black" || st.Outcome != "Black wins (no pieces left)" || len(st.Legal) != 0 {
		t.Errorf("after the last capture: %+v, %v", st, err)
	}
	if _, err := s.NewGame("wwwwww/6 b"); err == nil {
		t.Error("a bad position was accepted")
	}
	if st, err = s.NewGame(""); err != nil || st.Position != surakarta.StartText {
		t.Errorf("an empty position should start from the start: %q, %v", st.Position, err)
	}
}

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
