package picture_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// centre returns the centre of the point s in the SVG's units, from the
// layout the browser page uses: 100 units between points, the grid 250
// units in from the edges, a1 at the bottom left (at the top right when
// flipped).
func centre(s surakarta.Square, flipped bool) (x, y float64) {
	file, rank := float64(s.File()), float64(s.Rank())
	if flipped {
		return 250 + 100*(5-file), 250 + 100*rank
	}
	return 250 + 100*file, 250 + 100*(5-rank)
}

// command is one command of an SVG path: its letter and numbers.
type command struct {
	op   string
	args []float64
}

// parsePath parses SVG path data of the commands M, L and A, as
// WriteSVG writes them.
func parsePath(t *testing.T, d string) []command {
	t.Helper()
	var cmds []command
	fields := strings.Fields(d)
	for i := 0; i < len(fields); {
		op := fields[i]
		n := map[string]int{"M": 2, "L": 2, "A": 7}[op]
		if n == 0 || i+n >= len(fields) {
			t.Fatalf("path %q: command %q", d, op)
		}
		c := command{op: op}
		for _, f := range fields[i+1 : i+1+n] {
			v, err := strconv.ParseFloat(f, 64)
			if err != nil {
				t.Fatalf("path %q: %v", d, err)
			}
			c.args = append(c.args, v)
		}
		cmds = append(cmds, c)
		i += 1 + n
	}
	return cmds
}

// arcCentre returns the centre of an SVG arc of radius r from (x1, y1) to
// (x2, y2) with the given flags, by the SVG specification's conversion
// from endpoint to centre parameterization (appendix B.2.4, no rotation).
func arcCentre(x1, y1, r float64, large, sweep int, x2, y2 float64) (cx, cy float64) {
	hx, hy := (x1-x2)/2, (y1-y2)/2
	k := math.Sqrt(max(r*r-hx*hx-hy*hy, 0) / (hx*hx + hy*hy))
	if large == sweep {
		k = -k
	}
	return k*hy + (x1+x2)/2, -k*hx + (y1+y2)/2
}

// arrowPath returns the path data of the first <path> of the arrow group
// of an SVG: the route of an arrow along a capture path.
func arrowPath(t *testing.T, svg []byte) string {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	inArrow := false
	for {
		tok, err := d.Token()
		if err == io.EOF {
			t.Fatal("no arrow's path in the SVG")
		}
		if err != nil {
			t.Fatal(err)
		}
		e, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		attr := map[string]string{}
		for _, a := range e.Attr {
			attr[a.Name.Local] = a.Value
		}
		if e.Name.Local == "g" && attr["class"] == "arrow" {
			inArrow = true
		}
		if inArrow && e.Name.Local == "path" {
			return attr["d"]
		}
	}
}

