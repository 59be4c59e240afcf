package main

import (
	"compress/gzip"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/match"
)

// A referee that knows nothing of Surakarta, as a neutral UGI runner: it
// passes move strings between the engines, asks them whose turn it is and
// whether the game is over, keeps the clocks, and takes the result from
// the engines' answers to query result. The tests then check the game it
// recorded against the library's rules.

// refereeClock is a Fischer clock kept by the referee.
type refereeClock struct {
	time, inc time.Duration
}

// refereeGame is a game the referee played.
type refereeGame struct {
	start    string   // the position part of the position command
	moves    []string // as the engines sent them
	result   string   // p1win, p2win or draw, by the engines' answers
	forfeit  int      // the player (1 or 2) who ran out of time, or 0
	left     [2]time.Duration
	leastPly time.Duration // the least time left after a move
	thought  time.Duration // the time the engines took, all moves together
}

// playUGI plays a game between p1 and p2 from start ("startpos" or "fen
// <text>"), each move with "go goArgs", or on a clock when clock is not
// nil; maxPlies bounds the game.
func playUGI(t testing.TB, p1, p2 *process, start, goArgs string, clock *refereeClock, maxPlies int) refereeGame {
	t.Helper()
	engines := [2]*process{p1, p2}
	for _, e := range engines {
		e.send("uginewgame", "isready")
		e.expect("readyok")
	}
	g := refereeGame{start: start, leastPly: time.Duration(1<<63 - 1)}
	if clock != nil {
		g.left = [2]time.Duration{clock.time, clock.time}
	}
	position := func() string {
		if len(g.moves) == 0 {
			return "position " + start
		}
		return "position " + start + " moves " + strings.Join(g.moves, " ")
	}
	ask := func(e *process, question string) string {
		t.Helper()
		e.send("query " + question)
		_, line := e.untilPrefix("response ")
		return strings.TrimPrefix(line, "response ")
	}
	for len(g.moves) < maxPlies {
		p1.send(position())
		turn := 0
		if ask(p1, "p1turn") != "true" {
			turn = 1
		}
		us := engines[turn]
		us.send("isready")
		us.expect("readyok")
		us.send(position())
		if ask(us, "gameover") == "true" {
			break
		}
		goLine := "go " + goArgs
		if clock != nil {
			goLine = fmt.Sprintf("go p1time %d p2time %d p1inc %d p2inc %d",
				g.left[0].Milliseconds(), g.left[1].Milliseconds(), clock.inc.Milliseconds(), clock.inc.Milliseconds())
		}
		begin := time.Now()
		us.send(goLine)
		_, best := us.untilPrefix("bestmove ")
		spent := time.Since(begin)
		g.thought += spent
		if clock != nil {
			g.left[turn] -= spent
			if g.left[turn] <= 0 {
				g.forfeit = turn + 1
				break
			}
			g.leastPly = min(g.leastPly, g.left[turn])
			g.left[turn] += clock.inc
		}
		g.moves = append(g.moves, strings.Fields(best)[1]) // without a ponder move
	}
	if g.forfeit != 0 {
		g.result = "p1win"
		if g.forfeit == 1 {
			g.result = "p2win"
		}
		return g
	}
	// Both engines must agree on the end and the result.
	var results []string
	for _, e := range engines {
		e.send(position())
		if over := ask(e, "gameover"); over != "true" && len(g.moves) < maxPlies {
			t.Fatalf("%s: game over %q after %s", e.name, over, position())
		}
		results = append(results, ask(e, "result"))
	}
	if results[0] != results[1] {
		t.Fatalf("the engines disagree on the result of %s: %q", position(), results)
	}
	g.result = results[0]
	return g
}

