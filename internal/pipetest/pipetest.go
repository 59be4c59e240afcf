//go:build unix

package pipetest

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Timeout is how long Within waits for a reader that should refuse a
// pipe at once: long enough for a busy machine.
const Timeout = 10 * time.Second

// New makes a named pipe called name in a temporary directory of t and
// returns its path; it skips t where there are no named pipes.
func New(t testing.TB, name string) string {
	t.Helper()
	pipe := filepath.Join(t.TempDir(), name)
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skipf("no named pipe here: %v", err)
	}
	return pipe
}

// Within runs read, which should return at once having refused the named
// pipe pipe (or a device, such as NotRegular's, which Within then opens
// to no effect). When it has not returned after Timeout, Within fails t
// and opens the pipe for writing, and closes it, so that an open waiting
// for a writer goes on (reading nothing) and read returns. A reader that
// opened the pipe for reading and writing waits in its reads for the
// writer it is itself, which no other writer's close ends: when read has
// still not returned after a second Timeout, Within stops t (FailNow) and
// leaves read waiting, so that the test fails rather than hang.
func Within(t testing.TB, pipe string, read func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		read()
	}()
	select {
	case <-done:
		return
	case <-time.After(Timeout):
	}
	t.Errorf("still waiting on the named pipe %s after %v", pipe, Timeout)
	for giveUp := time.Now().Add(Timeout); time.Now().Before(giveUp); {
		// Without a reader the open fails at once (ENXIO).
		if w, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.Close()
		}
		select {
		case <-done:
			return
		case <-time.After(time.Millisecond):
		}
	}
	t.Fatalf("still waiting on the named pipe %s after a writer's close: it holds the pipe open for writing too; left waiting", pipe)
}

// NotRegular runs test as two subtests of t, "pipe" and "device", with
// file a named pipe called name (New) and a null device of the test's
// own (NullDevice): the files that a reader of regular files alone
// refuses. The device's subtest is skipped where NullDevice makes none.
func NotRegular(t *testing.T, name string, test func(t *testing.T, file string)) {
	t.Helper()
	t.Run("pipe", func(t *testing.T) { test(t, New(t, name)) })
	t.Run("device", func(t *testing.T) { test(t, NullDevice(t, name)) })
}

// NullDevice makes a device node called name in a temporary directory of
// t, the null device (the device number of /dev/null, whose information
// alone is read), and returns its path: a device for a reader to refuse,
// which a test may write to without writing to the system's /dev/null.
// It skips t where no device can be made: without the privilege (Linux's
// CAP_MKNOD), on a file system that opens no devices, or on a Unix other
// than Linux, where device numbers are not made alike.
func NullDevice(t testing.TB, name string) string {
	t.Helper()
	dev := filepath.Join(t.TempDir(), name)
	err := mknodNull(dev)
	if err == nil {
		var f *os.File
		if f, err = os.OpenFile(dev, os.O_RDWR, 0); err == nil {
			f.Close()
		}
	}
	if err != nil {
		t.Skipf("no device of the test's own here: %v", err)
	}
	return dev
}
