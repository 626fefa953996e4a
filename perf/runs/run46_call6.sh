#!/usr/bin/env bash
# Run 46, call 6 (perf/RESULTS.md), nvidia-h200 (x2 not lent): main's final kernel of run
# 46 (CONSUMER X: the gate kernel's at N <= 32 and kFusedX as in call 5, every kFused
# instance's PTX a30f46f's) validated and measured for the README in one call:
# tools/gpu_release.sh with main before run 46 (bundle_n, a30f46f) as ORIG: every 1-GPU
# test, the main job, bench --repeat 2 at both dims, limits; sanitizers at TP8 B=16 (fused,
# split) and TP16 B=32 (split); the A/B at both dims. First, the SASS of every kernel in
# both bundles' fused test compared function by function.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run46_call6.tar.xz && cat bundle/COMMIT bundle_n/COMMIT
for b in bundle bundle_n; do
  mkdir -p /tmp/sass_$b
  cuobjdump -sass $b/group_fused_1gpu_test |
    awk -v dir=/tmp/sass_$b '/Function : /{f=dir "/" $3} f {print > f}'
  (cd /tmp/sass_$b && md5sum * | sort -k2) > /tmp/sass_$b.md5
done
join -1 2 -2 2 /tmp/sass_bundle.md5 /tmp/sass_bundle_n.md5 |
  awk '{print ($2 == $3 ? "same" : "DIFF"), $1}' | sed 's/_ZN3shx5fused[0-9]*_GLOBAL__N__[0-9a-f]*_//' |
  sort | awk '{print $1, substr($2, 1, 60)}' | tee $OUT/sass_compare.txt | sort | uniq -c -w4
echo "functions only in the new bundle: $(join -v1 -1 2 -2 2 /tmp/sass_bundle.md5 /tmp/sass_bundle_n.md5 | wc -l)"
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split;design 16 32 split" \
  ORIG=bundle_n AB_BATCHES=1,9,16,24,32,64 AB_DEEPSEEK_BATCHES=9,16,32 \
  LIMIT_CELLS_DEEPSEEK="16 9;8 9" timeout 500 tools/gpu_release.sh $OUT \
  2>&1 | tee $OUT/release.txt | tail -40
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
