package surakarta_test

// Differential tests: the bitboard move generator of moves.go against the
// deliberately plain generator of internal/reference, on many random and
// crowded positions, on deep perft, and under the fuzzer.

import (
	"cmp"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/reference"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/surakartatest"
)

// ---------------------------------------------------------------------------
// Conversion to the reference.

func toReference(p surakarta.Position) (reference.Board, reference.Color) {
	var b reference.Board
	for s := surakarta.Square(0); s < surakarta.NumSquares; s++ {
		if c, ok := p.PieceAt(s); ok {
			b[s] = refColor(c)
		}
	}
	return b, refColor(p.SideToMove())
}

func refColor(c surakarta.Color) reference.Color {
	if c == surakarta.White {
		return reference.White
	}
	return reference.Black
}

func refMove(m surakarta.Move) reference.Move {
	return reference.Move{From: int(m.From()), To: int(m.To()), Capture: m.IsCapture()}
}

func sortRefMoves(ms []reference.Move) {
	slices.SortFunc(ms, func(a, b reference.Move) int {
		if c := cmp.Compare(a.From, b.From); c != 0 {
			return c
		}
		return cmp.Compare(a.To, b.To)
	})
}

func formatRefMoves(ms []reference.Move) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		sep := "-"
		if m.Capture {
			sep = "x"
		}
		parts[i] = reference.SquareName(m.From) + sep + reference.SquareName(m.To)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func formatMoves(ms []surakarta.Move) string {
	rm := make([]reference.Move, len(ms))
	for i, m := range ms {
		rm[i] = refMove(m)
	}
	return formatRefMoves(rm)
}

// diagram draws a reference board, rank 6 on top.
func diagram(b reference.Board) string {
	var sb strings.Builder
	for rank := 5; rank >= 0; rank-- {
		fmt.Fprintf(&sb, "\n  %d ", rank+1)
		for file := 0; file < 6; file++ {
			sb.WriteByte(".bw"[b[rank*6+file]])
			sb.WriteByte(' ')
		}
	}
	sb.WriteString("\n    a b c d e f")
	return sb.String()
}

// ---------------------------------------------------------------------------
// Capture paths.

// pathView is a capture path in plain ints, so that the checker below can
// be run on the library's paths and, as a self-test, on the reference's.
type pathView struct {
	circuit     int   // 0 inner, 1 outer
	points      []int // origin first, target last
	loopIndex   []int // loop between points[i-1] and points[i]
	loopCircuit []int // circuit of each loop
	loopCorner  []int // corner square of each loop
}

// loopInfo describes the loop between two points (in either order).
type loopInfo struct {
	ok      bool
	circuit int
	corner  int
}

var (
	loopTable [surakarta.NumSquares][surakarta.NumSquares]loopInfo
	// lineTable[c][a][b]: a and b are neighbours on a straight line of circuit c.
	lineTable [2][surakarta.NumSquares][surakarta.NumSquares]bool
)

func init() {
	corners := [4]int{5, 35, 30, 0} // loops after ring positions 5, 11, 17, 23: f1, f6, a6, a1
	for ci, c := range reference.Circuits {
		for pos := range c {
			a, b := c[pos], c[(pos+1)%len(c)]
			if pos%6 == 5 {
				loopTable[a][b] = loopInfo{true, ci, corners[pos/6]}
				loopTable[b][a] = loopTable[a][b]
			} else {
				lineTable[ci][a][b] = true
				lineTable[ci][b][a] = true
			}
		}
	}
}

