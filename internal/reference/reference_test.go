package reference

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"time"
)

// board builds a Board from a diagram: six rows, rank 6 first, files a-f left
// to right; 'B' Black, 'W' White, '.' empty. Spaces are ignored.
func board(t *testing.T, diagram string) Board {
	t.Helper()
	var b Board
	var rows []string
	for _, line := range strings.Split(diagram, "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), " ", "")
		if line != "" {
			rows = append(rows, line)
		}
	}
	if len(rows) != 6 {
		t.Fatalf("diagram has %d rows, want 6", len(rows))
	}
	for i, row := range rows {
		rank := 6 - i
		if len(row) != 6 {
			t.Fatalf("row %d has %d points, want 6", rank, len(row))
		}
		for file := 0; file < 6; file++ {
			s := (rank-1)*6 + file
			switch row[file] {
			case 'B':
				b[s] = Black
			case 'W':
				b[s] = White
			case '.':
			default:
				t.Fatalf("bad character %q", row[file])
			}
		}
	}
	return b
}

func sq(name string) int { return ParseSquare(name) }

func names(ss []int) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = SquareName(s)
	}
	return out
}

func hasMove(moves []Move, from, to int) (Move, bool) {
	for _, m := range moves {
		if m.From == from && m.To == to {
			return m, true
		}
	}
	return Move{}, false
}

func TestSquareNames(t *testing.T) {
	cases := map[string]int{"a1": 0, "f1": 5, "a2": 6, "f6": 35}
	for name, s := range cases {
		if SquareName(s) != name || ParseSquare(name) != s {
			t.Errorf("%s <-> %d mismatch", name, s)
		}
	}
	for s := 0; s < 36; s++ {
		if ParseSquare(SquareName(s)) != s {
			t.Errorf("round trip failed for %d", s)
		}
	}
}

func TestCircuits(t *testing.T) {
	intersections := [2][]string{
		{"b2", "e2", "b5", "e5"},
		{"c3", "d3", "c4", "d4"},
	}
	corners := []string{"a1", "f1", "a6", "f6"}
	for ci, circuit := range Circuits {
		if len(circuit) != 24 {
			t.Fatalf("circuit %d has %d entries", ci, len(circuit))
		}
		count := map[int]int{}
		for _, s := range circuit {
			count[s]++
		}
		for _, name := range intersections[ci] {
			if count[sq(name)] != 2 {
				t.Errorf("circuit %d: %s appears %d times, want 2", ci, name, count[sq(name)])
			}
		}
		for _, name := range corners {
			if count[sq(name)] != 0 {
				t.Errorf("circuit %d: corner %s appears", ci, name)
			}
		}
		if len(count) != 20 {
			t.Errorf("circuit %d: %d distinct points, want 20", ci, len(count))
		}
		for s, n := range count {
			isX := false
			for _, name := range intersections[ci] {
				if sq(name) == s {
					isX = true
				}
			}
			if !isX && n != 1 {
				t.Errorf("circuit %d: %s appears %d times, want 1", ci, SquareName(s), n)
			}
		}
	}
	// Each non-corner point lies on at least one circuit.
	for s := 0; s < 36; s++ {
		on := false
		for _, c := range Circuits {
			for _, x := range c {
				if x == s {
					on = true
				}
			}
		}
		isCorner := false
		for _, name := range corners {
			if sq(name) == s {
				isCorner = true
			}
		}
		if on == isCorner {
			t.Errorf("%s: on circuit = %v, corner = %v", SquareName(s), on, isCorner)
		}
	}
}

