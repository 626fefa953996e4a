#!/usr/bin/env bash
# Run 94's fourth device command (stop 78; not run: no device time left): watchdog_gpu_test
# as changed after command 3 (its cases 1 and 3 share missing_source_begin and
# missing_source_recovers, the same calls in the same order; case 3 also checks that
# shx_check_device's message names the alignment cause, new in engine/op.c).
# Build (here): `bazel build //graphs:watchdog_gpu_test`, copied into bundle_wd/ with its
# commit in bundle_wd/COMMIT.                                   carry: bundle_wd
{ date -u; cat bundle_wd/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/call5.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
timeout 120 bundle_wd/watchdog_gpu_test 2>&1 | tee -a $OUT/call5.txt
echo "exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call5.txt
