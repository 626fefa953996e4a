#!/usr/bin/env bash
# Run 82 call 12: call 11's early-a demonstration passed where it should fail: at the
# default carveout the attention stand-in (no shared memory) kept the o-proj's CTAs off
# its SMs, so the o-proj never started before the stand-in had written a. With the
# stand-in's preferred carveout now the most shared memory: HEAD's check, then the
# demonstration build (made here, not committed; a's first boxes asked for before
# griddepcontrol.wait), whose "own pdl" form should now fail.    carry: bundle_w
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{ date -u; cat bundle_w/COMMIT; nvidia-smi -L; } 2>&1 | tee $OUT/head.txt
for t in oproj_step_gpu_test oproj_step_early_a; do
  timeout 150 bundle_w/$t > $OUT/$t.txt 2>&1
  echo "$t exit $? at $SECONDS s" | tee -a $OUT/call.txt
  grep -E "FAIL|PASSED|FAILED" $OUT/$t.txt | tail -8 | tee -a $OUT/call.txt
done
