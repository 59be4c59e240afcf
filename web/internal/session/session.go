// Package session is what the browser page asks of the library: one game
// against the engine, described after every change as a State that the page
// draws without knowing the rules. The WebAssembly program in ../../wasm
// hands these calls to JavaScript; tests call them directly.
package session

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
	"github.com/surakarta-go/surakarta/level"
)

// Engine names the engine the page plays against, in the spelling of
// enginespec.Parse.
const Engine = "pvs,network"

// Limits on what the page may ask for.
const (
	MaxMoveTime      = time.Minute
	MaxRecord        = 1 << 20 // bytes of an uploaded record
	MaxBench         = 64      // positions in one Bench call
	MaxAnalysisNodes = 100_000_000
)

// The budgets of the full engine's searches that do not play: a node
// count, not a time, so that a hint and an analysis are the same on every
// machine, however fast (and the tests can compute them).
const (
	// HintNodes is the budget of a hint: about half a second to a second
	// in the browser.
	HintNodes = 1_000_000
	// AnalysisNodes is the budget of each position that Analyse searches
	// by default: a median depth of about 11 or 12 over a game, a little
	// deeper than the analysis command's default depth of 10, and a game
	// of 60 plies in a few seconds in the browser (docs/browser.md).
	AnalysisNodes = 100_000
)

// Session is one game and the engine that plays in it. It is not safe for
// concurrent use; the page has one per Web Worker.
type Session struct {
	game     *surakarta.Game
	searcher *surakarta.PVS // level Count: the engine, which keeps its table from move to move
	analyst  *surakarta.PVS // the full engine for hints and analyses, cleared before each
	// player is the last level below Count that Think made, for
	// playerLevel and playerKey; levels below Count learn nothing from move
	// to move, so it is kept only to save making it again.
	player      surakarta.Searcher
	playerLevel int
	playerKey   uint64
	// notes are the comments of the record loaded last, keyed by ply as
	// surakarta.Record.Comments, and noted the moves of its game: a comment
	// stays with the game as long as the game keeps the moves up to its ply
	// (Comments).
	notes map[int]string
	noted []surakarta.Move
	// glyphs and variations are the glyphs and variations of the record
	// loaded last, kept as its comments are (Comments).
	glyphs     map[int][]surakarta.Glyph
	variations map[int][]surakarta.Variation
	// report is the last analysis (Analyse), of the game whose record
	// (State.Record) was reportRecord: Record writes its annotations.
	report       *analysis.Report
	reportRecord string
}

// New returns a session at the start position under the Olympiad rules.
func New() *Session {
	return &Session{
		game:     surakarta.NewGame(surakarta.NewPosition()),
		searcher: surakarta.NewPVS(surakarta.NewNetwork()),
		analyst:  surakarta.NewPVS(surakarta.NewNetwork()),
	}
}

// LevelKey returns what the random choices of a level below level.Count
// are drawn from in a game from start (the second argument of level.New):
// the start position's hash. A level's move then depends on the game
// alone, the start and the moves since, so that a record tells what the
// level plays, and the same game gets the same replies.
func LevelKey(start surakarta.Position) uint64 { return start.Hash() }

// State describes the game for the page: everything it draws.
type State struct {
	Position    string      // the position text
	Start       string      // the start position's text
	Board       [36]string  // by square (a1 = 0 … f6 = 35): "black", "white" or ""
	SideToMove  string      // "black" or "white"
	Counts      [2]int      // pieces of Black and White
	QuietPlies  int         // plies since the last capture
	Moves       []Played    // the moves played, in order
	Legal       []LegalMove // the legal moves now: none when the game is over
	Over        bool
	Result      string // "1-0", "0-1", "1/2-1/2" or "*"
	Outcome     string // such as "White wins (no pieces left)", or "not over"
	Winner      string // "black" or "white" when a side has won, else ""
	Reason      string // why the game ended, such as "no pieces left"; "" while it goes on
	Declared    bool   // the players ended it (a resignation): Undo takes that back first
	Record      string // the game as a record without player headers: Load restores it
	Rules       string // "quiet=50 repetition=2"
	Repetitions int    // occurrences of the current position since the last capture
	// Comments are the comments of the record loaded (Load) that the game
	// keeps (Session.Comments), in the order of their plies; Record holds
	// them too.
	Comments []Comment
	// Variations are the variations of the record loaded that the game
	// keeps, as the move list shows them; Record holds them too, and the
	// glyphs, which Played.Glyphs shows.
	Variations []VariationRow
}

