package record

import (
	"errors"
	"fmt"
	"github.com/surakarta-go/surakarta"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// The movetext of a record: the moves with their numbers, the comments
// and the result, as MarshalText writes them and the reader reads them
// (see Record, "The record format" and "Comments").

// checkAnnotations reports why the comments, glyphs and variations of r
// cannot be written so that they read back the same, if they cannot: it
// checks the comments in the order of their plies, then the glyphs, then
// the variations (see annotationCheck).
func (r *Record) checkAnnotations() error {
	c := annotationCheck{rules: r.Game.Rules()}
	plies := r.Game.Ply()
	for _, ply := range slices.Sorted(maps.Keys(r.Comments)) {
		if ply < 0 || ply > plies {
			return fmt.Errorf("%w: a comment at ply %d, but the game has %d plies: comments stand at 0 (before the first move) to %d", ErrInvalid, ply, plies, plies)
		}
		if err := c.comment(commentPlace(ply), r.Comments[ply]); err != nil {
			return err
		}
	}
	if err := c.glyphsOf(r.Glyphs, plies, "the game"); err != nil {
		return err
	}
	if len(r.Variations) == 0 {
		return nil
	}
	positions := r.Game.Positions()
	return c.variationsOf(r.Variations, func(k int) surakarta.Position { return positions[k-1] }, plies, 0, 1, "the game")
}

// commentPlace names the place of the comment at ply.
func commentPlace(ply int) string {
	if ply == 0 {
		return "the comment before the first move"
	}
	return "the comment after ply " + strconv.Itoa(ply)
}

// checkComment reports whether text is a comment that MarshalText writes
// so that it reads back the same: UTF-8 words without control characters
// or '}', separated by single spaces, none longer than a line of a record
// may be. The error completes a sentence "the comment … ".
func checkComment(text string) error {
	if !utf8.ValidString(text) {
		return errors.New("is not valid UTF-8")
	}
	word := 0 // the length of the word so far
	for i, c := range text {
		switch {
		case unicode.IsControl(c):
			return fmt.Errorf("holds the control character %U", c)
		case c == '}':
			return errors.New("holds '}', which would end it")
		case c == ' ' && (i == 0 || i == len(text)-1 || text[i-1] == ' '):
			return errors.New("has a space at an end or two in a row: a comment is words separated by single spaces, as it reads back")
		case c == ' ':
			word = 0
		default:
			if word += utf8.RuneLen(c); word > MaxLineBytes {
				return fmt.Errorf("has a word of more than %d bytes, the most a line of a record may hold (MaxLineBytes)", MaxLineBytes)
			}
		}
	}
	return nil
}

// appendMovetext appends the moves of r's game with their move numbers,
// glyphs, comments and variations, then the result, wrapped at
// recordLineWidth, and a line break.
func appendMovetext(out []byte, r *Record) []byte {
	w := movetextWriter{out: out, lineStart: len(out)}
	g := r.Game
	w.line(g.Positions(), g.Moves(), r.Comments, r.Glyphs, r.Variations)
	w.add(r.Result)
	w.flush()
	return append(w.out, '\n')
}

// movetextWriter writes the units of a movetext, each a move with its
// number and sign, a glyph, a word of a comment or the result, separated
// by spaces and wrapped at recordLineWidth. It holds back the last unit,
// so that the ')' that closes a variation stands against it, and puts the
// '(' that opens one against the unit after it: "(1. c2c3 e5e4)".
type movetextWriter struct {
	out       []byte
	lineStart int    // where the line being written starts in out
	pending   string // the last unit, not yet written
	prefix    string // the '(' to put before the next unit
}

// add adds a unit.
func (w *movetextWriter) add(unit string) {
	if w.prefix != "" {
		if len(w.prefix)+len(unit) <= MaxLineBytes {
			unit = w.prefix + unit
		} else {
			w.flush()
			w.pending = w.prefix
		}
		w.prefix = ""
	}
	w.flush()
	w.pending = unit
}

// open opens a variation before the next unit.
func (w *movetextWriter) open() { w.prefix += "(" }

// close closes a variation after the last unit.
func (w *movetextWriter) close() {
	if len(w.pending)+1 <= MaxLineBytes {
		w.pending += ")"
		return
	}
	w.flush()
	w.pending = ")"
}

// flush writes the unit held back, on the line or, when it would make the
// line longer than recordLineWidth, on a new one.
func (w *movetextWriter) flush() {
	unit := w.pending
	if unit == "" {
		return
	}
	w.pending = ""
	if len(w.out) > w.lineStart {
		if len(w.out)-w.lineStart+1+len(unit) > recordLineWidth {
			w.out = append(w.out, '\n')
			w.lineStart = len(w.out)
		} else {
			w.out = append(w.out, ' ')
		}
	}
	w.out = append(w.out, unit...)
}

// comment adds the comment of comments at ply, if there is one, and
// reports whether there is.
func (w *movetextWriter) comment(comments map[int]string, ply int) bool {
	text, ok := comments[ply]
	if ok {
		for _, unit := range commentUnits(text) {
			w.add(unit)
		}
	}
	return ok
}

// line adds the moves of a line, the game's own or a variation's, with
// their numbers, glyphs, comments and variations: positions[i] is the
// position before moves[i], and the maps are keyed as Record's are. The
// first move takes its number, and so does a move of White after a
// comment or a variation.
func (w *movetextWriter) line(positions []surakarta.Position, moves []surakarta.Move, comments map[int]string, glyphs map[int][]Glyph, variations map[int][]Variation) {
	numbered := w.comment(comments, 0)
	for i, m := range moves {
		p := &positions[i]
		var unit string
		switch {
		case p.SideToMove() == surakarta.Black:
			unit = strconv.Itoa(p.MoveNumber()) + ". " + m.String()
		case i == 0 || numbered:
			unit = strconv.Itoa(p.MoveNumber()) + "... " + m.String()
		default:
			unit = m.String()
		}
		// The first glyph with a sign stands against its move, and the
		// others follow as $n, in their order.
		rest := glyphs[i+1]
		if len(rest) > 0 && rest[0] >= GlyphGood && rest[0] <= GlyphDubious {
			unit += rest[0].String()
			rest = rest[1:]
		}
		w.add(unit)
		for _, g := range rest {
			w.add("$" + strconv.Itoa(int(g)))
		}
		numbered = w.comment(comments, i+1)
		for _, v := range variations[i+1] {
			w.open()
			w.line(variationPositions(*p, v.Moves), v.Moves, v.Comments, v.Glyphs, v.Variations)
			w.close()
			numbered = true
		}
	}
}

// variationPositions returns the positions of a line of moves from p,
// which checkAnnotations has found legal: p, then the position after
// each move.
func variationPositions(p surakarta.Position, moves []surakarta.Move) []surakarta.Position {
	positions := make([]surakarta.Position, 0, len(moves)+1)
	positions = append(positions, p)
	for _, m := range moves {
		if legal, err := p.Legal(m); err == nil {
			p.PlayUnchecked(legal)
		}
		positions = append(positions, p)
	}
	return positions
}

// commentUnits returns the units that write the comment text, which
// checkComment accepts: its words, the first after '{' and the last before
// '}', each brace apart from its word where together they would make a line
// longer than MaxLineBytes.
func commentUnits(text string) []string {
	units := strings.Split(text, " ")
	if len(units[0]) < MaxLineBytes {
		units[0] = "{" + units[0]
	} else {
		units = slices.Insert(units, 0, "{")
	}
	if last := len(units) - 1; len(units[last]) < MaxLineBytes {
		units[last] += "}"
	} else {
		units = append(units, "}")
	}
	return units
}

// readMoves reads the moves of a record and plays them in g, up to the
// result, which must be r.Result, and the blank line or end of text after
// it; it puts their comments, glyphs and variations in r.
func readMoves(src *lineSource, g *surakarta.Game, r *Record) error {
	mt := movetext{r: r, lines: []lineFrame{{g: g, comments: r.Comments, glyphs: r.Glyphs, variations: r.Variations}}}
	last := src.num
	for ; src.ok && src.line != ""; src.advance() {
		last = src.num
		if !mt.inComment && src.line[0] == '[' {
			return lineError(src.num, "missing blank line between the moves and the next record")
		}
		if err := mt.readLine(src.line, src.num); err != nil {
			return err
		}
	}
	switch {
	case mt.inComment:
		return lineError(mt.commentLine, "unterminated comment %q: the record ends (a blank line or the end of the text) before its '}'", clip.Text(mt.commentStart))
	case len(mt.lines) > 1:
		return lineError(mt.top().opened, "unterminated variation: the record ends (a blank line or the end of the text) before its ')'")
	case mt.ended:
		return nil
	case mt.numbered != "":
		return lineError(last, "bad move number %q: no move follows it", clip.Text(mt.numbered))
	}
	return lineError(last, "the moves do not end with the result %s", r.Result)
}

// movetext is the state of readMoves: where it is in the moves of a record.
type movetext struct {
	r        *Record
	lines    []lineFrame // the game's own moves, then the variations open within them
	ended    bool        // the result has been read
	numbered string      // the move number just read, awaiting its move

	inComment    bool   // within a comment
	commentLine  int    // the line where that comment starts
	commentStart string // its start, enough of it to quote
	commented    bool   // comments have been read since the last move
	comment      []byte // their words, joined by single spaces
	commentBytes int    // the bytes of the comments read, braces included

	glyphs         int // the glyphs read
	variationMoves int // the moves of variations read
}

// lineFrame is a line of moves being read: the game's own, or a
// variation open within the line before it.
type lineFrame struct {
	// g is the line's game: the record's, or for a variation a game of
	// its own from the position before the move it replaces.
	g *surakarta.Game
	// v is the variation read, nil for the game's own moves; its maps are
	// made when needed.
	v *Variation
	// start is the ply of the game before the line's first move, opened
	// the line of the text where the variation opens.
	start, opened int
	// The maps of the game's own moves: the record's.
	comments   map[int]string
	glyphs     map[int][]Glyph
	variations map[int][]Variation
}

// top returns the line being read: the innermost variation open.
func (mt *movetext) top() *lineFrame { return &mt.lines[len(mt.lines)-1] }

// place names the line for an error, "" for the game's own moves.
func (f *lineFrame) place(depth int) string {
	if f.v == nil {
		return ""
	}
	return variationPlace(f.start+1, depth) + ": "
}

// addComment puts text after the n-th move of the line, after the comment
// already there, if any, as two comments after the same move read.
func (f *lineFrame) addComment(n int, text string) {
	m := f.comments
	if f.v != nil {
		if f.v.Comments == nil {
			f.v.Comments = map[int]string{}
		}
		m = f.v.Comments
	}
	if old, ok := m[n]; ok && old != "" && text != "" {
		text = old + " " + text
	} else if ok && text == "" {
		text = old
	}
	m[n] = text
}

// readLine reads line n of the moves.
func (mt *movetext) readLine(line string, n int) error {
	for i := 0; i < len(line); {
		if mt.inComment {
			part, rest, closed := strings.Cut(line[i:], "}")
			if err := mt.addWords(part, n); err != nil {
				return err
			}
			if !closed {
				return nil
			}
			mt.inComment = false
			i = len(line) - len(rest)
			continue
		}
		switch line[i] {
		case ' ', '\t':
			i++
			continue
		case '{':
			if err := mt.openComment(line[i:], n); err != nil {
				return err
			}
			i++
			continue
		case '}':
			return lineError(n, "'}' without a '{' before it to open a comment")
		case ';':
			return lineError(n, "%q: comments from ';' to the end of the line are not read; write the comment in braces, {…}", clip.Text(line[i:]))
		case '(':
			if err := mt.openVariation(n); err != nil {
				return err
			}
			i++
			continue
		case ')':
			if err := mt.closeVariation(n); err != nil {
				return err
			}
			i++
			continue
		}
		j := i + 1
		for j < len(line) && !isTokenEnd(line[j]) {
			j++
		}
		if err := mt.token(line[i:j], n); err != nil {
			return err
		}
		i = j
	}
	return nil
}

// isTokenEnd reports whether c ends a move, a move number, a glyph or a
// result.
func isTokenEnd(c byte) bool {
	switch c {
	case ' ', '\t', '{', '}', ';', '(', ')', '$':
		return true
	}
	return false
}

// openComment starts a comment at the '{' that starts text, on line n.
func (mt *movetext) openComment(text string, n int) error {
	switch {
	case mt.ended:
		return lineError(n, "a comment after the result, %q: a comment stands before the result, and a blank line must end the record", clip.Text(text))
	case mt.numbered != "":
		return lineError(n, "bad move number %q: a comment follows it, not its move", clip.Text(mt.numbered))
	}
	if err := mt.count(2, n); err != nil {
		return err
	}
	// The start of the comment, for an error to quote: clipped then, so
	// that no comment allocates it.
	mt.inComment, mt.commentLine, mt.commentStart = true, n, text[:min(len(text), clip.Quote+1)]
	mt.commented = true
	return nil
}

// addWords adds the words of part, a comment's text on line n, to the
// comment.
func (mt *movetext) addWords(part string, n int) error {
	if !utf8.ValidString(part) {
		return lineError(n, "the comment %q is not valid UTF-8", clip.Text(mt.commentStart))
	}
	for _, c := range part {
		if unicode.IsControl(c) && c != '\t' {
			return lineError(n, "the comment %q holds the control character %U", clip.Text(mt.commentStart), c)
		}
	}
	for _, word := range strings.FieldsFunc(part, isRecordSpace) {
		size := len(word)
		if len(mt.comment) > 0 {
			size++
		}
		if err := mt.count(size, n); err != nil {
			return err
		}
		if len(mt.comment) > 0 {
			mt.comment = append(mt.comment, ' ')
		}
		mt.comment = append(mt.comment, word...)
	}
	return nil
}

// count counts size more bytes of comments, read on line n, against
// MaxCommentBytes.
func (mt *movetext) count(size, n int) error {
	if mt.commentBytes += size; mt.commentBytes > MaxCommentBytes {
		return lineError(n, "the comments take more than %d bytes, the most a record's may (MaxCommentBytes)", MaxCommentBytes)
	}
	return nil
}

// keepComment puts the comments read since the last move, glyph or
// parenthesis in the line being read, under the number of its moves
// played.
func (mt *movetext) keepComment() {
	if !mt.commented {
		return
	}
	f := mt.top()
	f.addComment(f.g.Ply(), string(mt.comment))
	mt.commented, mt.comment = false, mt.comment[:0]
}

// openVariation opens a variation at the '(' on line n: an alternative to
// the last move of the line being read, from the position before it.
func (mt *movetext) openVariation(n int) error {
	f := mt.top()
	depth := len(mt.lines) // the new variation's
	switch {
	case mt.ended:
		return lineError(n, "a variation after the result: a variation follows the move it replaces, and a blank line must end the record")
	case mt.numbered != "":
		return lineError(n, "bad move number %q: a variation follows it, not its move", clip.Text(mt.numbered))
	case f.g.Ply() == 0:
		return lineError(n, "%sa variation before the first move: a variation follows the move it replaces", f.place(depth-1))
	case depth > MaxVariationDepth:
		return lineError(n, "%svariations nested deeper than %d, the most a record may (MaxVariationDepth)", f.place(depth-1), MaxVariationDepth)
	}
	mt.keepComment()
	g, err := surakarta.NewGameWithRules(f.g.Positions()[f.g.Ply()-1], f.g.Rules())
	if err != nil {
		return fmt.Errorf("%w: line %d: %w", ErrInvalid, n, err)
	}
	mt.lines = append(mt.lines, lineFrame{g: g, v: &Variation{}, start: f.start + f.g.Ply() - 1, opened: n})
	return nil
}

// closeVariation closes the variation being read at the ')' on line n.
func (mt *movetext) closeVariation(n int) error {
	switch {
	case len(mt.lines) == 1:
		return lineError(n, "')' without a '(' before it to open a variation")
	case mt.numbered != "":
		return lineError(n, "bad move number %q: no move follows it", clip.Text(mt.numbered))
	}
	mt.keepComment()
	f := mt.top()
	if len(f.v.Moves) == 0 {
		return lineError(n, "%sno moves: a variation holds at least one move", f.place(len(mt.lines)-1))
	}
	v := *f.v
	mt.lines = mt.lines[:len(mt.lines)-1]
	parent := mt.top()
	m := parent.variations
	if parent.v != nil {
		if parent.v.Variations == nil {
			parent.v.Variations = map[int][]Variation{}
		}
		m = parent.v.Variations
	}
	ply := parent.g.Ply()
	m[ply] = append(m[ply], v)
	return nil
}

// glyph reads a glyph on line n: its sign or $n, after the move it
// annotates, which token is or follows.
func (mt *movetext) glyph(text, token string, n int) error {
	f := mt.top()
	switch {
	case mt.numbered != "":
		return lineError(n, "bad move number %q: a glyph follows it, not its move", clip.Text(mt.numbered))
	case f.g.Ply() == 0:
		return lineError(n, "%sglyph %q before the first move: a glyph follows the move it annotates", f.place(len(mt.lines)-1), clip.Text(token))
	}
	g, err := parseGlyph(text)
	if err != nil {
		return lineError(n, "bad glyph %q: %v", clip.Text(token), err)
	}
	if mt.glyphs++; mt.glyphs > MaxGlyphs {
		return lineError(n, "more than %d glyphs, the most a record may hold (MaxGlyphs)", MaxGlyphs)
	}
	m := f.glyphs
	if f.v != nil {
		if f.v.Glyphs == nil {
			f.v.Glyphs = map[int][]Glyph{}
		}
		m = f.v.Glyphs
	}
	ply := f.g.Ply()
	m[ply] = append(m[ply], g)
	return nil
}

// isSign reports whether c is a character of a glyph's sign.
func isSign(c byte) bool { return c == '!' || c == '?' }

// token reads a move (with its sign, if it has one), a move number (with
// its move, if written without a space), a glyph or the result, on line
// n.
func (mt *movetext) token(token string, n int) error {
	if mt.ended {
		return lineError(n, "%q after the result: a blank line must end the record", clip.Text(token))
	}
	mt.keepComment()
	f := mt.top()
	g := f.g
	depth := len(mt.lines) - 1
	if isResult(token) {
		switch {
		case mt.numbered != "":
			return lineError(n, "bad move number %q: no move follows it", clip.Text(mt.numbered))
		case depth > 0:
			return lineError(n, "the result %s within %s, opened on line %d: close it with ')' first", token, variationPlace(f.start+1, depth), f.opened)
		case token != mt.r.Result:
			return lineError(n, "the moves end with %s, but the Result header says %s", token, mt.r.Result)
		}
		mt.ended = true
		return nil
	}
	if c := token[0]; c == '$' || isSign(c) {
		return mt.glyph(token, token, n)
	}
	p := g.Position()
	if c := token[0]; '0' <= c && c <= '9' {
		if mt.numbered != "" {
			return lineError(n, "bad move number %q: it follows %q, not a move", clip.Text(token), clip.Text(mt.numbered))
		}
		number, rest, err := splitMoveNumber(token, &p)
		if err != nil {
			return lineError(n, "%sbad move number %q: %v", f.place(depth), clip.Text(token), err)
		}
		mt.numbered = number
		if rest == "" {
			return nil
		}
		token = rest
	}
	if mt.numbered == "" {
		switch {
		case p.SideToMove() == surakarta.Black:
			return lineError(n, "%smissing move number before %q: Black is to move, so write \"%d. %s\"", f.place(depth), clip.Text(token), p.MoveNumber(), clip.Text(token))
		case g.Ply() == 0 && depth > 0:
			return lineError(n, "%smissing move number before %q: the variation starts with White to move, so write \"%d... %s\"", f.place(depth), clip.Text(token), p.MoveNumber(), clip.Text(token))
		case g.Ply() == 0:
			return lineError(n, "missing move number before %q: the record starts with White to move, so write \"%d... %s\"", clip.Text(token), p.MoveNumber(), clip.Text(token))
		}
	}
	mt.numbered = ""
	signs := len(token)
	for signs > 0 && isSign(token[signs-1]) {
		signs--
	}
	move, sign := token[:signs], token[signs:]
	m, err := surakarta.ParseMove(move)
	if err != nil {
		return fmt.Errorf("%w: line %d: malformed move %q: %w", ErrInvalid, n, clip.Text(token), err)
	}
	switch {
	case depth == 0 && g.Ply() == MaxPlies:
		return lineError(n, "more than %d moves, the most a record may hold (MaxPlies)", MaxPlies)
	case depth > 0 && mt.variationMoves == MaxVariationMoves:
		return lineError(n, "more than %d moves in variations, the most a record may hold (MaxVariationMoves)", MaxVariationMoves)
	}
	legal, err := g.Position().Legal(m) // with its capture bit
	if err == nil {
		err = g.Play(legal)
	}
	if err != nil {
		return fmt.Errorf("%w: line %d: %sply %d: %v: %w", ErrInvalid, n, f.place(depth), f.start+g.Ply()+1, m, err)
	}
	if depth > 0 {
		mt.variationMoves++
		f.v.Moves = append(f.v.Moves, legal)
	}
	if sign != "" {
		return mt.glyph(sign, token, n)
	}
	return nil
}

// splitMoveNumber splits a token that starts with a digit into its move
// number, which must be that of p ("7." with Black to move, "7..." with
// White), and the rest, a move written without a space or "".
func splitMoveNumber(token string, p *surakarta.Position) (number, rest string, err error) {
	digits := 0
	for digits < len(token) && '0' <= token[digits] && token[digits] <= '9' {
		digits++
	}
	dots := 0
	for digits+dots < len(token) && token[digits+dots] == '.' {
		dots++
	}
	number, rest = token[:digits+dots], token[digits+dots:]
	want, wantDots := strconv.Itoa(p.MoveNumber())+".", 1
	if p.SideToMove() == surakarta.White {
		want, wantDots = want+"..", 3
	}
	n, ok := count(token[:digits])
	switch {
	case dots != 1 && dots != 3:
		return "", "", fmt.Errorf("want a number and \".\" before a move of Black, or \"...\" before White's first, such as %q", want)
	case !ok || n != p.MoveNumber():
		return "", "", fmt.Errorf("this is move %d, so write %q", p.MoveNumber(), want)
	case dots != wantDots:
		return "", "", fmt.Errorf("%v is to move, so write %q", p.SideToMove(), want)
	}
	return number, rest, nil
}