func TestLoopAndLinePairs(t *testing.T) {
	loops := [][2]string{
		{"f2", "e1"}, {"e6", "f5"}, {"a5", "b6"}, {"b1", "a2"},
		{"f3", "d1"}, {"d6", "f4"}, {"a4", "c6"}, {"c1", "a3"},
	}
	for _, p := range loops {
		if !IsLoopPair(sq(p[0]), sq(p[1])) || !IsLoopPair(sq(p[1]), sq(p[0])) {
			t.Errorf("%s-%s should be a loop pair", p[0], p[1])
		}
		if IsLineStep(sq(p[0]), sq(p[1])) {
			t.Errorf("%s-%s should not be a line step", p[0], p[1])
		}
	}
	n := 0
	for a := 0; a < 36; a++ {
		for b := 0; b < 36; b++ {
			if IsLoopPair(a, b) {
				n++
			}
		}
	}
	if n != 16 { // 8 loops, both orders
		t.Errorf("found %d ordered loop pairs, want 16", n)
	}
	for _, p := range [][2]string{{"a2", "b2"}, {"e1", "e2"}, {"c6", "c5"}, {"d3", "d4"}, {"b3", "c3"}} {
		if !IsLineStep(sq(p[0]), sq(p[1])) || !IsLineStep(sq(p[1]), sq(p[0])) {
			t.Errorf("%s-%s should be a line step", p[0], p[1])
		}
	}
	for _, p := range [][2]string{{"a1", "a2"}, {"a2", "b3"}, {"a1", "b1"}, {"b2", "b4"}} {
		if IsLineStep(sq(p[0]), sq(p[1])) || IsLoopPair(sq(p[0]), sq(p[1])) {
			t.Errorf("%s-%s should be neither a line step nor a loop pair", p[0], p[1])
		}
	}
}

func TestPerft(t *testing.T) {
	want := []uint64{1, 16, 256, 5382, 111122, 2572484}
	for depth, w := range want {
		if depth == 5 && testing.Short() {
			t.Skip("perft 5 skipped in short mode")
		}
		start := time.Now()
		got := Perft(Start(), Black, depth)
		t.Logf("perft(%d) = %d in %v", depth, got, time.Since(start))
		if got != w {
			t.Errorf("perft(%d) = %d, want %d", depth, got, w)
		}
	}
}

type captureCase struct {
	name       string
	diagram    string
	from, to   string
	ok         bool
	points     []string // expected shortest path (only if ok)
	loopsAfter []int
}

