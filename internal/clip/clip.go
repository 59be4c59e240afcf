// Package clip shortens text quoted in error messages, so that an error
// never repeats a long input: every package of the module quotes its input
// through it.
package clip

import "unicode/utf8"

// Quote is the most bytes of an input an error quotes.
const Quote = 40

// Text returns s cut to at most Quote bytes, at a character boundary, with
// "…" after a cut.
func Text(s string) string { return To(s, Quote) }

// To returns s cut to at most most bytes, at a character boundary, with
// "…" after a cut. A string that is not UTF-8 is cut at the last byte that
// does not continue a character.
func To(s string, most int) string {
	if len(s) <= most {
		return s
	}
	cut := max(most, 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}