// VariationRow is a variation as the move list shows it: a row of moves
// after the move it replaces, indented by its depth. A variation's own
// variations follow it, in rows of their own, one deeper.
type VariationRow struct {
	Ply   int // the number of the move of the game it replaces (from 1)
	Depth int // 1 for a variation of the game's moves, 2 within one, …
	Moves []VariationMove
}

// VariationMove is a move of a variation, with the position after it for
// the board to show.
type VariationMove struct {
	Label   string     // its move number, "12." or "12…", when the list writes one
	Text    string     // "b2b3" or "b2xe5"
	Glyphs  string     // its glyphs as a record writes them, "?!" or "!! $10"
	Comment string     // the comment after it
	Path    *Path      // the capture path, nil for a step
	After   string     // the position after it
	Board   [36]string // as State.Board, after it
}

// variationRows returns the rows of the variations of a line whose
// positions before each move are before (before(k) before its k-th move),
// in the order a record writes them, at depth.
func variationRows(variations map[int][]surakarta.Variation, before func(k int) surakarta.Position, start, depth int) []VariationRow {
	var rows []VariationRow
	for _, k := range slices.Sorted(maps.Keys(variations)) {
		for _, v := range variations[k] {
			p := before(k)
			row := VariationRow{Ply: start + k, Depth: depth}
			positions := []surakarta.Position{p}
			for i, m := range v.Moves {
				legal, err := p.Legal(m)
				if err != nil {
					break
				}
				vm := VariationMove{Text: moveText(legal), Path: pathOf(p, legal), Comment: v.Comments[i+1]}
				if i == 0 || p.SideToMove() == surakarta.Black {
					vm.Label = fmt.Sprintf("%d.", p.MoveNumber())
					if p.SideToMove() == surakarta.White {
						vm.Label = fmt.Sprintf("%d…", p.MoveNumber())
					}
				}
				var glyphs []string
				for _, g := range v.Glyphs[i+1] {
					glyphs = append(glyphs, g.String())
				}
				vm.Glyphs = strings.Join(glyphs, " ")
				p.PlayUnchecked(legal)
				vm.After, vm.Board = p.String(), board(p)
				positions = append(positions, p)
				row.Moves = append(row.Moves, vm)
			}
			rows = append(rows, row)
			rows = append(rows, variationRows(v.Variations, func(k int) surakarta.Position { return positions[k-1] }, start+k-1, depth+1)...)
		}
	}
	return rows
}

// Comment is a record's comment: Ply is the number of moves played before
// it, 0 for a comment before the first move.
type Comment struct {
	Ply  int
	Text string
}

// Played is a move of the game with its number, as the move list shows it.
type Played struct {
	Glyphs string // the glyphs of the record loaded, as it writes them: "?!", "!! $10"
	Text   string // "b2b3", or "b2xe5" for a capture
	Number int    // the move number
	Color  string // "black" or "white"
	Path   *Path  // the capture path, nil for a step
}

// LegalMove is a move the side to move may play.
type LegalMove struct {
	From, To string
	Capture  bool
	Path     *Path // for a capture, its path; nil for a step
}

// Path is a capture path: the circuit, the points in order (origin first,
// target last) and the corner loops crossed.
type Path struct {
	Circuit string // "inner" or "outer"
	Points  []string
	Loops   []Loop
}

// Loop is a corner loop crossed between Points[Index-1] and Points[Index].
type Loop struct {
	Index  int
	Corner string // "a1", "f1", "a6" or "f6"
}

// Thought is the engine's move and how it found it.
type Thought struct {
	Level  int    // the level that played it, 1 to level.Count
	Move   string // "b2b3" or "b2xe5"
	Path   *Path  // for a capture, its path
	Score  string // for the engine, as surakarta.FormatScore writes it
	Depth  int
	Nodes  int64
	Millis float64 // search time
}

// Progress reports a completed iteration while the engine thinks.
type Progress struct {
	Depth  int
	Score  string
	Nodes  int64
	Millis float64
	PV     string // the principal variation, as line writes it
}

// Game returns the session's game (tests read it).
func (s *Session) Game() *surakarta.Game { return s.game }

