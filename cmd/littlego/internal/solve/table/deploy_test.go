// deploy_test.go: the deploy/ files run the same shards (one level, one shard count, the index in the right variable), and GNU parallel runs a small level end to end.

package table

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"littlego/cmd/littlego/internal/base"
	"littlego/tablebase"
)

// deployFile reads a file of deploy/.
func deployFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "..", "deploy", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// match returns the first group of re in text, failing the test when it is absent.
func match(t *testing.T, what, text, re string) string {
	t.Helper()
	m := regexp.MustCompile(re).FindStringSubmatch(text)
	if m == nil {
		t.Fatalf("%s: no match for %s", what, re)
	}
	return m[1]
}

// yamlField returns the value of the first "key: value" line of a YAML text.
func yamlField(t *testing.T, text, key string) string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), key+":"); ok {
			return strings.TrimSpace(v)
		}
	}
	t.Fatalf("k8s-job.yaml: no %s", key)
	return ""
}

// deployedShard is what one manifest runs: the level, the number of shards, and the
// solve command line for index 0.
type deployedShard struct {
	level, shards int
	args          []string
}

// Every manifest runs one level in one number of shards, takes the shard's index from
// its scheduler's variable, and its command line is one solve accepts as that shard.
func TestDeployManifestsAgree(t *testing.T) {
	atoi := func(what, s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("%s: %q is not a number", what, s)
		}
		return n
	}
	got := map[string]deployedShard{}

	sh := deployFile(t, "parallel.sh")
	level, shards := atoi("parallel.sh", match(t, "parallel.sh", sh, `LEVEL=\$\{LEVEL:-(\d+)\}`)), atoi("parallel.sh", match(t, "parallel.sh", sh, `SHARDS=\$\{SHARDS:-(\d+)\}`))
	match(t, "parallel.sh", sh, `seq 0 (\$\(\(SHARDS - 1\)\)) \| parallel`)
	match(t, "parallel.sh", sh, `("\$LITTLEGO" solve table build -level "\$LEVEL" -shard "\{\}/\$SHARDS")`)
	got["parallel.sh"] = deployedShard{level, shards, []string{"build", "-level", strconv.Itoa(level), "-shard", fmt.Sprintf("0/%d", shards), "-o", "shards"}}

	sb := deployFile(t, "slurm.sbatch")
	level, shards = atoi("slurm.sbatch", match(t, "slurm.sbatch", sb, `\nLEVEL=\$\{LEVEL:-(\d+)\}\n`)), atoi("slurm.sbatch", match(t, "slurm.sbatch", sb, `\nSHARDS=\$\{SHARDS:-(\d+)\}\n`))
	if last := atoi("slurm.sbatch", match(t, "slurm.sbatch", sb, `#SBATCH --array=0-(\d+)`)); last != shards-1 {
		t.Errorf("slurm.sbatch: the array ends at %d, the shards at %d", last, shards-1)
	}
	match(t, "slurm.sbatch", sb, `(exec "\$LITTLEGO" solve table build -level "\$LEVEL" -shard "\$\{SLURM_ARRAY_TASK_ID\}/\$\{SHARDS\}")`)
	got["slurm.sbatch"] = deployedShard{level, shards, []string{"build", "-level", strconv.Itoa(level), "-shard", fmt.Sprintf("0/%d", shards), "-o", "shards"}}

	k8s := deployFile(t, "k8s-job.yaml")
	if yamlField(t, k8s, "kind") != "Job" || yamlField(t, k8s, "completionMode") != "Indexed" || yamlField(t, k8s, "restartPolicy") != "Never" {
		t.Error("k8s-job.yaml: want an Indexed Job whose pods are not restarted in place")
	}
	completions := atoi("completions", yamlField(t, k8s, "completions"))
	if p := atoi("parallelism", yamlField(t, k8s, "parallelism")); p < 1 || p > completions {
		t.Errorf("k8s-job.yaml: parallelism %d of %d completions", p, completions)
	}
	var command []string
	if err := json.Unmarshal([]byte(yamlField(t, k8s, "command")), &command); err != nil || len(command) != 3 || command[1] != "-c" {
		t.Fatalf("k8s-job.yaml: the command %q is not [shell, -c, line]: %v", yamlField(t, k8s, "command"), err)
	}
	line := strings.Fields(strings.ReplaceAll(command[2], "${JOB_COMPLETION_INDEX}", "0"))
	if len(line) < 3 || line[0] != "exec" || line[1] != "littlego" || line[2] != "solve" || !strings.Contains(command[2], "${JOB_COMPLETION_INDEX}/") {
		t.Fatalf("k8s-job.yaml: %q does not run littlego solve with the job's index", command[2])
	}
	if len(line) < 5 || line[3] != "table" || line[4] != "build" {
		t.Fatalf("k8s-job.yaml: %q does not run littlego solve table build", command[2])
	}
	c, ok := parseBuild(line[5:])
	if !ok {
		t.Fatalf("k8s-job.yaml: solve refuses %q", line[4:])
	}
	level, shards = c.level, atoi("k8s-job.yaml", strings.TrimPrefix(c.shard, "0/"))
	if shards != completions {
		t.Errorf("k8s-job.yaml: %d shards in %d completions", shards, completions)
	}
	got["k8s-job.yaml"] = deployedShard{level, shards, line[4:]}

	want := got["parallel.sh"]
	for name, d := range got {
		if d.level != want.level || d.shards != want.shards {
			t.Errorf("%s runs level %d in %d shards, parallel.sh level %d in %d", name, d.level, d.shards, want.level, want.shards)
		}
		c, ok := parseBuild(d.args[1:])
		if !ok || d.args[0] != "build" || c.level != d.level || c.shard != fmt.Sprintf("0/%d", d.shards) {
			t.Errorf("%s: solve does not take %q as shard 0", name, d.args)
		}
	}
}

