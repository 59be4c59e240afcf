// The browser page lives in a module of its own, so that the browser its
// tests drive (through chromedp) stays out of the library's dependencies.
module github.com/surakarta-go/surakarta/web

go 1.25.0

require (
	github.com/chromedp/cdproto v0.159.2
	github.com/chromedp/chromedp v0.23.0
	github.com/surakarta-go/surakarta v0.4.0
)

require github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect

replace github.com/surakarta-go/surakarta => ../
