#!/bin/sh
# commit-loop.sh: one level of the opening table on one core of this machine, each finished
# shard committed at once: the build a session starts first and leaves running.
#
# usage: [LEVEL=3] [SHARDS=128] [LITTLEGO=./littlego] [ROOT=] [SOLVE_FLAGS="-tt 26 -block 4"] deploy/commit-loop.sh
#
# Run from the top of a checkout (go build -o littlego ./cmd/littlego first). Shard i of
# SHARDS runs `littlego solve table build -level LEVEL -shard i/SHARDS -o
# deploy/shards/levelLEVEL` at normal priority, one at a time in index order: a finished
# shard (its .lgtb is there) is skipped, a stopped one resumes from its checkpoint. Each
# finished shard's file and its per-position log are committed with the build's summary
# line as the message. Where the kernel groups processes by session for scheduling
# (/proc/sys/kernel/sched_autogroup_enabled 1), nice on the other work does not keep it off
# the build's core: write 0 there (as root) for the build to keep its core. Before a
# session stops, commit the running shard's checkpoint:
#   git add -A deploy/shards && git commit -m "level 3: the running shard's checkpoint"
set -eu
LEVEL=${LEVEL:-3}
SHARDS=${SHARDS:-128}
LITTLEGO=${LITTLEGO:-./littlego}
ROOT=${ROOT:-}
SOLVE_FLAGS=${SOLVE_FLAGS:--tt 26 -block 4}
DIR=deploy/shards/level$LEVEL
mkdir -p "$DIR"
i=0
while [ "$i" -lt "$SHARDS" ]; do
  f=$DIR/level$LEVEL-shard$i-of-$SHARDS.lgtb
  if [ ! -f "$f" ]; then
    # SOLVE_FLAGS is a list of flags, split on purpose.
    # shellcheck disable=SC2086
    summary=$("$LITTLEGO" solve table build -level "$LEVEL" -shard "$i/$SHARDS" -root "$ROOT" -o "$DIR" -checkpoint 1m $SOLVE_FLAGS 2>/dev/null)
    git add -A "$DIR"
    git commit -q -m "level $LEVEL shard $i/$SHARDS of the opening table's values" -m "$summary"
    echo "$(date -u +%H:%M:%S) $summary"
  fi
  i=$((i + 1))
done
echo "level $LEVEL: all $SHARDS shards built"
