package match

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/internal/fakeengine"
	"github.com/surakarta-go/surakarta/ugi"
)

// The end-to-end tests of SPSA tune engine programs: cmd/surakarta with
// -tune, whose search parameters are its options, and a fake engine that
// keeps the commands it gets, to see the values each side was given.

// TestSPSAEngine tunes two search parameters of cmd/surakarta -tune for
// three iterations at depth 2, stopped after the first and resumed, and
// checks that the state file is the one an uninterrupted tuning writes.
func TestSPSAEngine(t *testing.T) {
	dir := t.TempDir()
	config := func(file string) SPSAConfig {
		return SPSAConfig{
			Params: []SPSAParam{
				{Name: "SearchRFPMargin", Start: 40, Min: 10, Max: 120, CEnd: 8, REnd: 0.002},
				{Name: "SearchLMRDivisor", Start: 225, Min: 100, Max: 400, CEnd: 30, REnd: 0.002},
			},
			Iterations: 3, Seed: 11, Engine: "ugi:" + engineProgram(t) + " -tune", Limits: surakarta.Limits{Depth: 2},
			MaxPlies: 120, Concurrency: 2, StateFile: file,
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	whole := filepath.Join(dir, "whole.txt")
	var progress bytes.Buffer
	c := config(whole)
	c.Progress = &progress
	st, err := RunSPSA(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(whole)
	if st.Iteration != 3 || strings.Count(string(want), "\niteration ") != 3 || !strings.Contains(string(want), "\nfinal SearchRFPMargin=") {
		t.Fatalf("%+v; the state file:\n%s", st, want)
	}
	// Each progress line names two sides that differ in every parameter.
	re := regexp.MustCompile(`plus SearchRFPMargin=(\d+) SearchLMRDivisor=(\d+)  minus SearchRFPMargin=(\d+) SearchLMRDivisor=(\d+)`)
	for _, line := range strings.Split(strings.TrimSpace(progress.String()), "\n") {
		if m := re.FindStringSubmatch(line); m == nil || m[1] == m[3] || m[2] == m[4] {
			t.Errorf("progress line %q: want sides that differ in each parameter", line)
		}
	}

	// Stopped after the first iteration, then resumed.
	cut := filepath.Join(dir, "cut.txt")
	c = config(cut)
	stopped, stop := context.WithCancel(ctx)
	c.Progress = writerFunc(func([]byte) { stop() })
	if st, err := RunSPSA(stopped, c); err == nil || st.Iteration != 1 {
		t.Fatalf("stopped: %+v, %v; want an error after 1 iteration", st, err)
	}
	if _, err := RunSPSA(ctx, config(cut)); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(cut); string(got) != string(want) {
		t.Errorf("stopped and resumed, the state file is\n%s\nnot\n%s", got, want)
	}
}

// TestSPSAEngineRefuses: a parameter the engine does not have, or a range
// beyond the option's, fails the tuning before it plays, with the
// engine's own error.
func TestSPSAEngineRefuses(t *testing.T) {
	for _, tc := range []struct {
		param SPSAParam
		want  []string
	}{
		{SPSAParam{Name: "SearchNothing", Start: 1, Min: 0, Max: 2, CEnd: 1, REnd: 0.002}, []string{"minimum (SearchNothing=0)", `unknown option "SearchNothing"`}},
		{SPSAParam{Name: "SearchRFPMargin", Start: 40, Min: 10, Max: 500, CEnd: 4, REnd: 0.002}, []string{"maximum (SearchRFPMargin=500)"}},
	} {
		c := SPSAConfig{Params: []SPSAParam{tc.param}, Iterations: 3, Engine: "ugi:" + engineProgram(t) + " -tune",
			Limits: surakarta.Limits{Depth: 1}}
		_, err := RunSPSA(context.Background(), c)
		t.Log(err)
		if !errors.Is(err, ugi.ErrRefused) {
			t.Errorf("%v: error %v, want the engine's refusal, ugi.ErrRefused", tc.param, err)
		}
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("%v: error %v, want one with %q", tc.param, err, w)
			}
		}
	}
}

// TestSPSARefusesABook: an engine given an opening book is refused before
// its program is ever started.
func TestSPSARefusesABook(t *testing.T) {
	pidDir := t.TempDir()
	c := SPSAConfig{
		Params:     []SPSAParam{{Name: "Alpha", Start: 50, Min: 0, Max: 100, CEnd: 5, REnd: 0.002}},
		Iterations: 2, Engine: "ugi,option.Book=openings.bin:" + fakeengine.Command(t, "ugi-log", pidDir), Limits: surakarta.Limits{Depth: 1},
	}
	_, err := RunSPSA(context.Background(), c)
	if !errors.Is(err, ErrInvalidConfig) || !strings.Contains(err.Error(), "openings.bin") {
		t.Errorf("error %v, want ErrInvalidConfig saying the engine plays from the book openings.bin", err)
	}
	if logs, _ := filepath.Glob(filepath.Join(pidDir, "*.log")); len(logs) != 0 {
		t.Errorf("the program was started %d times", len(logs))
	}
}

// TestSPSAOptionsReachTheEngine: each game's program gets setoption for
// every parameter, with the plus side's values or the minus side's, as
// the progress lines say; the probes get the minimum and the maximum.
func TestSPSAOptionsReachTheEngine(t *testing.T) {
	pidDir := t.TempDir()
	var progress bytes.Buffer
	c := SPSAConfig{
		Params: []SPSAParam{
			{Name: "Alpha", Start: 50, Min: 0, Max: 100, CEnd: 5, REnd: 0.002},
			{Name: "Beta", Start: 7, Min: 1, Max: 9, CEnd: 1, REnd: 0.002},
		},
		Iterations: 2, Seed: 1, Engine: "ugi:" + fakeengine.Command(t, "ugi-log", pidDir), Limits: surakarta.Limits{Depth: 1},
		MaxPlies: 20, Concurrency: 1, Progress: &progress,
	}
	if _, err := RunSPSA(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	logs, _ := filepath.Glob(filepath.Join(pidDir, "*.log"))
	var got []string // each program's options, as "Alpha=a Beta=b"
	for _, name := range logs {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var opts []string
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "setoption name "); ok {
				opts = append(opts, strings.Replace(rest, " value ", "=", 1))
			}
		}
		got = append(got, strings.Join(opts, " "))
	}
	// Two probes, and two programs for each of the 2 games of 2 pairs.
	want := []string{"Alpha=0 Beta=1", "Alpha=100 Beta=9"}
	re := regexp.MustCompile(`plus (Alpha=\d+ Beta=\d+)  minus (Alpha=\d+ Beta=\d+)`)
	for _, line := range strings.Split(strings.TrimSpace(progress.String()), "\n") {
		m := re.FindStringSubmatch(line)
		if m == nil || m[1] == m[2] {
			t.Fatalf("progress line %q", line)
		}
		want = append(want, m[1], m[1], m[2], m[2])
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the programs got the options\n%q\nwant\n%q", got, want)
	}
}
