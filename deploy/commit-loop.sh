#!/bin/sh
# commit-loop.sh: levels of the opening table on this machine, one shard at a time, each
# finished shard committed at once: the build a session starts first and leaves running.
#
# usage: [LEVELS="3:128 4:1024"] [ORDER=up|down] [NICE=0] [LITTLEGO=./littlego] [ROOT=]
#        [KNOWN=opening/opening.lgtb] [SOLVE_FLAGS="-tt 26 -block 4"] deploy/commit-loop.sh
#        (LEVEL=3 SHARDS=128, the older spelling, is LEVELS="3:128")
#
# Run from the top of a checkout (go build -o littlego ./cmd/littlego first). For each
# LEVEL:SHARDS of LEVELS in turn, shard i runs `littlego solve table build -level LEVEL
# -shard i/SHARDS -o deploy/shards/levelLEVEL` at the priority NICE, in index order (ORDER=down:
# from the last shard back): a finished shard (its .lgtb is there) is skipped, a stopped one
# resumes from its checkpoint, and the next level starts when this one is done. Each
# finished shard's file and its per-position log are committed with the build's summary
# line as the message. A position the table KNOWN already proves (the shipped opening table:
# what the levels above imply, the shards merged into it) is recorded from it without a
# search (-known; only for the empty board's table, ROOT empty, and when the file is there;
# KNOWN= turns it off). Shipping a new opening table into the checkout makes the shards
# started after it skip what it proves.
#
# Two loops may share a checkout: each shard is built under a lock of its own (flock, in
# the repository's git directory), so a loop skips the shard the other is building, and
# commits are taken one at a time. The project's machine runs one loop at normal priority
# on its build core and, where the other core has idle time, a second with ORDER=down
# NICE=19, which takes only what nothing else wants; they meet in the middle of a level.
#
# Where the kernel groups processes by session for scheduling
# (/proc/sys/kernel/sched_autogroup_enabled 1), nice on the other work does not keep it off
# the build's core: write 0 there (as root) for the build to keep its core. Before a
# session stops, commit the running shards' checkpoints:
#   git add -A deploy/shards && git commit -m "the opening table: the running shards' checkpoints"
set -eu
LEVELS=${LEVELS:-${LEVEL:-3}:${SHARDS:-128}}
ORDER=${ORDER:-up}
NICE=${NICE:-0}
LITTLEGO=${LITTLEGO:-./littlego}
ROOT=${ROOT:-}
SOLVE_FLAGS=${SOLVE_FLAGS:--tt 26 -block 4}
KNOWN=${KNOWN-opening/opening.lgtb}
if [ -n "$ROOT" ] || [ ! -f "$KNOWN" ]; then KNOWN=; fi
LOCKS=$(git rev-parse --git-common-dir)/shard-locks
mkdir -p "$LOCKS"

# locked FD: takes the lock open on FD without waiting (fails when another loop holds it),
# or, without flock, goes on unlocked (one loop at a time, then).
locked() {
  if command -v flock >/dev/null 2>&1; then flock -n "$1"; fi
}

# build LEVEL I N: builds and commits shard I of N of LEVEL, unless it is built or another
# loop is building it.
build() {
  dir=deploy/shards/level$1
  f=$dir/level$1-shard$2-of-$3.lgtb
  [ -f "$f" ] && return 0
  mkdir -p "$dir"
  (
    locked 9 || exit 0
    [ -f "$f" ] && exit 0
    # SOLVE_FLAGS is a list of flags, split on purpose.
    # shellcheck disable=SC2086
    summary=$(nice -n "$NICE" "$LITTLEGO" solve table build -level "$1" -shard "$2/$3" -root "$ROOT" -o "$dir" -checkpoint 1m -known "$KNOWN" $SOLVE_FLAGS 2>/dev/null)
    (
      if command -v flock >/dev/null 2>&1; then flock 8; fi
      git add -A "$dir"
      git commit -q -m "level $1 shard $2/$3 of the opening table's values" -m "$summary"
    ) 8>"$LOCKS/commit.lock"
    echo "$(date -u +%H:%M:%S) $summary"
  ) 9>"$LOCKS/level$1-shard$2-of-$3.lock"
}

for spec in $LEVELS; do
  level=${spec%%:*}
  shards=${spec#*:}
  k=0
  while [ "$k" -lt "$shards" ]; do
    i=$k
    if [ "$ORDER" = down ]; then i=$((shards - 1 - k)); fi
    build "$level" "$i" "$shards"
    k=$((k + 1))
  done
  built=$(find "deploy/shards/level$level" -name "level$level-shard*-of-$shards.lgtb" | wc -l)
  if [ "$built" -eq "$shards" ]; then
    echo "level $level: all $shards shards built"
  else
    echo "level $level: $built of $shards shards built, the rest being built by another loop"
  fi
done
