// sizecheck.go: the repository's size limits (lines per hand-written file, lines per function) and the walk that checks them.

package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Limits are the sizes a hand-written, non-test Go file and its functions may reach.
type Limits struct {
	// FileLines bounds the lines of a file.
	FileLines int
	// FuncLines bounds the lines of a function, from func to its closing brace.
	FuncLines int
	// Whole bounds the functions over FuncLines that may stay so because their doc
	// comment has a sentence starting "It stays whole" (saying why).
	Whole int
}

// Offence is a file or a function over its limit.
type Offence struct {
	Pos   token.Position // the file's first line, or the function's func keyword
	What  string         // "file", or the function's name as (*T).Name or Name
	Lines int
	// Whole: a function its doc comment keeps whole (counted against Limits.Whole).
	Whole bool
}

// Report is the outcome of a walk: every offence, in path and line order.
type Report struct {
	Offences []Offence
	Files    int // the files checked (hand-written, not tests)
}

// staysWhole matches a doc comment sentence that keeps a long function whole.
var staysWhole = regexp.MustCompile(`(^|[.!?:]\s+)It stays whole\b`)

// Check walks the Go files under root, skipping tests (_test.go), generated files
// (a "// Code generated ... DO NOT EDIT." line before the package clause) and the
// folders the go tool ignores (testdata, and names starting with "." or "_").
func Check(root string, lim Limits) (Report, error) {
	var rep Report
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		rep.Files++
		rep.Offences = append(rep.Offences, checkFile(fset, f, lim)...)
		return nil
	})
	sort.SliceStable(rep.Offences, func(i, j int) bool {
		a, b := rep.Offences[i].Pos, rep.Offences[j].Pos
		return a.Filename < b.Filename || a.Filename == b.Filename && a.Line < b.Line
	})
	return rep, err
}

// checkFile returns the offences of one parsed file.
func checkFile(fset *token.FileSet, f *ast.File, lim Limits) []Offence {
	var out []Offence
	tf := fset.File(f.Pos())
	if n := fileLines(tf); n > lim.FileLines {
		out = append(out, Offence{Pos: fset.Position(tf.Pos(0)), What: "file", Lines: n})
	}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		start, end := fset.Position(fn.Type.Func), fset.Position(fn.Body.Rbrace)
		if n := end.Line - start.Line + 1; n > lim.FuncLines {
			whole := fn.Doc != nil && staysWhole.MatchString(fn.Doc.Text())
			out = append(out, Offence{Pos: start, What: funcName(fn), Lines: n, Whole: whole})
		}
	}
	return out
}

// fileLines returns the number of lines of the file: its newlines, plus one for a last
// line without one.
func fileLines(tf *token.File) int {
	n := tf.LineCount()
	if tf.Size() > 0 && tf.LineStart(n) == tf.Pos(tf.Size()) {
		n-- // the file ends with a newline: no line after it
	}
	return n
}

// funcName returns fn's name, with its receiver's type for a method: (*T).Name.
func funcName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	var recv string
	switch t := fn.Recv.List[0].Type.(type) {
	case *ast.StarExpr:
		recv = "*" + typeName(t.X)
	default:
		recv = typeName(t)
	}
	return "(" + recv + ")." + fn.Name.Name
}

// typeName returns the name of a receiver's base type, type parameters dropped.
func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return typeName(t.X)
	case *ast.IndexListExpr:
		return typeName(t.X)
	}
	return fmt.Sprintf("%T", e)
}

// Failed reports whether rep breaks lim: a file or a function over its limit that is
// not kept whole, or more functions kept whole than allowed.
func (rep Report) Failed(lim Limits) bool {
	whole := 0
	for _, o := range rep.Offences {
		if !o.Whole {
			return true
		}
		whole++
	}
	return whole > lim.Whole
}
