package match_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

// The shards of a match are merged from their record files alone:
// ReadConfig reads the match from the records, and Merge combines them,
// here with an SPRT chosen at the merge.
func ExampleReadConfig() {
	dir, err := os.MkdirTemp("", "shards")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	a, _ := enginespec.Parse("pvs,endgame")
	b, _ := enginespec.Parse("alphabeta,sixfactor")
	cfg := match.Config{A: a, B: b, Games: 8, Limits: surakarta.Limits{Depth: 2}, Seed: 5, Concurrency: 1}
	var files []string
	for i := range 2 {
		shard := cfg
		shard.Shard = match.Shard{Index: i, Count: 2}
		shard.RecordFile = filepath.Join(dir, fmt.Sprintf("shard-%d.txt", i))
		if _, err := match.Run(context.Background(), shard); err != nil {
			panic(err)
		}
		files = append(files, shard.RecordFile)
	}

	read, err := match.ReadConfig(files...)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s vs %s, %d games, %s, openings of %d plies from seed %d\n",
		read.A.Name, read.B.Name, read.Games, match.LimitsText(read.Limits), read.OpeningPlies, read.Seed)
	read.SPRT = &elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	merged, err := match.Merge(read, files...)
	if err != nil {
		panic(err)
	}
	fmt.Println(merged.Counts.Games(), "games merged, SPRT", merged.Decision)
	// Output:
	// pvs,endgame vs alphabeta,sixfactor, 8 games, depth 2, openings of 4 plies from seed 5
	// 8 games merged, SPRT undecided
}
