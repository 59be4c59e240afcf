package k8scheck

import (
	"os"
	"strings"
	"testing"
)

// The page and the markers of its manifest.
const (
	docPath = "../../docs/cluster.md"
	marker  = "k8s-job"
)

// How the check's error starts at each stage.
const (
	decoding = "decoding: "
	recipe   = "not the recipe: "
)

func readDoc(t *testing.T) []byte {
	t.Helper()
	doc, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// TestDocsManifest checks the manifest a reader of docs/cluster.md copies.
func TestDocsManifest(t *testing.T) {
	doc := readDoc(t)
	if err := Check(doc, marker); err != nil {
		t.Fatalf("docs/cluster.md's Kubernetes manifest: %v", err)
	}
	manifest, err := Extract(doc, marker)
	if err != nil {
		t.Fatal(err)
	}
	job, err := Decode(manifest)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s/%s %s: %s completions, %d lines, decoded strictly, the recipe",
		job.APIVersion, job.Kind, job.Name, int32Text(job.Spec.Completions), strings.Count(string(manifest), "\n"))
}

// TestBrokenManifests breaks the page's manifest in one place at a time and
// expects the check to fail, at the stage that should catch it.
func TestBrokenManifests(t *testing.T) {
	manifest, err := Extract(readDoc(t), marker)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, old, new string
		stage          string // the error's start
		want           string // in the error
	}{
		// Strict decoding.
		{"misspelt field", "completionMode: Indexed", "completionMod: Indexed", decoding, `unknown field "spec.completionMod"`},
		{"field in another case", "parallelism: 8", "Parallelism: 8", decoding, `unknown field "spec.Parallelism"`},
		{"field twice", "parallelism: 8", "parallelism: 8\n  parallelism: 8", decoding, `key "parallelism" already set`},
		{"value of the wrong type", "completions: 8 ", `completions: "8" `, decoding, "cannot unmarshal string into Go struct field JobSpec.spec.completions"},
		{"CPU request not a quantity", `cpu: "1"`, `cpu: "one"`, decoding, "quantities must match"},
		{"field on the wrong level", "  backoffLimit: 16", "  backoffLimit: 16\n  restartPolicy: Never", decoding, `unknown field "spec.restartPolicy"`},
		{"restartPolicy Always", "restartPolicy: Never", "restartPolicy: Always", recipe, "spec.template.spec.restartPolicy"},
		{"restartPolicy unset, so Always", "      restartPolicy: Never\n", "", recipe, "spec.template.spec.restartPolicy"},
		{"Indexed without completions", "  completions: 8            # the shards: -shards 8\n", "", recipe, "spec.completions is unset"},
		{"mount of no volume", "{name: results, mountPath: /results}", "{name: result, mountPath: /results}", recipe, "no volume result"},
		{"name too long for a pod's hostname", "name: surakarta-match\n", "name: surakarta-match-" + strings.Repeat("x", 50) + "\n", recipe, "metadata.name"},

		// The recipe.
		{"not Indexed", "completionMode: Indexed", "completionMode: NonIndexed", recipe, "spec.completionMode is not Indexed"},
		{"fewer completions than shards", "completions: 8 ", "completions: 4 ", recipe, "spec.completions is 4, not the 8 shards"},
		{"fewer pods than shards", "parallelism: 8", "parallelism: 4", recipe, "spec.parallelism is 4, not the 8 shards"},
		{"one shard for all", `"-shards", "8"`, `"-shard", "0/8"`, recipe, "-shard gives every pod the same shard"},
		{"one file for all", "/results/shard-{shard}.txt", "/results/shard.txt", recipe, "holds no {shard}"},
		{"file in the pod", "/results/shard-{shard}.txt", "/tmp/shard-{shard}.txt", recipe, "on no mounted volume"},
		{"volume not shared", "persistentVolumeClaim: {claimName: match-results}", "emptyDir: {}", recipe, "is no PersistentVolumeClaim"},
		{"volume read-only", "{name: results, mountPath: /results}", "{name: results, mountPath: /results, readOnly: true}", recipe, "mounted read-only"},
		{"all the node's cores", `"-concurrency", "1"`, `"-concurrency", "0"`, recipe, "no -concurrency N with N ≥ 1"},
		{"more games at once than CPUs", `"-concurrency", "1"`, `"-concurrency", "2"`, recipe, "requests 1 CPU for -concurrency 2"},
		{"not the match tool", "cmd/surakarta-match@COMMIT", "cmd/surakarta@COMMIT", recipe, "no container's command runs cmd/surakarta-match"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if n := strings.Count(string(manifest), tc.old); n != 1 {
				t.Fatalf("%q is in the manifest %d times, not once: update the test with the page", tc.old, n)
			}
			doc := "<!-- " + marker + " -->\n```yaml\n" + strings.Replace(string(manifest), tc.old, tc.new, 1) + "```\n<!-- /" + marker + " -->\n"
			err := Check([]byte(doc), marker)
			if err == nil {
				t.Fatalf("the check passed")
			}
			if testing.Verbose() {
				t.Log(err)
			}
			if !strings.HasPrefix(err.Error(), tc.stage) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("the check failed with\n%v\nnot with %q after %q", err, tc.want, tc.stage)
			}
		})
	}

	// restartPolicy OnFailure is a Job's other choice.
	doc := "<!-- " + marker + " -->\n```yaml\n" + strings.Replace(string(manifest), "restartPolicy: Never", "restartPolicy: OnFailure", 1) + "```\n<!-- /" + marker + " -->\n"
	if err := Check([]byte(doc), marker); err != nil {
		t.Errorf("restartPolicy OnFailure: %v", err)
	}
}

func TestExtract(t *testing.T) {
	for _, tc := range []struct{ doc, want, err string }{
		{"a\n<!-- m -->\n```yaml\nx: 1\ny: 2\n```\n<!-- /m -->\nb\n", "x: 1\ny: 2\n", ""},
		{"<!-- m -->\n```\n```\n<!-- /m -->\n", "", ""},
		{"no markers\n", "", "no <!-- m -->"},
		{"<!-- /m -->\n<!-- m -->\n", "", "no <!-- m -->"},
		{"<!-- m -->\nx: 1\n<!-- /m -->\n", "", "no single fenced code block"},
		{"<!-- m -->\n```\nx\n```\n<!-- /m -->\n<!-- m -->\n", "", "<!-- m --> twice"},
	} {
		got, err := Extract([]byte(tc.doc), "m")
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("Extract(%q): %v", tc.doc, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("Extract(%q): error %v, want one with %q", tc.doc, err, tc.err)
		case string(got) != tc.want:
			t.Errorf("Extract(%q) = %q, want %q", tc.doc, got, tc.want)
		}
	}
}
