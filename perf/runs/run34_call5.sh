#!/usr/bin/env bash
# Run 34, call 5 (perf/RESULTS.md), nvidia-h200: a diagnostic, wfd (02fc0bd, branch
# r34_wfd: call 3's wf with the trace point of its held K loops taken once every fill
# has landed). Its limits rows then split those loops into "every h (x) landed" and the
# MMAs alone: design TP16 B = 9, 16 (the down loop) and DeepSeek TP16 B=9 (the gate/up
# loop and the down loop), three processes each.
# carry: bundle_wfd
date -u
for i in 1 2 3; do
  BUNDLE=bundle_wfd CELLS="16 9;16 16" timeout 40 tools/limits.sh $OUT/l 2>&1 | tail -2
  SHX_DIMS=deepseek BUNDLE=bundle_wfd CELLS="16 9" timeout 30 tools/limits.sh $OUT/l 2>&1 | tail -1
done
echo "all done after $SECONDS s"
