//go:build !unix

package magic

// Without O_NOFOLLOW and O_NONBLOCK (Windows), %save checks for a link
// with Lstat before it opens (files.go), and FIFOs do not exist.
const (
	openNoFollow = 0
	openNonBlock = 0
)
