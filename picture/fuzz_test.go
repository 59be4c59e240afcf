package picture_test

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/picture"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// FuzzOptions draws any position (surakartatest.PositionFrom) with options
// made of the fuzzer's bytes: any size, highlights, paths and arrows on
// any square number, arrows with routes of any points and loops. Each
// drawing must give a well-formed SVG or an error wrapping ErrOptions,
// and the PNG drawing the same answer, never a panic.
func FuzzOptions(f *testing.F) {
	f.Add(surakartatest.EncodePosition(surakarta.NewPosition()), 0, false, []byte{})
	f.Add(surakartatest.EncodePosition(surakarta.NewPosition()), 64, true, []byte{0, 7, 1, 8, 2, 12, 13, 3, 200, 4})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9}, -5, false, []byte{2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10})
	f.Fuzz(func(t *testing.T, position []byte, size int, flipped bool, marks []byte) {
		p := surakartatest.PositionFrom(position)
		o := picture.Options{Size: size, Flipped: flipped, Title: string(marks)}
		next := func() byte {
			if len(marks) == 0 {
				return 0
			}
			b := marks[0]
			marks = marks[1:]
			return b
		}
		legal := p.LegalMoves()
		for len(marks) > 0 {
			switch next() % 5 {
			case 0:
				o.Highlights = append(o.Highlights, surakarta.Square(next()))
			case 1:
				o.Paths = append(o.Paths, surakarta.Move(next())|surakarta.Move(next())<<8)
			case 2:
				o.Arrows = append(o.Arrows, picture.Arrow{From: surakarta.Square(next()), To: surakarta.Square(next())})
			case 3: // the arrow of a legal move, perhaps with its route changed
				if len(legal) == 0 {
					continue
				}
				a, err := picture.MoveArrow(p, legal[int(next())%len(legal)], picture.PlayedColor)
				if err != nil {
					t.Fatal(err)
				}
				if k := int(next()); len(a.Path.Points) > 0 && k%3 == 0 {
					a.Path.Points[k%len(a.Path.Points)] = surakarta.Square(next())
				} else if len(a.Path.Loops) > 0 && k%3 == 1 {
					a.Path.Loops[0].Index = int(next()) - 2
					a.Path.Loops[0].Loop.Corner = surakarta.Square(next())
				}
				o.Arrows = append(o.Arrows, a)
			case 4: // a route made of bytes
				a := picture.Arrow{From: surakarta.Square(next()), To: surakarta.Square(next())}
				a.Path.Circuit = surakarta.Circuit(next() % 3)
				for range next() % 30 {
					a.Path.Points = append(a.Path.Points, surakarta.Square(next()))
				}
				a.Path.Loops = append(a.Path.Loops, surakarta.LoopCrossing{Index: int(next()), Loop: surakarta.Loop{Circuit: a.Path.Circuit, Corner: surakarta.Square(next())}})
				o.Arrows = append(o.Arrows, a)
			}
		}
		var b bytes.Buffer
		svgErr := picture.WriteSVG(&b, p, o)
		if svgErr != nil {
			if !errors.Is(svgErr, picture.ErrOptions) {
				t.Fatalf("an error that does not wrap ErrOptions: %v", svgErr)
			}
		} else {
			d := xml.NewDecoder(&b)
			for {
				if _, err := d.Token(); err == io.EOF {
					break
				} else if err != nil {
					t.Fatalf("the SVG is not well-formed: %v", err)
				}
			}
		}
		if size == 0 || (size > 128 && size <= picture.MaxSize) {
			return // the pixels of a large picture take the fuzzer's time
		}
		if _, err := picture.Image(p, o); (err == nil) != (svgErr == nil) {
			t.Fatalf("SVG error %v, PNG error %v", svgErr, err)
		}
	})
}
