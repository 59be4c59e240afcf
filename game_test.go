package surakarta_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/testkit"
	"github.com/surakarta-go/surakarta/record"

	"github.com/google/go-cmp/cmp"
	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/testsize"
)

func playAll(t *testing.T, g *surakarta.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("PlayText(%q): %v", m, err)
		}
	}
}

func TestOutcome(t *testing.T) {
	for _, tc := range []struct {
		name, position string
		rules          surakarta.Rules
		moves          []string
		want           surakarta.Outcome
	}{
		{
			name: "start", position: surakarta.StartText, rules: surakarta.OlympiadRules(),
			want: surakarta.Outcome{Reason: surakarta.NotOver},
		},
		{
			// White to move has no pieces: Black has won.
			name: "no pieces", position: "6/6/6/6/6/b5 w", rules: surakarta.OlympiadRules(),
			want: surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.NoPieces},
		},
		{
			// Black to move, White has no pieces (set up so): Black has won.
			name: "opponent has no pieces", position: "6/6/6/6/6/b5 b", rules: surakarta.OlympiadRules(),
			want: surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.NoPieces},
		},
		{
			// 2  w w . . . .   Black's a1 is a corner (no captures) and all
			// 1  b w . . . .   its neighbours are taken: no move. 1 v 3.
			name: "no moves", position: "6/6/6/6/ww4/bw4 b", rules: surakarta.OlympiadRules(),
			want: surakarta.Outcome{Over: true, Winner: surakarta.White, Reason: surakarta.Blocked},
		},
		{
			name: "quiet limit reached by the counter", position: "6/6/6/6/6/bbw3 w 50 30", rules: surakarta.OlympiadRules(),
			want: surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.QuietPlyRule},
		},
		{
			name: "quiet limit reached by a move", position: "5w/6/6/6/6/b5 b 49 30", rules: surakarta.OlympiadRules(),
			moves: []string{"a1b1"},
			want:  surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.QuietPlyRule},
		},
		{
			name: "quiet limit off", position: "6/6/6/6/6/bbw3 w 50 30", rules: surakarta.Rules{},
			want: surakarta.Outcome{Reason: surakarta.NotOver},
		},
		{
			// Both sides step out and back: the start recurs, 12 v 12.
			name: "any repetition", position: surakarta.StartText, rules: surakarta.OlympiadRules(),
			moves: []string{"a2a3", "a5a4", "a3a2", "a4a5"},
			want:  surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.Repetition},
		},
		{
			name: "threefold not yet", position: surakarta.StartText, rules: surakarta.Rules{RepetitionLimit: 3},
			moves: []string{"a2a3", "a5a4", "a3a2", "a4a5"},
			want:  surakarta.Outcome{Reason: surakarta.NotOver},
		},
		{
			name: "threefold", position: surakarta.StartText, rules: surakarta.Rules{RepetitionLimit: 3},
			moves: []string{"a2a3", "a5a4", "a3a2", "a4a5", "a2a3", "a5a4", "a3a2", "a4a5"},
			want:  surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.Repetition},
		},
		{
			// 6  . . . . . w   Black, ahead 2 v 1, repeats: Black wins by
			// 1  b b . . . .   the repetition rule.
			name: "repetition won on pieces", position: "5w/6/6/6/6/bb4 b", rules: surakarta.OlympiadRules(),
			moves: []string{"b1c1", "f6e6", "c1b1", "e6f6"},
			want:  surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.Repetition},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := surakarta.NewGameWithRules(mustParse(t, tc.position), tc.rules)
			if err != nil {
				t.Fatal(err)
			}
			playAll(t, g, tc.moves...)
			if diff := cmp.Diff(tc.want, g.Outcome()); diff != "" {
				t.Errorf("Outcome (-want +got):\n%s", diff)
			}
			if tc.want.Over {
				if err := g.PlayText("a1a2"); !errors.Is(err, surakarta.ErrGameOver) {
					t.Errorf("Play after the end: error %v, want ErrGameOver", err)
				}
				if moves := g.LegalMoves(); len(moves) != 0 {
					t.Errorf("LegalMoves after the end = %v, want none", moves)
				}
			}
		})
	}
}

