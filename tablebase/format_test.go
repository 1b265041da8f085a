// format_test.go: the file format byte for byte (a golden table written out by hand from FORMAT.md), the refusals that tell an unsupported file from a damaged one, and FORMAT.md's tables against the code.

package tablebase

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"littlego/board"
)

// goldenHeader and goldenRecords are a two-record table: the empty board (Black wins by
// +3 with 2,2) and the position after 2,2 (White loses, the margin +3 after 1,2).
func goldenTable() (Header, []Record) {
	empty := board.New()
	after := empty
	after.Play(board.PointAt(2, 2))
	h := Header{Kind: KindTable, Margins: true, Root: Key(&empty), FirstLevel: 0, LastLevel: 1, CompleteThrough: 1,
		Shards: 1, Limit: 1500 * time.Millisecond, CPU: 2 * time.Second, Note: "golden"}
	return h, []Record{
		MakeRecord(after, Entry{Known: true, Win: false, MarginKnown: true, Margin: 3, Best: board.PointAt(1, 2)}),
		MakeRecord(empty, Entry{Known: true, Win: true, MarginKnown: true, Margin: 3, Best: board.PointAt(2, 2)}),
	}
}

// goldenHex is goldenTable's file, written out field by field from FORMAT.md (the
// checksum by a bitwise CRC-32C written apart from this package).
const goldenHex = "" +
	"4c475442" + // magic "LGTB"
	"0100" + // version 1
	"02" + // kind: table
	"01" + // flags: margins
	"0000000000190000" + // root: the empty board's key, ko field 25 (nothing played) << 40
	"00" + "01" + "01" + // first level 0, last level 1, complete through 1
	"00" + // reserved
	"00000000" + "01000000" + // shard 0 of 1
	"dc050000" + // limit 1,500 ms
	"d007000000000000" + // CPU 2,000 ms
	"0200000000000000" + // 2 records
	"0600" + // a note of 6 bytes
	"00000000000000000000" + // reserved
	"e63f71a3" + // CRC-32C of bytes 0-59 and 64 on, by a bitwise CRC-32C written apart from this package
	"676f6c64656e" + // "golden"
	// the empty board: key 25<<40 (level 0), entry best 12 (2,2), known, win, margin known, +3+32 = 35:
	// 25<<54 | 12 | 1<<5 | 1<<6 | 1<<7 | 35<<8 = 0x06400000000023ec
	"ec23000000004006" +
	// after 2,2: stones 3^12 = 531441 (Black on point 12), ko 31 (none) << 40, level 1 << 45;
	// entry best 7 (1,2), known, loss, margin known, 35: (531441 | 31<<40 | 1<<45)<<14 | 0x23a7
	"a763fc060200c00f"

func TestGoldenBytes(t *testing.T) {
	want, err := hex.DecodeString(goldenHex)
	if err != nil {
		t.Fatal(err)
	}
	h, recs := goldenTable()
	got, err := Encode(h, recs)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Encode wrote\n%x\nFORMAT.md says\n%x", got, want)
	}
	tab, err := Decode(want)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(recs)
	if tab.Header != h || !slices.Equal(tab.Records(), recs) {
		t.Errorf("Decode read %+v %x, want %+v %x", tab.Header, tab.Records(), h, recs)
	}
}

// withHeader returns the golden file with its header edited and its checksum made good
// again, so that only the edit is wrong.
func withHeader(t *testing.T, edit func(raw *rawHeader)) []byte {
	t.Helper()
	data, _ := hex.DecodeString(goldenHex)
	var raw rawHeader
	raw.layout(&cursor{buf: data[:HeaderSize]})
	edit(&raw)
	raw.layout(&cursor{buf: data[:HeaderSize], write: true})
	return reseal(data)
}

// reseal writes data's checksum again, so that only an edit is wrong.
func reseal(data []byte) []byte {
	binary.LittleEndian.PutUint32(data[checksumOffset:], checksum(data))
	return data
}

