// Package session is what the browser page asks of the library: one game
// against the engine, described after every change as a State that the page
// draws without knowing the rules. The WebAssembly program in ../../wasm
// hands these calls to JavaScript; tests call them directly.
package session

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/analysis"
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
	// record.Record.Comments, and noted the moves of its game: a comment
	// stays with the game as long as the game keeps the moves up to its ply
	// (Comments).
	notes map[int]string
	noted []surakarta.Move
	// glyphs and variations are the glyphs and variations of the record
	// loaded last, kept as its comments are (Comments).
	glyphs     map[int][]record.Glyph
	variations map[int][]record.Variation
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

// Game returns the session's game (tests read it).
func (s *Session) Game() *surakarta.Game { return s.game }

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
	r, err := record.Parse(text)
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
func (s *Session) Record(text string, headers []record.Header, annotate bool) (string, error) {
	r, err := record.Parse(text)
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
