package session_test

import (
	"context"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/level"
	"github.com/surakarta-go/surakarta/web/internal/session"
)

// checkLine checks that line is a line of moves played from p, each written
// as the move list writes moves: "b2xe5" for a capture.
func checkLine(t *testing.T, p surakarta.Position, line string) {
	t.Helper()
	for _, text := range strings.Fields(line) {
		var m surakarta.Move
		if err := m.UnmarshalText([]byte(text)); err != nil {
			t.Errorf("the line %q: %v", line, err)
			return
		}
		legal, err := p.Legal(m)
		if err != nil {
			t.Errorf("the line %q from %v: %v", line, p, err)
			return
		}
		if want, _ := legal.MarshalText(); string(want) != text {
			t.Errorf("the line %q writes %s, the move list %s", line, text, want)
		}
		p.PlayUnchecked(legal)
	}
}

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
	if _, err := record.Parse(st.Record); err != nil {
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
	before := s.Game().Position()
	th, st, err := s.Think(level.Count, 50*time.Millisecond, func(p session.Progress) { progress = append(progress, p) })
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range progress {
		checkLine(t, before, p.PV)
	}
	if len(st.Moves) != 2 || st.Moves[1].Text != th.Move || st.Moves[1].Color != "white" || th.Depth < 1 {
		t.Fatalf("thought %+v, moves %+v", th, st.Moves)
	}
	if len(progress) == 0 || progress[0].Depth != 1 || progress[0].PV == "" {
		t.Errorf("progress %+v", progress)
	}
	if _, _, err := s.Think(level.Count, 0, nil); err == nil {
		t.Error("a thinking time of 0 was accepted")
	}
	if st, err = s.Resign("black"); err != nil || !st.Over || !st.Declared || st.Winner != "white" || st.Reason != "resignation" {
		t.Fatalf("resign: %+v, %v", st, err)
	}
	if _, err := record.Parse(st.Record); err != nil {
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
	text, err := s.Record(s.State().Record, []record.Header{{Name: "Black", Value: "Human"}}, false)
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

// TestCommentsAndAnnotations: the comments of a record loaded stay with
// the moves they follow, in the state and the records written; a record
// written after the analysis has its annotations too, after the comments.
func TestCommentsAndAnnotations(t *testing.T) {
	const text = `[Event "Comments"]
[Result "*"]

{Before the first move} 1. b2b3 e5e4 {White answers} 2. b3c4 {Black goes on} *
`
	s := session.New()
	st, err := s.Load(text)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]string{0: "Before the first move", 2: "White answers", 3: "Black goes on"}
	checkComments := func(what string, st session.State, want map[int]string) {
		t.Helper()
		got := map[int]string{}
		for _, c := range st.Comments {
			got[c.Ply] = c.Text
		}
		r, err := record.Parse(st.Record)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(got, want) || !maps.Equal(r.Comments, want) {
			t.Errorf("%s: comments %v, in the record %v; want %v", what, got, r.Comments, want)
		}
	}
	checkComments("loaded", st, want)
	rec, err := s.Record(st.Record, nil, false)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := record.Parse(rec); err != nil || !maps.Equal(r.Comments, want) {
		t.Errorf("the record written has comments %v (%v), want %v:\n%s", r.Comments, err, want, rec)
	}

	st, _ = s.Undo(2)
	checkComments("two moves taken back", st, map[int]string{0: want[0]})
	st, _ = s.Play("e5e4")
	checkComments("the same move again", st, map[int]string{0: want[0], 2: want[2]})
	st, _ = s.Play("b3b4")
	checkComments("another move", st, map[int]string{0: want[0], 2: want[2]})
	st, _ = s.Undo(1)
	st, _ = s.Play("b3c4")
	checkComments("back to the record's moves", st, want)

	// The analysis's annotations follow the comments, as Report.Annotate
	// writes them.
	const nodes = 20_000
	if _, err := s.Analyse(nodes, nil); err != nil {
		t.Fatal(err)
	}
	headers := []record.Header{{Name: "Black", Value: "Human"}}
	got, err := s.Record(st.Record, headers, true)
	if err != nil {
		t.Fatal(err)
	}
	report, err := analysis.Game(context.Background(), s.Game(), surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{Limits: surakarta.Limits{Nodes: nodes}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := record.Parse(st.Record)
	if err != nil {
		t.Fatal(err)
	}
	r.Headers = headers
	annotated, err := report.Annotate(r)
	if err != nil {
		t.Fatal(err)
	}
	if wantText, _ := annotated.MarshalText(); got != string(wantText) {
		t.Errorf("the record with the analysis:\n%s\nwant:\n%s", got, wantText)
	}
	if _, err := s.Record(session.New().State().Record, nil, true); err == nil {
		t.Error("the analysis was written into the record of another game")
	}
	st, _ = s.Play("e4e3")
	if _, err := s.Record(st.Record, nil, true); err == nil {
		t.Error("the analysis was written into the record of the game after another move")
	}
	st, _ = s.NewGame("")
	checkComments("a new game", st, map[int]string{})
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
