#!/usr/bin/env bash
# Run 59 call 7: main's final bench end to end (`bench --quick`: part 1 at B = 9, 64, the
# PDL on/off lines, part 2 with both stand-ins, part 3 skipped on one GPU, the policy
# file), after the review's mends to perf/bench.c and perf/floor.cu; and --beside-only
# refusing --table-only.
# Build first (here, with Bazel):
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call7.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call7.tar.xz && cat bundle/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle
./bench --beside-only --table-only; echo "beside-only with table-only: exit $?"
./bench --quick --csv $OUT/quick.csv --policy $OUT/quick_policy.txt 2>/dev/null
echo "bench --quick: exit $? after $SECONDS s"
