//go:build unix

package process

import (
	"os/exec"
	"syscall"
)

// inOwnGroup makes cmd start its process in a process group of its own, so
// that killGroup ends the program together with the processes it started
// that stay in its group.
func inOwnGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group of cmd's process, which was started
// by inOwnGroup, and the process itself. The caller has not yet waited
// for the process, so its id cannot have been reused.
func killGroup(cmd *exec.Cmd) {
	pid := cmd.Process.Pid
	if pid > 0 {
		syscall.Kill(-pid, syscall.SIGKILL) // error: the group is gone
	}
	cmd.Process.Kill()
}
