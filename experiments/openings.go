package experiments

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
)

// OpeningsFile is the file of endgame openings that matches from given
// openings play (surakarta-match -openings) to measure play in endgames,
// under the repository's root.
const OpeningsFile = recordsDir + "/tablebase/openings-6-8.txt"

// Openings6File is the file of endgames of at most 6 pieces, which the
// tables of 6 pieces hold from the first move: where they play every
// move exactly, and an engine without them must find the win.
const Openings6File = recordsDir + "/tablebase/openings-6.txt"

// Openings4v3File is the file of endgames of 4 against 3 pieces, one
// capture from the tables of 6: openings where tables can make a
// difference, since the side that captures next enters them.
const Openings4v3File = recordsDir + "/tablebase/openings-4v3.txt"

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
	return endgameOpenings(root, "endgames of 6 to 8 pieces", "with 6 to 8 pieces", 6, func(p surakarta.Position) bool {
		return p.Count(surakarta.Black)+p.Count(surakarta.White) <= 8
	})
}

// EndgameOpenings6 returns the text of Openings6File as the records make
// it, as EndgameOpenings does, of the first position of each game with
// at most 6 pieces.
func EndgameOpenings6(root string) (string, error) {
	return endgameOpenings(root, "endgames of at most 6 pieces", "with at most 6 pieces", 2, func(p surakarta.Position) bool {
		return p.Count(surakarta.Black)+p.Count(surakarta.White) <= 6
	})
}

// EndgameOpenings4v3 returns the text of Openings4v3File as the records
// make it, as EndgameOpenings does, of the first position of each game
// with 4 pieces against 3.
func EndgameOpenings4v3(root string) (string, error) {
	return endgameOpenings(root, "endgames of 4 against 3 pieces", "with 4 pieces against 3", 7, func(p surakarta.Position) bool {
		b, w := p.Count(surakarta.Black), p.Count(surakarta.White)
		return b+w == 7 && max(b, w) == 4
	})
}

// endgameOpenings returns the text of a file of openings: of each game
// of the source files, the first position for which want holds and that
// is not over, before the game has fewer than least pieces; what and
// which describe them in its header.
func endgameOpenings(root, what, which string, least int, want func(surakarta.Position) bool) (string, error) {
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
			if p, ok := firstEndgame(rec, least, want); ok && !seen[p] {
				seen[p] = true
				openings = append(openings, p)
				found++
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %d %s: of each game of experiments/matches/strength/{%s}, the first position\n", len(openings), what, strings.Join(openingsSources, ","))
	fmt.Fprintf(&b, "# %s that is not over; the files in this order, the first %d new positions of each, in the order found.\n", which, openingsPerFile)
	fmt.Fprintf(&b, "# Made by go run ./cmd/tables (from experiments/).\n")
	for _, p := range openings {
		b.WriteString(p.String() + "\n")
	}
	return b.String(), nil
}

// firstEndgame returns the first position of the record's game for
// which want holds and that is not over, if any before the game has fewer
// than least pieces.
func firstEndgame(rec *record.Record, least int, want func(surakarta.Position) bool) (surakarta.Position, bool) {
	g := surakarta.NewGame(rec.Game.StartPosition())
	moves := rec.Game.Moves()
	for ply := 0; ; ply++ {
		p := g.Position()
		pieces := p.Count(surakarta.Black) + p.Count(surakarta.White)
		if pieces < least {
			return p, false
		}
		if want(p) && !g.Outcome().Over && !surakarta.NewGame(p).Outcome().Over {
			return p, true
		}
		if ply == len(moves) || g.Play(moves[ply]) != nil {
			return p, false
		}
	}
}
