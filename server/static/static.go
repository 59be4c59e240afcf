// Package static holds the server's own page files: its stylesheet and
// the scripts of the lobby and the game page, which import the board of
// the browser page (web/static/board.js, served under /web/).
package static

import "embed"

// FS holds the files, at its root.
//
//go:embed *.js *.css
var FS embed.FS
