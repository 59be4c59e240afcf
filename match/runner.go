package match

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/elo"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/internal/clip"
	"github.com/surakarta-go/surakarta/internal/errmark"
)

// Config describes a match of engine A against engine B. Validate checks
// it, and Run checks it the same way before anything starts.
//
// Run only reads its Config, which may be shared by several matches run at
// the same time, as long as they do not share a RecordFile and nothing
// changes the Config meanwhile.
type Config struct {
	// A and B are the engines, with two different names.
	A, B enginespec.Engine
	// Games is the number of games, positive and even: each opening is
	// played twice, A with Black and then with White.
	Games int
	// Limits bound every move's search (MoveTime for equal time per move,
	// or Nodes, or Depth, or a Clock); they must validate
	// (surakarta.Limits.Validate).
	//
	// Limits.Clock, if set, is the time control: each game is played on a
	// clock that Run keeps, which starts with Clock.Black and Clock.White,
	// adds BlackIncrement or WhiteIncrement after each of that side's
	// moves and, when MovesToGo is positive, adds the side's starting time
	// again after every MovesToGo moves of that side (a repeating
	// control). Both starting times must be positive. Before each move the
	// searcher gets Limits whose Clock holds both sides' time left, the
	// increments and the mover's moves to the next control; Run measures
	// the wall time of the Search call (for an external engine, its first
	// move's includes starting the program) and takes it off the mover's
	// clock. A side whose time left goes below zero loses on time, as
	// Game.ForfeitOnTime ends the game, with a Forfeit header in its
	// record; the match goes on. MoveTime, Nodes and Depth may be set
	// with a Clock: the search then stops at whichever comes first.
	// Their Progress function, if set, is called by the games played at
	// once from their own goroutines, so it must be safe for concurrent
	// use.
	Limits surakarta.Limits
	// OpeningPlies random plies from the start make each opening (0 means
	// the default, 4); openings are seeded by Seed and never repeat. With
	// given Openings it must be 0.
	OpeningPlies int
	Seed         uint64
	// Openings, when not nil, are the openings themselves, for a match
	// that measures play from chosen positions (such as endgames) rather
	// than from random ones: game pair p, rounds 2p+1 and 2p+2, starts
	// from Openings[p]. OpeningPlies must then be 0 and Games/2 at most
	// len(Openings); every opening must be a game not over under the
	// Olympiad rules, under which matches are played, and no opening may
	// be there twice. Seed then makes no opening, but the records still
	// name it, and resuming checks it as ever.
	// The records of such a match carry the header [Openings "given"],
	// and their start positions are the openings: resuming checks that
	// each record starts from its round's opening (a file played with
	// another list fails), and ReadConfig reads the openings back from
	// the records. A match may be extended with more games and a longer
	// list that begins with the same openings.
	Openings []surakarta.Position
	// Concurrency is the number of games played at once (0 means all
	// cores). No more are played at once than there are games.
	Concurrency int
	// MaxPlies ends a game still going after this many plies, adjudicated
	// by piece count (0 means the default, 400; the quiet-ply and
	// repetition rules end most games long before). A match resumed or
	// merged needs the MaxPlies its games were played with: a record
	// adjudicated at another ply is refused.
	MaxPlies int
	// Tables, if set, adjudicates games by endgame tables, as match
	// runners do with tablebases: a game is ended at the first of its
	// positions (its opening, and the position after each move, the one
	// at MaxPlies plies too) that the rules have not ended and the tables
	// hold, with at most Tables.Pieces() pieces (and at most TablePieces,
	// when positive). Its result is the tables' value of that position; its record has
	// the Reason "adjudicated: tablebase" and a Tablebase header that says
	// the value: the class (the side to move's pieces against the
	// other's), the tables' rule set and the value for the side to move,
	// such as "3v2-q50: White to move wins". A probe that fails (a table
	// found damaged) leaves the game to be played on. Run probes the
	// tables from the games played at once, so they must be safe for
	// concurrent use, as package tablebase's are.
	//
	// The tables must hold the values of the match's games, which are
	// played under the Olympiad rules: tables made with QuietPlyLimit 50
	// (package tablebase's Options{QuietPlyLimit: 50}) and with no
	// repetition limit or the Olympiad one. Validate refuses any others,
	// the capture-all tables among them: their results are those of other
	// games. Tables made without the repetition limit do not see
	// repetitions, which under the Olympiad rules end a game by the piece
	// count: their value is exact for the game without the repetition
	// limit, and may be spoilt by a repetition that the piece count
	// favours (docs/tablebases.md says how). The adjudication takes the
	// value as it stands, as match runners do.
	//
	// Resuming and merging count such records as any other: they do not
	// know the tables a record was adjudicated by, so they check that its
	// Tablebase header says the value its result gives its last position,
	// in a class and rule set of the match's, but not that the tables
	// hold that value. A match may be resumed or merged with other tables
	// than it was played with, or none.
	Tables surakarta.EndgameTables
	// TablePieces, if positive, makes Tables adjudicate only positions of
	// at most this many pieces; 0 means all that Tables hold. It needs
	// Tables.
	TablePieces int
	// RecordFile, if set, receives every finished game as it ends. A match
	// run again with the same file and config resumes: games already in the
	// file are counted, not replayed. Run checks that every game in the
	// file belongs to this match (engines, colours, time control, seed, the
	// round's opening and the shard), with no round twice, and that no
	// other process is writing the file: it locks the file for the whole
	// run, where the system allows (see Run). It counts only the results
	// it makes, with their evidence in the record: the rules' end of the
	// game replayed; "adjudicated: move limit" for a game of exactly
	// MaxPlies plies, with the result of its piece count; "adjudicated:
	// tablebase" for a game not over, with a Tablebase header that its
	// result and last position bear out (see Tables); a forfeit
	// ("forfeit: …", or "time forfeit") lost by the side to move, with a
	// Forfeit header that names that side, its engine, the ply and the
	// position, and on a clock the TimeLeft and LeastTimeLeft headers for
	// a time forfeit. Any other result (a resignation, a draw by
	// agreement, a forfeit without its header) is damage: Run refuses the
	// file, naming the record. A game cut short at the end of the file by a
	// crash is moved to RecordFile+".partial" and played again. Each
	// record names its match in its headers: Event ("A vs B"), Round,
	// Black, White, TimeControl (LimitsText of Limits), Seed, Games, for
	// given Openings, Openings, and for a shard, Shard; ReadConfig reads
	// the match back from them. It must be a regular file (or not exist):
	// Run refuses a named pipe or a device at once.
	RecordFile string
	// SPRT, if set, stops the match as soon as the test decides; it must
	// validate (elo.SPRT.Validate).
	SPRT *elo.SPRT
	// Shard, if set, makes Run play only that shard's part of the match:
	// its game pairs, under their round numbers in the whole match (see
	// Shard). Its records say which shard played them, and resuming checks
	// that each is of this shard. A shard plays all its pairs: an SPRT does
	// not stop it (Merge applies the SPRT to all shards' games).
	Shard Shard
	// AllowBook lets an engine play from an opening book (one whose
	// Engine.Book is set, such as by book= in its spec). Without it
	// Validate refuses such an engine: a book plays the same few lines
	// from the match's openings, so that the games are alike and count as
	// fewer than they are, and the match measures the book as much as the
	// engine.
	AllowBook bool
	// Progress, if set, receives a progress line after every game, and a
	// line when a game cut short at the end of RecordFile is set aside.
	// The lines are written one at a time, so Progress need not be safe
	// for concurrent use.
	Progress io.Writer
}

