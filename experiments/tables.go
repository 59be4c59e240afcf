// Package experiments makes the published match figures of the docs from
// the records of their games under matches/, so that no one types them.
//
// The pages are those of docs/, for users, and those of this module's
// docs/ (experiments/docs/ from the repository's root), which keep the
// measurement history and the evidence behind the figures of docs/. A
// page marks each table or figure made from records between two
// comments, which Markdown does not show:
//
//	<!-- table: NAME -->
//	| … the table … |
//	<!-- /table -->
//
// or, within a sentence or around a code block, <!-- figure: NAME --> and
// <!-- /figure -->. The template NAME of tables/PAGE.tmpl, for the page
// PAGE.md of docs/ or of experiments/docs/ (the one of the two that has
// markers: both may not), makes the text between them: the table's rows, with the
// cells that are words written in the template and the figures computed
// by its functions from the records (see funcs). A marker on a line of
// its own makes the text between the lines; one within a line, the text
// between the comments. Everything outside the markers is prose, free to
// change.
//
// Make makes every page again; cmd/tables writes the pages, and the tests
// fail when a page is not what the records make.
package experiments

import (
	"fmt"
	"github.com/surakarta-go/surakarta/elo"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"text/template"
)

// Figure is the text between a pair of markers of a page.
type Figure struct {
	Kind, Name string // "table" or "figure", and the template's name
	start, end int    // the bytes of the page between the markers
	block      bool   // the markers are on lines of their own
	Want       string // what the template makes of the records
}

// Page is a page of docs/ or experiments/docs/ with markers.
type Page struct {
	Path    string // under the repository's root: "docs/levels.md", "experiments/docs/experiments.md"
	Text    string // the page as it is
	Figures []Figure
}

// Have returns the text of the page between f's markers.
func (p *Page) Have(f Figure) string { return p.Text[f.start:f.end] }

// Made returns the page with the text between every pair of markers made
// from the records.
func (p *Page) Made() string {
	var b strings.Builder
	last := 0
	for _, f := range p.Figures {
		b.WriteString(p.Text[last:f.start])
		b.WriteString(f.Want)
		last = f.end
	}
	b.WriteString(p.Text[last:])
	return b.String()
}

// Docs are the pages of docs/ and experiments/docs/ made again, and the
// record files read to make them.
type Docs struct {
	Pages   []*Page
	Records []string // under experiments/matches, with slashes, sorted
	Patches []string // the names of the patches linked, sorted
}

// The paths under the repository's root.
const (
	docsDir      = "docs"
	evidenceDir  = "experiments/docs"
	templatesDir = "experiments/tables"
	recordsDir   = "experiments/matches"
	patchesDir   = "experiments/patches"
)

var (
	openMarker  = regexp.MustCompile(`<!--\s*(table|figure):\s*([A-Za-z0-9_-]+)\s*-->`)
	closeMarker = regexp.MustCompile(`<!--\s*/(table|figure)\s*-->`)
)

// pageDirs are the directories of the pages with markers: the users'
// pages, then the pages of the evidence behind them.
var pageDirs = []string{docsDir, evidenceDir}

