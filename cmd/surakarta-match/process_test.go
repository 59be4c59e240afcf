package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// The tests in this file run the program itself, built with go build: they
// kill it in the middle of a match, cut its record file, and start two on
// one file.

// program is the command, built for the tests that run it as a process.
var program = cmdtest.Program{Pkg: "."}

func TestMain(m *testing.M) {
	code := m.Run()
	program.Remove()
	os.Exit(code)
}

// started is the program running.
type started struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	done           chan struct{}
}

// start starts the program with args, in an environment without the
// variables that give a shard's index (startWith).
func start(t *testing.T, args ...string) *started {
	t.Helper()
	return startWith(t, nil, args...)
}

// wait waits for the program to end and returns its exit status.
func (p *started) wait(t *testing.T) int {
	t.Helper()
	select {
	case <-p.done:
	case <-time.After(2 * time.Minute):
		t.Fatal("the program did not end within 2 minutes")
	}
	return p.cmd.ProcessState.ExitCode()
}

// running reports whether the program is still running.
func (p *started) running() bool {
	select {
	case <-p.done:
		return false
	default:
		return true
	}
}

// waitForRecords waits until file holds at least n complete records (or
// the program ends) and returns how many it holds.
func waitForRecords(t *testing.T, p *started, file string, n int) int {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		if got := complete(file); got >= n || !p.running() {
			return got
		}
	}
	t.Fatalf("%s has fewer than %d records after a minute", file, n)
	return 0
}

// complete counts the complete records of a file being written.
func complete(file string) int {
	f, err := os.Open(file)
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := record.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
	}
	return n
}

// roundsOf returns the rounds of the records of a complete file, in order.
func roundsOf(t *testing.T, file string) []int {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.ReadAll(f)
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	var rounds []int
	for _, r := range recs {
		text, _ := r.Header("Round")
		n, err := strconv.Atoi(text)
		if err != nil {
			t.Fatalf("%s: Round %q", file, text)
		}
		rounds = append(rounds, n)
	}
	return rounds
}

// oneEach reports whether rounds are 1…n, each once, in any order.
func oneEach(rounds []int, n int) bool {
	want := make([]int, n)
	for i := range want {
		want[i] = i + 1
	}
	return slices.Equal(slices.Sorted(slices.Values(rounds)), want)
}

// long is a match that takes seconds, to be stopped in its course (4000
// games: 400 took 1.6 s on the development machine, little for a test
// that needs it still running after a second program has started); the
// rounds are played one at a time, in order.
func long(file string) []string {
	return []string{"-engine", "pvs,endgame", "-engine", "alphabeta,sixfactor", "-games", "4000", "-depth", "2", "-movetime", "0", "-concurrency", "1", "-out", file}
}

// short is the same match, of games games.
func short(file string, games int) []string {
	args := long(file)
	args[5] = strconv.Itoa(games)
	return args
}

// TestKilledMatchResumes kills the program (SIGKILL: nothing runs after
// it) in the middle of a match, cuts its last record as a crash during
// the write would, and runs it again: the complete games are kept, the cut
// one is set aside in FILE.partial and played again, and every round is
// in the file once.
func TestKilledMatchResumes(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	p := start(t, long(file)...)
	waitForRecords(t, p, file, 3)
	if err := p.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	p.wait(t)
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Cut the last record in the middle of its moves.
	last := strings.LastIndex(strings.TrimRight(string(text), "\n"), "\n\n[") + 2
	cut := last + (len(text)-last)*3/4
	if err := os.Truncate(file, int64(cut)); err != nil {
		t.Fatal(err)
	}
	kept := complete(file)
	games := kept + 2 + kept%2
	p = start(t, short(file, games)...)
	if code := p.wait(t); code != 0 {
		t.Fatalf("the rerun: exit %d, stderr:\n%s", code, p.stderr.String())
	}
	for _, want := range []string{fmt.Sprintf("resumed %d games", kept), "cut short", file + ".partial", fmt.Sprintf("games %d/%d", games, games)} {
		if !strings.Contains(p.stderr.String(), want) {
			t.Errorf("the rerun's stderr does not say %q:\n%s", want, p.stderr.String())
		}
	}
	if rounds := roundsOf(t, file); !oneEach(rounds, games) {
		t.Errorf("rounds in the file: %v; want 1 to %d once each", rounds, games)
	}
	partial, err := os.ReadFile(file + ".partial")
	if err != nil || !strings.HasSuffix(string(text[:cut]), string(partial)) || !strings.Contains(string(partial), "[Round \""+strconv.Itoa(kept+1)+"\"]") {
		t.Errorf("%s.partial = %q, %v; want the cut record of round %d", file, partial, err, kept+1)
	}
}

