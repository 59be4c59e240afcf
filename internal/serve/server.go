package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// Caps bound the work of a server for tests and fuzzing; 0 sets no cap.
type Caps struct {
	Nodes int64 // every search stops after about this many nodes
	Depth int   // perft and bench go no deeper
}

// Server is the state a protocol's server keeps: the game, the settings,
// the searcher last used and the task running in the background, if any.
//
// The protocol's goroutine owns the Server; a task (a search or a perft)
// runs in a goroutine of its own on a copy of what it needs and touches
// only the searcher it was given and Out, so that commands that only read
// the game are answered while it runs. Commands that would change the
// game, the settings or the searcher must first wait for Idle.
//
// NewGame clears the searcher in the background too, since clearing a
// large table takes seconds: Searcher waits for the clear to end, and so
// must a command that changes the engine's options (Ready), or that says
// the engine is ready.
//
// The searcher is called through search and clearSearcher, which recover
// its panics and give up on a search that does not return within
// StopGrace of its context's end; such a stray search keeps the searcher
// from being called again until it returns.
type Server struct {
	Out      *Output
	Settings Settings
	Caps     Caps
	// StopGrace is how long a search may take to return once its context
	// is done before the server answers without it; 0 means
	// DefaultStopGrace.
	StopGrace time.Duration

	game   *surakarta.Game // nil: no position (noGame says why)
	noGame error

	searcher func() surakarta.Searcher
	last     surakarta.Searcher // what searcher returned last
	clearing chan error         // receives the error of the clear NewGame started once it has ended; nil: none since Ready
	cleared  error              // the error of the last clear, reported by the next Searcher

	stray atomic.Pointer[chan struct{}] // closed when the search given up on last returns; nil: none

	task *task // the task started last, until it is reaped
}

// ErrNoPosition is wrapped by the error of a command that needs a game
// when the server has none: the last position it was sent was refused.
var ErrNoPosition = errors.New("no position")

// New returns a server at the start position with the default settings,
// writing to w, that gets its searcher from searcher before each search.
func New(w io.Writer, searcher func() surakarta.Searcher, caps Caps) *Server {
	s := &Server{Out: NewOutput(w), Settings: DefaultSettings(), Caps: caps, searcher: searcher}
	s.game = s.newGame(surakarta.NewPosition())
	return s
}

// newGame returns a game from p under the settings' rules, which are
// always valid (Settings.Set checks them).
func (s *Server) newGame(p surakarta.Position) *surakarta.Game {
	g, err := surakarta.NewGameWithRules(p, s.Settings.Rules)
	if err != nil {
		panic(err) // unreachable: the settings hold only valid rules
	}
	return g
}

// Game returns the game, or an error wrapping ErrNoPosition.
func (s *Server) Game() (*surakarta.Game, error) {
	if s.game == nil {
		return nil, s.noGame
	}
	return s.game, nil
}

// SetGame makes g the game.
func (s *Server) SetGame(g *surakarta.Game) { s.game, s.noGame = g, nil }

// DropGame leaves the server with no game, for the reason why: Game
// returns an error that wraps ErrNoPosition and says why.
func (s *Server) DropGame(why string) {
	s.game, s.noGame = nil, fmt.Errorf("%w: %s", ErrNoPosition, why)
}

// NewGame starts a game from the start position under the settings'
// rules, and clears the searcher last used so that it forgets the game
// before: in the background, since a large table takes seconds to clear.
// Ready waits for the clear; a clear already under way is enough, since
// nothing has searched since it started. While a search the server gave
// up on has not returned, the searcher is not cleared: the clear would run
// beside it.
func (s *Server) NewGame() {
	s.SetGame(s.newGame(surakarta.NewPosition()))
	s.ClearSearcher()
}

