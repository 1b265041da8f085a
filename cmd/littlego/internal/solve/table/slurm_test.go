// slurm_test.go: deploy/slurm.sbatch run for real: a one-node Slurm cluster (munged, slurmctld and slurmd as root, a minimal slurm.conf in a scratch folder) runs a small level as a job array, and the merged table is the one built here.

package table

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// slurmTools are the programs the test runs; Debian's slurm-wlm and munge hold them.
var slurmTools = []string{"munged", "slurmctld", "slurmd", "sbatch", "sinfo", "scontrol"}

// A four-task array of deploy/slurm.sbatch builds the late root's level 19 in four
// shards (two at a time on a two-core node), and their merge is the table one shard
// built in this process gives.
func TestSlurmRunsTheShards(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a Slurm cluster and builds the solve command")
	}
	for _, tool := range slurmTools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("Slurm is not installed (%s missing; .ci/run installs slurm-wlm and munge)", tool)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("Slurm's daemons are started as root, and this test is not root")
	}
	dir := t.TempDir()
	conf, err := startSlurm(t, dir)
	if err != nil {
		t.Skipf("Slurm could not be started here: %v", err)
	}
	bin := filepath.Join(dir, "littlego")
	if out, err := exec.Command("go", "build", "-o", bin, "littlego/cmd/littlego").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "..", "..", "..", "deploy", "slurm.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	shards := filepath.Join(dir, "shards")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sbatch", "--wait", "--array=0-3", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "SLURM_CONF="+conf, "LEVEL="+lateLevel, "SHARDS=4", "OUT="+shards, "LITTLEGO="+bin,
		"ROOT="+lateRoot, "SOLVE_FLAGS=-margin -tt 16")
	if out, err := cmd.CombinedOutput(); err != nil {
		logs, _ := filepath.Glob(filepath.Join(dir, "table-*.log"))
		var text strings.Builder
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			fmt.Fprintf(&text, "%s:\n%s", l, b)
		}
		t.Fatalf("sbatch --wait: %v\n%s%s", err, out, text.String())
	}
	if logs, _ := filepath.Glob(filepath.Join(dir, "table-*_*.log")); len(logs) != 4 {
		t.Errorf("%d task logs, want one per array task (4): %v", len(logs), logs)
	}
	checkRecipeShards(t, "Slurm", shards, 4, filepath.Join(dir, "local"))
}

// startSlurm starts munged, slurmctld and slurmd with their files in dir, a one-node
// cluster of this machine's cores, stopped when the test ends, and returns the
// slurm.conf to submit with.
func startSlurm(t *testing.T, dir string) (string, error) {
	host, err := os.Hostname()
	if err != nil {
		return "", err
	}
	host, _, _ = strings.Cut(host, ".")
	ports, err := freePorts(2)
	if err != nil {
		return "", err
	}
	munge := filepath.Join(dir, "munge")
	for _, d := range []string{munge, filepath.Join(dir, "state"), filepath.Join(dir, "spool")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return "", err
		}
	}
	key := make([]byte, 1024)
	if f, err := os.Open("/dev/urandom"); err == nil {
		_, err = f.Read(key)
		f.Close()
		if err != nil {
			return "", err
		}
	}
	if err := os.WriteFile(filepath.Join(munge, "munge.key"), key, 0o400); err != nil {
		return "", err
	}
	socket := filepath.Join(munge, "munge.sock")
	if out, err := exec.Command("munged", "--force", "--key-file="+filepath.Join(munge, "munge.key"), "--socket="+socket,
		"--pid-file="+filepath.Join(munge, "munged.pid"), "--log-file="+filepath.Join(munge, "munged.log"),
		"--seed-file="+filepath.Join(munge, "munged.seed")).CombinedOutput(); err != nil {
		return "", fmt.Errorf("munged: %v: %s", err, strings.TrimSpace(string(out)))
	}
	t.Cleanup(func() { exec.Command("munged", "--stop", "--socket="+socket).Run() })
	conf := filepath.Join(dir, "slurm.conf")
	if err := os.WriteFile(conf, []byte(slurmConf(dir, host, socket, ports)), 0o644); err != nil {
		return "", err
	}
	env := append(os.Environ(), "SLURM_CONF="+conf)
	for _, daemon := range [][]string{{"slurmctld", "-c", "-i"}, {"slurmd"}} {
		cmd := exec.Command(daemon[0], daemon[1:]...)
		cmd.Env = env
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", fmt.Errorf("%s: %v: %s", daemon[0], err, strings.TrimSpace(string(out)))
		}
	}
	t.Cleanup(func() {
		cmd := exec.Command("scontrol", "shutdown")
		cmd.Env = env
		cmd.Run()
		waitGone(filepath.Join(dir, "slurmctld.pid"), filepath.Join(dir, "slurmd.pid"))
	})
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(500 * time.Millisecond) {
		cmd := exec.Command("sinfo", "-h", "-o", "%T")
		cmd.Env = env
		out, err := cmd.Output()
		if err == nil && strings.TrimSpace(string(out)) == "idle" {
			return conf, nil
		}
		if time.Now().After(deadline) {
			log, _ := os.ReadFile(filepath.Join(dir, "slurmd.log"))
			return "", fmt.Errorf("the node is not idle after 30 s (sinfo: %q, %v); slurmd.log ends %q", out, err, tail(string(log), 200))
		}
	}
}

// slurmConf is a minimal slurm.conf: one node of this machine's cores, no accounting,
// no cgroups, every file in dir.
func slurmConf(dir, host, socket string, ports []int) string {
	return fmt.Sprintf(`ClusterName=littlego
SlurmctldHost=%[2]s
SlurmUser=root
SlurmdUser=root
SlurmctldPort=%[4]d
SlurmdPort=%[5]d
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%[3]s
StateSaveLocation=%[1]s/state
SlurmdSpoolDir=%[1]s/spool
SlurmctldPidFile=%[1]s/slurmctld.pid
SlurmdPidFile=%[1]s/slurmd.pid
SlurmctldLogFile=%[1]s/slurmctld.log
SlurmdLogFile=%[1]s/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=%[2]s CPUs=%[6]d RealMemory=1024 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`, dir, host, socket, ports[0], ports[1], runtime.NumCPU())
}

// freePorts returns n TCP ports free at the moment.
func freePorts(n int) ([]int, error) {
	var ports []int
	var ls []net.Listener
	defer func() {
		for _, l := range ls {
			l.Close()
		}
	}()
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// waitGone waits up to 10 s for the daemons whose pid files are given to remove them
// (each removes its own on a clean exit).
func waitGone(pidFiles ...string) {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		left := 0
		for _, f := range pidFiles {
			if _, err := os.Stat(f); err == nil {
				left++
			}
		}
		if left == 0 {
			return
		}
	}
}

// tail returns the last n bytes of s.
func tail(s string, n int) string { return s[max(0, len(s)-n):] }
