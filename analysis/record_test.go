package analysis_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
)

// TestComment checks the comments of annotations made by hand.
func TestComment(t *testing.T) {
	mv := func(text string) surakarta.Move {
		m, err := surakarta.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	line := func(text string) []surakarta.Move {
		var out []surakarta.Move
		for _, f := range strings.Fields(text) {
			out = append(out, mv(f))
		}
		return out
	}
	for _, tc := range []struct {
		a    analysis.Annotation
		want string
	}{
		{analysis.Annotation{Before: 14, After: 14, Best: mv("b2b3"), Line: line("b2b3 e5e4"), Class: analysis.Best},
			"+14 → +14, best"},
		{analysis.Annotation{Before: 14, After: 2, Best: mv("c2d3"), Line: line("c2d3 e5e4"), Loss: 12, Class: analysis.Good},
			"+14 → +2, good; best c2d3"},
		{analysis.Annotation{Before: -12, After: -40, Best: mv("c2d3"), Line: line("c2d3 e5f4"), Loss: 28, Class: analysis.Inaccuracy},
			"-12 → -40, inaccuracy; best c2d3 (c2d3 e5f4)"},
		{analysis.Annotation{Before: -12, After: -95, Best: mv("c2d3"), Line: line("c2d3 e5f4 d2c3 b5c4 a2a3 f5e4 b2b3"), Loss: 83, Class: analysis.Blunder},
			"-12 → -95, blunder; best c2d3 (c2d3 e5f4 d2c3 b5c4 a2a3 f5e4 …)"},
		{analysis.Annotation{Before: surakarta.Win - 3, After: -(surakarta.Win - 6), Best: mv("a2b2"), Line: line("a2b2 a6a5 b2a5"), Loss: 400, Class: analysis.Blunder},
			"win in 3 plies → loss in 6 plies, blunder; best a2b2 (a2b2 a6a5 b2a5)"},
	} {
		if got := tc.a.Comment(); got != tc.want {
			t.Errorf("Comment() = %q, want %q", got, tc.want)
		}
	}
}

// TestAnnotateRoundTrip: the annotated record writes and reads back with
// its comments, one after each move, and the record's own comments first.
func TestAnnotateRoundTrip(t *testing.T) {
	g, _, _, _ := plantedGame(t, 4, 20, 6)
	rec := record.New(g, record.Header{Name: "Event", Value: "planted"})
	rec.Comments[0] = "a game with a blunder"
	rec.Comments[3] = "a comment of the record's own"
	r, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 4}})
	if err != nil {
		t.Fatal(err)
	}
	annotated, err := r.Annotate(rec)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.Comments) != 2 {
		t.Errorf("Annotate changed the record's comments: %v", rec.Comments)
	}
	want := map[int]string{0: "a game with a blunder"}
	for _, a := range r.Moves {
		want[a.Ply] = a.Comment()
	}
	want[3] = "a comment of the record's own " + want[3]
	if !maps.Equal(annotated.Comments, want) {
		t.Errorf("comments:\n%v\nwant\n%v", annotated.Comments, want)
	}
	text, err := annotated.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.ReadAll(bytes.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if len(back) != 1 || !maps.Equal(back[0].Comments, want) || back[0].Game.Ply() != g.Ply() {
		t.Errorf("read back:\n%s\ncomments %v", text, back[0].Comments)
	}
	if !strings.Contains(string(text), ", blunder; best ") && !strings.Contains(string(text), ", mistake; best ") {
		t.Errorf("the planted blunder is not in the record:\n%s", text)
	}

	// Another game's record is refused.
	other := record.New(readGames(t)[0].Game)
	if _, err := r.Annotate(other); !errors.Is(err, analysis.ErrInvalidAnalysis) {
		t.Errorf("Annotate of another game: %v, want ErrInvalidAnalysis", err)
	}
	if _, err := r.Annotate(nil); !errors.Is(err, analysis.ErrInvalidAnalysis) {
		t.Errorf("Annotate(nil): %v, want ErrInvalidAnalysis", err)
	}
}