// Defaults of Config.
const (
	defaultOpeningPlies = 4
	defaultMaxPlies     = 400
)

// adjudicatedReason is the Reason of the record of a game stopped at
// MaxPlies.
const adjudicatedReason = "adjudicated: move limit"

// Validate reports whether c describes a match that Run can play: two
// engines with New functions and different names, neither playing from
// a book unless AllowBook, a positive and even
// number of games, valid Limits (with a Clock, if any, that gives both
// sides a positive starting time; no MovesToGo without one), a valid SPRT, a valid Shard, and no
// negative OpeningPlies, Concurrency or MaxPlies; Tables, if any, of the
// match's rules with a complete piece count, and no negative TablePieces
// nor one without Tables; and given Openings, if
// any, as Config.Openings says, or else no more game pairs than the
// OpeningPlies can make distinct openings (see Openings). The error wraps
// ErrInvalidConfig (and
// surakarta.ErrInvalidLimits for the limits, ErrTooFewOpenings for the
// openings).
func (c Config) Validate() error { return c.validate(false) }

// validate is Validate; with unknownOpenings, as Merge validates, a zero
// Position in Openings stands for an opening that no record file tells.
func (c Config) validate(unknownOpenings bool) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidConfig}, args...)...)
	}
	switch {
	case c.A.New == nil || c.B.New == nil:
		return bad("both engines need a New function")
	case c.A.Name == "" || c.A.Name == c.B.Name:
		return bad("engines need two different names (A %q, B %q): the records tell them apart by name (name= in an engine spec sets one)", c.A.Name, c.B.Name)
	case !c.AllowBook && (c.A.Book != "" || c.B.Book != ""):
		e := c.A
		if e.Book == "" {
			e = c.B
		}
		return bad("engine %s plays from the book %s: a book makes the games of a match alike and skews its statistics; allow it with AllowBook (surakarta-match -allow-book)", e.Name, e.Book)
	case c.Games <= 0:
		return bad("Games %d: want a positive number of games", c.Games)
	case c.Games%2 != 0:
		return bad("Games %d is odd: each opening is played twice, with the colours swapped, so the number of games must be even", c.Games)
	case c.OpeningPlies < 0:
		return bad("OpeningPlies %d is negative (0 means %d)", c.OpeningPlies, defaultOpeningPlies)
	case c.Concurrency < 0:
		return bad("Concurrency %d is negative (0 means all cores)", c.Concurrency)
	case c.MaxPlies < 0:
		return bad("MaxPlies %d is negative (0 means %d)", c.MaxPlies, defaultMaxPlies)
	}
	if err := c.Limits.Validate(); err != nil {
		return bad("Limits: %w", err)
	}
	if k := c.Limits.Clock; !k.IsSet() && k.MovesToGo > 0 {
		return bad("Limits.Clock has MovesToGo %d but no time: give each side a starting time", k.MovesToGo)
	} else if k.IsSet() && (k.Black <= 0 || k.White <= 0) {
		return bad("Limits.Clock %s: each side needs a positive starting time (a side with none would lose on time at its first move)", clockText(k))
	}
	if err := c.validateOpenings(unknownOpenings); err != nil {
		return err
	}
	if err := c.validateTables(); err != nil {
		return err
	}
	if c.Openings == nil {
		plies := cmp.Or(c.OpeningPlies, defaultOpeningPlies)
		if most := maxOpenings(plies); c.Games/2 > most {
			return &tooFewError{fmt.Sprintf("%v: Games %d needs %d openings, one per game pair, but %d plies from the start make at most %d distinct ones: play more plies",
				ErrInvalidConfig, c.Games, c.Games/2, plies, most), true}
		}
	}
	if c.SPRT != nil {
		if err := c.SPRT.Validate(); err != nil {
			return fmt.Errorf("%w: %w", ErrInvalidConfig, err)
		}
	}
	return c.Shard.Validate()
}

