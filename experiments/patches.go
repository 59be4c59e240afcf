package experiments

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
)

// baseCommit is the header line of a patch that names the commit it
// applies to, which git format-patch --add-header writes.
var baseCommit = regexp.MustCompile(`(?m)^Base-Commit: ([0-9a-f]{40})$`)

// patch returns the link of the page page (a path from the repository's
// root) to the patch NAME.patch of patchesDir, an experiment not
// adopted, with the commit it applies to, so that the experiment's row
// says how to build it again; for se6 on a page of experiments/docs/:
//
//	[`se6.patch`](../patches/se6.patch) on `e44ba39`
//
// It fails when the patch is missing or names no commit.
func (b *book) patch(page, name string) (string, error) {
	file := name + ".patch"
	text, err := os.ReadFile(filepath.Join(b.root, patchesDir, file))
	if err != nil {
		return "", err
	}
	m := baseCommit.FindSubmatch(text)
	if m == nil {
		return "", fmt.Errorf("%s/%s has no line Base-Commit: naming the commit it applies to", patchesDir, file)
	}
	dir, err := filepath.Rel(filepath.Dir(filepath.FromSlash(page)), filepath.FromSlash(patchesDir))
	if err != nil {
		return "", err
	}
	b.patches[name] = true
	return fmt.Sprintf("[`%s`](%s/%s) on `%s`", file, filepath.ToSlash(dir), file, m[1][:7]), nil
}