// State describes the game now.
func (s *Session) State() State {
	g := s.game
	p := g.Position()
	st := State{
		Position:    p.String(),
		Start:       g.StartPosition().String(),
		SideToMove:  colorName(p.SideToMove()),
		Counts:      [2]int{p.Count(surakarta.Black), p.Count(surakarta.White)},
		QuietPlies:  p.QuietPlies(),
		Repetitions: g.Repetitions(),
	}
	st.Board = board(p)
	positions := g.Positions()
	for i, m := range g.Moves() {
		before := positions[i]
		st.Moves = append(st.Moves, Played{
			Text:   moveText(m),
			Number: before.MoveNumber(),
			Color:  colorName(before.SideToMove()),
			Path:   pathOf(before, m),
		})
	}
	for _, m := range g.LegalMoves() {
		st.Legal = append(st.Legal, LegalMove{
			From:    m.From().String(),
			To:      m.To().String(),
			Capture: m.IsCapture(),
			Path:    pathOf(p, m),
		})
	}
	o := g.Outcome()
	st.Over = o.Over
	st.Result = o.Result()
	st.Outcome = o.String()
	if o.Over {
		st.Reason = o.Reason.String()
		if !o.Draw {
			st.Winner = colorName(o.Winner)
		}
		switch o.Reason {
		case surakarta.Resignation, surakarta.DrawAgreement, surakarta.TimeForfeit:
			st.Declared = true
		}
	}
	r := g.Rules()
	st.Rules = fmt.Sprintf("quiet=%d repetition=%d", r.QuietPlyLimit, r.RepetitionLimit)
	rec := surakarta.NewRecord(g)
	rec.Comments = s.Comments()
	for _, ply := range slices.Sorted(maps.Keys(rec.Comments)) {
		st.Comments = append(st.Comments, Comment{Ply: ply, Text: rec.Comments[ply]})
	}
	same := s.samePlies()
	for ply, gs := range s.glyphs {
		if ply <= same {
			rec.Glyphs[ply] = gs
			var text []string
			for _, g := range gs {
				text = append(text, g.String())
			}
			st.Moves[ply-1].Glyphs = strings.Join(text, " ")
		}
	}
	for ply, vs := range s.variations {
		if ply <= same {
			rec.Variations[ply] = vs
		}
	}
	st.Variations = variationRows(rec.Variations, func(k int) surakarta.Position { return positions[k-1] }, 0, 1)
	if text, err := rec.MarshalText(); err == nil {
		st.Record = string(text)
	}
	return st
}

// Comments returns the comments of the record loaded last that the game
// now keeps: those up to the last ply at which its moves are still the
// record's. Taking moves back and playing others drops the comments of the
// moves taken back; playing the same ones again brings them back.
func (s *Session) Comments() map[int]string {
	out := map[int]string{}
	if len(s.notes) == 0 {
		return out
	}
	same := s.samePlies()
	for ply, text := range s.notes {
		if ply <= same {
			out[ply] = text
		}
	}
	return out
}

// samePlies returns the number of moves, from the first, that the game
// shares with the record loaded last.
func (s *Session) samePlies() int {
	moves := s.game.Moves()
	same := 0
	for same < len(moves) && same < len(s.noted) && moves[same] == s.noted[same] {
		same++
	}
	return same
}

// NewGame starts a game from the position text, or from the start when it
// is empty, and clears what the engine learnt in the last game.
func (s *Session) NewGame(position string) (State, error) {
	p := surakarta.NewPosition()
	if position = strings.TrimSpace(position); position != "" {
		var err error
		if p, err = surakarta.ParsePosition(position); err != nil {
			return State{}, err
		}
	}
	s.game = surakarta.NewGame(p)
	s.notes, s.noted, s.glyphs, s.variations = nil, nil, nil, nil
	s.report, s.reportRecord = nil, ""
	s.searcher.Clear()
	return s.State(), nil
}

// Play plays a move given as text ("b2b3").
func (s *Session) Play(move string) (State, error) {
	if err := s.game.PlayText(move); err != nil {
		return State{}, err
	}
	return s.State(), nil
}

// Undo takes back n plies (a declared end counts as one), stopping early at
// the start of the game.
func (s *Session) Undo(n int) (State, error) {
	for range n {
		if err := s.game.Undo(); err != nil {
			if errors.Is(err, surakarta.ErrNoMoveToUndo) {
				break
			}
			return State{}, err
		}
	}
	return s.State(), nil
}

// Resign ends the game with the resignation of color ("black" or "white").
func (s *Session) Resign(color string) (State, error) {
	c, err := surakarta.ParseColor(color)
	if err != nil {
		return State{}, err
	}
	if err := s.game.Resign(c); err != nil {
		return State{}, err
	}
	return s.State(), nil
}

