// Package opening holds what is proved of the game's opening and shipped inside the
// program: the opening table (opening.lgtb: every position of the first levels with its
// proved value, and for the first few its exact margin) and Black's opening book
// (book.lgtb: a proved winning move for every position Black reaches by following it),
// each an embedded table file (package tablebase) looked up under the eight symmetries.
//
// It stands below both of its readers: facts names them as the sources of what it
// proves (facts.Table, facts.Book), and the engine plays their moves.
package opening