func TestRepetitionCountsOnlySinceCapture(t *testing.T) {
	// 3  . . . . . .
	// 2  b . . . . .   a2 takes b2 round the a1 loop; the placement after
	// 1  . . . . . .   that is new, so nothing has repeated.
	g := surakarta.NewGame(mustParse(t, "w5/6/6/6/bw4/6 b"))
	playAll(t, g, "a2b2")
	if n := g.Repetitions(); n != 1 {
		t.Errorf("Repetitions after a capture = %d, want 1", n)
	}
	if got := g.Position().QuietPlies(); got != 0 {
		t.Errorf("QuietPlies after a capture = %d, want 0", got)
	}
}

func TestRulesValidate(t *testing.T) {
	for _, r := range []surakarta.Rules{{QuietPlyLimit: -1}, {RepetitionLimit: -2}, {RepetitionLimit: 1}} {
		if _, err := surakarta.NewGameWithRules(surakarta.NewPosition(), r); !errors.Is(err, surakarta.ErrInvalidRules) {
			t.Errorf("NewGameWithRules(%+v) error = %v, want ErrInvalidRules", r, err)
		}
	}
}

// TestGamePlayAndUndo: an illegal move is refused with ErrIllegalMove
// and the reason a player reads (a key word of it), and leaves the game
// as it was; Undo takes moves back.
func TestGamePlayAndUndo(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	for _, tc := range []struct{ move, says string }{
		{"a3a4", "no piece on a3"},
		{"a5a4", "Black is to move"},
		{"a1a2", "own"},
		{"b2b4", "not next to"},
		{"a1b3", "not next to"},
	} {
		err := g.PlayText(tc.move)
		if !errors.Is(err, surakarta.ErrIllegalMove) || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Play(%s) error = %v; want ErrIllegalMove saying %q", tc.move, err, tc.says)
		}
	}
	if g.Ply() != 0 || g.Position() != surakarta.NewPosition() {
		t.Fatalf("illegal moves changed the game")
	}
	if err := g.Undo(); !errors.Is(err, surakarta.ErrNoMoveToUndo) {
		t.Errorf("Undo at the start: %v, want ErrNoMoveToUndo", err)
	}
	playAll(t, g, "b2b3", "c5c4")
	if got, want := g.Position().String(), "wwwwww/ww1www/2w3/1b4/b1bbbb/bbbbbb b 2 2"; got != want {
		t.Errorf("after b2b3 c5c4: %s, want %s", got, want)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if got, want := g.Moves(), []surakarta.Move{surakarta.NewMove(surakarta.B2, surakarta.B3)}; !cmp.Equal(want, got) {
		t.Errorf("Moves after Undo = %v, want %v", got, want)
	}
}

// FuzzGame plays sequences of legal and illegal moves and undos. Illegal
// moves must change nothing, Undo must restore exactly, and the incremental
// hash must always equal a hash computed from scratch.
func FuzzGame(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7}, uint8(0))
	f.Add([]byte{250, 17, 30, 251, 0, 255, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}, uint8(1))
	f.Add([]byte{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, uint8(2))
	f.Fuzz(func(t *testing.T, script []byte, rulesByte uint8) {
		rules := []surakarta.Rules{surakarta.OlympiadRules(), {}, {QuietPlyLimit: 10, RepetitionLimit: 3}}[int(rulesByte)%3]
		g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), rules)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(script); i++ {
			b := script[i]
			before, beforeMoves := g.Positions(), g.Moves()
			switch {
			case b >= 240: // undo
				err := g.Undo()
				if len(beforeMoves) == 0 {
					if !errors.Is(err, surakarta.ErrNoMoveToUndo) {
						t.Fatalf("Undo with no moves: %v", err)
					}
					continue
				}
				if err != nil {
					t.Fatal(err)
				}
				if diff := cmp.Diff(before[:len(before)-1], g.Positions(), cmp.Comparer(samePosition)); diff != "" {
					t.Fatalf("Undo did not restore the positions (-want +got):\n%s", diff)
				}
			case b >= 200 && i+1 < len(script): // a move between arbitrary squares
				i++
				m := surakarta.NewMove(surakarta.Square(b-200)%36, surakarta.Square(script[i])%36)
				legal := !g.Outcome().Over && isLegal(g.Position(), m)
				err := g.Play(m)
				if legal != (err == nil) {
					t.Fatalf("Play(%v) in %v: error %v, but legal = %v", m, g.Position(), err, legal)
				}
				if err != nil && (!cmp.Equal(before, g.Positions(), cmp.Comparer(samePosition)) || !cmp.Equal(beforeMoves, g.Moves())) {
					t.Fatalf("rejected move %v changed the game", m)
				}
			default: // a legal move chosen by index
				moves := g.LegalMoves()
				if len(moves) == 0 {
					if !g.Outcome().Over {
						t.Fatalf("no legal moves but the game is not over: %v", g.Position())
					}
					continue
				}
				if err := g.Play(moves[int(b)%len(moves)]); err != nil {
					t.Fatalf("Play of a listed legal move: %v", err)
				}
			}
			p := g.Position()
			fresh := mustParse(t, p.String())
			if p.Hash() != fresh.Hash() || p != fresh {
				t.Fatalf("position %v: incremental state differs from a fresh parse (hash %x vs %x)", p, p.Hash(), fresh.Hash())
			}
			if got, want := g.Repetitions(), countRepetitions(g.Positions()); got != want {
				t.Fatalf("position %v: Repetitions() = %d, counted from the positions %d", p, got, want)
			}
			if c := g.Clone(); c.Repetitions() != g.Repetitions() || c.Outcome() != g.Outcome() {
				t.Fatalf("position %v: the clone has %d repetitions, %v; the game %d, %v", p, c.Repetitions(), c.Outcome(), g.Repetitions(), g.Outcome())
			}
		}
	})
}