// TestSVG: the graph is well-formed XML, with one circle per move, in
// order, each with its ply, class and title, and nothing that runs or
// fetches.
func TestSVG(t *testing.T) {
	g, planted, _, _ := plantedGame(t, 4, 20, 6)
	r, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 4}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := r.WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	points, classes, titles := svgPoints(t, b.Bytes())
	if len(points) != g.Ply() {
		t.Fatalf("%d points for %d plies:\n%s", len(points), g.Ply(), b.String())
	}
	for i, ply := range points {
		a := r.Moves[i]
		if ply != i+1 || classes[i] != a.Class.String() || !strings.Contains(titles[i], a.Comment()) {
			t.Errorf("point %d: data-ply %d, class %q, title %q; want %d, %q, the comment %q", i, ply, classes[i], titles[i], i+1, a.Class, a.Comment())
		}
	}
	if c := classes[planted-1]; c != "mistake" && c != "blunder" {
		t.Errorf("the planted blunder's point has class %q", c)
	}
	for _, bad := range []string{"<script", "href", "<style", "<image", "url("} {
		if strings.Contains(b.String(), bad) {
			t.Errorf("the SVG holds %q", bad)
		}
	}

	// An empty report draws an empty plot.
	b.Reset()
	if err := (&analysis.Report{}).WriteSVG(&b); err != nil {
		t.Fatal(err)
	}
	if points, _, _ := svgPoints(t, b.Bytes()); len(points) != 0 {
		t.Errorf("an empty report has %d points", len(points))
	}
}

// svgPoints parses an SVG document and returns the data-ply, class and
// title text of each circle, in order.
func svgPoints(t *testing.T, doc []byte) (plies []int, classes, titles []string) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	d.Strict = true
	depth, inCircle, inTitle := 0, false, false
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, doc)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 1 {
				root = tok.Name.Space + " " + tok.Name.Local
			}
			switch tok.Name.Local {
			case "circle":
				inCircle = true
				ply, class := -1, ""
				for _, a := range tok.Attr {
					switch a.Name.Local {
					case "data-ply":
						n, err := strconv.Atoi(a.Value)
						if err != nil {
							t.Fatalf("data-ply %q", a.Value)
						}
						ply = n
					case "class":
						class = a.Value
					}
				}
				plies, classes, titles = append(plies, ply), append(classes, class), append(titles, "")
			case "title":
				inTitle = true
			}
		case xml.EndElement:
			depth--
			switch tok.Name.Local {
			case "circle":
				inCircle = false
			case "title":
				inTitle = false
			}
		case xml.CharData:
			if inCircle && inTitle {
				titles[len(titles)-1] += string(tok)
			}
		}
	}
	if root != "http://www.w3.org/2000/svg svg" {
		t.Errorf("the root element is %q, want svg in the SVG namespace", root)
	}
	return plies, classes, titles
}

// TestAnnotateStopped: the record of an analysis that stopped before the
// end says so, in a comment after the last move annotated (before the
// first move when none is), and reads back with it.
func TestAnnotateStopped(t *testing.T) {
	rec := readGames(t)[0] // 29 plies
	rec.Comments[0] = "a comment of the record's own"
	for _, stop := range []int{3, 1} { // cancel after this many searches
		ctx, cancel := context.WithCancel(context.Background())
		r, err := analysis.Game(ctx, rec.Game, newPVS(), analysis.Options{
			Limits: surakarta.Limits{Depth: 2},
			Progress: func(done, total int) {
				if done == stop {
					cancel()
				}
			},
		})
		cancel()
		if !errors.Is(err, context.Canceled) || len(r.Moves) != stop-1 {
			t.Fatalf("stopped after %d searches: %v, %d moves", stop, err, len(r.Moves))
		}
		back := roundTrip(t, r, rec)
		last := len(r.Moves)
		want := fmt.Sprintf("— plies %d to 29 not annotated: the analysis stopped after ply %d", last+1, last)
		if last == 0 {
			want = "— plies 1 to 29 not annotated: the analysis stopped before ply 1"
		}
		for ply := 0; ply <= 29; ply++ {
			var parts []string
			if ply == 0 {
				parts = append(parts, rec.Comments[0])
			}
			if ply > 0 && ply <= last {
				parts = append(parts, r.Moves[ply-1].Comment())
			}
			if ply == last {
				parts = append(parts, want)
			}
			if got := back.Comments[ply]; got != strings.Join(parts, " ") {
				t.Errorf("stopped after ply %d: the comment at ply %d is %q, want %q", last, ply, got, strings.Join(parts, " "))
			}
		}
	}
}