// checkPathView checks a capture path from `from` to `to` on board b, whose
// shortest length (in steps) is wantSteps.
func checkPathView(b reference.Board, from, to int, v pathView, wantSteps int) error {
	pts := v.points
	if len(pts) < 2 {
		return fmt.Errorf("path has %d points", len(pts))
	}
	if pts[0] != from || pts[len(pts)-1] != to {
		return fmt.Errorf("path runs %s…%s, want %s…%s", reference.SquareName(pts[0]),
			reference.SquareName(pts[len(pts)-1]), reference.SquareName(from), reference.SquareName(to))
	}
	if v.circuit != 0 && v.circuit != 1 {
		return fmt.Errorf("circuit %d is neither inner nor outer", v.circuit)
	}
	if len(v.loopIndex) < 1 {
		return errors.New("no loop crossed")
	}
	if len(v.loopCircuit) != len(v.loopIndex) || len(v.loopCorner) != len(v.loopIndex) {
		return errors.New("loop lists of unequal length")
	}
	loopAt := map[int]int{} // point index -> position in the loop list
	for k, i := range v.loopIndex {
		if i < 1 || i >= len(pts) {
			return fmt.Errorf("loop index %d outside 1..%d", i, len(pts)-1)
		}
		if k > 0 && i <= v.loopIndex[k-1] {
			return fmt.Errorf("loop indices %v not strictly increasing", v.loopIndex)
		}
		loopAt[i] = k
	}
	for i := 1; i < len(pts); i++ {
		a, c := pts[i-1], pts[i]
		line, loop := reference.IsLineStep(a, c), reference.IsLoopPair(a, c)
		k, isLoop := loopAt[i]
		switch {
		case isLoop && !loop:
			return fmt.Errorf("loop recorded at index %d, but %s-%s is not a loop pair", i,
				reference.SquareName(a), reference.SquareName(c))
		case !isLoop && !line:
			return fmt.Errorf("step %d %s-%s is not a line step (loop pair: %v, but no loop recorded)", i,
				reference.SquareName(a), reference.SquareName(c), loop)
		case isLoop:
			info := loopTable[a][c]
			if info.circuit != v.circuit || v.loopCircuit[k] != v.circuit {
				return fmt.Errorf("loop at index %d (%s-%s) is on circuit %d, recorded %d, path on %d", i,
					reference.SquareName(a), reference.SquareName(c), info.circuit, v.loopCircuit[k], v.circuit)
			}
			if v.loopCorner[k] != info.corner {
				return fmt.Errorf("loop at index %d (%s-%s) goes round %s, recorded %s", i,
					reference.SquareName(a), reference.SquareName(c),
					reference.SquareName(info.corner), reference.SquareName(v.loopCorner[k]))
			}
		default:
			if !lineTable[v.circuit][a][c] {
				return fmt.Errorf("step %d %s-%s is not on the path's circuit %d", i,
					reference.SquareName(a), reference.SquareName(c), v.circuit)
			}
		}
		if i >= 2 && pts[i-2] == c {
			// A walk never turns back on itself.
			return fmt.Errorf("path turns back at index %d", i)
		}
	}
	for i := 1; i < len(pts)-1; i++ {
		if s := pts[i]; s != from && b[s] != reference.Empty {
			return fmt.Errorf("path passes occupied %s at index %d", reference.SquareName(s), i)
		}
	}
	if b[to] != b[from].Other() || b[from] == reference.Empty {
		return fmt.Errorf("target %s does not hold an enemy", reference.SquareName(to))
	}
	if got := len(pts) - 1; got != wantSteps {
		return fmt.Errorf("path has %d steps, shortest is %d", got, wantSteps)
	}
	return nil
}

func formatPath(v pathView) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "circuit %d: ", v.circuit)
	next := 0
	for i, s := range v.points {
		if next < len(v.loopIndex) && v.loopIndex[next] == i {
			sb.WriteString("⟳ ")
			next++
		}
		sb.WriteString(reference.SquareName(s) + " ")
	}
	return strings.TrimSpace(sb.String())
}

// checkCapturePaths checks the library's capture path of every capture move
// of p against the rules and the reference's shortest length.
func checkCapturePaths(t *testing.T, p surakarta.Position, b reference.Board, moves []surakarta.Move) bool {
	t.Helper()
	for _, m := range moves {
		if !m.IsCapture() {
			continue
		}
		from, to := int(m.From()), int(m.To())
		refPts, refLoops, ok := reference.CapturePath(b, from, to)
		if !ok {
			t.Errorf("position %q: reference has no capture path for %v%s", p, m, diagram(b))
			return false
		}
		v, err := libraryPath(p, m)
		if err != nil {
			t.Errorf("position %q: CapturePath(%v) error: %v%s", p, m, err, diagram(b))
			return false
		}
		if err := checkPathView(b, from, to, v, len(refPts)-1); err != nil {
			t.Errorf("position %q: CapturePath(%v) = %s: %v\nreference shortest: %v%s",
				p, m, formatPath(v), err, refNames(refPts), diagram(b))
			return false
		}
		// Both document the same choice among shortest paths (inner circuit
		// first, then the origin's first place, then forward), so the paths
		// are the same.
		if !slices.Equal(v.points, refPts) || !slices.Equal(v.loopIndex, refLoops) {
			t.Errorf("position %q: CapturePath(%v) = %s, reference %s%s",
				p, m, formatPath(v), formatPath(refPathView(refPts, refLoops)), diagram(b))
			return false
		}
	}
	return true
}

