package arena

import (
	"strings"
	"testing"

	"littlego/board"
	"littlego/record"
)

func TestDiagramListsTheMovesAndDrawsTheFinalBoard(t *testing.T) {
	moves := []record.Move{{Color: board.Black, Point: board.PointAt(2, 2), Opening: true},
		{Color: board.White, Point: board.PointAt(1, 2)}, {Color: board.Black, Point: board.Pass},
		{Color: board.White, Point: board.PointAt(0, 0)}, {Color: board.Black, Point: board.NoPoint, Fault: true}}
	r := record.Record{Game: 3, Black: "a", White: "b", Winner: board.White, Detail: "no output", Moves: moves}
	d := Diagram(&r)
	for _, want := range []string{"game   3: a (B)", "1*B 2,2", "2 W 1,2", "3 B PASS", "4 W 0,0", "5!B none",
		"0  O . . . .", "1  . . O . .", "2  . . X . ."} {
		if !strings.Contains(d, want) {
			t.Errorf("diagram lacks %q:\n%s", want, d)
		}
	}
	for _, line := range strings.Split(d, "\n") {
		if strings.HasSuffix(line, " ") {
			t.Errorf("trailing space in %q", line)
		}
	}
}

func TestDiagramOfAnUnreplayableRecordHasNoBoard(t *testing.T) {
	r := record.Record{Game: 1, Moves: []record.Move{{Color: board.Black, Point: board.PointAt(0, 0)},
		{Color: board.White, Point: board.PointAt(0, 0)}}}
	if d := Diagram(&r); strings.Contains(d, "0 1 2 3 4") {
		t.Errorf("a board drawn for an illegal record:\n%s", d)
	}
}

// A faulty move that named no point shows what the agent answered, as the record's
// detail quotes it: an off-board 9,9 is drawn as 9,9, not as "none".
func TestDiagramShowsAFaultyAnswer(t *testing.T) {
	for _, c := range []struct{ detail, want string }{
		{`White's move 2: output.txt says "9,9"`, "2!W 9,9"},
		{`White's move 2: output.txt: expected i,j or PASS, got "hello there, referee"`, "2!W hello there,…"},
		{"White's move 2: the program exited without writing output.txt", "2!W none"},
	} {
		moves := []record.Move{{Color: board.Black, Point: board.PointAt(2, 2)}, {Color: board.White, Point: board.NoPoint, Fault: true}}
		r := record.Record{Game: 1, Black: "a", White: "b", Winner: board.Black, Detail: c.detail, Moves: moves}
		if d := Diagram(&r); !strings.Contains(d, c.want) {
			t.Errorf("%s: diagram lacks %q:\n%s", c.detail, c.want, d)
		}
	}
}
