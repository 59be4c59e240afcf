package doccheck

import (
	"path/filepath"
	"slices"
	"testing"
)

// Pages returns the Markdown pages of the repository that readers meet,
// as paths from the module's root: README.md, CONTRIBUTING.md,
// CHANGELOG.md, the pages of docs/ and those of the experiments module.
func Pages(t testing.TB) []string {
	t.Helper()
	root := Root(t)
	pages := []string{"README.md", "CONTRIBUTING.md", "CHANGELOG.md", "experiments/README.md"}
	for _, pattern := range []string{"docs/*.md", "experiments/docs/*.md"} {
		names, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			rel, err := filepath.Rel(root, n)
			if err != nil {
				t.Fatal(err)
			}
			pages = append(pages, filepath.ToSlash(rel))
		}
	}
	slices.Sort(pages)
	return pages
}
