#!/usr/bin/env bash
# Run 100 call 1 (stop 84): on any card (no H200 had come in stops 82-84's requests),
#  1. the A/B of EXIT DRAIN (bundle_xd) and CONVERGED EXIT (bundle_xc) against main
#     (bundle_m) from bundle_pack/run99.tar.xz, as perf/runs/run99_call1.sh with
#     AB_CARD="NVIDIA H" and limits at TP8 B = 9, 16, 64: on an H100, the third A/B of EXIT
#     DRAIN (runs 97, 98) and the first of CONVERGED EXIT;
#  2. main at d010f61 (the host-code review mends of stop 84: shx_destroy, the pageable
#     exemption, a refused tail, shx_group_create_part's checks, shx_group_sync), from
#     bundle_pack/run100.tar.xz: the GPU tests that run that code, each exit code.
# Build (here): tools/bundle.sh bundle on d010f61; tar cJf bundle_pack/run100.tar.xz
# bundle. run99.tar.xz as perf/runs/run99_call1.sh says.          carry: bundle_pack
CANDIDATES="bundle_xd bundle_xc" AB_CARD="NVIDIA H" LIMIT_CELLS="8 9;8 16;8 64" \
  bash perf/runs/run99_call1.sh
tar xJf bundle_pack/run100.tar.xz
echo "bundle $(cat bundle/COMMIT)" | tee $OUT/tests.txt
for t in api_test api_gpu_test group_fused_1gpu_test group_split_1gpu_test \
    group_baseline_1gpu_test mailbox_gpu_test watchdog_gpu_test leak_gpu_test soak_1gpu_test; do
  (cd bundle && timeout 120 ./$t > $OUT/$t.log 2>&1); echo "$t exit $? ($(tail -1 $OUT/$t.log))"
done 2>&1 | tee -a $OUT/tests.txt
echo "done after $SECONDS s" | tee -a $OUT/tests.txt
