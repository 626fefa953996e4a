#!/usr/bin/env bash
# Run 59 call 4: TRIGGER AT START again, now with SYNC DOMAINS (branch r59_t0 `63371ac`:
# where a kFused CTA triggers early, its producer triggers at once instead of after the
# gate/up MMAs or the exchange; kFusedX (TP8 N = 16) and the late-trigger instances
# unchanged). Run 32's diagnostic (before the domains) made TP16 B=9 0.9 us slower: the
# next grid's first ring lengthened this grid's h release (0.41 -> 1.52 us) while the gap
# fell to 0.41. The domains now separate consecutive steps' fences. The candidate's 1-GPU
# fused and mailbox tests; then bench --table-only, main (bundle, `94662be`) and the
# candidate alternated, two rounds, design B = 9, 16, 32, 48 and DeepSeek B = 9, 16, 32, 64;
# then limits at TP16 B = 9, 16 of both.
# Build first (here, with Bazel):
#   git checkout r59_t0 && tools/bundle.sh bundle_t0 ab && git checkout main
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run59_call4.tar.xz bundle bundle_t0
# carry: bundle_pack
date -u
tar xJf bundle_pack/run59_call4.tar.xz && cat bundle/COMMIT bundle_t0/COMMIT
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for t in group_fused_1gpu_test mailbox_gpu_test; do
  (cd bundle_t0 && timeout 150 ./$t > $OUT/t0_$t.log 2>&1); echo "t0 $t: exit $?"
  tail -2 $OUT/t0_$t.log
done
for round in 1 2; do
  BATCHES=9,16,32,48 tools/gpu_ab.sh $OUT/d$round bundle bundle_t0 | grep -v "^ *$"
  BATCHES=9,16,32,64 BENCH_ARGS="--dims deepseek" tools/gpu_ab.sh $OUT/s$round bundle \
    bundle_t0 | grep -v "^ *$"
done
for b in bundle bundle_t0; do
  echo "== limits $b"
  BUNDLE=$b CELLS="16 9;16 16" tools/limits.sh $OUT/limits_$b 2>&1 | tail -8
done
(cd $OUT && tar czf ab.tgz d1 d2 s1 s2 limits_bundle limits_bundle_t0 && rm -rf d1 d2 s1 s2 limits_bundle limits_bundle_t0)
echo "done after $SECONDS s"
