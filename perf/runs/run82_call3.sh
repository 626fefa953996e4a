#!/usr/bin/env bash
# Run 82 call 3: oproj_step's check after its launch+attr expectation was corrected (call
# 2: the capture keeps the PDL attribute's programmatic port, not the rewritten one).
# Build first (here): as run82_call1.sh.                         carry: bundle_oproj
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
{
date -u
cat bundle_oproj/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/head.txt
timeout 200 bundle_oproj/oproj_step_gpu_test > $OUT/check.txt 2>&1
echo "check exit $? at $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/check.txt | tee -a $OUT/call.txt
