// nonblock.go: the flag that opens a file without waiting for a FIFO's other end, where the system has one.

//go:build !js

package atomicfile

import "syscall"

// openNonblock opens a FIFO without waiting for its other end.
const openNonblock = syscall.O_NONBLOCK
