package session_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

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
	text, err := s.Record(s.State().Record, []surakarta.Header{{Name: "Black", Value: "Human"}}, false)
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
		r, err := surakarta.ParseRecord(st.Record)
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
	if r, err := surakarta.ParseRecord(rec); err != nil || !maps.Equal(r.Comments, want) {
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
	headers := []surakarta.Header{{Name: "Black", Value: "Human"}}
	got, err := s.Record(st.Record, headers, true)
	if err != nil {
		t.Fatal(err)
	}
	report, err := analysis.Game(context.Background(), s.Game(), surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{Limits: surakarta.Limits{Nodes: nodes}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := surakarta.ParseRecord(st.Record)
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

// TestVariations: the variations and glyphs of a record loaded stay with
// the game as its comments do, as rows of the move list and in the
// record, and go when the game leaves the record's moves before them.
func TestVariations(t *testing.T) {
	const text = "[Result \"*\"]\n\n1. b2b3 e5e4 2. c2c3?! (2. b3c4 e4d3 (2... e4e3 3. d2d3) 3. c2c3) 2... f5f4 *\n"
	s := session.New()
	st, err := s.Load(text)
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		Ply, Depth int
		Moves      string
	}
	rowsOf := func(st session.State) []row {
		var out []row
		for _, r := range st.Variations {
			var moves []string
			for _, m := range r.Moves {
				moves = append(moves, strings.TrimSpace(m.Label+" "+m.Text+m.Glyphs))
			}
			out = append(out, row{r.Ply, r.Depth, strings.Join(moves, " ")})
		}
		return out
	}
	want := []row{{3, 1, "2. b3c4 e4d3 3. c2c3"}, {4, 2, "2… e4e3 3. d2d3"}}
	if got := rowsOf(st); !slices.Equal(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	if st.Moves[2].Glyphs != "?!" {
		t.Errorf("the glyphs of move 3 are %q, want ?!", st.Moves[2].Glyphs)
	}
	// The board after the variation's second move is the position of
	// the game's first two moves, then b3c4 e4d3.
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, m := range []string{"b2b3", "e5e4", "b3c4", "e4d3"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if got := st.Variations[0].Moves[1].After; got != g.Position().String() {
		t.Errorf("the position after e4d3 is %q, want %q", got, g.Position())
	}
	r, err := surakarta.ParseRecord(st.Record)
	if err != nil || len(r.Variations[3]) != 1 || len(r.Glyphs[3]) != 1 {
		t.Errorf("the record has variations %v and glyphs %v (%v), want the loaded record's", r.Variations, r.Glyphs, err)
	}
	// Another third move: the variation and glyph of the record's go.
	if _, err := s.Undo(2); err != nil {
		t.Fatal(err)
	}
	if st, err = s.Play("a2a3"); err != nil {
		t.Fatal(err)
	}
	if len(st.Variations) != 0 || st.Moves[2].Glyphs != "" {
		t.Errorf("after another move: rows %v, glyphs %q; want none", rowsOf(st), st.Moves[2].Glyphs)
	}
}
