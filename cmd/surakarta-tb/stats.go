package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/cmdflag"
	"github.com/surakarta-go/surakarta/tablebase"
)

const statsUsage = `usage: surakarta-tb stats -dir DIR [-quiet-plies L]

Stats prints, for each class whose table is in DIR (fewer pieces first),
what the table says for the side to move, one line per class:

  MvO positions N win W W% draw D D% loss L L% longest-win PLIES POSITION

M and O are the pieces of the side to move and of the other side; W, D
and L count the positions won, drawn and lost. PLIES is the longest win,
the most plies to the end of a won position, and POSITION the first such
position in the table's order (Black to move); under a quiet-ply limit,
whose tables store no plies to the end, both are - and the counts are
those of the positions with no quiet plies played.

`

// runStats runs surakarta-tb stats.
func runStats(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("surakarta-tb stats", flag.ContinueOnError)
	dir := dirFlag(fs)
	quietPlies := quietPliesFlag(fs)
	if status, ok := cmdflag.ParseAll(fs, args, statsUsage, stdout, stderr); !ok {
		return status
	}
	if err := checkCommon(*dir, *quietPlies); err != nil {
		return cmdflag.BadArgs(fs, stderr, err)
	}
	if info, err := os.Stat(*dir); err != nil {
		return fail(stderr, fs.Name(), fmt.Errorf("-dir: %w", err))
	} else if !info.IsDir() {
		return fail(stderr, fs.Name(), fmt.Errorf("-dir %s: not a directory", *dir))
	}
	rules := surakarta.Rules{QuietPlyLimit: *quietPlies}
	found := false
	for n := 2; n <= maxPieces; n++ {
		for m := n - 1; m >= 1; m-- {
			s, err := tablebase.ClassStats(*dir, rules, m, n-m)
			if errors.Is(err, tablebase.ErrNotInTables) {
				continue
			}
			if err != nil {
				return fail(stderr, fs.Name(), err)
			}
			found = true
			fmt.Fprintln(stdout, statsLine(s))
		}
	}
	if !found {
		return fail(stderr, fs.Name(), fmt.Errorf("%s holds no tables of %s", *dir, rulesName(*quietPlies)))
	}
	return 0
}

// statsLine formats a class's stats as one line.
func statsLine(s tablebase.Stats) string {
	share := func(k uint64) string { return fmt.Sprintf("%.1f%%", 100*float64(k)/float64(s.Positions)) }
	longest := "- -"
	switch {
	case s.LongestWin > 0:
		longest = fmt.Sprintf("%d %v", s.LongestWin, s.LongestWinPosition)
	case s.LongestWin == 0:
		longest = "0 -"
	}
	return fmt.Sprintf("%dv%d positions %d win %d %s draw %d %s loss %d %s longest-win %s",
		s.Mover, s.Other, s.Positions, s.Wins, share(s.Wins), s.Draws, share(s.Draws), s.Losses, share(s.Losses), longest)
}