// validateOpenings checks Openings, when given: enough of them for
// Games, no OpeningPlies, none a finished game, none twice. With unknown
// (for Merge), the zero Position stands for an opening that no record
// file tells (see ReadConfig) and is let through.
func (c Config) validateOpenings(unknown bool) error {
	if c.Openings == nil {
		return nil
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: "+format, append([]any{ErrInvalidConfig}, args...)...)
	}
	switch {
	case c.OpeningPlies != 0:
		return bad("OpeningPlies %d with given Openings: the openings are given, not played from the start (want OpeningPlies 0)", c.OpeningPlies)
	case c.Games/2 > len(c.Openings):
		return bad("Games %d needs %d openings (one per game pair), but %d are given", c.Games, c.Games/2, len(c.Openings))
	}
	seen := make(map[surakarta.Position]int, len(c.Openings))
	for i, p := range c.Openings {
		if unknown && p == (surakarta.Position{}) {
			continue
		}
		if o := surakarta.NewGame(p).Outcome(); o.Over {
			return bad("opening %d (%v) is a finished game under the Olympiad rules (%v): a match plays games from positions not over", i+1, p, o.Reason)
		}
		if j, ok := seen[p]; ok {
			return bad("opening %d (%v) is opening %d again: each opening is played by one game pair", i+1, p, j+1)
		}
		seen[p] = i
	}
	return nil
}

// openingsHeader is the header of the records of a match from given
// openings (Config.Openings), with the value givenOpenings.
const (
	openingsHeader = "Openings"
	givenOpenings  = "given"
)

// openings returns the openings of the match's game pairs: the given
// ones, or the random ones its seed makes. Run and Merge call it once
// the defaults are set.
func (c Config) openings() ([]surakarta.Position, error) {
	if c.Openings != nil {
		return c.Openings[:c.Games/2], nil
	}
	return Openings(c.Seed, c.OpeningPlies, c.Games/2)
}

// Outcome is the result of a match: a plain value. String writes it on
// one line.
type Outcome struct {
	Counts      elo.Counts      // games, from A's point of view
	Pentanomial elo.Pentanomial // completed pairs
	LLR         float64         // when Config.SPRT is set
	Decision    elo.Decision    // when Config.SPRT is set
	Resumed     int             // games read back from the record file
	// SPRT is the match's test, a copy of *Config.SPRT, whose LLR and
	// Decision these are; the zero SPRT (which does not validate) when the
	// match had none. Run and Merge set it, and String shows it.
	SPRT elo.SPRT
}

