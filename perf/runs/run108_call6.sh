#!/usr/bin/env bash
# Run 108 call 6 (stop 92): the merge candidate with the widened band (3000-5000 GB/s:
# kFusedXOut on an H100 SXM and an H200), bundle_w (19b7346), on any card: the 1-GPU
# fused group test (it wants out_at_wait 1 on both cards and flips it at B = 9, 16) and
# bench's table at TP8 B = 9, 16 (the plan's instance on this card).
#   carry: bundle_pack/run108w.tar.xz
set -u
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda-13.0/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
tar xJf bundle_pack/run108w.tar.xz && cd bundle_w && cat COMMIT && nvidia-smi -L
timeout 120 ./group_fused_1gpu_test > $OUT/group.txt 2>&1; echo "group_fused_1gpu_test exit $?"
grep -E "out_at_wait|passed|FAIL|want" $OUT/group.txt | head -12
timeout 60 ./bench --table-only --tps 8 --batches 9,16 2>/dev/null | grep -E "^ +8 |plans"