// samePlacement reports whether p and q have the same pieces on the same
// squares and the same side to move: a repetition.
func samePlacement(p, q surakarta.Position) bool {
	return p.Pieces(surakarta.Black) == q.Pieces(surakarta.Black) &&
		p.Pieces(surakarta.White) == q.Pieces(surakarta.White) && p.SideToMove() == q.SideToMove()
}

// countRepetitions counts, the plain way, how many times the last of the
// positions of a game occurs among those since the last capture: the
// definition that Game.Repetitions keeps up incrementally.
func countRepetitions(positions []surakarta.Position) int {
	last := len(positions) - 1
	n := 0
	for i := last; i >= 0 && positions[i].Count(surakarta.Black)+positions[i].Count(surakarta.White) ==
		positions[last].Count(surakarta.Black)+positions[last].Count(surakarta.White); i-- {
		if samePlacement(positions[i], positions[last]) {
			n++
		}
	}
	return n
}

func samePosition(a, b surakarta.Position) bool { return a == b }

func isLegal(p surakarta.Position, m surakarta.Move) bool {
	for _, l := range p.LegalMoves() {
		if l.From() == m.From() && l.To() == m.To() {
			return true
		}
	}
	return false
}

// replay plays moves from the start under rules and returns the time it
// took, the best of three tries.
func replay(tb testing.TB, rules surakarta.Rules, moves []surakarta.Move) time.Duration {
	tb.Helper()
	best := time.Duration(math.MaxInt64)
	for range 3 {
		start := time.Now()
		g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), rules)
		if err != nil {
			tb.Fatal(err)
		}
		for i, m := range moves {
			if err := g.Play(m); err != nil {
				tb.Fatalf("ply %d: %v", i+1, err)
			}
		}
		best = min(best, time.Since(start))
	}
	return best
}

// wander returns n plies from the start in which both sides make random
// steps and never capture: the positions of such a game seldom recur, so
// that finding a position's earlier occurrences means looking back over
// the whole game unless Game indexes them.
func wander(tb testing.TB, n int) []surakarta.Move {
	tb.Helper()
	r := rand.New(rand.NewPCG(1, 2))
	p := surakarta.NewPosition()
	moves := make([]surakarta.Move, 0, n)
	var steps []surakarta.Move
	for range n {
		steps = steps[:0]
		for _, m := range p.LegalMoves() {
			if !m.IsCapture() {
				steps = append(steps, m)
			}
		}
		if len(steps) == 0 {
			tb.Fatalf("ply %d: no step in %v", len(moves)+1, p)
		}
		m := steps[r.IntN(len(steps))]
		if err := p.Play(m); err != nil {
			tb.Fatal(err)
		}
		moves = append(moves, m)
	}
	return moves
}

