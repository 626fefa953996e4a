#!/usr/bin/env bash
# Run 95 call 3 (stop 79): LATE IN REGISTERS at N = 24, 32 (branch r95_late_regs d3d14aa)
# against main (df5d0e9): kFused at the design TP8 B = 17..32 loads the 3 / 4 down blocks
# its ring cannot hold into registers (wgmma m64n24/n32 with A from registers), their h
# into a staging area grown for it, and triggers the next grid early. Call 2's DOWN RING
# ONLY diagnostic (bundle_diag, wrong outputs) bounded the gain at 1.2-1.35 us on an H100.
#  1. tools/gpu_candidates.sh: the candidate's fused, split and mailbox tests (fused =
#     split bit for bit at B = 20, 31, 32 among them), HGMMA / LDL-STL, the A/B twice at
#     TP8 and TP16 B = 9, 17, 24, 25, 32, 64, and limits at TP8 B = 24, 32.
#  2. dims_gpu_test of the candidate (other shapes: N = 24, 32 there without late fills).
#  3. One more round with the diagnostic beside them (B = 24, 32).
# Build (here): tools/bundle.sh bundle_m ab (main); tools/bundle.sh bundle_lr ab on the
# branch, plus bazel-bin/graphs/dims_gpu_test copied into bundle_lr; bundle_diag from
# run95_call2; tar cJf bundle_pack/run95_lr.tar.xz bundle_m bundle_lr bundle_diag.
#                                                                 carry: bundle_pack
{ date -u; tar xJf bundle_pack/run95_lr.tar.xz && cat bundle_m/COMMIT bundle_lr/COMMIT;
  nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
MAIN=bundle_m CANDIDATES=bundle_lr BATCHES=9,17,24,25,32,64 LIMIT_CELLS="8 24;8 32" \
  timeout 330 tools/gpu_candidates.sh $OUT/cand 2>&1 | tee $OUT/cand.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_lr && timeout 100 ./dims_gpu_test) > $OUT/dims_lr.log 2>&1
echo "dims_gpu_test (candidate): exit $? after $SECONDS s" | tee -a $OUT/cand.txt
tail -4 $OUT/dims_lr.log | tee -a $OUT/cand.txt
BATCHES=24,32 timeout 60 tools/gpu_ab.sh $OUT/diag bundle_m bundle_diag bundle_lr 2>&1 |
  grep -E "^==|exit| 8 +(24|32) " | tee -a $OUT/cand.txt
echo "done after $SECONDS s"
