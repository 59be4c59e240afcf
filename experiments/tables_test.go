package experiments

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/enginespec"
	"github.com/surakarta-go/surakarta/match"
)

// root is the repository's root, seen from this package.
const root = ".."

// regenerate is what to do when a figure is not what the records make.
const regenerate = "run go run ./cmd/tables in experiments/ to write it"

// made is the docs made again, once for all the tests.
var made = sync.OnceValues(func() (*Docs, error) { return Make(root) })

// TestTables checks that the text between each pair of markers of the
// docs is what the records make of it, so that no published figure
// strays from its games.
func TestTables(t *testing.T) {
	docs, err := made()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range docs.Pages {
		for _, f := range p.Figures {
			if have := p.Have(f); have != f.Want {
				t.Errorf("%s: the %s %s is not what the records make: %s\n%s", p.Path, f.Kind, f.Name, regenerate, firstDifference(have, f.Want))
			}
		}
	}
}

// firstDifference shows the first line where have and want differ.
func firstDifference(have, want string) string {
	h, w := strings.Split(have, "\n"), strings.Split(want, "\n")
	for i := range max(len(h), len(w)) {
		var hl, wl string
		if i < len(h) {
			hl = h[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if hl != wl {
			return "the page has: " + hl + "\nthe records:  " + wl
		}
	}
	return ""
}

// TestEveryRecordPublished checks that the docs publish every record file
// under matches/: a match committed without its row would be figures
// that nothing checks.
func TestEveryRecordPublished(t *testing.T) {
	docs, err := made()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, recordsDir)
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".txt.gz") {
			return err
		}
		file, err := filepath.Rel(dir, path)
		if err == nil && !slices.Contains(docs.Records, filepath.ToSlash(file)) {
			t.Errorf("%s/%s is in no table: add its row to the template of its page in %s", recordsDir, filepath.ToSlash(file), templatesDir)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestEveryPatchLinked checks that the docs link every patch under
// patches/, each from the row of its experiment, so that none is kept
// where no reader finds it.
func TestEveryPatchLinked(t *testing.T) {
	docs, err := made()
	if err != nil {
		t.Fatal(err)
	}
	patches, err := filepath.Glob(filepath.Join(root, patchesDir, "*.patch"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range patches {
		if name := strings.TrimSuffix(filepath.Base(file), ".patch"); !slices.Contains(docs.Patches, name) {
			t.Errorf("%s/%s is linked from no page: link it from its experiment's row with {{patch %q}} in the template of the page", patchesDir, filepath.Base(file), name)
		}
	}
}

// TestEndgameOpenings checks that the endgame openings file is what the
// records make, and that a match can play every opening of it.
func TestEndgameOpenings(t *testing.T) {
	for file, make := range map[string]func(string) (string, error){OpeningsFile: EndgameOpenings, Openings4v3File: EndgameOpenings4v3, Openings6File: EndgameOpenings6} {
		t.Run(filepath.Base(file), func(t *testing.T) { testOpeningsFile(t, file, make) })
	}
}

func testOpeningsFile(t *testing.T, file string, make func(string) (string, error)) {
	want, err := make(root)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	if string(have) != want {
		t.Errorf("%s is not what the records make: %s", file, regenerate)
	}
	var openings []surakarta.Position
	for line := range strings.Lines(want) {
		if strings.HasPrefix(line, "#") {
			continue
		}
		p, err := surakarta.ParsePosition(strings.TrimSpace(line))
		if err != nil {
			t.Fatal(err)
		}
		openings = append(openings, p)
	}
	a, err := enginespec.Parse("greedy")
	if err != nil {
		t.Fatal(err)
	}
	b, err := enginespec.Parse("random")
	if err != nil {
		t.Fatal(err)
	}
	cfg := match.Config{A: a, B: b, Games: 2 * len(openings), Openings: openings}
	if err := cfg.Validate(); err != nil {
		t.Error(err)
	}
}

// TestTemplatePage checks which page a template fills: NAME.md of docs/
// or of experiments/docs/, the one with markers, and never both.
func TestTemplatePage(t *testing.T) {
	dir := t.TempDir()
	write := func(page, text string) {
		t.Helper()
		path := filepath.Join(dir, filepath.FromSlash(page))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const marked = "A figure: <!-- figure: x -->1<!-- /figure -->.\n"
	write("docs/a.md", marked)
	write("experiments/docs/b.md", marked)
	write("docs/c.md", "no markers\n")
	write("experiments/docs/c.md", marked)
	write("docs/d.md", marked)
	write("experiments/docs/d.md", marked)
	for name, want := range map[string]string{"a": "docs/a.md", "b": "experiments/docs/b.md", "c": "experiments/docs/c.md", "d": "", "e": ""} {
		got, err := templatePage(dir, name)
		if want == "" {
			if err == nil {
				t.Errorf("%s.tmpl: page %s, want an error", name, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("%s.tmpl: page %q, %v; want %s", name, got, err, want)
		}
	}
}

// TestPatchLink checks that a patch's link is relative to its page.
func TestPatchLink(t *testing.T) {
	b := &book{root: root, patches: make(map[string]bool)}
	for page, want := range map[string]string{"docs/tuning.md": "](../experiments/patches/se6.patch)", "experiments/docs/experiments.md": "](../patches/se6.patch)"} {
		got, err := b.patch(page, "se6")
		if err != nil || !strings.Contains(got, want) {
			t.Errorf("the link of %s to se6: %q, %v; want it to contain %s", page, got, err, want)
		}
	}
}
