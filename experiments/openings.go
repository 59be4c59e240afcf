package experiments

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/surakarta-go/surakarta"
)

// OpeningsFile is the file of endgame openings that matches from given
// openings play (surakarta-match -openings) to measure play in endgames,
// under the repository's root.
const OpeningsFile = recordsDir + "/tablebase/openings-6-8.txt"

// openingsSources are the record files under matches/strength that the
// endgame openings are taken from, named so that matches added there later
// do not change the openings; and openingsPerFile is how many each gives:
// the files hold about 2,000 such endgames, more than a measurement needs,
// and taking as many from each mixes the engines that played them.
var openingsSources = []string{
	"contempt20-vs-level9-50ms.txt.gz",
	"contempt20-vs-pvs-tuned-50ms.txt.gz",
	"movetime-new-vs-base-50ms.txt.gz",
	"pvs-tuned-vs-level9-50ms.txt.gz",
}

const openingsPerFile = 100

// EndgameOpenings returns the text of OpeningsFile as the records make it:
// of each game of the source files in order, the first position with 6 to
// 8 pieces that is not a finished game (neither in its game nor as an
// opening alone, under the Olympiad rules), each position once, in the
// order found, and at most openingsPerFile from a file.
func EndgameOpenings(root string) (string, error) {
	seen := make(map[surakarta.Position]bool)
	var openings []surakarta.Position
	for _, name := range openingsSources {
		recs, err := readRecords(filepath.Join(root, recordsDir, "strength", name))
		if err != nil {
			return "", err
		}
		found := 0
		for _, rec := range recs {
			if found == openingsPerFile {
				break
			}
			if p, ok := firstEndgame(rec); ok && !seen[p] {
				seen[p] = true
				openings = append(openings, p)
				found++
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %d endgames of 6 to 8 pieces: of each game of experiments/matches/strength/{%s}, the first position\n", len(openings), strings.Join(openingsSources, ","))
	fmt.Fprintf(&b, "# with 6 to 8 pieces that is not over; the files in this order, the first %d new positions of each, in the order found.\n", openingsPerFile)
	fmt.Fprintf(&b, "# Made by go run ./cmd/tables (from experiments/).\n")
	for _, p := range openings {
		b.WriteString(p.String() + "\n")
	}
	return b.String(), nil
}

// firstEndgame returns the first position of the record's game with 6 to
// 8 pieces that is not over, if any.
func firstEndgame(rec *surakarta.Record) (surakarta.Position, bool) {
	g := surakarta.NewGame(rec.Game.StartPosition())
	moves := rec.Game.Moves()
	for ply := 0; ; ply++ {
		p := g.Position()
		pieces := p.Count(surakarta.Black) + p.Count(surakarta.White)
		if pieces < 6 {
			return p, false
		}
		if pieces <= 8 && !g.Outcome().Over && !surakarta.NewGame(p).Outcome().Over {
			return p, true
		}
		if ply == len(moves) || g.Play(moves[ply]) != nil {
			return p, false
		}
	}
}
