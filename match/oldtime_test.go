package match

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
)

// middleGames returns the games of the sixteen middle-game positions the
// benchmarks of package surakarta use.
func middleGames(tb testing.TB) []*surakarta.Game {
	tb.Helper()
	f, err := os.Open(filepath.Join("..", "testdata", "middlegame.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var games []*surakarta.Game
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := surakarta.ParsePosition(line)
		if err != nil {
			tb.Fatal(err)
		}
		games = append(games, surakarta.NewGame(p))
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return games
}

// TestOldTimeManagement: with tm=old the move is the last completed
// iteration's, where today's searcher may take a deeper one from an
// iteration cut short. A node limit makes both deterministic: on the
// sixteen positions, at two node limits, tm=old always returns the last
// Progress line, and today's searcher returns another move in at least
// one search.
func TestOldTimeManagement(t *testing.T) {
	old, err := ParseEngine("pvs,endgame,tm=old")
	if err != nil {
		t.Fatal(err)
	}
	now, err := ParseEngine("pvs,endgame,tm=new")
	if err != nil {
		t.Fatal(err)
	}
	differ := 0
	for k, g := range append(middleGames(t), middleGames(t)...) {
		i := k % 16
		var infos []surakarta.Info
		nodes := int64(100_000)
		if k >= 16 {
			nodes = 60_000
		}
		lim := surakarta.Limits{Nodes: nodes, Progress: func(info surakarta.Info) { infos = append(infos, info) }}
		res, err := old.New().Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		last := infos[len(infos)-1]
		if res.Move != last.PV[0] || !slices.Equal(res.PV, last.PV) || res.Depth != last.Depth || res.Score != last.Score {
			t.Errorf("position %d, %d nodes: tm=old returned %v (PV %v, depth %d), the last iteration %v (depth %d)",
				i, nodes, res.Move, res.PV, res.Depth, last.PV, last.Depth)
		}
		infos = nil
		resNew, err := now.New().Search(context.Background(), g, lim)
		if err != nil {
			t.Fatal(err)
		}
		if resNew.Depth != res.Depth || resNew.Score != res.Score {
			t.Errorf("position %d, %d nodes: depth %d score %d with tm=new, %d %d with tm=old: the searches should be the same",
				i, nodes, resNew.Depth, resNew.Score, res.Depth, res.Score)
		}
		if resNew.Move != res.Move {
			differ++
		}
	}
	if differ == 0 {
		t.Error("tm=new never took the move of an unfinished iteration")
	}
}

// iterations is a Searcher that reports the iterations infos through
// Progress, stopping when its context is cancelled, and returns the last
// legal move, which none of the infos' PVs starts with.
type iterations struct {
	infos     []surakarta.Info
	cancelled int // the number of iterations reported when ctx was cancelled; 0 if never
}

func (s *iterations) Search(ctx context.Context, g *surakarta.Game, lim surakarta.Limits) (surakarta.Result, error) {
	for i, info := range s.infos {
		lim.Progress(info)
		if ctx.Err() != nil {
			s.cancelled = i + 1
			break
		}
	}
	moves := g.LegalMoves()
	return surakarta.Result{Move: moves[len(moves)-1]}, nil
}

func (s *iterations) Clear() {}

// TestOldTimeManagementStops: with a per-move time, tm=old stops the
// search after the first iteration whose successor is not expected to
// fit (nextIterationFits), and returns the last completed iteration's
// move; with a clock it stops nothing. The iterations end at 1, 3, 8, 20
// and 40 ms of a 50 ms MoveTime: each next iteration is expected to end
// at 1+4·1 = 5 (no iteration before: growth 4), 3+4·2 = 11 (the one
// before too short to measure), 8+2.5·5 = 20.5, 20+2.4·12 = 48.8, and
// 40+2·20 = 80 ms (the growth 20/12 raised to 2): the fifth is the last.
func TestOldTimeManagementStops(t *testing.T) {
	g := surakarta.NewGame(surakarta.NewPosition())
	moves := g.LegalMoves()
	var infos []surakarta.Info
	for i, ms := range []time.Duration{1, 3, 8, 20, 40, 45} {
		infos = append(infos, surakarta.Info{Depth: i + 1, Time: ms * time.Millisecond, PV: moves[i : i+1]})
	}
	for _, tc := range []struct {
		lim           surakarta.Limits
		wantCancelled int
	}{
		{surakarta.Limits{MoveTime: 50 * time.Millisecond}, 5},
		{surakarta.Limits{MoveTime: 50 * time.Millisecond, Clock: surakarta.Clock{Black: time.Second, White: time.Second}}, 0},
	} {
		inner := &iterations{infos: infos}
		res, err := oldTimeManagement{inner}.Search(context.Background(), g, tc.lim)
		if err != nil {
			t.Fatal(err)
		}
		last := inner.infos[len(inner.infos)-1]
		if tc.wantCancelled > 0 {
			last = inner.infos[tc.wantCancelled-1]
		}
		if inner.cancelled != tc.wantCancelled || res.Move != last.PV[0] {
			t.Errorf("%s: cancelled after %d iterations, move %v; want after %d, move %v of depth %d",
				LimitsText(tc.lim), inner.cancelled, res.Move, tc.wantCancelled, last.PV[0], last.Depth)
		}
	}
}

// TestNextIterationFits: the growth of the last iteration over the one
// before is bounded by 2 and 8, and is 4 when the one before took 1 ms or
// less.
func TestNextIterationFits(t *testing.T) {
	ms := func(n float64) time.Duration { return time.Duration(n * float64(time.Millisecond)) }
	for _, tc := range []struct {
		moveTime, elapsed, last, beforeLast float64
		want                                bool
	}{
		{40, 10, 10, 1, false},  // growth 4: 50 ms
		{50, 10, 10, 1, true},   // 10 + 4·10 = 50: just fits
		{85, 2, 10, 1.1, true},  // growth 9.1 taken as 8: 82 ms
		{70, 40, 20, 20, false}, // growth 1 taken as 2: 80 ms
		{100, 30, 15, 5, true},  // growth 3: 75 ms
		{70, 30, 15, 5, false},  // the same, 75 ms > 70
	} {
		if got := nextIterationFits(ms(tc.moveTime), ms(tc.elapsed), ms(tc.last), ms(tc.beforeLast)); got != tc.want {
			t.Errorf("nextIterationFits(%v ms of time, %v elapsed, last %v, before %v) = %v, want %v",
				tc.moveTime, tc.elapsed, tc.last, tc.beforeLast, got, tc.want)
		}
	}
}

// BenchmarkMoveTimeUse measures how much of a per-move time the searchers
// use, today's and v0.1.0's (tm=old), on the sixteen middle-game
// positions: the mean time spent as a share of MoveTime, the mean depth
// completed, and the speed in nodes per second (which shows whether the
// machine was as fast for both). Run it alone, on an idle machine:
//
//	go test -run '^$' -bench MoveTimeUse -benchtime 1x ./match/
func BenchmarkMoveTimeUse(b *testing.B) {
	games := middleGames(b)
	for _, moveTime := range []time.Duration{100 * time.Millisecond, time.Second} {
		for _, spec := range []string{"pvs,endgame", "pvs,endgame,tm=old"} {
			e, err := ParseEngine(spec)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(moveTime.String()+"/"+spec, func(b *testing.B) {
				var spent time.Duration
				depth, nodes := 0, int64(0)
				for b.Loop() {
					for _, g := range games {
						start := time.Now()
						res, err := e.New().Search(context.Background(), g, surakarta.Limits{MoveTime: moveTime})
						if err != nil {
							b.Fatal(err)
						}
						spent += time.Since(start)
						depth += res.Depth
						nodes += res.Nodes
					}
				}
				n := float64(b.N * len(games))
				b.ReportMetric(100*spent.Seconds()/n/moveTime.Seconds(), "%used")
				b.ReportMetric(float64(depth)/n, "depth")
				b.ReportMetric(float64(nodes)/spent.Seconds(), "nodes/s")
			})
		}
	}
}
