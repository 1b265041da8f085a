// nonblock_js.go: js/wasm (the board in a browser) has no FIFOs and no O_NONBLOCK.

//go:build js

package atomicfile

// openNonblock is no flag: js/wasm's file system, where there is one, has no FIFOs.
const openNonblock = 0
