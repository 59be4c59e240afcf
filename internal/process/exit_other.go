//go:build !linux

package process

// waitExit reports false: on this system a program's exit is seen only
// when its output ends.
func waitExit(pid int) bool { return false }
