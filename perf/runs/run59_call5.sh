#!/usr/bin/env bash
# Run 59 call 5: TRIGGER AT START with the first ring via L2 (branch r59_t0l2 `2c4e7c9`,
# on r59_t0): where a kFused CTA triggers at once, nothing is loaded into its shared memory
# before the wait: the first ring's weights (a down-only CTA: its down tile) are asked into
# L2 (a prefetch leaves nothing in flight for the fences of the SM's other CTAs), then
# loaded after the wait. Call 4 showed the h release waiting for the next grid's copies in
# flight whatever the domain (0.53 -> 2.01 us) while the gap fell to 0.41. The candidate's
# 1-GPU fused and mailbox tests; bench --table-only, main (bundle, `94662be`) and the
# candidate alternated, two rounds, design B = 9, 16, 32, 48 and DeepSeek B = 9, 16, 32, 64;
# limits at TP16 B = 9, 16 of the candidate.
# Build first (here, with Bazel):
#   git checkout r59_t0l2 && tools/bundle.sh bundle_l2 ab && git checkout main
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call5.tar.xz bundle bundle_l2
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call5.tar.xz && cat bundle/COMMIT bundle_l2/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for t in group_fused_1gpu_test mailbox_gpu_test; do
  (cd bundle_l2 && timeout 150 ./$t > $OUT/l2_$t.log 2>&1); echo "l2 $t: exit $?"
  tail -2 $OUT/l2_$t.log
done
for round in 1 2; do
  BATCHES=9,16,32,48 tools/gpu_ab.sh $OUT/d$round bundle bundle_l2 | grep -v "^ *$"
  BATCHES=9,16,32,64 BENCH_ARGS="--dims deepseek" tools/gpu_ab.sh $OUT/s$round bundle \
    bundle_l2 | grep -v "^ *$"
done
echo "== limits bundle_l2"
BUNDLE=bundle_l2 CELLS="16 9;16 16" tools/limits.sh $OUT/limits 2>&1 | tail -8
(cd $OUT && rm -f */*.err && tar czf ab.tgz d1 d2 s1 s2 && rm -rf d1 d2 s1 s2 limits)
echo "done after $SECONDS s"
