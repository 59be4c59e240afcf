package k8scheck

import (
	"os"
	"strings"
	"testing"
)

// The page of the tables' manifest, and its markers.
const (
	tablesDocPath = "../../docs/tablebases.md"
	tablesMarker  = "k8s-tb-job"
)

// TestTablesManifest checks the manifest a reader of docs/tablebases.md
// copies.
func TestTablesManifest(t *testing.T) {
	doc, err := os.ReadFile(tablesDocPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckTables(doc, tablesMarker); err != nil {
		t.Fatalf("docs/tablebases.md's Kubernetes manifest: %v", err)
	}
}

// TestBrokenTablesManifests breaks the tables' manifest in one place at a
// time and expects the check to fail, at the stage that should catch it.
func TestBrokenTablesManifests(t *testing.T) {
	doc, err := os.ReadFile(tablesDocPath)
	if err != nil {
		t.Fatal(err)
	}
	manifest, err := Extract(doc, tablesMarker)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, old, new string
		stage          string // the error's start
		want           string // in the error
	}{
		{"misspelt field", "completionMode: Indexed", "completionMod: Indexed", decoding, `unknown field "spec.completionMod"`},
		{"restartPolicy Always", "restartPolicy: Never", "restartPolicy: Always", recipe, "spec.template.spec.restartPolicy"},
		{"not Indexed", "completionMode: Indexed", "completionMode: NonIndexed", recipe, "spec.completionMode is not Indexed"},
		{"fewer completions than shards", "completions: 4 ", "completions: 2 ", recipe, "spec.completions is 2, not the 4 shards"},
		{"fewer pods than shards", "parallelism: 4 ", "parallelism: 2 ", recipe, "spec.parallelism is 2, not the 4 shards"},
		{"one shard for all", `"-shards", "4"`, `"-shard", "0/4"`, recipe, "-shard gives every pod the same shard"},
		{"no level", `"-pieces", "8", `, "", recipe, "no -pieces N"},
		{"not generate", `args: ["generate", `, `args: [`, recipe, "do not start with generate"},
		{"tables in the pod", `"-dir", "/tables"`, `"-dir", "/tmp/tables"`, recipe, "on no mounted volume"},
		{"volume not shared", "persistentVolumeClaim: {claimName: tables}", "emptyDir: {}", recipe, "is no PersistentVolumeClaim"},
		{"volume read-only", "{name: tables, mountPath: /tables}", "{name: tables, mountPath: /tables, readOnly: true}", recipe, "mounted read-only"},
		{"all the node's cores", `"-workers", "4"`, `"-workers", "0"`, recipe, "no -workers N with N ≥ 1"},
		{"more workers than CPUs", `cpu: "4"`, `cpu: "2"`, recipe, "requests 2 CPU for -workers 4"},
		{"not the tables tool", "cmd/surakarta-tb@COMMIT", "cmd/surakarta-match@COMMIT", recipe, "no container's command runs cmd/surakarta-tb"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if n := strings.Count(string(manifest), tc.old); n != 1 {
				t.Fatalf("%q is in the manifest %d times, not once: update the test with the page", tc.old, n)
			}
			doc := "<!-- " + tablesMarker + " -->\n```yaml\n" + strings.Replace(string(manifest), tc.old, tc.new, 1) + "```\n<!-- /" + tablesMarker + " -->\n"
			err := CheckTables([]byte(doc), tablesMarker)
			if err == nil {
				t.Fatalf("the check passed")
			}
			if !strings.HasPrefix(err.Error(), tc.stage) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("the check failed with\n%v\nnot with %q after %q", err, tc.want, tc.stage)
			}
		})
	}
}
