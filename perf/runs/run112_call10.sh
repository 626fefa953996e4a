#!/usr/bin/env bash
# Run 112 call 10 (stop 98): the last read's mends on a GPU (bundle_lr, an A/B bundle of
# main after them): shx_group_rearm without the done events its final wait made redundant,
# one forget_recorded in the op (host code; every .cu's PTX identical). Runs
# mailbox_gpu_test (re-arms after every step and checks shx_group_idle), watchdog_gpu_test
# (re-arms, forgets on a timeout) and group_fused_1gpu_test. About 90 s, any card.
#   carry: bundle_pack/run112r.tar.xz (tools/bundle.sh bundle_lr ab)
set -u
export BUNDLE=bundle_lr
source tools/gpu_env.sh "$OUT"
{ date -u; nvidia-smi -L; } 2>&1 | tee $out/head.txt
tar xJf bundle_pack/run112r.tar.xz && cat bundle_lr/COMMIT | tee -a $out/head.txt
TAIL=4 TEST_TIMEOUT=150 run_bundle_tests mailbox_gpu_test watchdog_gpu_test \
  group_fused_1gpu_test 2>&1 | tee $out/tests.txt