// A file a later writer may have made (a newer version, an unknown flag or kind) is
// unsupported; a damaged one (a reserved byte set, a bad checksum, an old version that
// never was) is invalid; each says which.
func TestUnsupportedAndInvalid(t *testing.T) {
	for _, c := range []struct {
		what string
		data []byte
		want error
	}{
		{"version 2", withHeader(t, func(r *rawHeader) { r.version = 2 }), ErrVersion},
		{"flag bit 1", withHeader(t, func(r *rawHeader) { r.flags |= 2 }), ErrUnsupported},
		{"kind 5", withHeader(t, func(r *rawHeader) { r.kind = 5 }), ErrUnsupported},
		{"kind 0", withHeader(t, func(r *rawHeader) { r.kind = 0 }), ErrFormat},
		{"version 0", withHeader(t, func(r *rawHeader) { r.version = 0 }), ErrFormat},
	} {
		_, err := Decode(c.data)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.what, err, c.want)
		}
		if errors.Is(err, ErrUnsupported) == errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v is not one of unsupported and invalid", c.what, err)
		}
	}
	for _, f := range headerFields {
		if f.name != "reserved" {
			continue
		}
		for i := f.offset; i < f.offset+f.size; i++ {
			data := withHeader(t, func(*rawHeader) {})
			data[i] = 1
			reseal(data)
			if _, err := Decode(data); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "reserved") {
				t.Errorf("reserved byte %d set: %v", i, err)
			}
			if _, err := DecodeHeader(data); !errors.Is(err, ErrInvalid) {
				t.Errorf("reserved byte %d set, DecodeHeader: %v", i, err)
			}
		}
	}
	for _, sentinel := range []error{ErrTruncated, ErrChecksum, ErrFormat} {
		if !errors.Is(sentinel, ErrInvalid) || errors.Is(sentinel, ErrUnsupported) {
			t.Errorf("%v: want invalid only", sentinel)
		}
	}
}

// The record's fields tile its 64 bits in order, without a gap or an overlap.
func TestRecordFieldsTileTheRecord(t *testing.T) {
	fields := []bitField{fieldBest, fieldKnown, fieldWin, fieldMarginKnown, fieldMargin, fieldStones, fieldKo, fieldLevel}
	next := uint(0)
	for i, f := range fields {
		if f.shift != next {
			t.Errorf("field %d starts at bit %d, want %d", i, f.shift, next)
		}
		next = f.shift + f.width
	}
	if next != 64 {
		t.Errorf("the fields end at bit %d, want 64", next)
	}
	if fieldNamed("checksum").offset+fieldNamed("checksum").size != HeaderSize {
		t.Error("the checksum is not the header's last field")
	}
}

// FORMAT.md's header table and record table are the code's: each row's offset (or bits),
// size and field name as the layout walks them.
func TestFormatSpecMatchesTheCode(t *testing.T) {
	spec, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := regexp.MustCompile("(?m)^\\| (\\d+) \\| (\\d+) \\| `([a-z ]+)` \\|").FindAllStringSubmatch(string(spec), -1)
	var got []string
	for _, r := range rows {
		got = append(got, fmt.Sprintf("%s %s %s", r[1], r[2], r[3]))
	}
	var want []string
	for _, f := range headerFields {
		want = append(want, fmt.Sprintf("%d %d %s", f.offset, f.size, f.name))
	}
	if !slices.Equal(got, want) {
		t.Errorf("FORMAT.md's header rows\n%s\nthe layout\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	bits := regexp.MustCompile("(?m)^\\| (\\d+)-(\\d+) \\| `([A-Za-z]+)` \\|").FindAllStringSubmatch(string(spec), -1)
	named := map[string]bitField{"best": fieldBest, "known": fieldKnown, "win": fieldWin, "marginKnown": fieldMarginKnown,
		"margin": fieldMargin, "stones": fieldStones, "ko": fieldKo, "level": fieldLevel}
	if len(bits) != len(named) {
		t.Errorf("FORMAT.md lists %d record fields, the code %d", len(bits), len(named))
	}
	for _, b := range bits {
		f, ok := named[b[3]]
		lo, _ := strconv.Atoi(b[1])
		hi, _ := strconv.Atoi(b[2])
		if !ok || uint(lo) != f.shift || uint(hi) != f.shift+f.width-1 {
			t.Errorf("FORMAT.md: bits %s-%s %s; the code: %+v", b[1], b[2], b[3], f)
		}
	}
	if !strings.Contains(string(spec), fmt.Sprintf("version %d", Version)) {
		t.Errorf("FORMAT.md does not state version %d", Version)
	}
}

// Every table file in the repository still reads: the embedded book and opening table,
// and the shards of a level being built (deploy/shards, where the build commits them).
func TestShippedFilesRead(t *testing.T) {
	shards, _ := filepath.Glob("../deploy/shards/*/*.lgtb*")
	for _, path := range append([]string{"../opening/book.lgtb", "../opening/opening.lgtb"}, shards...) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Decode(data); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}
