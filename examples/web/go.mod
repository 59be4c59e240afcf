// The browser page lives in a module of its own, so that the browser its
// tests drive (through chromedp) stays out of the library's dependencies.
module github.com/surakarta-go/surakarta/examples/web

go 1.25.0

require github.com/surakarta-go/surakarta v0.1.0

replace github.com/surakarta-go/surakarta => ../..
