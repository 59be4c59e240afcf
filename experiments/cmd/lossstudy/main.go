// Command lossstudy studies the games an engine lost or drew against
// another: it analyses each with the library's own analysis at a fixed
// depth (package analysis), finds the move that turned the game, and
// says why by what searches and the endgame tables make of it. Run from
// experiments/:
//
//	go run ./cmd/lossstudy -player ours -depth 12 GAMES.txt.gz > study.txt
//
// For each game that the player whose Black or White header contains
// -player did not win, it prints a line: the round, the player's colour,
// the result and the reason, the turning move, the score the analysis at
// -depth expected of it and how much less it found at the player's next
// turn (the surprise: what the opponent's reply showed), the pieces on
// the board, and the cause; then a table of the causes, counted. The
// turning move is the player's move of the largest surprise: the player's
// own analysis judges its moves by its own lights, so that it finds few
// of them worse than its best, but a reply it did not see coming shows.
// The causes, tried in this order:
//
//   - repetition: the game ended by the repetition rule with the player
//     not behind on pieces before its last move (a game the player could
//     have kept going, ended by a rule the opponent does not know);
//   - outplayed: no surprise as large as a blunder's loss
//     (analysis.BlunderLoss): the game slid away a little at a time, the
//     evaluation's share;
//   - tables: the turning position has at most -tbpieces pieces and the
//     endgame tables (-tb DIR), which hold it, give the played move a
//     worse result than the best one;
//   - horizon: a search to -shallow plies (about what the engine reached
//     in the game) plays the turning move, and one to -deeper plies does
//     not: a deeper search would have seen it;
//   - evaluation: a search to -deeper plies plays the move too: the
//     evaluation misjudged the position, or it was lost before.
//
// The study is the same on every machine: every search is to a fixed
// depth on one thread.
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/record"
	"github.com/surakarta-go/surakarta/tablebase"
)

func main() {
	if err := run(context.Background(), os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "lossstudy:", err)
		os.Exit(1)
	}
}

// settings are the command's flags.
type settings struct {
	player                 string
	depth, shallow, deeper int
	tb                     string
	tbPieces               int
	limit                  int
}

func run(ctx context.Context, args []string, out io.Writer) error {
	var s settings
	flags := flag.NewFlagSet("lossstudy", flag.ContinueOnError)
	flags.StringVar(&s.player, "player", "ours", "the player studied: a part of its Black or White header")
	flags.IntVar(&s.depth, "depth", 12, "the depth of the analysis")
	flags.IntVar(&s.shallow, "shallow", 9, "the depth the engine reached in its games, about")
	flags.IntVar(&s.deeper, "deeper", 16, "the depth of the search that tells the evaluation's errors from the horizon's")
	flags.StringVar(&s.tb, "tb", "", "a directory of endgame tables of the quiet-ply limit 50 (surakarta-tb generate -quiet-plies 50)")
	flags.IntVar(&s.tbPieces, "tbpieces", 6, "the most pieces of a turning position the tables are asked about")
	flags.IntVar(&s.limit, "games", 0, "study at most this many games (0: all)")
	starts := flags.Bool("starts", false, "instead of the study, the score of the player's first position in every game, won or not, by colour and result: how much the openings decide")
	if err := flags.Parse(args); err != nil {
		return err
	}
	var tables *tablebase.Tables
	if s.tb != "" {
		t, err := tablebase.Open(s.tb, surakarta.OlympiadRules())
		if err != nil {
			return err
		}
		defer t.Close()
		tables = t
	}
	var recs []*record.Record
	for _, name := range flags.Args() {
		r, err := readRecords(name)
		if err != nil {
			return err
		}
		recs = append(recs, r...)
	}
	if *starts {
		return s.starts(ctx, recs, out)
	}
	counts := map[string]int{}
	byColour := map[string]int{}
	studied := 0
	for _, r := range recs {
		colour, ok := playerColour(r, s.player)
		if !ok || won(r.Result, colour) {
			continue
		}
		if s.limit > 0 && studied == s.limit {
			break
		}
		studied++
		c, err := s.study(ctx, r, colour, tables)
		if err != nil {
			return fmt.Errorf("game %s: %w", header(r, "Round"), err)
		}
		counts[c.cause]++
		byColour[colour.String()+" "+outcomeWord(r.Result)]++
		fmt.Fprintln(out, c.line)
	}
	fmt.Fprintf(out, "\n%d games not won by %q:", studied, s.player)
	for _, k := range slices.Sorted(maps.Keys(byColour)) {
		fmt.Fprintf(out, " %s %d;", k, byColour[k])
	}
	fmt.Fprintln(out)
	fmt.Fprintln(out, "| cause | games |")
	fmt.Fprintln(out, "|---|---:|")
	for _, k := range []string{"repetition", "outplayed", "tables", "horizon", "evaluation"} {
		fmt.Fprintf(out, "| %s | %d |\n", k, counts[k])
	}
	return nil
}

