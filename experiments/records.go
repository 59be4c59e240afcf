package experiments

import (
	"cmp"
	"compress/gzip"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/match"
)

// sprt is the test of every published SPRT, [0, 10] at α = β = 0.05, as
// the matches ran it (-sprt 0,10). The LLR of a table is that of all the
// pairs in the records, as the tables have always given it.
var sprt = elo.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}

// nonRegression is the SPRT of a change that must not lose: [−10, 0].
var nonRegression = elo.SPRT{Elo0: -10, Elo1: 0, Alpha: 0.05, Beta: 0.05}

// Records are the games of one record file under matches/.
type Records struct {
	File string // the path under matches/, such as "tune/weight20.txt.gz"
	recs []*record.Record
}

// readRecords reads a record file, gunzipped if its name ends in .gz.
func readRecords(path string) ([]*record.Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		r = zr
	}
	recs, err := record.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return recs, nil
}

// Games returns the number of games.
func (r *Records) Games() int { return len(r.recs) }

// Rounds returns the records of rounds 1 to n, in their order: the first
// n/2 openings of a match, to compare two matches over the openings they
// both played.
func (r *Records) Rounds(n int) (*Records, error) {
	var recs []*record.Record
	for _, rec := range r.recs {
		round, _ := rec.Header("Round")
		number, err := strconv.Atoi(round)
		if err != nil {
			return nil, fmt.Errorf("%s: Round %q: %v", r.File, round, err)
		}
		if number <= n {
			recs = append(recs, rec)
		}
	}
	if len(recs) != n {
		return nil, fmt.Errorf("%s: %d of rounds 1 to %d", r.File, len(recs), n)
	}
	return &Records{File: r.File, recs: recs}, nil
}

// Match returns the result of r for engine a, as the template function
// match returns that of a file.
func (r *Records) Match(a string) (*Match, error) { return newMatch(r, a) }

// Forfeits returns the number of games lost by a forfeit: those with a
// Forfeit header, as the match tool writes it, or ended on time, as the
// harness of a clock match ends them.
func (r *Records) Forfeits() int {
	n := 0
	for _, rec := range r.recs {
		if _, ok := rec.Header("Forfeit"); ok || rec.Reason == surakarta.TimeForfeit.String() {
			n++
		}
	}
	return n
}

