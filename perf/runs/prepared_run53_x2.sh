#!/usr/bin/env bash
# PREPARED in run 52; RUN in run 79 (perf/RESULTS.md), from the pack built at 1d9c129 in
# run 76: every test passed on two H200s. Kept for the next two-GPU check of main. The
# notes below are as written before run 79. Main on two GPUs. No kernel since run 50 has run the
# two-GPU tests (576ee8e, 9f016a8 and 98409f2 were validated on one H200: run 51 call 5,
# run 52 calls 1 and 6). On nvidia-h200-x2 (tools/gpu_release.sh runs the 2-GPU group
# tests, the cross-GPU mailbox, run 57's processes_2gpu_test (ranks in separate processes
# over two GPUs, CUDA IPC and an NCCL symmetric window) and the TP2 NCCL comparison when
# it sees two GPUs); the A/B is against `576ee8e`, run 51's kernel, so that the two-GPU
# host reads both kernels. Since run 58 main also launches every fused step of parity 1
# in a memory synchronization domain of its own (ops/fused.cu SYNC DOMAINS), which this run
# would be the first to take across two GPUs; the sanitizers now cover both parities.
# Since run 60 the full bundle also holds soak_2gpu_test (one group's life over thousands
# of steps, on two GPUs here), which tools/gpu_release.sh runs with the others, and
# neighbour_gpu_test (one GPU, about 50 s, validated in run 60 calls 6 and 7), which
# this script removes from the bundle so that the call stays within its time; likewise
# green_gpu_test (one GPU, about 70 s, validated in run 64 call 5). Run 64 changed every
# kernel instance's parameter layout (the plan's early_trigger_overrun, 0 off partitions),
# so none of main's kernels has run on two GPUs; its one-GPU suite passed in run 64 call 1.
# Runs 65-67 changed no fused kernel (tools/same_ptx.sh 9db9bfc: ops/fused.cu identical);
# run 67 changed host code in engine/, graphs/group.c and perf/ (the bench's method) and
# the tail kernel (ops/baseline.cu: a flag already set ends it at once). Run 68 changed
# host code only (the launcher's plan and green-context checks, the tests' 2e-3 bound,
# the two-GPU tests' peer-access skip, the GPU tests a review strengthened); run 69 changed
# no kernel (a host-only constant). Run 71 rebuilt the pack at ef71f68 (a fresh checkout
# holds no git-ignored folder; ef71f68's code is e2e28c3's, run 70's); run 72 rebuilt it at
# 42e1ebb (host-side review fixes: the tail's batch check, the group's re-arm ordering and
# argument checks, the policy parser; kernels' PTX identical to a7d5df1); run 73 rebuilt
# it at b79ba95 (policy.c's separators, the header's wording; host code only); run 74
# rebuilt it at 148066b (a fresh checkout again; host-side review fixes, the new
# api_gpu_test; kernels' PTX identical to a7d5df1; run 74 call 3 ran its one-GPU half);
# run 75 at f01e7d0 (the last read's refactor; run 75 call 1 ran its one-GPU half) in
# bundle_pack/run53_x2.tar.xz (git-ignored; the bundle's COMMIT says which); rebuild it if
# main's code has moved since.
# Run 68 left 651 s of device time, so this call is cut to fit with the machine's start:
# the release step's timeout is 480 s (RELEASE_TIMEOUT), its parts "check bench" (every
# test on one and two GPUs first, the main job, the benchmark with the TP2 NCCL
# comparison; not the DeepSeek bench or limits), one sanitizer case, and no A/B against
# 576ee8e (set ORIG=bundle_576 and more time to have it).
# Build first (here, with Bazel):
#   git checkout main && tools/bundle.sh bundle
#   git checkout 576ee8e && tools/bundle.sh bundle_576 ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run53_x2.tar.xz bundle bundle_576
# carry: bundle_pack
date -u
tar xJf bundle_pack/run53_x2.tar.xz && cat bundle/COMMIT bundle_576/COMMIT
rm -f bundle/neighbour_gpu_test bundle/green_gpu_test
nvidia-smi -L
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
SANITIZER_CASES="design 8 16 fused split" ORIG=${ORIG:-} RELEASE_PARTS="check bench" \
  AB_BATCHES=9,16,32 AB_DEEPSEEK_BATCHES=9,64 timeout ${RELEASE_TIMEOUT:-480} \
  tools/gpu_release.sh $OUT 2>&1 | \
  tee $OUT/release.txt | tail -90
echo "release exit ${PIPESTATUS[0]} after $SECONDS s"