// parseBuild parses the flags of a solve table build command line.
func parseBuild(args []string) (*buildConfig, bool) {
	fs := flag.NewFlagSet("build", flag.ContinueOnError)
	c := buildFlags(fs)
	rest, _, ok := base.ParseInterspersed(fs, args, io.Discard, "")
	return c, ok && len(rest) == 0
}

// deploy/parallel.sh runs every shard of a small level through GNU parallel, two at a
// time, and the merged table is the one shards built in this process give.
func TestParallelRunsTheShards(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed")
	}
	if testing.Short() {
		t.Skip("builds the solve command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "littlego")
	if out, err := exec.Command("go", "build", "-o", bin, "littlego/cmd/littlego").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	shards := filepath.Join(dir, "shards")
	cmd := exec.Command("sh", filepath.Join("..", "..", "..", "..", "..", "deploy", "parallel.sh"), "-j", "2")
	cmd.Env = append(os.Environ(), "LEVEL="+lateLevel, "SHARDS=5", "OUT="+shards, "LITTLEGO="+bin, "ROOT="+lateRoot, "SOLVE_FLAGS=-margin -tt 16")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("parallel.sh: %v\n%s", err, out)
	}
	checkRecipeShards(t, "parallel", shards, 5, filepath.Join(dir, "local"))
}

// deploy/commit-loop.sh builds a small level shard by shard in a git checkout, commits
// each shard with its log as it finishes, skips them all when run again, and the merged
// table is the one shards built in this process give.
func TestCommitLoopCommitsEachShard(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the littlego command")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "littlego")
	if out, err := exec.Command("go", "build", "-o", bin, "littlego/cmd/littlego").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	repo := filepath.Join(dir, "repo")
	git := func(args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", repo, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	if err := os.MkdirAll(repo, 0o755); err != nil {
		t.Fatal(err)
	}
	git("init", "-q")
	script, _ := filepath.Abs(filepath.Join("..", "..", "..", "..", "..", "deploy", "commit-loop.sh"))
	loop := func() string {
		cmd := exec.Command("sh", script)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "LEVEL="+lateLevel, "SHARDS=3", "LITTLEGO="+bin, "ROOT="+lateRoot, "SOLVE_FLAGS=-margin -tt 16",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("commit-loop.sh: %v\n%s", err, out)
		}
		return string(out)
	}
	loop()
	shards := filepath.Join(repo, "deploy", "shards", "level"+lateLevel)
	if log := git("log", "--format=%s"); strings.Count(log, "of the opening table's values") != 3 {
		t.Fatalf("commits:\n%s", log)
	}
	if files := git("ls-files", "deploy/shards"); strings.Count(files, ".lgtb\n") != 3 || strings.Count(files, ".log\n") != 3 {
		t.Errorf("committed files:\n%s", files)
	}
	if out := loop(); !strings.Contains(out, "all 3 shards built") || strings.Count(git("log", "--format=%s"), "\n") != 3 {
		t.Errorf("run again: %s", out)
	}
	checkRecipeShards(t, "commit-loop", shards, 3, filepath.Join(dir, "local"))
}

// checkRecipeShards checks that a batch recipe left want shard files in shards, that
// they merge, and that the merged table (with margins) equals one whose level is built
// in process in local.
func checkRecipeShards(t *testing.T, recipe, shards string, want int, local string) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(shards, "*.lgtb"))
	if len(files) != want {
		t.Fatalf("%d shard files, want %d: %v", len(files), want, files)
	}
	path, code, stdout, stderr := mergeInto(shards)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
	buildShards(t, local, 1, "-margin")
	localPath, code, stdout, stderr := mergeInto(local)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
	a, b := readTableOrFail(t, path), readTableOrFail(t, localPath)
	if !slices.Equal(a.Records(), b.Records()) || a.Header.Kind != tablebase.KindTable || !a.Header.Margins {
		t.Errorf("the table built through %s differs from the one built here", recipe)
	}
}
