package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta"
)

// Config describes a match of engine A against engine B.
type Config struct {
	A, B Engine
	// Games is the number of games, rounded up to an even number: each
	// opening is played twice, A with Black and then with White.
	Games int
	// Limits bound every move's search (MoveTime for equal time per move,
	// or Nodes, or Depth).
	Limits surakarta.Limits
	// OpeningPlies random plies from the start make each opening (default
	// 4); openings are seeded by Seed and never repeat.
	OpeningPlies int
	Seed         uint64
	// Concurrency is the number of games played at once (0 = all cores).
	Concurrency int
	// MaxPlies ends a game still going after this many plies, adjudicated
	// by piece count (default 400; the quiet-ply and repetition rules end
	// most games long before).
	MaxPlies int
	// RecordFile, if set, receives every finished game as it ends. A match
	// run again with the same file and config resumes: games already in the
	// file are counted, not replayed.
	RecordFile string
	// SPRT, if set, stops the match as soon as the test decides.
	SPRT *SPRT
	// Progress, if set, receives a progress line after every game.
	Progress io.Writer
}

// Outcome is the result of a match.
type Outcome struct {
	Counts      Counts      // games, from A's point of view
	Pentanomial Pentanomial // completed pairs
	LLR         float64     // when Config.SPRT is set
	Decision    Decision    // when Config.SPRT is set
	Resumed     int         // games read back from the record file
}

// round is one game of a match: its number, its opening, and A's colour.
type round struct {
	number  int
	opening surakarta.Position
	aBlack  bool
}

// Run plays the match. It returns when all games are played, the SPRT has
// decided, or ctx is done (then with ctx's error and the games finished so
// far).
func Run(ctx context.Context, cfg Config) (Outcome, error) {
	if cfg.A.New == nil || cfg.B.New == nil {
		return Outcome{}, errors.New("match: both engines need a New function")
	}
	if cfg.A.Name == "" || cfg.A.Name == cfg.B.Name {
		return Outcome{}, fmt.Errorf("match: engines need two different names (A %q, B %q): the records tell them apart by name", cfg.A.Name, cfg.B.Name)
	}
	if cfg.Games <= 0 {
		return Outcome{}, errors.New("match: Games must be positive")
	}
	cfg.Games += cfg.Games % 2
	if cfg.OpeningPlies <= 0 {
		cfg.OpeningPlies = 4
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = 400
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = runtime.GOMAXPROCS(0)
	}
	openings, err := Openings(cfg.Seed, cfg.OpeningPlies, cfg.Games/2)
	if err != nil {
		return Outcome{}, err
	}

	m := &matchState{cfg: cfg, scores: make(map[int]float64)}
	if cfg.RecordFile != "" {
		if err := m.resume(); err != nil {
			return Outcome{}, err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if m.decided() {
		cancel()
	}

	rounds := make(chan round)
	var wg sync.WaitGroup
	for range cfg.Concurrency {
		wg.Go(func() {
			for r := range rounds {
				g := m.play(ctx, r)
				if g == nil {
					continue // abandoned: the match is stopping
				}
				if err := m.finish(r, g); err != nil {
					m.fail(err)
					cancel()
				}
				if m.decided() {
					cancel()
				}
			}
		})
	}
feed:
	for i := range cfg.Games {
		if m.done(i) {
			continue
		}
		r := round{number: i + 1, opening: openings[i/2], aBlack: i%2 == 0}
		select {
		case rounds <- r:
		case <-ctx.Done():
			break feed
		}
	}
	close(rounds)
	wg.Wait()
	if m.err != nil {
		return m.outcome, m.err
	}
	if err := context.Cause(ctx); err != nil && !m.decided() && m.outcome.Counts.Games() < cfg.Games {
		return m.outcome, err
	}
	return m.outcome, nil
}

// matchState is what the workers of a match share, under its mutex.
type matchState struct {
	cfg     Config
	mu      sync.Mutex
	outcome Outcome
	scores  map[int]float64 // A's score in each finished game, by round number
	err     error
}

func (m *matchState) done(i int) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	_, ok := m.scores[i+1]
	return ok
}

func (m *matchState) decided() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cfg.SPRT != nil && m.outcome.Decision != Continue
}

