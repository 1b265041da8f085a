// tree_test.go: game trees with variations written exactly and read back equal, other programs' files kept property for property, collections and the main line's note.

package sgf

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"littlego/board"
)

// sampleTree is a game with two variations at move 2, one nested, text that needs
// escapes, a hard line break, a multi-valued and an unknown property.
func sampleTree() *Node {
	root := NewNode(Prop("GM", "1"), Prop("FF", "4"), Prop("SZ", "5"), Prop("KM", "2.5"), Prop("C", `a \ and a ] and
a second line`))
	b1 := root.Add(MoveNode(board.Black, pt(2, 2)))
	w2 := b1.Add(MoveNode(board.White, pt(1, 2)))
	w2.Add(MoveNode(board.Black, pt(1, 1))).Add(MoveNode(board.White, board.Pass))
	alt := b1.Add(NewNode(Prop("W", "cd"), Prop("BM", "1"), Prop("C", "W 3,2: a blunder")))
	alt.Add(NewNode(Prop("B", "dc"), Prop("SQ", "bb", "dd"), Prop("XY", "unknown [kept]")))
	alt.Add(MoveNode(board.Black, board.Pass)).Add(MoveNode(board.White, board.Pass))
	b1.Add(NewNode(Prop("W", "")))
	return root
}

const sampleTreeText = `(;GM[1]FF[4]SZ[5]KM[2.5]C[a \\ and a \] and
a second line]
;B[cc]
(;W[cb];B[bb];W[])
(;W[cd]BM[1]C[W 3,2: a blunder]
(;B[dc]SQ[bb][dd]XY[unknown [kept\]])
(;B[];W[]))
(;W[]))
`

// TestWriteTreesExact: the layout and the escapes, byte for byte.
func TestWriteTreesExact(t *testing.T) {
	var b bytes.Buffer
	if err := WriteTrees(&b, sampleTree()); err != nil {
		t.Fatal(err)
	}
	if b.String() != sampleTreeText {
		t.Errorf("WriteTrees:\n%s\nwant:\n%s", b.String(), sampleTreeText)
	}
}

// TestTreeRoundTrip: a tree with variations read back is equal to the one written, and
// written again gives the same bytes.
func TestTreeRoundTrip(t *testing.T) {
	tree := sampleTree()
	var b bytes.Buffer
	if err := WriteTrees(&b, tree, tree); err != nil {
		t.Fatal(err)
	}
	trees, err := ParseTrees(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatalf("ParseTrees: %v\n%s", err, b.String())
	}
	if len(trees) != 2 || !trees[0].Equal(tree) || !trees[1].Equal(tree) {
		t.Fatalf("round trip: %d trees, equal %v", len(trees), len(trees) == 2 && trees[0].Equal(tree))
	}
	var again bytes.Buffer
	if err := WriteTrees(&again, trees...); err != nil {
		t.Fatal(err)
	}
	if again.String() != b.String() {
		t.Errorf("written again:\n%s\nfirst:\n%s", again.String(), b.String())
	}
	if n := tree.Variations(); n != 3 {
		t.Errorf("Variations = %d, want 3", n)
	}
	if tree.Equal(trees[0].Children[0].Children[1]) {
		t.Error("Equal holds for different trees")
	}
}

// TestParseTreesText: soft line breaks are removed, hard ones kept, escapes resolved,
// properties kept in file order with all their values.
func TestParseTreesText(t *testing.T) {
	trees, err := ParseTrees(strings.NewReader("(;SZ[5]ZZ[1]C[soft\\\nbreak, soft\\\r\nCRLF, hard\nbreak, \\\\ \\] \\: \\x]AB[aa][bb](;B[cc]))"))
	if err != nil {
		t.Fatal(err)
	}
	root := trees[0]
	if got := root.Value("C"); got != "softbreak, softCRLF, hard\nbreak, \\ ] : x" {
		t.Errorf("C = %q", got)
	}
	var ids []string
	for _, p := range root.Props {
		ids = append(ids, p.ID)
	}
	if strings.Join(ids, " ") != "SZ ZZ C AB" {
		t.Errorf("properties in order %v", ids)
	}
	if v, _ := root.Get("AB"); !slices.Equal(v, []string{"aa", "bb"}) {
		t.Errorf("AB = %v", v)
	}
	if len(root.Children) != 1 || root.Children[0].Value("B") != "cc" {
		t.Errorf("children %v", root.Children)
	}
}

// TestMainLineNote: Parse reads the main line of a tree with variations, counts them,
// and says so.
func TestMainLineNote(t *testing.T) {
	g, err := Parse(strings.NewReader(sampleTreeText))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 4 || g.Moves[1].Point != pt(1, 2) || g.Variations != 3 {
		t.Errorf("main line %v, %d variations", g.Moves, g.Variations)
	}
	if note := g.MainLineNote(); !strings.Contains(note, "3 variations") || !strings.Contains(note, "main line is read") {
		t.Errorf("note %q", note)
	}
	g, _ = Parse(strings.NewReader("(;SZ[5];B[cc])"))
	if note := g.MainLineNote(); note != "" {
		t.Errorf("note without variations %q", note)
	}
}

// TestParseAll: a collection's games, each its main line; a bad game is named.
func TestParseAll(t *testing.T) {
	games, err := ParseAll(strings.NewReader("(;SZ[5];B[cc])\n(;SZ[5];B[aa];W[])"))
	if err != nil || len(games) != 2 || len(games[1].Moves) != 2 {
		t.Fatalf("ParseAll: %v, %+v", err, games)
	}
	if _, err := ParseAll(strings.NewReader("(;SZ[5])(;SZ[9])")); err == nil || !strings.Contains(err.Error(), "game 2 of 2") {
		t.Errorf("ParseAll error %v, want one naming game 2 of 2", err)
	}
}

