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

	// With a per-move time tm=old stops before an iteration it does not
	// expect to finish: it returns at or before MoveTime (a loaded machine
	// may make it late, hence the slack).
	g := surakarta.NewGame(surakarta.NewPosition())
	start := time.Now()
	if _, err := old.New().Search(context.Background(), g, surakarta.Limits{MoveTime: 50 * time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	if elapsed := time.Since(start); elapsed > 150*time.Millisecond {
		t.Errorf("tm=old, MoveTime 50ms: took %v", elapsed)
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