func (m *matchState) fail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err == nil {
		m.err = err
	}
}

// play plays one round and returns the finished game, or nil when ctx
// ended it first.
func (m *matchState) play(ctx context.Context, r round) *surakarta.Game {
	a, b := m.cfg.A.New(), m.cfg.B.New()
	black, white := a, b
	if !r.aBlack {
		black, white = b, a
	}
	g := surakarta.NewGame(r.opening)
	for !g.Outcome().Over && g.Ply() < m.cfg.MaxPlies {
		s := black
		if g.Position().SideToMove() == surakarta.White {
			s = white
		}
		res, err := s.Search(ctx, g, m.cfg.Limits)
		if err != nil || ctx.Err() != nil {
			return nil
		}
		if err := g.Play(res.Move); err != nil {
			m.fail(fmt.Errorf("match: round %d: engine played an illegal move: %w", r.number, err))
			return nil
		}
	}
	return g
}

// finish records a finished game: in the record file, in the counts and,
// when its pair is complete, in the pentanomial and the SPRT.
func (m *matchState) finish(r round, g *surakarta.Game) error {
	rec := m.record(r, g)
	score := aScore(rec.Result, r.aBlack)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.cfg.RecordFile != "" {
		if err := appendRecord(m.cfg.RecordFile, rec); err != nil {
			return err
		}
	}
	if err := m.add(r.number, score); err != nil {
		return err
	}
	if m.cfg.Progress != nil {
		fmt.Fprintln(m.cfg.Progress, m.progressLine())
	}
	return nil
}

// add counts A's score in the game of round number; the caller holds mu.
func (m *matchState) add(number int, score float64) error {
	if !validGameScore(score) {
		return fmt.Errorf("%w: round %d: %v", ErrInvalidScore, number, score)
	}
	m.scores[number] = score
	c := &m.outcome.Counts
	switch score {
	case 1:
		c.Wins++
	case 0:
		c.Losses++
	default:
		c.Draws++
	}
	partner := number + 1
	if number%2 == 0 {
		partner = number - 1
	}
	if other, ok := m.scores[partner]; ok {
		if err := m.outcome.Pentanomial.Add(score, other); err != nil {
			return err
		}
		if s := m.cfg.SPRT; s != nil {
			m.outcome.LLR = s.LLR(m.outcome.Pentanomial)
			m.outcome.Decision = s.Decide(m.outcome.LLR)
		}
	}
	return nil
}

// record makes the game record of a round.
func (m *matchState) record(r round, g *surakarta.Game) *surakarta.Record {
	black, white := m.cfg.A.Name, m.cfg.B.Name
	if !r.aBlack {
		black, white = white, black
	}
	rec := surakarta.NewRecord(g,
		surakarta.Header{Name: "Event", Value: m.cfg.A.Name + " vs " + m.cfg.B.Name},
		surakarta.Header{Name: "Round", Value: strconv.Itoa(r.number)},
		surakarta.Header{Name: "Black", Value: black},
		surakarta.Header{Name: "White", Value: white},
		surakarta.Header{Name: "Date", Value: time.Now().UTC().Format("2006-01-02")},
		surakarta.Header{Name: "TimeControl", Value: LimitsText(m.cfg.Limits)},
		surakarta.Header{Name: "Seed", Value: strconv.FormatUint(m.cfg.Seed, 10)},
	)
	if !g.Outcome().Over { // stopped at MaxPlies: decided by piece count (only the winner is used)
		p := g.Position()
		rec.Result = surakarta.ResultString(surakarta.Adjudicate(p, surakarta.NotOver))
		rec.Reason = "adjudicated: move limit"
	}
	return rec
}