// String writes the result of a match on one line: the game results
// (elo.Counts.String), the pairs (elo.Pentanomial.String) and, when the
// match had an SPRT, its hypotheses' Elo, the LLR with the bounds that
// stop the test, and its Decision; for example
//
//	W-D-L 17-20-13, score 54.0%, Elo +27.9 ± 75.9 (-46.7, +105.1), LOS 76.7%, pairs 1-5-10-7-2, pair Elo +27.9 ± 67.1 (-38.2, +96.0), SPRT [0, 10] LLR 0.20 (-2.94, 2.94) undecided
//
// Resumed is not shown.
func (o Outcome) String() string {
	line := o.Counts.String() + ", " + o.Pentanomial.String()
	if s := o.SPRT; s != (elo.SPRT{}) {
		lower, upper := s.Bounds()
		line += fmt.Sprintf(", SPRT [%g, %g] LLR %.2f (%.2f, %.2f) %v", s.Elo0, s.Elo1, o.LLR, lower, upper, o.Decision)
	}
	return line
}

// newOutcome returns the Outcome of a match of cfg before its first game.
func newOutcome(cfg Config) Outcome {
	var o Outcome
	if cfg.SPRT != nil {
		o.SPRT = *cfg.SPRT
	}
	return o
}

// round is one game of a match: its number, its opening, and A's colour.
type round struct {
	number  int
	opening surakarta.Position
	aBlack  bool
}

// Run plays the match. It first checks cfg with Validate and returns its
// error, if any, having played nothing. It returns when all games are
// played, the SPRT has decided, an engine has failed, or ctx is done.
//
// An engine fails when its New returns nil, its Search returns an error,
// or it chooses an illegal move; Run then stops the match and returns an
// error that names the round and the engine, with the games finished so
// far. The error wraps Search's error, surakarta.ErrIllegalMove for the
// illegal move, and surakarta.ErrInvalidSearch for New's nil. A Search whose error wraps *enginespec.Forfeit does not fail the
// match but loses its game (see enginespec.Forfeit): that is how an
// external engine's illegal move, crash or timeout is judged. When a game ends, Run closes its
// searchers that implement io.Closer. When ctx is done first, Run returns
// ctx's error with the games finished so far; a game cut short is neither
// counted nor recorded.
//
// Several matches may run at the same time, as long as they do not share
// a RecordFile. Run holds an exclusive lock (flock) on its RecordFile while
// it runs, and fails when another process holds it (within half a
// second: a process that this one starts holds a copy of its files until
// it runs its program), with an error wrapping ErrLocked; on systems
// without flock (such as Windows) the file is not locked. When RecordFile
// holds a game of another match, a round twice, a result the match does
// not make (see RecordFile), or a record that does not read before its
// last one, Run fails before playing, naming the record or line, and
// leaves the file as it is: the error wraps ErrMismatch, or
// record.ErrInvalid for the record that does not read.
func Run(ctx context.Context, cfg Config) (Outcome, error) {
	return run(ctx, cfg, time.Now)
}

