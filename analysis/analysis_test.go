package analysis_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/level"
)

// newPVS returns the default engine on one thread: deterministic at a
// fixed depth.
func newPVS() *surakarta.PVS {
	s := surakarta.NewPVS(surakarta.NewTuned())
	s.Threads = 1
	return s
}

// readGames returns the records of testdata/games.txt: a game that Black
// won when White lost its last piece (29 plies) and a draw by repetition
// (27 plies), both from the published match of pvs,tuned against
// pvs,endgame.
func readGames(t *testing.T) []*record.Record {
	t.Helper()
	f, err := os.Open("testdata/games.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Game.Ply() != 29 || recs[1].Game.Ply() != 27 {
		t.Fatalf("testdata/games.txt: want two games of 29 and 27 plies")
	}
	return recs
}

// captures returns the captures among p's legal moves.
func captures(p surakarta.Position) []surakarta.Move {
	var out []surakarta.Move
	for _, m := range p.LegalMoves() {
		if m.IsCapture() {
			out = append(out, m)
		}
	}
	return out
}

// after returns p with m played.
func after(p surakarta.Position, m surakarta.Move) surakarta.Position {
	if err := p.Play(m); err != nil {
		panic(err)
	}
	return p
}

// hangs reports whether the quiet move m gives a piece away in p, by the
// rules alone: afterwards the opponent has a capture after which the mover
// has none, so that the piece is lost for nothing.
func hangs(p surakarta.Position, m surakarta.Move) bool {
	if m.IsCapture() {
		return false
	}
	q := after(p, m)
	for _, c := range captures(q) {
		if len(captures(after(q, c))) == 0 {
			return true
		}
	}
	return false
}

// plantedGame plays the engine against itself at depth from the start for
// plies plies, except at one ply, the first from ply from (counting from
// 1) where the engine's move leaves the opponent no capture and a quiet
// move hangs a piece (see hangs): there the mover plays that move. It
// returns the game, the ply, the planted move and the engine's move there.
func plantedGame(t *testing.T, depth, plies, from int) (g *surakarta.Game, planted int, blunder, engineMove surakarta.Move) {
	t.Helper()
	g = surakarta.NewGame(surakarta.NewPosition())
	s := newPVS()
	s.Clear()
	for ply := 1; ply <= plies; ply++ {
		res, err := s.Search(context.Background(), g, surakarta.Limits{Depth: depth})
		if err != nil {
			t.Fatal(err)
		}
		m := res.Move
		if p := g.Position(); ply >= from && planted == 0 && len(captures(after(p, m))) == 0 {
			for _, c := range p.LegalMoves() {
				if hangs(p, c) {
					planted, blunder, engineMove = ply, c, m
					m = c
					break
				}
			}
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if g.Outcome().Over {
			t.Fatalf("the game ended at ply %d", ply)
		}
	}
	if planted == 0 {
		t.Fatalf("no ply from %d to %d where a move hangs a piece and the engine's does not", from, plies)
	}
	return g, planted, blunder, engineMove
}

// TestPlantedBlunder: a move that gives a piece away is a mistake or a
// blunder, with the engine's move as the best, and every other move is
// Best: the game was played by the same engine at the same depth, and
// the analysis, which clears the searcher once and searches the positions
// in order, repeats the engine's searches exactly.
func TestPlantedBlunder(t *testing.T) {
	const depth, plies = 6, 24
	g, planted, blunder, engineMove := plantedGame(t, depth, plies, 10)
	r, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: depth}})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Moves) != plies {
		t.Fatalf("%d annotations for %d plies", len(r.Moves), plies)
	}
	for i, a := range r.Moves {
		if a.Ply != i+1 || a.Move != g.Moves()[i] || a.Mover != surakarta.Color(i%2) {
			t.Errorf("annotation %d: ply %d, move %v, mover %v; want ply %d, %v, %v", i, a.Ply, a.Move, a.Mover, i+1, g.Moves()[i], surakarta.Color(i%2))
		}
		if a.Ply == planted {
			t.Logf("planted %v: %+v", blunder, a)
			if a.Move != blunder || a.Class < analysis.Mistake || a.Best != engineMove || a.Loss < analysis.MistakeLoss {
				t.Errorf("the planted blunder %v: class %v, loss %d, best %v; want a mistake or blunder, best %v", blunder, a.Class, a.Loss, a.Best, engineMove)
			}
			continue
		}
		if a.Class != analysis.Best || a.Loss != 0 {
			t.Errorf("ply %d, %v by %v, the engine's own move: class %v, loss %d, best %v; want best, 0", a.Ply, a.Move, a.Mover, a.Class, a.Loss, a.Best)
		}
	}
	mover := r.Moves[planted-1].Mover
	s := r.Summary(mover)
	if s.Moves != plies/2 || s.Count(analysis.Best) != plies/2-1 || s.Count(analysis.Mistake)+s.Count(analysis.Blunder) != 1 {
		t.Errorf("summary of %v: %+v", mover, s)
	}
	if s.Loss != r.Moves[planted-1].Loss {
		t.Errorf("%v's loss %d, want the planted move's, %d", mover, s.Loss, r.Moves[planted-1].Loss)
	}
	if want := float64(r.Moves[planted-1].Loss) / float64(plies/2); s.AverageLoss != want {
		t.Errorf("%v's average loss %v, want %v", mover, s.AverageLoss, want)
	}
	if o := r.Summary(mover.Other()); o.Moves != plies/2 || o.Count(analysis.Best) != plies/2 || o.AverageLoss != 0 {
		t.Errorf("summary of %v: %+v", mover.Other(), o)
	}
}

