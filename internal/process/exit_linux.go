//go:build linux

package process

import (
	"syscall"
	"unsafe"
)

// waitExit waits until the process pid, a child of this process, has
// exited, without reaping it: its id stays its own until Wait reaps it,
// so that killGroup may still use it. It reports false when it cannot
// tell (waitid is missing).
func waitExit(pid int) bool {
	var info [128]byte // a siginfo_t, which is not read
	for {
		_, _, errno := syscall.Syscall6(syscall.SYS_WAITID, 1 /* P_PID */, uintptr(pid),
			uintptr(unsafe.Pointer(&info)), syscall.WEXITED|syscall.WNOWAIT, 0, 0)
		switch errno {
		case 0, syscall.ECHILD: // exited; or reaped already, by Wait
			return true
		case syscall.EINTR:
		default:
			return false
		}
	}
}
