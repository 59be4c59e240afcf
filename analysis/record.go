package analysis

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/surakarta-go/surakarta/record"

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

// MoveText returns the move as a list of moves writes it, numbered, with
// the glyph of its class: "12. c2c1??" for a move of Black, "12... a5b4"
// for one of White's.
func (a Annotation) MoveText() string {
	dots := ". "
	if a.Mover == surakarta.White {
		dots = "... "
	}
	text := strconv.Itoa(a.Number) + dots + a.Move.String()
	if g, ok := a.Class.Glyph(); ok {
		text += g.String()
	}
	return text
}

// Glyph returns the glyph that Report.Annotate writes after a move of
// class c, as chess writes it: record.GlyphDubious ("?!") for an
// Inaccuracy, record.GlyphMistake ("?") for a Mistake,
// record.GlyphBlunder ("??") for a Blunder; false for the others,
// which get none.
func (c Class) Glyph() (record.Glyph, bool) {
	switch c {
	case Inaccuracy:
		return record.GlyphDubious, true
	case Mistake:
		return record.GlyphMistake, true
	case Blunder:
		return record.GlyphBlunder, true
	}
	return 0, false
}

// betterLine returns the engine's line of a, as Annotate writes it in a
// variation: the moves of a.Line from before, the position before the
// move, under rules, up to the first that is not legal there or comes
// after the end of the game, with their capture bits.
func (a Annotation) betterLine(before surakarta.Position, rules surakarta.Rules) []surakarta.Move {
	g, err := surakarta.NewGameWithRules(before, rules)
	if err != nil {
		return nil
	}
	for _, m := range a.Line {
		if g.Play(m) != nil {
			break
		}
	}
	return g.Moves()
}

// noteRoom is the room, in bytes of comments as a record counts them
// (record.MaxCommentBytes), that Annotate keeps for its note when
// the annotations do not cover every ply: more than the longest note takes
// with its braces, plies of seven digits and more included.
const noteRoom = 256

// Annotate returns a copy of rec with the comment of each annotation of
// the report (Annotation.Comment) after its move: under the key Ply in
// Comments. A comment that rec already has at that ply stays, and the
// annotation follows it, joined by a space, as two comments after the same
// move read back. A move that the analysis criticises, an Inaccuracy, a
// Mistake or a Blunder, also gets the glyph of its class (Class.Glyph:
// "?!", "?", "??") after any glyph it has, in Glyphs, and the engine's line
// from its better move as a variation after any it has, in Variations: the
// whole line, as far as its moves are legal one after another and the game
// goes on (the comment keeps what it says today, the line's first
// CommentLine moves included, so that a reader of the comments alone
// misses nothing). The copy shares nothing with rec (Record.Clone).
//
// The copy of a record that writes and reads back does too, and says when
// it lacks annotations, so that no analysis is lost to the limits of a
// record and no partial record passes for a whole one. A record's comments hold at
// most record.MaxCommentBytes together, which the comments of a
// game of 20,000 to 50,000 plies or more exceed (a game without a
// quiet-ply limit can be that long), and its glyphs and the moves of its
// variations are bounded too (record.MaxGlyphs,
// record.MaxVariationMoves): Annotate then writes the annotations
// that fit (Fit), from the first ply, and after the last of them a note,
// such as
//
//	— plies 35124 to 60000 not annotated: the comments of plies 35124 to
//	60000 would take the record's beyond 1048576 bytes, the most a
//	record may hold (record.MaxCommentBytes)
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
func (r *Report) Annotate(rec *record.Record) (*record.Record, error) {
	fit, lines, limit, err := r.fit(rec)
	if err != nil {
		return nil, err
	}
	out := rec.Clone()
	if out.Comments == nil {
		out.Comments = make(map[int]string, fit+1)
	}
	for i, a := range r.Moves[:fit] {
		addComment(out.Comments, a.Ply, a.Comment())
		if g, ok := a.Class.Glyph(); ok {
			if out.Glyphs == nil {
				out.Glyphs = map[int][]record.Glyph{}
			}
			out.Glyphs[a.Ply] = append(out.Glyphs[a.Ply], g)
		}
		if len(lines[i]) > 0 {
			if out.Variations == nil {
				out.Variations = map[int][]record.Variation{}
			}
			out.Variations[a.Ply] = append(out.Variations[a.Ply], record.Variation{Moves: lines[i]})
		}
	}
	if plies := rec.Game.Ply(); fit < plies {
		addComment(out.Comments, fit, note(fit, len(r.Moves), plies, limit))
	}
	return out, nil
}

// Fit returns the number of the report's annotations, from the first, that
// Annotate writes into rec: all of them, unless their comments would take
// rec's beyond record.MaxCommentBytes (or their glyphs and
// variations rec's beyond record.MaxGlyphs or
// record.MaxVariationMoves), and then as many as fit
// with the note that says which plies are not annotated. Its error, which
// wraps ErrInvalidAnalysis, is Annotate's: rec does not hold the game
// analysed, or its own comments leave no room for that note. The room
// depends on rec alone, so the Fit of an empty Report, for a record with
// moves, tells before any search whether the analysis of the record can
// be written.
func (r *Report) Fit(rec *record.Record) (int, error) {
	fit, _, _, err := r.fit(rec)
	return fit, err
}

