package magic

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// Writing files (%save, and the pictures of %explain --svg and %strides
// --svg), issue 27 items 1 and 2: an existing file is replaced only with
// force (-f, or the REPL's yes), never through a symbolic link, and only
// when it is a regular file; the content goes to a temporary file in the
// same folder, which is synced and then renamed into place (linked, when
// nothing may be replaced), so that a full disk or a crash leaves the old
// file whole and never a cut one.

// checkTarget reports why name may not be written: fs.ErrExist for an
// existing file without force, ELOOP for a symbolic link, ENXIO or EINVAL
// for what is not a regular file, EISDIR for a folder. It opens an
// existing file without following a link and without waiting on a FIFO,
// and neither truncates nor writes it.
func checkTarget(name string, force bool) error {
	fi, err := os.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !force {
		return &fs.PathError{Op: "open", Path: name, Err: syscall.EEXIST}
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return &fs.PathError{Op: "open", Path: name, Err: syscall.ELOOP}
	}
	if fi.IsDir() {
		return &fs.PathError{Op: "open", Path: name, Err: syscall.EISDIR}
	}
	f, err := os.OpenFile(name, os.O_WRONLY|openNoFollow|openNonBlock, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if fi, err = f.Stat(); err == nil && !fi.Mode().IsRegular() {
		err = &fs.PathError{Op: "open", Path: name, Err: syscall.EINVAL}
	}
	return err
}

// writeFileSafely writes data to name under checkTarget's rules, through
// a synced temporary file in name's folder renamed into place. A new
// file gets mode 0644, a replaced one keeps its permissions.
func writeFileSafely(name string, data []byte, force bool) error {
	if err := checkTarget(name, force); err != nil {
		return err
	}
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(name); err == nil {
		mode = fi.Mode().Perm()
	}
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = place(tmp, name, force)
	}
	os.Remove(tmp) // after a link, or when something failed
	if err != nil {
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			pe.Path = name
		} else if le := (*os.LinkError)(nil); errors.As(err, &le) {
			err = &fs.PathError{Op: le.Op, Path: name, Err: le.Err}
		}
		return err
	}
	syncDir(dir)
	return nil
}

// place puts the written temporary file at name: renamed over it with
// force; otherwise linked, which fails when name appeared meanwhile
// (rename, where the file system has no hard links).
func place(tmp, name string, force bool) error {
	if force {
		return os.Rename(tmp, name)
	}
	err := os.Link(tmp, name)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	if err := checkTarget(name, false); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

// syncDir syncs a folder so that a rename in it survives a crash (where
// the system can; an error changes nothing for the file written).
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
