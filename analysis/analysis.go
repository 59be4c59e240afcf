// Package analysis annotates a game of Surakarta with an engine, as the
// computer analysis of a chess server does: it searches every position of
// the game once, scores each move against the engine's best, classes it
// Best, Good, Inaccuracy, Mistake or Blunder, and sums up each side's play
// (its average score lost, its count of each class). The report writes
// its annotations into a game record (Report.Annotate) and draws the score
// over the game as an SVG graph (Report.WriteSVG).
//
// # The method
//
// Game searches the position before every move with the same searcher
// and limits, in the order of the game, after clearing the searcher once:
// the searcher keeps what it learns from one position for the next, as
// it does when it plays a game. A move's score before is the search's
// score of the position before it, the best the mover can get; its score
// after is the negated score of the position after it, searched for the
// other side, or, when the move ends the game by the rules, the score of
// that end. So each position is searched once and serves twice. Both
// scores are the mover's, counted from the position before the move: a
// win or loss k plies after the move is a win or loss in k+1.
//
// The score lost by a move is the score before less the score after, each
// first clamped to ±ScoreCap (a win or loss counts as ±ScoreCap), and 0
// when that is negative (the search after the move saw further than the
// one before it) or when the move is the engine's best. A move that is
// the engine's best is Best; any other is classed by its loss against
// the thresholds InaccuracyLoss, MistakeLoss and BlunderLoss.
//
// # The thresholds
//
// Scores are in the unit of evaluation, in which every evaluator of
// package surakarta values a piece at about surakarta.PieceValue, 80
// (Tuned, the default, 76 on average over the benchmark positions). A
// move is an inaccuracy from a loss of 20 (a quarter of a piece), a
// mistake from 40 (half a piece) and a blunder from 60 (three quarters,
// so that a move that gives a piece away for nothing is one). Below 20 a
// loss is mostly the noise of searches to a
// fixed depth: the search after the engine's own best move, which sees a
// ply further, scores it 1 unit away from the search before in the
// median, and 38 or more one time in ten (at depth 10, over the games of
// docs/analysis.md). That is also why the engine's best move is Best
// whatever the two searches say.
//
// The scores are clamped to ±ScoreCap, 200, two and a half pieces: the win
// probability that Tuned's weights were fitted with, 1/(1 + e^(−K·s)) with
// K = 0.030607, is 99.8% at 200. A side that far ahead has won, whatever
// the score says beyond, and a move that leaves it that far ahead loses
// nothing that matters; so a game won by the fastest way and one won by a
// slower way score alike, and a move that turns a win into a loss loses
// 2·ScoreCap, a blunder.
//
// # Errors
//
// The errors of bad arguments and of a record that is not the game
// analysed wrap ErrInvalidAnalysis, and that of a search that scored
// nothing ErrNoScore, for errors.Is: a caller tells them apart without
// reading their text. The errors of the caller's own searcher, writer or
// context come back as they are or wrapped, for errors.Is with them.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/surakarta-go/surakarta"
)

// The thresholds on the score a move loses (see Annotation.Loss), in the
// unit of evaluation (a piece is surakarta.PieceValue); the package
// documentation's "The thresholds" tells why these.
const (
	// InaccuracyLoss is the least loss of an Inaccuracy: a quarter of a
	// piece.
	InaccuracyLoss = surakarta.PieceValue / 4
	// MistakeLoss is the least loss of a Mistake: half a piece.
	MistakeLoss = surakarta.PieceValue / 2
	// BlunderLoss is the least loss of a Blunder: three quarters of a
	// piece, so that a move that gives a piece away is a blunder.
	BlunderLoss = surakarta.PieceValue * 3 / 4
	// ScoreCap bounds the scores that a loss is computed from, and the
	// graph: a score beyond ±ScoreCap, a win or a loss included, counts as
	// ±ScoreCap. Two and a half pieces ahead a game is decided, and a
	// move that keeps it decided has lost nothing that matters.
	ScoreCap = surakarta.PieceValue * 5 / 2
)

// Class is what a move is worth against the engine's best move.
type Class uint8

// The classes of a move, from the best to the worst.
const (
	Best       Class = iota // the engine's best move
	Good                    // another move that loses less than InaccuracyLoss
	Inaccuracy              // a move that loses InaccuracyLoss to MistakeLoss (excluded)
	Mistake                 // a move that loses MistakeLoss to BlunderLoss (excluded)
	Blunder                 // a move that loses BlunderLoss or more
)

