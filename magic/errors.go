package magic

// Messages of the magics that used to live in the core's catalogue.
const (
	errOSError      = "[Errno %d] %s: %s"
	errOSErrorPlain = "%s: %s"
)
