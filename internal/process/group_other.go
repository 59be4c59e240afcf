//go:build !unix

package process

import "os/exec"

// inOwnGroup does nothing on this system: the program is killed alone.
func inOwnGroup(cmd *exec.Cmd) {}

// killGroup kills cmd's process.
func killGroup(cmd *exec.Cmd) {
	cmd.Process.Kill()
}
