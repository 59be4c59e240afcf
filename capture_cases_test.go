package surakarta_test

// Hand-checked capture cases. Every expected answer below was worked out from
// the rules of the package documentation with the circuits written out:
//
//	inner: a2 b2 c2 d2 e2 f2 ⟳ e1 e2 e3 e4 e5 e6 ⟳ f5 e5 d5 c5 b5 a5 ⟳ b6 b5 b4 b3 b2 b1 ⟳
//	outer: a3 b3 c3 d3 e3 f3 ⟳ d1 d2 d3 d4 d5 d6 ⟳ f4 e4 d4 c4 b4 a4 ⟳ c6 c5 c4 c3 c2 c1 ⟳
//
// and is checked against both the library and the reference generator.

import (
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/reference"
)

type captureCase struct {
	name     string
	position string
	captures []string // exactly the capture moves of the side to move
	not      []string // moves that must not be captures (illegal or steps)
	// path, when set, is the unique shortest capture path of captures[0],
	// with "⟳" where a loop is crossed.
	path string
}

var captureCases = []captureCase{
	{
		// 6 . . . . . .
		// 5 . . . . . .
		// 4 . . . . . .
		// 3 . w . . . .
		// 2 . b . . . .
		// 1 . . . . . .
		//   a b c d e f
		// b2 walks west along rank 2, loops round a1 to b1, passes over its own
		// (now empty) origin b2 and takes b3 after one loop. Going north up
		// file b it meets b3 before any loop, but that is a different walk.
		name:     "path over its own origin",
		position: "6/6/6/1w4/1b4/6 b",
		captures: []string{"b2b3"},
		path:     "b2 a2 ⟳ b1 b2 b3",
	},
	{
		// 6 . . . . . .
		// 5 . . . . . .
		// 4 . w . . . .
		// 3 . . . . . .
		// 2 b . . . . .
		// 1 . b . . . .
		//   a b c d e f
		// a2's short way (⟳ b1 b2 b3 b4) is blocked by its own b1, so it goes
		// the long way: rank 2 ⟳ file e ⟳ rank 5 ⟳ file b to b4, three loops.
		// b1 meets b4 going north before any loop, and its other way is
		// blocked by a2: no capture.
		name:     "capture needing three loops",
		position: "6/6/1w4/6/b5/1b4 b",
		captures: []string{"a2b4"},
		not:      []string{"b1b4"},
		path:     "a2 b2 c2 d2 e2 f2 ⟳ e1 e2 e3 e4 e5 e6 ⟳ f5 e5 d5 c5 b5 a5 ⟳ b6 b5 b4",
	},
	{
		// 6 . . . . . .
		// 5 . . . . . .
		// 4 w . . . . .
		// 3 . . b . . .
		// 2 . . . . . .
		// 1 . . . w . .
		//   a b c d e f
		// c3 is on the outer circuit twice (rank 3 and file c). East along rank
		// 3 it loops round f1 to d1; north up file c it loops round a6 to a4.
		name:     "intersection captures along both its lines",
		position: "6/6/w5/2b3/6/3w2 b",
		captures: []string{"c3d1", "c3a4"},
	},
	{
		// 6 . . . . w .
		// 5 . . . . . .
		// 4 . . . . . .
		// 3 w . . . . .
		// 2 . . b . . .
		// 1 . . . . . .
		//   a b c d e f
		// c2 is on both circuits: on the inner one (rank 2) it loops round f1
		// and goes up file e to e6; on the outer one (file c) it loops round
		// a1 to a3.
		name:     "crossing point captures on both circuits",
		position: "4w1/6/6/w5/2b3/6 b",
		captures: []string{"c2e6", "c2a3"},
	},
	{
		// 6 w . . . . w
		// 5 . . . . . .
		// 4 . . . . b .
		// 3 . . . . . .
		// 2 . . . . . .
		// 1 w . . . . w
		//   a b c d e f
		// e4 (on both circuits) meets nothing: every walk is a full lap back to
		// its empty origin. The white pieces on the corners are on no circuit.
		name:     "full laps, enemies only on corners",
		position: "w4w/6/4b1/6/6/w4w b",
		not:      []string{"e4a1", "e4f1", "e4a6", "e4f6"},
	},
	{
		// 6 . . . . . .
		// 5 . . . . . w
		// 4 . . . . . .
		// 3 . . b . . .
		// 2 w . . . . .
		// 1 . . . . . .
		//   a b c d e f
		// c3 is on the outer circuit only, a2 and f5 on the inner only: the
		// outer laps of c3 meet nothing.
		name:     "full laps, enemies on the other circuit",
		position: "6/5w/6/2b3/w5/6 b",
		not:      []string{"c3a2", "c3f5"},
	},
	{
		// 6 . . . . . .
		// 5 . . . . . .
		// 4 . . . . . .
		// 3 b . b . . .
		// 2 . . . . . .
		// 1 . . . w . .
		//   a b c d e f
		// a3 would reach d1 either way, but c3 stands on both of a3's ways out
		// (rank 3 going east; file c after the a1 loop going west). c3 itself
		// goes east along rank 3 and loops round f1 to d1.
		name:     "blocked by an own piece",
		position: "6/6/6/b1b3/6/3w2 b",
		captures: []string{"c3d1"},
		not:      []string{"a3d1"},
		path:     "c3 d3 e3 f3 ⟳ d1",
	},
	{
		// 6 . . . . . .
		// 5 . . . . . .
		// 4 . . . . . .
		// 3 b w . . . .
		// 2 . . . . . .
		// 1 . . . . . .
		//   a b c d e f
		// Going east, a3 meets b3 before any loop: that walk ends with no
		// capture. The rules walk both directions independently, so going
		// west a3 loops four times round the whole outer circuit (⟳ file c ⟳
		// rank 4 ⟳ file d ⟳ rank 3) and takes b3 from the other side.
		name:     "enemy before any loop one way, captured the other way",
		position: "6/6/6/bw4/6/6 b",
		captures: []string{"a3b3"},
		path:     "a3 ⟳ c1 c2 c3 c4 c5 c6 ⟳ a4 b4 c4 d4 e4 f4 ⟳ d6 d5 d4 d3 d2 d1 ⟳ f3 e3 d3 c3 b3",
	},
	{
		// 6 . . . . . .
		// 5 . . . . . .
		// 4 . . . . . .
		// 3 b w . . . .
		// 2 . . w . . .
		// 1 . . b . . .
		//   a b c d e f
		// a3 meets b3 before any loop going east, and its own c1 after the a1
		// loop going west. c1 meets c2 before any loop going north, and its
		// own a3 after the loop going west. No capture at all.
		name:     "enemies before any loop, other ways blocked",
		position: "6/6/6/bw4/2w3/2b3 b",
		not:      []string{"a3b3", "a3c2", "c1c2", "c1b3"},
	},
	{
		// 6 . . . . w .
		// 5 . . . . . .
		// 4 . . . . . .
		// 3 . . . . . .
		// 2 b . . . . .
		// 1 . . . . . .
		//   a b c d e f
		// a2 reaches e6 along rank 2 ⟳ file e (one loop) and along ⟳ file b ⟳
		// rank 5 ⟳ (three loops): two paths, one move.
		name:     "two paths to one target are one move",
		position: "4w1/6/6/6/b5/6 b",
		captures: []string{"a2e6"},
		path:     "a2 b2 c2 d2 e2 f2 ⟳ e1 e2 e3 e4 e5 e6",
	},
	{
		// 6 b . . . . b
		// 5 . . . . . .
		// 4 . . . w . .
		// 3 . . w . . .
		// 2 w . . . . w
		// 1 b w . . w b
		//   a b c d e f
		// The corners are on no circuit: a corner piece can step but never
		// capture, even an enemy right next to it on a loop end.
		name:     "corner pieces never capture",
		position: "b4b/6/3w2/2w3/w4w/bw2wb b",
		not:      []string{"a1a2", "a1b1", "f1e1", "f1f2", "a1c3", "f6d4", "a6c3"},
	},
	{
		// 6 . . . . . .
		// 5 . . . . w .
		// 4 w . . . . .
		// 3 . . . . . .
		// 2 . w . . . .
		// 1 . . . b . .
		//   a b c d e f
		// d1 goes north up file d, round the big f6 loop and west along rank 4
		// to a4 (the other way takes three big loops). b2 and e5 are on the
		// inner circuit only and do not matter.
		name:     "outer circuit through the big loops",
		position: "6/4w1/w5/6/1w4/3b2 b",
		captures: []string{"d1a4"},
		not:      []string{"d1b2", "d1e5"},
		path:     "d1 d2 d3 d4 d5 d6 ⟳ f4 e4 d4 c4 b4 a4",
	},
	{
		// 6 . . . . . .
		// 5 . . . . w .
		// 4 . . . . b .
		// 3 . . . . . .
		// 2 . . . . . .
		// 1 . . . . . .
		//   a b c d e f
		// White to move: e5 goes east along rank 5, loops round f6 to e6, passes
		// over its own origin e5 going south and takes e4.
		name:     "white, over its own origin",
		position: "6/4w1/4b1/6/6/6 w",
		captures: []string{"e5e4"},
		path:     "e5 f5 ⟳ e6 e5 e4",
	},
	{
		// 6 w w w w w w
		// 5 w w w w w w
		// 4 . . . . . .
		// 3 . . . . . .
		// 2 b b b b b b
		// 1 b b b b b b
		//   a b c d e f
		// At the start every walk meets an own piece first.
		name:     "start position",
		position: surakarta.StartText,
	},
}