// classCount is the number of classes.
const classCount = 5

// String returns the class's name in lower case, as the annotations write
// it: "best", "good", "inaccuracy", "mistake", "blunder".
func (c Class) String() string {
	switch c {
	case Best:
		return "best"
	case Good:
		return "good"
	case Inaccuracy:
		return "inaccuracy"
	case Mistake:
		return "mistake"
	case Blunder:
		return "blunder"
	}
	return fmt.Sprintf("Class(%d)", uint8(c))
}

// Classify returns the class of a move that loses loss evaluation units
// and is not the engine's best move: Good, Inaccuracy, Mistake or
// Blunder by the thresholds.
func Classify(loss int) Class {
	switch {
	case loss >= BlunderLoss:
		return Blunder
	case loss >= MistakeLoss:
		return Mistake
	case loss >= InaccuracyLoss:
		return Inaccuracy
	}
	return Good
}

// Loss returns the score a move loses that turns the mover's best score
// before into after, both for the mover: each is clamped to ±ScoreCap (a
// win or loss counts as ±ScoreCap), and a negative difference counts as
// 0.
func Loss(before, after int) int {
	return max(Clamp(before)-Clamp(after), 0)
}

// Clamp returns score clamped to ±ScoreCap; a win or loss score (see
// surakarta.Win) is ±ScoreCap.
func Clamp(score int) int {
	return min(max(score, -ScoreCap), ScoreCap)
}

// Options are the settings of an analysis.
type Options struct {
	// Limits is the budget of the search of each position: a depth, a node
	// count or a time, as for a move in a game. Its Progress, if set, is
	// called by every search. SearchMoves must be empty: each position
	// has moves of its own. The zero Limits searches each position for
	// surakarta.DefaultMoveTime.
	Limits surakarta.Limits
	// Progress, if not nil, is called after the search of each position,
	// in the goroutine that called Game, with the number of positions
	// searched so far and the number to search in all: done runs from 1
	// to total, once each, in order.
	Progress func(done, total int)
}

// DefaultDepth is the depth at which the module's programs analyse a
// game by default, surakarta-analyze and surakarta-play's analyse alike,
// so that both judge a game's moves the same: a game of 60 plies takes
// about a second with PVS and the network on a 2-core machine.
const DefaultDepth = 10

// Annotation is the analysis of one move.
type Annotation struct {
	// Ply is the number of the move in the game, counting from 1: the
	// moves played once it is played, and so the key of the comment after
	// it in record.Record.Comments.
	Ply int
	// Number is the move's number as records and chess number moves:
	// Black's move and White's reply share one, which the game's start
	// position sets (surakarta.Position.MoveNumber).
	Number int
	Move   surakarta.Move  // the move played
	Mover  surakarta.Color // the side that played it
	// Before is the engine's score of the position before the move: the
	// best the mover can get, from the mover's view.
	Before int
	// After is the score of the move played, from the mover's view and
	// counted from the position before it, as Before is: the negated score
	// of the position after the move, a win or loss one ply further away,
	// or the score of the game's end when the move ends it.
	After int
	// Best is the engine's best move in the position before, and Line its
	// principal variation, starting with Best. Depth is the depth that
	// search completed.
	Best  surakarta.Move
	Line  []surakarta.Move
	Depth int
	// Loss is the score the move lost against Best, at least 0: see Loss
	// (the function), and 0 when the move is Best.
	Loss  int
	Class Class
	// WinBefore and WinAfter are the mover's winning chances in percent,
	// 0 to 100, that Before and After give (WinPercent), and Accuracy the
	// move's accuracy from them (MoveAccuracy), 100 for Best; accuracy.go
	// tells how.
	WinBefore, WinAfter float64
	Accuracy            float64
}

// Report is the analysis of a game.
type Report struct {
	// Moves holds an annotation for each move of the game, in order; after
	// a cancelled analysis, for the moves analysed before it stopped.
	Moves []Annotation
	// Outcome is the outcome of the game analysed, as Game.Outcome gave it.
	Outcome surakarta.Outcome
	// Searches, Nodes and Time count the searches made, their nodes and
	// the time the analysis took.
	Searches int
	Nodes    int64
	Time     time.Duration
}

