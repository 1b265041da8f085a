// prefetch_amd64.s: a hint to bring a table bucket into the cache ahead of its probe.

#include "textflag.h"

// func prefetch(b *bucket)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ b+0(FP), AX
	PREFETCHT0 (AX)
	RET
