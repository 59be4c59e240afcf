package picture

import (
	"fmt"
	"math"
	"slices"

	"github.com/surakarta-go/surakarta"
)

// The drawing's units, those of the browser page: 100 between neighbouring
// points, and a margin round the grid wide enough for the outer loops
// (radius 200) and the coordinates.
const (
	unit   = 100.0
	margin = 250.0
	side   = 5*unit + 2*margin // the drawing's side: 1000
)

// point is a point of the drawing, in units, y down.
type point struct{ x, y float64 }

func (p point) sub(q point) point        { return point{p.x - q.x, p.y - q.y} }
func (p point) add(q point) point        { return point{p.x + q.x, p.y + q.y} }
func (p point) scale(k float64) point    { return point{p.x * k, p.y * k} }
func (p point) dot(q point) float64      { return p.x*q.x + p.y*q.y }
func (p point) length() float64          { return math.Hypot(p.x, p.y) }
func (p point) unit() point              { return p.scale(1 / p.length()) }
func (p point) perpendicular() point     { return point{-p.y, p.x} }
func (p point) distance(q point) float64 { return p.sub(q).length() }

// view places the points of the board in the drawing, as seen from one
// side.
type view struct{ flipped bool }

// at returns the point of file and rank (0 to 5): Black's view has a1 at
// the bottom left, White's (flipped, the board turned round) at the top
// right.
func (v view) at(file, rank int) point {
	if v.flipped {
		return point{margin + float64(5-file)*unit, margin + float64(rank)*unit}
	}
	return point{margin + float64(file)*unit, margin + float64(5-rank)*unit}
}

// square returns the point of s.
func (v view) square(s surakarta.Square) point { return v.at(s.File(), s.Rank()) }

// segment is a piece of a route: a straight line from a to b, or an arc
// of the circle of radius r round c from a to b, which turns by the angle
// turn (radians; positive turns clockwise on the screen, y being down)
// from the angle start. A corner loop is an arc of three quarters of a
// circle, which passes outside the board.
type segment struct {
	a, b        point
	arc         bool
	c           point
	r           float64
	start, turn float64
}

// loopSegment returns the loop from a to b round the corner c: the long
// way round, three quarters of a circle.
func loopSegment(a, b, c point) segment {
	start := math.Atan2(a.y-c.y, a.x-c.x)
	short := math.Remainder(math.Atan2(b.y-c.y, b.x-c.x)-start, 2*math.Pi) // ±π/2
	return segment{a: a, b: b, arc: true, c: c, r: a.distance(c), start: start, turn: short - math.Copysign(2*math.Pi, short)}
}

// length returns the segment's length.
func (s segment) length() float64 {
	if s.arc {
		return s.r * math.Abs(s.turn)
	}
	return s.a.distance(s.b)
}

// along returns the point at the distance d along the segment from a.
func (s segment) along(d float64) point {
	if s.arc {
		angle := s.start + math.Copysign(d/s.r, s.turn)
		return s.c.add(point{math.Cos(angle), math.Sin(angle)}.scale(s.r))
	}
	return s.a.add(s.b.sub(s.a).scale(d / s.length()))
}

// part returns the piece of the segment from the distance d0 along it to
// d1.
func (s segment) part(d0, d1 float64) segment {
	p := s
	p.a, p.b = s.along(d0), s.along(d1)
	if s.arc {
		p.start = s.start + math.Copysign(d0/s.r, s.turn)
		p.turn = math.Copysign((d1-d0)/s.r, s.turn)
	}
	return p
}

// distance returns the distance from p to the segment.
func (s segment) distance(p point) float64 {
	if !s.arc {
		ab := s.b.sub(s.a)
		t := p.sub(s.a).dot(ab) / ab.dot(ab)
		t = min(max(t, 0), 1)
		return p.distance(s.a.add(ab.scale(t)))
	}
	// Within the arc's angles p is nearest the circle, and otherwise an
	// end.
	v := p.sub(s.c)
	from := math.Atan2(v.y, v.x) - s.start
	if s.turn < 0 {
		from = -from
	}
	if math.Mod(from+4*math.Pi, 2*math.Pi) <= math.Abs(s.turn) {
		return math.Abs(v.length() - s.r)
	}
	return min(p.distance(s.a), p.distance(s.b))
}

// bounds returns a rectangle that holds the segment.
func (s segment) bounds() box {
	if s.arc {
		return box{s.c.x - s.r, s.c.y - s.r, s.c.x + s.r, s.c.y + s.r}
	}
	return box{min(s.a.x, s.b.x), min(s.a.y, s.b.y), max(s.a.x, s.b.x), max(s.a.y, s.b.y)}
}

// svgFlags returns the SVG arc's flags of an arc: large-arc 1 when it
// turns by more than half a circle, sweep 1 when it turns clockwise on the
// screen.
func (s segment) svgFlags() (large, sweep int) {
	if math.Abs(s.turn) > math.Pi {
		large = 1
	}
	if s.turn > 0 {
		sweep = 1
	}
	return large, sweep
}

// dashed returns the dashes of a line along segs, as SVG's
// stroke-dasharray="on off" draws them: on units drawn, off left out,
// from the start of the line.
func dashed(segs []segment, on, off float64) []segment {
	var dashes []segment
	phase := 0.0 // along the pattern, 0 to on+off
	for _, s := range segs {
		length := s.length()
		for d := 0.0; d < length; {
			if phase < on {
				end := min(d+on-phase, length)
				dashes = append(dashes, s.part(d, end))
				phase += end - d
				d = end
			} else {
				step := min(on+off-phase, length-d)
				phase += step
				d += step
			}
			if phase >= on+off {
				phase = 0
			}
		}
	}
	return dashes
}

