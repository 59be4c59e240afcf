package analysis_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"maps"
	"strconv"
	"strings"
	"testing"

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
			"win in 3 → loss in 6, blunder; best a2b2 (a2b2 a6a5 b2a5)"},
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
	rec := surakarta.NewRecord(g, surakarta.Header{Name: "Event", Value: "planted"})
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
	back, err := surakarta.ReadRecords(bytes.NewReader(text))
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
	other := surakarta.NewRecord(readGames(t)[0].Game)
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
