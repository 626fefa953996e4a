#!/usr/bin/env bash
# Run 55 call 6: TAGGED H (branch r55_tagged_h `e57b3fa`, bundle_tg) against main
# (`6eb49f1`, bundle; kernels `bfaa410`'s). In the kFused N = 16 instance in clusters of
# at most 8 (the design TP16 and the DeepSeek TP8 at B = 9..16) the owners store h as
# words of BF16 | tag << 16 and count in relaxed; each CTA's consumers wait for the count,
# bulk-copy the words into their free ring stages, check the tags and write the down
# fills' B tiles (no h release, grid barrier or h TMA). First the candidate's watchdog
# test (its stuck-counter case runs at TP16 B=16, this instance) and api_test, then
# tools/gpu_candidates.sh: its 1-GPU fused, split and mailbox tests, the A/B twice at both
# dims, the limits at TP16 B = 9, 16 and TP8 B=9.
# Build first (here, with Bazel):
#   git checkout r55_tagged_h && tools/bundle.sh bundle_tg ab
#   bazel build //graphs:watchdog_gpu_test //engine:api_test
#   cp bazel-bin/graphs/watchdog_gpu_test bazel-bin/engine/api_test bundle_tg/
#   git checkout main && tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run55_call6.tar.xz bundle bundle_tg
# carry: bundle_pack
date -u
tar xJf bundle_pack/run55_call6.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for t in watchdog_gpu_test api_test; do
  (cd bundle_tg && timeout 60 ./$t > $OUT/tg_$t.txt 2>&1; echo "== bundle_tg $t exit $?")
  tail -5 $OUT/tg_$t.txt
done
MAIN=bundle CANDIDATES="bundle_tg" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS="16 9;16 16;8 9" timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
cat $OUT/candidates.txt | head -150
echo "all done after $SECONDS s"
