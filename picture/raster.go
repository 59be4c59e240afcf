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
// as a PNG image to w. It returns an error wrapping ErrOptions for bad
// options or a nil w, and writes nothing then.
func WritePNG(w io.Writer, p surakarta.Position, o Options) error {
	if w == nil {
		return errNoWriter
	}
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
		r.strokes(s)
	}
}

// strokes draws a shape of strokes and an arrow head: the coverage of
// each part is worked out over the part's own area only, and the shape's
// coverage of a pixel is the most of any part's, so that where parts
// overlap they are painted once.
func (r *raster) strokes(s *shape) {
	m := r.newMask(s.bounds())
	for _, st := range s.strokes {
		if len(st.segs) == 0 {
			ring := box{st.ringCentre.x, st.ringCentre.y, st.ringCentre.x, st.ringCentre.y}.grow(st.ring + st.width/2)
			m.cover(ring, func(q point) float64 { return math.Abs(q.distance(st.ringCentre)-st.ring) - st.width/2 })
			continue
		}
		segs := st.segs
		if st.dash != ([2]float64{}) {
			segs = dashed(segs, st.dash[0], st.dash[1])
		}
		for _, seg := range segs {
			m.cover(seg.bounds().grow(st.width/2), func(q point) float64 { return seg.distance(q) - st.width/2 })
		}
	}
	if edges := polygonEdges(s.head); edges != nil {
		b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
		for _, q := range s.head {
			b = b.union(box{q.x, q.y, q.x, q.y})
		}
		m.cover(b, func(q point) float64 { return polygonDistance(q, s.head, edges) })
	}
	alpha := s.opacity * float64(s.color.A) / 255
	for y := m.area.Min.Y; y < m.area.Max.Y; y++ {
		for x := m.area.Min.X; x < m.area.Max.X; x++ {
			if c := m.at(x, y); c > 0 {
				r.blend(x, y, s.color, float64(c)*alpha)
			}
		}
	}
}

// mask is the coverage of the pixels of an area by a shape, 0 to 1.
type mask struct {
	r        *raster
	area     image.Rectangle
	coverage []float32
}

// newMask returns an empty mask of the pixels of the area b (in units).
func (r *raster) newMask(b box) *mask {
	area := r.pixels(b)
	return &mask{r: r, area: area, coverage: make([]float32, area.Dx()*area.Dy())}
}

func (m *mask) at(x, y int) float32 {
	return m.coverage[(y-m.area.Min.Y)*m.area.Dx()+x-m.area.Min.X]
}

// cover raises the coverage of the pixels of the area b (in units) to
// that of a part whose signed distance (in units, negative inside) from a
// pixel's centre to its edge is distance.
func (m *mask) cover(b box, distance func(point) float64) {
	area := m.r.pixels(b).Intersect(m.area)
	for y := area.Min.Y; y < area.Max.Y; y++ {
		row := m.coverage[(y-m.area.Min.Y)*m.area.Dx():][:m.area.Dx()]
		for x := area.Min.X; x < area.Max.X; x++ {
			q := point{(float64(x) + 0.5) / m.r.scale, (float64(y) + 0.5) / m.r.scale}
			c := float32(min(max(0.5-distance(q)*m.r.scale, 0), 1))
			row[x-m.area.Min.X] = max(row[x-m.area.Min.X], c)
		}
	}
}

// pixels returns the pixels of the image that the area b (in units)
// touches, with a pixel more round it for the anti-aliased edge.
func (r *raster) pixels(b box) image.Rectangle {
	return image.Rect(
		int(math.Floor(b.x0*r.scale))-1, int(math.Floor(b.y0*r.scale))-1,
		int(math.Ceil(b.x1*r.scale))+1, int(math.Ceil(b.y1*r.scale))+1,
	).Intersect(r.img.Bounds())
}

// fill paints the colour c at the given opacity over the pixels of the
// area b (in units) by their coverage, which comes from the signed
// distance in units (negative inside) from a pixel's centre to the edge of
// the shape.
func (r *raster) fill(b box, c color.NRGBA, opacity float64, distance func(point) float64) {
	area := r.pixels(b)
	alpha := opacity * float64(c.A) / 255
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
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
	if a >= 1 {
		pix[0], pix[1], pix[2], pix[3] = c.R, c.G, c.B, 255
		return
	}
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
