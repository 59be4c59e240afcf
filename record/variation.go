package record

import (
	"fmt"
	"github.com/surakarta-go/surakarta"
	"maps"
	"slices"
	"strconv"

	"github.com/surakarta-go/surakarta/internal/clip"
)

// Glyph is an annotation glyph of a move, PGN's numeric annotation glyph
// (NAG): $0 to $255, of which the first six have a sign of their own,
// written after the move ("b2b3?!"). Record.Glyphs and Variation.Glyphs
// hold them; see Record, "Variations and glyphs".
type Glyph uint8

// The glyphs with a sign of their own, as PGN numbers them.
const (
	GlyphGood        Glyph = 1 // "!", a good move
	GlyphMistake     Glyph = 2 // "?", a mistake
	GlyphBrilliant   Glyph = 3 // "!!", a very good move
	GlyphBlunder     Glyph = 4 // "??", a blunder
	GlyphInteresting Glyph = 5 // "!?", an interesting move
	GlyphDubious     Glyph = 6 // "?!", a dubious move: an inaccuracy
)

// glyphSigns are the signs of the glyphs 1 to 6, indexed by glyph.
var glyphSigns = [...]string{GlyphGood: "!", GlyphMistake: "?", GlyphBrilliant: "!!", GlyphBlunder: "??", GlyphInteresting: "!?", GlyphDubious: "?!"}

// String returns the glyph as a record writes it on its own: its sign for
// the glyphs 1 to 6 ("!", "?", "!!", "??", "!?", "?!"), "$n" for the
// others ("$0", "$10").
func (g Glyph) String() string {
	if int(g) < len(glyphSigns) && glyphSigns[g] != "" {
		return glyphSigns[g]
	}
	return "$" + strconv.Itoa(int(g))
}

// signGlyph returns the glyph whose sign is s, if s is one.
func signGlyph(s string) (Glyph, bool) {
	for g, sign := range glyphSigns {
		if sign != "" && sign == s {
			return Glyph(g), true
		}
	}
	return 0, false
}

// parseGlyph reads a glyph written on its own: a sign, or "$n" with n
// from 0 to 255 in decimal digits.
func parseGlyph(s string) (Glyph, error) {
	if g, ok := signGlyph(s); ok {
		return g, nil
	}
	if len(s) < 2 || s[0] != '$' {
		return 0, fmt.Errorf("want one of ! ? !! ?? !? ?! or $0 to $255")
	}
	n, ok := count(s[1:])
	if !ok || n > 255 {
		return 0, fmt.Errorf("want $0 to $255, a number in decimal digits")
	}
	return Glyph(n), nil
}

// Variation is an alternative line of a game: moves that could have been
// played instead of a move of the record's game (or of another
// variation's moves), from the position before it. Record.Variations and
// Variation.Variations hold them under the number of the move they
// replace; see Record, "Variations and glyphs".
//
// Its maps are keyed as a record's are, by the moves of the variation
// played: Comments[0] stands before its first move, Comments[n] after its
// n-th; Glyphs[n] and Variations[n] belong to its n-th move, n from 1 to
// len(Moves). The readers leave a map nil when it would be empty.
type Variation struct {
	Moves      []surakarta.Move
	Comments   map[int]string
	Glyphs     map[int][]Glyph
	Variations map[int][]Variation
}

// Clone returns a copy of v that shares nothing with it.
func (v Variation) Clone() Variation {
	return Variation{
		Moves:      slices.Clone(v.Moves),
		Comments:   maps.Clone(v.Comments),
		Glyphs:     cloneGlyphs(v.Glyphs),
		Variations: cloneVariations(v.Variations),
	}
}

// Clone returns a copy of r that shares nothing with it: its headers,
// a clone of its game (Game.Clone), and its comments, glyphs and
// variations.
func (r *Record) Clone() *Record {
	if r == nil {
		return nil
	}
	out := *r
	out.Headers = slices.Clone(r.Headers)
	if r.Game != nil {
		out.Game = r.Game.Clone()
	}
	out.Comments = maps.Clone(r.Comments)
	out.Glyphs = cloneGlyphs(r.Glyphs)
	out.Variations = cloneVariations(r.Variations)
	return &out
}

func cloneGlyphs(m map[int][]Glyph) map[int][]Glyph {
	if m == nil {
		return nil
	}
	out := make(map[int][]Glyph, len(m))
	for k, gs := range m {
		out[k] = slices.Clone(gs)
	}
	return out
}

func cloneVariations(m map[int][]Variation) map[int][]Variation {
	if m == nil {
		return nil
	}
	out := make(map[int][]Variation, len(m))
	for k, vs := range m {
		c := make([]Variation, len(vs))
		for i, v := range vs {
			c[i] = v.Clone()
		}
		out[k] = c
	}
	return out
}

// variationPlace names the place of a variation for an error: the ply of
// the game it starts with (the move it replaces) and its depth, 1 for a
// variation of the game's own moves.
func variationPlace(ply, depth int) string {
	if depth == 1 {
		return "the variation of ply " + strconv.Itoa(ply)
	}
	return "the variation of ply " + strconv.Itoa(ply) + " at depth " + strconv.Itoa(depth)
}

