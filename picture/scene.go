package picture

import (
	"image/color"
	"math"
	"strings"

	"github.com/surakarta-go/surakarta"
)

// The look of the board, as the browser page's style sheet has it
// (web/static/style.css), in the drawing's units.
var (
	boardColor     = color.NRGBA{0xec, 0xd9, 0xb0, 0xff}
	gridColor      = color.NRGBA{0x8a, 0x76, 0x50, 0xff}
	labelColor     = color.NRGBA{0x7a, 0x6a, 0x4a, 0xff}
	innerColor     = color.NRGBA{0x2b, 0x6c, 0xb0, 0xff}
	outerColor     = color.NRGBA{0xc0, 0x56, 0x21, 0xff}
	highlightColor = color.NRGBA{0xf6, 0xc4, 0x00, 0xff}
	pieceFill      = [2]color.NRGBA{surakarta.Black: {0x1d, 0x1d, 0x1d, 0xff}, surakarta.White: {0xfd, 0xfd, 0xfb, 0xff}}
	pieceEdge      = [2]color.NRGBA{surakarta.Black: {0x00, 0x00, 0x00, 0xff}, surakarta.White: {0x33, 0x33, 0x33, 0xff}}
)

const (
	boardRadius    = 24   // the rounding of the board's corners
	gridWidth      = 2    // the grid's lines
	circuitWidth   = 7    // the circuits' lines and loops
	labelSize      = 30   // the coordinates' font size
	labelInset     = 22   // from the edge to the coordinates' centres
	highlightSide  = 90   // the square under a highlighted point
	pieceRadius    = 34   // a piece
	pieceEdgeWidth = 4    // its edge
	pathWidth      = 6    // a capture path of Options.Paths
	targetRadius   = 44   // the ring round a capture's target
	targetWidth    = 8    // its width
	arrowWidth     = 16   // a straight arrow's shaft
	arrowPathWidth = 10   // an arrow along a capture path
	fromRadius     = 40   // the ring round an arrow's origin when it follows a path
	fromWidth      = 5    // its width
	headLength     = 44   // an arrow's head, tip to base
	headHalfWidth  = 26   // half its base
	arrowOpacity   = 0.8  // an arrow's, over the pieces
	pathOpacity    = 0.85 // a capture path's
)

// pathDash is the dashes of a capture path of Options.Paths.
var pathDash = [2]float64{14, 10}

// shapeKind tells what a shape is.
type shapeKind uint8

const (
	rectShape   shapeKind = iota // a rectangle with rounded corners: area, radius, fill
	discShape                    // a circle: centre, radius, fill, and an edge of edge colour and width
	strokeShape                  // lines and loops stroked with round ends, and an arrow head
	textShape                    // one character of the coordinates
)

// stroke is a line drawn along segments, or a ring (a circle of radius
// ring round ringCentre) when segs is empty. A line with dash set is
// dashed: dash[0] units drawn, dash[1] left out, from its start.
type stroke struct {
	segs       []segment
	ringCentre point
	ring       float64
	width      float64
	dash       [2]float64
}

// shape is one element of the picture, drawn the same way as SVG and as
// pixels.
type shape struct {
	kind  shapeKind
	class string      // the SVG element's class
	data  [][2]string // more SVG attributes, such as data-square
	color color.NRGBA // the fill of a rectangle, disc, head or text, the colour of strokes
	// opacity applies to the whole shape: where its parts overlap, they
	// are not drawn twice.
	opacity float64

	area   box // a rectangle
	radius float64

	centre    point // a disc, or a text's centre
	edge      color.NRGBA
	edgeWidth float64

	strokes []stroke
	head    []point // an arrow head, a convex polygon

	text string
}

