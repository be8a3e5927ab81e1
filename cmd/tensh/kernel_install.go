//go:build !js

package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"runtime"
)

// tensh kernel install: the kernelspec, as `jupyter kernelspec install`
// lays it out: DATA/kernels/tensh/kernel.json and the logos.

// Messages of tensh kernel install.
const (
	msgInstallBoth    = "tensh kernel install: --user and --prefix do not go together\n"
	msgInstallNoHome  = "tensh kernel install: no home folder for --user: %v\n"
	msgInstallNoExe   = "tensh kernel install: where is this tensh? %v\n"
	msgInstallFailed  = "tensh kernel install: %v\n"
	msgInstallWritten = "Installed kernelspec tensh in %s\n"
	kernelDisplayName = "tensh (Python with PyTorch's tensors)"
)

// kernelInstall is `tensh kernel install [--user|--prefix DIR]`.
func kernelInstall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tensh kernel install", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	user := fs.Bool("user", false, "")
	prefix := fs.String("prefix", "", "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(stderr, "tensh kernel install: %v\n%s", flagError(err, args), kernelUsage)
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tensh kernel install: unexpected argument %q\n%s", fs.Arg(0), kernelUsage)
		return exitUsage
	}
	if *user && *prefix != "" {
		fmt.Fprint(stderr, msgInstallBoth)
		return exitUsage
	}
	data, err := jupyterDataDir(*user, *prefix)
	if err != nil {
		fmt.Fprintf(stderr, msgInstallNoHome, err)
		return exitUsage
	}
	exe, err := os.Executable()
	if err == nil {
		exe, err = filepath.EvalSymlinks(exe)
	}
	if err != nil {
		fmt.Fprintf(stderr, msgInstallNoExe, err)
		return exitError
	}
	dir := filepath.Join(data, "kernels", "tensh")
	if err := writeKernelspec(dir, exe); err != nil {
		fmt.Fprintf(stderr, msgInstallFailed, err)
		return exitError
	}
	fmt.Fprintf(stdout, msgInstallWritten, dir)
	return exitOK
}

// jupyterDataDir is where Jupyter looks for kernelspecs: the user's data
// folder (JUPYTER_DATA_DIR, else ~/Library/Jupyter on macOS, else
// $XDG_DATA_HOME/jupyter or ~/.local/share/jupyter), PREFIX/share/jupyter,
// or the system's /usr/local/share/jupyter.
func jupyterDataDir(user bool, prefix string) (string, error) {
	switch {
	case prefix != "":
		return filepath.Abs(filepath.Join(prefix, "share", "jupyter"))
	case !user:
		return "/usr/local/share/jupyter", nil
	}
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return filepath.Abs(d)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	if runtime.GOOS == "darwin" {
		return filepath.Join(home, "Library", "Jupyter"), nil
	}
	if x := os.Getenv("XDG_DATA_HOME"); x != "" {
		return filepath.Join(x, "jupyter"), nil
	}
	return filepath.Join(home, ".local", "share", "jupyter"), nil
}

// kernelSpec is kernel.json.
func kernelSpec(exe string) ([]byte, error) {
	spec := map[string]any{
		"argv":           []string{exe, "kernel", "-f", "{connection_file}"},
		"display_name":   kernelDisplayName,
		"language":       "python",
		"interrupt_mode": "signal",
		"metadata":       map[string]any{"debugger": false},
	}
	b, err := json.MarshalIndent(spec, "", " ")
	return append(b, '\n'), err
}

// writeKernelspec writes kernel.json and the logos into dir.
func writeKernelspec(dir, exe string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	spec, err := kernelSpec(exe)
	if err != nil {
		return err
	}
	files := map[string][]byte{"kernel.json": spec, "logo-svg.svg": []byte(logoSVG)}
	for _, size := range []int{32, 64} {
		files[fmt.Sprintf("logo-%dx%d.png", size, size)] = logoPNG(size)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// The logo: a 3x3 grid of cells, the middle row highlighted (a tensor's
// row, as the %explain pictures draw them).
const logoSVG = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<rect width="64" height="64" rx="8" fill="#1f2937"/>
<g stroke="#1f2937" stroke-width="2">
<rect x="8" y="8" width="16" height="16" fill="#94a3b8"/><rect x="24" y="8" width="16" height="16" fill="#94a3b8"/><rect x="40" y="8" width="16" height="16" fill="#94a3b8"/>
<rect x="8" y="24" width="16" height="16" fill="#ee4c2c"/><rect x="24" y="24" width="16" height="16" fill="#ee4c2c"/><rect x="40" y="24" width="16" height="16" fill="#ee4c2c"/>
<rect x="8" y="40" width="16" height="16" fill="#94a3b8"/><rect x="24" y="40" width="16" height="16" fill="#94a3b8"/><rect x="40" y="40" width="16" height="16" fill="#94a3b8"/>
</g>
</svg>
`

// logoPNG draws the logo at size x size pixels.
func logoPNG(size int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	dark := color.RGBA{0x1f, 0x29, 0x37, 0xff}
	grey := color.RGBA{0x94, 0xa3, 0xb8, 0xff}
	red := color.RGBA{0xee, 0x4c, 0x2c, 0xff}
	unit := float64(size) / 64
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			fx, fy := float64(x)/unit, float64(y)/unit
			c := dark
			if fx >= 8 && fx < 56 && fy >= 8 && fy < 56 {
				cx, cy := int(fx-8)%16, int(fy-8)%16
				if cx >= 1 && cx < 15 && cy >= 1 && cy < 15 {
					c = grey
					if fy >= 24 && fy < 40 {
						c = red
					}
				}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img) // writing to memory does not fail
	return buf.Bytes()
}
