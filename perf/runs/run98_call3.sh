#!/usr/bin/env bash
# Run 98 call 3 (stop 81, the last 130 s of device time, the same warm H100): more of
# the full bundle's one-GPU tests on main with kFusedLate merged (bundle_pack/run86.tar.xz,
# bundle at c4421dc), those that run the TP8 B = 17..32 cells kFusedLate serves: each
# test's exit and last line, as many as fit.                      carry: bundle_pack
{ date -u; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
tar xJf bundle_pack/run86.tar.xz
cat bundle/COMMIT | tee -a $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib
for t in group_baseline_1gpu_test leak_gpu_test consumer_gpu_test processes_1gpu_test \
  oproj_step_gpu_test neighbour_gpu_test green_gpu_test; do
  (cd bundle && timeout 40 ./$t) > $OUT/$t.log 2>&1
  echo "$t: exit $? after $SECONDS s; $(tail -1 $OUT/$t.log)" | tee -a $OUT/call.txt
done
