// Package cmdtest holds what the tests of the module's commands and
// example programs share: Run, which runs a program's run function as its
// main would, and the test that the flags the programs share (package
// cmdflag) are the same in each.
package cmdtest

import (
	"io"
	"strings"
)

// Run calls run, a program's run function, with args, as the program's
// main does with its arguments, and returns the exit status run returns
// and what it wrote on stdout and stderr.
func Run(run func(args []string, stdout, stderr io.Writer) int, args ...string) (code int, stdout, stderr string) {
	var out, errOut strings.Builder
	code = run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}