// Make makes the text between the markers of every page of docs/ and
// experiments/docs/ under the repository's root from the templates of
// experiments/tables and the records of experiments/matches.
func Make(root string) (*Docs, error) {
	b := &book{root: root, read: make(map[string]*Records), tunings: make(map[string]*Tuning), patches: make(map[string]bool)}
	templates, err := filepath.Glob(filepath.Join(root, templatesDir, "*.tmpl"))
	if err != nil {
		return nil, err
	}
	docs := &Docs{}
	for _, file := range templates {
		page, err := templatePage(root, strings.TrimSuffix(filepath.Base(file), ".tmpl"))
		if err != nil {
			return nil, err
		}
		p, err := makePage(root, page, file, b)
		if err != nil {
			return nil, err
		}
		docs.Pages = append(docs.Pages, p)
	}
	// A page with markers and no template would go unchecked.
	for _, dir := range pageDirs {
		pages, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(dir), "*.md"))
		if err != nil {
			return nil, err
		}
		for _, file := range pages {
			page := dir + "/" + filepath.Base(file)
			if slices.ContainsFunc(docs.Pages, func(p *Page) bool { return p.Path == page }) {
				continue
			}
			text, err := os.ReadFile(file)
			if err != nil {
				return nil, err
			}
			if m := find(openMarker, string(text), 0); m != nil {
				return nil, fmt.Errorf("%s has the marker %s, but there is no %s/%s", page, text[m[0]:m[1]], templatesDir, strings.TrimSuffix(filepath.Base(file), ".md")+".tmpl")
			}
		}
	}
	docs.Records = slices.AppendSeq(slices.Collect(maps.Keys(b.read)), maps.Keys(b.tunings))
	slices.Sort(docs.Records)
	docs.Patches = slices.Sorted(maps.Keys(b.patches))
	return docs, nil
}

// templatePage returns the page that the template NAME.tmpl fills:
// NAME.md of docs/ or of experiments/docs/, whichever exists, or, when
// both do, the one with markers. Both with markers is an error: one
// template cannot fill two pages, so the page of experiments/docs/ takes
// another name (tablebases-runs.md beside docs/tablebases.md).
func templatePage(root, name string) (string, error) {
	var found, marked []string
	for _, dir := range pageDirs {
		page := dir + "/" + name + ".md"
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return "", err
		}
		found = append(found, page)
		if find(openMarker, string(text), 0) != nil {
			marked = append(marked, page)
		}
	}
	switch {
	case len(marked) > 1:
		return "", fmt.Errorf("%s and %s both have markers, and %s/%s.tmpl can fill only one: give the page of %s another name, with a template of its own", marked[0], marked[1], templatesDir, name, evidenceDir)
	case len(marked) == 1:
		return marked[0], nil
	case len(found) > 0:
		return found[0], nil // no marker: makePage says which templates go unused
	}
	return "", fmt.Errorf("%s/%s.tmpl has no page: neither %s/%s.md nor %s/%s.md exists", templatesDir, name, docsDir, name, evidenceDir, name)
}

// makePage reads the page and makes the text between its markers with the
// templates of the file tmpl: one for each marker, and none unused.
func makePage(root, page, tmpl string, b *book) (*Page, error) {
	text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(page)))
	if err != nil {
		return nil, err
	}
	t, err := template.New(filepath.Base(tmpl)).Funcs(funcs(b, page)).ParseFiles(tmpl)
	if err != nil {
		return nil, err
	}
	p := &Page{Path: page, Text: string(text)}
	if p.Figures, err = markers(p.Text); err != nil {
		return nil, fmt.Errorf("%s: %v", page, err)
	}
	used := make(map[string]bool)
	for i := range p.Figures {
		f := &p.Figures[i]
		if used[f.Name] {
			return nil, fmt.Errorf("%s: two markers %s", page, f.Name)
		}
		used[f.Name] = true
		if t.Lookup(f.Name) == nil {
			return nil, fmt.Errorf("%s: the marker %s %s has no template in %s/%s", page, f.Kind, f.Name, templatesDir, filepath.Base(tmpl))
		}
		var out strings.Builder
		if err := t.ExecuteTemplate(&out, f.Name, nil); err != nil {
			return nil, fmt.Errorf("%s: %v", page, err)
		}
		f.Want = strings.TrimSpace(out.String())
		if f.block {
			f.Want = "\n" + f.Want + "\n"
		}
	}
	for _, d := range t.Templates() {
		if d.Name() != t.Name() && !used[d.Name()] {
			return nil, fmt.Errorf("%s/%s defines %s, which no marker of %s names", templatesDir, filepath.Base(tmpl), d.Name(), page)
		}
	}
	return p, nil
}

