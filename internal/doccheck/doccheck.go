// Package doccheck holds the checks of the documentation of the module's
// packages that their tests share.
package doccheck

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// NoUnexportedNames fails the test unless what go doc shows of the package
// in dir (the package comment, the docs of exported declarations and the
// comments of their fields) stands on its own: it must not send the
// reader to an unexported function or type. Names that are plain
// lower-case words ("round", "pentanomial") are English and not checked;
// names with an upper-case letter or a digit inside ("gsprtLLR", "z95")
// are.
func NoUnexportedNames(t testing.TB, dir string) {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var parsed []*ast.File
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
	}

	// The unexported names declared at the package level, and methods.
	codeLike := regexp.MustCompile(`^[a-z][a-z]*[A-Z0-9]`)
	var hidden []string
	for _, f := range parsed {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				hidden = append(hidden, d.Name.Name)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						hidden = append(hidden, s.Name.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							hidden = append(hidden, n.Name)
						}
					}
				}
			}
		}
	}
	var names []string
	for _, n := range hidden {
		if !ast.IsExported(n) && codeLike.MatchString(n) {
			names = append(names, regexp.QuoteMeta(n))
		}
	}
	if len(names) == 0 {
		t.Fatal("no unexported names found: the test checks nothing")
	}
	sort.Strings(names)
	mention := regexp.MustCompile(`\b(` + strings.Join(names, "|") + `)\b`)

	check := func(what string, groups ...*ast.CommentGroup) {
		for _, g := range groups {
			if g == nil {
				continue
			}
			if m := mention.FindString(g.Text()); m != "" {
				t.Errorf("%s: the doc names the unexported %s:\n%s", what, m, g.Text())
			}
		}
	}
	fields := func(what string, n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			if f, ok := n.(*ast.Field); ok {
				check(what+" field", f.Doc, f.Comment)
			}
			return true
		})
	}
	for _, f := range parsed {
		check("package", f.Doc)
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Name.IsExported() && (d.Recv == nil || exportedReceiver(d.Recv)) {
					check(d.Name.Name, d.Doc)
				}
			case *ast.GenDecl:
				exported := false
				for _, spec := range d.Specs {
					switch s := spec.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							exported = true
							check(s.Name.Name, s.Doc, s.Comment)
							fields(s.Name.Name, s.Type)
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() {
								exported = true
								check(n.Name, s.Doc, s.Comment)
							}
						}
					}
				}
				if exported {
					check("declaration group", d.Doc)
				}
			}
		}
	}
}

// exportedReceiver reports whether a method's receiver type is exported.
func exportedReceiver(recv *ast.FieldList) bool {
	typ := recv.List[0].Type
	if star, ok := typ.(*ast.StarExpr); ok {
		typ = star.X
	}
	id, ok := typ.(*ast.Ident)
	return ok && id.IsExported()
}