// TestReplayIsLinear: a game of 40,000 plies without a capture whose
// positions seldom recur plays (and so reads from a record) under a huge
// repetition limit about as fast, ply for ply, as one whose positions
// recur every four plies. Looking back over the positions since the last
// capture for each new one, as Game did before it indexed them, made the
// first quadratic: hundreds of times slower. It compares times on the real
// clock, so it runs with SURAKARTA_REALTIME=1 (realTime);
// BenchmarkReplay measures the same.
func TestReplayIsLinear(t *testing.T) {
	testsize.RealTime(t)
	const n = 40_000
	rules := surakarta.Rules{RepetitionLimit: 1_000_000}
	recurring := replay(t, rules, testkit.Shuffle(n))
	fresh := replay(t, rules, wander(t, n))
	t.Logf("%d plies: %v when positions recur every 4 plies, %v when they seldom recur", n, recurring, fresh)
	if fresh > 5*recurring+50*time.Millisecond {
		t.Errorf("%d plies take %v when positions seldom recur, more than 5 times the %v when they recur every 4 plies", n, fresh, recurring)
	}
}

// TestRepetitionsAcrossUndo: Undo, also of a capture, gives back the
// repetition counts of the positions before it, after short stretches
// without a capture and after long ones (which Game indexes).
func TestRepetitionsAcrossUndo(t *testing.T) {
	// 3  . . . . . w   Black shuffles a2–a3 and White f3–f4; then a2
	// 2  b . . . . .   takes b2 round the a1 loop, which starts the count
	// 1  . . . . . .   afresh, and undoing it restores it.
	for _, cycles := range []int{2, 40} {
		g, err := surakarta.NewGameWithRules(mustParse(t, "6/6/6/5w/bw4/6 b"), surakarta.Rules{RepetitionLimit: 1000})
		if err != nil {
			t.Fatal(err)
		}
		check := func(when string) {
			t.Helper()
			if got, want := g.Repetitions(), countRepetitions(g.Positions()); got != want {
				t.Fatalf("%d cycles, %s, ply %d: Repetitions() = %d, want %d", cycles, when, g.Ply(), got, want)
			}
		}
		for range cycles {
			playAll(t, g, "a2a3", "f3f4", "a3a2", "f4f3")
			check("shuffling")
		}
		if n := g.Repetitions(); n != cycles+1 {
			t.Fatalf("after %d shuffles: Repetitions() = %d", cycles, n)
		}
		playAll(t, g, "a2b2")
		check("after the capture")
		for g.Ply() > 0 {
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			check("undoing")
			if g.Ply() == 4*cycles-3 {
				// Play forward again from the middle of the stretch.
				playAll(t, g, "f3f4", "a3a2", "f4f3", "a2b2")
				check("again")
				for range 4 {
					if err := g.Undo(); err != nil {
						t.Fatal(err)
					}
					check("undoing again")
				}
			}
		}
	}
}

// BenchmarkReplay reads a record of a game of n plies without a capture
// whose positions seldom recur (wander), under repetition=1000000
// (record.Parse replays every move): time per op should grow as n, not n².
func BenchmarkReplay(b *testing.B) {
	for _, n := range []int{10_000, 20_000, 40_000, 80_000} {
		b.Run(fmt.Sprintf("plies=%d", n), func(b *testing.B) {
			g, err := surakarta.NewGameWithRules(surakarta.NewPosition(), surakarta.Rules{RepetitionLimit: 1_000_000})
			if err != nil {
				b.Fatal(err)
			}
			for _, m := range wander(b, n) {
				if err := g.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			text, err := record.New(g).MarshalText()
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if _, err := record.Parse(string(text)); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/ply")
		})
	}
}

// TestOutcomeScore: an outcome scores as a search scores a game's end.
func TestOutcomeScore(t *testing.T) {
	black := surakarta.Outcome{Over: true, Winner: surakarta.Black, Reason: surakarta.NoPieces}
	draw := surakarta.Outcome{Over: true, Draw: true, Reason: surakarta.Repetition}
	for _, tc := range []struct {
		o     surakarta.Outcome
		side  surakarta.Color
		ply   int
		score int
	}{
		{black, surakarta.Black, 1, surakarta.Win - 1},
		{black, surakarta.White, 3, -(surakarta.Win - 3)},
		{draw, surakarta.Black, 2, 0},
		{surakarta.Outcome{}, surakarta.White, 0, 0},
	} {
		if got := tc.o.Score(tc.side, tc.ply); got != tc.score {
			t.Errorf("%v.Score(%v, %d) = %d, want %d", tc.o, tc.side, tc.ply, got, tc.score)
		}
	}
}
