package surakarta_test

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/reference"
)

// mustParse parses a position text or fails the test.
func mustParse(tb testing.TB, text string) surakarta.Position {
	tb.Helper()
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		tb.Fatalf("ParsePosition(%q): %v", text, err)
	}
	return p
}

// middleGames returns the fixed middle-game positions of
// testdata/middlegame.txt.
func middleGames(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("testdata/middlegame.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var texts []string
	for s := bufio.NewScanner(f); s.Scan(); {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			texts = append(texts, line)
		}
	}
	return texts
}

func middleGamePositions(tb testing.TB) []surakarta.Position {
	var ps []surakarta.Position
	for _, text := range middleGames(tb) {
		ps = append(ps, mustParse(tb, text))
	}
	return ps
}

// newTestPosition builds a position from two bitboards and a side to move.
// It goes through ParsePosition so that every derived field of Position
// (the hash, and whatever else the library keeps up to date) is set the way
// the library sets it. An empty board, which ParsePosition rejects, is the
// zero Position with the side and hash set.
func newTestPosition(black, white uint64, side surakarta.Color) surakarta.Position {
	if black|white == 0 {
		var p surakarta.Position
		if err := p.SetSideToMove(side); err != nil {
			panic(err)
		}
		return p
	}
	var sb strings.Builder
	for rank := 5; rank >= 0; rank-- {
		for file := 0; file < 6; file++ {
			s := rank*6 + file
			switch {
			case black>>s&1 != 0:
				sb.WriteByte('b')
			case white>>s&1 != 0:
				sb.WriteByte('w')
			default:
				sb.WriteByte('1')
			}
		}
		if rank > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + "bw"[side:side+1])
	p, err := surakarta.ParsePosition(sb.String())
	if err != nil {
		panic(fmt.Sprintf("newTestPosition(%#x, %#x, %v): %v", black, white, side, err))
	}
	if uint64(p.Pieces(surakarta.Black)) != black || uint64(p.Pieces(surakarta.White)) != white || p.SideToMove() != side {
		panic(fmt.Sprintf("newTestPosition(%#x, %#x, %v): parsed %q", black, white, side, p))
	}
	return p
}

// Point classes for the crowded generator.
var (
	// selfIntersections are the eight points that appear twice in their own
	// circuit.
	selfIntersections = []int{7, 10, 25, 28, 14, 15, 20, 21} // b2 e2 b5 e5 c3 d3 c4 d4
	// circuitPoints are the 32 points on some circuit (all but the corners).
	circuitPoints = func() []int {
		var out []int
		for s := 0; s < surakarta.NumSquares; s++ {
			if s != 0 && s != 5 && s != 30 && s != 35 {
				out = append(out, s)
			}
		}
		return out
	}()
	// circuitOnly lists, for each circuit, its 20 distinct points.
	circuitOnly = func() [2][]int {
		var out [2][]int
		for ci, c := range reference.Circuits {
			seen := map[int]bool{}
			for _, s := range c {
				if !seen[s] {
					seen[s] = true
					out[ci] = append(out[ci], s)
				}
			}
		}
		return out
	}()
)

// crowdedPosition builds positions that stress the capture rules: pieces
// preferentially on the circuits and their intersections, full or nearly
// full boards, and sparse boards with all pieces on one circuit (long walks,
// several loops, walks over their own origin, full laps).
func crowdedPosition(r *rand.Rand) surakarta.Position {
	var nb, nw int
	var pick func() int
	switch mode := r.IntN(10); {
	case mode < 3: // full or nearly full: 10–12 a side (12 v 12 a third of the time)
		if r.IntN(3) == 0 {
			nb, nw = 12, 12
		} else {
			nb, nw = 10+r.IntN(3), 10+r.IntN(3)
		}
		pick = func() int { return r.IntN(surakarta.NumSquares) }
	case mode < 5: // sparse, all pieces on the points of one circuit
		nb, nw = 1+r.IntN(4), 1+r.IntN(4)
		points := circuitOnly[r.IntN(2)]
		pick = func() int { return points[r.IntN(len(points))] }
	default: // 1–12 a side, 80% on circuit points, half of those on the 8 intersections
		nb, nw = 1+r.IntN(surakarta.MaxPieces), 1+r.IntN(surakarta.MaxPieces)
		pick = func() int {
			switch x := r.IntN(10); {
			case x < 4:
				return selfIntersections[r.IntN(len(selfIntersections))]
			case x < 8:
				return circuitPoints[r.IntN(len(circuitPoints))]
			}
			return r.IntN(surakarta.NumSquares)
		}
	}
	var occ [2]uint64
	place := func(c surakarta.Color) {
		for tries := 0; tries < 20; tries++ {
			s := pick()
			if (occ[0]|occ[1])>>s&1 == 0 {
				occ[c] |= 1 << s
				return
			}
		}
		for { // fall back to any free square
			s := r.IntN(surakarta.NumSquares)
			if (occ[0]|occ[1])>>s&1 == 0 {
				occ[c] |= 1 << s
				return
			}
		}
	}
	for i := 0; i < max(nb, nw); i++ { // interleave so neither colour owns the best points
		if i < nb {
			place(surakarta.Black)
		}
		if i < nw {
			place(surakarta.White)
		}
	}
	return newTestPosition(occ[surakarta.Black], occ[surakarta.White], surakarta.Color(r.IntN(2)))
}