// Summary is one side's play in a game, as Report.Summary counts it.
type Summary struct {
	Side  surakarta.Color
	Moves int // the side's moves analysed
	// Loss is the sum of the Loss of the side's moves, and AverageLoss
	// their mean (0 when it has none): the average centipawn loss of
	// chess, in evaluation units.
	Loss        int
	AverageLoss float64
	// Counts holds the number of the side's moves of each class, indexed
	// by Class.
	Counts [classCount]int
	// Accuracy is the side's accuracy in the game, from 0 to 100, as
	// Lichess computes it from its moves' (Annotation.Accuracy): see
	// accuracy.go. 0 when it has no moves.
	Accuracy float64
}

// Count returns the number of the side's moves of class c.
func (s Summary) Count(c Class) int {
	if int(c) >= len(s.Counts) {
		return 0
	}
	return s.Counts[c]
}

// Summary sums up the moves of side in the report.
func (r *Report) Summary(side surakarta.Color) Summary {
	s := Summary{Side: side}
	for _, a := range r.Moves {
		if a.Mover != side {
			continue
		}
		s.Moves++
		s.Loss += a.Loss
		if a.Class < classCount {
			s.Counts[a.Class]++
		}
	}
	if s.Moves > 0 {
		s.AverageLoss = float64(s.Loss) / float64(s.Moves)
	}
	s.Accuracy, _ = r.accuracy(side)
	return s
}

// ErrInvalidAnalysis is wrapped by the errors of Game for a nil context,
// game or searcher and for Limits that cannot be used, and of
// Report.Annotate and Report.Fit for a record that is not the game
// analysed or has no room for the annotations.
var ErrInvalidAnalysis = errors.New("analysis: invalid analysis")

// ErrNoScore is wrapped by the error of Game when a search reports no
// score: a surakarta.Result with Depth 0, which completed no iteration, so
// that its Score is no score of the position. The players that search
// nothing (level.NewRandom, level.NewGreedy), GTP programs, which have no
// way to say a score, and UGI programs that write no info line with a
// depth return such results; an analysis made of them would class every
// move against a score of 0, and so Game refuses them rather than report
// "+0 → +0" for every move.
var ErrNoScore = errors.New("analysis: the search reported no score")