// Load replaces the game with the one in a record's text, and keeps its
// comments (Comments). On error the game is unchanged. A record that holds
// several games is refused.
func (s *Session) Load(text string) (State, error) {
	if len(text) > MaxRecord {
		return State{}, fmt.Errorf("the record is %d bytes, more than %d", len(text), MaxRecord)
	}
	if strings.TrimSpace(text) == "" {
		return State{}, errors.New("the file is empty")
	}
	r, err := surakarta.ParseRecord(text)
	if err != nil {
		return State{}, err
	}
	s.game = r.Game
	s.notes, s.noted, s.glyphs, s.variations = r.Comments, r.Game.Moves(), r.Glyphs, r.Variations
	s.report, s.reportRecord = nil, ""
	s.searcher.Clear()
	return s.State(), nil
}

// Record returns the game of the record text (a State's Record: the game
// the page shows, which may be behind the session's while the engine
// thinks) as a record with the given headers (name, value pairs in order)
// and the text's comments (those of a record loaded). With annotate, the
// annotations of the last analysis follow them (analysis.Report.Annotate),
// which must be of that game: analysed since it last changed.
func (s *Session) Record(text string, headers []surakarta.Header, annotate bool) (string, error) {
	r, err := surakarta.ParseRecord(text)
	if err != nil {
		return "", err
	}
	r.Headers = headers
	if annotate {
		if s.report == nil || s.reportRecord != text {
			return "", errors.New("the game has changed since its analysis: analyse it again")
		}
		if r, err = s.report.Annotate(r); err != nil {
			return "", err
		}
	}
	out, err := r.MarshalText()
	return string(out), err
}

// Think lets the engine of a level, 1 to level.Count, choose a move for
// the side to move, and plays it. Level level.Count, the engine at full
// strength, searches for moveTime; a level below searches within its own
// budget of nodes (package level), whatever moveTime is, so that its
// strength does not depend on the machine. progress, if not nil, is
// called after each completed iteration of the engine's searches (levels
// 6 to 10; levels 1 to 5 do not report).
func (s *Session) Think(lvl int, moveTime time.Duration, progress func(Progress)) (Thought, State, error) {
	var searcher surakarta.Searcher
	var lim surakarta.Limits
	switch {
	case lvl == level.Count:
		if moveTime <= 0 || moveTime > MaxMoveTime {
			return Thought{}, State{}, fmt.Errorf("thinking time %v: want more than 0 and at most %v", moveTime, MaxMoveTime)
		}
		searcher = s.searcher
		lim.MoveTime = moveTime
	case lvl >= 1 && lvl < level.Count:
		key := LevelKey(s.game.StartPosition())
		if s.player == nil || s.playerLevel != lvl || s.playerKey != key {
			p, err := level.New(lvl, key)
			if err != nil {
				return Thought{}, State{}, err
			}
			s.player, s.playerLevel, s.playerKey = p, lvl, key
		}
		searcher = s.player
	default:
		return Thought{}, State{}, fmt.Errorf("level %d: want 1 to %d", lvl, level.Count)
	}
	before := s.game.Position()
	if progress != nil {
		lim.Progress = func(info surakarta.Info) {
			progress(Progress{
				Depth:  info.Depth,
				Score:  surakarta.FormatScore(info.Score),
				Nodes:  info.Nodes,
				Millis: millis(info.Time),
				PV:     line(before, info.PV),
			})
		}
	}
	r, err := searcher.Search(context.Background(), s.game, lim)
	if err != nil {
		return Thought{}, State{}, err
	}
	if err := s.game.Play(r.Move); err != nil {
		return Thought{}, State{}, fmt.Errorf("the engine's move %v: %w", r.Move, err)
	}
	played := s.game.Moves()[s.game.Ply()-1] // with its capture bit
	t := Thought{
		Level:  lvl,
		Move:   moveText(played),
		Path:   pathOf(before, played),
		Score:  surakarta.FormatScore(r.Score),
		Depth:  r.Depth,
		Nodes:  r.Nodes,
		Millis: millis(r.Time),
	}
	return t, s.State(), nil
}

// Hint is the full engine's move for the side to move, not played.
type Hint struct {
	Move     string // "b2b3" or "b2xe5"
	From, To string
	Path     *Path  // for a capture, its path
	Score    string // for the side to move, as surakarta.FormatScore writes it
	Line     string // the principal variation, as line writes it
	Depth    int
	Nodes    int64
	Millis   float64
}