// markers finds the pairs of markers of a page's text, in order.
func markers(text string) ([]Figure, error) {
	var figures []Figure
	for rest := 0; ; {
		o := find(openMarker, text, rest)
		c := find(closeMarker, text, rest)
		switch {
		case o == nil && c == nil:
			return figures, nil
		case o == nil || c != nil && c[0] < o[0]:
			return nil, fmt.Errorf("%s without a marker before it", text[c[0]:c[1]])
		case c == nil:
			return nil, fmt.Errorf("%s is not closed", text[o[0]:o[1]])
		}
		kind, name := text[o[2]:o[3]], text[o[4]:o[5]]
		if next := find(openMarker, text[:c[0]], o[1]); next != nil {
			return nil, fmt.Errorf("%s is not closed before the next marker", text[o[0]:o[1]])
		}
		if text[c[2]:c[3]] != kind {
			return nil, fmt.Errorf("%s is closed by %s", text[o[0]:o[1]], text[c[0]:c[1]])
		}
		f := Figure{Kind: kind, Name: name, start: o[1], end: c[0], block: strings.HasPrefix(text[o[1]:], "\n")}
		before := text[strings.LastIndexByte(text[:o[0]], '\n')+1 : o[0]]
		switch {
		case f.block && (before != "" || !strings.HasSuffix(text[:c[0]], "\n")):
			return nil, fmt.Errorf("%s: the markers of a block stand on lines of their own", text[o[0]:o[1]])
		case !f.block && strings.TrimSpace(before) == "":
			// An HTML comment that starts a line starts an HTML block,
			// which Markdown shows as it is, not as Markdown.
			return nil, fmt.Errorf("%s: a marker within a line must have words before it", text[o[0]:o[1]])
		}
		figures = append(figures, f)
		rest = c[1]
	}
}

// find returns the indexes of the first match of a marker in text from
// the byte from on, as FindStringSubmatchIndex does, or nil. A marker
// between backticks is quoted in a code span, as the docs quote markers
// to explain them, and is no marker.
func find(marker *regexp.Regexp, text string, from int) []int {
	for {
		loc := marker.FindStringSubmatchIndex(text[from:])
		if loc == nil {
			return nil
		}
		for i := range loc {
			loc[i] += from
		}
		if loc[0] == 0 || text[loc[0]-1] != '`' || loc[1] == len(text) || text[loc[1]] != '`' {
			return loc
		}
		from = loc[1]
	}
}

// funcs are the functions of the templates of the page page, which read
// the records of b:
//
//	match FILE A   the result of the record file FILE under
//	               experiments/matches for engine A (a *Match: its
//	               methods give the cells of a row, such as .WDL, .Score,
//	               .PairElo, .SPRT, .Summary)
//	records FILE   the games of FILE, for figures of a match that are
//	               not its result (a *Records: .Forfeits, .LeastTimeLeft)
//	spsa FILE      the SPSA tuning of the state file FILE (a *Tuning:
//	               .Pairs, .Results, .Even, .Table, .Settings)
//	chain M...     the sum of the matches' pair Elo along a chain of
//	               engines, with its interval (a Chain; .Plus adds one)
//	patch NAME     the link of the page to the patch NAME of an
//	               experiment not adopted, with the commit it applies to
//	signed X       an Elo value as the tables write it: "+41.0"
//	minus V        V as text, with its hyphens made minus signs (−)
func funcs(b *book, page string) template.FuncMap {
	return template.FuncMap{
		"match":   b.match,
		"records": b.records,
		"spsa":    b.spsa,
		"chain":   chain,
		"patch":   func(name string) (string, error) { return b.patch(page, name) },
		"signed":  elo.Format,
		"minus":   func(v any) string { return strings.ReplaceAll(fmt.Sprint(v), "-", "−") },
	}
}
