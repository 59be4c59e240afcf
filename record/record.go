package record

import (
	"errors"
	"fmt"
	"github.com/surakarta-go/surakarta"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Record is one game as stored in a record: its headers in order, and the
// game. Records are text in the spirit of PGN, readable by people, that
// round-trip a whole game exactly: MarshalText writes one, Parse and
// ReadAll read them back.
//
//	[Black "pvs,endgame"]
//	[White "alphabeta,sixfactor"]
//	[Date "2026-11-22"]
//	[TimeControl "100ms/move"]
//	[Rules "quiet=50 repetition=2"]
//	[Position "wwwwww/wwwwww/6/6/bbbbbb/bbbbbb b 0 1"]
//	[Result "1-0"]
//	[Reason "no pieces left"]
//
//	1. b2b3 e5e4 2. c2c3 f5f4 … 31. c3d4 1-0
//
// (The moves are elided here at "…"; a record holds them all.)
//
// # The record format
//
// A record is, line by line:
//
//  1. Header lines, one or more, each [Name "value"]. Name is a letter
//     followed by letters, digits or '_'; names are case-sensitive and each
//     occurs at most once. The value is UTF-8 text without control
//     characters, between double quotes, with " written \" and \ written \\
//     (no other escape).
//  2. A blank line.
//  3. The moves, on one or more lines, separated by spaces or line breaks
//     (MarshalText wraps them at 80 columns). Each move of Black is preceded
//     by its move number and a period, "7. a2a3"; a move of White is not,
//     unless it is the first move of the record or follows a comment, which
//     then takes the number and three periods, "7... a5b4", as in PGN. Moves
//     are written as surakarta.ParseMove reads them (MarshalText writes the canonical
//     "a2a3"); when reading, "7..." may also precede any other move of
//     White. Comments in braces may stand before the first move and after
//     any move (see Comments below), and glyphs and variations after any
//     move (see Variations and glyphs below). The moves end with the
//     result, the same as the Result header, also when there are no moves.
//  4. A blank line, or the end of the text, ends the record.
//
// Spaces, tabs and a carriage return at either end of a line are ignored, and
// a line holding nothing else is blank. Several records may follow one another
// in one text, separated by blank lines (ReadAll reads them all,
// Scanner one at a time). A line holds at most MaxLineBytes
// bytes, a record at most MaxHeaders headers, MaxPlies moves
// and MaxCommentBytes bytes of comments.
//
// Four headers are derived from Game, Result and Reason rather than kept in
// Headers; MarshalText writes them after the others, in this order:
//
//   - Rules: the game's Rules, "quiet=N repetition=M", QuietPlyLimit and
//     RepetitionLimit (0 = off; both keys, in any order, when read). When
//     absent, surakarta.OlympiadRules.
//   - Position: the start position in the text of surakarta.ParsePosition. When absent,
//     the standard start.
//   - Result (required): "1-0" Black won, "0-1" White won, "1/2-1/2" a draw,
//     "*" not finished. Black moves first in Surakarta, so Black's score comes
//     first.
//   - Reason: why the game ended; written only when not empty. For a game that
//     has ended it is the Outcome's Reason.String(): "no pieces left", "no
//     legal move", "quiet-ply limit" or "repetition" when the rules ended it,
//     "resignation", "draw by agreement" or "time forfeit" when the players
//     did (surakarta.Game.Resign, surakarta.AgreeDraw, surakarta.ForfeitOnTime; reading such a record ends
//     its game the same way, the loser being the side the result says lost).
//     A game that has not ended may still have a decided result (a match may
//     stop it early); its Reason then says why, such as "adjudicated: move
//     limit".
//
// # Comments
//
// A comment, {like this}, annotates the game where it stands among the
// moves: before the first move, or after a move and before the next move
// number, move or result. Record.Comments holds it under the number of
// moves played before it, 0 before the first move and n after the n-th:
//
//	{a study} 1. b2b3 {the usual opening} 1... e5e4 {a reply,
//	on two lines} 2. c2c3 f5f4 … 31. c3d4 {wins} 1-0
//
// holds Comments[0] "a study", Comments[1] "the usual opening",
// Comments[2] "a reply, on two lines" and Comments[61] "wins". A
// comment's text is its words, the runs of characters between spaces, tabs
// and line breaks, joined by single spaces: a comment may span lines, but
// not a blank line, which ends the record. Comments one after the other,
// after the same move, are one, their words joined; an empty comment, {},
// is the text "". A comment is UTF-8 text without control characters; '}'
// ends it, and '{' and ';' within it are text. A comment in the headers,
// between a move number and its move, or after the result is refused, and
// so are PGN's comments from ';' to the end of the line: a record writes
// its comments in braces. The comments of a record hold at most
// MaxCommentBytes bytes together, counting two for the braces of
// each.
//
// MarshalText writes each comment after its move, its words wrapped with the
// moves at 80 columns (a word longer than a line stands on a line of its
// own), and
// numbers the move of White after a comment, "1... e5e4" above. It refuses a
// comment that would not read back the same: one with '}', a control
// character, a space at either end or two in a row, a word of more than
// MaxLineBytes bytes, or a ply the game does not have.
//
// # Variations and glyphs
//
// A move may carry glyphs, PGN's annotation glyphs: the signs "!" (a good
// move), "?" (a mistake), "!!", "??" (a blunder), "!?" and "?!" (a
// dubious move, an inaccuracy), written against the move or apart from
// it, and "$n", n from 0 to 255, apart from it (PGN's numeric annotation
// glyphs, of which "$1" to "$6" are the six signs in that order). A
// glyph annotates the move before it, wherever it stands up to the next
// move, number or variation's end: after the move's comment or
// variations too. Record.Glyphs holds them under the move's number, in
// the order read: "7. a2a3?! $10" holds Glyphs[13] = [GlyphDubious, 10].
// MarshalText writes the first glyph against its move with its sign when
// it has one, and every other glyph as "$n" apart, after it: so "a2a3 ?!"
// and "a2a3 $6" read as "a2a3?!" does, and write as it.
//
// A variation, in parentheses, is an alternative to the move before it:
// moves that could have been played instead, from the position before
// that move, with comments, glyphs and variations of their own, nested to
// any depth up to MaxVariationDepth:
//
//	{a study} 1. b2b3 e5e4 2. c2c3?! {loses time} (2. b3c4 {better}
//	2... e4d3 (2... e4e3 3. d2d3) 3. c2c3) 2... f5f4 *
//
// holds Variations[3], the alternatives to the third move, c2c3: one
// variation of three moves, b3c4 e4d3 c2c3, with its comment after its
// first move and its own variation of the second, e4d3, in its
// Variations[2]. A variation starts with its move number, as the first
// move of a record does ("2." or "2..."), and within it, as in the
// game's own moves, a move of Black takes its number; MarshalText also
// numbers the move of White after a variation, "2... f5f4" above. A
// variation holds at least one move; it stands after the move it
// replaces (after its glyphs and comment), several one after the other
// when the move has several alternatives, and before the result; a
// comment after the ')' belongs to the move the variation replaces, as if
// it stood before the '('. Each move of a variation must be legal where it
// stands: a variation is played as a game from the position before the
// move it replaces, under the record's rules (that position's count of
// quiet plies included; a repetition counts the positions of the
// variation only). A record holds at most MaxVariationMoves moves
// in its variations and MaxGlyphs glyphs; their comments count
// towards MaxCommentBytes with the others.
//
// # Errors
//
// Reading a record replays its moves from the start position under the rules.
// A record that does not read is rejected with an error wrapping
// ErrInvalid that names the line: for a syntax error ("line 12: bad move
// number \"8.\": …"), for a Result or Reason that the replayed game does not
// have, and, with the ply, for a move that is illegal or comes after the end of
// the game ("line 12: ply 7: b2e5: illegal move: …", which also wraps
// surakarta.ErrIllegalMove or surakarta.ErrGameOver), the variation too for a move of a
// variation ("line 12: the variation of ply 7: ply 8: …", counting the
// plies of the game). An error quotes at most 40 bytes of a
// line, so it stays short whatever the input.
type Record struct {
	// Headers are the headers in file order; Position, Rules, Result and
	// Reason are derived from Game and are not in Headers.
	Headers []Header
	// Game is the game: start position, rules and moves. New and
	// the readers give each record a game of its own, which nothing but
	// the record refers to, so that the record's text stays what it was
	// made from. A caller who changes it (Play, Undo) changes the record,
	// and must keep Result, Reason and Comments true to it.
	Game *surakarta.Game
	// Comments are the comments of the moves, keyed by the number of
	// moves played before each: Comments[0] stands before the first move,
	// Comments[n] after the n-th, n up to Game.Ply(). A comment is words
	// separated by single spaces, without '}' or control characters (see
	// Comments above). New and the readers make the map, empty when
	// there are none, so that a comment can be set at once.
	Comments map[int]string
	// Glyphs are the glyphs of the moves (see Variations and glyphs
	// above), keyed by the number of the move they follow, 1 to
	// Game.Ply(), in the order written.
	Glyphs map[int][]Glyph
	// Variations are the alternatives to the moves, keyed by the number
	// of the move they replace, 1 to Game.Ply(), in the order written:
	// Variations[n] start from the position before the n-th move,
	// Game.Positions()[n-1]. New and the readers make both maps,
	// empty when there are none, as they make Comments.
	Variations map[int][]Variation
	// Result and Reason as recorded. For a game whose Outcome is over they
	// must match it; for a game that is not over the result may be "*" or a
	// decided result with a Reason such as "adjudicated: move limit" (a
	// match may stop a game early).
	Result string
	Reason string
}

// Header is one header of a record: [Name "Value"].
type Header struct{ Name, Value string }

// The headers derived from a record's game, result and reason.
const (
	headerRules    = "Rules"
	headerPosition = "Position"
	headerResult   = "Result"
	headerReason   = "Reason"
)

// The results of a record.
const (
	resultBlackWins = "1-0"
	resultWhiteWins = "0-1"
	resultDraw      = "1/2-1/2"
	resultUnknown   = "*"
)

// recordLineWidth is the width MarshalText wraps the moves at.
const recordLineWidth = 80

// New returns a record of g as it is now: a copy of g (Game.Clone),
// the given headers, no comments yet, and the result and reason of g's
// Outcome: "*" and no reason while it is not over. The record does not follow g: moves played
// in g afterwards, or taken back, change neither the record nor its text.
// Headers named Position, Rules, Result or Reason make MarshalText fail:
// those come from the game and the record's fields.
func New(g *surakarta.Game, headers ...Header) *Record {
	if g != nil {
		g = g.Clone()
	}
	return recordOf(g, headers)
}

// recordOf returns a record of g itself, with the headers, and the result
// and reason of g's Outcome.
func recordOf(g *surakarta.Game, headers []Header) *Record {
	r := &Record{Headers: slices.Clone(headers), Game: g, Comments: map[int]string{}, Glyphs: map[int][]Glyph{}, Variations: map[int][]Variation{}, Result: resultUnknown}
	if g != nil {
		if o := g.Outcome(); o.Over {
			r.Result, r.Reason = o.Result(), o.Reason.String()
		}
	}
	return r
}

// Header returns the value of the named header as MarshalText would write
// it, and whether the record has it. The derived headers Rules, Position,
// Result and Reason come from the game and the record's fields.
func (r *Record) Header(name string) (string, bool) {
	if r == nil {
		return "", false
	}
	switch name {
	case headerRules:
		if r.Game == nil {
			return "", false
		}
		return r.Game.Rules().String(), true
	case headerPosition:
		if r.Game == nil {
			return "", false
		}
		return r.Game.StartPosition().String(), true
	case headerResult:
		return r.Result, r.Result != ""
	case headerReason:
		return r.Reason, r.Reason != ""
	}
	for _, h := range r.Headers {
		if h.Name == name {
			return h.Value, true
		}
	}
	return "", false
}

// MarshalText implements encoding.TextMarshaler: it writes the record in the
// format described at Record, ending with a blank line so that records can be
// concatenated. It fails with an error wrapping ErrInvalid when the
// record has no game, a header name or value that cannot be written (or a
// derived one in Headers, or one twice), or a Result or Reason that does not
// match the game.
func (r *Record) MarshalText() ([]byte, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	g := r.Game
	out := make([]byte, 0, 256+8*g.Ply())
	for _, h := range r.Headers {
		out = appendHeader(out, h.Name, h.Value)
	}
	out = appendHeader(out, headerRules, g.Rules().String())
	out = appendHeader(out, headerPosition, g.StartPosition().String())
	out = appendHeader(out, headerResult, r.Result)
	if r.Reason != "" {
		out = appendHeader(out, headerReason, r.Reason)
	}
	out = append(out, '\n')
	out = appendMovetext(out, r)
	return append(out, '\n'), nil
}

// WriteTo implements io.WriterTo: it writes the text of MarshalText to w and
// returns the number of bytes written.
func (r *Record) WriteTo(w io.Writer) (int64, error) {
	text, err := r.MarshalText()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(text)
	return int64(n), err
}

// validate reports why r cannot be written, if it cannot.
func (r *Record) validate() error {
	if r == nil || r.Game == nil {
		return fmt.Errorf("%w: the record has no game", ErrInvalid)
	}
	for i, h := range r.Headers {
		if err := checkHeaderName(h.Name); err != nil {
			return fmt.Errorf("%w: header %d: %v", ErrInvalid, i+1, err)
		}
		if isDerivedHeader(h.Name) {
			return fmt.Errorf("%w: header %d: %s comes from the record's game and fields, not from Headers", ErrInvalid, i+1, h.Name)
		}
		for _, earlier := range r.Headers[:i] {
			if earlier.Name == h.Name {
				return fmt.Errorf("%w: header %d: %s occurs twice", ErrInvalid, i+1, clip.Text(h.Name))
			}
		}
		if err := checkValue(h.Value); err != nil {
			return fmt.Errorf("%w: header %d: the value of %s %v", ErrInvalid, i+1, clip.Text(h.Name), err)
		}
	}
	if err := checkValue(r.Reason); err != nil {
		return fmt.Errorf("%w: the Reason %v", ErrInvalid, err)
	}
	// What the reader refuses, the writer does not write: too many
	// headers, a header line too long, too many moves.
	derived := 3 // Rules, Position, Result
	if r.Reason != "" {
		derived++
	}
	if n := len(r.Headers) + derived; n > MaxHeaders {
		return fmt.Errorf("%w: %d headers with the %d the record derives from its game, more than the %d a record may have (MaxHeaders)", ErrInvalid, n, derived, MaxHeaders)
	}
	long := func(name, value string) error {
		if n := headerLength(name, value); n > MaxLineBytes {
			return fmt.Errorf("%w: the header line of %s takes %d bytes, more than a line of a record may (MaxLineBytes, %d)", ErrInvalid, clip.Text(name), n, MaxLineBytes)
		}
		return nil
	}
	for _, h := range r.Headers {
		if err := long(h.Name, h.Value); err != nil {
			return err
		}
	}
	if err := long(headerReason, r.Reason); err != nil {
		return err
	}
	if n := r.Game.Ply(); n > MaxPlies {
		return fmt.Errorf("%w: %d moves, more than the %d a record may hold (MaxPlies)", ErrInvalid, n, MaxPlies)
	}
	if _, err := checkResult(r.Game, r.Result, r.Reason); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return r.checkAnnotations()
}

// isResult reports whether s is one of the four results.
func isResult(s string) bool {
	switch s {
	case resultBlackWins, resultWhiteWins, resultDraw, resultUnknown:
		return true
	}
	return false
}

// checkResult reports whether result and reason describe g: the outcome when
// the rules have ended it, and otherwise "*" or a decided result with a
// reason that is not one of the rules'. aboutReason tells whether the fault
// is the reason's.
func checkResult(g *surakarta.Game, result, reason string) (aboutReason bool, err error) {
	if !isResult(result) {
		return false, fmt.Errorf("result %q is not 1-0, 0-1, 1/2-1/2 or *", clip.Text(result))
	}
	o := g.Outcome()
	if o.Over {
		if want := o.Result(); result != want {
			return false, fmt.Errorf("result %s does not match the replayed game: %v, so the result is %s", result, o, want)
		}
		if want := o.Reason.String(); reason != want {
			return true, fmt.Errorf("reason %q does not match the replayed game: %v, so the reason is %q", clip.Text(reason), o, want)
		}
		return false, nil
	}
	for r := surakarta.NoPieces; r <= surakarta.TimeForfeit; r++ {
		if reason == r.String() {
			return true, fmt.Errorf("reason %q does not match the replayed game: it has not ended that way", clip.Text(reason))
		}
	}
	if result != resultUnknown && reason == "" {
		return true, fmt.Errorf("result %s for a game the rules have not ended needs a Reason saying why it was stopped", result)
	}
	return false, nil
}

// isDerivedHeader reports whether name is one of the headers derived from the
// record's game and fields.
func isDerivedHeader(name string) bool {
	switch name {
	case headerRules, headerPosition, headerResult, headerReason:
		return true
	}
	return false
}

// checkHeaderName reports whether name can be a header's name: a letter, then
// letters, digits or '_', and not a derived header's name in another case.
func checkHeaderName(name string) error {
	if name == "" {
		return errors.New("the name is empty")
	}
	for i := 0; i < len(name); i++ {
		if !isNameByte(name[i], i == 0) {
			return fmt.Errorf("name %q: want a letter, then letters, digits or '_'", clip.Text(name))
		}
	}
	for _, derived := range [...]string{headerRules, headerPosition, headerResult, headerReason} {
		if name != derived && strings.EqualFold(name, derived) {
			return fmt.Errorf("name %s: header names are case-sensitive, write %s", name, derived)
		}
	}
	return nil
}

// isNameByte reports whether c may stand in a header name, first or later.
func isNameByte(c byte, first bool) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		return true
	case '0' <= c && c <= '9', c == '_':
		return !first
	}
	return false
}