// replay replays a referee's game with the library: every move must be
// legal, the game must be over (unless it reached maxPlies) with the
// engines' result, and a game lost on time ends by time forfeit.
func replay(t testing.TB, g refereeGame, maxPlies int) *surakarta.Game {
	t.Helper()
	text := surakarta.StartText
	if fen, ok := strings.CutPrefix(g.start, "fen "); ok {
		text = fen
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	game := surakarta.NewGame(p)
	for i, m := range g.moves {
		if err := game.PlayText(m); err != nil {
			t.Fatalf("move %d, %s: %v (moves %v)", i+1, m, err, g.moves)
		}
	}
	if g.forfeit != 0 {
		if err := game.ForfeitOnTime(surakarta.Color(g.forfeit - 1)); err != nil {
			t.Fatalf("forfeit: %v", err)
		}
	}
	o := game.Outcome()
	if !o.Over {
		if len(g.moves) < maxPlies {
			t.Fatalf("the game is not over after %v", g.moves)
		}
		return game
	}
	want := "draw"
	switch {
	case o.Draw:
	case o.Winner == surakarta.Black:
		want = "p1win"
	default:
		want = "p2win"
	}
	if g.result != want {
		t.Errorf("the engines say %s, the rules %v, after %v", g.result, o, g.moves)
	}
	return game
}

// TestUGIWholeGame: two engine processes play a whole game through UGI,
// refereed without the rules, and the library finds every move legal and
// the same result.
func TestUGIWholeGame(t *testing.T) {
	p1 := startEngine(t, "p1")
	p2 := startEngine(t, "p2")
	p2.send("setoption name Evaluator value sixfactor")
	for _, start := range []string{"startpos", "fen wwwwww/ww2ww/1w1w2/1b2b1/1bb1bb/bbbbbb b 4 3"} {
		g := playUGI(t, p1, p2, start, "nodes 3000", nil, 1000)
		game := replay(t, g, 1000)
		t.Logf("%s: %d plies, %s (%v)", start, len(g.moves), g.result, game.Outcome())
	}
	// Under other rules too: 101 quiet plies, threefold repetition.
	for _, p := range []*process{p1, p2} {
		p.send("setoption name QuietPlyLimit value 101", "setoption name RepetitionLimit value 3")
	}
	g := playUGI(t, p1, p2, "startpos", "depth 3", nil, 1000)
	start, _ := surakarta.ParsePosition(surakarta.StartText)
	game, err := surakarta.NewGameWithRules(start, surakarta.Rules{QuietPlyLimit: 101, RepetitionLimit: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range g.moves {
		if err := game.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if !game.Outcome().Over {
		t.Errorf("under 101 plies and threefold repetition: not over after %d plies", len(g.moves))
	}
}

// The clock match is a long run, off by default:
//
//	go test -run TestClockMatch -clockgames 200 -clock 10s+100ms -clockout clock.txt ./cmd/surakarta/
//
// plays that many games between two engine processes through UGI on a
// clock, two games at a time, from the openings of cmd/surakarta-match (seed
// 1, 4 plies, each opening with both colours), refereed as above, and
// fails on any time forfeit. The records go to -clockout.
var (
	clockGames       = flag.Int("clockgames", 0, "TestClockMatch: games to play on a clock (0: skip the test)")
	clockControl     = flag.String("clock", "10s+100ms", "TestClockMatch: time control, time+increment")
	clockOut         = flag.String("clockout", "", "TestClockMatch: record file (.gz to compress)")
	clockConcurrency = flag.Int("clockconcurrency", 2, "TestClockMatch: games at once")
)

func TestClockMatch(t *testing.T) {
	if *clockGames == 0 {
		t.Skip("a long run: give -clockgames N")
	}
	if *clockGames%2 != 0 {
		t.Fatal("-clockgames: want an even number (each opening with both colours)")
	}
	base, inc, ok := strings.Cut(*clockControl, "+")
	mainTime, err1 := time.ParseDuration(base)
	incTime, err2 := time.ParseDuration(inc)
	if !ok || err1 != nil || err2 != nil || mainTime <= 0 || incTime < 0 {
		t.Fatalf("-clock %q: want time+increment such as 10s+100ms", *clockControl)
	}
	clock := &refereeClock{time: mainTime, inc: incTime}
	openings, err := match.Openings(1, 4, *clockGames/2)
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu       sync.Mutex
		records  []*record.Record
		forfeits int
		least    = time.Duration(1<<63 - 1)
		thought  time.Duration
		plies    int
		score    [3]int // p1 wins, draws, p2 wins
		rounds   = make(chan int)
	)
	const maxPlies = 1000
	go func() {
		for r := range *clockGames {
			rounds <- r
		}
		close(rounds)
	}()
	// One pair of engine processes per game played at once, each pair in
	// a parallel subtest of its own (failures stop only that subtest).
	t.Run("games", func(t *testing.T) {
		for w := range *clockConcurrency {
			t.Run(strconv.Itoa(w+1), func(t *testing.T) {
				t.Parallel()
				a := startEngine(t, "surakarta-a")
				b := startEngine(t, "surakarta-b")
				for round := range rounds {
					p1, p2 := a, b
					if round%2 == 1 {
						p1, p2 = b, a
					}
					start := "fen " + openings[round/2].String()
					g := playUGI(t, p1, p2, start, "", clock, maxPlies)
					game := replay(t, g, maxPlies)
					rec := record.New(game,
						record.Header{Name: "Event", Value: "surakarta vs surakarta, UGI, clock"},
						record.Header{Name: "Round", Value: strconv.Itoa(round + 1)},
						record.Header{Name: "Black", Value: p1.name},
						record.Header{Name: "White", Value: p2.name},
						record.Header{Name: "TimeControl", Value: *clockControl},
						record.Header{Name: "TimeLeft", Value: fmt.Sprintf("black %v, white %v", g.left[0].Round(time.Millisecond), g.left[1].Round(time.Millisecond))},
						record.Header{Name: "LeastTimeLeft", Value: g.leastPly.Round(time.Millisecond).String()},
					)
					mu.Lock()
					records = append(records, rec)
					if g.forfeit != 0 {
						forfeits++
						t.Errorf("round %d: player %d (%s) lost on time after %d plies", round+1, g.forfeit, []string{p1.name, p2.name}[g.forfeit-1], len(g.moves))
					}
					least = min(least, g.leastPly)
					thought += g.thought
					plies += len(g.moves)
					score[map[string]int{"p1win": 0, "draw": 1, "p2win": 2}[g.result]]++
					t.Logf("round %d: %d plies, %s, least time left %v", round+1, len(g.moves), g.result, g.leastPly.Round(time.Millisecond))
					mu.Unlock()
				}
			})
		}
	})
	slices.SortFunc(records, func(x, y *record.Record) int {
		rx, _ := x.Header("Round")
		ry, _ := y.Header("Round")
		a, _ := strconv.Atoi(rx)
		b, _ := strconv.Atoi(ry)
		return a - b
	})
	t.Logf("%d games at %s: %d time forfeits; Black (p1) %d-%d-%d; least time left after a move %v; %.1f ms a move on average",
		len(records), *clockControl, forfeits, score[0], score[1], score[2], least.Round(time.Millisecond),
		float64(thought.Milliseconds())/float64(max(plies, 1)))
	if *clockOut != "" {
		if err := writeRecords(*clockOut, records); err != nil {
			t.Fatal(err)
		}
	}
}

// writeRecords writes records to a file, gzipped if its name ends in .gz.
func writeRecords(name string, records []*record.Record) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	var w io.Writer = f
	var zw *gzip.Writer
	if strings.HasSuffix(name, ".gz") {
		zw, _ = gzip.NewWriterLevel(f, gzip.BestCompression)
		w = zw
	}
	for _, r := range records {
		if _, err := r.WriteTo(w); err != nil {
			f.Close()
			return err
		}
	}
	if zw != nil {
		if err := zw.Close(); err != nil {
			f.Close()
			return err
		}
	}
	return f.Close()
}
