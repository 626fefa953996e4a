#!/usr/bin/env bash
# Run 56 call 1: DOWN APART (branch r56_apart `d8de996`): the plan tries first a grid whose
# gate/up CTAs take no down tile (96 gate/up CTAs + 112 down-only at the design dims, 208
# at two CTAs per SM; the DeepSeek dims 64 + 112), CTAs without down work leave after
# counting their h in, and the barrier's re-arm counts the waiters only. The aim: the
# gate/up CTAs' h release with no down loads of their own in flight, their SM slots free
# for the next grid once they leave, and the down tiles loaded before the wait. Against
# main (`77d2291`, kernels `bfaa410`'s) in one run: the candidate's 1-GPU tests, the A/B
# twice at both dims, the limits at TP16 B=9 and TP8 B=9.
# Build first (here, with Bazel):
#   git checkout r56_apart && tools/bundle.sh bundle_ap ab && git checkout main
#   tools/bundle.sh bundle ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run56_call1.tar.xz bundle bundle_ap
# carry: bundle_pack
date -u
tar xJf bundle_pack/run56_call1.tar.xz
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_ap && timeout 30 ./profile_step fused 16 9 40 1 2>&1 | head -20)
MAIN=bundle CANDIDATES="bundle_ap" BATCHES=9,16,32,64 DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS="16 9;16 16;8 9" timeout 420 tools/gpu_candidates.sh $OUT/c > $OUT/candidates.txt 2>&1
echo "candidates exit $? after $SECONDS s"
cat $OUT/candidates.txt | head -150
echo "all done after $SECONDS s"
