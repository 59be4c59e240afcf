package analysis

import (
	"fmt"
	"maps"
	"strings"

	"github.com/surakarta-go/surakarta"
)

// CommentLine is the most moves of the engine's line that a comment
// writes; a longer line ends with "…".
const CommentLine = 6

// Comment returns the annotation as the comment that Report.Annotate
// puts after the move in a record: the score before and after the move
// from the mover's view (surakarta.FormatScore), the class, and for a
// move that is not the engine's best, the best move; for an Inaccuracy,
// a Mistake or a Blunder also the engine's line, at most CommentLine
// moves of it:
//
//	+14 → +14, best
//	+14 → +2, good; best c2d3
//	-12 → -95, blunder; best c2d3 (c2d3 e5f4 d2c3 …)
func (a Annotation) Comment() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s → %s, %v", surakarta.FormatScore(a.Before), surakarta.FormatScore(a.After), a.Class)
	if a.Class == Best || a.Best == surakarta.NoMove {
		return b.String()
	}
	fmt.Fprintf(&b, "; best %v", a.Best)
	if a.Class >= Inaccuracy && len(a.Line) > 0 {
		b.WriteString(" (")
		for i, m := range a.Line[:min(len(a.Line), CommentLine)] {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(m.String())
		}
		if len(a.Line) > CommentLine {
			b.WriteString(" …")
		}
		b.WriteByte(')')
	}
	return b.String()
}

// Annotate returns a copy of rec with the comment of each annotation of
// the report (Annotation.Comment) after its move: under the key Ply in
// Comments. A comment that rec already has at that ply stays, and the
// annotation follows it, joined by a space, as two comments after the same
// move read back. The copy has a game of its own, a clone of rec's.
//
// rec must hold the game analysed: the report's moves must be its moves,
// from its first. The error, which wraps ErrInvalidAnalysis, says where
// they differ.
func (r *Report) Annotate(rec *surakarta.Record) (*surakarta.Record, error) {
	if rec == nil || rec.Game == nil {
		return nil, fmt.Errorf("%w: the record has no game", ErrInvalidAnalysis)
	}
	moves := rec.Game.Moves()
	for i, a := range r.Moves {
		switch {
		case a.Ply != i+1:
			return nil, fmt.Errorf("%w: the report's annotation %d is of ply %d", ErrInvalidAnalysis, i+1, a.Ply)
		case i >= len(moves):
			return nil, fmt.Errorf("%w: the report has %d moves, the record's game %d", ErrInvalidAnalysis, len(r.Moves), len(moves))
		case !sameMove(a.Move, moves[i]):
			return nil, fmt.Errorf("%w: ply %d is %v in the report, %v in the record", ErrInvalidAnalysis, a.Ply, a.Move, moves[i])
		}
	}
	out := *rec
	out.Headers = append([]surakarta.Header(nil), rec.Headers...)
	out.Game = rec.Game.Clone()
	out.Comments = maps.Clone(rec.Comments)
	if out.Comments == nil {
		out.Comments = make(map[int]string, len(r.Moves))
	}
	for _, a := range r.Moves {
		text := a.Comment()
		if old := out.Comments[a.Ply]; old != "" {
			text = old + " " + text
		}
		out.Comments[a.Ply] = text
	}
	return &out, nil
}
