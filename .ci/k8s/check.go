// Package k8scheck checks the Kubernetes Job manifests of docs/cluster.md
// (a match in shards) and docs/tablebases.md (a level of the endgame
// tables in shards, CheckTables) without a cluster: it decodes a manifest
// against the batch/v1 Job API, the Go types from which the API's schema
// is generated, as the API server does with strict field validation (an
// unknown or misspelt field, a field twice or a value of the wrong type is
// an error), and then checks what the recipe needs: an Indexed Job with
// one pod per shard, each writing its files to a shared volume, a restart
// policy a Job allows and a name its pods' host names can take. It does not run the API
// server's whole validation (k8s.io/kubernetes, which would cost CI minutes
// of downloads on every fresh machine).
//
// It is a module of its own so that k8s.io stays out of the library's
// dependencies; CI runs its tests from .ci/run.
package k8scheck

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/serializer"
	"k8s.io/apimachinery/pkg/util/validation"
)

// Extract returns the text of the fenced code block that stands between
// the lines <!-- name --> and <!-- /name --> of the Markdown doc, without
// its fences: the text a reader copies.
func Extract(doc []byte, name string) ([]byte, error) {
	open, closing := "<!-- "+name+" -->", "<!-- /"+name+" -->"
	lines := strings.SplitAfter(string(doc), "\n")
	start, end := -1, -1
	for i, l := range lines {
		switch strings.TrimSpace(l) {
		case open:
			if start >= 0 {
				return nil, fmt.Errorf("%s twice", open)
			}
			start = i
		case closing:
			if end >= 0 {
				return nil, fmt.Errorf("%s twice", closing)
			}
			end = i
		}
	}
	if start < 0 || end < start {
		return nil, fmt.Errorf("no %s … %s in the doc", open, closing)
	}
	block := lines[start+1 : end]
	if len(block) < 2 || !strings.HasPrefix(block[0], "```") || strings.TrimSpace(block[len(block)-1]) != "```" {
		return nil, fmt.Errorf("%s … %s holds no single fenced code block", open, closing)
	}
	return []byte(strings.Join(block[1:len(block)-1], "")), nil
}

// Decode decodes a manifest of one batch/v1 Job as the API server does
// for a request with fieldValidation=Strict (kubectl's default): an
// unknown field (the match of names is case-sensitive), a field given
// twice or a value of the wrong type is an error.
func Decode(manifest []byte) (*batchv1.Job, error) {
	scheme := runtime.NewScheme()
	if err := batchv1.AddToScheme(scheme); err != nil {
		return nil, err
	}
	codecs := serializer.NewCodecFactory(scheme, serializer.EnableStrict)
	obj, gvk, err := codecs.UniversalDeserializer().Decode(manifest, nil, nil)
	if err != nil {
		return nil, err
	}
	job, ok := obj.(*batchv1.Job)
	if !ok {
		return nil, fmt.Errorf("a %s, not a batch/v1 Job", gvk)
	}
	return job, nil
}

// CheckRecipe checks what the Job API cannot know about the manifest: that
// it runs the match in shards as docs/cluster.md describes. It returns
// every problem found, joined.
func CheckRecipe(job *batchv1.Job) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	spec := job.Spec
	c, flags := checkSharded(job, "cmd/surakarta-match", "", bad)
	if c == nil {
		return errors.Join(errs...)
	}

	out := flags["-out"]
	switch {
	case out == "":
		bad("container %s: no -out: a shard needs its record file", c.Name)
	case !strings.Contains(out, "{shard}"):
		bad("container %s: -out %s holds no {shard}: every pod would write the same file", c.Name, out)
	default:
		if err := onClaim(out, c, spec.Template.Spec.Volumes); err != nil {
			bad("container %s: -out %s: %v", c.Name, out, err)
		}
	}

	checkCPUs(c, flags, "-concurrency", "0 plays as many games at once as the node has cores, whatever the pod requested", bad)
	return errors.Join(errs...)
}

