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

// noteRoom is the room, in bytes of comments as a record counts them
// (surakarta.MaxRecordCommentBytes), that Annotate keeps for its note when
// the annotations do not cover every ply: more than the longest note takes
// with its braces, plies of seven digits and more included.
const noteRoom = 256

// Annotate returns a copy of rec with the comment of each annotation of
// the report (Annotation.Comment) after its move: under the key Ply in
// Comments. A comment that rec already has at that ply stays, and the
// annotation follows it, joined by a space, as two comments after the same
// move read back. The copy has a game of its own, a clone of rec's.
//
// The copy of a record that writes and reads back does too, and says when
// it lacks annotations, so that no analysis is lost to the limits of a
// record and no partial record passes for a whole one. A record's comments hold at
// most surakarta.MaxRecordCommentBytes together, which the comments of a
// game of 20,000 to 50,000 plies or more exceed (a game without a
// quiet-ply limit can be that long): Annotate then writes the annotations
// that fit (Fit), from the first ply, and after the last of them a note,
// such as
//
//	— plies 35124 to 60000 not annotated: the comments of plies 35124 to
//	60000 would take the record's beyond 1048576 bytes, the most a
//	record may hold (MaxRecordCommentBytes)
//
// The report of an analysis that stopped before the end (Game's error)
// gets a note too, after its last annotation, or before the first move
// when it has none: "— plies 6 to 27 not annotated: the analysis stopped
// after ply 5". The note is a comment of the record's own format, so that
// it stands where the annotations end and reads back with the record; a
// reader of the record's comments finds it by its "— " and "not
// annotated". The report's summaries (Report.Summary) and its graph
// (WriteSVG) count every move analysed, whether its comment fits or not.
//
// rec must hold the game analysed: the report's moves must be its moves,
// from its first. The error, which wraps ErrInvalidAnalysis, says where
// they differ, or that rec's own comments leave no room for the note (see
// Fit).
func (r *Report) Annotate(rec *surakarta.Record) (*surakarta.Record, error) {
	fit, err := r.Fit(rec)
	if err != nil {
		return nil, err
	}
	out := *rec
	out.Headers = append([]surakarta.Header(nil), rec.Headers...)
	out.Game = rec.Game.Clone()
	out.Comments = maps.Clone(rec.Comments)
	if out.Comments == nil {
		out.Comments = make(map[int]string, fit+1)
	}
	for _, a := range r.Moves[:fit] {
		addComment(out.Comments, a.Ply, a.Comment())
	}
	if plies := rec.Game.Ply(); fit < plies {
		addComment(out.Comments, fit, note(fit, len(r.Moves), plies))
	}
	return &out, nil
}

// Fit returns the number of the report's annotations, from the first, that
// Annotate writes into rec: all of them, unless their comments would take
// rec's beyond surakarta.MaxRecordCommentBytes, and then as many as fit
// with the note that says which plies are not annotated. Its error, which
// wraps ErrInvalidAnalysis, is Annotate's: rec does not hold the game
// analysed, or its own comments leave no room for that note. The room
// depends on rec alone, so the Fit of an empty Report, for a record with
// moves, tells before any search whether the analysis of the record can
// be written.
func (r *Report) Fit(rec *surakarta.Record) (int, error) {
	if rec == nil || rec.Game == nil {
		return 0, fmt.Errorf("%w: the record has no game", ErrInvalidAnalysis)
	}
	moves := rec.Game.Moves()
	for i, a := range r.Moves {
		switch {
		case a.Ply != i+1:
			return 0, fmt.Errorf("%w: the report's annotation %d is of ply %d", ErrInvalidAnalysis, i+1, a.Ply)
		case i >= len(moves):
			return 0, fmt.Errorf("%w: the report has %d moves, the record's game %d", ErrInvalidAnalysis, len(r.Moves), len(moves))
		case !sameMove(a.Move, moves[i]):
			return 0, fmt.Errorf("%w: ply %d is %v in the report, %v in the record", ErrInvalidAnalysis, a.Ply, a.Move, moves[i])
		}
	}
	used := 0 // the bytes of comments, as a record counts them
	for _, text := range rec.Comments {
		used += len(text) + 2
	}
	// added returns the bytes that the annotation a adds to the comments.
	added := func(a Annotation) int {
		n := len(a.Comment())
		if old, ok := rec.Comments[a.Ply]; ok {
			if old == "" {
				return n // the annotation replaces an empty comment
			}
			return n + 1 // the space that joins it to the comment there
		}
		return n + 2 // a comment of its own, with its braces
	}
	// Annotations for every ply, when they fit, need no note.
	if len(r.Moves) == len(moves) {
		all := used
		for _, a := range r.Moves {
			all += added(a)
		}
		if all <= surakarta.MaxRecordCommentBytes {
			return len(r.Moves), nil
		}
	}
	if used+noteRoom > surakarta.MaxRecordCommentBytes {
		return 0, fmt.Errorf("%w: the record's own comments take %d of the %d bytes a record's may (surakarta.MaxRecordCommentBytes), which leaves no room for the note on the plies not annotated (%d bytes)", ErrInvalidAnalysis, used, surakarta.MaxRecordCommentBytes, noteRoom)
	}
	fit := 0
	for _, a := range r.Moves {
		n := added(a)
		if used+n+noteRoom > surakarta.MaxRecordCommentBytes {
			break
		}
		used += n
		fit++
	}
	return fit, nil
}

// addComment puts text in comments at ply, after the comment already
// there, if any, joined by a space.
func addComment(comments map[int]string, ply int, text string) {
	if old := comments[ply]; old != "" {
		text = old + " " + text
	}
	comments[ply] = text
}

// note returns the note that Annotate writes after ply annotated, the last
// it annotates, when the report has annotations for the first analysed
// plies of a game of plies plies and annotated < plies: which plies lack
// one, and why (the analysis stopped, or their comments would not fit).
func note(annotated, analysed, plies int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "— %s not annotated: ", plyRange(annotated+1, plies))
	if analysed < plies {
		if analysed == 0 {
			b.WriteString("the analysis stopped before ply 1")
		} else {
			fmt.Fprintf(&b, "the analysis stopped after ply %d", analysed)
		}
		if annotated < analysed {
			b.WriteString(", and ")
		}
	}
	if annotated < analysed {
		fmt.Fprintf(&b, "the comments of %s would take the record's beyond %d bytes, the most a record may hold (MaxRecordCommentBytes)", plyRange(annotated+1, analysed), surakarta.MaxRecordCommentBytes)
	}
	return b.String()
}

// plyRange names the plies from to to: "ply 7" or "plies 7 to 27".
func plyRange(from, to int) string {
	if from == to {
		return fmt.Sprintf("ply %d", from)
	}
	return fmt.Sprintf("plies %d to %d", from, to)
}
