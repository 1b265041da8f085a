// Command review finds where Little-Go games were won and lost: it reads game records
// (SGF, the arena's JSON lines (littlego arena -o), or action lists in output.txt's notation), proves the
// value of every position with the solved empty board, the opening book and the exact
// solver, and prints each move's value before and after it, the blunders with their
// winning alternatives, the decisive move on a board, a verdict per game and each
// agent's record (see package review and docs/review.md).
package reviewcmd
