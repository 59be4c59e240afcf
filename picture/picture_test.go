package picture_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"
	"github.com/surakarta-go/surakarta/surakartatest"
)

var update = flag.Bool("update", false, "write the golden files of testdata/ anew")

// mustPosition parses a position text.
func mustPosition(t testing.TB, text string) surakarta.Position {
	t.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// mustMove parses a move.
func mustMove(t testing.TB, text string) surakarta.Move {
	t.Helper()
	m, err := surakarta.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// mustArrow returns the arrow of a move legal in p.
func mustArrow(t testing.TB, p surakarta.Position, move string, c color.NRGBA) picture.Arrow {
	t.Helper()
	a, err := picture.MoveArrow(p, mustMove(t, move), c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// capturePosition has captures round loops of both circuits: Black's b2
// takes e5 round the inner loop at a6 (b2e5), and c1 takes f3 round the
// outer loop at a1 (c1f3).
const capturePosition = "6/4w1/4w1/5w/1b4/2b3 b 3 12"

// goldenCases are the pictures of the golden files: each name with
// its position and options.
func goldenCases(t testing.TB) []struct {
	name string
	p    surakarta.Position
	o    picture.Options
} {
	p := mustPosition(t, capturePosition)
	marked := picture.Options{
		Size:       240,
		Highlights: []surakarta.Square{surakarta.B2, surakarta.E4},
		Paths:      []surakarta.Move{mustMove(t, "b2e5")},
		Arrows:     []picture.Arrow{mustArrow(t, p, "c1f3", picture.PlayedColor), mustArrow(t, p, "b2c3", picture.BetterColor)},
		Title:      "Black to move: <b2e5> & c1f3",
	}
	flipped := marked
	flipped.Flipped = true
	return []struct {
		name string
		p    surakarta.Position
		o    picture.Options
	}{
		{"start", surakarta.NewPosition(), picture.Options{}},
		{"marked", p, marked},
		{"flipped", p, flipped},
		{"bare", p, picture.Options{Size: 120, NoCoordinates: true}},
	}
}

// golden compares got with the file testdata/name, or writes it with
// -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	file := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./picture -update writes it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what the code draws now (%d bytes, the file %d): look at the new one, written by go test ./picture -update", file, len(got), len(want))
	}
}

// TestGolden compares the SVG and PNG pictures with the golden files of
// testdata, which were looked at by eye when they were written.
func TestGolden(t *testing.T) {
	for _, c := range goldenCases(t) {
		var svg, png bytes.Buffer
		if err := picture.WriteSVG(&svg, c.p, c.o); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		golden(t, c.name+".svg", svg.Bytes())
		if err := picture.WritePNG(&png, c.p, c.o); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		golden(t, c.name+".png", png.Bytes())
	}
}

// goldenGame is the game of testdata/game.gif: steps, then captures on
// both circuits.
func goldenGame(t testing.TB) *surakarta.Game {
	g := surakarta.NewGame(mustPosition(t, capturePosition))
	for _, m := range []string{"b2e5", "e4d4", "c1f3", "d4f3"} {
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestGoldenGIF(t *testing.T) {
	var b bytes.Buffer
	if err := picture.WriteGIF(&b, goldenGame(t), picture.GIFOptions{Options: picture.Options{Size: 160}, Delay: 500 * 1e6}); err != nil {
		t.Fatal(err)
	}
	golden(t, "game.gif", b.Bytes())
}

// TestBadOptions: every bad option is an error that says what is wrong,
// wraps ErrOptions, and writes nothing. Each case wants a key word of the
// message, which tells the check that refused it from the others.
func TestBadOptions(t *testing.T) {
	p := mustPosition(t, capturePosition)
	many := make([]surakarta.Square, picture.MaxMarks+1)
	for _, c := range []struct {
		name string
		o    picture.Options
		want string
	}{
		{"negative size", picture.Options{Size: -1}, "size -1"},
		{"small size", picture.Options{Size: picture.MinSize - 1}, "size 31"},
		{"huge size", picture.Options{Size: 1 << 40}, "size 1099511627776"},
		{"highlight off the board", picture.Options{Highlights: []surakarta.Square{36}}, "square 36"},
		{"too many marks", picture.Options{Highlights: many}, "at most 256"},
		{"path of a step", picture.Options{Paths: []surakarta.Move{mustMove(t, "b2c3")}}, "a step"},
		{"path of an illegal move", picture.Options{Paths: []surakarta.Move{mustMove(t, "b2b6")}}, "path 1: illegal move"},
		{"path of no move", picture.Options{Paths: []surakarta.Move{surakarta.NotAMove}}, "path 1"},
		{"arrow off the board", picture.Options{Arrows: []picture.Arrow{{From: 40, To: 2}}}, "from 40"},
		{"arrow to itself", picture.Options{Arrows: []picture.Arrow{{From: 2, To: 2}}}, "same square"},
		{"arrow with a path elsewhere", picture.Options{Arrows: []picture.Arrow{func() picture.Arrow {
			a := mustArrow(t, p, "b2e5", color.NRGBA{})
			a.To = surakarta.E4
			return a
		}()}}, "b2 to e4"},
		{"arrow with a path off the circuit", picture.Options{Arrows: []picture.Arrow{{From: surakarta.A1, To: surakarta.B1,
			Path: surakarta.CapturePath{Points: []surakarta.Square{surakarta.A1, surakarta.B1}}}}}, "not neighbours"},
		{"arrow with a loop at the wrong place", picture.Options{Arrows: []picture.Arrow{func() picture.Arrow {
			a := mustArrow(t, p, "b2e5", color.NRGBA{})
			a.Path.Loops[0].Index = 1
			return a
		}()}}, "not its ends"},
	} {
		for _, format := range []string{"svg", "png"} {
			var b bytes.Buffer
			var err error
			if format == "svg" {
				err = picture.WriteSVG(&b, p, c.o)
			} else {
				err = picture.WritePNG(&b, p, c.o)
			}
			if !errors.Is(err, picture.ErrOptions) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s, %s: error %v, want one wrapping ErrOptions that says %q", c.name, format, err, c.want)
			}
			if b.Len() != 0 {
				t.Errorf("%s, %s: wrote %d bytes with an error", c.name, format, b.Len())
			}
		}
	}
	if _, err := picture.MoveArrow(p, mustMove(t, "b2b6"), color.NRGBA{}); !errors.Is(err, picture.ErrOptions) || !errors.Is(err, surakarta.ErrIllegalMove) {
		t.Errorf("MoveArrow of an illegal move: %v, want ErrOptions and ErrIllegalMove", err)
	}
	for _, o := range []picture.GIFOptions{
		{Delay: -1},
		{Delay: 2 * 60 * 1e9},
		{Options: picture.Options{Paths: []surakarta.Move{mustMove(t, "b2e5")}}},
		{Options: picture.Options{Size: 5}},
	} {
		if err := picture.WriteGIF(io.Discard, goldenGame(t), o); !errors.Is(err, picture.ErrOptions) {
			t.Errorf("WriteGIF with %+v: %v, want ErrOptions", o, err)
		}
	}
	if err := picture.WriteGIF(io.Discard, nil, picture.GIFOptions{}); !errors.Is(err, picture.ErrOptions) {
		t.Errorf("WriteGIF of no game: %v, want ErrOptions", err)
	}
}

// TestNilWriter: WriteSVG, WritePNG and WriteGIF given a nil writer
// return an error wrapping ErrOptions, as for a bad request, rather than
// panic.
func TestNilWriter(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func() error
	}{
		{"WriteSVG", func() error { return picture.WriteSVG(nil, surakarta.NewPosition(), picture.Options{}) }},
		{"WritePNG", func() error {
			return picture.WritePNG(nil, surakarta.NewPosition(), picture.Options{Size: picture.MinSize})
		}},
		{"WriteGIF", func() error {
			return picture.WriteGIF(nil, goldenGame(t), picture.GIFOptions{Options: picture.Options{Size: picture.MinSize}})
		}},
	} {
		err := func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			return tc.write()
		}()
		if !errors.Is(err, picture.ErrOptions) {
			t.Errorf("%s(nil, …): %v, want an error wrapping ErrOptions", tc.name, err)
		}
	}
}

// randomOptions returns options with random marks that are valid for p.
func randomOptions(r *rand.Rand, p surakarta.Position) picture.Options {
	o := picture.Options{Size: picture.MinSize + r.IntN(200), Flipped: r.IntN(2) == 0, NoCoordinates: r.IntN(2) == 0}
	for range r.IntN(3) {
		o.Highlights = append(o.Highlights, surakarta.Square(r.IntN(surakarta.NumSquares)))
	}
	for _, m := range p.LegalMoves() {
		switch r.IntN(8) {
		case 0:
			if m.IsCapture() {
				o.Paths = append(o.Paths, m)
			}
		case 1:
			a, err := picture.MoveArrow(p, m, color.NRGBA{uint8(r.IntN(256)), 0, 0, 255})
			if err != nil {
				panic(err)
			}
			o.Arrows = append(o.Arrows, a)
		}
	}
	return o
}

// TestEveryPositionDraws: positions of every kind, with random marks,
// draw as SVG (well-formed XML, one circle for each piece) and as pixels
// without an error.
func TestEveryPositionDraws(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	positions := 200
	if testing.Short() {
		positions = 40
	}
	for i := range positions {
		p := surakartatest.RandomPosition(r)
		o := randomOptions(r, p)
		var b bytes.Buffer
		if err := picture.WriteSVG(&b, p, o); err != nil {
			t.Fatalf("%v with %+v: %v", p, o, err)
		}
		checkSVG(t, b.Bytes(), p)
		if i%10 == 0 {
			if _, err := picture.Image(p, o); err != nil {
				t.Fatalf("%v with %+v: %v", p, o, err)
			}
		}
	}
}

// checkSVG checks that svg is well-formed XML with a circle of class
// "piece COLOUR" on each piece of p.
func checkSVG(t *testing.T, svg []byte, p surakarta.Position) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	pieces := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%v: the SVG is not well-formed XML: %v", p, err)
		}
		e, ok := tok.(xml.StartElement)
		if !ok || e.Name.Local != "circle" {
			continue
		}
		var class, square string
		for _, a := range e.Attr {
			switch a.Name.Local {
			case "class":
				class = a.Value
			case "data-square":
				square = a.Value
			}
		}
		s, err := surakarta.ParseSquare(square)
		if err != nil {
			t.Fatalf("%v: a circle of class %q on square %q", p, class, square)
		}
		c, ok := p.PieceAt(s)
		if want := map[surakarta.Color]string{surakarta.Black: "piece black", surakarta.White: "piece white"}[c]; !ok || class != want {
			t.Errorf("%v: a circle of class %q on %v, where the position has %v, %v", p, class, s, c, ok)
		}
		pieces++
	}
	if pieces != p.Count(surakarta.Black)+p.Count(surakarta.White) {
		t.Errorf("%v: %d pieces drawn, want %d", p, pieces, p.Count(surakarta.Black)+p.Count(surakarta.White))
	}
}