func TestCaptures(t *testing.T) {
	cases := []captureCase{
		{
			// a2 meets c2 along rank 2 before any loop: no capture that way.
			// The other direction from a2 (loop to b1) runs into own b1.
			name: "enemy before any loop",
			diagram: `
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				B . W . . .
				. B . . . .`,
			from: "a2", to: "c2", ok: false,
		},
		{
			// ...but b1 reaches c2 the long way round with 3 loops:
			// b1 b2..b6 (loop) a5..f5 (loop) e6..e1 (loop) f2 e2 d2 c2.
			name: "same board, long way round from b1",
			diagram: `
				. . . . . .
				. . . . . .
				. . . . . .
				. . . . . .
				B . W . . .
				. B . . . .`,
			from: "b1", to: "c2", ok: true,
			points: []string{"b1", "b2", "b3", "b4", "b5", "b6", "a5", "b5", "c5", "d5", "e5", "f5",
				"e6", "e5", "e4", "e3", "e2", "e1", "f2", "e2", "d2", "c2"},
			loopsAfter: []int{6, 12, 18},
		},
		{
			// b2 is on the inner circuit twice. Going west from b2 along rank 2:
			// a2, loop to b1, then up file b passing over b2 (its own origin,
			// counted empty) to b3 and b4. The direct route b2-b3-b4 meets b4
			// before any loop and does not count.
			name: "path passing over its own origin",
			diagram: `
				. . . . . .
				. . . . . .
				. W . . . .
				. . . . . .
				. B . . . .
				. . . . . .`,
			from: "b2", to: "b4", ok: true,
			points:     []string{"b2", "a2", "b1", "b2", "b3", "b4"},
			loopsAfter: []int{2},
		},
		{
			// a3 along rank 3 to f3, loop to d1, up file d to d6, loop to f4,
			// then e4. The other way (loop to c1, up file c, loop to a4) is
			// stopped by own b4.
			name: "capture via two loops",
			diagram: `
				. . . . . .
				. . . . . .
				. B . . W .
				B . . . . .
				. . . . . .
				. . . . . .`,
			from: "a3", to: "e4", ok: true,
			points:     []string{"a3", "b3", "c3", "d3", "e3", "f3", "d1", "d2", "d3", "d4", "d5", "d6", "f4", "e4"},
			loopsAfter: []int{6, 12},
		},
		{
			// Same as above with a White piece on b3: a3 meets it before any
			// loop (no capture), and the other way is blocked by own b4.
			name: "blocked path",
			diagram: `
				. . . . . .
				. . . . . .
				. B . . W .
				B W . . . .
				. . . . . .
				. . . . . .`,
			from: "a3", to: "e4", ok: false,
		},
		{
			// Own piece on d2 blocks the two-loop route to e4.
			name: "blocked by own piece",
			diagram: `
				. . . . . .
				. . . . . .
				. B . . W .
				B . . . . .
				. . . B . .
				. . . . . .`,
			from: "a3", to: "e4", ok: false,
		},
		{
			// e2 is an intersection of the inner circuit. Using its occurrence
			// on file e: e3 e4 e5 e6, loop, f5. (Via rank 2 it would be
			// f2, loop, e1, e2, ... which is longer.)
			name: "piece at an intersection",
			diagram: `
				. . . . . .
				. . . . . W
				. . . . . .
				. . . . . .
				. . . . B .
				. . . . . .`,
			from: "e2", to: "f5", ok: true,
			points:     []string{"e2", "e3", "e4", "e5", "e6", "f5"},
			loopsAfter: []int{5},
		},
		{
			// Only two pieces, both on file a, which is on no circuit line
			// between them. a2 loop b1, up file b, loop a5.
			name: "lone pair needing loops",
			diagram: `
				. . . . . .
				W . . . . .
				. . . . . .
				. . . . . .
				B . . . . .
				. . . . . .`,
			from: "a2", to: "a5", ok: true,
			points:     []string{"a2", "b1", "b2", "b3", "b4", "b5", "b6", "a5"},
			loopsAfter: []int{1, 7},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := board(t, c.diagram)
			from, to := sq(c.from), sq(c.to)
			points, loopsAfter, ok := CapturePath(b, from, to)
			if ok != c.ok {
				t.Fatalf("CapturePath ok = %v, want %v (path %v)", ok, c.ok, names(points))
			}
			m, found := hasMove(LegalMoves(b, b[from]), from, to)
			if c.ok != (found && m.Capture) {
				t.Errorf("LegalMoves capture %s-%s present = %v, want %v", c.from, c.to, found && m.Capture, c.ok)
			}
			if !ok {
				return
			}
			if !reflect.DeepEqual(names(points), c.points) {
				t.Errorf("points = %v, want %v", names(points), c.points)
			}
			if !reflect.DeepEqual(loopsAfter, c.loopsAfter) {
				t.Errorf("loopsAfter = %v, want %v", loopsAfter, c.loopsAfter)
			}
		})
	}
}

