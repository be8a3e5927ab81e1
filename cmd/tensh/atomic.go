package main

import (
	"os"
	"path/filepath"
)

// writeFileAtomic replaces the file name with data: it writes a temporary
// file beside it and renames it over name, so that readers see the old or
// the new content, never a mix. A symbolic link is followed, and the
// file's permissions and owner are kept (0600 for a new file), and what
// is not a regular file is not replaced.
func writeFileAtomic(name string, data []byte) error {
	if real, err := filepath.EvalSymlinks(name); err == nil {
		name = real
	}
	mode := os.FileMode(0o600)
	fi, err := os.Stat(name)
	if err == nil {
		if !fi.Mode().IsRegular() {
			return &os.PathError{Op: "write", Path: name, Err: errNotRegular}
		}
		mode = fi.Mode().Perm()
	}
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, mode)
	}
	if err == nil && fi != nil {
		err = keepOwner(tmp, fi)
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
	}
	return err
}
