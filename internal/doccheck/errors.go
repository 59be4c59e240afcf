package doccheck

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// notInputs are the exported methods that return an error but take no
// data of the caller's to refuse: what a value writes of itself, and the
// error a scanner or a failure holds.
var notInputs = []string{"MarshalText", "MarshalBinary", "WriteTo", "Err", "Error", "Close", "Unwrap"}

// ErrorFuncs returns the exported functions and methods of the package in
// dir that return an error, as "Name" or "Type.Name", sorted: the
// constructors, parsers and setters whose errors the package's contract
// says wrap its sentinels. A package's error-contract test feeds each of
// them bad input and fails for one it has no case for.
func ErrorFuncs(t testing.TB, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var names []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || !fn.Name.IsExported() || slices.Contains(notInputs, fn.Name.Name) || !returnsError(fn.Type) {
				continue
			}
			full := fn.Name.Name
			if fn.Recv != nil {
				recv := receiverName(fn.Recv)
				if !ast.IsExported(recv) {
					continue
				}
				full = recv + "." + full
			}
			names = append(names, full)
		}
	}
	slices.Sort(names)
	return names
}

// returnsError reports whether a function type has an error result.
func returnsError(ft *ast.FuncType) bool {
	if ft.Results == nil {
		return false
	}
	for _, r := range ft.Results.List {
		if id, ok := r.Type.(*ast.Ident); ok && id.Name == "error" {
			return true
		}
	}
	return false
}

// receiverName returns the type name of a method's receiver.
func receiverName(recv *ast.FieldList) string {
	t := recv.List[0].Type
	if star, ok := t.(*ast.StarExpr); ok {
		t = star.X
	}
	if idx, ok := t.(*ast.IndexExpr); ok {
		t = idx.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// ErrorCase is the error of a call with bad input, and the sentinel it
// must wrap.
type ErrorCase struct{ Err, Want error }

// ErrorContract fails t unless cases holds a case for each of the
// exported functions and methods of the package in dir that return an
// error (ErrorFuncs), keyed as ErrorFuncs names them, whose error wraps
// its sentinel, and no case of another name: a function added without a
// case fails the package's test.
func ErrorContract(t testing.TB, dir string, cases map[string]ErrorCase) {
	t.Helper()
	left := make(map[string]bool, len(cases))
	for name := range cases {
		left[name] = true
	}
	for _, name := range ErrorFuncs(t, dir) {
		c, ok := cases[name]
		if !ok {
			t.Errorf("%s returns an error but has no case: add one with bad input and the sentinel it wraps", name)
			continue
		}
		delete(left, name)
		if !errors.Is(c.Err, c.Want) {
			t.Errorf("%s: %v, want an error wrapping %q", name, c.Err, c.Want)
		}
	}
	for name := range left {
		t.Errorf("the case %s is of no exported function that returns an error", name)
	}
}

// Err2 returns the error of a call that returns a value and an error, for
// a case of ErrorContract.
func Err2[T any](_ T, err error) error { return err }

// Case makes an ErrorCase: the error of a call with bad input, and the
// sentinel it must wrap.
func Case(err, want error) ErrorCase { return ErrorCase{Err: err, Want: want} }