// box is a rectangle of the drawing: its least and greatest x and y.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) union(c box) box {
	return box{min(b.x0, c.x0), min(b.y0, c.y0), max(b.x1, c.x1), max(b.y1, c.y1)}
}

func (b box) grow(d float64) box { return box{b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d} }

// corners are the four corners of the board, which the loops go round.
var corners = [4]surakarta.Square{surakarta.A1, surakarta.F1, surakarta.A6, surakarta.F6}

// lines returns the two lines (0 to 5) of circuit c, both as ranks and as
// files: the inner circuit's are 1 and 4 (ranks 2 and 5, files b and e),
// the outer's 2 and 3.
func lines(c surakarta.Circuit) [2]int {
	k := int(c) + 1
	return [2]int{k, 5 - k}
}

// loopEnds returns the two ends of the loop of circuit c round the corner:
// the end of a rank line on the corner's file, and the end of a file line
// on the corner's rank, each the circuit's line nearer the corner.
func loopEnds(c surakarta.Circuit, corner surakarta.Square) (onFile, onRank surakarta.Square) {
	k := int(c) + 1
	near := func(edge int) int {
		if edge == 0 {
			return k
		}
		return 5 - k
	}
	onFile, _ = surakarta.NewSquare(corner.File(), near(corner.Rank()))
	onRank, _ = surakarta.NewSquare(near(corner.File()), corner.Rank())
	return onFile, onRank
}

// circuitSegments returns the lines and loops of circuit c as v sees them.
func (v view) circuitSegments(c surakarta.Circuit) []segment {
	var segs []segment
	for _, line := range lines(c) {
		segs = append(segs, segment{a: v.at(0, line), b: v.at(5, line)}, segment{a: v.at(line, 0), b: v.at(line, 5)})
	}
	for _, corner := range corners {
		a, b := loopEnds(c, corner)
		segs = append(segs, loopSegment(v.square(a), v.square(b), v.square(corner)))
	}
	return segs
}

// routeSegments returns the segments of a capture path, checked by
// checkRoute: straight between neighbouring points, round the loop where
// it crosses one.
func (v view) routeSegments(path surakarta.CapturePath) []segment {
	loops := make(map[int]surakarta.Square, len(path.Loops))
	for _, l := range path.Loops {
		loops[l.Index] = l.Loop.Corner
	}
	segs := make([]segment, 0, len(path.Points)-1)
	for i := 1; i < len(path.Points); i++ {
		a, b := v.square(path.Points[i-1]), v.square(path.Points[i])
		if corner, ok := loops[i]; ok {
			segs = append(segs, loopSegment(a, b, v.square(corner)))
		} else {
			segs = append(segs, segment{a: a, b: b})
		}
	}
	return segs
}

// maxRoutePoints is the most points a route can have: a full lap of a
// circuit's 24 places, back to the start.
const maxRoutePoints = 25

// checkRoute checks that path is a route along its circuit, from the
// geometry of the rules (package surakarta's documentation) rather than
// the move generator's tables: each step goes to the neighbouring point on
// one of the circuit's lines, or round one of its loops where the path
// says it crosses one, between that loop's two ends.
func checkRoute(path surakarta.CapturePath) error {
	pts := path.Points
	if len(pts) < 2 || len(pts) > maxRoutePoints {
		return fmt.Errorf("its path has %d points: give 2 to %d", len(pts), maxRoutePoints)
	}
	if path.Circuit != surakarta.InnerCircuit && path.Circuit != surakarta.OuterCircuit {
		return fmt.Errorf("its path is on no circuit (%v)", path.Circuit)
	}
	for _, s := range pts {
		if !s.Valid() {
			return fmt.Errorf("its path has a square off the board, %d", s)
		}
	}
	loops := make(map[int]surakarta.Loop, len(path.Loops))
	last := 0
	for _, l := range path.Loops {
		if l.Index <= last || l.Index >= len(pts) {
			return fmt.Errorf("its path crosses a loop at point %d, out of order or beyond its %d points", l.Index, len(pts))
		}
		last = l.Index
		if l.Loop.Circuit != path.Circuit {
			return fmt.Errorf("its path on the %v circuit crosses a loop of the %v one", path.Circuit, l.Loop.Circuit)
		}
		loops[l.Index] = l.Loop
	}
	on := lines(path.Circuit)
	onLine := func(n int) bool { return n == on[0] || n == on[1] }
	for i := 1; i < len(pts); i++ {
		a, b := pts[i-1], pts[i]
		if l, ok := loops[i]; ok {
			if !slices.Contains(corners[:], l.Corner) {
				return fmt.Errorf("its path crosses a loop at %v, not a corner", l.Corner)
			}
			e1, e2 := loopEnds(path.Circuit, l.Corner)
			if !(a == e1 && b == e2) && !(a == e2 && b == e1) {
				return fmt.Errorf("its path goes round the %v from %v to %v, which are not its ends", l, a, b)
			}
			continue
		}
		df, dr := b.File()-a.File(), b.Rank()-a.Rank()
		alongRank := dr == 0 && (df == 1 || df == -1) && onLine(a.Rank())
		alongFile := df == 0 && (dr == 1 || dr == -1) && onLine(a.File())
		if !alongRank && !alongFile {
			return fmt.Errorf("its path goes from %v to %v, which are not neighbours on a line of the %v circuit", a, b, path.Circuit)
		}
	}
	return nil
}