// run is Run with now, the time by which it times each search for the
// match's clock: time.Now for Run, and in tests a fake time that moves
// only as a test's searchers say, so that the clock's logic is tested
// to the nanosecond however loaded the machine is.
func run(ctx context.Context, cfg Config, now func() time.Time) (Outcome, error) {
	if err := cfg.Validate(); err != nil {
		return Outcome{}, err
	}
	if cfg.OpeningPlies == 0 && cfg.Openings == nil {
		cfg.OpeningPlies = defaultOpeningPlies
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = defaultMaxPlies
	}
	if cfg.Concurrency == 0 {
		cfg.Concurrency = runtime.GOMAXPROCS(0)
	}
	cfg.Concurrency = min(cfg.Concurrency, cfg.Games)
	openings, err := cfg.openings()
	if err != nil {
		return Outcome{}, err
	}

	m := &matchState{cfg: cfg, now: now, outcome: newOutcome(cfg), scores: make(map[int]float64)}
	if cfg.RecordFile != "" {
		file, err := openRecordFile(cfg.RecordFile)
		if err != nil {
			return Outcome{}, err
		}
		defer file.close()
		m.file = file
		if err := m.resume(openings); err != nil {
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
				game, err := m.play(ctx, r)
				if err != nil {
					m.fail(err)
					cancel()
					continue
				}
				if game == nil {
					continue // abandoned: the match is stopping
				}
				if err := m.finish(r, game); err != nil {
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
		if m.done(i) || !cfg.Shard.Plays(i+1) {
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
	if err := context.Cause(ctx); err != nil && !m.decided() && m.outcome.Counts.Games() < cfg.Shard.games(cfg.Games) {
		return m.outcome, err
	}
	return m.outcome, nil
}

// matchState is what the workers of a match share, under its mutex.
type matchState struct {
	cfg     Config
	now     func() time.Time // times the searches for the clock (see run)
	file    *recordFile      // the open RecordFile, if any
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

// decided reports whether the SPRT stops the match: never a shard's.
func (m *matchState) decided() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.cfg.SPRT != nil && m.outcome.Decision != elo.Continue && m.cfg.Shard.Count == 0
}

func (m *matchState) fail(err error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.err == nil {
		m.err = err
	}
}

// playedGame is a game that play finished: the game, its clock when the
// match has one, and the forfeit or the tables' verdict that ended it,
// if any.
type playedGame struct {
	g       *surakarta.Game
	clock   *gameClock
	forfeit *forfeitNote
	table   *tableVerdict
}

// play plays one round and returns the finished game; or nil and no
// error when ctx ended it first; or an error that names the round and the
// engine when an engine failed.
func (m *matchState) play(ctx context.Context, r round) (*playedGame, error) {
	black, white := m.cfg.A, m.cfg.B
	if !r.aBlack {
		black, white = white, black
	}
	engineError := func(e enginespec.Engine, c surakarta.Color, format string, args ...any) error {
		role := "A"
		if e.Name == m.cfg.B.Name {
			role = "B"
		}
		return fmt.Errorf("match: round %d: engine %s %q, playing %v: "+format,
			append([]any{r.number, role, e.Name, c}, args...)...)
	}
	engines := [2]enginespec.Engine{surakarta.Black: black, surakarta.White: white}
	var searchers [2]surakarta.Searcher
	defer closeSearchers(&searchers)
	for _, c := range []surakarta.Color{surakarta.Black, surakarta.White} {
		if searchers[c] = engines[c].New(); searchers[c] == nil {
			return nil, errmark.Mark(surakarta.ErrInvalidSearch, engineError(engines[c], c, "New returned nil"))
		}
	}
	g := surakarta.NewGame(r.opening)
	var clock *gameClock
	if m.cfg.Limits.Clock.IsSet() {
		clock = newGameClock(m.cfg.Limits.Clock)
	}
	tablePieces := m.cfg.tablePieces()
	var table *tableVerdict
	for !g.Outcome().Over {
		if tablePieces > 0 {
			if table = tableEnd(m.cfg.Tables, tablePieces, g); table != nil {
				break
			}
		}
		if g.Ply() >= m.cfg.MaxPlies {
			break
		}
		c := g.Position().SideToMove()
		lim := m.cfg.Limits
		if clock != nil {
			lim = clock.limits(lim, c)
		}
		start := m.now()
		res, err := searchers[c].Search(ctx, g, lim)
		spent := m.now().Sub(start)
		if ctx.Err() != nil {
			return nil, nil // the match is stopping: whatever the search says
		}
		if clock != nil && !clock.spend(c, spent) && err == nil {
			left, _ := lim.Clock.Left(c)
			err = &enginespec.Forfeit{Reason: forfeitClock, OnTime: true,
				Err: fmt.Errorf("out of time: took %v with %v left on its clock", spent.Round(time.Millisecond), left.Round(time.Millisecond))}
		}
		if err != nil {
			if f := (*enginespec.Forfeit)(nil); errors.As(err, &f) {
				note := forfeitGame(g, c, engines[c].Name, f)
				return &playedGame{g: g, clock: clock, forfeit: &note}, nil
			}
			return nil, engineError(engines[c], c, "search failed at ply %d: %w", g.Ply(), err)
		}
		if err := g.Play(res.Move); err != nil {
			return nil, engineError(engines[c], c, "illegal move at ply %d: %w", g.Ply(), err)
		}
	}
	return &playedGame{g: g, clock: clock, table: table}, nil
}

// finish records a finished game: in the record file, in the counts and,
// when its pair is complete, in the pentanomial and the SPRT.
func (m *matchState) finish(r round, game *playedGame) error {
	rec := m.record(r, game)
	score := aScore(rec.Result, r.aBlack)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.file != nil {
		if err := m.file.append(rec); err != nil {
			return err
		}
	}
	if err := m.add(r.number, score); err != nil {
		return err
	}
	if m.cfg.Progress != nil {
		if text, ok := rec.Header(forfeitHeader); ok {
			fmt.Fprintf(m.cfg.Progress, "round %d: %s\n", r.number, text)
		}
		fmt.Fprintln(m.cfg.Progress, m.progressLine())
	}
	return nil
}

// add counts A's score in the game of round number; the caller holds mu.
func (m *matchState) add(number int, score float64) error {
	if err := m.outcome.Counts.Add(score); err != nil {
		return fmt.Errorf("round %d: %w", number, err)
	}
	m.scores[number] = score
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
func (m *matchState) record(r round, game *playedGame) *record.Record {
	g := game.g
	black, white := m.cfg.A.Name, m.cfg.B.Name
	if !r.aBlack {
		black, white = white, black
	}
	rec := record.New(g,
		record.Header{Name: "Event", Value: m.cfg.A.Name + " vs " + m.cfg.B.Name},
		record.Header{Name: "Round", Value: strconv.Itoa(r.number)},
		record.Header{Name: "Black", Value: black},
		record.Header{Name: "White", Value: white},
		record.Header{Name: "Date", Value: time.Now().UTC().Format("2006-01-02")},
		record.Header{Name: "TimeControl", Value: LimitsText(m.cfg.Limits)},
		record.Header{Name: "Seed", Value: strconv.FormatUint(m.cfg.Seed, 10)},
		record.Header{Name: gamesHeader, Value: strconv.Itoa(m.cfg.Games)},
	)
	if m.cfg.Openings != nil {
		rec.Headers = append(rec.Headers, record.Header{Name: openingsHeader, Value: givenOpenings})
	}
	rec.Headers = append(rec.Headers, m.cfg.Shard.header()...)
	if game.clock != nil {
		rec.Headers = append(rec.Headers, game.clock.headers()...)
	}
	switch {
	case game.forfeit != nil:
		game.forfeit.mark(rec)
	case game.table != nil:
		rec.Result, rec.Reason = game.table.result, tablesReason
		rec.Headers = append(rec.Headers, record.Header{Name: tablesHeader, Value: game.table.text})
	case !g.Outcome().Over: // stopped at MaxPlies: decided by piece count (only the winner is used)
		p := g.Position()
		rec.Result = surakarta.Adjudicate(p, surakarta.NotOver).Result()
		rec.Reason = adjudicatedReason
	}
	return rec
}

// resume reads the games of the record file back into the counts, after
// checking that each is a game of this match.
func (m *matchState) resume(openings []surakarta.Position) error {
	rounds := make(map[int]int) // round → the number of its record in the file
	add := func(rec *record.Record, n int) error {
		number, err := m.checkRecord(rec, openings)
		if err == nil {
			err = m.cfg.Shard.checkShard(rec, number)
		}
		if err != nil {
			return errmark.Errorf(ErrMismatch, "match: resuming from %s: record %d: %w", m.cfg.RecordFile, n, err)
		}
		if earlier, seen := rounds[number]; seen {
			return errmark.Errorf(ErrMismatch, "match: resuming from %s: record %d: round %d again (record %d is round %d): each round is played once", m.cfg.RecordFile, n, number, earlier, number)
		}
		rounds[number] = n
		if number > m.cfg.Games {
			return nil // a round of a longer match on this file
		}
		black, _ := rec.Header("Black")
		if err := m.add(number, aScore(rec.Result, black == m.cfg.A.Name)); err != nil {
			return err
		}
		m.outcome.Resumed++
		return nil
	}
	report := func(line string) {
		if m.cfg.Progress != nil {
			fmt.Fprintln(m.cfg.Progress, line)
		}
	}
	return m.file.readRecords(add, report)
}

// checkRecord returns the round of a record of the record file, or an
// error that says how it is not a game of this match: a game of another
// match (engines, seed, time control), or not of its round (colours,
// opening), or not finished. Records of rounds beyond cfg.Games, which a
// longer match on the same file played, are checked as far as the round.
func (m *matchState) checkRecord(rec *record.Record, openings []surakarta.Position) (int, error) {
	cfg := &m.cfg
	event := cfg.A.Name + " vs " + cfg.B.Name
	ev, _ := rec.Header("Event")
	seed, _ := rec.Header("Seed")
	tc, _ := rec.Header("TimeControl")
	if ev != event || seed != strconv.FormatUint(cfg.Seed, 10) || tc != LimitsText(cfg.Limits) {
		return 0, fmt.Errorf("a game of another match (%q, seed %s, %s), not of %q, seed %d, %s: use another file",
			clip.Text(ev), clip.Text(seed), clip.Text(tc), event, cfg.Seed, LimitsText(cfg.Limits))
	}
	given, hasGiven := rec.Header(openingsHeader)
	switch {
	case cfg.Openings == nil && hasGiven:
		return 0, fmt.Errorf("a game of a match from given openings (an %s header %q), not of this match's random openings: use another file", openingsHeader, clip.Text(given))
	case cfg.Openings != nil && !hasGiven:
		return 0, fmt.Errorf("a game of a match from random openings (no %s header), not of this match's given openings: use another file", openingsHeader)
	case hasGiven && given != givenOpenings:
		return 0, fmt.Errorf("an %s header %q that does not read: want %q", openingsHeader, clip.Text(given), givenOpenings)
	}
	roundText, _ := rec.Header("Round")
	number, err := strconv.Atoi(roundText)
	if err != nil || number < 1 {
		return 0, fmt.Errorf("no valid Round header (%q)", clip.Text(roundText))
	}
	if number > cfg.Games {
		return number, nil
	}
	wantBlack, wantWhite := cfg.A.Name, cfg.B.Name
	if number%2 == 0 { // A has Black in odd rounds, White in even ones
		wantBlack, wantWhite = wantWhite, wantBlack
	}
	black, _ := rec.Header("Black")
	white, _ := rec.Header("White")
	opening := openings[(number-1)/2]
	source := fmt.Sprintf("%d plies from seed %d", cfg.OpeningPlies, cfg.Seed)
	if cfg.Openings != nil {
		source = fmt.Sprintf("opening %d of the given list", (number-1)/2+1)
	}
	switch {
	case black != wantBlack || white != wantWhite:
		return 0, fmt.Errorf("round %d has Black %q and White %q, but in round %d Black is %s and White %s",
			number, clip.Text(black), clip.Text(white), number, wantBlack, wantWhite)
	case rec.Game.StartPosition() != opening:
		return 0, fmt.Errorf("round %d starts from %v, but its opening is %v (%s): the file was played with other openings",
			number, rec.Game.StartPosition(), opening, source)
	case rec.Game.Rules() != surakarta.OlympiadRules():
		return 0, fmt.Errorf("round %d is played under other rules than the Olympiad rules", number)
	case rec.Result != "1-0" && rec.Result != "0-1" && rec.Result != "1/2-1/2":
		return 0, fmt.Errorf("round %d has the result %s: a match records finished games", number, rec.Result)
	}
	if err := m.checkEnd(rec); err != nil {
		return 0, fmt.Errorf("round %d: %w", number, err)
	}
	return number, nil
}

// errNotMade is wrapped by the error of a record whose result Run does
// not make, or not without its evidence.
var errNotMade = errors.New("a result the match does not make, or not without its evidence: the record was edited or damaged")

// checkEnd returns an error unless the record of a round (whose headers
// checkRecord has checked) ends as Run ends a game, with the evidence of
// its end in the record:
//
//   - by the rules, the game replayed over (the readers check that the
//     result is the rules'), within MaxPlies plies;
//   - adjudicated at the move limit: a game not over with exactly MaxPlies
//     plies from its opening, and the result of its piece count;
//   - adjudicated by the tables (Reason "adjudicated: tablebase"): a game
//     not over, within MaxPlies plies, with a Tablebase header that says
//     the value its result gives its last position, in the position's
//     class and the tables' rule set of the match's rules (whether the
//     tables hold that value is not checked: the tables are not known);
//   - a forfeit (Reason "forfeit: …"): a game not over, won by the side
//     not to move, with a Forfeit header that names the loser, its engine,
//     the ply and the position;
//   - a time forfeit (Reason "time forfeit"): lost by the side to move, with
//     such a Forfeit header and, when the match is on a clock, its
//     TimeLeft and LeastTimeLeft headers.
//
// No other result is Run's (a resignation, a draw by agreement, an
// adjudication at another ply, a forfeit without its header, a Tablebase
// header on a game the tables did not end).
func (m *matchState) checkEnd(rec *record.Record) error {
	g := rec.Game
	o := g.Outcome()
	maxPlies := cmp.Or(m.cfg.MaxPlies, defaultMaxPlies)
	forfeit, hasForfeit := rec.Header(forfeitHeader)
	table, hasTable := rec.Header(tablesHeader)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s (%s after %d plies): "+format, append([]any{errNotMade, rec.Result, clip.Text(rec.Reason), g.Ply()}, args...)...)
	}
	switch {
	case g.Ply() > maxPlies:
		return bad("the match stops its games at %d plies", maxPlies)
	case hasTable && (o.Over || rec.Reason != tablesReason):
		return bad("a %s header on a game that the tables did not adjudicate", tablesHeader)
	case o.Over && o.Reason != surakarta.TimeForfeit:
		switch o.Reason {
		case surakarta.NoPieces, surakarta.Blocked, surakarta.QuietPlyRule, surakarta.Repetition:
		default:
			return bad("the players do not end a game of a match, but the rules, the move limit and forfeits")
		}
		if hasForfeit {
			return bad("the rules ended the game, yet it has a %s header", forfeitHeader)
		}
		return nil
	case rec.Reason == adjudicatedReason:
		switch want := surakarta.Adjudicate(g.Position(), surakarta.NotOver).Result(); {
		case g.Ply() != maxPlies:
			return bad("the match adjudicates its games at %d plies", maxPlies)
		case rec.Result != want:
			return bad("the piece count makes it %s", want)
		case hasForfeit:
			return bad("an adjudicated game with a %s header", forfeitHeader)
		}
		return nil
	case rec.Reason == tablesReason:
		p := g.Position()
		r, _ := moverResult(p.SideToMove(), rec.Result) // checkRecord has checked the result
		switch want := tableText(p, matchRules().QuietPlyLimit, r); {
		case hasForfeit:
			return bad("a game adjudicated by the tables with a %s header", forfeitHeader)
		case !hasTable:
			return bad("adjudicated by the tables without its %s header", tablesHeader)
		case table != want:
			return bad("the %s header %q does not say the value that the result gives the last position, %q", tablesHeader, clip.Text(table), want)
		}
		return nil
	case o.Over: // on time
	case !strings.HasPrefix(rec.Reason, forfeitPrefix) || len(rec.Reason) == len(forfeitPrefix):
		return bad("the game is not over, and neither adjudicated (at the move limit or by the tables) nor forfeited")
	}
	// A forfeit, on time or not: the side to move failed to move.
	loser := g.Position().SideToMove()
	if won := (surakarta.Outcome{Over: true, Winner: loser.Other()}).Result(); rec.Result != won {
		return bad("a forfeit is lost by the side to move, %v, whose opponent's win is %s", loser, won)
	}
	if g.Ply() == maxPlies {
		return bad("a game at the move limit of %d plies is adjudicated, not forfeited", maxPlies)
	}
	name, _ := rec.Header(loser.String())
	if !hasForfeit {
		return bad("a forfeit without its %s header", forfeitHeader)
	}
	want := headerText(forfeitText(loser, name, g.Ply(), g.Position(), ""))
	if !strings.HasPrefix(forfeit, strings.TrimSuffix(want, "…")) {
		return bad("the %s header %q does not name the loser, its engine, the ply and the position, %q", forfeitHeader, clip.Text(forfeit), clip.Text(want))
	}
	if o.Over && m.cfg.Limits.Clock.IsSet() {
		for _, h := range []string{"TimeLeft", "LeastTimeLeft"} {
			if _, ok := rec.Header(h); !ok {
				return bad("a time forfeit on a clock without its %s header", h)
			}
		}
	}
	return nil
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

// progressLine is the line shown after every game; the caller holds mu.
func (m *matchState) progressLine() string {
	c := m.outcome.Counts
	line := ""
	if m.cfg.Shard.Count > 0 {
		line = "shard " + m.cfg.Shard.String() + "  "
	}
	line += fmt.Sprintf("games %d/%d  W-D-L %d-%d-%d  Elo %s",
		c.Games(), m.cfg.Shard.games(m.cfg.Games), c.Wins, c.Draws, c.Losses, progressElo(c))
	if s := m.cfg.SPRT; s != nil {
		lo, hi := s.Bounds()
		line += fmt.Sprintf("  LLR %.2f (%.2f, %.2f)", m.outcome.LLR, lo, hi)
	}
	return line
}

// progressElo writes the Elo of the games for the progress line: the
// estimate and its interval, "+98.1 (+33.1, +170.6)", shorter than the
// summary line's (elo.Counts.String), which also has the half width. As
// there, games all alike have no interval, which would have no width:
// "+0.0 (no interval: all 2 games alike)", "+Inf (no interval from one
// game)".
func progressElo(c elo.Counts) string {
	e := c.Elo()
	switch n := c.Games(); {
	case n == 1:
		return elo.Format(e.Diff) + " (no interval from one game)"
	case n > 0 && (c.Wins == n || c.Draws == n || c.Losses == n):
		return fmt.Sprintf("%s (no interval: all %d games alike)", elo.Format(e.Diff), n)
	}
	return e.String()
}
