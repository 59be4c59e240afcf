package match

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta"
)

// update makes TestEndgameOpeningsFile write the openings file rather
// than check it.
var update = flag.Bool("update", false, "write experiments/matches/tablebase/openings-6-8.txt from the match records instead of checking it")

// endgameOpeningsSources are the record files, under recordsDir/strength,
// that the endgame openings are taken from (named, so that matches added
// there later do not change the openings), and perFile how many each
// gives: the files hold about 2,000 such endgames, more than a
// measurement needs, and taking as many from each mixes the engines that
// played them.
var endgameOpeningsSources = []string{
	"contempt20-vs-level9-50ms.txt.gz",
	"contempt20-vs-pvs-tuned-50ms.txt.gz",
	"movetime-new-vs-base-50ms.txt.gz",
	"pvs-tuned-vs-level9-50ms.txt.gz",
}

const endgameOpeningsPerFile = 100

// endgameOpenings returns, for the games of the record files in order,
// each game's first position with 6 to 8 pieces that is not a finished
// game (neither in its game nor as an opening alone, under the Olympiad
// rules), each position once, in the order found, and at most perFile
// from a file.
func endgameOpenings(t *testing.T, files []string, perFile int) []surakarta.Position {
	t.Helper()
	seen := make(map[surakarta.Position]bool)
	var openings []surakarta.Position
	for _, file := range files {
		found := 0
		for _, rec := range recordsIn(t, file) {
			if found == perFile {
				break
			}
			g := surakarta.NewGame(rec.Game.StartPosition())
			for ply := 0; ; ply++ {
				p := g.Position()
				pieces := p.Count(surakarta.Black) + p.Count(surakarta.White)
				if pieces < 6 {
					break
				}
				if pieces <= 8 && !g.Outcome().Over && !surakarta.NewGame(p).Outcome().Over {
					if !seen[p] {
						seen[p] = true
						openings = append(openings, p)
						found++
					}
					break
				}
				if ply == len(rec.Game.Moves()) || g.Play(rec.Game.Moves()[ply]) != nil {
					break
				}
			}
		}
	}
	return openings
}

// TestEndgameOpeningsFile checks that the endgame openings file, which
// matches from given openings play (surakarta-match -openings) to measure
// play in endgames, is what the committed match records give; with
// -update it writes the file.
func TestEndgameOpeningsFile(t *testing.T) {
	var files []string
	for _, name := range endgameOpeningsSources {
		files = append(files, records(t, "strength", name))
	}
	openings := endgameOpenings(t, files, endgameOpeningsPerFile)
	var b strings.Builder
	fmt.Fprintf(&b, "# %d endgames of 6 to 8 pieces: of each game of experiments/matches/strength/{%s}, the first position\n", len(openings), strings.Join(endgameOpeningsSources, ","))
	fmt.Fprintf(&b, "# with 6 to 8 pieces that is not over; the files in this order, the first %d new positions of each, in the order found.\n", endgameOpeningsPerFile)
	fmt.Fprintf(&b, "# Made by go test ./match/ -run TestEndgameOpeningsFile -update (from the repository root).\n")
	for _, p := range openings {
		b.WriteString(p.String() + "\n")
	}
	file := records(t, "tablebase", "openings-6-8.txt")
	if *update {
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %d openings to %s", len(openings), file)
		return
	}
	got, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != b.String() {
		t.Errorf("%s is not what the records give: make it again with go test ./match/ -run TestEndgameOpeningsFile -update", file)
	}
	// Every opening is one a match plays.
	cfg := Config{A: strong, B: blind, Games: 2 * len(openings), Openings: openings}
	if err := cfg.Validate(); err != nil {
		t.Error(err)
	}
}