// checkValue reports whether s can be a header value: UTF-8 text without
// control characters. The error completes a sentence "the value … ".
func checkValue(s string) error {
	if !utf8.ValidString(s) {
		return errors.New("is not valid UTF-8")
	}
	for _, c := range s {
		if unicode.IsControl(c) {
			return fmt.Errorf("holds the control character %U", c)
		}
	}
	return nil
}

// headerLength returns the length of the header line of name and value,
// as appendHeader writes it, without its line end.
func headerLength(name, value string) int {
	n := len(`[ ""]`) + len(name) + len(value)
	for i := 0; i < len(value); i++ {
		if value[i] == '"' || value[i] == '\\' {
			n++
		}
	}
	return n
}

// appendHeader appends the header line [name "value"], escaping '"' and '\'.
func appendHeader(out []byte, name, value string) []byte {
	out = append(out, '[')
	out = append(out, name...)
	out = append(out, ' ', '"')
	for i := 0; i < len(value); i++ {
		if value[i] == '"' || value[i] == '\\' {
			out = append(out, '\\')
		}
		out = append(out, value[i])
	}
	return append(out, '"', ']', '\n')
}

// ErrInvalid is wrapped by the errors of a record that is malformed,
// holds an illegal move, or states a result that its game does not have.
var ErrInvalid = errors.New("invalid record")