// TestWriteTreesRejects: what cannot be written as SGF is an error, not a bad file.
func TestWriteTreesRejects(t *testing.T) {
	cases := map[string]*Node{
		"lower-case": NewNode(Prop("sz", "5")),
		"empty id":   NewNode(Prop("", "5")),
		"no value":   NewNode(Prop("SZ")),
	}
	for name, n := range cases {
		if err := WriteTrees(&bytes.Buffer{}, n); err == nil {
			t.Errorf("%s: WriteTrees accepted it", name)
		}
	}
	deep := NewNode(Prop("SZ", "5"))
	for n, k := deep, 0; k <= maxDepth+1; k++ {
		n.Add(MoveNode(board.Black, board.Pass))
		n = n.Add(MoveNode(board.White, board.Pass))
	}
	if err := WriteTrees(&bytes.Buffer{}, deep); err == nil {
		t.Error("WriteTrees wrote variations nested deeper than Parse reads")
	}
}

// TestOtherProgramsFiles reads files written the way KaTrain and Sabaki write them
// (made by hand from their documented properties: KaTrain's KTV version and KT analysis
// of three gzip+base64 values, its KTSID/KTSF shortcuts and comment markers; Sabaki's
// SBKV/SBKS win rate and score, its annotations, marks, set-up stones, MN, HO, VW),
// keeps every property in order with its values through a write and a second read, and
// reads the main line of KaTrain's with Parse.
func TestOtherProgramsFiles(t *testing.T) {
	for _, name := range []string{"katrain.sgf", "sabaki.sgf"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			trees, err := ParseTrees(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			if err := WriteTrees(&out, trees...); err != nil {
				t.Fatal(err)
			}
			back, err := ParseTrees(bytes.NewReader(out.Bytes()))
			if err != nil || len(back) != len(trees) || !back[0].Equal(trees[0]) {
				t.Fatalf("read back: %v, equal %v\n%s", err, err == nil && back[0].Equal(trees[0]), out.String())
			}
			// Every identifier of the file is in the tree, in the file's order.
			if got, want := treeIDs(trees[0]), fileIDs(string(data)); !slices.Equal(got, want) {
				t.Errorf("properties\n got %v\nwant %v", got, want)
			}
		})
	}
	g, err := Parse(strings.NewReader(readTestdata(t, "katrain.sgf")))
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Moves) != 5 || g.Moves[3].Point != board.Pass || g.Moves[4].Point != board.Pass || g.Variations != 1 {
		t.Errorf("KaTrain's main line: %v, %d variations", g.Moves, g.Variations)
	}
	if _, err := Parse(strings.NewReader(readTestdata(t, "sabaki.sgf"))); err != nil {
		t.Errorf("Sabaki's main line: %v", err)
	}
	trees, _ := ParseTrees(strings.NewReader(readTestdata(t, "sabaki.sgf")))
	setup := trees[0].Children[0].Children[0].Children[1].Children[0]
	if v, _ := setup.Get("AB"); !slices.Equal(v, []string{"aa", "ab"}) || setup.Value("PL") != "W" {
		t.Errorf("Sabaki's set-up node %+v", setup.Props)
	}
}

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// treeIDs lists the property identifiers of a tree in file order (depth first).
func treeIDs(n *Node) []string {
	var ids []string
	for _, p := range n.Props {
		ids = append(ids, p.ID)
	}
	for _, c := range n.Children {
		ids = append(ids, treeIDs(c)...)
	}
	return ids
}

// fileIDs lists the property identifiers of an SGF text outside values, read in its
// own simple way: a run of upper-case letters before '['.
func fileIDs(text string) []string {
	var ids []string
	inValue, escaped := false, false
	id := ""
	for _, r := range text {
		switch {
		case inValue && escaped:
			escaped = false
		case inValue && r == '\\':
			escaped = true
		case inValue && r == ']':
			inValue = false
		case inValue:
		case r == '[':
			if id != "" {
				ids = append(ids, id)
			}
			id, inValue = "", true
		case r >= 'A' && r <= 'Z':
			id += string(r)
		default:
			id = ""
		}
	}
	return ids
}

// FuzzParseTrees: whatever ParseTrees accepts is written, read back equal, and written
// again the same.
func FuzzParseTrees(f *testing.F) {
	f.Add(sampleTreeText)
	f.Add("(;SZ[5](;B[aa](;W[bb])(;W[cc]))(;B[dd]))(;FF[4])")
	f.Add("(;C[a\\\nb\\]c\\\\])")
	f.Fuzz(func(t *testing.T, text string) {
		trees, err := ParseTrees(strings.NewReader(text))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := WriteTrees(&out, trees...); err != nil {
			t.Fatalf("WriteTrees after ParseTrees: %v", err)
		}
		back, err := ParseTrees(bytes.NewReader(out.Bytes()))
		if err != nil {
			t.Fatalf("re-read: %v\n%s", err, out.String())
		}
		for k := range trees {
			if !back[k].Equal(trees[k]) {
				t.Fatalf("tree %d differs after a round trip:\n%s", k, out.String())
			}
		}
		var again bytes.Buffer
		WriteTrees(&again, back...)
		if again.String() != out.String() {
			t.Fatalf("written twice differently:\n%s\n%s", out.String(), again.String())
		}
	})
}
