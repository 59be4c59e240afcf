package picture

import (
	"bufio"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"

	"github.com/surakarta-go/surakarta"
)

// Image returns the picture of p drawn with the options o as pixels, Size
// pixels square: the drawing of WriteSVG, with the same shapes, colours
// and opacities, anti-aliased. The board's rounded corners are
// transparent. It returns an error wrapping ErrOptions for bad options.
//
// The rasteriser is this package's own, on the standard library alone: a
// pixel's coverage by a shape comes from its centre's distance to the
// shape's edge (a box filter one pixel wide), exact for the discs, rings,
// lines, loops and rectangles the board is made of, and very near it at
// the corners of the arrow heads. The coordinates are drawn with
// stroked letters of its own, not a font.
func Image(p surakarta.Position, o Options) (*image.RGBA, error) {
	paths, err := o.check(p)
	if err != nil {
		return nil, err
	}
	size, _ := o.size()
	r := raster{img: image.NewRGBA(image.Rect(0, 0, size, size)), scale: float64(size) / side}
	for _, s := range scene(p, &o, paths) {
		r.draw(&s)
	}
	return r.img, nil
}

// WritePNG writes the picture of p drawn with the options o (see Image)
// as a PNG image to w.
func WritePNG(w io.Writer, p surakarta.Position, o Options) error {
	img, err := Image(p, o)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if err := png.Encode(bw, img); err != nil {
		return err
	}
	return bw.Flush()
}

// raster draws shapes onto an image, scale pixels to a unit.
type raster struct {
	img   *image.RGBA
	scale float64
}

// draw draws the shape s.
func (r *raster) draw(s *shape) {
	switch s.kind {
	case rectShape:
		half := point{(s.area.x1 - s.area.x0) / 2, (s.area.y1 - s.area.y0) / 2}
		c := point{s.area.x0 + half.x, s.area.y0 + half.y}
		r.fill(s.area, s.color, s.opacity, func(q point) float64 { return roundRectDistance(q.sub(c), half, s.radius) })
	case discShape:
		b := s.bounds()
		if s.edgeWidth > 0 {
			outer := s.radius + s.edgeWidth/2
			r.fill(b, s.edge, s.opacity, func(q point) float64 { return q.distance(s.centre) - outer })
		}
		inner := s.radius - s.edgeWidth/2
		r.fill(b, s.color, s.opacity, func(q point) float64 { return q.distance(s.centre) - inner })
	case textShape:
		text := shape{kind: strokeShape, color: s.color, opacity: s.opacity, strokes: textStrokes([]rune(s.text)[0], labelSize, s.centre)}
		r.draw(&text)
	case strokeShape:
		edges := polygonEdges(s.head)
		r.fill(s.bounds(), s.color, s.opacity, func(q point) float64 {
			d := math.Inf(1)
			for _, st := range s.strokes {
				d = min(d, st.distance(q))
			}
			if edges != nil {
				d = min(d, polygonDistance(q, s.head, edges))
			}
			return d
		})
	}
}

// distance returns the signed distance from q to the stroke's edge:
// negative inside.
func (st *stroke) distance(q point) float64 {
	if len(st.segs) == 0 {
		return math.Abs(q.distance(st.ringCentre)-st.ring) - st.width/2
	}
	d := math.Inf(1)
	for _, seg := range st.segs {
		d = min(d, seg.distance(q))
	}
	return d - st.width/2
}

// fill paints the colour c at the given opacity over the pixels of the
// area b (in units) by their coverage, which comes from the signed
// distance in units (negative inside) from a pixel's centre to the edge of
// the shape.
func (r *raster) fill(b box, c color.NRGBA, opacity float64, distance func(point) float64) {
	bounds := r.img.Bounds()
	x0 := max(int(math.Floor(b.x0*r.scale))-1, bounds.Min.X)
	y0 := max(int(math.Floor(b.y0*r.scale))-1, bounds.Min.Y)
	x1 := min(int(math.Ceil(b.x1*r.scale))+1, bounds.Max.X)
	y1 := min(int(math.Ceil(b.y1*r.scale))+1, bounds.Max.Y)
	alpha := opacity * float64(c.A) / 255
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			q := point{(float64(x) + 0.5) / r.scale, (float64(y) + 0.5) / r.scale}
			coverage := min(max(0.5-distance(q)*r.scale, 0), 1)
			if coverage == 0 {
				continue
			}
			r.blend(x, y, c, coverage*alpha)
		}
	}
}

// blend paints the colour c over the pixel (x, y) with the weight a, 0 to
// 1: "source over" on the image's premultiplied values.
func (r *raster) blend(x, y int, c color.NRGBA, a float64) {
	i := r.img.PixOffset(x, y)
	pix := r.img.Pix[i : i+4 : i+4]
	for k, v := range [4]float64{float64(c.R), float64(c.G), float64(c.B), 255} {
		pix[k] = uint8(math.Round(v*a + float64(pix[k])*(1-a)))
	}
}

// roundRectDistance returns the signed distance from q to a rectangle of
// half sides half centred at the origin, its corners rounded with radius
// rad.
func roundRectDistance(q, half point, rad float64) float64 {
	dx := math.Abs(q.x) - half.x + rad
	dy := math.Abs(q.y) - half.y + rad
	outside := math.Hypot(max(dx, 0), max(dy, 0))
	return outside + min(max(dx, dy), 0) - rad
}

// polygonEdges returns the outward unit normals of a convex polygon's
// edges, the i-th that of the edge from vertex i to vertex i+1, or nil
// when there is no polygon.
func polygonEdges(pts []point) []point {
	if len(pts) < 3 {
		return nil
	}
	area := 0.0
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		area += a.x*b.y - b.x*a.y
	}
	normals := make([]point, len(pts))
	for i, a := range pts {
		n := pts[(i+1)%len(pts)].sub(a).perpendicular().unit() // points left of the edge
		if area > 0 {
			n = n.scale(-1)
		}
		normals[i] = n
	}
	return normals
}

// polygonDistance returns the signed distance from q to the edge of the
// convex polygon pts: exact inside and beside the edges, a little less
// than the distance beyond the corners.
func polygonDistance(q point, pts, normals []point) float64 {
	d := math.Inf(-1)
	for i, n := range normals {
		d = max(d, q.sub(pts[i]).dot(n))
	}
	return d
}
