#!/usr/bin/env bash
# Run 93 call 2: the rest of the merge candidate's validation (90d3d7e, OWN PREFETCH W = 8
# after 1024 cycles). Call 1 ran on an H100 (the tool gave no H200), passed the candidate's
# fused and split group tests and the 100-replay mailbox test, read HGMMA and no LDL/STL
# in its SASS, measured it 0.13 us faster than main, and then ran out of its 600 s in
# the suite (the three candidates' tests took 291 s). Here: the sanitizers at the design
# TP8 B=16 (synccheck, memcheck, racecheck; fused and split), then every other one-GPU
# test of the bundle and the main job (tools/gpu_suite.sh; the three tests of call 1 left
# out of the bundle's TESTS list).
# Build (here, on own_prefetch_merge 90d3d7e): tools/bundle.sh bundle;
#   tar cJf bundle_pack_r93b/run93b.tar.xz bundle                  carry: bundle_pack_r93b
{ date -u; tar xJf bundle_pack_r93b/run93b.tar.xz; echo "bundle: $(cat bundle/COMMIT)"
  nvidia-smi -L; } 2>&1 | tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0 LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ echo "== sanitizers, design dims, tp/B 8 16"
  SHX_DIMS=design SANITIZER_SHAPE="8 16" SANITIZED="fused split" SANITIZER_TIMEOUT=60 \
    TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v_design_8_16 2>&1 | grep -vE "^== (mailbox|group)"
  echo "sanitizers done after $SECONDS s"; } 2>&1 | tee -a $OUT/call.txt
(cd $OUT && tar czf sanitizers.tgz v_* 2>/dev/null; rm -rf v_*)
grep -vxE "group_fused_1gpu_test|group_split_1gpu_test|mailbox_gpu_test" bundle/TESTS > TESTS.rest
mv TESTS.rest bundle/TESTS; echo "tests: $(tr '\n' ' ' < bundle/TESTS)" | tee -a $OUT/call.txt
TEST_TIMEOUT=200 MAIN_TIMEOUT=150 tools/gpu_suite.sh $OUT/suite > /dev/null 2>&1
cat $OUT/suite/call.txt >> $OUT/call.txt
echo "suite done after $SECONDS s" | tee -a $OUT/call.txt