// roundTrip annotates rec with r, writes the annotated record and reads
// it back, failing the test when any step fails.
func roundTrip(t *testing.T, r *analysis.Report, rec *record.Record) *record.Record {
	t.Helper()
	annotated, err := r.Annotate(rec)
	if err != nil {
		t.Fatal(err)
	}
	text, err := annotated.MarshalText()
	if err != nil {
		t.Fatalf("the annotated record does not write: %v", err)
	}
	back, err := record.Parse(string(text))
	if err != nil {
		t.Fatalf("the annotated record does not read back: %v", err)
	}
	if !maps.Equal(back.Comments, annotated.Comments) || back.Game.Ply() != rec.Game.Ply() {
		t.Fatalf("the annotated record reads back with other comments or moves")
	}
	return back
}

// longGame returns a game of plies plies without a capture, under rules
// without a quiet-ply or repetition limit: the same four moves over and
// over.
func longGame(t *testing.T, plies int) *surakarta.Game {
	t.Helper()
	g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{})
	if err != nil {
		t.Fatal(err)
	}
	cycle := []string{"a2a3", "a5a4", "a3a2", "a4a5"}
	for i := range plies {
		if err := g.PlayText(cycle[i%len(cycle)]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// TestAnnotateLongGame: the annotations of a game of 60,000 plies, more
// than a record's comments hold (record.MaxCommentBytes), are
// written as far as they fit, with the note that says which plies lack
// one and why, and the record reads back: the analysis is not lost to
// the limit. The summaries count every move.
func TestAnnotateLongGame(t *testing.T) {
	const plies = 60_000
	g := longGame(t, plies)
	r, err := analysis.Game(context.Background(), g, &scripted{score: 50, depth: 1, line: 8}, analysis.Options{Limits: surakarta.Limits{Depth: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if n := r.Summary(surakarta.Black).Moves + r.Summary(surakarta.White).Moves; n != plies {
		t.Errorf("the summaries count %d moves, want %d", n, plies)
	}
	back := roundTrip(t, r, record.New(g))
	// The annotations of plies 1 to fit, the last with the note.
	fit := len(back.Comments)
	if fit < 10_000 || fit >= plies {
		t.Fatalf("%d comments", fit)
	}
	for ply := 1; ply < fit; ply++ {
		if got, want := back.Comments[ply], r.Moves[ply-1].Comment(); got != want {
			t.Fatalf("the comment at ply %d is %q, want %q", ply, got, want)
		}
	}
	want := fmt.Sprintf(" — plies %d to %d not annotated: the comments of plies %d to %d would take the record's beyond %d bytes, the most a record may hold (record.MaxCommentBytes)",
		fit+1, plies, fit+1, plies, record.MaxCommentBytes)
	if got := back.Comments[fit]; got != r.Moves[fit-1].Comment()+want {
		t.Errorf("the last comment is %q, want the annotation and %q", got, want)
	}
	// Without the note, the next annotation and the note's room would take
	// more than a record's comments may.
	used := 0
	for _, text := range back.Comments {
		used += len(text) + 2
	}
	if next := len(r.Moves[fit].Comment()) + 2; used-len(want)+next+analysis.NoteRoom <= record.MaxCommentBytes {
		t.Errorf("the comments take %d bytes without the note, and ply %d's annotation (%d) would fit with the note's room", used-len(want), fit+1, next)
	}
	if n, err := r.Fit(record.New(g)); n != fit || err != nil {
		t.Errorf("Fit: %d, %v; want %d", n, err, fit)
	}
}

// TestAnnotateNoRoom: a record whose own comments leave no room for the
// note on the plies not annotated is refused by Annotate, and by the Fit
// of an empty report, which tells it before any search; one that leaves
// just that room gets the note and no annotation.
func TestAnnotateNoRoom(t *testing.T) {
	rec := readGames(t)[1] // 27 plies
	r, err := analysis.Game(context.Background(), rec.Game, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 2}})
	if err != nil {
		t.Fatal(err)
	}
	// filler returns a comment of n bytes: words of 999 letters.
	filler := func(n int) string {
		b := bytes.Repeat([]byte("x"), n)
		for i := 999; i < n-1; i += 1000 {
			b[i] = ' '
		}
		return string(b)
	}
	room := record.MaxCommentBytes - analysis.NoteRoom - 2 // the braces of the comment
	rec.Comments[0] = filler(room)
	back := roundTrip(t, r, rec)
	if want := rec.Comments[0] + " — plies 1 to 27 not annotated: the comments of plies 1 to 27 would take the record's beyond 1048576 bytes, the most a record may hold (record.MaxCommentBytes)"; len(back.Comments) != 1 || back.Comments[0] != want {
		t.Errorf("the record with room for the note alone has comments at %d plies, the first ending %q", len(back.Comments), back.Comments[0][len(rec.Comments[0]):])
	}
	rec.Comments[0] = filler(room + 1)
	if _, err := r.Annotate(rec); !errors.Is(err, analysis.ErrInvalidAnalysis) || !strings.Contains(err.Error(), "no room") {
		t.Errorf("Annotate of a record without room for the note: %v, want ErrInvalidAnalysis", err)
	}
	if _, err := (&analysis.Report{}).Fit(rec); !errors.Is(err, analysis.ErrInvalidAnalysis) {
		t.Errorf("Fit of an empty report for a record without room for the note: %v, want ErrInvalidAnalysis", err)
	}
	if n, err := (&analysis.Report{}).Fit(record.New(rec.Game)); n != 0 || err != nil {
		t.Errorf("Fit of an empty report for a record with room: %d, %v", n, err)
	}

	// The note fits its room whatever the numbers of the plies, up to
	// more than a record may hold (record.MaxPlies).
	const most = 10 * record.MaxPlies
	for _, tc := range [][3]int{{0, 0, 1}, {most - 2, most - 1, most}, {0, most - 1, most}, {most - 1, most - 1, most}, {0, most, most}} {
		n := analysis.Note(tc[0], tc[1], tc[2])
		if len(n)+2 > analysis.NoteRoom || !strings.HasPrefix(n, "— ") || !strings.Contains(n, " not annotated: ") {
			t.Errorf("the note after ply %d of %d analysed of %d: %q, %d bytes with its braces, room for %d", tc[0], tc[1], tc[2], n, len(n)+2, analysis.NoteRoom)
		}
	}
}

// TestAnnotateVariations: a criticised move gets the glyph of its class
// and the engine's line as a variation, cut where its moves stop being
// legal, after the record's own; a best or good move gets neither, and
// the record annotated is not changed.
func TestAnnotateVariations(t *testing.T) {
	rec, err := record.Parse("[Result \"*\"]\n\n1. b2b3 e5e4 2. c2c3! (2. a2a3) f5f4 3. a2a3 *\n")
	if err != nil {
		t.Fatal(err)
	}
	before, _ := rec.MarshalText()
	moves := rec.Game.Moves()
	line := func(texts ...string) []surakarta.Move {
		out := make([]surakarta.Move, len(texts))
		for i, s := range texts {
			if err := out[i].UnmarshalText([]byte(s)); err != nil {
				t.Fatal(err)
			}
		}
		return out
	}
	report := &analysis.Report{}
	for i, tc := range []struct {
		class analysis.Class
		line  []surakarta.Move
	}{
		{analysis.Best, line("b2b3", "e5e4")},
		{analysis.Inaccuracy, line("f5f4", "a2a3")},      // legal as far as it goes
		{analysis.Mistake, line("d2d3", "f5f4", "a1a5")}, // a1a5 is not a move
		{analysis.Good, line("a5a4")},
		{analysis.Blunder, line("b3b5")}, // illegal from the first
	} {
		report.Moves = append(report.Moves, analysis.Annotation{Ply: i + 1, Move: moves[i], Class: tc.class, Best: tc.line[0], Line: tc.line})
	}
	out, err := report.Annotate(rec)
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := rec.MarshalText(); string(after) != string(before) {
		t.Errorf("Annotate changed the record:\n%s", after)
	}
	wantGlyphs := map[int][]record.Glyph{2: {record.GlyphDubious}, 3: {record.GlyphGood, record.GlyphMistake}, 5: {record.GlyphBlunder}}
	if d := cmp.Diff(wantGlyphs, out.Glyphs); d != "" {
		t.Errorf("glyphs (-want +got):\n%s", d)
	}
	wantVariations := map[int][]record.Variation{
		2: {{Moves: line("f5f4", "a2a3")}},
		3: {{Moves: line("a2a3")}, {Moves: line("d2d3", "f5f4")}},
	}
	if d := cmp.Diff(wantVariations, out.Variations, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("variations (-want +got):\n%s", d)
	}
	text, err := out.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	back, err := record.Parse(string(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	if d := cmp.Diff(wantVariations, back.Variations, cmpopts.EquateEmpty()); d != "" {
		t.Errorf("variations read back (-want +got):\n%s\n%s", d, text)
	}
	for g, want := range map[analysis.Class]string{analysis.Best: "", analysis.Good: "", analysis.Inaccuracy: "?!", analysis.Mistake: "?", analysis.Blunder: "??"} {
		glyph, ok := g.Glyph()
		if got := glyph.String(); ok != (want != "") || ok && got != want {
			t.Errorf("%v.Glyph() = %v, %v; want %q", g, got, ok, want)
		}
	}
}

// TestMoveText: moves are numbered as records number them, from the
// start position's move number and side, with their class's glyph.
func TestMoveText(t *testing.T) {
	for _, tc := range []struct {
		start string
		want  []string
	}{
		{surakarta.StartText, []string{"1. c2d3", "1... f5e4", "2. b2c3"}},
		{"wwwwww/wwwwww/6/3b2/bbb1bb/bbbbbb w 0 7", []string{"7... f5e4", "8. b2c3", "8... e4e3"}},
	} {
		start, err := surakarta.ParsePosition(tc.start)
		if err != nil {
			t.Fatal(err)
		}
		g := surakarta.NewGame(start)
		for _, w := range tc.want {
			if err := g.PlayText(strings.Fields(w)[1]); err != nil {
				t.Fatal(err)
			}
		}
		r, err := analysis.Game(context.Background(), g, surakarta.NewPVS(surakarta.NewTuned()), analysis.Options{Limits: surakarta.Limits{Depth: 1}})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range r.Moves {
			want := tc.want[i]
			if g, ok := a.Class.Glyph(); ok {
				want += g.String()
			}
			if got := a.MoveText(); got != want {
				t.Errorf("%s, ply %d: %q, want %q", tc.start, i+1, got, want)
			}
		}
	}
	a := analysis.Annotation{Number: 12, Move: surakarta.NewMove(surakarta.C2, surakarta.C1), Mover: surakarta.Black, Class: analysis.Blunder}
	if got := a.MoveText(); got != "12. c2c1??" {
		t.Errorf("a blunder: %q", got)
	}
}
