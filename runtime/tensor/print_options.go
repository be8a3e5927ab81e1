package tensor

import (
	"math"
	"sync"
)

// SciMode is the sci_mode print option: automatic (None), forced on (True)
// or forced off (False).
type SciMode uint8

const (
	SciAuto SciMode = iota // sci_mode=None: _Formatter decides
	SciOn                  // sci_mode=True
	SciOff                 // sci_mode=False
)

// PrintOptions are torch/_tensor_str.py's PRINT_OPTS.
type PrintOptions struct {
	// Precision is the number of digits after the point (precision=).
	Precision int
	// Threshold is the element count above which tensors are summarized
	// (threshold=); +Inf for the "full" profile.
	Threshold float64
	// EdgeItems is the number of items shown at each end of a summarized
	// dimension (edgeitems=).
	EdgeItems int
	// LineWidth is the number of columns per line (linewidth=). Python
	// accepts any number here, so it is kept as a float.
	LineWidth float64
	// SciMode is sci_mode=.
	SciMode SciMode
}

// DefaultPrintOptions is the "default" profile with sci_mode=None.
func DefaultPrintOptions() PrintOptions {
	return PrintOptions{Precision: 4, Threshold: 1000, EdgeItems: 3, LineWidth: 80}
}

// PrintProfile returns the options of a set_printoptions profile
// ("default", "short" or "full"), with SciMode left automatic. ok is false
// for any other name (PyTorch ignores unknown profiles).
func PrintProfile(name string) (o PrintOptions, ok bool) {
	o = DefaultPrintOptions()
	switch name {
	case "default":
	case "short":
		o.Precision = 2
		o.EdgeItems = 2
	case "full":
		o.Threshold = math.Inf(1)
	default:
		return o, false
	}
	return o, true
}

var (
	printMu   sync.Mutex
	printOpts = DefaultPrintOptions()
)

// GetPrintOptions returns the current print options.
func GetPrintOptions() PrintOptions {
	printMu.Lock()
	defer printMu.Unlock()
	return printOpts
}

// SetPrintOptions replaces the print options used by String.
func SetPrintOptions(o PrintOptions) {
	printMu.Lock()
	printOpts = o
	printMu.Unlock()
}
