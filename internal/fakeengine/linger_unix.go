//go:build unix

package fakeengine

import (
	"os"
	"os/exec"
	"syscall"
)

// startLingering starts a fake engine of mode linger, which writes its
// process id, prefixed with LingerPrefix, in pidDir and sleeps a minute,
// in a session of its own, holding this process's standard input, output
// and error.
func startLingering(pidDir string) error {
	child := exec.Command(os.Args[0], "fake-engine", "linger", pidDir)
	child.Stdin, child.Stdout, child.Stderr = os.Stdin, os.Stdout, os.Stderr
	child.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	return child.Start()
}
