#!/usr/bin/env bash
# A/B of builds in one device call: the benchmark's table (part 1 only) from each bundle
# folder given, one after another in the same run, on the same GPU.
#   BATCHES=9,16,32,64 tools/gpu_ab.sh OUTDIR bundle bundle_patched ...
# BENCH_ARGS adds options to every bench (e.g. "--dims deepseek"). Writes
# OUTDIR/<bundle>.txt (table), .csv and .err (progress and errors); a bundle named twice
# keeps its last run's files (the tables are in stdout too).
# Each bundle gets BENCH_TIMEOUT seconds (default 60; three batches took 3-4 s in run
# 25, perf/RESULTS.md), so a candidate that hangs costs one minute, not the call.
set -uo pipefail
source "$(dirname "$0")/gpu_env.sh" "${1:?usage: tools/gpu_ab.sh OUTDIR BUNDLE...}"
shift
for b in "$@"; do
  name=$(basename "$b")
  echo "== $name ($(cat "$b/COMMIT" 2>/dev/null))"
  (cd "$b" && timeout ${BENCH_TIMEOUT:-60} ./bench --batches "${BATCHES:-9,16,32,64}" \
    ${BENCH_ARGS:-} --table-only --csv "$out/$name.csv" > "$out/$name.txt" 2> "$out/$name.err")
  echo "exit $? after $SECONDS s"; cat "$out/$name.txt"
done
