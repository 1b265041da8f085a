#!/usr/bin/env bash
# libego-compare.sh: libego's 5x5 playouts and littlego's side by side, per CPU-second
# and per move, interleaved in one run.
#
#   bench/libego-compare.sh DRIVER [ROUNDS]
#
# DRIVER is a program built outside the repository around libego's own code
# (docs/performance.md says what it must do): `DRIVER POLICY N`, POLICY gamma or light,
# plays N playouts from the empty board and prints the one line
# "POLICY PLAYOUTS MOVES CPU_SECONDS" (MOVES: every action played, passes included;
# CPU_SECONDS: user+system CPU of the playout loop). N is set once, from a first run of
# 10000 playouts of each policy, so that a run takes about a second (LIBEGO_PLAYOUTS
# fixes it instead). littlego's side is BenchmarkPlayout/pattern/empty beside gamma and
# BenchmarkPlayout/light/empty beside light, each for -benchtime 1s (LITTLEGO_BENCHTIME
# overrides it), with their playouts/cpu-s and moves/playout. Each round prints, for
# both pairs, playouts and moves per CPU-second and moves per playout of each side, and
# littlego's rate over libego's per move and per playout. Run it from the repository
# root; ROUNDS defaults to 5.
set -euo pipefail
shopt -s inherit_errexit
if [[ $# -lt 1 || $# -gt 2 || ! -x "$1" || -d "$1" ]]; then
	echo "usage: $0 DRIVER [ROUNDS]   (DRIVER: an executable libego playout driver)" >&2
	exit 2
fi
driver=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
rounds=${2:-5}
if ! [[ $rounds =~ ^[1-9][0-9]*$ ]]; then
	echo "$0: ROUNDS must be a positive integer, not $rounds" >&2
	exit 2
fi
fixed=${LIBEGO_PLAYOUTS:-}
if [[ -n $fixed && ! $fixed =~ ^[1-9][0-9]*$ ]]; then
	echo "$0: LIBEGO_PLAYOUTS must be a positive integer, not $fixed" >&2
	exit 2
fi
benchtime=${LITTLEGO_BENCHTIME:-1s}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go test -c -o "$work/bench.test" ./bench

# libego POLICY N runs the driver and prints "PLAYOUTS MOVES CPU_SECONDS" after checking
# that its output is the one well-formed line of the contract.
libego() {
	local out
	if ! out=$("$driver" "$1" "$2"); then
		echo "libego-compare: $driver $1 $2 failed" >&2
		return 1
	fi
	awk -v pol="$1" '
		NR == 1 && NF == 4 && $1 == pol && $2 ~ /^[0-9]+$/ && $2 > 0 && $3 ~ /^[0-9]+$/ &&
			$4 ~ /^[0-9]*\.?[0-9]+([eE][-+]?[0-9]+)?$/ && $4 > 0 { line = $2 " " $3 " " $4; next }
		{ bad = 1 }
		END {
			if (bad || line == "") { print "libego-compare: the driver printed no \"" pol " PLAYOUTS MOVES CPU_SECONDS\" line with CPU time" > "/dev/stderr"; exit 1 }
			print line
		}' <<<"$out"
}

# littlego NAME prints "PLAYOUTS_PER_CPU_S MOVES_PER_PLAYOUT" of BenchmarkPlayout/NAME/empty.
littlego() {
	"$work/bench.test" -test.run '^$' -test.bench "^BenchmarkPlayout\$/^$1\$/^empty\$" -test.benchtime "$benchtime" |
		awk -v name="$1" '
			$1 ~ "^BenchmarkPlayout/" name "/empty" {
				for (i = 2; i < NF; i++) {
					if ($(i+1) == "playouts/cpu-s") p = $i
					if ($(i+1) == "moves/playout") m = $i
				}
			}
			END {
				if (p == "" || m == "") { print "libego-compare: BenchmarkPlayout/" name "/empty reported no playouts/cpu-s or moves/playout" > "/dev/stderr"; exit 1 }
				print p, m
			}'
}

# playouts POLICY prints the driver's N for POLICY: about one CPU-second of playouts.
playouts() {
	if [[ -n $fixed ]]; then
		echo "$fixed"
		return
	fi
	libego "$1" 10000 | awk '{ n = $1 / ($3 < 0.001 ? 0.001 : $3); printf "%d", n < 1000 ? 1000 : n }'
}
n_gamma=$(playouts gamma)
n_light=$(playouts light)
echo "libego playouts per run: gamma $n_gamma, light $n_light; littlego -benchtime $benchtime; ratios: littlego over libego"

printf '%5s  %-13s  %15s  %15s  %12s  %17s  %17s  %14s  %10s  %13s\n' round pair \
	libego-po/cpu-s libego-mv/cpu-s libego-mv/po littlego-po/cpu-s littlego-mv/cpu-s littlego-mv/po \
	ratio/move ratio/playout
for r in $(seq "$rounds"); do
	for pair in gamma:pattern light:light; do
		pol=${pair%%:*} ours=${pair#*:}
		n=$n_light
		if [[ $pol == gamma ]]; then
			n=$n_gamma
		fi
		e=$(libego "$pol" "$n")
		l=$(littlego "$ours")
		awk -v r="$r" -v pair="$pol/$ours" -v e="$e" -v l="$l" 'BEGIN {
			split(e, a, " "); split(l, b, " ")
			ep = a[1] / a[3]; em = a[2] / a[3]; emp = a[2] / a[1]
			lp = b[1]; lmp = b[2]; lm = lp * lmp
			printf "%5d  %-13s  %15.0f  %15.0f  %12.2f  %17.0f  %17.0f  %14.2f  %10.2f  %13.2f\n",
				r, pair, ep, em, emp, lp, lm, lmp, lm / em, lp / ep
		}'
	done
done
