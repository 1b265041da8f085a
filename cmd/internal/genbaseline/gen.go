// gen.go: the renaming and merging that turn the solver's source files at a commit into the baseline's test files.

package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// prefix starts every renamed name: the baseline's copy of worker is baseWorker, of New
// baseNew, so that both solvers live in one package.
const prefix = "base"

// output is one baseline file and the solver files it is made of, in order.
type output struct {
	name    string
	sources []string
}

// outputs are the baseline's files: the search (its core and the static bounds) and the
// solver around it (its entry points and the transposition table).
var outputs = []output{
	{"baseline_search_test.go", []string{"search.go", "bounds.go"}},
	{"baseline_solver_test.go", []string{"solver.go", "table.go"}},
	{"baseline_dfpn_test.go", []string{"dfpn.go"}},
}

// moved are the module's packages that have moved since the baseline's commit: the
// baseline imports them where they are today.
var moved = map[string]string{
	"littlego/internal/cputime": "littlego/lib/cputime",
}

// fix is one edit of a source file, after the renaming, that lets the baseline compile
// beside today's solver: old is replaced by new, and must occur exactly once; imports
// are what new needs beyond the file's own.
type fix struct {
	file, old, new string
	imports        []string
}

// fixes are the edits: the table's prefetch is the assembly routine of today's package,
// which takes today's bucket, of the same layout as the baseline's.
var fixes = []fix{
	{"table.go", "{ prefetch(&t.buckets[key&t.mask]) }",
		"{\n\tprefetch((*bucket)(unsafe.Pointer(&t.buckets[key&t.mask]))) // the same layout as today's bucket\n}",
		[]string{`"unsafe"`}},
}

// sourceFiles lists every file the outputs are made of.
func sourceFiles(outputs []output) []string {
	var out []string
	for _, o := range outputs {
		out = append(out, o.sources...)
	}
	return out
}

// renamed returns the baseline's name of a package-level name: prefix and the name with
// its first letter upper-cased (busyLeft is baseBusyLeft, Solver baseSolver).
func renamed(name string) string {
	r, n := utf8.DecodeRuneInString(name)
	return prefix + string(unicode.ToUpper(r)) + name[n:]
}

// parsed is one source file, parsed with its comments and its names resolved.
type parsed struct {
	name string
	src  []byte
	file *ast.File
	fset *token.FileSet
}

// generate turns the sources (file name to text, as at commit) into the outputs' files
// (file name to text).
func generate(commit string, sources map[string][]byte, outputs []output) (map[string][]byte, error) {
	files := map[string]*parsed{}
	for _, name := range sourceFiles(outputs) {
		src, ok := sources[name]
		if !ok {
			return nil, fmt.Errorf("no %s at %s", name, commit)
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files[name] = &parsed{name, src, f, fset}
	}
	names := map[string]bool{}
	for _, p := range files {
		for _, n := range packageNames(p.file) {
			names[n] = true
		}
	}
	out := map[string][]byte{}
	for _, o := range outputs {
		var parts []*parsed
		for _, name := range o.sources {
			parts = append(parts, files[name])
		}
		text, err := merge(commit, o, parts, names)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", o.name, err)
		}
		out[o.name] = text
	}
	return out, nil
}

// packageNames returns the names a file declares at package level (methods aside).
func packageNames(f *ast.File) []string {
	var out []string
	add := func(id *ast.Ident) {
		if id.Name != "_" && id.Name != "init" {
			out = append(out, id.Name)
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				add(d.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(s.Name)
				case *ast.ValueSpec:
					for _, id := range s.Names {
						add(id)
					}
				}
			}
		}
	}
	return out
}

// renames returns the offsets in p's text of every identifier that names one of the
// package-level names: not a selector's field or method, a method's name, a key of a
// composite literal (a struct's field), nor a local name that shadows one.
func renames(p *parsed, names map[string]bool) []int {
	skip := map[*ast.Ident]bool{}
	ast.Inspect(p.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.FuncDecl:
			if n.Recv != nil {
				skip[n.Name] = true
			}
		case *ast.KeyValueExpr:
			if id, ok := n.Key.(*ast.Ident); ok {
				skip[id] = true
			}
		}
		return true
	})
	offsets := docNames(p)
	ast.Inspect(p.file, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok || !names[id.Name] || skip[id] {
			return true
		}
		if id.Obj != nil && p.file.Scope.Lookup(id.Name) != id.Obj {
			return true // a local name, a parameter or a field
		}
		offsets = append(offsets, p.fset.Position(id.Pos()).Offset)
		return true
	})
	return offsets
}