// checkSharded checks what every sharded Job of the docs needs
// (checkIndexed), finds the one container whose command runs cmd, reads
// its arguments (after the subcommand sub, unless sub is ""), and checks
// that they give -shards N, the index from JOB_COMPLETION_INDEX, with one
// pod for each of the N shards. It returns the container and its flags,
// or a nil container when there is nothing more to check.
func checkSharded(job *batchv1.Job, cmd, sub string, bad func(format string, args ...any)) (*corev1.Container, map[string]string) {
	spec := job.Spec
	checkIndexed(job, bad)
	var c *corev1.Container
	for i := range spec.Template.Spec.Containers {
		if strings.Contains(strings.Join(spec.Template.Spec.Containers[i].Command, " "), cmd) {
			if c != nil {
				bad("more than one container runs %s", cmd)
			}
			c = &spec.Template.Spec.Containers[i]
		}
	}
	if c == nil {
		bad("no container's command runs %s", cmd)
		return nil, nil
	}
	args := c.Args
	if sub != "" {
		if len(args) == 0 || args[0] != sub {
			bad("container %s: the arguments do not start with %s", c.Name, sub)
			return nil, nil
		}
		args = args[1:]
	}
	flags, err := matchFlags(args)
	if err != nil {
		bad("container %s: %v", c.Name, err)
		return nil, nil
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
	return c, flags
}

// checkCPUs checks that the flag (a number of games or workers at once)
// is at least 1, since 0 (why) would not follow the pod's request, and
// that the container requests that many CPUs.
func checkCPUs(c *corev1.Container, flags map[string]string, flag, why string, bad func(format string, args ...any)) {
	n, err := strconv.Atoi(flags[flag])
	if err != nil || n < 1 {
		bad("container %s: no %s N with N ≥ 1 (%q): %s", c.Name, flag, flags[flag], why)
	} else if cpu, ok := c.Resources.Requests[corev1.ResourceCPU]; !ok || cpu.Cmp(*resource.NewQuantity(int64(n), resource.DecimalSI)) < 0 {
		bad("container %s: requests %s CPU for %s %d", c.Name, cpuText(cpu, ok), flag, n)
	}
}

// checkIndexed checks what every sharded Job of the docs needs: an
// Indexed Job whose pods' host names are DNS labels, with a restart
// policy a Job allows.
func checkIndexed(job *batchv1.Job, bad func(format string, args ...any)) {
	spec := job.Spec
	// A pod of an Indexed Job is named after the Job and its index, and
	// that name is its host name: a DNS label.
	if spec.Completions != nil {
		host := job.Name + "-" + strconv.Itoa(int(max(*spec.Completions-1, 0)))
		if msgs := validation.IsDNS1123Label(host); len(msgs) > 0 {
			bad("metadata.name %q: the host name of a pod, %q, is no DNS label: %s", job.Name, host, strings.Join(msgs, "; "))
		}
	}
	if spec.CompletionMode == nil || *spec.CompletionMode != batchv1.IndexedCompletion {
		bad("spec.completionMode is not Indexed: the pods get no JOB_COMPLETION_INDEX, which -shards reads")
	}
	switch p := spec.Template.Spec.RestartPolicy; p {
	case corev1.RestartPolicyNever, corev1.RestartPolicyOnFailure:
	default:
		bad("spec.template.spec.restartPolicy is %q, not Never or OnFailure as a Job requires", p)
	}
}

// matchFlags reads a command's arguments as flag/value pairs (every flag
// of a sharded match, or of the tables' generate, takes a value).
func matchFlags(args []string) (map[string]string, error) {
	flags := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			return nil, fmt.Errorf("argument %q is no flag", a)
		}
		name, value, ok := strings.Cut(a, "=")
		if !ok {
			if i+1 == len(args) {
				return nil, fmt.Errorf("flag %s has no value", a)
			}
			i++
			value = args[i]
		}
		name = "-" + strings.TrimLeft(name, "-")
		if _, twice := flags[name]; twice && name != "-engine" { // the match's two engines
			return nil, fmt.Errorf("flag %s given twice", name)
		}
		flags[name] = value
	}
	return flags, nil
}

// onClaim reports whether path lies on a volume the container mounts
// writable that is a PersistentVolumeClaim, which every pod can share.
func onClaim(path string, c *corev1.Container, volumes []corev1.Volume) error {
	for _, m := range c.VolumeMounts {
		dir := strings.TrimSuffix(m.MountPath, "/") + "/"
		if !strings.HasPrefix(path, dir) {
			continue
		}
		if m.ReadOnly {
			return fmt.Errorf("volume %s is mounted read-only at %s", m.Name, m.MountPath)
		}
		for _, v := range volumes {
			if v.Name == m.Name {
				if v.PersistentVolumeClaim == nil {
					return fmt.Errorf("volume %s at %s is no PersistentVolumeClaim: the pods do not share it", m.Name, m.MountPath)
				}
				return nil
			}
		}
		return fmt.Errorf("no volume %s", m.Name)
	}
	return errors.New("on no mounted volume: the record file is lost with the pod")
}

func int32Text(n *int32) string {
	if n == nil {
		return "unset"
	}
	return strconv.Itoa(int(*n))
}

func cpuText(q resource.Quantity, ok bool) string {
	if !ok {
		return "no"
	}
	return q.String()
}

// Check runs the whole check on the manifest that stands between the
// markers <!-- name --> and <!-- /name --> in the Markdown doc.
func Check(doc []byte, name string) error {
	manifest, err := Extract(doc, name)
	if err != nil {
		return err
	}
	job, err := Decode(manifest)
	if err != nil {
		return fmt.Errorf("decoding: %w", err)
	}
	if err := CheckRecipe(job); err != nil {
		return fmt.Errorf("not the recipe: %w", err)
	}
	return nil
}
