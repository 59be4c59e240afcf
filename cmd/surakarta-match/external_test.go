package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/surakarta-go/surakarta/record"

	"github.com/surakarta-go/surakarta/internal/cmdtest"
)

// TestExternalEngine plays the engine program, cmd/surakarta, built for
// the test, through UGI against a built-in engine, and through GTP.
func TestExternalEngine(t *testing.T) {
	dir := t.TempDir()
	engine, err := cmdtest.Build(dir, "../../cmd/surakarta")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "games.txt")
	a := "ugi:" + engine
	code, out, errOut := runCmd("-engine", a, "-engine", "pvs,endgame", "-movetime", "0", "-depth", "2", "-games", "4", "-out", file)
	if code != 0 || !strings.HasPrefix(out, a+" vs pvs,endgame: W-D-L ") {
		t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}
	if strings.Contains(errOut, "forfeits") {
		t.Errorf("a forfeit:\n%s", errOut)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := record.ReadAll(f) // replays every game under the rules
	if err != nil || len(recs) != 4 {
		t.Fatalf("%d records, %v; want 4", len(recs), err)
	}
	for _, r := range recs {
		black, _ := r.Header("Black")
		white, _ := r.Header("White")
		if (black == a) == (white == a) {
			t.Errorf("Black %q, White %q", black, white)
		}
	}

	code, out, errOut = runCmd("-engine", a, "-engine", "gtp:"+engine+" -gtp -movetime 5ms", "-movetime", "0", "-depth", "1", "-games", "2")
	if code != 0 || !strings.Contains(out, " vs gtp:") || strings.Contains(errOut, "forfeits") {
		t.Fatalf("UGI against GTP: exit %d, stdout %q, stderr:\n%s", code, out, errOut)
	}

	code, _, errOut = runCmd("-engine", "ugi:"+filepath.Join(dir, "missing"), "-engine", "pvs,tuned", "-games", "2")
	if code != 2 || !strings.Contains(errOut, "missing") {
		t.Errorf("a missing program: exit %d, stderr %q; want exit 2", code, errOut)
	}
}
