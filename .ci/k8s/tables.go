package k8scheck

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
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
	checkIndexed(job, bad)

	var c *corev1.Container
	for i := range spec.Template.Spec.Containers {
		if strings.Contains(strings.Join(spec.Template.Spec.Containers[i].Command, " "), "cmd/surakarta-tb") {
			if c != nil {
				bad("more than one container runs cmd/surakarta-tb")
			}
			c = &spec.Template.Spec.Containers[i]
		}
	}
	if c == nil {
		bad("no container's command runs cmd/surakarta-tb")
		return errors.Join(errs...)
	}
	if len(c.Args) == 0 || c.Args[0] != "generate" {
		bad("container %s: the arguments do not start with generate", c.Name)
		return errors.Join(errs...)
	}
	flags, err := matchFlags(c.Args[1:])
	if err != nil {
		bad("container %s: %v", c.Name, err)
		return errors.Join(errs...)
	}

	if _, ok := flags["-shard"]; ok {
		bad("container %s: -shard gives every pod the same shard: use -shards N, the index from JOB_COMPLETION_INDEX", c.Name)
	}
	shards, err := strconv.Atoi(flags["-shards"])
	if err != nil || shards < 1 {
		bad("container %s: no -shards N with N ≥ 1 in the arguments (%q)", c.Name, flags["-shards"])
	} else {
		if spec.Completions == nil || int(*spec.Completions) != shards {
			bad("spec.completions is %s, not the %d shards of -shards", int32Text(spec.Completions), shards)
		}
		if spec.Parallelism == nil || int(*spec.Parallelism) != shards {
			bad("spec.parallelism is %s, not the %d shards of -shards: one pod per shard", int32Text(spec.Parallelism), shards)
		}
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

	workers, err := strconv.Atoi(flags["-workers"])
	if err != nil || workers < 1 {
		bad("container %s: no -workers N with N ≥ 1 (%q): 0 runs as many as the node has cores, whatever the pod requested", c.Name, flags["-workers"])
	} else if cpu, ok := c.Resources.Requests[corev1.ResourceCPU]; !ok || cpu.Cmp(*resource.NewQuantity(int64(workers), resource.DecimalSI)) < 0 {
		bad("container %s: requests %s CPU for -workers %d", c.Name, cpuText(cpu, ok), workers)
	}
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
