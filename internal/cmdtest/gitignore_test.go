package cmdtest

import (
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"testing"
)

// TestGitignore: the binary that go build leaves in the repository root
// for each program of the module, and the page that web writes
// to its site directory, are ignored by git.
func TestGitignore(t *testing.T) {
	root, programs := mainPackages(t)
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	if _, err := os.Stat(filepath.Join(root, ".git")); err != nil {
		t.Skipf("%s is not a git checkout", root)
	}
	paths := []string{"web/site/index.html"}
	for _, p := range programs {
		base := path.Base(p)
		paths = append(paths, base, base+".exe")
	}
	for _, p := range paths {
		cmd := exec.Command("git", "check-ignore", "-q", "--no-index", p)
		cmd.Dir = root
		if err := cmd.Run(); err != nil {
			t.Errorf("git does not ignore %s in the repository root (git check-ignore: %v): add it to .gitignore", p, err)
		}
	}
}