// starts writes, for the games of recs that the player played, the mean
// score at -depth of its first position (its side to move), by colour and
// by whether it won.
func (s settings) starts(ctx context.Context, recs []*record.Record, out io.Writer) error {
	type key struct {
		colour surakarta.Color
		won    bool
	}
	sum, n := map[key]int{}, map[key]int{}
	for _, r := range recs {
		colour, ok := playerColour(r, s.player)
		if !ok {
			continue
		}
		g := r.Game
		moves := g.Moves()
		ply := 0
		if g.StartPosition().SideToMove() != colour {
			ply = 1
		}
		if ply >= len(moves) {
			continue
		}
		before, err := gameBefore(g, ply+1)
		if err != nil {
			return err
		}
		res, err := surakarta.NewPVS(surakarta.NewNetwork()).Search(ctx, before, surakarta.Limits{Depth: s.depth})
		if err != nil {
			return err
		}
		k := key{colour, won(r.Result, colour)}
		sum[k] += res.Score
		n[k]++
	}
	fmt.Fprintln(out, "| player's colour | result | games | mean score of its first position |")
	fmt.Fprintln(out, "|---|---|---:|---:|")
	for _, c := range []surakarta.Color{surakarta.Black, surakarta.White} {
		for _, w := range []bool{true, false} {
			k := key{c, w}
			if n[k] == 0 {
				continue
			}
			word := "not won"
			if w {
				word = "won"
			}
			fmt.Fprintf(out, "| %v | %s | %d | %+.1f |\n", c, word, n[k], float64(sum[k])/float64(n[k]))
		}
	}
	return nil
}

// finding is the study of one game: its cause and its line.
type finding struct {
	cause, line string
}

// study analyses one game not won by colour's player.
func (s settings) study(ctx context.Context, r *record.Record, colour surakarta.Color, tables *tablebase.Tables) (finding, error) {
	g := r.Game
	pvs := surakarta.NewPVS(surakarta.NewNetwork())
	if tables != nil {
		pvs.Tables = tables
	}
	report, err := analysis.Game(ctx, g, pvs, analysis.Options{Limits: surakarta.Limits{Depth: s.depth}})
	if err != nil {
		return finding{}, err
	}
	// The turning move: the player's move after which the analysis's
	// score at the player's next turn fell furthest below what it expected
	// of the move (the score it gave the move), the game's surprise; a
	// move that ended the game has no next turn.
	var turn *analysis.Annotation
	surprise := 0
	for i := range report.Moves {
		a := &report.Moves[i]
		if a.Mover != colour {
			continue
		}
		next := slices.IndexFunc(report.Moves[i+1:], func(b analysis.Annotation) bool { return b.Mover == colour })
		if next < 0 {
			continue
		}
		if drop := analysis.Clamp(a.After) - analysis.Clamp(report.Moves[i+1+next].Before); turn == nil || drop > surprise {
			turn, surprise = a, drop
		}
	}
	positions := g.Positions()
	lead := func(p surakarta.Position) int { return p.Count(colour) - p.Count(colour.Other()) }
	line := fmt.Sprintf("round %s: %v %s (%s)", header(r, "Round"), colour, r.Result, r.Reason)
	// The score of the player's first position, and the first of its
	// moves from which the analysis never again gave it more than minus a
	// piece: where the game was lost.
	first, lostAt := 0, 0
	for i := len(report.Moves) - 1; i >= 0; i-- {
		a := report.Moves[i]
		if a.Mover != colour {
			continue
		}
		first = a.Before
		if a.Before > -surakarta.PieceValue {
			break
		}
		lostAt = a.Ply
	}
	for _, a := range report.Moves {
		if a.Mover == colour {
			first = a.Before
			break
		}
	}
	line += fmt.Sprintf("; start %s", surakarta.FormatScore(first))
	if lostAt > 0 {
		line += fmt.Sprintf(", below a piece from ply %d of %d", lostAt, g.Ply())
	}
	cause := ""
	switch {
	case r.Reason == surakarta.Repetition.String() && lead(positions[len(positions)-2]) >= 0:
		cause = "repetition"
	case turn == nil || surprise < analysis.BlunderLoss:
		cause = "outplayed"
	}
	if turn != nil {
		before := positions[turn.Ply-1]
		pieces := before.Count(surakarta.Black) + before.Count(surakarta.White)
		line += fmt.Sprintf("; turn %s expected %s, found %d less at the next turn, %d pieces", turn.MoveText(),
			surakarta.FormatScore(turn.After), surprise, pieces)
		if cause == "" {
			cause, err = s.causeOf(ctx, g, turn, pieces, tables)
			if err != nil {
				return finding{}, err
			}
		}
	}
	return finding{cause: cause, line: line + "; " + cause}, nil
}

