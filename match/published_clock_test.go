package match

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// TestClockRunnerRecords checks the clock match of docs/matches.md, played
// by Run itself (cmd/surakarta-match -tc): the summary line, the time
// forfeits (none) and the least time left after a move, recounted from its
// records.
func TestClockRunnerRecords(t *testing.T) {
	file := records(t, "time", "tc-2s+50ms.txt.gz")
	c, p := recount(t, file, "pvs,tuned")
	forfeits, plies := 0, 0
	least := time.Duration(math.MaxInt64)
	recs := recordsIn(t, file)
	for _, rec := range recs {
		plies += len(rec.Game.Moves())
		if _, ok := rec.Header(forfeitHeader); ok {
			forfeits++
		}
		if tc, _ := rec.Header("TimeControl"); tc != "2s+50ms" {
			t.Errorf("TimeControl %q", tc)
		}
		v, _ := rec.Header("LeastTimeLeft")
		d, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("LeastTimeLeft %q: %v", v, err)
		}
		least = min(least, d)
	}
	text := flat(docPage(t, "matches.md"))
	for _, want := range []string{
		summaryLine("pvs,tuned", "pvs,endgame", c, p, nil),
		fmt.Sprintf("%d games, %d time forfeits; the least time left after a move was %v (games of %.0f plies after the opening on average)", c.Games(), forfeits, least, float64(plies)/float64(len(recs))),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("docs/matches.md has no %q, recounted from time/tc-2s+50ms.txt.gz", want)
		}
	}
}
