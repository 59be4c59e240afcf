package enginespec

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/surakarta-go/surakarta"
	"github.com/surakarta-go/surakarta/book"
	"github.com/surakarta-go/surakarta/internal/booktest"
)

// TestParseBook: book=FILE makes searchers that play the book's move at
// the start, with the file, as written, in Engine.Book; book-plies and
// book-variety reach the book searcher; bad values and a damaged book
// are errors; a UGI program's option.Book names its book too. The players
// of package level take a book as the other engines do.
func TestParseBook(t *testing.T) {
	dir := t.TempDir()
	name := booktest.Write(t, 2, "1-0", "d2d3")
	for _, spec := range []string{"pvs,tuned,book=" + name, "alphabeta,sixfactor,book=" + name + ",book-plies=1,book-variety=0", "level3,seed=7,book=" + name, "random,book=" + name + ",book-variety=0"} {
		e, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		if e.Book != name {
			t.Errorf("%s: Book %q, want %q", spec, e.Book, name)
		}
		res, err := e.New().Search(context.Background(), surakarta.NewGame(surakarta.NewPosition()), surakarta.Limits{Depth: 1})
		if err != nil || res.Move.String() != "d2d3" {
			t.Errorf("%s: %v, %v; want the book's d2d3", spec, res.Move, err)
		}
	}
	for _, spec := range []string{"alphabeta,sixfactor", "level5,seed=2"} {
		e, _ := Parse(spec + ",book=" + name + ",book-plies=1,book-variety=0")
		if s, ok := e.New().(*book.Searcher); !ok || s.Plies != 1 || s.Choice.Variety != 0 {
			t.Errorf("%s,book-plies=1,book-variety=0: %#v", spec, e.New())
		}
		// Past the book's plies, the engine itself.
		g := surakarta.NewGame(surakarta.NewPosition())
		g.PlayText("d2d3")
		without, _ := Parse(spec)
		a, errA := e.New().Search(context.Background(), g, surakarta.Limits{Depth: 1})
		b, errB := without.New().Search(context.Background(), g, surakarta.Limits{Depth: 1})
		if errA != nil || errB != nil || a.Move != b.Move {
			t.Errorf("%s past the book: %v, %v; without the book %v, %v", spec, a.Move, errA, b.Move, errB)
		}
	}
	if e, _ := Parse("pvs,tuned"); e.Book != "" {
		t.Errorf("no book: Book %q", e.Book)
	}
	damaged := filepath.Join(dir, "damaged.bin")
	data, _ := os.ReadFile(name)
	os.WriteFile(damaged, data[:30], 0o644)
	wantErrors(t, map[string]string{
		"pvs,tuned,book=" + damaged:                        "truncated",
		"pvs,tuned,book=" + filepath.Join(dir, "none.bin"): "no such file",
		"pvs,tuned,book=" + name + ",book-plies=256":       "0 to 255",
		"pvs,tuned,book=" + name + ",book-variety=101":     "0 to 100",
		"pvs,tuned,book-plies=4":                           "need book=FILE",
		"level2,book-variety=4":                            "need book=FILE",
		"level2,book=" + damaged:                           "truncated",
		"greedy,book=" + name + ",book-plies=300":          "0 to 255",
		"level2,book=" + name + ",book=" + name:            "given twice",
	})
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for spec, want := range map[string]string{
		"ugi,option.Book=/b/x.bin:" + self: "/b/x.bin",
		"ugi,option.book=/b/x.bin:" + self: "/b/x.bin",
		"ugi,option.Book=<empty>:" + self:  "",
		"ugi,option.Hash=16:" + self:       "",
	} {
		e, err := Parse(spec)
		if err != nil || e.Book != want {
			t.Errorf("Parse(%q): Book %q, %v; want %q", spec, e.Book, err, want)
		}
	}
}
