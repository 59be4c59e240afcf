package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/clip"
)

// engine is what both protocols share: the game, the options, the
// searcher and the search running in the background, if any.
//
// The protocol's goroutine owns the engine; a search runs in a goroutine
// of its own on a copy of the game, and touches only its searcher and the
// output, so that commands that read the game (query, isready) are
// answered while it runs. Commands that would change the game, the options
// or the searcher are refused while a search runs.
type engine struct {
	out  *output
	game *surakarta.Game
	opts options

	searcher    surakarta.Searcher // made from opts when first needed; nil after a change
	searcherFor options            // the options searcher was made with

	search *search // the search started by the last go, until it is reaped

	// Caps for tests and fuzzing (0: none): every search stops after
	// nodeCap nodes, and perft and bench go no deeper than depthCap.
	nodeCap  int64
	depthCap int
}

// newEngine returns an engine at the start position with the default
// options, writing to w.
func newEngine(w io.Writer) *engine {
	e := &engine{out: &output{w: bufio.NewWriter(w)}, opts: defaultOptions()}
	e.game = e.newGame(surakarta.NewPosition())
	return e
}

// newGame returns a game from p under the rules of the options, which are
// always valid (setoption checks them).
func (e *engine) newGame(p surakarta.Position) *surakarta.Game {
	g, err := surakarta.NewGameWithRules(p, e.opts.rules)
	if err != nil {
		panic(err) // unreachable: the options hold only valid rules
	}
	return g
}

// searcherNow returns the searcher for the current options, making a new
// one when they changed.
func (e *engine) searcherNow() surakarta.Searcher {
	if e.searcher == nil || e.searcherFor != e.opts {
		e.searcher = e.opts.newSearcher()
		e.searcherFor = e.opts
	}
	return e.searcher
}

// errSearching is the error of a command refused while a search runs.
var errSearching = errors.New("a search is running: send stop first")

// searching reports whether a search is running, reaping one that has
// ended. A search has ended once it has written its move, so that a
// command sent in answer to bestmove finds the engine idle.
func (e *engine) searching() bool {
	if e.search == nil {
		return false
	}
	if e.search.reported.Load() {
		<-e.search.done
		e.search = nil
		return false
	}
	select {
	case <-e.search.done:
		e.search = nil
		return false
	default:
		return true
	}
}

// idle returns errSearching while a search runs.
func (e *engine) idle() error {
	if e.searching() {
		return errSearching
	}
	return nil
}

// stop ends the running search, if any, and waits until it has reported
// its move.
func (e *engine) stop() {
	if e.search != nil {
		e.search.cancel()
		<-e.search.done
		e.search = nil
	}
}

// wait waits for a search that ends by itself to end, and stops one that
// would wait for stop (infinite).
func (e *engine) wait() {
	if e.search != nil && e.search.infinite {
		e.stop()
	}
	if e.search != nil {
		<-e.search.done
		e.search = nil
	}
}

// search is a search running in the background.
type search struct {
	cancel   context.CancelFunc
	reported atomic.Bool   // set as its last lines are written, before they are flushed
	done     chan struct{} // closed when the search's goroutine ends, after reported is set
	infinite bool          // it reports its move only after stop
}

// report receives a search's progress and result, in the search's
// goroutine: info is called after each iteration, done at the end and
// returns the lines that report the result.
type report struct {
	info func(surakarta.Info)
	done func(surakarta.Result, error) []string
}

// start starts a search of the game within lim in the background. With
// infinite, the move is reported only once the search is stopped.
func (e *engine) start(lim surakarta.Limits, infinite bool, r report) {
	if e.nodeCap > 0 && (lim.Nodes == 0 || lim.Nodes > e.nodeCap) {
		lim.Nodes = e.nodeCap
	}
	lim.MoveOverhead = e.opts.overhead
	lim.Progress = r.info
	ctx, cancel := context.WithCancel(context.Background())
	s := &search{cancel: cancel, done: make(chan struct{}), infinite: infinite}
	e.search = s
	searcher, game := e.searcherNow(), e.game.Clone()
	go func() {
		defer close(s.done)
		defer cancel()
		res, err := searcher.Search(ctx, game, lim)
		if infinite {
			<-ctx.Done()
		}
		e.out.linesThen(func() { s.reported.Store(true) }, r.done(res, err)...)
	}()
}