// parsePath turns "a2 b2 ⟳ b1" into points and loop indices.
func parsePath(t *testing.T, text string) (points []surakarta.Square, loops []int) {
	t.Helper()
	for _, f := range strings.Fields(text) {
		if f == "⟳" {
			loops = append(loops, len(points))
			continue
		}
		s, err := surakarta.ParseSquare(f)
		if err != nil {
			t.Fatalf("bad path %q: %v", text, err)
		}
		points = append(points, s)
	}
	return points, loops
}

func TestCaptureEdgeCases(t *testing.T) {
	for _, tc := range captureCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := surakarta.ParsePosition(tc.position)
			if err != nil {
				t.Fatalf("ParsePosition(%q): %v", tc.position, err)
			}
			want := slices.Clone(tc.captures)
			slices.Sort(want)

			// The library.
			var got []string
			seen := map[string]bool{}
			for _, m := range p.LegalMoves() {
				if seen[m.String()] {
					t.Errorf("LegalMoves lists %v twice", m)
				}
				seen[m.String()] = true
				if m.IsCapture() {
					got = append(got, m.String())
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%q: library captures = %v, want %v", tc.position, got, want)
			}

			// The reference.
			var b reference.Board
			for s := surakarta.Square(0); s < surakarta.NumSquares; s++ {
				if c, ok := p.PieceAt(s); ok {
					b[s] = map[surakarta.Color]reference.Color{surakarta.Black: reference.Black, surakarta.White: reference.White}[c]
				}
			}
			side := reference.Black
			if p.SideToMove() == surakarta.White {
				side = reference.White
			}
			var ref []string
			for _, m := range reference.LegalMoves(b, side) {
				if m.Capture {
					ref = append(ref, reference.SquareName(m.From)+reference.SquareName(m.To))
				}
			}
			slices.Sort(ref)
			if !slices.Equal(ref, want) {
				t.Errorf("%q: reference captures = %v, want %v", tc.position, ref, want)
			}

			// Each expected capture is legal as a capture.
			for _, text := range tc.captures {
				m, err := surakarta.ParseMove(text)
				if err != nil {
					t.Fatalf("bad move %q: %v", text, err)
				}
				lm, err := p.Legal(m)
				if err != nil || !lm.IsCapture() {
					t.Errorf("Legal(%s) = %v (capture %v), %v; want a capture", text, lm, lm.IsCapture(), err)
				}
			}
			// The moves that must not be captures.
			for _, text := range tc.not {
				m, err := surakarta.ParseMove(text)
				if err != nil {
					t.Fatalf("bad move %q: %v", text, err)
				}
				if lm, err := p.Legal(m); err == nil && lm.IsCapture() {
					t.Errorf("Legal(%s) = capture, want no capture", text)
				}
				if _, err := p.CapturePath(m); err == nil {
					t.Errorf("CapturePath(%s) succeeded, want an error", text)
				}
			}

			// The path of the first capture, when it is the unique shortest.
			if tc.path != "" {
				m, _ := surakarta.ParseMove(tc.captures[0])
				wantPoints, wantLoops := parsePath(t, tc.path)
				cp, err := p.CapturePath(m)
				if err != nil {
					t.Fatalf("CapturePath(%v): %v", m, err)
				}
				var gotLoops []int
				for _, l := range cp.Loops {
					gotLoops = append(gotLoops, l.Index)
				}
				if !slices.Equal(cp.Points, wantPoints) || !slices.Equal(gotLoops, wantLoops) {
					t.Errorf("CapturePath(%v) = points %v loops at %v, want %v loops at %v",
						m, cp.Points, gotLoops, wantPoints, wantLoops)
				}
				refPoints, refLoops, ok := reference.CapturePath(b, int(m.From()), int(m.To()))
				var refSquares []surakarta.Square
				for _, s := range refPoints {
					refSquares = append(refSquares, surakarta.Square(s))
				}
				if !ok || !slices.Equal(refSquares, wantPoints) || !slices.Equal(refLoops, wantLoops) {
					t.Errorf("reference CapturePath(%v) = %v loops at %v (ok %v), want %v loops at %v",
						m, refSquares, refLoops, ok, wantPoints, wantLoops)
				}
			}
		})
	}
}