// TestDeeperSearchAgrees analyses the testdata games and the game of
// TestPlantedBlunder at depth 6 and 8: a move that is a blunder at depth 6
// is one at depth 8, and at each ply the best move and score are those of
// PVS's own searches of the game's positions, one after the other from a
// cleared table.
func TestDeeperSearchAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("searches to depth 8")
	}
	planted, _, _, _ := plantedGame(t, 6, 24, 10)
	games := []*surakarta.Game{planted}
	for _, rec := range readGames(t) {
		games = append(games, rec.Game)
	}
	blunders := 0
	for _, g := range games {
		shallow, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 6}})
		if err != nil {
			t.Fatal(err)
		}
		deep, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 8}})
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range shallow.Moves {
			if a.Class == analysis.Blunder {
				blunders++
				if d := deep.Moves[i]; d.Class != analysis.Blunder {
					t.Errorf("ply %d, %v: a blunder at depth 6 (%d → %d), a %v at depth 8 (%d → %d)", a.Ply, a.Move, a.Before, a.After, d.Class, d.Before, d.After)
				}
			}
		}
		// PVS's own searches, from the start of the game.
		s := newPVS()
		s.Clear()
		replay, err := surakarta.NewGameWithRules(g.StartPosition(), g.Rules())
		if err != nil {
			t.Fatal(err)
		}
		for i, m := range g.Moves() {
			res, err := s.Search(context.Background(), replay, surakarta.Limits{Depth: 6})
			if err != nil {
				t.Fatal(err)
			}
			a := shallow.Moves[i]
			if a.Best != res.Move || a.Before != res.Score || !slices.Equal(a.Line, res.PV) || a.Depth != res.Depth {
				t.Errorf("ply %d: best %v, score %d, line %v, depth %d; PVS's search: %v, %d, %v", a.Ply, a.Best, a.Before, a.Line, a.Depth, res.Move, res.Score, res.PV)
			}
			if i > 0 {
				// The next position's score, negated, and a win or loss one
				// ply further.
				want := -res.Score
				if n, ok := surakarta.PliesToEnd(want); ok && want > 0 {
					want = surakarta.Win - (n + 1)
				} else if ok {
					want = -(surakarta.Win - (n + 1))
				}
				if got := shallow.Moves[i-1].After; got != want {
					t.Errorf("ply %d: score after %d, want %d", i, got, want)
				}
			}
			if err := replay.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if blunders == 0 {
		t.Error("no blunder at depth 6: the test checks nothing")
	}
}