// resume reads the games of the record file back into the counts.
func (m *matchState) resume() error {
	f, err := os.Open(m.cfg.RecordFile)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	records, err := surakarta.ReadRecords(f)
	if err != nil {
		return fmt.Errorf("match: resuming from %s: %w", m.cfg.RecordFile, err)
	}
	event := m.cfg.A.Name + " vs " + m.cfg.B.Name
	for _, rec := range records {
		ev, _ := rec.Header("Event")
		seed, _ := rec.Header("Seed")
		tc, _ := rec.Header("TimeControl")
		if ev != event || seed != strconv.FormatUint(m.cfg.Seed, 10) || tc != LimitsText(m.cfg.Limits) {
			return fmt.Errorf("match: %s holds games of another match (%q, seed %s, %s): use another file", m.cfg.RecordFile, ev, seed, tc)
		}
		roundText, _ := rec.Header("Round")
		number, err := strconv.Atoi(roundText)
		if err != nil || number < 1 {
			return fmt.Errorf("match: %s: a game has no valid Round header (%q)", m.cfg.RecordFile, roundText)
		}
		if _, seen := m.scores[number]; seen || number > m.cfg.Games {
			continue
		}
		black, _ := rec.Header("Black")
		if err := m.add(number, aScore(rec.Result, black == m.cfg.A.Name)); err != nil {
			return err
		}
		m.outcome.Resumed++
	}
	return nil
}

// appendRecord appends rec to the file, creating it if needed.
func appendRecord(name string, rec *surakarta.Record) error {
	f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := rec.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// aScore returns A's score in a game with the given result.
func aScore(result string, aBlack bool) float64 {
	black := 0.5
	switch result {
	case "1-0":
		black = 1
	case "0-1":
		black = 0
	}
	if aBlack {
		return black
	}
	return 1 - black
}

// LimitsText describes per-move limits, such as "100ms/move" or "depth 6":
// the TimeControl header of the match's records.
func LimitsText(l surakarta.Limits) string {
	var parts []string
	if l.MoveTime > 0 {
		parts = append(parts, l.MoveTime.String()+"/move")
	}
	if l.Nodes > 0 {
		parts = append(parts, strconv.FormatInt(l.Nodes, 10)+" nodes/move")
	}
	if l.Depth > 0 {
		parts = append(parts, "depth "+strconv.Itoa(l.Depth))
	}
	if len(parts) == 0 {
		return "default"
	}
	return strings.Join(parts, ", ")
}

// progressLine is the line shown after every game; the caller holds mu.
func (m *matchState) progressLine() string {
	c := m.outcome.Counts
	e := c.Elo()
	line := fmt.Sprintf("games %d/%d  W-D-L %d-%d-%d  Elo %+.1f (%+.1f, %+.1f)",
		c.Games(), m.cfg.Games, c.Wins, c.Draws, c.Losses, e.Diff, e.Low, e.High)
	if s := m.cfg.SPRT; s != nil {
		lo, hi := s.Bounds()
		line += fmt.Sprintf("  LLR %.2f (%.2f, %.2f)", m.outcome.LLR, lo, hi)
	}
	return line
}

// Openings returns n distinct opening positions, each made by plies random
// legal moves from the start (seeded by seed), none of them a finished
// game.
func Openings(seed uint64, plies, n int) ([]surakarta.Position, error) {
	r := rand.New(rand.NewPCG(seed, 0x5375726b))
	seen := make(map[surakarta.Position]bool)
	var openings []surakarta.Position
	for tries := 0; len(openings) < n; tries++ {
		if tries > 100*n+1000 {
			return nil, fmt.Errorf("match: found only %d distinct openings of %d plies, want %d", len(openings), plies, n)
		}
		g := surakarta.NewGame(surakarta.NewPosition())
		for g.Ply() < plies && !g.Outcome().Over {
			moves := g.LegalMoves()
			if err := g.Play(moves[r.IntN(len(moves))]); err != nil {
				return nil, err
			}
		}
		p := g.Position()
		if g.Outcome().Over || seen[p] {
			continue
		}
		seen[p] = true
		openings = append(openings, p)
	}
	return openings, nil
}