// TestCapturePathLoops checks the circuit and loop corners of a few paths.
func TestCapturePathLoops(t *testing.T) {
	cases := []struct {
		position, move string
		circuit        surakarta.Circuit
		corners        []surakarta.Square
	}{
		{"6/6/6/1w4/1b4/6 b", "b2b3", surakarta.InnerCircuit, []surakarta.Square{surakarta.A1}},
		{"6/6/1w4/6/b5/1b4 b", "a2b4", surakarta.InnerCircuit, []surakarta.Square{surakarta.F1, surakarta.F6, surakarta.A6}},
		{"6/6/6/bw4/6/6 b", "a3b3", surakarta.OuterCircuit, []surakarta.Square{surakarta.A1, surakarta.A6, surakarta.F6, surakarta.F1}},
		{"6/4w1/w5/6/1w4/3b2 b", "d1a4", surakarta.OuterCircuit, []surakarta.Square{surakarta.F6}},
		{"6/4w1/4b1/6/6/6 w", "e5e4", surakarta.InnerCircuit, []surakarta.Square{surakarta.F6}},
	}
	for _, tc := range cases {
		p, err := surakarta.ParsePosition(tc.position)
		if err != nil {
			t.Fatal(err)
		}
		m, err := surakarta.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		cp, err := p.CapturePath(m)
		if err != nil {
			t.Errorf("%q: CapturePath(%s): %v", tc.position, tc.move, err)
			continue
		}
		if cp.Circuit != tc.circuit {
			t.Errorf("%q: CapturePath(%s).Circuit = %v, want %v", tc.position, tc.move, cp.Circuit, tc.circuit)
		}
		var corners []surakarta.Square
		for _, l := range cp.Loops {
			corners = append(corners, l.Loop.Corner)
			if l.Loop.Circuit != tc.circuit {
				t.Errorf("%q: %s: loop %v on circuit %v, want %v", tc.position, tc.move, l.Loop, l.Loop.Circuit, tc.circuit)
			}
		}
		if !slices.Equal(corners, tc.corners) {
			t.Errorf("%q: CapturePath(%s) loops go round %v, want %v", tc.position, tc.move, corners, tc.corners)
		}
	}
}
