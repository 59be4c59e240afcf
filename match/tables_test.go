package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/internal/testsize"
	"github.com/surakarta-go/surakarta/tablebase"
)

// The tests of adjudication by endgame tables (Config.Tables): the
// result is the one the tables' moves reach when the game is played out,
// a match ends its games at the first position the tables hold, its
// records resume and merge, and tables of other rules are refused.

// generateTables makes the tables of opt in a directory of the test and
// opens them for games of rules.
func generateTables(t *testing.T, opt tablebase.Options, rules surakarta.Rules) *tablebase.Tables {
	t.Helper()
	dir := t.TempDir()
	if err := tablebase.Generate(context.Background(), dir, opt); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(dir, rules)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	if tb.Pieces() != opt.Pieces {
		t.Fatalf("tables of %+v hold every class up to %d pieces", opt, tb.Pieces())
	}
	return tb
}

// randomGame returns a game under rules from a random position of 2 to
// pieces pieces, each side with one at least, and a random count of
// quiet plies below the rules' limit; not over.
func randomGame(t *testing.T, rng *rand.Rand, pieces int, rules surakarta.Rules) *surakarta.Game {
	t.Helper()
	for {
		n := 2 + rng.IntN(pieces-1)
		blacks := 1 + rng.IntN(n-1)
		var sets [2]surakarta.SquareSet
		for i := range n {
			c := 0
			if i >= blacks {
				c = 1
			}
			for {
				s := surakarta.SquareSet(1) << rng.IntN(surakarta.NumSquares)
				if (sets[0]|sets[1])&s == 0 {
					sets[c] |= s
					break
				}
			}
		}
		side := surakarta.Black
		if rng.IntN(2) == 1 {
			side = surakarta.White
		}
		p, err := surakarta.NewPositionFromSets(sets[0], sets[1], side)
		if err != nil {
			t.Fatal(err)
		}
		if rules.QuietPlyLimit > 0 {
			if err := p.SetQuietPlies(rng.IntN(rules.QuietPlyLimit)); err != nil {
				t.Fatal(err)
			}
		}
		g, err := surakarta.NewGameWithRules(p, rules)
		if err != nil {
			t.Fatal(err)
		}
		if !g.Outcome().Over {
			return g
		}
	}
}

