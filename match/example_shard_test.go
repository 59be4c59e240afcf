package match_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

// A match of 12 games in 3 shards, as 3 machines would play it, each into
// its own record file; Merge combines the files into the result of the
// whole match, which Run played at once gives too (at a fixed depth the
// games are the same).
func ExampleMerge() {
	dir, err := os.MkdirTemp("", "shards")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	a, _ := enginespec.Parse("pvs,endgame")
	b, _ := enginespec.Parse("alphabeta,sixfactor")
	cfg := match.Config{A: a, B: b, Games: 12, Limits: surakarta.Limits{Depth: 2}, Seed: 5, Concurrency: 1}

	var files []string
	for i := range 3 {
		shard := cfg
		shard.Shard = match.Shard{Index: i, Count: 3} // pairs 0 and 3 for shard 0, …
		shard.RecordFile = filepath.Join(dir, fmt.Sprintf("shard-%d.txt", i))
		out, err := match.Run(context.Background(), shard)
		if err != nil {
			panic(err)
		}
		fmt.Printf("shard %v: %d games\n", shard.Shard, out.Counts.Games())
		files = append(files, shard.RecordFile)
	}
	merged, err := match.Merge(cfg, files...)
	if err != nil {
		panic(err)
	}
	whole, _ := match.Run(context.Background(), cfg)
	fmt.Println("merged:", merged)
	fmt.Println("whole: ", whole)

	_, err = match.Merge(cfg, files[:2]...)
	fmt.Println(err)
	// Output:
	// shard 0/3: 4 games
	// shard 1/3: 4 games
	// shard 2/3: 4 games
	// merged: W-D-L 4-7-1, score 62.5%, Elo +88.7 ± 132.0 (-30.2, +233.7), LOS 91.0%, pairs 0-0-3-3-0, pair Elo +88.7 ± 75.5 (+17.4, +168.4)
	// whole:  W-D-L 4-7-1, score 62.5%, Elo +88.7 ± 132.0 (-30.2, +233.7), LOS 91.0%, pairs 0-0-3-3-0, pair Elo +88.7 ± 75.5 (+17.4, +168.4)
	// match: merging: incomplete: 4 of 12 games are missing from round 5 on, and the match has 12 games: shard 2/3 lacks 4 (rounds 5-6, 11-12), all its games
}
