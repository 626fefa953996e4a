#!/usr/bin/env bash
# Run 90 call 1: main (f084dc8; its kernels' PTX is 308772a's, tools/same_ptx.sh) on an
# H100 (nvidia-h100-x1), the first run on one: README says the operator is built for
# H100 and H200, and every earlier record is an H200's. Every GPU test and the main job
# (tools/gpu_suite.sh, as run 86 call 3), then the "Clean" checks of run 86 call 2 at the
# design TP8 B=16 (SASS: HGMMA, no LDL/STL; synccheck, memcheck, racecheck, fused and
# split over a graph of two steps).
# Build first (here): tools/bundle.sh bundle; mkdir -p bundle_pack_h100;
#   tar cJf bundle_pack_h100/run90.tar.xz bundle          carry: bundle_pack_h100
PACK=bundle_pack_h100/run90.tar.xz TEST_TIMEOUT=200 MAIN_TIMEOUT=150 tools/gpu_suite.sh $OUT
echo "suite done after $SECONDS s" | tee -a $OUT/call.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem \
  --format=csv | tee -a $OUT/call.txt
{
cuobjdump --dump-sass bundle/group_fused_1gpu_test > sass.txt 2>&1
echo "HGMMA in group_fused_1gpu_test: $(grep -c HGMMA sass.txt)"
echo "LDL/STL in group_fused_1gpu_test: $(grep -cE '\b(LDL|STL)\b' sass.txt)"
rm -f sass.txt
} 2>&1 | tee -a $OUT/call.txt
echo "== sanitizers, design dims, tp/B 8 16" | tee -a $OUT/call.txt
SHX_DIMS=design SANITIZER_SHAPE="8 16" SANITIZED="fused split" SANITIZER_TIMEOUT=60 \
  TESTS=" " timeout 150 tools/gpu_validate.sh $OUT/v_design_8_16 2>&1 |
  grep -vE "^== (mailbox|group)" | tee -a $OUT/call.txt
echo "sanitizers done after $SECONDS s" | tee -a $OUT/call.txt
(cd $OUT && tar czf sanitizers.tgz v_* 2>/dev/null; rm -rf v_*; ls)