// playOut plays g on with the tables' moves (Tables.BestMove) for both
// sides until the game ends or has played limit plies more, and returns
// its result, "1/2-1/2" at the limit, and the plies played.
func playOut(t *testing.T, tb *tablebase.Tables, g *surakarta.Game, limit int) (string, int) {
	t.Helper()
	for n := 0; ; n++ {
		if o := g.Outcome(); o.Over {
			return o.Result(), n
		}
		if n == limit {
			return surakarta.Outcome{Over: true, Draw: true}.Result(), n
		}
		m, _, err := tb.BestMove(g.Position())
		if err != nil {
			t.Fatalf("%v: %v", g.Position(), err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%v: %v: %v", g.Position(), m, err)
		}
	}
}

// TestTableEndIsThePlayedOutEnd: from random positions that small tables
// hold, the end that tableEnd gives a game is the end that the tables'
// moves reach, played for both sides under the tables' rules:
//
//   - capture-all tables of up to 4 pieces, in games without a quiet-ply
//     or repetition limit: a won or lost position ends in exactly the
//     tables' plies (the winner plays the fastest win, the loser the
//     slowest loss); a drawn one may go on for ever, so it is played for
//     200 plies, and a game still going then is a draw;
//   - tables of the quiet-ply limit 50, of up to 3 pieces (4 with
//     SURAKARTA_FULL=1: half a minute or more to make), in games of that limit and
//     no repetition limit, which always end: a capture or the limit comes
//     within 50 plies. The same positions in games under the Olympiad
//     rules, whose repetitions the tables do not see, are logged: how
//     many of them the tables' moves, which do not avoid a repetition,
//     end otherwise.
func TestTableEndIsThePlayedOutEnd(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	positions := testsize.Sized(3000, 1000, 200)
	t.Run("capture-all", func(t *testing.T) {
		rules := surakarta.Rules{}
		tb := generateTables(t, tablebase.Options{Pieces: 4}, rules)
		const drawnPlies = 200
		ends := map[surakarta.TableResult]int{}
		for range positions {
			g := randomGame(t, rng, 4, rules)
			start := g.Position()
			v := tableEnd(tb, tb.Pieces(), g)
			if v == nil {
				t.Fatalf("%v: not in the tables", start)
			}
			ends[v.value.Result]++
			got, plies := playOut(t, tb, g, drawnPlies)
			if got != v.result || v.value.Result != surakarta.TableDraw && plies != v.value.Plies {
				t.Errorf("%v: adjudicated %s (%s, %d plies), played out %s in %d plies", start, v.result, v.text, v.value.Plies, got, plies)
			}
		}
		t.Logf("%d positions: %d won, %d drawn, %d lost for the side to move", positions, ends[surakarta.TableWin], ends[surakarta.TableDraw], ends[surakarta.TableLoss])
	})
	t.Run("quiet-ply limit 50", func(t *testing.T) {
		pieces := testsize.Sized(4, 3, 3)
		rules := surakarta.Rules{QuietPlyLimit: 50}
		tb := generateTables(t, tablebase.Options{Pieces: pieces, QuietPlyLimit: 50}, rules)
		ends := map[surakarta.TableResult]int{}
		otherwise := 0
		for range positions {
			g := randomGame(t, rng, pieces, rules)
			start := g.Position()
			v := tableEnd(tb, tb.Pieces(), g)
			if v == nil {
				t.Fatalf("%v: not in the tables", start)
			}
			ends[v.value.Result]++
			// The limit of plies is never reached: a capture or the
			// quiet-ply limit comes within 50 plies.
			if got, plies := playOut(t, tb, g, 50*pieces); got != v.result || plies == 50*pieces {
				t.Errorf("%v: adjudicated %s (%s), played out %s in %d plies", start, v.result, v.text, got, plies)
			}
			olympiad, err := surakarta.NewGameWithRules(start, surakarta.OlympiadRules())
			if err != nil {
				t.Fatal(err)
			}
			if w := tableEnd(tb, tb.Pieces(), olympiad); w == nil || *w != *v {
				t.Fatalf("%v: under the Olympiad rules the tables give %v, under their own %v", start, w, v)
			}
			if got, _ := playOut(t, tb, olympiad, 50*pieces); got != v.result {
				otherwise++
			}
		}
		t.Logf("%d positions of up to %d pieces: %d won, %d drawn, %d lost for the side to move; under the Olympiad rules the tables' moves end %d of them otherwise (at a repetition)",
			positions, pieces, ends[surakarta.TableWin], ends[surakarta.TableDraw], ends[surakarta.TableLoss], otherwise)
	})
}

// tableOpenings returns n distinct openings of pieces pieces, each side
// with one at least, not over under the Olympiad rules.
func tableOpenings(t *testing.T, rng *rand.Rand, n, pieces int) []surakarta.Position {
	t.Helper()
	var openings []surakarta.Position
	for len(openings) < n {
		g := randomGame(t, rng, pieces, surakarta.OlympiadRules())
		p := g.Position()
		if p.Count(surakarta.Black)+p.Count(surakarta.White) != pieces || slices.Contains(openings, p) {
			continue
		}
		if err := p.SetQuietPlies(0); err != nil {
			t.Fatal(err)
		}
		if !surakarta.NewGame(p).Outcome().Over {
			openings = append(openings, p)
		}
	}
	return openings
}

// tablesMatch plays a match of strong against blind at depth 2 from
// openings of 4 and 5 pieces and one of 3, with the tables of the
// quiet-ply limit 50 of up to 3 pieces, and returns its config, outcome
// and record file.
func tablesMatch(t *testing.T) (Config, Outcome, string) {
	t.Helper()
	tb := generateTables(t, tablebase.Options{Pieces: 3, QuietPlyLimit: 50}, surakarta.OlympiadRules())
	rng := rand.New(rand.NewPCG(3, 7))
	openings := append(tableOpenings(t, rng, 1, 3), tableOpenings(t, rng, 6, 4)...)
	openings = append(openings, tableOpenings(t, rng, 3, 5)...)
	file := filepath.Join(t.TempDir(), "games.txt")
	cfg := Config{A: strong, B: blind, Games: 2 * len(openings), Limits: surakarta.Limits{Depth: 2}, Openings: openings,
		Seed: 3, Concurrency: 2, RecordFile: file, Tables: tb}
	out, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, out, file
}

// TestRunAdjudicatesByTables: a match with tables ends each game at the
// first position they hold, with their result, the Reason "adjudicated:
// tablebase" and a Tablebase header that says the value; the games are
// those played without tables, cut there.
func TestRunAdjudicatesByTables(t *testing.T) {
	cfg, out, file := tablesMatch(t)
	tb := cfg.Tables
	recs := recordsIn(t, file)
	adjudicated, atStart, plies := 0, 0, 0
	var counts [3]int
	for _, rec := range recs {
		round, _ := rec.Header("Round")
		number, _ := strconv.Atoi(round)
		positions := rec.Game.Positions()
		plies += rec.Game.Ply()
		for i, p := range positions[:len(positions)-1] {
			if p.Count(surakarta.Black)+p.Count(surakarta.White) <= tb.Pieces() {
				t.Errorf("round %d: ply %d, %v, is held by the tables, but the game went on", number, i, p)
			}
		}
		counts[int(2*aScore(rec.Result, number%2 == 1))]++
		last := positions[len(positions)-1]
		text, hasText := rec.Header(tablesHeader)
		if rec.Game.Outcome().Over || last.Count(surakarta.Black)+last.Count(surakarta.White) > tb.Pieces() {
			if rec.Reason == tablesReason || hasText {
				t.Errorf("round %d: %s, %s %q, but the tables do not hold its last position %v", number, rec.Result, rec.Reason, text, last)
			}
			continue
		}
		v, ok := tb.Probe(last)
		if !ok {
			t.Fatalf("round %d: %v not in the tables", number, last)
		}
		want := tableText(last, 50, v.Result)
		if rec.Reason != tablesReason || rec.Result != tableResult(last.SideToMove(), v.Result) || text != want {
			t.Errorf("round %d: %s, %s, %s %q; want %s, %s, %q", number, rec.Result, rec.Reason, tablesHeader, text,
				tableResult(last.SideToMove(), v.Result), tablesReason, want)
		}
		adjudicated++
		if rec.Game.Ply() == 0 {
			atStart++
		}
	}
	if atStart != 2 || adjudicated <= atStart {
		t.Errorf("%d games adjudicated by the tables, %d at their opening; want the 2 of the 3-piece opening, and more after a capture", adjudicated, atStart)
	}
	if c := out.Counts; c.Losses != counts[0] || c.Draws != counts[1] || c.Wins != counts[2] {
		t.Errorf("counts %v, from the records %v", c, counts)
	}
	// The same match without tables plays the same games on.
	whole := cfg
	whole.Tables, whole.RecordFile = nil, filepath.Join(t.TempDir(), "whole.txt")
	if _, err := Run(context.Background(), whole); err != nil {
		t.Fatal(err)
	}
	played := movesIn(t, whole.RecordFile)
	wholePlies := 0
	for _, moves := range played {
		wholePlies += len(moves)
	}
	for number, moves := range movesIn(t, file) {
		if w := played[number]; len(w) < len(moves) || !slices.Equal(w[:len(moves)], moves) {
			t.Errorf("round %d: with the tables %v, without %v", number, moves, w)
		}
	}
	t.Logf("%d games, %d adjudicated by the tables (%d at the opening): %d plies played, %d without the tables", len(recs), adjudicated, atStart, plies, wholePlies)
}

// movesIn returns the moves of the games of a record file by round.
func movesIn(t *testing.T, file string) map[int][]surakarta.Move {
	t.Helper()
	games := make(map[int][]surakarta.Move)
	for _, rec := range recordsIn(t, file) {
		text, _ := rec.Header("Round")
		n, _ := strconv.Atoi(text)
		games[n] = rec.Game.Moves()
	}
	return games
}

// TestTablesRecordsResumeAndMerge: the records of games that the tables
// adjudicated read back and write again the same, resume (with the
// tables, or without them) and merge as any other, and ReadConfig reads
// their match; edited, they are refused.
func TestTablesRecordsResumeAndMerge(t *testing.T) {
	cfg, out, file := tablesMatch(t)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	var b strings.Builder
	round, over := 0, 0 // a round that the tables adjudicated after a move, one that the rules ended
	for _, rec := range recordsIn(t, file) {
		out, err := rec.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		b.Write(out)
		n, _ := rec.Header("Round")
		switch {
		case rec.Reason == tablesReason && rec.Game.Ply() > 0 && round == 0:
			round, _ = strconv.Atoi(n)
		case rec.Game.Outcome().Over && over == 0:
			over, _ = strconv.Atoi(n)
		}
	}
	if b.String() != text {
		t.Errorf("the records written again differ from the file:\n%s\nwant\n%s", b.String(), text)
	}
	if round == 0 || over == 0 {
		t.Fatalf("rounds %d and %d: want a game that the tables adjudicated after a move and one that the rules ended", round, over)
	}
	checkRefused(t, cfg, text, round, "", out)
	without := cfg
	without.Tables = nil
	checkRefused(t, without, text, round, "", out)
	read, err := ReadConfig(file)
	if err != nil {
		t.Fatal(err)
	}
	if read.Tables != nil || read.TablePieces != 0 {
		t.Errorf("ReadConfig: Tables %v, TablePieces %d; want none", read.Tables, read.TablePieces)
	}
	if merged, err := Merge(read, file); err != nil || merged.Counts != out.Counts || merged.Pentanomial != out.Pentanomial {
		t.Errorf("merging the match ReadConfig reads: %v, %v; want %v", merged, err, out)
	}

	flip := func(rec *record.Record) {
		rec.Result = map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[rec.Result]
	}
	for _, tc := range []struct {
		name  string
		round int
		edit  func(*record.Record)
		want  string
	}{
		{"another result", round, flip, "does not say the value that the result gives the last position"},
		{"another result and its value", round, func(rec *record.Record) {
			flip(rec)
			p := rec.Game.Position()
			r, _ := moverResult(p.SideToMove(), rec.Result)
			setHeader(rec, tablesHeader, tableText(p, 50, r))
		}, ""},
		{"no Tablebase header", round, func(rec *record.Record) { setHeader(rec, tablesHeader, "") }, "adjudicated by the tables without its Tablebase header"},
		{"the value of other rules", round, func(rec *record.Record) {
			text, _ := rec.Header(tablesHeader)
			setHeader(rec, tablesHeader, strings.Replace(text, "-q50:", "-all:", 1))
		}, "does not say the value"},
		{"the value of another class", round, func(rec *record.Record) {
			text, _ := rec.Header(tablesHeader)
			setHeader(rec, tablesHeader, "4v4"+text[3:])
		}, "does not say the value"},
		{"a Forfeit header", round, func(rec *record.Record) { setHeader(rec, forfeitHeader, "Black (strong) forfeits") }, "adjudicated by the tables with a Forfeit header"},
		{"another reason", round, func(rec *record.Record) { rec.Reason = adjudicatedReason }, "a Tablebase header on a game that the tables did not adjudicate"},
		{"a game the rules ended, with a Tablebase header", over, func(rec *record.Record) {
			setHeader(rec, tablesHeader, "2v1-q50: Black to move wins")
		}, "a Tablebase header on a game that the tables did not adjudicate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want := out
			if tc.want == "" { // what the runner could have written: counted, the other way
				want.Counts = flippedCounts(t, out.Counts, text, tc.round)
			}
			checkRefused(t, cfg, editRecords(t, text, tc.round, tc.edit), tc.round, tc.want, want)
		})
	}
}