// Hint searches the position now with the full engine, cleared first,
// within HintNodes nodes, and returns its move without playing it: the
// same move on every machine for the same game.
func (s *Session) Hint() (Hint, error) {
	if o := s.game.Outcome(); o.Over {
		return Hint{}, fmt.Errorf("no hint: the game is over (%v)", o)
	}
	s.analyst.Clear()
	r, err := s.analyst.Search(context.Background(), s.game, surakarta.Limits{Nodes: HintNodes})
	if err != nil {
		return Hint{}, err
	}
	p := s.game.Position()
	m, err := p.Legal(r.Move) // with its capture bit
	if err != nil {
		return Hint{}, fmt.Errorf("the engine's move %v: %w", r.Move, err)
	}
	return Hint{
		Move: moveText(m), From: m.From().String(), To: m.To().String(), Path: pathOf(p, m),
		Score: surakarta.FormatScore(r.Score), Line: line(p, r.PV),
		Depth: r.Depth, Nodes: r.Nodes, Millis: millis(r.Time),
	}, nil
}

// Analysis is the engine's analysis of the game (package analysis), as
// the page shows it.
type Analysis struct {
	Moves []Annotated // one a move, in order
	// Plies holds the position after each ply, from 0 (the start) to the
	// number of moves.
	Plies []Board
	// Variations are the engine's better lines at the moves it criticises,
	// as the annotated record holds them (analysis.Report.Annotate).
	Variations    []VariationRow
	SVG           string // the graph of the score over the game (analysis.Report.WriteSVG)
	Black, White  SideSummary
	Nodes         int64 // per position searched
	Searches      int
	NodesSearched int64
	Millis        float64
}

// Annotated is a move of the game with its analysis.
type Annotated struct {
	Ply      int    // the number of moves played once it is, from 1
	Move     string // "b2b3" or "b2xe5"
	Color    string // "black" or "white"
	Class    string // "best", "good", "inaccuracy", "mistake" or "blunder"
	Mark     string // "?!" for an inaccuracy, "?" for a mistake, "??" for a blunder, else ""
	Before   string // the mover's best score before it (surakarta.FormatScore)
	After    string // the score of the move played, for the mover
	Loss     int    // the score it lost against the engine's best, at least 0
	Best     string // the engine's best move in the position before it
	BestPath *Path  // the capture path of Best, nil for a step
	Line     string // the engine's line from Best, as line writes it
	Depth    int    // the depth of the search of the position before it
	Comment  string // analysis.Annotation.Comment, as a record writes it
}

// Board is a position of the game, for the page to draw.
type Board struct {
	Position string
	Board    [36]string // as State.Board
}

// SideSummary sums up one side's play (analysis.Report.Summary).
type SideSummary struct {
	Moves                            int
	AverageLoss                      float64
	Inaccuracies, Mistakes, Blunders int
	Accuracy                         float64 // from 0 to 100 (analysis.Summary.Accuracy)
}

// Marks are the signs of the classes after a move, as chess writes them.
var marks = map[analysis.Class]string{analysis.Inaccuracy: "?!", analysis.Mistake: "?", analysis.Blunder: "??"}

// Analyse analyses the game with the full engine (analysis.Game), each
// position within nodes nodes (AnalysisNodes when nodes is 0), and
// reports after each position searched through progress, if not nil. The
// game is not changed.
func (s *Session) Analyse(nodes int64, progress func(done, total int)) (Analysis, error) {
	if nodes == 0 {
		nodes = AnalysisNodes
	}
	if nodes < 1 || nodes > MaxAnalysisNodes {
		return Analysis{}, fmt.Errorf("%d nodes a position: want 1 to %d", nodes, MaxAnalysisNodes)
	}
	if s.game.Ply() == 0 {
		return Analysis{}, errors.New("no moves to analyse")
	}
	r, err := analysis.Game(context.Background(), s.game, s.analyst, analysis.Options{
		Limits:   surakarta.Limits{Nodes: nodes},
		Progress: progress,
	})
	if err != nil {
		return Analysis{}, err
	}
	s.report, s.reportRecord = r, s.State().Record
	annotated, err := r.Annotate(surakarta.NewRecord(s.game))
	if err != nil {
		return Analysis{}, err
	}
	positions := s.game.Positions()
	var svg strings.Builder
	if err := r.WriteSVG(&svg); err != nil {
		return Analysis{}, err
	}
	a := Analysis{
		SVG: svg.String(), Nodes: nodes,
		Variations: variationRows(annotated.Variations, func(k int) surakarta.Position { return positions[k-1] }, 0, 1),
		Black:      summary(r.Summary(surakarta.Black)), White: summary(r.Summary(surakarta.White)),
		Searches: r.Searches, NodesSearched: r.Nodes, Millis: millis(r.Time),
	}
	for _, n := range r.Moves {
		before := positions[n.Ply-1]
		played, _ := before.Legal(n.Move) // with its capture bit
		best, err := before.Legal(n.Best)
		if err != nil {
			best = n.Best
		}
		a.Moves = append(a.Moves, Annotated{
			Ply: n.Ply, Move: moveText(played), Color: colorName(n.Mover),
			Class: n.Class.String(), Mark: marks[n.Class],
			Before: surakarta.FormatScore(n.Before), After: surakarta.FormatScore(n.After), Loss: n.Loss,
			Best: moveText(best), BestPath: pathOf(before, best), Line: line(before, n.Line), Depth: n.Depth,
			Comment: n.Comment(),
		})
	}
	for _, p := range positions {
		a.Plies = append(a.Plies, Board{Position: p.String(), Board: board(p)})
	}
	return a, nil
}

