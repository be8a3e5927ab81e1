package main

import (
	"errors"
	"flag"
	"fmt"
	"github.com/tensh/tensh/lib/torch"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tensh/tensh/eval"
)

const usage = `usage: tensh [flags] [FILE.tsh | -]
       tensh [flags] -c CODE
       tensh check [--update] FILE.tsh|FILE.md ...
       tensh serve [--addr HOST:PORT]

tensh is an interactive shell for a small Python subset with PyTorch's
tensor library; it prints what PyTorch prints. With no FILE it starts the
REPL when stdin is a terminal, and otherwise runs stdin as a script. A file
in which some line starts with ">>> " is a transcript: only its ">>> " and
"... " lines are code.

flags:
  -c CODE              run CODE as a script (named <string>)
  --echo               transcript mode: print each statement as ">>> line"
                       and then what it prints, errors as "Type: message";
                       go on after errors
  --compat=MODE        current (default): print what PyTorch 1.13 prints;
                       docs: what the seed documents print (their older
                       messages, for a lesson that follows them)
  --max-memory=SIZE    largest allocation, e.g. 512M or 4G (default: 3/4 of
                       the machine's memory; also $TENSH_MAX_MEMORY)
  --threads=N          threads of the CPU kernels (default: the number of CPUs;
                       also torch.set_num_threads)
  --device=DEVICE      the device of new tensors: cpu (default), cuda[:N] or
                       opencl[:N] (docs/gpu.md; also $TENSH_DEVICE)
  --hints, --no-hints  a hint line after errors, on stderr (default: on in the
                       REPL, off in scripts and --echo; never in check)
  --prompt=STYLE       python (default): >>> and ... prompts; ipython:
                       In [n]: / Out[n]: numbering (also %prompt)
  --version            print the version
  -h, --help           print this help

check runs each transcript (.tsh, or the ">>> " lines in the fenced code of
a .md file) in a fresh session, prints a diff for each statement whose
output differs from the lines under it, and ends with "N passed, M failed";
--update writes what tensh prints into the files instead.

serve serves tensh's browser version (docs/web.md) on a local network
(tensh serve --help).

environment:
  TENSH_HISTORY     the REPL's history file (default ~/.tensh_history;
                    set but empty: no history)
  TENSH_MAX_MEMORY  as --max-memory
  TENSH_DEVICE      as --device
  TENSH_CPUPROFILE  write a CPU profile of the run to this file (go tool pprof)
  NO_COLOR          no colors (neither are there when stdout is not a terminal)

exit status: 0 done, 1 an uncaught error (check: a mismatch), 2 bad usage or
a missing file, 130 interrupted by Ctrl-C.
`

// config is the parsed command line.
type config struct {
	help, version bool
	echo          bool
	hasCode       bool
	code          string
	compat        eval.Compat
	maxMemory     int64
	threads       int
	hints         optBool
	ipython       bool
	check, update bool
	files         []string
}

// optBool is a flag that may be unset.
type optBool struct{ set, v bool }

func (o optBool) or(def bool) bool {
	if o.set {
		return o.v
	}
	return def
}

