#!/usr/bin/env bash
# pachi-compare.sh: Pachi's 5x5 search and littlego's default search side by side, in
# playouts (iterations) per CPU-second, interleaved in one run.
#
#   bench/pachi-compare.sh PACHI_BINARY [ROUNDS]
#
# PACHI_BINARY is a Pachi built outside the repository (docs/performance.md names the
# version); it is run from its own folder, as `pachi -t =100000 threads=1` on
# boardsize 5, komi 2.5, genmove b, and its user+system CPU time is read from bash's
# `time`. Each round also times the same run without genmove (start-up and pattern
# loading only) and takes that time out, and counts the playouts Pachi reports on its
# "*** WINNER is" line (played games; the requested number if the line is missing).
# littlego's side is BenchmarkSearchDefault (engine.Defaults()'s search, one worker,
# 100000 iterations in five searches of 20000; -benchtime LITTLEGO_BENCHTIME, 5x by
# default) with its iterations per CPU-second. Run it from the repository root; ROUNDS
# defaults to 5.
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 || ! -x "$1" ]]; then
	echo "usage: $0 PACHI_BINARY [ROUNDS]   (PACHI_BINARY: an executable Pachi)" >&2
	exit 2
fi
pachi=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
rounds=${2:-5}
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
	echo "$0: ROUNDS must be a positive integer, not $rounds" >&2
	exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf 'boardsize 5\nkomi 2.5\nclear_board\ngenmove b\nquit\n' >"$work/g5.gtp"
printf 'boardsize 5\nkomi 2.5\nclear_board\nquit\n' >"$work/load.gtp"
go test -c -o "$work/bench.test" ./bench
playouts=100000
benchtime=${LITTLEGO_BENCHTIME:-5x}
TIMEFORMAT='%U %S'

# pachi_cpu GTP_FILE runs Pachi on GTP_FILE and prints its user+system CPU seconds; its
# stderr goes to $work/pachi.log.
pachi_cpu() {
	local t
	t=$( { time (cd "$(dirname "$pachi")" && "$pachi" -t =$playouts threads=1 <"$1" >/dev/null 2>"$work/pachi.log"); } 2>&1 )
	awk '{ printf "%.3f", $1 + $2 }' <<<"$t"
}

printf 'round  pachi-playouts  pachi-cpu-s  loading-cpu-s  pachi/cpu-s  littlego/cpu-s  ratio\n'
for r in $(seq "$rounds"); do
	load=$(pachi_cpu "$work/load.gtp")
	total=$(pachi_cpu "$work/g5.gtp")
	# Pachi 12.90 (uct/search.c) writes "*** WINNER is C3 with score 84.0% (a/b games),
	# extra komi 5.0", b the root's games, all played by this genmove on a fresh tree;
	# at -d 4 and above "(a/b games, n new)", n the games this genmove played.
	played=$(sed -n -e 's/^\*\*\* WINNER is .* ([0-9]*\/[0-9]* games, \([0-9]*\) new), extra komi .*/\1/p' \
		-e 's/^\*\*\* WINNER is .* ([0-9]*\/\([0-9]*\) games), extra komi .*/\1/p' "$work/pachi.log" | tail -n 1)
	played=${played:-$playouts}
	l=$("$work/bench.test" -test.run '^$' -test.bench '^BenchmarkSearchDefault$' -test.benchtime "$benchtime" |
		awk '/^BenchmarkSearchDefault/ { for (i = 1; i < NF; i++) if ($(i+1) == "iterations/cpu-s") printf "%.0f", $i }')
	awk -v r="$r" -v n="$played" -v t="$total" -v z="$load" -v l="$l" 'BEGIN {
		cpu = t - z
		if (cpu <= 0) { print "pachi: its genmove took no measurable CPU time beyond loading" > "/dev/stderr"; exit 1 }
		p = n / cpu
		printf "%5d  %14d  %11.3f  %13.3f  %11.0f  %14d  %5.2f\n", r, n, t, z, p, l, l / p
	}'
done
