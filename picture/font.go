package picture

import "math"

// glyphs are the strokes of the characters of the coordinates, a–f and
// 1–6, for the pictures made of pixels, which have no font to draw text
// with: each a list of lines through points, in a box 0.5 wide with the
// baseline at 0, y up, letters 0.4 high (those with a stem 0.7) and
// digits 0.7.
var glyphs = map[rune][][]point{
	'a': {arcPoints(0.22, 0.13, 0.19, 0.13, 0, 360), append(arcPoints(0.22, 0.27, 0.19, 0.13, 160, 0), point{0.41, 0})},
	'b': {{{0.04, 0}, {0.04, 0.7}}, arcPoints(0.23, 0.2, 0.19, 0.2, 0, 360)},
	'c': {arcPoints(0.24, 0.2, 0.2, 0.2, 40, 320)},
	'd': {{{0.44, 0}, {0.44, 0.7}}, arcPoints(0.25, 0.2, 0.19, 0.2, 0, 360)},
	'e': {append([]point{{0.05, 0.2}}, arcPoints(0.24, 0.2, 0.19, 0.2, 0, 320)...)},
	'f': {append([]point{{0.18, 0}}, arcPoints(0.32, 0.55, 0.14, 0.15, 180, 30)...), {{0.04, 0.4}, {0.36, 0.4}}},
	'1': {{{0.1, 0.55}, {0.27, 0.7}, {0.27, 0}}, {{0.1, 0}, {0.44, 0}}},
	'2': {append(arcPoints(0.24, 0.52, 0.19, 0.18, 160, -40), point{0.05, 0}, point{0.45, 0})},
	'3': {arcPoints(0.23, 0.54, 0.17, 0.16, 150, -90), arcPoints(0.23, 0.2, 0.2, 0.2, 90, -150)},
	'4': {{{0.35, 0}, {0.35, 0.7}, {0.03, 0.22}, {0.46, 0.22}}},
	'5': {append([]point{{0.42, 0.7}, {0.1, 0.7}, {0.07, 0.38}}, arcPoints(0.24, 0.22, 0.2, 0.22, 135, -150)...)},
	'6': {append(arcPoints(0.24, 0.46, 0.2, 0.24, 45, 180), point{0.04, 0.2}), arcPoints(0.24, 0.2, 0.2, 0.2, 0, 360)},
}

// glyphWidth and glyphHeight are the size of a glyph's box, in font sizes.
const (
	glyphWidth  = 0.5
	glyphHeight = 0.7
	glyphStroke = 0.09 // the width of its lines
)

// arcPoints returns points along an ellipse round (cx, cy) with radii rx
// and ry, from angle a0 to a1 in degrees (counterclockwise, y up), about
// one every 15°.
func arcPoints(cx, cy, rx, ry, a0, a1 float64) []point {
	n := max(int(math.Abs(a1-a0)/15), 2)
	pts := make([]point, 0, n+1)
	for i := 0; i <= n; i++ {
		a := (a0 + (a1-a0)*float64(i)/float64(n)) * math.Pi / 180
		pts = append(pts, point{cx + rx*math.Cos(a), cy + ry*math.Sin(a)})
	}
	return pts
}

// textStrokes returns the strokes of the character r of the given font
// size centred on c, in the drawing's units (y down): the character's box
// is centred, as the SVG's text-anchor="middle" and
// dominant-baseline="central" centre the text of the SVG pictures.
func textStrokes(r rune, size float64, c point) []stroke {
	lines := glyphs[r]
	segs := make([]segment, 0, 16)
	for _, line := range lines {
		for i := 1; i < len(line); i++ {
			at := func(q point) point {
				return point{c.x + (q.x-glyphWidth/2)*size, c.y - (q.y-glyphHeight/2)*size}
			}
			segs = append(segs, segment{a: at(line[i-1]), b: at(line[i])})
		}
	}
	return []stroke{{segs: segs, width: glyphStroke * size}}
}