// docNames returns the offsets of the declared names that open the doc comments of p's
// package-level declarations ("// worker is ..." becomes "// baseWorker is ..."); the
// comment over a parenthesized group, which names none of its specs, is left as it is.
func docNames(p *parsed) []int {
	var offsets []int
	add := func(doc *ast.CommentGroup, name *ast.Ident) {
		if doc == nil || name.Name == "_" || name.Name == "init" {
			return
		}
		first := doc.List[0]
		if strings.HasPrefix(first.Text, "// "+name.Name+" ") {
			offsets = append(offsets, p.fset.Position(first.Pos()).Offset+len("// "))
		}
	}
	for _, d := range p.file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				add(d.Doc, d.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				doc := d.Doc
				if d.Lparen.IsValid() {
					doc = nil
				}
				switch s := s.(type) {
				case *ast.TypeSpec:
					add(cmp.Or(s.Doc, doc), s.Name)
				case *ast.ValueSpec:
					add(cmp.Or(s.Doc, doc), s.Names[0])
				}
			}
		}
	}
	return offsets
}

// body returns p's text with the names renamed and the fixes made, from after its
// imports (or its package clause) to the end, and the imports it needs.
func body(p *parsed, names map[string]bool) (text []byte, imports []string, err error) {
	src := slices.Clone(p.src)
	offsets := renames(p, names)
	sort.Sort(sort.Reverse(sort.IntSlice(offsets)))
	for _, off := range offsets {
		end := off + len(identAt(src, off))
		src = slices.Concat(src[:off], []byte(renamed(string(src[off:end]))), src[end:])
	}
	start := p.fset.Position(p.file.Name.End()).Offset
	for _, d := range p.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.IMPORT {
			break
		}
		start = p.fset.Position(g.End()).Offset
		for _, s := range g.Specs {
			s := s.(*ast.ImportSpec)
			imp := s.Path.Value
			if s.Name != nil {
				imp = s.Name.Name + " " + imp
			}
			imports = append(imports, imp)
		}
	}
	for i, imp := range imports {
		path, _ := strconv.Unquote(imp[strings.LastIndex(imp, " ")+1:])
		if to, ok := moved[path]; ok {
			imports[i] = strings.Replace(imp, strconv.Quote(path), strconv.Quote(to), 1)
		}
	}
	// The offsets before start did not move: only names after the imports are renamed.
	text = bytes.TrimSpace(src[start:])
	for _, f := range fixes {
		if f.file != p.name {
			continue
		}
		if n := bytes.Count(text, []byte(f.old)); n != 1 {
			return nil, nil, fmt.Errorf("%s: the fix of %q matches %d times, not once", p.name, f.old, n)
		}
		text = bytes.Replace(text, []byte(f.old), []byte(f.new), 1)
		imports = append(imports, f.imports...)
	}
	return text, imports, nil
}

// identAt returns the identifier that starts at off in src.
func identAt(src []byte, off int) string {
	end := off
	for end < len(src) {
		r, n := utf8.DecodeRune(src[end:])
		if r != '_' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		end += n
	}
	return string(src[off:end])
}

// merge writes one baseline file: the generated header, the union of the parts'
// imports, and their renamed bodies one after another, formatted.
func merge(commit string, o output, parts []*parsed, names map[string]bool) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by cmd/internal/genbaseline from solver/%s at %s. DO NOT EDIT.\n\n",
		strings.Join(o.sources, " and solver/"), commit)
	fmt.Fprintf(&b, "// %s: the solver's %s as of %s, its package-level names renamed\n", o.name, strings.Join(o.sources, " and "), short(commit))
	fmt.Fprintf(&b, "// (worker is %s): the baseline of the paired speed benchmark (paired_bench_test.go).\n", renamed("worker"))
	b.WriteString("// Regenerate it with go generate ./solver (cmd/internal/genbaseline).\n\n")
	b.WriteString("package solver\n\n")
	var bodies [][]byte
	var std, module []string
	for _, p := range parts {
		text, imports, err := body(p, names)
		if err != nil {
			return nil, err
		}
		bodies = append(bodies, text)
		for _, imp := range imports {
			path, _ := strconv.Unquote(imp[strings.LastIndex(imp, " ")+1:])
			list := &std
			if strings.Contains(path, "/") && strings.Contains(strings.SplitN(path, "/", 2)[0], ".") || strings.HasPrefix(path, "littlego") {
				list = &module
			}
			if !slices.Contains(*list, imp) {
				*list = append(*list, imp)
			}
		}
	}
	b.WriteString("import (\n")
	for _, group := range [][]string{std, module} {
		slices.Sort(group)
		for _, imp := range group {
			b.WriteString("\t" + imp + "\n")
		}
		b.WriteString("\n")
	}
	b.WriteString(")\n\n")
	b.Write(bytes.Join(bodies, []byte("\n\n")))
	b.WriteString("\n")
	return format.Source(b.Bytes())
}

// short returns the commit's abbreviation the documents use (its first 7 digits).
func short(commit string) string {
	if len(commit) > 7 {
		return commit[:7]
	}
	return commit
}
