// Package static holds the browser page's own files: its HTML, stylesheet,
// scripts, icon and opening book. The page's command serves them with the
// engine it builds (site.go); the server (../server, a module of its own)
// serves the same board (board.js), move list (movelist.js), stylesheet
// and icon for its pages,
// from this package rather than from a copy.
package static

import "embed"

// FS holds the files, at its root.
//
//go:embed *.html *.css *.js *.svg *.bin
var FS embed.FS
