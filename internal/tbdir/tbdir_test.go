package tbdir

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/tablebase"
)

func TestOpen(t *testing.T) {
	dir := t.TempDir()
	for _, limit := range []int{0, 10} {
		if err := tablebase.Generate(context.Background(), dir, tablebase.Options{Pieces: 3, QuietPlyLimit: limit}); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	for rules, want := range map[surakarta.Rules]int{
		{}: 0, {RepetitionLimit: 2}: 0, {QuietPlyLimit: 10}: 10, {QuietPlyLimit: 10, RepetitionLimit: 3}: 10,
	} {
		if tb := d.For(rules); tb == nil || tb.TablesRules().QuietPlyLimit != want {
			t.Errorf("For(%+v) = %v, want the tables of the limit %d", rules, tb, want)
		}
	}
	if tb := d.For(surakarta.OlympiadRules()); tb != nil {
		t.Errorf("For(Olympiad rules) = %v, want none: the directory has no tables of the limit 50", tb)
	}
	for _, bad := range []string{filepath.Join(dir, "missing"), filepath.Join(dir, "2v1-all.sktb"), t.TempDir()} {
		if _, err := Open(bad); err == nil {
			t.Errorf("Open(%s): no error", bad)
		}
	}
}
