package surakarta

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// UnmarshalText implements encoding.TextUnmarshaler with ParseRecord. On
// error r is unchanged.
func (r *Record) UnmarshalText(text []byte) error {
	parsed, err := ParseRecord(string(text))
	if err != nil {
		return err
	}
	*r = *parsed
	return nil
}

// UnmarshalText implements encoding.TextUnmarshaler: it reads one record,
// as ParseRecord does, and makes g the record's game. What a game does not
// hold is dropped: the headers other than Rules and Position, the
// comments, and a decided result of a game that has not ended (a match's
// adjudication); ParseRecord keeps them. A game written by MarshalText
// reads back the same: start, rules, moves and outcome. On error g is
// unchanged.
func (g *Game) UnmarshalText(text []byte) error {
	r, err := ParseRecord(string(text))
	if err != nil {
		return err
	}
	*g = *r.Game
	return nil
}

// ParseRecord reads exactly one record (blank lines around it are allowed)
// and replays its game. Errors wrap ErrInvalidRecord; see Record.
func ParseRecord(text string) (*Record, error) {
	src := newTextSource(text)
	r, err := readRecord(src)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return nil, fmt.Errorf("%w: the text holds no record", ErrInvalidRecord)
	}
	src.skipBlank()
	if src.err != nil {
		return nil, src.err
	}
	if src.ok {
		return nil, lineError(src.num, "a second record starts here; ParseRecord reads one (ReadRecords reads all)")
	}
	return r, nil
}

// ReadRecords reads all the records of r, in order, and replays their games.
// At the first invalid record it returns the records before it and an error
// wrapping ErrInvalidRecord that names the line of the whole text; see
// Record. It holds every record; RecordScanner reads them one at a time.
func ReadRecords(r io.Reader) ([]*Record, error) {
	sc := NewRecordScanner(r)
	var records []*Record
	for sc.Scan() {
		records = append(records, sc.Record())
	}
	return records, sc.Err()
}

// RecordScanner reads records one after another from a reader, holding
// one at a time, as bufio.Scanner reads lines: call Scan until it returns
// false, take each record with Record, then check Err. Its memory is what
// one record needs, however long the input; the limits of a record
// (MaxRecordLineBytes, MaxRecordHeaders, MaxRecordPlies,
// MaxRecordCommentBytes) bound that.
//
//	sc := surakarta.NewRecordScanner(f)
//	for sc.Scan() {
//		rec := sc.Record()
//		…
//	}
//	if err := sc.Err(); err != nil {
//		…
//	}
type RecordScanner struct {
	src    *lineSource
	rec    *Record
	err    error
	done   bool
	offset int64
}

// NewRecordScanner returns a scanner that reads records from r. It reads
// r in blocks of MaxRecordLineBytes and a little more.
func NewRecordScanner(r io.Reader) *RecordScanner {
	return &RecordScanner{src: newReaderSource(r)}
}

// Scan reads the next record and replays its game. It returns false at the
// end of the input or at the first error, which Err then returns; after
// that it keeps returning false.
func (s *RecordScanner) Scan() bool {
	s.rec = nil
	if s.done {
		return false
	}
	rec, err := readRecord(s.src)
	if err != nil || rec == nil {
		s.err, s.done = err, true
		return false
	}
	s.rec, s.offset = rec, s.src.start
	return true
}

// Record returns the record read by the last Scan that returned true, and
// nil after one that returned false. Each record is new: the caller may
// keep it.
func (s *RecordScanner) Record() *Record { return s.rec }

// Err returns the error that stopped Scan, or nil at the end of the input.
// A record that does not read gives an error wrapping ErrInvalidRecord
// that names the line, counted from the start of the input (see Record);
// a failing reader gives its error, wrapped.
func (s *RecordScanner) Err() error { return s.err }

// Offset returns the number of bytes of the input up to the end of the
// last record that Scan returned, the line break of its last line
// included: where that record ends, and so the earliest a record that
// follows it can start (only blank lines may come between). It is 0
// before the first record.
func (s *RecordScanner) Offset() int64 { return s.offset }

// readRecord reads the next record, skipping blank lines before it, and
// returns nil at the end of the text.
func readRecord(src *lineSource) (*Record, error) {
	r, err := readRecordLines(src)
	if src.err != nil {
		// The lines stopped early, within the record or just after it:
		// that is the fault, whatever the record's reading made of it.
		return nil, src.err
	}
	return r, err
}