// Two adjacent enemies on rank 3 (outer line): a3 cannot take b3 directly,
// but goes round: a3 loop c1 ... all the way, arriving at b3 from the east.
func TestNeighbourLongWay(t *testing.T) {
	b := board(t, `
		. . . . . .
		. . . . . .
		. . . . . .
		B W . . . .
		. . . . . .
		. . . . . .`)
	points, loopsAfter, ok := CapturePath(b, sq("a3"), sq("b3"))
	if !ok {
		t.Fatal("a3 should capture b3 the long way round")
	}
	// a3 (loop) c1 c2 c3 c4 c5 c6 (loop) a4 b4 c4 d4 e4 f4 (loop) d6 d5 d4 d3 d2 d1 (loop) f3 e3 d3 c3 b3
	want := []string{"a3", "c1", "c2", "c3", "c4", "c5", "c6", "a4", "b4", "c4", "d4", "e4", "f4",
		"d6", "d5", "d4", "d3", "d2", "d1", "f3", "e3", "d3", "c3", "b3"}
	if !reflect.DeepEqual(names(points), want) {
		t.Errorf("points = %v, want %v", names(points), want)
	}
	if !reflect.DeepEqual(loopsAfter, []int{1, 7, 13, 19}) {
		t.Errorf("loopsAfter = %v", loopsAfter)
	}
	// Exactly: steps to a2 b2 a4 b4 (b3 occupied), plus the capture of b3.
	// (a3 is on the outer circuit only, so no other captures.)
	moves := LegalMoves(b, Black)
	wantMoves := []Move{
		{sq("a3"), sq("a2"), false}, {sq("a3"), sq("b2"), false},
		{sq("a3"), sq("b3"), true},
		{sq("a3"), sq("a4"), false}, {sq("a3"), sq("b4"), false},
	}
	if !reflect.DeepEqual(moves, wantMoves) {
		t.Errorf("moves = %v, want %v", moves, wantMoves)
	}
}

// The lone pair a2/a5: exact move list for Black.
func TestLonePairMoveList(t *testing.T) {
	b := board(t, `
		. . . . . .
		W . . . . .
		. . . . . .
		. . . . . .
		B . . . . .
		. . . . . .`)
	got := LegalMoves(b, Black)
	want := []Move{
		{sq("a2"), sq("a1"), false}, {sq("a2"), sq("b1"), false},
		{sq("a2"), sq("b2"), false}, {sq("a2"), sq("a3"), false},
		{sq("a2"), sq("b3"), false}, {sq("a2"), sq("a5"), true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("moves = %v, want %v", got, want)
	}
	if n := len(LegalMoves(Board{}, Black)); n != 0 {
		t.Errorf("empty board has %d moves", n)
	}
}

// Consistency check over random positions: every capture has a valid path,
// and every path is made of line steps and loop crossings over empty points.
func TestRandomPathsConsistent(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 2000; iter++ {
		var b Board
		for s := range b {
			switch rng.Intn(4) {
			case 0:
				b[s] = Black
			case 1:
				b[s] = White
			}
		}
		for _, side := range []Color{Black, White} {
			moves := LegalMoves(b, side)
			for i := 1; i < len(moves); i++ {
				p, q := moves[i-1], moves[i]
				if p.From > q.From || (p.From == q.From && p.To >= q.To) {
					t.Fatalf("moves not sorted/unique: %v then %v", p, q)
				}
			}
			for _, m := range moves {
				if b[m.From] != side {
					t.Fatalf("move %v from a non-own point", m)
				}
				points, loopsAfter, ok := CapturePath(b, m.From, m.To)
				if ok != m.Capture {
					t.Fatalf("move %v: CapturePath ok = %v", m, ok)
				}
				if !m.Capture {
					if b[m.To] != Empty {
						t.Fatalf("step %v onto occupied point", m)
					}
					continue
				}
				if b[m.To] != side.Other() {
					t.Fatalf("capture %v of a non-enemy", m)
				}
				if points[0] != m.From || points[len(points)-1] != m.To || len(loopsAfter) == 0 {
					t.Fatalf("bad path %v loops %v", names(points), loopsAfter)
				}
				li := 0
				for i := 1; i < len(points); i++ {
					isLoop := li < len(loopsAfter) && loopsAfter[li] == i
					if isLoop {
						li++
						if !IsLoopPair(points[i-1], points[i]) {
							t.Fatalf("path %v: step %d marked loop but is not", names(points), i)
						}
					} else if !IsLineStep(points[i-1], points[i]) {
						t.Fatalf("path %v: step %d is not a line step", names(points), i)
					}
					if i < len(points)-1 && points[i] != m.From && b[points[i]] != Empty {
						t.Fatalf("path %v passes occupied %s", names(points), SquareName(points[i]))
					}
				}
			}
		}
	}
}