// TestGameEnd: a move that ends the game by the rules is scored by the end,
// a win in 1 or a draw; the last position is searched only when the rules
// have not ended the game there.
func TestGameEnd(t *testing.T) {
	recs := readGames(t)
	lim := surakarta.Limits{Depth: 2}
	for _, tc := range []struct {
		name     string
		g        *surakarta.Game
		searches int
		last     int // the score after the last move
	}{
		{"no pieces left", recs[0].Game, 29, surakarta.Win - 1},
		{"repetition", recs[1].Game, 27, 0},
	} {
		r, err := analysis.Game(context.Background(), tc.g, newPVS(), analysis.Options{Limits: lim})
		if err != nil {
			t.Fatal(err)
		}
		last := r.Moves[len(r.Moves)-1]
		if r.Searches != tc.searches || last.After != tc.last {
			t.Errorf("%s: %d searches, last move's score after %d; want %d, %d", tc.name, r.Searches, last.After, tc.searches, tc.last)
		}
		if r.Outcome != tc.g.Outcome() {
			t.Errorf("%s: outcome %v, want %v", tc.name, r.Outcome, tc.g.Outcome())
		}
	}

	// Resigned after the 10th ply: the position after it is searched.
	g2, _ := surakarta.NewGameWithRules(recs[1].Game.StartPosition(), recs[1].Game.Rules())
	for _, m := range recs[1].Game.Moves()[:10] {
		if err := g2.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if err := g2.Resign(surakarta.White); err != nil {
		t.Fatal(err)
	}
	r, err := analysis.Game(context.Background(), g2, newPVS(), analysis.Options{Limits: lim})
	if err != nil {
		t.Fatal(err)
	}
	if r.Searches != 11 || len(r.Moves) != 10 || r.Outcome.Reason != surakarta.Resignation {
		t.Errorf("resigned after 10 plies: %d searches, %d moves, outcome %v; want 11, 10, a resignation", r.Searches, len(r.Moves), r.Outcome)
	}
}

// TestProgress: Progress is called once per search, done from 1 to total
// in order, and total is the number of searches.
func TestProgress(t *testing.T) {
	recs := readGames(t)
	for _, g := range []*surakarta.Game{recs[0].Game, gamePrefix(t, recs[1].Game, 9)} {
		var calls [][2]int
		r, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{
			Limits:   surakarta.Limits{Depth: 2},
			Progress: func(done, total int) { calls = append(calls, [2]int{done, total}) },
		})
		if err != nil {
			t.Fatal(err)
		}
		total := g.Ply()
		if !g.Outcome().Over {
			total++
		}
		if len(calls) != total || r.Searches != total {
			t.Fatalf("%d plies: %d calls, %d searches; want %d", g.Ply(), len(calls), r.Searches, total)
		}
		for i, c := range calls {
			if c != [2]int{i + 1, total} {
				t.Errorf("call %d: Progress(%d, %d), want (%d, %d)", i, c[0], c[1], i+1, total)
			}
		}
	}
}

// gamePrefix returns the game of g's first plies moves.
func gamePrefix(t *testing.T, g *surakarta.Game, plies int) *surakarta.Game {
	t.Helper()
	p, err := surakarta.NewGameWithRules(g.StartPosition(), g.Rules())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.Moves()[:plies] {
		if err := p.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// counting is a searcher that counts its calls.
type counting struct {
	surakarta.Searcher
	clears, searches int
}

func (c *counting) Clear() { c.clears++; c.Searcher.Clear() }

func (c *counting) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	c.searches++
	return c.Searcher.Search(ctx, g, lim)
}

// TestClearsOnce: the searcher is cleared once, before the first search.
func TestClearsOnce(t *testing.T) {
	s := &counting{Searcher: newPVS()}
	g := readGames(t)[0].Game
	if _, err := analysis.Game(context.Background(), g, s, analysis.Options{Limits: surakarta.Limits{Depth: 1}}); err != nil {
		t.Fatal(err)
	}
	if s.clears != 1 || s.searches != g.Ply() {
		t.Errorf("%d clears and %d searches; want 1 and %d", s.clears, s.searches, g.Ply())
	}
}

// TestCancel: a context cancelled between searches stops the analysis
// before the next, and one cancelled during a search stops that search;
// either way the report holds the moves whose positions were both
// searched.
func TestCancel(t *testing.T) {
	g := readGames(t)[0].Game
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	r, err := analysis.Game(ctx, g, newPVS(), analysis.Options{
		Limits: surakarta.Limits{Depth: 2},
		Progress: func(done, total int) {
			calls++
			if done == 3 {
				cancel()
			}
		},
	})
	if !errors.Is(err, context.Canceled) || r == nil || len(r.Moves) != 2 || calls != 3 {
		t.Fatalf("cancelled after 3 searches: err %v, report %v, %d progress calls; want context.Canceled, 2 moves, 3 calls", err, r, calls)
	}

	ctx, cancel = context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err = analysis.Game(ctx, g, newPVS(), analysis.Options{Limits: surakarta.Limits{MoveTime: time.Hour}})
	// A search of an hour not cut short would take its hour.
	if elapsed := time.Since(start); elapsed > 30*time.Second { // a hang, not a slow machine
		t.Errorf("the analysis returned %v after its context's end", elapsed-300*time.Millisecond)
	}
	if !errors.Is(err, context.DeadlineExceeded) || r == nil || len(r.Moves) != 0 || r.Searches != 0 {
		t.Errorf("a search of an hour cut short: err %v, report %+v; want the deadline, no moves", err, r)
	}
}

// TestBadArguments: arguments that cannot be used are refused before any
// search; a game without moves gives an empty report.
func TestBadArguments(t *testing.T) {
	g := readGames(t)[0].Game
	ok := analysis.Options{Limits: surakarta.Limits{Depth: 1}}
	for _, tc := range []struct {
		name string
		ctx  context.Context
		g    *surakarta.Game
		s    surakarta.Searcher
		opt  analysis.Options
	}{
		{"nil context", nil, g, newPVS(), ok},
		{"nil game", context.Background(), nil, newPVS(), ok},
		{"nil searcher", context.Background(), g, nil, ok},
		{"negative depth", context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: -1}}},
		{"search moves", context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 1, SearchMoves: g.Moves()[:1]}}},
	} {
		s := &counting{Searcher: newPVS()}
		if tc.s == nil {
			s = nil
		}
		var searcher surakarta.Searcher
		if s != nil {
			searcher = s
		}
		r, err := analysis.Game(tc.ctx, tc.g, searcher, tc.opt)
		if !errors.Is(err, analysis.ErrInvalidAnalysis) || r != nil {
			t.Errorf("%s: report %v, error %v; want nil and ErrInvalidAnalysis", tc.name, r, err)
		}
		if s != nil && (s.clears != 0 || s.searches != 0) {
			t.Errorf("%s: %d clears and %d searches, want none", tc.name, s.clears, s.searches)
		}
	}
	r, err := analysis.Game(context.Background(), surakarta.NewGame(surakarta.NewPosition()), newPVS(), ok)
	if err != nil || len(r.Moves) != 0 || r.Searches != 0 {
		t.Errorf("a game without moves: %+v, %v; want an empty report", r, err)
	}
}

