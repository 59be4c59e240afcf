package surakarta

import (
	"errors"
	"fmt"
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

// checkComments reports why the comments of r cannot be written so that
// they read back the same, if they cannot: it checks them in the order of
// their plies.
func (r *Record) checkComments() error {
	if len(r.Comments) == 0 {
		return nil
	}
	total := 0
	for _, ply := range slices.Sorted(maps.Keys(r.Comments)) {
		if ply < 0 || ply > r.Game.Ply() {
			return fmt.Errorf("%w: a comment at ply %d, but the game has %d plies: comments stand at 0 (before the first move) to %d", ErrInvalidRecord, ply, r.Game.Ply(), r.Game.Ply())
		}
		text := r.Comments[ply]
		if err := checkComment(text); err != nil {
			return fmt.Errorf("%w: %s %q %v", ErrInvalidRecord, commentPlace(ply), clip.Text(text), err)
		}
		if total += len(text) + 2; total > MaxRecordCommentBytes {
			return fmt.Errorf("%w: the comments take more than %d bytes up to %s, the most a record's may (MaxRecordCommentBytes)", ErrInvalidRecord, MaxRecordCommentBytes, commentPlace(ply))
		}
	}
	return nil
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
			if word += utf8.RuneLen(c); word > MaxRecordLineBytes {
				return fmt.Errorf("has a word of more than %d bytes, the most a line of a record may hold (MaxRecordLineBytes)", MaxRecordLineBytes)
			}
		}
	}
	return nil
}

// appendMovetext appends the moves of r's game with their move numbers and
// comments, then the result, wrapped at recordLineWidth, and a line break.
func appendMovetext(out []byte, r *Record) []byte {
	lineStart := len(out)
	add := func(unit string) {
		if len(out) > lineStart {
			if len(out)-lineStart+1+len(unit) > recordLineWidth {
				out = append(out, '\n')
				lineStart = len(out)
			} else {
				out = append(out, ' ')
			}
		}
		out = append(out, unit...)
	}
	comment := func(ply int) bool {
		text, ok := r.Comments[ply]
		if ok {
			for _, unit := range commentUnits(text) {
				add(unit)
			}
		}
		return ok
	}
	g := r.Game
	commented := comment(0)
	positions := g.Positions()
	for i, m := range g.Moves() {
		p := &positions[i]
		switch {
		case p.SideToMove() == Black:
			add(strconv.Itoa(p.MoveNumber()) + ". " + m.String())
		case i == 0 || commented:
			add(strconv.Itoa(p.MoveNumber()) + "... " + m.String())
		default:
			add(m.String())
		}
		commented = comment(i + 1)
	}
	add(r.Result)
	return append(out, '\n')
}

// commentUnits returns the units that write the comment text, which
// checkComment accepts: its words, the first after '{' and the last before
// '}', each brace apart from its word where together they would make a line
// longer than MaxRecordLineBytes.
func commentUnits(text string) []string {
	units := strings.Split(text, " ")
	if len(units[0]) < MaxRecordLineBytes {
		units[0] = "{" + units[0]
	} else {
		units = slices.Insert(units, 0, "{")
	}
	if last := len(units) - 1; len(units[last]) < MaxRecordLineBytes {
		units[last] += "}"
	} else {
		units = append(units, "}")
	}
	return units
}

// readMoves reads the moves of a record and plays them in g, up to the
// result, which must be r.Result, and the blank line or end of text after
// it; it puts their comments in r.Comments.
func readMoves(src *lineSource, g *Game, r *Record) error {
	mt := movetext{g: g, r: r}
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
	case mt.ended:
		return nil
	case mt.numbered != "":
		return lineError(last, "bad move number %q: no move follows it", clip.Text(mt.numbered))
	}
	return lineError(last, "the moves do not end with the result %s", r.Result)
}

// movetext is the state of readMoves: where it is in the moves of a record.
type movetext struct {
	g        *Game
	r        *Record
	ended    bool   // the result has been read
	numbered string // the move number just read, awaiting its move

	inComment    bool   // within a comment
	commentLine  int    // the line where that comment starts
	commentStart string // its start, enough of it to quote
	commented    bool   // comments have been read since the last move
	comment      []byte // their words, joined by single spaces
	commentBytes int    // the bytes of the comments read, braces included
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

// isTokenEnd reports whether c ends a move, a move number or a result.
func isTokenEnd(c byte) bool {
	switch c {
	case ' ', '\t', '{', '}', ';':
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
// MaxRecordCommentBytes.
func (mt *movetext) count(size, n int) error {
	if mt.commentBytes += size; mt.commentBytes > MaxRecordCommentBytes {
		return lineError(n, "the comments take more than %d bytes, the most a record's may (MaxRecordCommentBytes)", MaxRecordCommentBytes)
	}
	return nil
}

// keepComment puts the comments read since the last move in r.Comments,
// under the number of moves played.
func (mt *movetext) keepComment() {
	if !mt.commented {
		return
	}
	mt.r.Comments[mt.g.Ply()] = string(mt.comment)
	mt.commented, mt.comment = false, mt.comment[:0]
}

// token reads a move, a move number (with its move, if written without a
// space) or the result, on line n.
func (mt *movetext) token(token string, n int) error {
	if mt.ended {
		return lineError(n, "%q after the result: a blank line must end the record", clip.Text(token))
	}
	mt.keepComment()
	g := mt.g
	if isResult(token) {
		if mt.numbered != "" {
			return lineError(n, "bad move number %q: no move follows it", clip.Text(mt.numbered))
		}
		if token != mt.r.Result {
			return lineError(n, "the moves end with %s, but the Result header says %s", token, mt.r.Result)
		}
		mt.ended = true
		return nil
	}
	p := g.Position()
	if c := token[0]; '0' <= c && c <= '9' {
		if mt.numbered != "" {
			return lineError(n, "bad move number %q: it follows %q, not a move", clip.Text(token), clip.Text(mt.numbered))
		}
		number, rest, err := splitMoveNumber(token, &p)
		if err != nil {
			return lineError(n, "bad move number %q: %v", clip.Text(token), err)
		}
		mt.numbered = number
		if rest == "" {
			return nil
		}
		token = rest
	}
	if mt.numbered == "" {
		switch {
		case p.SideToMove() == Black:
			return lineError(n, "missing move number before %q: Black is to move, so write \"%d. %s\"", clip.Text(token), p.MoveNumber(), clip.Text(token))
		case g.Ply() == 0:
			return lineError(n, "missing move number before %q: the record starts with White to move, so write \"%d... %s\"", clip.Text(token), p.MoveNumber(), clip.Text(token))
		}
	}
	mt.numbered = ""
	m, err := ParseMove(token)
	if err != nil {
		return fmt.Errorf("%w: line %d: malformed move %q: %w", ErrInvalidRecord, n, clip.Text(token), err)
	}
	if g.Ply() == MaxRecordPlies {
		return lineError(n, "more than %d moves, the most a record may hold (MaxRecordPlies)", MaxRecordPlies)
	}
	if err := g.Play(m); err != nil {
		return fmt.Errorf("%w: line %d: ply %d: %v: %w", ErrInvalidRecord, n, g.Ply()+1, m, err)
	}
	return nil
}

// splitMoveNumber splits a token that starts with a digit into its move
// number, which must be that of p ("7." with Black to move, "7..." with
// White), and the rest, a move written without a space or "".
func splitMoveNumber(token string, p *Position) (number, rest string, err error) {
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
	if p.SideToMove() == White {
		want, wantDots = want+"..", 3
	}
	n, ok := parseCount(token[:digits])
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
