// cputime.go: the CPU clocks every budget in the project is counted on, as the course host counts a move.

// Package cputime reads CPU time as the course hosts charge it: the user plus system
// time of the whole process, every thread and the Go runtime included (getrusage
// RUSAGE_SELF, what the Unix time command reports), and the calling thread's alone
// for players that share a process. One system call a reading (well under a
// microsecond): searches read it every few dozen iterations, not every one.
package cputime