// parseArgs parses the command line; flags may come before or after the
// file names ("--" ends the flags).
func parseArgs(args []string) (*config, error) {
	cfg := &config{}
	fs := flag.NewFlagSet("tensh", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.BoolVar(&cfg.help, "help", false, "")
	fs.BoolVar(&cfg.help, "h", false, "")
	fs.BoolVar(&cfg.version, "version", false, "")
	fs.BoolVar(&cfg.echo, "echo", false, "")
	fs.BoolVar(&cfg.update, "update", false, "")
	fs.Func("c", "", func(s string) error { cfg.hasCode, cfg.code = true, s; return nil })
	compat := fs.String("compat", "current", "")
	maxMem := fs.String("max-memory", "", "")
	fs.IntVar(&cfg.threads, "threads", 0, "")
	prompt := fs.String("prompt", "python", "")
	device := fs.String("device", "", "")
	fs.BoolFunc("hints", "", func(string) error { cfg.hints = optBool{true, true}; return nil })
	fs.BoolFunc("no-hints", "", func(string) error { cfg.hints = optBool{true, false}; return nil })

	var pos []string
	for rest := args; len(rest) > 0; {
		if err := fs.Parse(rest); err != nil {
			return nil, flagError(err, rest)
		}
		n := len(rest) - len(fs.Args())
		rest = fs.Args()
		if n > 0 && rest0(args, len(args)-len(rest)-1) == "--" {
			pos = append(pos, rest...)
			break
		}
		if len(rest) > 0 {
			pos, rest = append(pos, rest[0]), rest[1:]
		}
	}
	if cfg.help || cfg.version {
		return cfg, nil
	}

	c, ok := eval.ParseCompat(*compat)
	if !ok {
		return nil, fmt.Errorf("--compat must be docs or current, not %q", *compat)
	}
	cfg.compat = c
	switch *prompt {
	case "python":
	case "ipython":
		cfg.ipython = true
	default:
		return nil, fmt.Errorf("--prompt must be python or ipython, not %q", *prompt)
	}
	sizeSrc, size := "--max-memory", *maxMem
	if size == "" {
		sizeSrc, size = "TENSH_MAX_MEMORY", os.Getenv("TENSH_MAX_MEMORY")
	}
	if size != "" {
		n, err := parseSize(size)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", sizeSrc, err)
		}
		cfg.maxMemory = n
	}

	if cfg.threads < 0 {
		return nil, fmt.Errorf("--threads must be a positive number, not %d", cfg.threads)
	}

	if *device == "" {
		*device = os.Getenv("TENSH_DEVICE")
	}
	if err := torch.SetDefaultDevice(*device); err != nil {
		return nil, err
	}

	if len(pos) > 0 && pos[0] == "check" {
		cfg.check, cfg.files = true, pos[1:]
		switch {
		case len(cfg.files) == 0:
			return nil, errors.New("check: no files (usage: tensh check [--update] FILE...)")
		case cfg.hasCode || cfg.echo:
			return nil, errors.New("check: -c and --echo do not go with check")
		}
		return cfg, nil
	}
	cfg.files = pos
	switch {
	case cfg.update:
		return nil, errors.New("--update goes with check (tensh check --update FILE...)")
	case cfg.hasCode && len(pos) > 0:
		return nil, fmt.Errorf("-c CODE and a file (%s) do not go together", pos[0])
	case len(pos) > 1:
		return nil, fmt.Errorf("one file at a time (got %d; tensh check takes several)", len(pos))
	}
	return cfg, nil
}

func rest0(args []string, i int) string {
	if i < 0 || i >= len(args) {
		return ""
	}
	return args[i]
}

// flagError rewords the flag package's errors as one line, naming a flag
// as it was written.
func flagError(err error, args []string) error {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		for _, a := range args {
			if n, _, _ := strings.Cut(a, "="); strings.TrimLeft(n, "-") == strings.TrimLeft(name, "-") {
				name = n
				break
			}
		}
		return fmt.Errorf("unknown flag %s (tensh --help lists the flags)", name)
	}
	return errors.New(msg)
}

// parseSize parses a memory size: a number of bytes with an optional
// binary suffix K, M, G or T (KB, KiB, ... also do).
func parseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(strings.TrimSuffix(t, "B"), "I")
	mult := int64(1)
	if t != "" {
		switch t[len(t)-1] {
		case 'K':
			mult = 1 << 10
		case 'M':
			mult = 1 << 20
		case 'G':
			mult = 1 << 30
		case 'T':
			mult = 1 << 40
		}
		if mult > 1 {
			t = t[:len(t)-1]
		}
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || f <= 0 || f*float64(mult) >= 1<<63 || strings.ContainsAny(t, "eEnNxX") {
		return 0, fmt.Errorf("invalid size %q (want bytes, or a number with K, M, G or T: 512M, 4G)", s)
	}
	return int64(f * float64(mult)), nil
}