// Game analyses g, finished or not, with s: it clears s, searches each
// position of the game once within opt.Limits (see the package
// documentation) and returns a report with an annotation for every move.
// g is not changed.
//
// The positions searched are those before each move and the last one,
// unless the rules have ended the game there (no pieces, no legal move,
// the quiet-ply limit, repetition): a move that ends the game is scored
// by its end. A game that the players ended (resignation, draw by
// agreement, time forfeit) has its last position searched as if it went
// on. A game without moves gives a report without annotations, and no
// search.
//
// When ctx is done before the end, Game stops the search under way and
// returns a report of the moves whose positions were both searched
// (before the search that ctx stopped, whose result it drops), with
// ctx's error. When a search fails, it returns the report so far and the
// search's error, and when a search reports no score (Depth 0, see
// ErrNoScore), the report so far and an error wrapping ErrNoScore. Errors
// of the arguments wrap ErrInvalidAnalysis, and then nothing is searched
// and the report is nil.
func Game(ctx context.Context, g *surakarta.Game, s surakarta.Searcher, opt Options) (*Report, error) {
	switch {
	case ctx == nil:
		return nil, fmt.Errorf("%w: the context is nil (use context.Background())", ErrInvalidAnalysis)
	case g == nil:
		return nil, fmt.Errorf("%w: the game is nil", ErrInvalidAnalysis)
	case s == nil:
		return nil, fmt.Errorf("%w: the searcher is nil", ErrInvalidAnalysis)
	case len(opt.Limits.SearchMoves) > 0:
		return nil, fmt.Errorf("%w: Limits.SearchMoves is set, but each position has moves of its own", ErrInvalidAnalysis)
	}
	if err := opt.Limits.Validate(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidAnalysis, err)
	}
	start := time.Now()
	moves := g.Moves()
	number := moveNumbers(g.StartPosition())
	outcome := g.Outcome()
	report := &Report{Outcome: outcome}
	defer func() { report.Time = time.Since(start) }()
	if len(moves) == 0 {
		return report, nil
	}
	replay, err := surakarta.NewGameWithRules(g.StartPosition(), g.Rules())
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidAnalysis, err)
	}
	// The last position is searched unless the rules ended the game there.
	endedByRules := outcome.Over && endsByRules(outcome.Reason)
	total := len(moves) + 1
	if endedByRules {
		total--
	}
	s.Clear()
	var prev surakarta.Result // the result of the position before
	prevPieces := 0           // the pieces on the board in the position before
	for i := 0; i < total; i++ {
		if i > 0 {
			if err := replay.Play(moves[i-1]); err != nil {
				return report, fmt.Errorf("analysis: replaying the game: %w", err)
			}
		}
		res, err := s.Search(ctx, replay, opt.Limits)
		if ctxErr := ctx.Err(); ctxErr != nil {
			return report, ctxErr
		}
		if err != nil {
			return report, fmt.Errorf("analysis: the search of ply %d: %w", i, err)
		}
		report.Searches++
		report.Nodes += res.Nodes
		if res.Depth <= 0 {
			return report, fmt.Errorf("%w (depth %d) at ply %d: it completed no iteration; analyse with a searcher that scores positions", ErrNoScore, res.Depth, i)
		}
		if i > 0 {
			report.Moves = append(report.Moves, withAccuracy(annotate(i, number(i), moves[i-1], replay.Position().SideToMove().Other(), prev, afterScore(res.Score)), prevPieces, pieces(replay)))
		}
		prev, prevPieces = res, pieces(replay)
		if opt.Progress != nil {
			opt.Progress(i+1, total)
		}
	}
	if endedByRules {
		n := len(moves)
		if err := replay.Play(moves[n-1]); err != nil {
			return report, fmt.Errorf("analysis: replaying the game: %w", err)
		}
		mover := replay.Position().SideToMove().Other()
		report.Moves = append(report.Moves, withAccuracy(annotate(n, number(n), moves[n-1], mover, prev, endScore(replay.Outcome(), mover)), prevPieces, pieces(replay)))
	}
	return report, nil
}

// endsByRules reports whether reason is one of the rules' ends of a game,
// which a position shows, rather than one the players declared.
func endsByRules(reason surakarta.Reason) bool {
	switch reason {
	case surakarta.NoPieces, surakarta.Blocked, surakarta.QuietPlyRule, surakarta.Repetition:
		return true
	}
	return false
}

// afterScore returns the score of a move for its mover, counted from the
// position before it, from the score of the position after it for the
// other side: negated, and a win or loss (an endgame table's without a
// distance too) one ply further away.
func afterScore(next int) int {
	s := -next
	switch {
	case surakarta.IsWin(s), surakarta.IsTableWin(s):
		s--
	case surakarta.IsLoss(s), surakarta.IsTableLoss(s):
		s++
	}
	return s
}

// endScore returns the score for mover of the move that ended the game
// with outcome o, counted from the position before it: a win or loss in
// 1, or 0 for a draw.
func endScore(o surakarta.Outcome, mover surakarta.Color) int { return o.Score(mover, 1) }

// moveNumbers returns the function that gives the move number of the
// ply-th move of a game from start (Annotation.Number).
func moveNumbers(start surakarta.Position) func(ply int) int {
	whiteFirst := 0
	if start.SideToMove() == surakarta.White {
		whiteFirst = 1
	}
	return func(ply int) int { return start.MoveNumber() + (ply-1+whiteFirst)/2 }
}

// annotate returns the annotation of move, the ply-th of the game and
// numbered number, played by mover where the search gave res, with the
// score after it.
func annotate(ply, number int, move surakarta.Move, mover surakarta.Color, res surakarta.Result, after int) Annotation {
	a := Annotation{
		Ply: ply, Number: number, Move: move, Mover: mover,
		Before: res.Score, After: after,
		Best: res.Move, Line: slices.Clone(res.PV), Depth: res.Depth,
	}
	if sameMove(move, res.Move) {
		a.Class = Best
		return a
	}
	a.Loss = Loss(a.Before, a.After)
	a.Class = Classify(a.Loss)
	return a
}

// sameMove reports whether a and b go from the same square to the same
// square: a searcher may or may not set the capture bit.
func sameMove(a, b surakarta.Move) bool {
	return a.From() == b.From() && a.To() == b.To()
}