// TestLoss checks Loss, Clamp and Classify on scores worked by hand.
func TestLoss(t *testing.T) {
	win, loss := surakarta.Win-5, -(surakarta.Win - 4)
	for _, tc := range []struct {
		before, after, loss int
		class               analysis.Class
	}{
		{14, 14, 0, analysis.Good},
		{14, 30, 0, analysis.Good},          // better than the engine's best: no loss
		{14, -5, 19, analysis.Good},         // just below InaccuracyLoss
		{14, -6, 20, analysis.Inaccuracy},   // InaccuracyLoss
		{-12, -51, 39, analysis.Inaccuracy}, // just below MistakeLoss
		{-12, -52, 40, analysis.Mistake},    // MistakeLoss
		{0, -59, 59, analysis.Mistake},      // just below BlunderLoss
		{0, -60, 60, analysis.Blunder},      // BlunderLoss
		{-12, -95, 83, analysis.Blunder},    // a piece given away
		{250, 180, 20, analysis.Inaccuracy}, // 250 counts as 200
		{350, 210, 0, analysis.Good},        // both beyond ScoreCap
		{win, 150, 50, analysis.Mistake},    // a win counts as 200
		{win, win - 6, 0, analysis.Good},    // a slower win
		{win, loss, 400, analysis.Blunder},  // a win turned into a loss
		{loss, loss + 2, 0, analysis.Good},  // a loss either way
		{-150, loss, 50, analysis.Mistake},  // a loss counts as −200
		{surakarta.MaxEvaluation, 0, 200, analysis.Blunder},
	} {
		if got := analysis.Loss(tc.before, tc.after); got != tc.loss {
			t.Errorf("Loss(%d, %d) = %d, want %d", tc.before, tc.after, got, tc.loss)
		}
		if got := analysis.Classify(tc.loss); got != tc.class {
			t.Errorf("Classify(%d) = %v, want %v", tc.loss, got, tc.class)
		}
	}
	if got := analysis.Clamp(-surakarta.Win); got != -analysis.ScoreCap {
		t.Errorf("Clamp(-Win) = %d", got)
	}
	for c, want := range []string{"best", "good", "inaccuracy", "mistake", "blunder", "Class(5)"} {
		if got := analysis.Class(c).String(); got != want {
			t.Errorf("Class(%d).String() = %q, want %q", c, got, want)
		}
	}
}

