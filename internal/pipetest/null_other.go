//go:build unix && !linux

package pipetest

import "errors"

// mknodNull makes no device outside Linux: the device numbers of
// syscall.Mknod and syscall.Stat_t differ in type between the systems.
func mknodNull(string) error {
	return errors.New("device nodes are made on Linux alone")
}
