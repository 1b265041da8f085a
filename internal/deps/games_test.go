// games_test.go: the sibling games' module stands on its own: of this module it takes the public helpers under lib/ and nothing else.

package deps

import (
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gamesMay says which of this module's packages the games' module (games/go.mod) may
// import: the public helpers under lib/, which import nothing of the engine. Go's internal
// rule does not keep it off littlego/internal (both paths start with littlego/), so this
// test does; and nothing of the engine, the search or the tables.
func gamesMay(path string) bool {
	return strings.HasPrefix(path, modulePath+"/lib/") || strings.HasPrefix(path, modulePath+"/games/")
}

func TestGamesTakeOnlyTheLibrary(t *testing.T) {
	root, err := filepath.Abs("../../games")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("the games' module: %v", err)
	}
	seen := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		p, err := build.Default.ImportDir(path, 0)
		if err != nil {
			if _, none := err.(*build.NoGoError); none {
				return nil
			}
			return err
		}
		seen++
		for _, imp := range slices.Concat(p.Imports, p.TestImports, p.XTestImports) {
			if strings.HasPrefix(imp, modulePath+"/") && !gamesMay(imp) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("games/%s imports %s: the games take only %s/lib/...", filepath.ToSlash(rel), imp, modulePath)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 4 || gamesMay(modulePath+"/internal/cputime") || gamesMay(modulePath+"/engine") {
		t.Errorf("%d packages of the games seen; the rule %v", seen, gamesMay(modulePath+"/engine"))
	}
}
