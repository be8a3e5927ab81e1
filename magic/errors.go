package magic

// The magics' texts.
const (
	msgCompatUsage   = "%%compat: expected 'docs' or 'current', got '%s'"
	msgFileUsage     = "%%%s: give a file name, e.g. %%%s session.tsh"
	msgHistorySaved  = "The following commands were written to file `%s`:"
	msgHistoryUsage  = "%%history: unknown option '%s' (use -n, -p)"
	msgLoadNoREPL    = "%load puts a file's statements into the REPL's next inputs; %run FILE runs a file"
	msgLoadTooLong   = "%%load: %s has more than %d lines; %%run runs it"
	msgPromptUsage   = "%%prompt: expected 'python' or 'ipython', got '%s'"
	msgResetUsage    = "%reset: the only option is -f"
	msgSaveAsk       = "File `%s` exists. Overwrite (y/[N])? "
	msgSaveCancelled = "Operation cancelled."
	msgSaveExt       = "%%save writes transcripts, whose names end in .tsh, not '%s'"
	msgSaveUsage     = "%save: give a file name, e.g. %save session.tsh"
	msgSlowest       = "The slowest run took %0.2f times longer than the fastest. This could mean that an intermediate result is being cached."
	msgTimeUsage     = "%%%s: give a statement, e.g. %%%s x @ y"
	msgTimeitBadOpt  = "%%timeit: %s"
	msgWhoEmpty      = "Interactive namespace is empty."
	msgWhoNoMatch    = "No variables match your requested type."
	msgWhosTensor    = "%s: %d elems, %s, %s, %s"
)

// %summary (summary.go)
const (
	msgSummaryUsage = "usage: %summary MODEL INPUT_SHAPE  (e.g. %summary net (1, 28, 28); the shape leaves the batch out)"
	msgSummaryExpr  = "%%summary: cannot read %s: %v"
	msgSummaryNoNN  = "%summary needs torch.nn"
)