// TestFlippedIsTurnedRound: the board seen from White's side is the board
// from Black's turned round by half a turn, pixel for pixel (within the
// rounding of the arithmetic), and so turning the flipped picture round
// again gives the unflipped one. The coordinates are left out: their
// letters stay upright.
func TestFlippedIsTurnedRound(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 10 {
		p := surakartatest.RandomPosition(r)
		o := randomOptions(r, p)
		o.NoCoordinates = true
		o.Flipped = false
		straight, err := picture.Image(p, o)
		if err != nil {
			t.Fatal(err)
		}
		o.Flipped = true
		flipped, err := picture.Image(p, o)
		if err != nil {
			t.Fatal(err)
		}
		if x, y, diff := largestDifference(straight, turnRound(flipped)); diff > 3 {
			t.Fatalf("%v with %+v: the flipped picture turned round differs from the straight one by %d at (%d, %d)", p, o, diff, x, y)
		}
	}
}

// turnRound returns img turned by half a turn.
func turnRound(img *image.RGBA) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.SetRGBA(b.Max.X-1-(x-b.Min.X), b.Max.Y-1-(y-b.Min.Y), img.RGBAAt(x, y))
		}
	}
	return out
}

// largestDifference returns the pixel where a and b differ most, and by
// how much in one channel.
func largestDifference(a, b *image.RGBA) (x, y, diff int) {
	for i := range a.Pix {
		d := int(a.Pix[i]) - int(b.Pix[i])
		if d < 0 {
			d = -d
		}
		if d > diff {
			diff = d
			x, y = (i/4)%a.Bounds().Dx(), (i/4)/a.Bounds().Dx()
		}
	}
	return x, y, diff
}

// TestDeterministic: the same position and options write the same bytes.
func TestDeterministic(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	p := surakartatest.RandomPosition(r)
	o := randomOptions(r, p)
	var a, b bytes.Buffer
	if err := picture.WriteSVG(&a, p, o); err != nil {
		t.Fatal(err)
	}
	if err := picture.WriteSVG(&b, p, o); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two SVGs of the same position and options differ")
	}
}

// TestEveryGameAnimates: random games of every kind (surakartatest's
// RandomGame: from the start or a random position, some ended by the
// players) animate with a frame per position and a delay per frame.
func TestEveryGameAnimates(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 10 {
		g := surakartatest.RandomGame(r, r.IntN(12))
		anim, err := picture.GIF(g, picture.GIFOptions{Options: picture.Options{Size: picture.MinSize, Flipped: r.IntN(2) == 0}})
		if err != nil {
			t.Fatalf("%v: %v", g.Moves(), err)
		}
		if len(anim.Image) != g.Ply()+1 || len(anim.Delay) != len(anim.Image) {
			t.Errorf("%v: %d frames and %d delays for %d plies", g.Moves(), len(anim.Image), len(anim.Delay), g.Ply())
		}
	}
}