// readRecordLines reads the next record from src; see readRecord.
func readRecordLines(src *lineSource) (*Record, error) {
	src.skipBlank()
	if !src.ok {
		return nil, nil
	}
	switch src.line[0] {
	case '[':
	case '{':
		return nil, lineError(src.num, "a comment before the headers, %q: comments stand among the moves, after the headers", clip.Text(src.line))
	default:
		return nil, lineError(src.num, "want a header line [Name \"value\"] to start a record, found %q", clip.Text(src.line))
	}
	r := &Record{Comments: map[int]string{}}
	start, rules, seen, err := readHeaders(src, r)
	if err != nil {
		return nil, err
	}
	g, err := NewGameWithRules(start, rules)
	if err != nil { // parseRules has validated the rules
		return nil, fmt.Errorf("%w: %w", ErrInvalidRecord, err)
	}
	r.Game = g
	if err := readMoves(src, g, r); err != nil {
		return nil, err
	}
	if err := declareFromRecord(g, r.Result, r.Reason); err != nil {
		return nil, lineError(seen[headerReason], "%v", err)
	}
	if aboutReason, err := checkResult(g, r.Result, r.Reason); err != nil {
		line, ok := seen[headerReason]
		if !aboutReason || !ok {
			line = seen[headerResult]
		}
		return nil, lineError(line, "%v", err)
	}
	return r, nil
}

