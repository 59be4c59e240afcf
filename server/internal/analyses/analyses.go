// Package analyses makes the engine's analysis of a finished game on
// request: package analysis of the library, the full engine searching
// each position within Nodes nodes (the browser page's budget, the same
// analysis on every machine). Requests wait in a queue of bounded length
// and Workers analyses run at once, so that analyses never take more of
// the machine than that; each is kept in the store once made, and asked
// again it is served from there.
package analyses

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"sync"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/server/internal/games"
	"github.com/surakarta-go/surakarta/server/internal/store"
)

// Nodes is the budget of each position's search.
const Nodes = 100_000

// ErrBusy: the queue is full; ask again later.
var ErrBusy = errors.New("analyses: the queue is full")

// ErrNotOver: only a finished game is analysed.
var ErrNotOver = errors.New("analyses: the game is not over")

// Queue analyses games, Workers at a time, from a queue of at most
// QueueLength.
type Queue struct {
	store   *store.Store
	jobs    chan string
	wg      sync.WaitGroup
	ctx     context.Context
	cancel  context.CancelFunc
	started sync.Once
	// Nodes is the budget of a position's search (Nodes, or less in tests).
	Nodes int64
}

// QueueLength bounds the analyses waiting.
const QueueLength = 64

// New returns a queue of analyses of the games of s; Start starts it.
func New(s *store.Store) *Queue {
	ctx, cancel := context.WithCancel(context.Background())
	return &Queue{store: s, jobs: make(chan string, QueueLength), ctx: ctx, cancel: cancel, Nodes: Nodes}
}

// Start starts workers goroutines, after queueing the analyses that were
// queued or under way when the server stopped.
func (q *Queue) Start(workers int) {
	q.started.Do(func() {
		pending, err := q.store.PendingAnalyses(q.ctx)
		if err != nil {
			log.Printf("analyses: %v", err)
		}
		for _, id := range pending {
			select {
			case q.jobs <- id:
			default:
			}
		}
		for range max(workers, 1) {
			q.wg.Add(1)
			go q.work()
		}
	})
}

// Close stops the workers; an analysis under way is made again at the
// next start.
func (q *Queue) Close() {
	q.cancel()
	q.wg.Wait()
}

// Request queues the analysis of game id, over, unless it has one (made,
// queued or under way).
func (q *Queue) Request(ctx context.Context, id string) error {
	g, err := q.store.Game(ctx, id)
	if err != nil {
		return err
	}
	if g.Status != store.StatusOver {
		return fmt.Errorf("%w: %s", ErrNotOver, id)
	}
	if len(q.jobs) == cap(q.jobs) {
		return ErrBusy
	}
	created, err := q.store.RequestAnalysis(ctx, id, store.Millis(time.Now()))
	if err != nil || !created {
		return err
	}
	select {
	case q.jobs <- id:
		return nil
	default:
		return ErrBusy // queued in the store: made at the next start
	}
}

func (q *Queue) work() {
	defer q.wg.Done()
	for {
		select {
		case <-q.ctx.Done():
			return
		case id := <-q.jobs:
			if err := q.analyse(id); err != nil && q.ctx.Err() == nil {
				log.Printf("analyses: %s: %v", id, err)
				_ = q.store.SetAnalysis(context.Background(), store.Analysis{GameID: id, Status: store.AnalysisFailed, Summary: err.Error(), DoneAt: store.Millis(time.Now())})
			}
		}
	}
}

// Summary is the summary of an analysis, as analysis.json gives it.
type Summary struct {
	Black SideSummary    `json:"black"`
	White SideSummary    `json:"white"`
	Moves []MoveAnalysis `json:"moves"`
	Nodes int64          `json:"nodes"`
}

// SideSummary is one side's play: its accuracy and the count of each class
// of its moves.
type SideSummary struct {
	Accuracy     float64 `json:"accuracy"`
	AverageLoss  float64 `json:"averageLoss"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// MoveAnalysis is one move's: its class, and the engine's best move.
type MoveAnalysis struct {
	Ply    int    `json:"ply"`
	Move   string `json:"move"`
	Class  string `json:"class"`
	Best   string `json:"best"`
	Before string `json:"before"`
	After  string `json:"after"`
}

func (q *Queue) analyse(id string) error {
	ctx := q.ctx
	row, err := q.store.Game(ctx, id)
	if err != nil {
		return err
	}
	moves, err := q.store.Moves(ctx, id)
	if err != nil {
		return err
	}
	g, err := games.Replay(row, moves)
	if err != nil {
		return err
	}
	if err := q.store.SetAnalysis(ctx, store.Analysis{GameID: id, Status: store.AnalysisRunning}); err != nil {
		return err
	}
	rep, err := analysis.Game(ctx, g, surakarta.NewPVS(surakarta.NewNetwork()), analysis.Options{Limits: surakarta.Limits{Nodes: q.Nodes}})
	if err != nil {
		return err
	}
	rec, err := rep.Annotate(record.New(g, games.Headers(row)...))
	if err != nil {
		return err
	}
	text, err := rec.MarshalText()
	if err != nil {
		return err
	}
	var graph bytes.Buffer
	if err := rep.WriteSVG(&graph); err != nil {
		return err
	}
	sum := Summary{Black: side(rep, surakarta.Black), White: side(rep, surakarta.White), Nodes: q.Nodes, Moves: []MoveAnalysis{}}
	for _, a := range rep.Moves {
		sum.Moves = append(sum.Moves, MoveAnalysis{Ply: a.Ply, Move: a.Move.Notation(), Class: a.Class.String(), Best: a.Best.Notation(),
			Before: surakarta.FormatScore(a.Before), After: surakarta.FormatScore(a.After)})
	}
	js, err := json.Marshal(sum)
	if err != nil {
		return err
	}
	return q.store.SetAnalysis(context.Background(), store.Analysis{GameID: id, Status: store.AnalysisDone, Record: string(text),
		Summary: string(js), Graph: graph.String(), DoneAt: store.Millis(time.Now())})
}

func side(rep *analysis.Report, c surakarta.Color) SideSummary {
	s := rep.Summary(c)
	return SideSummary{Accuracy: s.Accuracy, AverageLoss: s.AverageLoss, Inaccuracies: s.Count(analysis.Inaccuracy),
		Mistakes: s.Count(analysis.Mistake), Blunders: s.Count(analysis.Blunder)}
}
