// Package cmdtest holds what the tests of the module's commands and
// example programs share: Run, which runs a program's run function as its
// main would; Build, which builds a program for the tests that run it as
// a process (once for a whole package with Program); ClearEnv, which keeps
// a job's environment from the program under test; and the test that the
// flags the commands share (package cmdflag) are the same in each, and
// that the examples' flags, written out, are those it pins.
package cmdtest

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// Run calls run, a program's run function, with args, as the program's
// main does with its arguments, and returns the exit status run returns
// and what it wrote on stdout and stderr.
func Run(run func(args []string, stdout, stderr io.Writer) int, args ...string) (code int, stdout, stderr string) {
	var out, errOut strings.Builder
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// Build builds the program of package pkg (an import path, or a directory
// relative to the test's own) into dir and returns the path of its
// binary, named after the package's last element.
func Build(dir, pkg string) (string, error) {
	name := path.Base(filepath.ToSlash(pkg))
	if name == "." {
		abs, err := filepath.Abs(pkg)
		if err != nil {
			return "", err
		}
		name = filepath.Base(abs)
	}
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	bin := filepath.Join(dir, name)
	if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %v\n%s", pkg, err, out)
	}
	return bin, nil
}

// Program is a program that the tests of a package run as a process,
// built (with Build) when a test first asks for it and kept for the
// package's other tests, in a temporary directory that Remove deletes.
// Pkg is the package, as Build takes it.
type Program struct {
	Pkg  string
	once sync.Once
	dir  string
	path string
	err  error
}

// Path returns the path of the program's binary, building it the first
// time, and fails the test if it cannot be built.
func (p *Program) Path(t testing.TB) string {
	t.Helper()
	p.once.Do(func() {
		if p.dir, p.err = os.MkdirTemp("", "cmdtest-bin"); p.err == nil {
			p.path, p.err = Build(p.dir, p.Pkg)
		}
	})
	if p.err != nil {
		t.Fatal(p.err)
	}
	return p.path
}

// Remove deletes the program's directory, if it was built; call it from
// TestMain after the tests ran.
func (p *Program) Remove() {
	if p.dir != "" {
		os.RemoveAll(p.dir)
	}
}

// ClearEnv unsets the environment variables names for the test t: those
// that a job sets (cmdflag.ShardEnv) would otherwise reach the program
// under test when the tests run inside one.
func ClearEnv(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		t.Setenv(name, "")
	}
}
