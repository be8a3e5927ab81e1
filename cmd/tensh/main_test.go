package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/tensh/tensh/lang"
)

// testCommands are the commands the test scripts run besides tensh; the
// files of the terminal build add theirs (history_test.go).
var testCommands = map[string]func(){}

func TestMain(m *testing.M) {
	testCommands["tensh"] = func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }
	testscript.Main(m, testCommands)
}

// TestScripts runs the tensh binary on the scripts in testdata/script.
// Besides testscript's commands they have
//
//	status N tensh ARGS...   run tensh, expecting exit status N
//
// and the condition [parser]: the language's parser is there (until it
// lands, statements other than magics are syntax errors).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		RequireExplicitExec: true,
		Setup:               setupGoEnv,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"status": cmdStatus,
		},
		Condition: func(cond string) (bool, error) {
			if cond == "parser" {
				_, err := lang.Parse("1", 1)
				return err == nil, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
	})
}

// setupGoEnv lets a script run the go command on this module
// (version.txtar): $TENSH_SRC is the module's root, and the go command's
// caches are this machine's (testscript gives a script an empty home).
func setupGoEnv(env *testscript.Env) error {
	root, err := filepath.Abs("../..")
	if err != nil {
		return err
	}
	env.Setenv("TENSH_SRC", root)
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH").Output()
	if err != nil {
		return nil // no go command: the scripts that need it skip ([exec:go])
	}
	vals := strings.Split(strings.TrimSpace(string(out)), "\n")
	for i, k := range []string{"GOCACHE", "GOMODCACHE", "GOPATH"} {
		if i < len(vals) {
			env.Setenv(k, vals[i])
		}
	}
	env.Setenv("GOPROXY", "off")
	env.Setenv("GOTOOLCHAIN", "local")
	return nil
}

func cmdStatus(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: status N command [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("status: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("status: %v", err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("exit status %d, want %d", got, want)
	}
}

// TestInterruptScript: Ctrl-C (SIGINT) ends a script with status 130 and
// "KeyboardInterrupt" on stderr. The script here is stdin that never ends.
func TestInterruptScript(t *testing.T) {
	cmd := exec.Command("tensh")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // let it start listening for SIGINT
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
		t.Fatalf("exit: %v, want status %d", err, exitInterrupted)
	}
	if stderr.String() != "KeyboardInterrupt\n" {
		t.Errorf("stderr %q", stderr.String())
	}
}