// Reasons says how the games ended, the most frequent reason first (ties
// in the order of the names): "75 no pieces left, 22 repetition".
func (r *Records) Reasons() string {
	counts := map[string]int{}
	for _, rec := range r.recs {
		counts[rec.Reason]++
	}
	reasons := slices.Collect(maps.Keys(counts))
	slices.SortFunc(reasons, func(a, b string) int {
		if c := cmp.Compare(counts[b], counts[a]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	parts := make([]string, len(reasons))
	for i, reason := range reasons {
		parts[i] = fmt.Sprintf("%d %s", counts[reason], reason)
	}
	return strings.Join(parts, ", ")
}

// Results says how the games ended by colour, for games whose two sides
// are the same engine, where the colour is what differs: "455 won by
// Black, 30 drawn, 215 won by White" (a game without a result counts in
// none).
func (r *Records) Results() string {
	counts := map[string]int{}
	for _, rec := range r.recs {
		counts[rec.Result]++
	}
	return fmt.Sprintf("%d won by Black, %d drawn, %d won by White", counts["1-0"], counts["1/2-1/2"], counts["0-1"])
}

// LeastTimeLeft returns the least time a side had left after a move in
// the games of a clock match, from their LeastTimeLeft headers.
func (r *Records) LeastTimeLeft() (time.Duration, error) {
	least := time.Duration(math.MaxInt64)
	for _, rec := range r.recs {
		v, _ := rec.Header("LeastTimeLeft")
		d, err := time.ParseDuration(v)
		if err != nil {
			round, _ := rec.Header("Round")
			return 0, fmt.Errorf("%s, round %s: LeastTimeLeft %q: %v", r.File, round, v, err)
		}
		least = min(least, d)
	}
	return least, nil
}

// TimeLeft is the mean time each side had left at the end of some games
// of a clock match, to the millisecond.
type TimeLeft struct {
	Games        int
	Black, White time.Duration
}

// TimeLeftAfter returns the mean time each side had left at the end of
// the games of a clock match whose result is result ("1-0", "0-1" or
// "1/2-1/2"), from their TimeLeft headers: whether the side that lost
// still had time it never spent.
func (r *Records) TimeLeftAfter(result string) (TimeLeft, error) {
	var t TimeLeft
	var black, white time.Duration
	for _, rec := range r.recs {
		if rec.Result != result {
			continue
		}
		v, _ := rec.Header("TimeLeft")
		b, w, ok := strings.Cut(v, ", ")
		b, okB := strings.CutPrefix(b, "black ")
		w, okW := strings.CutPrefix(w, "white ")
		db, errB := time.ParseDuration(b)
		dw, errW := time.ParseDuration(w)
		if !ok || !okB || !okW || errB != nil || errW != nil {
			round, _ := rec.Header("Round")
			return TimeLeft{}, fmt.Errorf("%s, round %s: TimeLeft %q is not \"black T, white T\"", r.File, round, v)
		}
		t.Games++
		black += db
		white += dw
	}
	if t.Games > 0 {
		t.Black = (black / time.Duration(t.Games)).Round(time.Millisecond)
		t.White = (white / time.Duration(t.Games)).Round(time.Millisecond)
	}
	return t, nil
}

// PliesPerGame returns the mean number of moves of a game after its
// opening.
func (r *Records) PliesPerGame() float64 {
	plies := 0
	for _, rec := range r.recs {
		plies += len(rec.Game.Moves())
	}
	return float64(plies) / float64(len(r.recs))
}

// Endgames returns the number of games that reach a position where both
// sides have at most EndgameAdjusted's AdjustedPieces, where its endgame
// weights apply.
func (r *Records) Endgames() int {
	limit := surakarta.NewEndgameAdjusted().AdjustedPieces
	n := 0
	for _, rec := range r.recs {
		for _, p := range rec.Game.Positions() {
			if p.Count(surakarta.Black) <= limit && p.Count(surakarta.White) <= limit {
				n++
				break
			}
		}
	}
	return n
}

// Match is the result of a record file from the point of view of engine
// A: the games counted as the match tool counts them, a pair being rounds
// 2p+1 and 2p+2.
type Match struct {
	*Records
	A, B  string // the engines' names in the records
	games elo.Counts
	pairs elo.Pentanomial

	asBlack, asWhite elo.Counts // A's games by its colour
}

// newMatch counts the games of r for engine a, which must play every
// game, always against one other engine.
func newMatch(r *Records, a string) (*Match, error) {
	m := &Match{Records: r, A: a}
	scores := make(map[int]float64) // A's score by round
	for _, rec := range r.recs {
		black, _ := rec.Header("Black")
		white, _ := rec.Header("White")
		round, _ := rec.Header("Round")
		number, err := strconv.Atoi(round)
		if err != nil {
			return nil, fmt.Errorf("%s: Round %q: %v", r.File, round, err)
		}
		other := white
		if white == a {
			other = black
		}
		if black != a && white != a || m.B != "" && other != m.B {
			return nil, fmt.Errorf("%s, round %d: %s against %s, not %s against one engine", r.File, number, black, white, a)
		}
		m.B = other
		if _, seen := scores[number]; seen {
			return nil, fmt.Errorf("%s: round %d twice", r.File, number)
		}
		byColour := &m.asWhite
		if black == a {
			byColour = &m.asBlack
		}
		score := 0.5
		switch {
		case rec.Result == "1-0" && black == a, rec.Result == "0-1" && white == a:
			score, m.games.Wins, byColour.Wins = 1, m.games.Wins+1, byColour.Wins+1
		case rec.Result == "1-0" || rec.Result == "0-1":
			score, m.games.Losses, byColour.Losses = 0, m.games.Losses+1, byColour.Losses+1
		default:
			m.games.Draws, byColour.Draws = m.games.Draws+1, byColour.Draws+1
		}
		scores[number] = score
		partner := number + 1
		if number%2 == 0 {
			partner = number - 1
		}
		if other, ok := scores[partner]; ok {
			if err := m.pairs.Add(score, other); err != nil {
				return nil, fmt.Errorf("%s, round %d: %v", r.File, number, err)
			}
		}
	}
	if m.B == "" {
		return nil, fmt.Errorf("%s: no games", r.File)
	}
	return m, nil
}

// Elo is an Elo difference with its 95% interval, written as the tables
// write it: "+41.0 (+19.9, +62.5)".
type Elo elo.Estimate

func (e Elo) String() string { return elo.Estimate(e).String() }

// Games returns the number of games counted.
func (m *Match) Games() int { return m.games.Games() }

// WDL returns A's wins, draws and losses: "229-65-174".
func (m *Match) WDL() string { return wdl(m.games) }

// wdl writes counts as wins, draws and losses: "229-65-174".
func wdl(c elo.Counts) string { return fmt.Sprintf("%d-%d-%d", c.Wins, c.Draws, c.Losses) }

// ByColour returns A's wins, draws and losses by its colour: "196-10-4
// as Black, 157-15-38 as White". Against an engine that is not ours the
// losses come mostly as White, the second player.
func (m *Match) ByColour() string {
	return wdl(m.asBlack) + " as Black, " + wdl(m.asWhite) + " as White"
}

// Score returns A's score in percent: "55.9%". It is computed from whole
// numbers, so that a score such as 12.25% rounds as the tables have
// always rounded it.
func (m *Match) Score() string {
	c := m.games
	return fmt.Sprintf("%.1f%%", float64(100*c.Wins+50*c.Draws)/float64(c.Games()))
}

// Elo returns the Elo of A over B from the games.
func (m *Match) Elo() Elo { return Elo(m.games.Elo()) }

// PairElo returns the Elo of A over B from the pairs.
func (m *Match) PairElo() Elo { return Elo(m.pairs.Elo()) }

// Pairs returns the pair counts, LL to WW: "0-1-23-25-151".
func (m *Match) Pairs() string {
	p := m.pairs
	return fmt.Sprintf("%d-%d-%d-%d-%d", p[0], p[1], p[2], p[3], p[4])
}

// LLR returns the SPRT's log-likelihood ratio: "2.95".
func (m *Match) LLR() string { return fmt.Sprintf("%.2f", sprt.LLR(m.pairs)) }

// Decision returns the SPRT's decision after the games played: "H1 after
// 208 games", "H0 after …" or "undecided after …".
func (m *Match) Decision() string {
	d := strings.TrimSuffix(sprt.Decide(sprt.LLR(m.pairs)).String(), " accepted")
	return fmt.Sprintf("%s after %d games", d, m.Games())
}

// SPRT returns the decision with the LLR: "H1 after 468 games (LLR 2.98)".
func (m *Match) SPRT() string { return m.Decision() + " (LLR " + m.LLR() + ")" }

// NonRegression returns the decision and LLR of the SPRT [−10, 0], that
// of a change that must not lose: "H1 after 252 games (LLR 2.97)".
func (m *Match) NonRegression() string {
	llr := nonRegression.LLR(m.pairs)
	d := strings.TrimSuffix(nonRegression.Decide(llr).String(), " accepted")
	return fmt.Sprintf("%s after %d games (LLR %.2f)", d, m.Games(), llr)
}

// Fixed says that the match had no SPRT: "none: a fixed 400 games".
func (m *Match) Fixed() string { return fmt.Sprintf("none: a fixed %d games", m.Games()) }

// Summary returns the line that surakarta-match -merge prints for the
// records of a match without an SPRT: "A vs B: " and Outcome.String.
func (m *Match) Summary() string {
	return m.A + " vs " + m.B + ": " + match.Outcome{Counts: m.games, Pentanomial: m.pairs}.String()
}

// SummarySPRT returns the line of a match that had the SPRT [0, 10].
func (m *Match) SummarySPRT() string {
	llr := sprt.LLR(m.pairs)
	o := match.Outcome{Counts: m.games, Pentanomial: m.pairs, SPRT: sprt, LLR: llr, Decision: sprt.Decide(llr)}
	return m.A + " vs " + m.B + ": " + o.String()
}

// RuleOfThree returns the Elo of B below A that A's winning every game
// bounds, rounded: by the rule of three, B's expected score is below 3/N
// with 95% confidence. It fails when B scored.
func (m *Match) RuleOfThree() (string, error) {
	if m.games.Wins != m.Games() {
		return "", fmt.Errorf("%s: %s scored against %s (%s), so the rule of three does not apply", m.File, m.B, m.A, m.WDL())
	}
	return fmt.Sprintf("%.0f", elo.FromScore(3/float64(m.Games()))), nil
}

// Chain is a sum of the pair Elo differences of matches along a chain of
// engines, each match's B the A of the one before, with an interval whose
// distances below and above the sum are the root sums of squares of the
// matches' own, as the strength levels' scale and the ladder chain them.
type Chain struct {
	diff, below, above float64 // below and above: the sums of squares
}

// chain returns the chain of the matches.
func chain(ms ...*Match) Chain {
	var c Chain
	for _, m := range ms {
		c = c.Plus(m)
	}
	return c
}

// Plus returns the chain with one more match at its end.
func (c Chain) Plus(m *Match) Chain {
	e := m.pairs.Elo()
	return Chain{c.diff + e.Diff, c.below + (e.Diff-e.Low)*(e.Diff-e.Low), c.above + (e.High-e.Diff)*(e.High-e.Diff)}
}

// Diff returns the sum of the differences, without its interval.
func (c Chain) Diff() string { return elo.Format(c.diff) }

func (c Chain) String() string {
	return Elo{Diff: c.diff, Low: c.diff - math.Sqrt(c.below), High: c.diff + math.Sqrt(c.above)}.String()
}

// book reads the record files and patches of a repository for the
// templates, each once, and remembers which it read.
type book struct {
	root    string              // the repository's root
	read    map[string]*Records // by path under recordsDir, with slashes
	tunings map[string]*Tuning  // the SPSA state files, by path under recordsDir
	patches map[string]bool     // by name
}

// records returns the games of the file under recordsDir.
func (b *book) records(file string) (*Records, error) {
	if r, ok := b.read[file]; ok {
		return r, nil
	}
	recs, err := readRecords(filepath.Join(b.root, recordsDir, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	r := &Records{File: file, recs: recs}
	b.read[file] = r
	return r, nil
}

// match returns the result of the file for engine a.
func (b *book) match(file, a string) (*Match, error) {
	r, err := b.records(file)
	if err != nil {
		return nil, err
	}
	return newMatch(r, a)
}