// annotationCheck counts what the comments, glyphs and variations of a
// record take against the limits of a record, as MarshalText checks them.
type annotationCheck struct {
	rules          surakarta.Rules
	commentBytes   int
	glyphs         int
	variationMoves int
}

// comment counts and checks text, the comment at place.
func (c *annotationCheck) comment(place, text string) error {
	if err := checkComment(text); err != nil {
		return fmt.Errorf("%w: %s %q %v", ErrInvalid, place, clip.Text(text), err)
	}
	if c.commentBytes += len(text) + 2; c.commentBytes > MaxCommentBytes {
		return fmt.Errorf("%w: the comments take more than %d bytes up to %s, the most a record's may (MaxCommentBytes)", ErrInvalid, MaxCommentBytes, place)
	}
	return nil
}

// keysOf checks that the keys of m, the glyphs or variations (what) of a
// line of n moves named by where ("the game" or a variation's place), are
// moves of the line, 1 to n, and returns them in order.
func keysOf[V any](m map[int]V, n int, what, where string) ([]int, error) {
	keys := slices.Sorted(maps.Keys(m))
	if len(keys) > 0 && (keys[0] < 1 || keys[len(keys)-1] > n) {
		bad := keys[0]
		if bad >= 1 {
			bad = keys[len(keys)-1]
		}
		return nil, fmt.Errorf("%w: %s at move %d of %s, which has %d moves: they belong to moves 1 to %d", ErrInvalid, what, bad, where, n, n)
	}
	return keys, nil
}

// glyphsOf counts and checks the glyphs of a line of n moves.
func (c *annotationCheck) glyphsOf(glyphs map[int][]Glyph, n int, where string) error {
	keys, err := keysOf(glyphs, n, "glyphs", where)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if c.glyphs += len(glyphs[k]); c.glyphs > MaxGlyphs {
			return fmt.Errorf("%w: more than %d glyphs up to move %d of %s, the most a record may hold (MaxGlyphs)", ErrInvalid, MaxGlyphs, k, where)
		}
	}
	return nil
}

// variationsOf checks the variations of a line whose positions before
// each move are before (before[k-1] is the position before its k-th
// move), start the ply of the game before its first move, at depth depth.
func (c *annotationCheck) variationsOf(variations map[int][]Variation, before func(k int) surakarta.Position, n, start, depth int, where string) error {
	keys, err := keysOf(variations, n, "variations", where)
	if err != nil {
		return err
	}
	for _, k := range keys {
		for i, v := range variations[k] {
			place := variationPlace(start+k, depth)
			if len(variations[k]) > 1 {
				place = fmt.Sprintf("%s (%d of %d)", place, i+1, len(variations[k]))
			}
			if err := c.variation(v, before(k), start+k, depth, place); err != nil {
				return err
			}
		}
	}
	return nil
}

// variation checks v, which starts from p with the ply-th move of the game,
// at depth depth.
func (c *annotationCheck) variation(v Variation, p surakarta.Position, ply, depth int, place string) error {
	switch {
	case depth > MaxVariationDepth:
		return fmt.Errorf("%w: %s is nested deeper than %d variations, the most a record may (MaxVariationDepth)", ErrInvalid, place, MaxVariationDepth)
	case len(v.Moves) == 0:
		return fmt.Errorf("%w: %s has no moves", ErrInvalid, place)
	}
	if c.variationMoves += len(v.Moves); c.variationMoves > MaxVariationMoves {
		return fmt.Errorf("%w: more than %d moves in variations up to %s, the most a record may hold (MaxVariationMoves)", ErrInvalid, MaxVariationMoves, place)
	}
	g, err := surakarta.NewGameWithRules(p, c.rules)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", ErrInvalid, place, err)
	}
	for i, m := range v.Moves {
		if err := g.Play(m); err != nil {
			return fmt.Errorf("%w: %s: ply %d: %v: %w", ErrInvalid, place, ply+i, m, err)
		}
	}
	if err := commentKeys(v.Comments, len(v.Moves), place); err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(v.Comments)) {
		where := fmt.Sprintf("the comment after move %d of %s", k, place)
		if k == 0 {
			where = "the comment before the first move of " + place
		}
		if err := c.comment(where, v.Comments[k]); err != nil {
			return err
		}
	}
	if err := c.glyphsOf(v.Glyphs, len(v.Moves), place); err != nil {
		return err
	}
	positions := g.Positions()
	return c.variationsOf(v.Variations, func(k int) surakarta.Position { return positions[k-1] }, len(v.Moves), ply-1, depth+1, place)
}

// commentKeys checks that the comments of a line of n moves stand at 0
// (before its first move) to n.
func commentKeys(comments map[int]string, n int, where string) error {
	for k := range comments {
		if k < 0 || k > n {
			return fmt.Errorf("%w: a comment at move %d of %s, which has %d moves: comments stand at 0 (before the first move) to %d", ErrInvalid, k, where, n, n)
		}
	}
	return nil
}
