package eval

// OSError's texts (oserror.go).
const (
	errOSError      = "[Errno %d] %s: %s"
	errOSErrorPlain = "%s: %s"
)