// readHeaders reads the header lines of a record into r, and the blank
// lines after them up to the moves. It returns the start position and the
// rules that the headers set (the start and the Olympiad rules when they
// set none) and the line of each header read.
func readHeaders(src *lineSource, r *Record) (start Position, rules Rules, seen map[string]int, err error) {
	start, rules = NewPosition(), OlympiadRules()
	seen = map[string]int{} // header name → its line
	fail := func(err error) (Position, Rules, map[string]int, error) { return Position{}, Rules{}, nil, err }
	for ; src.ok && strings.HasPrefix(src.line, "["); src.advance() {
		n := src.num
		if len(seen) == MaxRecordHeaders {
			return fail(lineError(n, "more than %d headers, the most a record may have (MaxRecordHeaders)", MaxRecordHeaders))
		}
		name, value, err := parseHeaderLine(src.line)
		if err != nil {
			return fail(lineError(n, "%v", err))
		}
		if earlier, ok := seen[name]; ok {
			return fail(lineError(n, "header %s occurs twice (also on line %d)", clip.Text(name), earlier))
		}
		seen[name] = n
		switch name {
		case headerPosition:
			if start, err = ParsePosition(value); err != nil {
				return fail(fmt.Errorf("%w: line %d: Position: %w", ErrInvalidRecord, n, err))
			}
		case headerRules:
			if rules, err = parseRules(value); err != nil {
				return fail(fmt.Errorf("%w: line %d: Rules: %w", ErrInvalidRecord, n, err))
			}
		case headerResult:
			if !isResult(value) {
				return fail(lineError(n, "Result %q is not 1-0, 0-1, 1/2-1/2 or *", clip.Text(value)))
			}
			r.Result = value
		case headerReason:
			r.Reason = value
		default:
			r.Headers = append(r.Headers, Header{Name: name, Value: value})
		}
	}
	switch {
	case !src.ok:
		return fail(lineError(src.num-1, "the text ends after the headers: want a blank line, then the moves and the result"))
	case strings.HasPrefix(src.line, "{"):
		return fail(lineError(src.num, "a comment in the headers, %q: comments stand among the moves, after the blank line that ends the headers", clip.Text(src.line)))
	case src.line != "":
		return fail(lineError(src.num, "missing blank line between the headers and the moves"))
	}
	if _, ok := seen[headerResult]; !ok {
		return fail(lineError(src.num, "the headers end without a Result header"))
	}
	src.skipBlank()
	switch {
	case !src.ok:
		return fail(lineError(src.num-1, "the text ends before the moves: a record ends with its moves and the result %s", r.Result))
	case src.line[0] == '[':
		return fail(lineError(src.num, "want the moves and the result %s after the headers, found a header line", r.Result))
	}
	return start, rules, seen, nil
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

// parseHeaderLine parses a header line [Name "value"], undoing the escapes
// \" and \\ of the value.
func parseHeaderLine(line string) (name, value string, err error) {
	i := 1
	for i < len(line) && isNameByte(line[i], i == 1) {
		i++
	}
	name = line[1:i]
	if name == "" {
		return "", "", fmt.Errorf("bad header line %q: want [Name \"value\"], Name a letter then letters, digits or '_'", clip.Text(line))
	}
	if err := checkHeaderName(name); err != nil {
		return "", "", fmt.Errorf("bad header line: %v", err)
	}
	j := i
	for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
		j++
	}
	if j == i || j == len(line) || line[j] != '"' {
		return "", "", fmt.Errorf("bad header line %q: want [%s \"value\"]", clip.Text(line), clip.Text(name))
	}
	var sb strings.Builder
	k := j + 1
	for {
		if k >= len(line) {
			return "", "", fmt.Errorf("unterminated quote in the value of %s", clip.Text(name))
		}
		c := line[k]
		if c == '"' {
			break
		}
		if c == '\\' {
			if k+1 == len(line) {
				return "", "", fmt.Errorf("unterminated quote in the value of %s", clip.Text(name))
			}
			if e := line[k+1]; e != '"' && e != '\\' {
				return "", "", fmt.Errorf("unknown escape %q in the value of %s: only \\\" and \\\\", line[k:k+2], clip.Text(name))
			}
			k++
			c = line[k]
		}
		sb.WriteByte(c)
		k++
	}
	if rest := strings.TrimLeft(line[k+1:], " \t"); rest != "]" {
		return "", "", fmt.Errorf("bad header line: want ] after the value of %s, found %q", clip.Text(name), clip.Text(rest))
	}
	value = sb.String()
	if err := checkValue(value); err != nil {
		return "", "", fmt.Errorf("the value of %s %v", clip.Text(name), err)
	}
	return name, value, nil
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

// declareFromRecord ends g as a record whose reason is an end declared by
// the players (resignation, draw by agreement, time forfeit) says, the
// winner taken from the result. Other reasons leave g as it is.
func declareFromRecord(g *Game, result, reason string) error {
	var loser Color
	switch result {
	case resultBlackWins:
		loser = White
	case resultWhiteWins:
		loser = Black
	}
	decisive := result == resultBlackWins || result == resultWhiteWins
	var err error
	switch reason {
	case Resignation.String(), TimeForfeit.String():
		if !decisive {
			return fmt.Errorf("reason %q needs a result 1-0 or 0-1, not %s", reason, result)
		}
		if reason == Resignation.String() {
			err = g.Resign(loser)
		} else {
			err = g.ForfeitOnTime(loser)
		}
	case DrawAgreement.String():
		if result != resultDraw {
			return fmt.Errorf("reason %q needs the result 1/2-1/2, not %s", reason, result)
		}
		err = g.AgreeDraw()
	}
	if err != nil {
		return fmt.Errorf("reason %q: %v", reason, err)
	}
	return nil
}

// parseRules parses the text of the Rules header: "quiet=N repetition=M" in
// either order.
func parseRules(text string) (Rules, error) {
	var rules Rules
	var haveQuiet, haveRepetition bool
	for _, field := range strings.FieldsFunc(text, isRecordSpace) {
		key, value, _ := strings.Cut(field, "=")
		n, ok := parseCount(value)
		if !ok {
			return Rules{}, fmt.Errorf("%q: want a number 0…%d after %s=", clip.Text(field), MaxCounter, clip.Text(key))
		}
		switch {
		case key == "quiet" && !haveQuiet:
			rules.QuietPlyLimit, haveQuiet = n, true
		case key == "repetition" && !haveRepetition:
			rules.RepetitionLimit, haveRepetition = n, true
		default:
			return Rules{}, fmt.Errorf("%q: want quiet=N and repetition=M, once each", clip.Text(field))
		}
	}
	if !haveQuiet || !haveRepetition {
		return Rules{}, fmt.Errorf("%q: want quiet=N repetition=M (0 = off)", clip.Text(text))
	}
	if err := rules.Validate(); err != nil {
		return Rules{}, err
	}
	return rules, nil
}

// parseCount parses a decimal number 0…MaxCounter written with digits only.
func parseCount(s string) (int, bool) {
	if s == "" || len(s) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, n <= MaxCounter
}
