#!/usr/bin/env bash
# pachi-compare.sh: Pachi's 5x5 search and littlego's default search side by side, in
# playouts (iterations) per CPU-second, interleaved in one run.
#
#   bench/pachi-compare.sh PACHI_BINARY [ROUNDS]
#
# PACHI_BINARY is a built Pachi (docs/performance.md says how it was built); it is run
# from its own folder, as `pachi -t =100000 threads=1` on boardsize 5, komi 2.5,
# genmove b, and its user+system CPU time is read from bash's `time`. littlego's side
# is BenchmarkSearchDefault (engine.Defaults()'s search, one worker, 100000 iterations
# in five searches of 20000) with its iterations per CPU-second. Run it from the
# repository root; ROUNDS defaults to 5.
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 || ! -x "$1" ]]; then
	echo "usage: $0 PACHI_BINARY [ROUNDS]   (PACHI_BINARY: an executable Pachi)" >&2
	exit 2
fi
pachi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
rounds=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'boardsize 5\nkomi 2.5\nclear_board\ngenmove b\nquit\n' >"$work/g5.gtp"
go test -c -o "$work/bench.test" ./bench
playouts=100000
TIMEFORMAT='%U %S'
printf 'round  pachi/cpu-s  littlego/cpu-s  ratio\n'
for r in $(seq "$rounds"); do
	cpu=$( { time (cd "$(dirname "$pachi")" && "$pachi" -t =$playouts threads=1 <"$work/g5.gtp" >/dev/null 2>"$work/pachi.log"); } 2>&1 )
	p=$(awk -v n=$playouts '{ printf "%.0f", n / ($1 + $2) }' <<<"$cpu")
	l=$("$work/bench.test" -test.run '^$' -test.bench '^BenchmarkSearchDefault$' -test.benchtime 5x |
		awk '/^BenchmarkSearchDefault/ { for (i = 1; i < NF; i++) if ($(i+1) == "iterations/cpu-s") printf "%.0f", $i }')
	awk -v r="$r" -v p="$p" -v l="$l" 'BEGIN { printf "%5d  %11d  %14d  %5.2f\n", r, p, l, l / p }'
done
