package picture

import (
	"math"
	"testing"
)

// TestDashed: the dashes of a line follow SVG's stroke-dasharray: 14
// drawn, 10 left out, the pattern going on from one segment into the
// next, and round a loop by its length along the circle.
func TestDashed(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-9 }
	// Two lines of 30 and 20 along the x axis: dashes on 0–14, 24–30
	// then 30–38 (the same dash, cut by the corner), 48–50.
	segs := []segment{{a: point{0, 0}, b: point{30, 0}}, {a: point{30, 0}, b: point{50, 0}}}
	want := [][2]float64{{0, 14}, {24, 30}, {30, 38}, {48, 50}}
	got := dashed(segs, 14, 10)
	if len(got) != len(want) {
		t.Fatalf("%d dashes, want %d: %+v", len(got), len(want), got)
	}
	for i, d := range got {
		if !near(d.a.x, want[i][0]) || !near(d.b.x, want[i][1]) || d.a.y != 0 || d.b.y != 0 {
			t.Errorf("dash %d: %v to %v, want x %v to %v", i, d.a, d.b, want[i][0], want[i][1])
		}
	}
	// A loop of radius 100 round the origin from (0, 100) to (100, 0),
	// the long way: 150π ≈ 471.2 long, so 19 whole patterns of 24 (456),
	// then a 20th dash of 14 and 1.2 left out; every dash's ends on the
	// circle, none in the quarter between the loop's ends.
	loop := loopSegment(point{0, 100}, point{100, 0}, point{0, 0})
	if !near(loop.length(), 150*math.Pi) {
		t.Fatalf("the loop is %v long, want 150π", loop.length())
	}
	dashes := dashed([]segment{loop}, 14, 10)
	if len(dashes) != 20 {
		t.Errorf("%d dashes round the loop, want 20", len(dashes))
	}
	drawn := 0.0
	for _, d := range dashes {
		drawn += d.length()
		for _, q := range []point{d.a, d.b} {
			if !near(q.length(), 100) || (q.x > 1e-9 && q.y > 1e-9) {
				t.Errorf("a dash ends at %v: off the loop", q)
			}
		}
	}
	if want := 20 * 14.0; !near(drawn, want) {
		t.Errorf("the dashes draw %v of the loop, want %v", drawn, want)
	}
}

// TestLoopDistance: a loop is three quarters of a circle: a point in the
// quarter it leaves out is nearest one of its ends.
func TestLoopDistance(t *testing.T) {
	loop := loopSegment(point{0, 100}, point{100, 0}, point{0, 0})
	for _, c := range []struct {
		p    point
		want float64
	}{
		{point{-100, 0}, 0},                 // on the loop
		{point{0, -150}, 50},                // outside it, beside the circle
		{point{-20, 0}, 80},                 // inside the circle
		{point{70, 70}, math.Hypot(70, 30)}, // in the quarter left out: nearest an end
		{point{0, 0}, 100},
	} {
		if got := loop.distance(c.p); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("distance from %v: %v, want %v", c.p, got, c.want)
		}
	}
}
