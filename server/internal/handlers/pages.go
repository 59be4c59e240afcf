package handlers

import (
	"bytes"
	"embed"
	"html/template"
	"log"
	"math"
	"net/http"
	"time"
)

// templates are the pages, html/template files: every value they write
// (a player's name above all) is escaped for where it stands.
//
//go:embed templates/*.html
var templateFiles embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"round": func(f float64) int { return int(math.Round(f)) },
	"date":  func(ms int64) string { return time.UnixMilli(ms).UTC().Format("2006-01-02 15:04") },
}).ParseFS(templateFiles, "templates/*.html"))

// render writes the page name with data, which gains "User", the
// visitor's account (Name empty for none).
func (s *Server) render(w http.ResponseWriter, r *http.Request, name string, data map[string]any) {
	if data == nil {
		data = map[string]any{}
	}
	u, _ := s.user(r)
	data["User"] = u
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, name, data); err != nil {
		log.Printf("handlers: page %s: %v", name, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(b.Bytes())
}