func refNames(ss []int) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = reference.SquareName(s)
	}
	return out
}

// refPathView turns a reference path into a pathView (the reference does not
// name the circuit or corners, so they are derived from the steps).
func refPathView(points, loopsAfter []int) pathView {
	v := pathView{points: points, loopIndex: loopsAfter}
	for _, i := range loopsAfter {
		info := loopTable[points[i-1]][points[i]]
		v.circuit = info.circuit
		v.loopCircuit = append(v.loopCircuit, info.circuit)
		v.loopCorner = append(v.loopCorner, info.corner)
	}
	return v
}

// TestPathCheckerSelfTest runs the path checker on the reference's own paths
// and on broken copies of them, so that a checker that accepts everything
// cannot pass unnoticed.
func TestPathCheckerSelfTest(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	checked := 0
	for n := 0; n < 2000; n++ {
		p := crowdedPosition(r)
		b, side := toReference(p)
		for _, m := range reference.LegalMoves(b, side) {
			if !m.Capture {
				continue
			}
			pts, loops, ok := reference.CapturePath(b, m.From, m.To)
			if !ok {
				t.Fatalf("reference: capture %v has no path", m)
			}
			v := refPathView(pts, loops)
			if err := checkPathView(b, m.From, m.To, v, len(pts)-1); err != nil {
				t.Fatalf("reference path %s rejected: %v%s", formatPath(v), err, diagram(b))
			}
			checked++
			// Broken copies must be rejected.
			broken := []pathView{
				{circuit: v.circuit, points: pts[:len(pts)-1], loopIndex: v.loopIndex, loopCircuit: v.loopCircuit, loopCorner: v.loopCorner},
				{circuit: v.circuit, points: pts, loopIndex: nil},
				{circuit: 1 - v.circuit, points: pts, loopIndex: v.loopIndex, loopCircuit: v.loopCircuit, loopCorner: v.loopCorner},
				{circuit: v.circuit, points: pts, loopIndex: v.loopIndex, loopCircuit: v.loopCircuit, loopCorner: rotateCorners(v.loopCorner)},
				{circuit: v.circuit, points: append(slices.Clone(pts[:len(pts)-1]), pts[len(pts)-2], pts[len(pts)-1]), loopIndex: v.loopIndex, loopCircuit: v.loopCircuit, loopCorner: v.loopCorner},
			}
			for i, bv := range broken {
				if len(bv.points) >= 2 && checkPathView(b, m.From, m.To, bv, len(pts)-1) == nil {
					t.Fatalf("broken path %d %s accepted%s", i, formatPath(bv), diagram(b))
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d capture paths checked", checked)
	}
}

func rotateCorners(cs []int) []int {
	next := map[int]int{0: 5, 5: 35, 35: 30, 30: 0}
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = next[c]
	}
	return out
}

// libraryPath returns the library's capture path of m in p as a pathView.
func libraryPath(p surakarta.Position, m surakarta.Move) (pathView, error) {
	cp, err := p.CapturePath(m)
	if err != nil {
		return pathView{}, err
	}
	v := pathView{circuit: -1}
	switch cp.Circuit {
	case surakarta.InnerCircuit:
		v.circuit = 0
	case surakarta.OuterCircuit:
		v.circuit = 1
	}
	for _, s := range cp.Points {
		v.points = append(v.points, int(s))
	}
	for _, l := range cp.Loops {
		v.loopIndex = append(v.loopIndex, l.Index)
		lc := -1
		switch l.Loop.Circuit {
		case surakarta.InnerCircuit:
			lc = 0
		case surakarta.OuterCircuit:
			lc = 1
		}
		v.loopCircuit = append(v.loopCircuit, lc)
		v.loopCorner = append(v.loopCorner, int(l.Loop.Corner))
	}
	return v, nil
}

// TestDifferentialCapturePaths checks the capture path of every capture in
// 20,000 crowded positions (2,000 with -short).
func TestDifferentialCapturePaths(t *testing.T) {
	n := 20_000
	if testing.Short() {
		n = 2_000
	}
	r := rand.New(rand.NewPCG(11, 11))
	checked := 0
	for i := 0; i < n; i++ {
		p := crowdedPosition(r)
		b, _ := toReference(p)
		ms := p.LegalMoves()
		if !checkCapturePaths(t, p, b, ms) {
			t.FailNow()
		}
		checked += countCaptures(ms)
	}
	t.Logf("%d capture paths checked", checked)
}

// ---------------------------------------------------------------------------
// The per-position check.

// checkPosition compares the library with the reference on p. When r is not
// nil it also tries random non-legal (from, to) pairs. It reports the first
// disagreement and returns false.
func checkPosition(t *testing.T, p surakarta.Position, r *rand.Rand, paths bool) bool {
	t.Helper()
	b, side := toReference(p)
	want := reference.LegalMoves(b, side)
	moves := p.LegalMoves()

	got := make([]reference.Move, len(moves))
	for i, m := range moves {
		got[i] = refMove(m)
	}
	sortRefMoves(got)
	for i := 1; i < len(got); i++ {
		if got[i].From == got[i-1].From && got[i].To == got[i-1].To {
			t.Errorf("position %q: LegalMoves has %s-%s twice: %s%s", p,
				reference.SquareName(got[i].From), reference.SquareName(got[i].To), formatMoves(moves), diagram(b))
			return false
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("position %q: fast and reference move lists differ%s\nfast:      %s\nreference: %s\nonly fast: %s\nonly ref:  %s",
			p, diagram(b), formatRefMoves(got), formatRefMoves(want),
			formatRefMoves(minus(got, want)), formatRefMoves(minus(want, got)))
		return false
	}
	// Captures come first.
	for i := 1; i < len(moves); i++ {
		if moves[i].IsCapture() && !moves[i-1].IsCapture() {
			t.Errorf("position %q: capture %v after step %v in %s", p, moves[i], moves[i-1], formatMoves(moves))
			return false
		}
	}
	if n := p.CountMoves(); n != len(moves) {
		t.Errorf("position %q: CountMoves = %d, len(LegalMoves) = %d", p, n, len(moves))
		return false
	}
	prefix := []surakarta.Move{surakarta.NewMove(surakarta.A1, surakarta.B1), surakarta.NewMove(surakarta.C3, surakarta.D4)}
	roomy := append(make([]surakarta.Move, 0, len(prefix)+surakarta.MaxMoves), prefix...) // written in place
	for _, dst := range [][]surakarta.Move{slices.Clone(prefix), roomy} {
		appended := p.AppendLegalMoves(dst)
		if !slices.Equal(appended[:2], prefix) || !slices.Equal(appended[2:], moves) {
			t.Errorf("position %q: AppendLegalMoves(prefix, cap %d) = %s, want prefix then %s", p, cap(dst), formatMoves(appended), formatMoves(moves))
			return false
		}
	}
	if seq := slices.Collect(p.LegalMovesSeq()); !slices.Equal(seq, moves) {
		t.Errorf("position %q: Moves() = %s, LegalMoves() = %s", p, formatMoves(seq), formatMoves(moves))
		return false
	}

	legalSet := map[[2]surakarta.Square]bool{}
	for _, m := range moves {
		legalSet[[2]surakarta.Square{m.From(), m.To()}] = true
		if lm, err := p.Legal(surakarta.NewMove(m.From(), m.To())); err != nil || lm != m {
			t.Errorf("position %q: Legal(%v) = %v (capture %v), %v; want %v (capture %v)", p, m, lm, lm.IsCapture(), err, m, m.IsCapture())
			return false
		}
		// Play the move both ways and compare with the reference.
		child := p
		child.PlayUnchecked(m)
		wantBoard := reference.Play(b, refMove(m))
		gotBoard, gotSide := toReference(child)
		if gotBoard != wantBoard || gotSide != side.Other() {
			t.Errorf("position %q: after %v got %q%s\nwant%s", p, m, child, diagram(gotBoard), diagram(wantBoard))
			return false
		}
		// Every field the library keeps up to date incrementally (the hash,
		// the circuit occupancy) must equal what parsing the resulting text
		// computes from scratch.
		if reparsed, err := surakarta.ParsePosition(child.String()); err != nil || reparsed != child {
			t.Errorf("position %q: after %v the position differs from its own text parsed again:\nplayed   %#v\nreparsed %#v",
				p, m, child, reparsed)
			return false
		}
		wantQuiet := min(p.QuietPlies()+1, surakarta.MaxCounter)
		if m.IsCapture() {
			wantQuiet = 0
		}
		if child.QuietPlies() != wantQuiet {
			t.Errorf("position %q: after %v quiet plies = %d, want %d", p, m, child.QuietPlies(), wantQuiet)
			return false
		}
		played := p
		if err := played.Play(surakarta.NewMove(m.From(), m.To())); err != nil || played != child {
			t.Errorf("position %q: Play(%v) = %q, %v; PlayUnchecked gives %q", p, m, played, err, child)
			return false
		}
	}

	// Non-legal pairs: every own piece to every enemy piece (the capture
	// candidates), plus random pairs.
	checkIllegal := func(from, to surakarta.Square) bool {
		if legalSet[[2]surakarta.Square{from, to}] {
			return true
		}
		lm, err := p.Legal(surakarta.NewMove(from, to))
		if err == nil || !errors.Is(err, surakarta.ErrIllegalMove) || lm != surakarta.NoMove {
			t.Errorf("position %q: Legal(%v%v) = %v, %v; want NoMove and an error wrapping ErrIllegalMove%s",
				p, from, to, lm, err, diagram(b))
			return false
		}
		before := p
		if err := before.Play(surakarta.NewMove(from, to)); err == nil || before != p {
			t.Errorf("position %q: Play(%v%v) = %v and changed the position to %q", p, from, to, err, before)
			return false
		}
		return true
	}
	for own := p.Pieces(p.SideToMove()); own != 0; own &= own - 1 {
		from := surakarta.Square(bits.TrailingZeros64(uint64(own)))
		for enemy := p.Pieces(p.SideToMove().Other()); enemy != 0; enemy &= enemy - 1 {
			if !checkIllegal(from, surakarta.Square(bits.TrailingZeros64(uint64(enemy)))) {
				return false
			}
		}
	}
	if r != nil {
		for i := 0; i < 8; i++ {
			if !checkIllegal(surakarta.Square(r.IntN(surakarta.NumSquares)), surakarta.Square(r.IntN(surakarta.NumSquares))) {
				return false
			}
		}
	}

	if paths {
		// CapturePath refuses steps and non-legal pairs.
		for _, m := range moves {
			if m.IsCapture() {
				continue
			}
			if _, err := p.CapturePath(m); !errors.Is(err, surakarta.ErrIllegalMove) {
				t.Errorf("position %q: CapturePath(step %v) error = %v, want one wrapping ErrIllegalMove", p, m, err)
				return false
			}
			break // one step per position is enough
		}
		for own := p.Pieces(p.SideToMove()); own != 0; own &= own - 1 {
			from := surakarta.Square(bits.TrailingZeros64(uint64(own)))
			for enemy := p.Pieces(p.SideToMove().Other()); enemy != 0; enemy &= enemy - 1 {
				to := surakarta.Square(bits.TrailingZeros64(uint64(enemy)))
				if legalSet[[2]surakarta.Square{from, to}] {
					continue
				}
				if _, err := p.CapturePath(surakarta.NewMove(from, to)); !errors.Is(err, surakarta.ErrIllegalMove) {
					t.Errorf("position %q: CapturePath(%v%v), not a legal capture: error = %v, want one wrapping ErrIllegalMove%s",
						p, from, to, err, diagram(b))
					return false
				}
			}
		}
		return checkCapturePaths(t, p, b, moves)
	}
	return true
}

// minus returns the moves of a that are not in b.
func minus(a, b []reference.Move) []reference.Move {
	var out []reference.Move
	for _, m := range a {
		if !slices.Contains(b, m) {
			out = append(out, m)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Tests.

// TestDifferentialLegalMoves compares the two generators on 60,000 uniform and
// 40,000 crowded positions with SURAKARTA_FULL=1, as CI runs it, and
// 10,000 in all by default and with -short, capture paths included: the
// fuzz targets and the full run cover the rest.
func TestDifferentialLegalMoves(t *testing.T) {
	testsize.Sequential(t)
	uniform := testsize.Sized(60_000, 6_000, 6_000)
	crowded := testsize.Sized(40_000, 4_000, 4_000)
	checkPaths := true
	failures := 0
	var positions, moves, captures int
	run := func(name string, n int, seed uint64, gen func(*rand.Rand) surakarta.Position) {
		r := rand.New(rand.NewPCG(seed, 0x5375726b))
		for i := 0; i < n; i++ {
			p := gen(r)
			if !checkPosition(t, p, r, checkPaths) {
				failures++
				if failures >= 5 {
					t.Fatalf("%s: stopping after %d failing positions", name, failures)
				}
			}
			positions++
			ms := p.LegalMoves()
			moves += len(ms)
			for _, m := range ms {
				if m.IsCapture() {
					captures++
				}
			}
		}
	}
	run("uniform", uniform, 1, surakartatest.RandomPosition)
	run("crowded", crowded, 2, crowdedPosition)
	t.Logf("%d positions, %d moves, %d captures (paths checked: %v)", positions, moves, captures, checkPaths)
	if captures < positions/2 {
		t.Errorf("only %d captures in %d positions: the generators are not exercising captures", captures, positions)
	}
}

// TestDifferentialAfterRandomPlay compares the generators along random games
// from the start, where the positions are the ones real play reaches: 300
// games with SURAKARTA_FULL=1, 75 by default, 30 with -short.
func TestDifferentialAfterRandomPlay(t *testing.T) {
	testsize.Sequential(t)
	games := testsize.Sized(300, 75, 30)
	r := rand.New(rand.NewPCG(3, 3))
	checkPaths := true
	for g := 0; g < games; g++ {
		p := surakarta.NewPosition()
		for ply := 0; ply < 200; ply++ {
			if !checkPosition(t, p, r, checkPaths) {
				t.Fatalf("game %d ply %d", g, ply)
			}
			ms := p.LegalMoves()
			if len(ms) == 0 || p.Count(surakarta.Black) == 0 || p.Count(surakarta.White) == 0 {
				break
			}
			m := ms[r.IntN(len(ms))]
			if caps := countCaptures(ms); caps > 0 && r.IntN(2) == 0 {
				m = ms[r.IntN(caps)] // captures come first: prefer them half the time
			}
			p.PlayUnchecked(m)
		}
	}
}

func countCaptures(ms []surakarta.Move) int {
	n := 0
	for _, m := range ms {
		if m.IsCapture() {
			n++
		}
	}
	return n
}

// TestPerftDeep checks perft 6 from the start against the plain C
// implementation of testdata/cperft, and perft 3 of mid-game positions
// against the reference.
func TestPerftDeep(t *testing.T) {
	t.Run("start/6", func(t *testing.T) {
		if testing.Short() {
			t.Skip("perft 6 skipped in short mode")
		}
		const want = 58_479_230 // testdata/cperft: ./run.sh 6
		if got := surakarta.NewPosition().Perft(6); got != want {
			t.Errorf("Perft(6) from the start = %d, want %d", got, want)
		}
	})
	t.Run("midgame/3", func(t *testing.T) {
		r := rand.New(rand.NewPCG(2024, 6))
		found := 0
		for attempt := 0; found < 3 && attempt < 100; attempt++ {
			p := surakarta.NewPosition()
			plies := 12 + r.IntN(20)
			ok := true
			for i := 0; i < plies; i++ {
				ms := p.LegalMoves()
				if len(ms) == 0 {
					ok = false
					break
				}
				m := ms[r.IntN(len(ms))]
				if caps := countCaptures(ms); caps > 0 && r.IntN(3) == 0 {
					m = ms[r.IntN(caps)] // captures come first: take one a third of the time
				}
				p.PlayUnchecked(m)
			}
			if !ok || p.Count(surakarta.Black) == 0 || p.Count(surakarta.White) == 0 || p.Count(surakarta.Black)+p.Count(surakarta.White) > 21 {
				continue
			}
			found++
			b, side := toReference(p)
			for depth := 1; depth <= 3; depth++ {
				got, want := p.Perft(depth), reference.Perft(b, side, depth)
				if got != want {
					t.Errorf("position %q: Perft(%d) = %d, reference %d%s", p, depth, got, want, diagram(b))
				}
			}
			t.Logf("position %q: perft 3 = %d", p, p.Perft(3))
		}
		if found < 3 {
			t.Fatalf("found only %d mid-game positions", found)
		}
	})
}

// ---------------------------------------------------------------------------
// Fuzzing.

// fuzzPosition builds a position from fuzz input: byte i (i < 36) mod 3 puts
// nothing, a black or a white piece on square i, ignoring pieces beyond 12 of
// a colour; byte 36, when present, chooses the side to move (its low bit),
// otherwise len(data) mod 2 does.
func fuzzPosition(data []byte) surakarta.Position {
	var occ [2]uint64
	var count [2]int
	for i := 0; i < surakarta.NumSquares && i < len(data); i++ {
		switch data[i] % 3 {
		case 1:
			if count[surakarta.Black] < surakarta.MaxPieces {
				occ[surakarta.Black] |= 1 << i
				count[surakarta.Black]++
			}
		case 2:
			if count[surakarta.White] < surakarta.MaxPieces {
				occ[surakarta.White] |= 1 << i
				count[surakarta.White]++
			}
		}
	}
	side := surakarta.Color(len(data) % 2)
	if len(data) > surakarta.NumSquares {
		side = surakarta.Color(data[surakarta.NumSquares] & 1)
	}
	return newTestPosition(occ[surakarta.Black], occ[surakarta.White], side)
}

// fuzzBytes is the inverse of fuzzPosition, for the seed corpus.
func fuzzBytes(p surakarta.Position) []byte {
	data := make([]byte, surakarta.NumSquares+1)
	for s := surakarta.Square(0); s < surakarta.NumSquares; s++ {
		if c, ok := p.PieceAt(s); ok {
			data[s] = byte(c) + 1
		}
	}
	data[surakarta.NumSquares] = byte(p.SideToMove())
	return data
}

// fuzzSeeds are interesting placements for the fuzz corpus.
var fuzzSeeds = []string{
	surakarta.StartText,
	"wwwwww/wwwwww/6/6/bbbbbb/bbbbbb w",
	"6/6/6/1w4/1b4/6 b",           // b2 captures b3 over its own origin
	"6/6/1w4/6/b5/1b4 b",          // a2 captures b4 after three loops
	"6/6/w5/2b3/6/3w2 b",          // c3 captures along both its lines
	"w4w/6/4b1/6/6/w4w b",         // lone piece, full laps
	"6/6/6/bw4/6/6 b",             // enemy next door, the long way round
	"6/4w1/w5/6/1w4/3b2 b",        // outer circuit through the big loops
	"6/1w2w1/2bb2/2ww2/1b2b1/6 b", // the eight intersections
	"6/1w2w1/2bb2/2ww2/1b2b1/6 w",
	"bwbwbw/wbwbwb/6/6/bwbwbw/wbwbwb b",      // 12 v 12, mixed
	"2bw2/bwbwbw/1b2w1/w1bw1b/bwbwbw/2wb2 w", // 11 v 11 spread over the board
	"b4b/6/3w2/2w3/w4w/bw2wb b",              // corners
	"6/6/6/6/6/b5 w",                         // lone corner piece, side without pieces
	"1w4/6/6/6/6/4b1 b",                      // two lone pieces on the inner circuit
}

func FuzzLegalMoves(f *testing.F) {
	for _, text := range fuzzSeeds {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			f.Fatalf("seed %q: %v", text, err)
		}
		f.Add(fuzzBytes(p))
	}
	f.Add([]byte{})
	f.Add([]byte{1, 2})
	checkPaths := true
	f.Fuzz(func(t *testing.T, data []byte) {
		p := fuzzPosition(data)
		checkPosition(t, p, nil, checkPaths)
	})
}
