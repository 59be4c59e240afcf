package surakarta_test

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestReadmeProgram keeps README.md's program from rotting: it must be
// Example_readme (example_readme_test.go), which go test compiles and runs,
// as a main package. The body of main, the imports and the output that
// README shows must be the example's.
func TestReadmeProgram(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	_, rest, ok := strings.Cut(readme, "```go\npackage main\n")
	if !ok {
		t.Fatal("README.md has no ```go block of package main")
	}
	program, rest, ok := strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("README.md: the program's block does not end")
	}
	program = "package main\n" + program
	_, rest, ok = strings.Cut(rest, "```text\n")
	if !ok {
		t.Fatal("README.md shows no ```text block of the program's output after it")
	}
	output, _, _ := strings.Cut(rest, "```\n")

	fset := token.NewFileSet()
	readmeFile, err := parser.ParseFile(fset, "README.md", program, parser.ParseComments)
	if err != nil {
		t.Fatalf("README.md's program does not parse: %v", err)
	}
	exampleSrc, err := os.ReadFile("example_readme_test.go")
	if err != nil {
		t.Fatal(err)
	}
	exampleFile, err := parser.ParseFile(fset, "example_readme_test.go", exampleSrc, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}

	body := func(f *ast.File, src []byte, name string) string {
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == name && len(fn.Body.List) > 0 {
				from := fset.Position(fn.Body.List[0].Pos()).Offset
				to := fset.Position(fn.Body.List[len(fn.Body.List)-1].End()).Offset
				return string(src[from:to])
			}
		}
		t.Fatalf("no func %s with a body", name)
		return ""
	}
	if got, want := body(readmeFile, []byte(program), "main"), body(exampleFile, exampleSrc, "Example_readme"); got != want {
		t.Errorf("README.md's main is not Example_readme's body:\n%s\nwant:\n%s", got, want)
	}

	imports := func(f *ast.File) []string {
		var paths []string
		for _, imp := range f.Imports {
			paths = append(paths, imp.Path.Value)
		}
		return slices.Sorted(slices.Values(paths))
	}
	if got, want := imports(readmeFile), imports(exampleFile); !slices.Equal(got, want) {
		t.Errorf("README.md's program imports %v, Example_readme's file %v", got, want)
	}

	var want string
	for _, ex := range doc.Examples(exampleFile) {
		if ex.Name == "_readme" {
			want = ex.Output
		}
	}
	if want == "" || output != want {
		t.Errorf("README.md shows the output\n%s\nExample_readme's is\n%s", output, want)
	}
}
