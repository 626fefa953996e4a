#!/usr/bin/env bash
# Run 58 call 2: every one-GPU test after graphs/group.c learned to host a part of the
# ranks (shx_group_create_part; every GPU test's group goes through it, and
# process_gpu_test's workers are now such parts), on one H200. No kernel changed.
# Build first (here): tools/bundle.sh bundle
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call2.tar.xz bundle
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call2.tar.xz
echo "bundle $(cat bundle/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,compute_mode --format=csv,noheader
timeout 500 bundle/run_gpu_tests.sh > "$OUT/run_gpu_tests.txt" 2>&1
echo "run_gpu_tests exit $?"
grep "^== \|passed,\|bitwise equal to one\|worker 0 " "$OUT/run_gpu_tests.txt" | head -80