func summary(s analysis.Summary) SideSummary {
	return SideSummary{
		Moves: s.Moves, AverageLoss: s.AverageLoss, Accuracy: s.Accuracy,
		Inaccuracies: s.Count(analysis.Inaccuracy), Mistakes: s.Count(analysis.Mistake), Blunders: s.Count(analysis.Blunder),
	}
}

// BenchResult is one position searched by Bench.
type BenchResult struct {
	Nodes  int64
	Millis float64
	Move   string
}

// Bench searches each position to depth with a fresh searcher, as the
// library's own benchmarks do, so that the node counts are the same on
// every platform and the speeds compare.
func Bench(positions []string, depth int) ([]BenchResult, error) {
	if len(positions) > MaxBench {
		return nil, fmt.Errorf("%d positions: at most %d", len(positions), MaxBench)
	}
	if depth < 1 || depth > surakarta.MaxDepth {
		return nil, fmt.Errorf("depth %d: want 1 to %d", depth, surakarta.MaxDepth)
	}
	var out []BenchResult
	for _, text := range positions {
		p, err := surakarta.ParsePosition(text)
		if err != nil {
			return nil, err
		}
		r, err := surakarta.NewPVS(surakarta.NewEndgameAdjusted()).Search(context.Background(), surakarta.NewGame(p), surakarta.Limits{Depth: depth})
		if err != nil {
			return nil, err
		}
		out = append(out, BenchResult{Nodes: r.Nodes, Millis: millis(r.Time), Move: r.Move.String()})
	}
	return out, nil
}

// board returns the pieces of p by square, as State.Board.
func board(p surakarta.Position) [36]string {
	var b [36]string
	for sq := range surakarta.Square(surakarta.NumSquares) {
		if c, ok := p.PieceAt(sq); ok {
			b[sq] = colorName(c)
		}
	}
	return b
}

// line writes a line of moves played from p as the page writes moves,
// "b2xe5" for a capture (moveText), separated by spaces: the notation of
// the move list, the hint and the better move, whether or not the moves
// carry their capture bit. A move that is not legal where it stands (a
// search's line is) ends the line.
func line(p surakarta.Position, moves []surakarta.Move) string {
	s := make([]string, 0, len(moves))
	for _, m := range moves {
		legal, err := p.Legal(m)
		if err != nil {
			break
		}
		s = append(s, moveText(legal))
		p.PlayUnchecked(legal)
	}
	return strings.Join(s, " ")
}

func colorName(c surakarta.Color) string { return strings.ToLower(c.String()) }

// moveText writes a move as records do: "b2xe5" for a capture.
func moveText(m surakarta.Move) string {
	text, err := m.MarshalText()
	if err != nil {
		return m.String()
	}
	return string(text)
}

// pathOf returns the capture path of m in p, or nil for a step.
func pathOf(p surakarta.Position, m surakarta.Move) *Path {
	if !m.IsCapture() {
		return nil
	}
	cp, err := p.CapturePath(m)
	if err != nil {
		return nil
	}
	path := &Path{Circuit: cp.Circuit.String()}
	for _, sq := range cp.Points {
		path.Points = append(path.Points, sq.String())
	}
	for _, l := range cp.Loops {
		path.Loops = append(path.Loops, Loop{Index: l.Index, Corner: l.Loop.Corner.String()})
	}
	return path
}

func millis(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