// TestWinScores: a win or loss is counted from the position before the
// move, for the mover: a win of Black's ends on a move of Black's, an odd
// number of plies from a position with Black to move, and a loss on a
// move of White's, an even number.
func TestWinScores(t *testing.T) {
	// Black to move takes b2 round the a1 loop, a2 to b2, then the last
	// white piece.
	p, err := surakarta.ParsePosition("w5/6/6/6/bw4/6 b")
	if err != nil {
		t.Fatal(err)
	}
	g := surakarta.NewGame(p)
	for _, m := range []string{"a2a3", "b2b3"} { // quiet moves instead
		if err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	r, err := analysis.Game(context.Background(), g, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 6}})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range r.Moves {
		t.Logf("ply %d, %v %v: %s; line %v", a.Ply, a.Mover, a.Move, a.Comment(), a.Line)
		for _, score := range []int{a.Before, a.After} {
			n, ok := surakarta.PliesToEnd(score)
			if !ok {
				continue
			}
			if odd := n%2 == 1; odd != surakarta.IsWin(score) {
				t.Errorf("ply %d: %s for %v, counted from a position with %v to move", a.Ply, surakarta.FormatScore(score), a.Mover, a.Mover)
			}
		}
	}
	if a := r.Moves[0]; !surakarta.IsWin(a.Before) || a.Best.String() != "a2b2" {
		t.Errorf("ply 1: score before %s, best %v; want a win with a2b2", surakarta.FormatScore(a.Before), a.Best)
	}
}

// TestReportBytes: the report of the same game at a fixed depth is the
// same twice (PVS on one thread is deterministic), so the annotated record
// is too.
func TestReportBytes(t *testing.T) {
	g := readGames(t)[1]
	text := func() []byte {
		r, err := analysis.Game(context.Background(), g.Game, newPVS(), analysis.Options{Limits: surakarta.Limits{Depth: 4}})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := r.Annotate(g)
		if err != nil {
			t.Fatal(err)
		}
		out, err := rec.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if a, b := text(), text(); !bytes.Equal(a, b) {
		t.Errorf("two analyses differ:\n%s\n%s", a, b)
	}
}

// scripted is a searcher that searches nothing: each result is the
// first legal move of the position, with the line of its first legal
// moves, and the score and depth the fields say. It stands for an engine
// that is fast, so that a game of many plies is analysed at once.
type scripted struct {
	score, depth int
	line         int // the length of the line
	searches     int
	unscoredFrom int // from this search on (counting from 1), depth 0 and score 0; 0: never
}

func (s *scripted) Clear() {}

func (s *scripted) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	if err := ctx.Err(); err != nil {
		return surakarta.Result{}, err
	}
	s.searches++
	moves := g.Position().LegalMoves()
	if len(moves) == 0 {
		return surakarta.Result{}, errors.New("no legal move")
	}
	res := surakarta.Result{Move: moves[0], Score: s.score, Depth: s.depth, PV: moves[:min(s.line, len(moves))]}
	if s.unscoredFrom > 0 && s.searches >= s.unscoredFrom {
		res.Score, res.Depth = 0, 0
	}
	return res, nil
}

// TestNoScore: a searcher whose results have no score (Depth 0), as the
// random mover's, the greedy player's and a GTP program's, is refused at
// its first such search with ErrNoScore, with the moves analysed before
// it, rather than classing every move against a score of 0.
func TestNoScore(t *testing.T) {
	g := readGames(t)[0].Game
	lim := analysis.Options{Limits: surakarta.Limits{Depth: 4}}
	for _, s := range []surakarta.Searcher{level.NewRandom(1), level.NewGreedy(1), &scripted{unscoredFrom: 1}} {
		r, err := analysis.Game(context.Background(), g, s, lim)
		if !errors.Is(err, analysis.ErrNoScore) || r == nil || len(r.Moves) != 0 || r.Searches != 1 {
			t.Errorf("%T: error %v, %s; want ErrNoScore after one search, no moves", s, err, movesOf(r))
		}
	}
	// Scores up to the 6th search, the position after ply 5: the moves of
	// plies 1 to 4 have both their positions scored.
	s := &scripted{score: 10, depth: 3, unscoredFrom: 6}
	r, err := analysis.Game(context.Background(), g, s, lim)
	if !errors.Is(err, analysis.ErrNoScore) || r == nil || len(r.Moves) != 4 || s.searches != 6 {
		t.Errorf("unscored from the 6th search: error %v, %s, %d searches; want ErrNoScore, 4 moves, 6 searches", err, movesOf(r), s.searches)
	}
}

// movesOf describes a report by its moves and searches, for a test's
// message.
func movesOf(r *analysis.Report) string {
	if r == nil {
		return "no report"
	}
	return fmt.Sprintf("a report of %d moves and %d searches", len(r.Moves), r.Searches)
}