// TestSecondMatchOnAFileIsRefused starts the program twice on one file:
// the second stops at once with a clear message and writes nothing, and
// the first goes on alone.
func TestSecondMatchOnAFileIsRefused(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "solaris" || runtime.GOOS == "aix" {
		t.Skip("record files are not locked on " + runtime.GOOS)
	}
	file := filepath.Join(t.TempDir(), "games.txt")
	first := start(t, long(file)...)
	waitForRecords(t, first, file, 1)
	second := start(t, long(file)...)
	code := second.wait(t)
	if code != 1 || !strings.Contains(second.stderr.String(), "still running") || second.stdout.Len() > 0 {
		t.Errorf("the second program: exit %d, stdout %q, stderr %q; want exit 1 saying the file's match is still running", code, second.stdout.String(), second.stderr.String())
	}
	if !first.running() {
		t.Fatalf("the first program ended: %s", first.stderr.String())
	}
	n := waitForRecords(t, first, file, complete(file)+2)
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	first.wait(t)
	// Only the first wrote: rounds 1, 2, 3, … in order, none twice.
	recs := complete(file)
	if recs < n {
		t.Fatalf("%d records, fewer than the %d seen", recs, n)
	}
	text, _ := os.ReadFile(file)
	var rounds []string
	for _, line := range strings.Split(string(text), "\n") {
		if r, ok := strings.CutPrefix(line, "[Round \""); ok {
			rounds = append(rounds, strings.TrimSuffix(r, "\"]"))
		}
	}
	for i, r := range rounds {
		if r != strconv.Itoa(i+1) {
			t.Fatalf("the file's rounds are %v: a second writer?", rounds)
		}
	}
}

// TestResumeChecksTheFile runs the program on files it cannot resume: one
// of another match's openings, one with a round twice, one damaged before
// its last record. Each is refused with the record or line, and left as
// it was.
func TestResumeChecksTheFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.txt")
	p := start(t, short(file, 4)...)
	if code := p.wait(t); code != 0 {
		t.Fatalf("exit %d: %s", code, p.stderr.String())
	}
	text, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	first := string(text[:strings.Index(string(text), "\n\n[")+2])
	second := len(first)
	secondMoves := second + strings.Index(string(text[second:]), "\n\n") + 2
	damage := secondMoves + strings.Index(string(text[secondMoves:]), " ") + 1 // after the first move number
	for _, tc := range []struct {
		name, text string
		args       []string
		want       string
	}{
		{"other openings", string(text), append(short(file, 4), "-opening-plies", "6"), "record 1: round 1 starts from"},
		{"a round twice", string(text) + first, short(file, 4), "record 5: round 1 again"},
		{"damage before the last record", string(text[:damage]) + "a1a1 " + string(text[damage:]), short(file, 4),
			fmt.Sprintf("line %d: malformed move \"a1a1\"", strings.Count(string(text[:damage]), "\n")+1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := os.WriteFile(file, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			p := start(t, tc.args...)
			code := p.wait(t)
			if code != 1 || !strings.Contains(p.stderr.String(), tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 and an error saying %q", code, p.stderr.String(), tc.want)
			}
			if now, _ := os.ReadFile(file); string(now) != tc.text {
				t.Error("the file was changed")
			}
			if _, err := os.Stat(file + ".partial"); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s.partial: %v", file, err)
			}
		})
	}
}
