package tablebase

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/internal/atomicfile"
)

// TestRemoveStale: Generate removes the temporary files a generator
// stopped while writing left, telling Log, and only those: not one
// locked by a generator at work, nor a file of another name, nor, where
// there is no flock, one written after it started. Two generators run at
// once on the directory, and both make the tables, each stale file
// removed by one of them.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	files := map[string]time.Time{
		"1v1-all.sktb.tmp3709045258": old,                       // stale
		"2v1-all.sktb.tmp12":         old,                       // locked below: a generator at work
		"1v2-all.sktb.tmp34":         time.Now().Add(time.Hour), // written after the start: stale where there is flock
		"notes.tmp56":                old,                       // not a temporary table
		"1v1-all.sktb.tmp":           old,                       // not as os.CreateTemp names them
	}
	for name, mtime := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	locked, err := os.Open(filepath.Join(dir, "2v1-all.sktb.tmp12"))
	if err != nil {
		t.Fatal(err)
	}
	defer locked.Close()
	if err := atomicfile.Lock(locked); err != nil {
		t.Fatal(err)
	}

	var mu sync.Mutex
	var log []string
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() {
			errs[i] = Generate(context.Background(), dir, Options{Pieces: 3, Log: func(l string) {
				mu.Lock()
				defer mu.Unlock()
				log = append(log, l)
			}})
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	stale := map[string]bool{"1v1-all.sktb.tmp3709045258": true, "1v2-all.sktb.tmp34": atomicfile.HaveFlock}
	text := strings.Join(log, "\n")
	for name := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone := errors.Is(err, os.ErrNotExist); gone != stale[name] {
			t.Errorf("%s: %v", name, err)
		}
		if said := strings.Count(text, "removed "+name+", left by a generator that was stopped while writing it"); said != map[bool]int{true: 1}[stale[name]] {
			t.Errorf("the log says %d times that %s was removed:\n%s", said, name, text)
		}
	}
	for _, c := range []class{{1, 1}, {2, 1}, {1, 2}} {
		got, err := os.ReadFile(filepath.Join(dir, fileName(c, 0)))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, readTable(t, c, 0)) {
			t.Errorf("%s differs from the table one generator makes", fileName(c, 0))
		}
	}
}

// TestRemoveFreshLeftover: a temporary file that no generator holds
// locked is a stopped run's, however recently it was written, as when a
// killed run is started again at once: Generate removes it, and keeps
// one as fresh that a generator at work holds locked.
func TestRemoveFreshLeftover(t *testing.T) {
	if !atomicfile.HaveFlock {
		t.Skip("no flock here: the time alone decides")
	}
	dir := t.TempDir()
	left, held := filepath.Join(dir, "1v1-all.sktb.tmp41"), filepath.Join(dir, "2v1-all.sktb.tmp42")
	for _, name := range []string{left, held} {
		if err := os.WriteFile(name, []byte("partial"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	locked, err := os.Open(held)
	if err != nil {
		t.Fatal(err)
	}
	defer locked.Close()
	if err := atomicfile.Lock(locked); err != nil {
		t.Fatal(err)
	}
	var log []string
	if err := Generate(context.Background(), dir, Options{Pieces: 2, Log: func(l string) { log = append(log, l) }}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(left); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a fresh temporary file no generator holds: %v, want it removed", err)
	}
	if _, err := os.Stat(held); err != nil {
		t.Errorf("a fresh temporary file a generator at work holds: %v, want it kept", err)
	}
	if text := strings.Join(log, "\n"); !strings.Contains(text, "removed 1v1-all.sktb.tmp41, left by a generator that was stopped while writing it") {
		t.Errorf("the log:\n%s", text)
	}
}

// TestRemakeDamaged: Generate over a directory whose table has a sound
// header but a damaged block says so and makes it again, the same bytes
// as before the damage; a table that is sound is left alone.
func TestRemakeDamaged(t *testing.T) {
	dir := copyTables(t, 0, map[string]string{"1v1-all.sktb": "1v1-all.sktb", "2v1-all.sktb": "2v1-all.sktb", "1v2-all.sktb": "1v2-all.sktb"})
	name := filepath.Join(dir, "2v1-all.sktb")
	good := readTable(t, class{2, 1}, 0)
	bad := bytes.Clone(good)
	bad[len(bad)-100] ^= 0x10
	if err := os.WriteFile(name, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	var log []string
	if err := Generate(context.Background(), dir, Options{Pieces: 3, Log: func(l string) { log = append(log, l) }}); err != nil {
		t.Fatal(err)
	}
	if len(log) != 2 || !strings.HasPrefix(log[0], "2v1-all.sktb cannot be used, made again: "+name+": tablebase: damaged table file: block ") ||
		!strings.HasPrefix(log[1], "2v1-all.sktb and 1v2-all.sktb: 42840 positions") {
		t.Errorf("the log:\n%s", strings.Join(log, "\n"))
	}
	if got, err := os.ReadFile(name); err != nil || !bytes.Equal(got, good) {
		t.Errorf("2v1-all.sktb after Generate: %v, the sound bytes: %v", err, bytes.Equal(got, good))
	}
}

// TestWorkersBound: Generate refuses more than MaxWorkers workers, as it
// refuses a negative number, rather than start millions of goroutines;
// MaxWorkers itself works.
func TestWorkersBound(t *testing.T) {
	for _, n := range []int{-1, MaxWorkers + 1} {
		err := Generate(context.Background(), t.TempDir(), Options{Pieces: 2, Workers: n})
		if !errors.Is(err, ErrInvalidOptions) {
			t.Errorf("Workers %d: %v, want ErrInvalidOptions", n, err)
		}
	}
	if err := Generate(context.Background(), t.TempDir(), Options{Pieces: 2, Workers: MaxWorkers}); err != nil {
		t.Errorf("Workers %d: %v", MaxWorkers, err)
	}
}
