package picture

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta"
)

// WriteSVG writes the picture of p drawn with the options o as an SVG
// image, self-contained (no script, style sheet, font or image to fetch),
// Size pixels square. The same position and options always write the same
// bytes: the attributes in a fixed order, the numbers rounded to a tenth
// of a unit (a thousandth of the board's side).
//
// Each piece is a <circle> with class "piece black" or "piece white" and
// data-square="e5"; each arrow a <g> with class "arrow" and data-move, and
// data-points for one along a capture path ("e5 e6 f5 e5 e4 e3"); each
// path of Options.Paths a <g> with class "path inner" or "path outer" and
// data-points; each highlight a <rect> with class "highlight" and
// data-square. It returns an error wrapping ErrOptions for bad options
// or a nil w, and writes nothing then.
func WriteSVG(w io.Writer, p surakarta.Position, o Options) error {
	if w == nil {
		return errNoWriter
	}
	paths, err := o.check(p)
	if err != nil {
		return err
	}
	size, _ := o.size()
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %s %s" font-family="sans-serif">`+"\n", size, size, num(side), num(side))
	if o.Title != "" {
		b.WriteString("<title>")
		xml.EscapeText(&b, []byte(o.Title))
		b.WriteString("</title>\n")
	}
	for _, s := range scene(p, &o, paths) {
		writeShape(&b, &s)
	}
	b.WriteString("</svg>\n")
	_, err = w.Write(b.Bytes())
	return err
}

// writeShape writes one shape as SVG elements.
func writeShape(b *bytes.Buffer, s *shape) {
	switch s.kind {
	case rectShape:
		fmt.Fprintf(b, `<rect class="%s"%s x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s"%s/>`+"\n",
			s.class, attrs(s.data), num(s.area.x0), num(s.area.y0), num(s.area.x1-s.area.x0), num(s.area.y1-s.area.y0), num(s.radius),
			hex(s.color), opacity(s.opacity, s.color))
	case discShape:
		fmt.Fprintf(b, `<circle class="%s"%s cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="%s"%s/>`+"\n",
			s.class, attrs(s.data), num(s.centre.x), num(s.centre.y), num(s.radius), hex(s.color), hex(s.edge), num(s.edgeWidth), opacity(s.opacity, s.color))
	case textShape:
		fmt.Fprintf(b, `<text class="%s" x="%s" y="%s" font-size="%d" text-anchor="middle" dominant-baseline="central" fill="%s">`,
			s.class, num(s.centre.x), num(s.centre.y), labelSize, hex(s.color))
		xml.EscapeText(b, []byte(s.text))
		b.WriteString("</text>\n")
	case strokeShape:
		if len(s.strokes) == 1 && s.head == nil {
			fmt.Fprintf(b, `<path class="%s"%s d="%s"%s%s/>`+"\n", s.class, attrs(s.data), pathText(s.strokes[0]), strokeAttrs(s.color, s.strokes[0]), opacity(s.opacity, s.color))
			return
		}
		// A group, so that its opacity covers the parts' overlaps once.
		fmt.Fprintf(b, `<g class="%s"%s%s>`+"\n", s.class, attrs(s.data), opacity(s.opacity, s.color))
		for _, st := range s.strokes {
			fmt.Fprintf(b, `<path d="%s"%s/>`+"\n", pathText(st), strokeAttrs(s.color, st))
		}
		if s.head != nil {
			var d strings.Builder
			for i, q := range s.head {
				if i == 0 {
					d.WriteString("M ")
				} else {
					d.WriteString(" L ")
				}
				d.WriteString(num(q.x) + " " + num(q.y))
			}
			d.WriteString(" Z")
			fmt.Fprintf(b, `<path d="%s" fill="%s"/>`+"\n", d.String(), hex(s.color))
		}
		b.WriteString("</g>\n")
	}
}

// pathText returns the SVG path data of a stroke: "M x y L x y" for
// lines, "A r r 0 large sweep x y" for arcs (a loop's is three quarters
// of a circle, the long way round: large 1), two half circles for a ring.
func pathText(st stroke) string {
	var d strings.Builder
	if len(st.segs) == 0 {
		c, r := st.ringCentre, num(st.ring)
		fmt.Fprintf(&d, "M %s %s A %s %s 0 1 0 %s %s A %s %s 0 1 0 %s %s",
			num(c.x+st.ring), num(c.y), r, r, num(c.x-st.ring), num(c.y), r, r, num(c.x+st.ring), num(c.y))
		return d.String()
	}
	var at point
	for i, seg := range st.segs {
		if i == 0 || seg.a != at {
			if i > 0 {
				d.WriteByte(' ')
			}
			fmt.Fprintf(&d, "M %s %s", num(seg.a.x), num(seg.a.y))
		}
		if seg.arc {
			large, sweep := seg.svgFlags()
			fmt.Fprintf(&d, " A %s %s 0 %d %d %s %s", num(seg.r), num(seg.r), large, sweep, num(seg.b.x), num(seg.b.y))
		} else {
			fmt.Fprintf(&d, " L %s %s", num(seg.b.x), num(seg.b.y))
		}
		at = seg.b
	}
	return d.String()
}

// strokeAttrs returns the attributes of the stroke st in the colour c.
func strokeAttrs(c color.NRGBA, st stroke) string {
	a := fmt.Sprintf(` fill="none" stroke="%s" stroke-width="%s" stroke-linecap="round" stroke-linejoin="round"`, hex(c), num(st.width))
	if st.dash != ([2]float64{}) {
		a += fmt.Sprintf(` stroke-dasharray="%s %s"`, num(st.dash[0]), num(st.dash[1]))
	}
	return a
}

// opacity returns the opacity attribute of a shape of the given opacity
// and colour, or nothing when it is opaque.
func opacity(o float64, c color.NRGBA) string {
	o *= float64(c.A) / 255
	if o >= 1 {
		return ""
	}
	return ` opacity="` + strconv.FormatFloat(math.Round(o*1000)/1000, 'f', -1, 64) + `"`
}

// attrs returns more attributes, in their order.
func attrs(data [][2]string) string {
	var b strings.Builder
	for _, a := range data {
		b.WriteString(" " + a[0] + `="`)
		xml.EscapeText(&b, []byte(a[1]))
		b.WriteString(`"`)
	}
	return b.String()
}

// hex returns the colour c as "#rrggbb".
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// num returns x rounded to a tenth, without trailing zeros and never as
// "-0", so that the same drawing always writes the same text.
func num(x float64) string {
	r := math.Round(x*10) / 10
	if r == 0 {
		r = 0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