// searchNow searches the game within lim and returns the result, for
// protocols that wait for the move (GTP).
func (e *engine) searchNow(lim surakarta.Limits, info func(surakarta.Info)) (surakarta.Result, error) {
	var res surakarta.Result
	var err error
	e.start(lim, false, report{info: info, done: func(r surakarta.Result, searchErr error) []string {
		res, err = r, searchErr
		return nil
	}})
	e.wait()
	return res, err
}

// output writes the engine's lines, whole and in order, from any
// goroutine.
type output struct {
	mu sync.Mutex
	w  *bufio.Writer
}

// lines writes lines and flushes them.
func (o *output) lines(lines ...string) { o.linesThen(nil, lines...) }

// linesThen writes lines, calls then (if not nil) and flushes the lines.
func (o *output) linesThen(then func(), lines ...string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, l := range lines {
		o.w.WriteString(l)
		o.w.WriteByte('\n')
	}
	if then != nil {
		then()
	}
	o.w.Flush()
}

// parsePosition parses the tokens of a position command's position part,
// "startpos" or "fen <position text>", followed by an optional "moves
// m1 m2 ..." part (with moves set, the keyword must be "moves"), and
// returns the game it describes under rules. Nothing is changed: the
// caller replaces its game only when there is no error.
func parsePosition(args []string, rules surakarta.Rules) (*surakarta.Game, error) {
	if len(args) == 0 {
		return nil, errors.New("position: want startpos or fen <position>, then optionally moves and the moves")
	}
	var text string
	rest := args[1:]
	switch strings.ToLower(args[0]) {
	case "startpos":
		text = surakarta.StartText
	case "fen":
		n := len(rest)
		for i, a := range rest {
			if strings.EqualFold(a, "moves") {
				n = i
				break
			}
		}
		if n == 0 {
			return nil, errors.New("position fen: the position text is missing")
		}
		text = strings.Join(rest[:n], " ")
		rest = rest[n:]
	default:
		return nil, fmt.Errorf("position: want startpos or fen, not %q", clip.Text(args[0]))
	}
	p, err := surakarta.ParsePosition(text)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	g, err := surakarta.NewGameWithRules(p, rules)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if len(rest) > 0 {
		if !strings.EqualFold(rest[0], "moves") {
			return nil, fmt.Errorf("position: want moves after the position, not %q", clip.Text(rest[0]))
		}
		for i, m := range rest[1:] {
			if err := g.PlayText(m); err != nil {
				return nil, fmt.Errorf("position: move %d (%s): %w", i+1, clip.Text(m), err)
			}
		}
	}
	return g, nil
}

// scoreText returns a score as UCI writes it: "cp N" for an evaluation
// (in the evaluator's units, a piece being worth about 50), "mate N" for a
// game won in N moves of the side to move, "mate -N" for one lost.
func scoreText(score int) string {
	n, ok := surakarta.PliesToEnd(score)
	switch {
	case ok && score > 0:
		return "mate " + strconv.Itoa((n+1)/2)
	case ok:
		return "mate -" + strconv.Itoa((n+1)/2)
	}
	return "cp " + strconv.Itoa(score)
}

// movesText returns moves in the library's notation, separated by spaces.
func movesText(moves []surakarta.Move) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}

// millis returns d in whole milliseconds.
func millis(d time.Duration) int64 { return d.Milliseconds() }

// nodesPerSecond returns the speed of a search of nodes in elapsed, as
// the library's Info.NodesPerSecond gives it.
func nodesPerSecond(nodes int64, elapsed time.Duration) int64 {
	return int64(float64(nodes) / max(elapsed.Seconds(), 1e-9))
}