// scene returns the shapes that draw p with the options o, whose Paths
// have the capture paths paths, bottom first.
func scene(p surakarta.Position, o *Options, paths []surakarta.CapturePath) []shape {
	v := view{flipped: o.Flipped}
	shapes := []shape{{kind: rectShape, class: "board", color: boardColor, opacity: 1, area: box{0, 0, side, side}, radius: boardRadius}}
	for _, s := range o.Highlights {
		c := v.square(s)
		shapes = append(shapes, shape{kind: rectShape, class: "highlight", data: [][2]string{{"data-square", s.String()}},
			color: highlightColor, opacity: 0.6, area: box{c.x - highlightSide/2, c.y - highlightSide/2, c.x + highlightSide/2, c.y + highlightSide/2}, radius: 8})
	}
	for i := range 6 {
		for _, seg := range []segment{{a: v.at(0, i), b: v.at(5, i)}, {a: v.at(i, 0), b: v.at(i, 5)}} {
			shapes = append(shapes, shape{kind: strokeShape, class: "grid", color: gridColor, opacity: 1,
				strokes: []stroke{{segs: []segment{seg}, width: gridWidth}}})
		}
	}
	if !o.NoCoordinates {
		for i := range 6 {
			shapes = append(shapes,
				shape{kind: textShape, class: "label file", color: labelColor, opacity: 1, centre: point{v.at(i, 0).x, side - labelInset}, text: string(rune('a' + i))},
				shape{kind: textShape, class: "label rank", color: labelColor, opacity: 1, centre: point{labelInset, v.at(0, i).y}, text: string(rune('1' + i))})
		}
	}
	for _, c := range []surakarta.Circuit{surakarta.OuterCircuit, surakarta.InnerCircuit} {
		col := innerColor
		if c == surakarta.OuterCircuit {
			col = outerColor
		}
		shapes = append(shapes, shape{kind: strokeShape, class: "circuit " + c.String(), color: col, opacity: 1,
			strokes: []stroke{{segs: v.circuitSegments(c), width: circuitWidth}}})
	}
	for _, path := range paths {
		to := path.Points[len(path.Points)-1]
		shapes = append(shapes, shape{kind: strokeShape, class: "path " + path.Circuit.String(), data: pathData(path),
			color: MistakeColor, opacity: pathOpacity, strokes: []stroke{
				{segs: v.routeSegments(path), width: pathWidth, dash: pathDash},
				{ringCentre: v.square(to), ring: targetRadius, width: targetWidth},
			}})
	}
	for s := range surakarta.NumSquares {
		sq := surakarta.Square(s)
		if c, ok := p.PieceAt(sq); ok {
			shapes = append(shapes, shape{kind: discShape, class: "piece " + strings.ToLower(c.String()), data: [][2]string{{"data-square", sq.String()}},
				color: pieceFill[c], opacity: 1, centre: v.square(sq), radius: pieceRadius, edge: pieceEdge[c], edgeWidth: pieceEdgeWidth})
		}
	}
	for _, a := range o.Arrows {
		shapes = append(shapes, v.arrow(a))
	}
	return shapes
}

// pathData returns the SVG attributes that name a capture path's points,
// for a program that reads the picture.
func pathData(path surakarta.CapturePath) [][2]string {
	text := ""
	for i, s := range path.Points {
		if i > 0 {
			text += " "
		}
		text += s.String()
	}
	return [][2]string{{"data-points", text}}
}

// arrow returns the shape of an arrow: a shaft and a head for a straight
// one, as the page draws a step; the path, a ring round the target and a
// ring round the origin for one along a capture path.
func (v view) arrow(a Arrow) shape {
	col := a.Color
	if col == (color.NRGBA{}) {
		col = BetterColor
	}
	from, to := v.square(a.From), v.square(a.To)
	sh := shape{kind: strokeShape, class: "arrow", data: [][2]string{{"data-move", a.From.String() + a.To.String()}}, color: col, opacity: arrowOpacity}
	if len(a.Path.Points) > 0 {
		sh.data = append(sh.data, pathData(a.Path)...)
		sh.strokes = []stroke{
			{segs: v.routeSegments(a.Path), width: arrowPathWidth},
			{ringCentre: to, ring: targetRadius, width: targetWidth},
			{ringCentre: from, ring: fromRadius, width: fromWidth},
		}
		return sh
	}
	// The shaft starts a little off the origin's centre and runs into the
	// head, whose tip stops short of the target's centre, on its piece.
	dir := to.sub(from).unit()
	tip := to.sub(dir.scale(20))
	base := tip.sub(dir.scale(headLength))
	n := dir.perpendicular().scale(headHalfWidth)
	sh.strokes = []stroke{{segs: []segment{{a: from.add(dir.scale(20)), b: base.add(dir.scale(headLength / 3))}}, width: arrowWidth}}
	sh.head = []point{tip, base.add(n), base.sub(n)}
	return sh
}

// bounds returns the rectangle a shape covers, in units.
func (s *shape) bounds() box {
	switch s.kind {
	case rectShape:
		return s.area
	case discShape:
		return box{s.centre.x, s.centre.y, s.centre.x, s.centre.y}.grow(s.radius + s.edgeWidth/2)
	}
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	for _, st := range s.strokes {
		for _, seg := range st.segs {
			b = b.union(seg.bounds().grow(st.width / 2))
		}
		if len(st.segs) == 0 {
			b = b.union(box{st.ringCentre.x, st.ringCentre.y, st.ringCentre.x, st.ringCentre.y}.grow(st.ring + st.width/2))
		}
	}
	for _, q := range s.head {
		b = b.union(box{q.x, q.y, q.x, q.y})
	}
	return b
}