// The limits of a record that stop the annotations, for the note.
const (
	limitComments = iota
	limitGlyphs
	limitVariations
)

// fit is Fit, which also returns the line of the variation of each
// annotation that fits (nil for none) and the limit that stops the
// annotations, when one does.
func (r *Report) fit(rec *record.Record) (fit int, lines [][]surakarta.Move, limit int, err error) {
	if rec == nil || rec.Game == nil {
		return 0, nil, 0, fmt.Errorf("%w: the record has no game", ErrInvalidAnalysis)
	}
	moves := rec.Game.Moves()
	for i, a := range r.Moves {
		switch {
		case a.Ply != i+1:
			return 0, nil, 0, fmt.Errorf("%w: the report's annotation %d is of ply %d", ErrInvalidAnalysis, i+1, a.Ply)
		case i >= len(moves):
			return 0, nil, 0, fmt.Errorf("%w: the report has %d moves, the record's game %d", ErrInvalidAnalysis, len(r.Moves), len(moves))
		case !sameMove(a.Move, moves[i]):
			return 0, nil, 0, fmt.Errorf("%w: ply %d is %v in the report, %v in the record", ErrInvalidAnalysis, a.Ply, a.Move, moves[i])
		}
	}
	used := 0 // the bytes of comments, as a record counts them
	for _, text := range rec.Comments {
		used += len(text) + 2
	}
	glyphs, variationMoves := 0, 0
	countAnnotations(rec.Glyphs, rec.Variations, &glyphs, &variationMoves)
	for _, vs := range rec.Variations {
		for _, v := range vs {
			used += variationCommentBytes(v)
		}
	}
	lines = make([][]surakarta.Move, len(r.Moves))
	positions := rec.Game.Positions()
	rules := rec.Game.Rules()
	for i, a := range r.Moves {
		if a.Class >= Inaccuracy {
			lines[i] = a.betterLine(positions[i], rules)
		}
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
	glyphOf := func(a Annotation) int {
		if _, ok := a.Class.Glyph(); ok {
			return 1
		}
		return 0
	}
	// Annotations for every ply, when they fit, need no note.
	if len(r.Moves) == len(moves) {
		all, allGlyphs, allMoves := used, glyphs, variationMoves
		for i, a := range r.Moves {
			all += added(a)
			allGlyphs += glyphOf(a)
			allMoves += len(lines[i])
		}
		if all <= record.MaxCommentBytes && allGlyphs <= record.MaxGlyphs && allMoves <= record.MaxVariationMoves {
			return len(r.Moves), lines, 0, nil
		}
	}
	if used+noteRoom > record.MaxCommentBytes {
		return 0, nil, 0, fmt.Errorf("%w: the record's own comments take %d of the %d bytes a record's may (record.MaxCommentBytes), which leaves no room for the note on the plies not annotated (%d bytes)", ErrInvalidAnalysis, used, record.MaxCommentBytes, noteRoom)
	}
	for i, a := range r.Moves {
		n := added(a)
		switch {
		case used+n+noteRoom > record.MaxCommentBytes:
			limit = limitComments
		case glyphs+glyphOf(a) > record.MaxGlyphs:
			limit = limitGlyphs
		case variationMoves+len(lines[i]) > record.MaxVariationMoves:
			limit = limitVariations
		default:
			used += n
			glyphs += glyphOf(a)
			variationMoves += len(lines[i])
			fit++
			continue
		}
		break
	}
	return fit, lines[:fit], limit, nil
}

// countAnnotations adds the glyphs and the moves of the variations of a
// line, at every depth, to glyphs and moves.
func countAnnotations(gs map[int][]record.Glyph, vs map[int][]record.Variation, glyphs, moves *int) {
	for _, g := range gs {
		*glyphs += len(g)
	}
	for _, list := range vs {
		for _, v := range list {
			*moves += len(v.Moves)
			countAnnotations(v.Glyphs, v.Variations, glyphs, moves)
		}
	}
}

// variationCommentBytes returns the bytes of the comments of v, at every
// depth, as a record counts them.
func variationCommentBytes(v record.Variation) int {
	n := 0
	for _, text := range v.Comments {
		n += len(text) + 2
	}
	for _, list := range v.Variations {
		for _, w := range list {
			n += variationCommentBytes(w)
		}
	}
	return n
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
// one, and why (the analysis stopped, or their annotations would take the
// record beyond limit).
func note(annotated, analysed, plies, limit int) string {
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
		switch limit {
		case limitGlyphs:
			fmt.Fprintf(&b, "the glyphs of %s would take the record's beyond %d, the most a record may hold (record.MaxGlyphs)", plyRange(annotated+1, analysed), record.MaxGlyphs)
		case limitVariations:
			fmt.Fprintf(&b, "the variations of %s would take the record's beyond %d moves, the most a record may hold (record.MaxVariationMoves)", plyRange(annotated+1, analysed), record.MaxVariationMoves)
		default:
			fmt.Fprintf(&b, "the comments of %s would take the record's beyond %d bytes, the most a record may hold (record.MaxCommentBytes)", plyRange(annotated+1, analysed), record.MaxCommentBytes)
		}
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
