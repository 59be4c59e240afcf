// Command tables writes the published match figures of docs/*.md and of
// experiments/docs/*.md, the text between their markers, as the records
// of experiments/matches make them, and the endgame openings files that
// are made from those records,
// so that the figures of the docs are the records' and no one types them.
// Run it from experiments/ (or anywhere in the repository):
//
//	go run ./cmd/tables
//
// It writes only the files that change, and names them; when none does,
// it says that the pages are up to date.
package main

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/surakarta-go/surakarta/experiments"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "tables:", err)
		os.Exit(1)
	}
}

// run makes every file that the records make, and writes those that
// differ.
func run() error {
	root, err := repositoryRoot()
	if err != nil {
		return err
	}
	docs, err := experiments.Make(root)
	if err != nil {
		return err
	}
	files := map[string]string{}
	for _, p := range docs.Pages {
		files[p.Path] = p.Made()
	}
	openings, err := experiments.EndgameOpenings(root)
	if err != nil {
		return err
	}
	files[experiments.OpeningsFile] = openings
	openings, err = experiments.EndgameOpenings4v3(root)
	if err != nil {
		return err
	}
	files[experiments.Openings4v3File] = openings
	openings, err = experiments.EndgameOpenings6(root)
	if err != nil {
		return err
	}
	files[experiments.Openings6File] = openings
	wrote := 0
	for _, name := range slices.Sorted(maps.Keys(files)) {
		text := files[name]
		path := filepath.Join(root, filepath.FromSlash(name))
		old, err := os.ReadFile(path)
		if err == nil && string(old) == text {
			continue
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", name)
		wrote++
	}
	if wrote == 0 {
		fmt.Printf("up to date: the %d pages with markers and the openings files are what the records make\n", len(docs.Pages))
	}
	return nil
}

// repositoryRoot returns the directory above the working directory, or
// the working directory itself, that holds experiments/go.mod.
func repositoryRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "experiments", "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("not in a clone of the repository: no experiments/go.mod in the working directory or above it")
		}
		dir = parent
	}
}