// ClearSearcher clears the searcher last used, as NewGame does, but keeps
// the game: UGI's Clear Hash button, GTP's clear_cache. The caller checks
// that the server is idle.
func (s *Server) ClearSearcher() {
	if s.last != nil && s.clearing == nil && s.strayErr() == nil {
		last, done := s.last, make(chan error, 1)
		s.clearing = done
		go func() {
			err := clearSearcher(last)
			// Ready returns once done is sent on, maybe before this
			// goroutine has ended: it must not hold the searcher then,
			// or an engine that replaces it would have two at once.
			last = nil
			done <- err
		}()
	}
}

// Ready waits until the searcher's clear that NewGame started, if any,
// has ended: before the engine's searcher or options are used again, and
// before the server says it is ready or returns. A clear that panicked
// fails the next Searcher.
func (s *Server) Ready() {
	if s.clearing != nil {
		if err := <-s.clearing; err != nil {
			s.cleared = err
		}
		s.clearing = nil
	}
}

// GameFrom returns the game from start with moves played, under the
// settings' rules, without making it the server's game. Its error says
// which move was refused and why.
func (s *Server) GameFrom(start surakarta.Position, moves []surakarta.Move) (*surakarta.Game, error) {
	g, err := surakarta.NewGameWithRules(start, s.Settings.Rules)
	if err != nil {
		return nil, err
	}
	for i, m := range moves {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("move %d (%v): %w", i+1, m, err)
		}
	}
	return g, nil
}

// errNoSearcher is the error of a search when the engine gave no
// searcher.
var errNoSearcher = errors.New("the engine has no searcher")

// Searcher returns the searcher for the next search, from the engine, and
// remembers it for NewGame. It waits for a clear under way (Ready), and
// forgets the searcher before, so that an engine that replaces its
// searcher holds the only reference to the old one when it makes the new
// one. It fails, without asking the engine, once when the last clear
// panicked, and while a search the server gave up on has not returned.
func (s *Server) Searcher() (surakarta.Searcher, error) {
	s.Ready()
	if err := s.cleared; err != nil {
		s.cleared = nil
		return nil, err
	}
	if err := s.strayErr(); err != nil {
		return nil, err
	}
	s.last = nil
	sr := s.searcher()
	if sr == nil {
		return nil, errNoSearcher
	}
	s.last = sr
	return sr, nil
}

// limits returns lim with the server's move overhead and node cap.
func (s *Server) limits(lim surakarta.Limits) surakarta.Limits {
	if s.Caps.Nodes > 0 && (lim.Nodes == 0 || lim.Nodes > s.Caps.Nodes) {
		lim.Nodes = s.Caps.Nodes
	}
	lim.MoveOverhead = s.Settings.MoveOverhead
	return lim
}

// task is a search or a perft running in the background.
type task struct {
	what     string // "a search" or "perft"
	cancel   context.CancelFunc
	reported atomic.Bool   // set as its last lines are written, before they are flushed
	done     chan struct{} // closed when its goroutine ends, after reported is set
	infinite bool          // it reports its end only after Stop
	// hit, for a search that ponders, is closed at the ponder hit; until
	// then (or Stop) the search does not report its end.
	hit    chan struct{}
	hitNow sync.Once
}

// start runs run in the background; what it returns is written when it
// ends (with infinite, only once the task is stopped; with hit, only once
// hit is closed or the task stopped).
func (s *Server) start(what string, infinite bool, hit chan struct{}, run func(ctx context.Context) []string) {
	ctx, cancel := context.WithCancel(context.Background())
	t := &task{what: what, cancel: cancel, done: make(chan struct{}), infinite: infinite, hit: hit}
	s.task = t
	go func() {
		defer close(t.done)
		defer cancel()
		lines := run(ctx)
		run = nil // as in NewGame: hold no searcher after reporting
		switch {
		case infinite:
			<-ctx.Done()
		case hit != nil:
			select {
			case <-ctx.Done():
			case <-hit:
			}
		}
		s.Out.LinesThen(func() { t.reported.Store(true) }, lines...)
	}()
}

