// The server lives in a module of its own, so that its database drivers,
// WebSocket library and browser tests stay out of the library's
// dependencies.
module github.com/surakarta-go/surakarta/server

go 1.26.0

replace github.com/surakarta-go/surakarta => ../

replace github.com/surakarta-go/surakarta/web => ../web

require (
	github.com/jackc/pgx/v5 v5.12.0
	golang.org/x/crypto v0.59.0
	modernc.org/sqlite v1.62.0
)

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/coder/websocket v1.8.15
)

require (
	github.com/chromedp/cdproto v0.159.2 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)

require (
	github.com/dustin/go-humanize v1.1.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	github.com/mattn/go-isatty v0.0.24 // indirect
	github.com/ncruces/go-strftime v1.1.0 // indirect
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	github.com/surakarta-go/surakarta v0.4.0
	github.com/surakarta-go/surakarta/web v0.0.0-00010101000000-000000000000
	golang.org/x/sync v0.25.0 // indirect
	golang.org/x/sys v0.50.0 // indirect
	golang.org/x/text v0.44.0 // indirect
	modernc.org/libc v1.80.1 // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/memory v1.12.1 // indirect
)
