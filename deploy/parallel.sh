#!/bin/sh
# parallel.sh: every shard of one level of the opening table through GNU parallel, on this machine or over ssh.
#
# usage: [LEVEL=5] [SHARDS=384] [OUT=shards] [LITTLEGO=littlego] [ROOT=] [SOLVE_FLAGS=] deploy/parallel.sh [parallel options]
#
# Shard i runs `littlego solve table build -level LEVEL -shard i/SHARDS -o OUT`, a pure function of i: run
# the script again after a stop and finished shards are skipped, stopped ones resume from
# their checkpoint. Then `littlego solve table merge -o table.lgtb OUT` joins them (deploy/README.md).
set -eu
LEVEL=${LEVEL:-5}
SHARDS=${SHARDS:-384}
OUT=${OUT:-shards}
LITTLEGO=${LITTLEGO:-littlego}
ROOT=${ROOT:-}
mkdir -p "$OUT"
# -q quotes each argument for the shell parallel starts (ROOT holds spaces); SOLVE_FLAGS
# is a list of flags, split on purpose.
# shellcheck disable=SC2086
seq 0 $((SHARDS - 1)) | parallel --will-cite --halt now,fail=1 -q "$@" \
  "$LITTLEGO" solve table build -level "$LEVEL" -shard "{}/$SHARDS" -root "$ROOT" -o "$OUT" ${SOLVE_FLAGS:-}
