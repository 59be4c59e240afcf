package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestDocsPictures checks that the pictures in docs/ are those the
// program draws now, so that they cannot go stale: after a change to
// package picture, run go run ./examples/pictures and look at them.
func TestDocsPictures(t *testing.T) {
	files, err := pictures()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		name := filepath.Join("..", "..", "docs", f.name)
		committed, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("%v: go run ./examples/pictures writes it", err)
			continue
		}
		if !bytes.Equal(committed, f.data) {
			t.Errorf("docs/%s is not what examples/pictures draws now: run go run ./examples/pictures, and look at it", f.name)
		}
	}
}