// flippedCounts returns counts with the result of round's record in text
// flipped as the test does: a win the other way, a draw a win of Black.
func flippedCounts(t *testing.T, c elo.Counts, text string, round int) elo.Counts {
	t.Helper()
	recs, err := record.ReadAll(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs {
		if r, _ := rec.Header("Round"); r != strconv.Itoa(round) {
			continue
		}
		aBlack := round%2 == 1
		flipped := map[string]string{"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1-0"}[rec.Result]
		for _, d := range []struct {
			result string
			sign   int
		}{{rec.Result, -1}, {flipped, 1}} {
			switch aScore(d.result, aBlack) {
			case 1:
				c.Wins += d.sign
			case 0:
				c.Losses += d.sign
			default:
				c.Draws += d.sign
			}
		}
	}
	return c
}

// fakeTables are tables of the given rules and pieces that hold nothing.
type fakeTables struct {
	rules  surakarta.Rules
	pieces int
}

func (f fakeTables) TablesRules() surakarta.Rules { return f.rules }
func (f fakeTables) Pieces() int                  { return f.pieces }
func (f fakeTables) Probe(surakarta.Position) (surakarta.TableValue, bool) {
	return surakarta.TableValue{}, false
}

// TestTablesOfOtherRulesAreRefused: a match refuses tables whose values
// are not those of its games, under the Olympiad rules (the capture-all
// tables, another quiet-ply limit, another repetition limit), tables with
// no complete piece count, and a TablePieces negative or without tables;
// Run refuses them before playing.
func TestTablesOfOtherRulesAreRefused(t *testing.T) {
	captureAll := generateTables(t, tablebase.Options{Pieces: 2}, surakarta.Rules{})
	for _, tc := range []struct {
		name   string
		tables surakarta.EndgameTables
		pieces int
		want   string // "": accepted
	}{
		{"capture-all", captureAll, 0, "quiet=0 repetition=0"},
		{"quiet-ply limit 40", fakeTables{surakarta.Rules{QuietPlyLimit: 40}, 3}, 0, "quiet=40 repetition=0"},
		{"repetition limit 3", fakeTables{surakarta.Rules{QuietPlyLimit: 50, RepetitionLimit: 3}, 3}, 0, "quiet=50 repetition=3"},
		{"no complete piece count", fakeTables{surakarta.Rules{QuietPlyLimit: 50}, 0}, 0, "Pieces 0"},
		{"negative TablePieces", fakeTables{surakarta.Rules{QuietPlyLimit: 50}, 3}, -1, "TablePieces -1"},
		{"TablePieces without tables", nil, 3, "without Tables"},
		{"quiet-ply limit 50", fakeTables{surakarta.Rules{QuietPlyLimit: 50}, 3}, 2, ""},
		{"the Olympiad rules", fakeTables{surakarta.OlympiadRules(), 3}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "games.txt")
			cfg := config(file, 2)
			cfg.Tables, cfg.TablePieces = tc.tables, tc.pieces
			err := cfg.Validate()
			if tc.want == "" {
				if err != nil {
					t.Errorf("Validate: %v", err)
				}
				return
			}
			if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Validate: %v; want ErrInvalidConfig saying %q", err, tc.want)
			}
			if _, err := Run(context.Background(), cfg); !errors.Is(err, ErrInvalidConfig) {
				t.Errorf("Run: %v; want ErrInvalidConfig", err)
			}
			if _, err := os.Stat(file); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("Run made the record file: %v", err)
			}
		})
	}
}