// causeOf tells the cause of the turning move a, played in the position
// before it of pieces pieces.
func (s settings) causeOf(ctx context.Context, g *surakarta.Game, a *analysis.Annotation, pieces int, tables *tablebase.Tables) (string, error) {
	before, err := gameBefore(g, a.Ply)
	if err != nil {
		return "", err
	}
	if tables != nil && pieces <= s.tbPieces {
		if worse, ok := tableWorse(tables, before, a.Move); ok && worse {
			return "tables", nil
		}
	}
	search := func(depth int) (surakarta.Move, error) {
		res, err := surakarta.NewPVS(surakarta.NewNetwork()).Search(ctx, before, surakarta.Limits{Depth: depth})
		return res.Move, err
	}
	shallow, err := search(s.shallow)
	if err != nil {
		return "", err
	}
	deeper, err := search(s.deeper)
	if err != nil {
		return "", err
	}
	same := func(x, y surakarta.Move) bool { return x.From() == y.From() && x.To() == y.To() }
	if same(shallow, a.Move) && !same(deeper, a.Move) {
		return "horizon", nil
	}
	return "evaluation", nil
}

// tableWorse reports whether the tables give move m in p a worse result
// for its mover than p's own value, and whether they hold p.
func tableWorse(t *tablebase.Tables, g *surakarta.Game, m surakarta.Move) (worse, ok bool) {
	p := g.Position()
	best, err := t.Value(p)
	if err != nil {
		return false, false
	}
	q := p
	legal, err := p.Legal(m)
	if err != nil {
		return false, false
	}
	q.PlayUnchecked(legal)
	after, err := t.Value(q)
	if err != nil {
		return false, false
	}
	return rank(best.Result) > -rank(after.Result), true
}

// rank orders a table's results for the side to move: loss, draw, win.
func rank(r surakarta.TableResult) int {
	switch r {
	case surakarta.TableWin:
		return 1
	case surakarta.TableLoss:
		return -1
	}
	return 0
}

// gameBefore returns g's game before its ply-th move.
func gameBefore(g *surakarta.Game, ply int) (*surakarta.Game, error) {
	h, err := surakarta.NewGameWithRules(g.StartPosition(), g.Rules())
	if err != nil {
		return nil, err
	}
	for _, m := range g.Moves()[:ply-1] {
		if err := h.Play(m); err != nil {
			return nil, err
		}
	}
	return h, nil
}

// playerColour returns the colour of the player whose name contains
// name.
func playerColour(r *record.Record, name string) (surakarta.Color, bool) {
	switch {
	case strings.Contains(header(r, "Black"), name):
		return surakarta.Black, true
	case strings.Contains(header(r, "White"), name):
		return surakarta.White, true
	}
	return 0, false
}

// won reports whether the result is a win of colour.
func won(result string, colour surakarta.Color) bool {
	return result == "1-0" && colour == surakarta.Black || result == "0-1" && colour == surakarta.White
}

// outcomeWord names a result that is not a win: a loss or a draw.
func outcomeWord(result string) string {
	if result == "1/2-1/2" {
		return "draws"
	}
	return "losses"
}

// header returns a record's header, "" when it has none.
func header(r *record.Record, name string) string {
	v, _ := r.Header(name)
	return v
}

// readRecords reads the records of a file, gzipped when its name ends in
// .gz.
func readRecords(name string) ([]*record.Record, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var in io.Reader = bufio.NewReader(f)
	if strings.HasSuffix(name, ".gz") {
		z, err := gzip.NewReader(in)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		in = z
	}
	recs, err := record.ReadAll(in)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return recs, nil
}
