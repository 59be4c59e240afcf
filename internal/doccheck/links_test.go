package doccheck

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// linkRE finds the targets of Markdown links and images, [text](target)
// and ![alt](target), and of HTML images and links, src="…" and href="…".
var linkRE = regexp.MustCompile(`\]\(([^()\s]+)(?:\s+"[^"]*")?\)|(?:src|href)="([^"]+)"`)

// TestLinks: every link and image of the pages readers meet points at a
// file of the repository that exists, and every #anchor at a heading of
// its page; an image's Markdown is whole (an alt text without its ]
// shows the text, not the image).
func TestLinks(t *testing.T) {
	root := Root(t)
	anchors := map[string]map[string]bool{} // page → its headings' anchors
	pageAnchors := func(page string) map[string]bool {
		if a, ok := anchors[page]; ok {
			return a
		}
		data, err := os.ReadFile(filepath.Join(root, page))
		a := map[string]bool{}
		if err == nil {
			a = headingAnchors(string(data))
		}
		anchors[page] = a
		return a
	}
	for _, page := range Pages(t) {
		data, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(stripCode(string(data)), "\n") {
			where := fmt.Sprintf("%s:%d", page, i+1)
			if strings.Contains(line, "![") && !regexp.MustCompile(`!\[[^\]]*\]\(`).MatchString(line) {
				t.Errorf("%s: an image without its ](: %.80q", where, line)
			}
			for _, m := range linkRE.FindAllStringSubmatch(line, -1) {
				target := m[1] + m[2]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				file, anchor, _ := strings.Cut(target, "#")
				dest := page
				if file != "" {
					dest = path.Clean(path.Join(path.Dir(page), file))
					if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dest))); err != nil {
						t.Errorf("%s: %q: no such file %s", where, target, dest)
						continue
					}
				}
				if anchor != "" && strings.HasSuffix(dest, ".md") && !pageAnchors(dest)[anchor] {
					t.Errorf("%s: %q: %s has no heading with the anchor #%s", where, target, dest, anchor)
				}
			}
		}
	}
}

// stripCode blanks the code blocks and code spans of a page, keeping its
// lines, so that a link written as code is not taken for one.
func stripCode(text string) string { return strip(text, true) }

// strip blanks the code blocks of a page, and its code spans when spans
// is true, keeping its lines.
func strip(text string, spans bool) string {
	lines := strings.Split(text, "\n")
	inBlock := false
	span := regexp.MustCompile("`[^`]*`")
	for i, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inBlock = !inBlock
			lines[i] = ""
			continue
		}
		if inBlock {
			lines[i] = ""
			continue
		}
		if spans {
			lines[i] = span.ReplaceAllString(l, "``")
		}
	}
	return strings.Join(lines, "\n")
}

// headingAnchors returns the anchors that GitHub gives the headings of a
// page: the heading's text in lower case, without its punctuation, its
// spaces made hyphens; a second heading of the same text gets -1, a third
// -2. Explicit <a id="…"> and name="…" anchors count too.
func headingAnchors(text string) map[string]bool {
	a := map[string]bool{}
	seen := map[string]int{}
	for _, l := range strings.Split(strip(text, false), "\n") {
		for _, m := range regexp.MustCompile(`<a (?:id|name)="([^"]+)"`).FindAllStringSubmatch(l, -1) {
			a[m[1]] = true
		}
		if !strings.HasPrefix(l, "#") {
			continue
		}
		heading := strings.TrimSpace(strings.TrimLeft(l, "#"))
		slug := slugify(heading)
		if n := seen[slug]; n > 0 {
			a[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			a[slug] = true
		}
		seen[slug]++
	}
	return a
}

// slugify makes a heading's anchor as GitHub does.
func slugify(heading string) string {
	// Links and code keep their text.
	heading = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`).ReplaceAllString(heading, "$1")
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}
