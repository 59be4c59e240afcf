package k8scheck

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
)

// CheckTablesRecipe checks what the Job API cannot know about a manifest
// of docs/tablebases.md: that it makes one level of the endgame tables in
// shards, each pod writing its tables into a directory the pods share,
// on as many CPUs as it runs workers. It returns every problem found,
// joined.
func CheckTablesRecipe(job *batchv1.Job) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	spec := job.Spec
	c, flags := checkSharded(job, "cmd/surakarta-tb", "generate", bad)
	if c == nil {
		return errors.Join(errs...)
	}
	if pieces, err := strconv.Atoi(flags["-pieces"]); err != nil || pieces < 3 || pieces > 8 {
		bad("container %s: no -pieces N with 3 ≤ N ≤ 8 (%q): a sharded level has fewer pieces below it", c.Name, flags["-pieces"])
	}

	dir := flags["-dir"]
	if dir == "" {
		bad("container %s: no -dir: the shards need the smaller tables, and write theirs, in a shared directory", c.Name)
	} else if err := onClaim(strings.TrimSuffix(dir, "/")+"/", c, spec.Template.Spec.Volumes); err != nil {
		bad("container %s: -dir %s: %v", c.Name, dir, err)
	}

	checkCPUs(c, flags, "-workers", "0 runs as many as the node has cores, whatever the pod requested", bad)
	return errors.Join(errs...)
}

// CheckTables runs the whole check of docs/tablebases.md's manifest, the
// one between the markers <!-- name --> and <!-- /name --> in the
// Markdown doc.
func CheckTables(doc []byte, name string) error {
	manifest, err := Extract(doc, name)
	if err != nil {
		return err
	}
	job, err := Decode(manifest)
	if err != nil {
		return fmt.Errorf("decoding: %w", err)
	}
	if err := CheckTablesRecipe(job); err != nil {
		return fmt.Errorf("not the recipe: %w", err)
	}
	return nil
}