// PonderHit tells the search that ponders (GoPonder) that the opponent
// played the move it pondered on: it goes on as a search within its
// limits, counted from now, and reports its end when it ends. It reports
// false, and does nothing, when no search ponders or the hit has already
// come.
func (s *Server) PonderHit() bool {
	t := s.task
	if t == nil || t.hit == nil || t.reported.Load() {
		return false
	}
	hit := false
	t.hitNow.Do(func() { close(t.hit); hit = true })
	return hit
}

// ErrBusy is wrapped by the error of Idle while a task runs that ends
// only when told: a search with go infinite, or one that ponders and has
// not had its hit.
var ErrBusy = errors.New("a search is running that ends only when told")

// Idle waits for the running task, if any, to end, and reaps it, so that
// a command that changes the game, the settings or the searcher is
// carried out after the task, in the order the commands came, as UCI
// engines do: a go sent while a search runs is answered after it. It does
// not wait for a task that ends only when told, a search with go infinite
// or one that ponders and has not had its hit: the stop or ponderhit that
// would end it comes after the command, which would then wait forever;
// Idle returns an error wrapping ErrBusy instead. A task has ended once it
// has written its last lines, so that a command sent in answer to them
// finds the server idle. Idle returns ctx's error if ctx is done first.
func (s *Server) Idle(ctx context.Context) error {
	t := s.task
	if t == nil {
		return nil
	}
	if !t.reported.Load() && !t.endsByItself() {
		select {
		case <-t.done:
		default:
			return fmt.Errorf("%w: send %s first", ErrBusy, t.ender())
		}
	}
	select {
	case <-t.done:
		s.task = nil
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// endsByItself reports whether the task ends without a stop or a ponder
// hit: it is not infinite, and it does not ponder or has had its hit.
func (t *task) endsByItself() bool {
	if t.infinite {
		return false
	}
	if t.hit == nil {
		return true
	}
	select {
	case <-t.hit:
		return true
	default:
		return false
	}
}

// ender names the commands that end a task that does not end by
// itself.
func (t *task) ender() string {
	if t.hit != nil && !t.infinite {
		return "ponderhit or stop"
	}
	return "stop"
}

// Stop ends the running task, if any, and waits until it has written its
// last lines.
func (s *Server) Stop() {
	if t := s.task; t != nil {
		t.cancel()
		<-t.done
		s.task = nil
	}
}

// Report receives a background search's progress and result, in the
// search's goroutine: Info is called after each iteration, Done at the
// end, and returns the lines that report the result.
type Report struct {
	Info func(surakarta.Info)
	Done func(surakarta.Result, error) []string
	// RootMove, if not nil, is Limits.RootProgress: called as the search
	// begins each root move.
	RootMove func(surakarta.Info)
}

// Go starts a search of the game within lim in the background, with the
// searcher the engine gives now and the settings' MultiPV. With infinite, Done's lines are written
// only once the search is stopped. The caller checks that the server is
// idle and has a game that is not over.
func (s *Server) Go(lim surakarta.Limits, infinite bool, r Report) {
	s.goSearch(lim, infinite, false, r)
}

// GoPonder is Go for a search that ponders (Limits.Ponder): it searches
// with no time limit until PonderHit, from when lim's time limits apply,
// and writes Done's lines only once the search has ended after PonderHit,
// or at Stop.
func (s *Server) GoPonder(lim surakarta.Limits, infinite bool, r Report) {
	s.goSearch(lim, infinite, true, r)
}

func (s *Server) goSearch(lim surakarta.Limits, infinite, ponder bool, r Report) {
	lim = s.limits(lim)
	lim.Progress = r.Info
	lim.RootProgress = r.RootMove
	lim.MultiPV = s.Settings.MultiPV
	var hit chan struct{}
	if ponder {
		hit = make(chan struct{})
		lim.Ponder = hit
	}
	searcher, err := s.Searcher()
	game := s.game.Clone()
	s.start("a search", infinite, hit, func(ctx context.Context) []string {
		if err != nil {
			return r.Done(surakarta.Result{}, err)
		}
		res, err := s.search(ctx, searcher, game, lim)
		return r.Done(res, err)
	})
}

// SearchNow searches the game within lim until ctx is done and returns
// the result, for a protocol that waits for the move and shows no lines:
// one line, whatever the settings' MultiPV.
func (s *Server) SearchNow(ctx context.Context, lim surakarta.Limits) (surakarta.Result, error) {
	searcher, err := s.Searcher()
	if err != nil {
		return surakarta.Result{}, err
	}
	return s.search(ctx, searcher, s.game.Clone(), s.limits(lim))
}

// MaxPerftDepth is the deepest perft allowed without a cap: about a minute
// from the start on two cores.
const MaxPerftDepth = 8

// PerftDepth returns the deepest perft allowed: MaxPerftDepth, or the
// depth cap if it is smaller.
func (s *Server) PerftDepth() int {
	if s.Caps.Depth > 0 {
		return min(s.Caps.Depth, MaxPerftDepth)
	}
	return MaxPerftDepth
}

// BenchDepth returns the deepest bench allowed: MaxDepth, or the depth
// cap if it is smaller.
func (s *Server) BenchDepth() int {
	if s.Caps.Depth > 0 {
		return min(s.Caps.Depth, surakarta.MaxDepth)
	}
	return surakarta.MaxDepth
}

// StartPerft counts the leaves of the legal-move tree of the game's
// position to depth in the background, no game-end rule applied (Perft):
// each root move's line, made by line, is written as its count is done;
// then the lines of final, given the total and whether a Stop cut the
// count short. The caller checks that the server is idle and has a game.
func (s *Server) StartPerft(depth int, line func(surakarta.Move, uint64) string, final func(total uint64, stopped bool) []string) {
	p := s.game.Position()
	s.start("perft", false, nil, func(ctx context.Context) []string {
		total, err := Perft(ctx, p, depth, 0, func(m surakarta.Move, n uint64) { s.Out.Lines(line(m, n)) })
		return final(total, err != nil)
	})
}

// Bench searches each of positions to depth (within the node cap), under
// the settings' rules, with the engine's searcher cleared before each
// search and after the last, so that the count does not depend on what
// came before, and returns the nodes searched and the time it took. A
// position whose game the rules end at once is skipped. The caller
// checks that the server is idle.
func (s *Server) Bench(ctx context.Context, positions []surakarta.Position, depth int) (nodes int64, elapsed time.Duration, err error) {
	searcher, err := s.Searcher()
	if err != nil {
		return 0, 0, err
	}
	defer func() {
		if s.strayErr() != nil {
			return // not beside a search given up on
		}
		if cerr := clearSearcher(searcher); cerr != nil && err == nil {
			nodes, elapsed, err = 0, 0, cerr
		}
	}()
	for _, p := range positions {
		g, err := surakarta.NewGameWithRules(p, s.Settings.Rules)
		if err != nil || g.Outcome().Over {
			continue
		}
		if err := clearSearcher(searcher); err != nil {
			return 0, 0, err
		}
		res, err := s.search(ctx, searcher, g, surakarta.Limits{Depth: depth, Nodes: s.Caps.Nodes})
		if err != nil {
			return 0, 0, err
		}
		nodes += res.Nodes
		elapsed += res.Time
	}
	return nodes, elapsed, ctx.Err()
}

// ParseDepth parses a depth from 1 to hi.
func ParseDepth(arg string, hi int) (int, error) {
	d, err := strconv.Atoi(arg)
	if err != nil || d < 1 || d > hi {
		return 0, fmt.Errorf("want a depth from 1 to %d, not %q", hi, clip.Text(arg))
	}
	return d, nil
}