// TestCapturePathGeometry: the SVG route of a capture goes through the
// centres of the points of the root package's CapturePath, in order,
// straight between neighbours and round a three-quarter circle where the
// path crosses a loop: a circle whose centre, worked out from the arc's
// flags as a browser does, is the corner the loop goes round, with the
// radius of its circuit (100 for the inner, 200 for the outer).
func TestCapturePathGeometry(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	captures := 300
	if testing.Short() {
		captures = 60
	}
	checked, loops := 0, 0
	for checked < captures {
		p := surakartatest.RandomPosition(r)
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				continue
			}
			path, err := p.CapturePath(m)
			if err != nil {
				t.Fatal(err)
			}
			a, err := picture.MoveArrow(p, m, color.NRGBA{})
			if err != nil {
				t.Fatal(err)
			}
			flipped := checked%2 == 1
			var b bytes.Buffer
			if err := picture.WriteSVG(&b, p, picture.Options{Arrows: []picture.Arrow{a}, Flipped: flipped}); err != nil {
				t.Fatal(err)
			}
			cmds := parsePath(t, arrowPath(t, b.Bytes()))
			where := fmt.Sprintf("%v, %v (flipped %v)", p, m, flipped)
			if len(cmds) != len(path.Points) {
				t.Fatalf("%s: %d path commands for %d points", where, len(cmds), len(path.Points))
			}
			loopAt := map[int]surakarta.Loop{}
			for _, l := range path.Loops {
				loopAt[l.Index] = l.Loop
			}
			for i, c := range cmds {
				wx, wy := centre(path.Points[i], flipped)
				x, y := c.args[len(c.args)-2], c.args[len(c.args)-1]
				if x != wx || y != wy {
					t.Fatalf("%s: command %d ends at (%v, %v), want the centre of %v, (%v, %v)", where, i, x, y, path.Points[i], wx, wy)
				}
				loop, crossed := loopAt[i]
				switch {
				case i == 0:
					if c.op != "M" {
						t.Fatalf("%s: starts with %s", where, c.op)
					}
				case !crossed:
					if c.op != "L" {
						t.Fatalf("%s: %s to %v, want a straight line", where, c.op, path.Points[i])
					}
				default:
					loops++
					radius := 100 * float64(loop.Circuit+1)
					if c.op != "A" || c.args[0] != radius || c.args[1] != radius || c.args[3] != 1 {
						t.Fatalf("%s: %s %v to %v, want the large arc of radius %v round the %v", where, c.op, c.args, path.Points[i], radius, loop)
					}
					px, py := cmds[i-1].args[len(cmds[i-1].args)-2], cmds[i-1].args[len(cmds[i-1].args)-1]
					cx, cy := arcCentre(px, py, radius, int(c.args[3]), int(c.args[4]), x, y)
					wcx, wcy := centre(loop.Corner, flipped)
					if math.Abs(cx-wcx) > 1e-6 || math.Abs(cy-wcy) > 1e-6 {
						t.Fatalf("%s: the arc to %v turns round (%v, %v), want the corner %v at (%v, %v)", where, path.Points[i], cx, cy, loop.Corner, wcx, wcy)
					}
				}
			}
			checked++
		}
	}
	if loops < checked {
		t.Errorf("%d loops in %d captures: each capture crosses one at least", loops, checked)
	}
}

// TestCapturePathPixels: in the picture made of pixels, an arrow along a
// capture path colours the far side of each loop it crosses (the point
// of the loop's circle farthest from the board's centre) and the centres
// of the empty points it passes, and leaves the far sides of the other
// corners' loops of its circuit alone.
func TestCapturePathPixels(t *testing.T) {
	magenta := color.NRGBA{0xff, 0x00, 0xff, 0xff}
	isMagenta := func(c color.RGBA) bool { return c.R > 180 && c.G < 60 && c.B > 180 }
	r := rand.New(rand.NewPCG(9, 10))
	const size = 500 // two units a pixel
	at := func(img *image.RGBA, x, y float64) color.RGBA {
		return img.RGBAAt(int(math.Floor(x/2)), int(math.Floor(y/2)))
	}
	captures := 12
	if testing.Short() {
		captures = 4
	}
	for checked := 0; checked < captures; {
		p := surakartatest.RandomPosition(r)
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() || checked >= captures {
				continue
			}
			checked++
			path, _ := p.CapturePath(m)
			a, err := picture.MoveArrow(p, m, magenta)
			if err != nil {
				t.Fatal(err)
			}
			img, err := picture.Image(p, picture.Options{Size: size, NoCoordinates: true, Arrows: []picture.Arrow{a}})
			if err != nil {
				t.Fatal(err)
			}
			crossed := map[surakarta.Square]bool{}
			for _, l := range path.Loops {
				crossed[l.Loop.Corner] = true
			}
			radius := 100 * float64(path.Circuit+1)
			for _, corner := range []surakarta.Square{surakarta.A1, surakarta.F1, surakarta.A6, surakarta.F6} {
				cx, cy := centre(corner, false)
				// The far side: away from the board's centre (500, 500).
				x, y := cx+radius*math.Copysign(math.Sqrt2/2, cx-500), cy+radius*math.Copysign(math.Sqrt2/2, cy-500)
				if got := at(img, x, y); isMagenta(got) != crossed[corner] {
					t.Fatalf("%v, %v: the far side of the %v circuit's loop at %v is %v; crossed: %v", p, m, path.Circuit, corner, got, crossed[corner])
				}
			}
			for _, s := range path.Points[1 : len(path.Points)-1] {
				if _, ok := p.PieceAt(s); ok {
					continue // the capturing piece, passed over again
				}
				x, y := centre(s, false)
				if got := at(img, x, y); !isMagenta(got) {
					t.Fatalf("%v, %v: the centre of %v on the path is %v", p, m, s, got)
				}
			}
		}
	}
}
