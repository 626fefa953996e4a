#!/usr/bin/env bash
# Run 46, call 7 (perf/RESULTS.md), nvidia-h200: tools/same_sass.sh (new; the SASS
# comparison of calls 5 and 6 as a tool) on call 6's bundles: the final kernel (bundle,
# 39ed0a7) against main before run 46 (bundle_n, a30f46f). Expected as in call 6: 64
# same, 8 different (the gate instances at N <= 32), 1 only in bundle (kFusedX).
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call6.tar.xz && cat bundle/COMMIT bundle_n/COMMIT
tools/same_sass.sh bundle bundle_n | tee $OUT/same_sass.txt | tail -12
echo "exit ${PIPESTATUS[0]} after $SECONDS s"
