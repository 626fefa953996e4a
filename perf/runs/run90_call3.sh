#!/usr/bin/env bash
# Run 90 call 3: the main job's binary of 30ee553 (decode_step names the device and says
# that %HBM is against SPEC's H200 roofline on any card), on the golden files; then run 89
# call 2 (perf/runs/run89_call2.sh: FILL STAMPS of main against IDLE PREFETCH W = 8 at TP8
# B=9), its outputs under $OUT/fs.
# Build (here): bazel build //perf:decode_step; mkdir bundle_mainjob; copy it there with
#   its COMMIT; tar cJf bundle_pack_mainjob/mainjob.tar.xz bundle_mainjob
# carry: bundle_pack_mainjob, bundle_pack_fs
{
date -u
tar xJf bundle_pack_mainjob/mainjob.tar.xz && cat bundle_mainjob/COMMIT
} 2>&1 | tee $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_mainjob && timeout 150 ./decode_step ../testdata/golden) > $OUT/decode_step.txt 2>&1
echo "decode_step exit $? after $SECONDS s" | tee -a $OUT/call.txt
head -4 $OUT/decode_step.txt | tee -a $OUT/call.txt
mkdir -p $OUT/fs && OUT=$OUT/fs bash perf/runs/run89_call2.sh > /dev/null 2>&1
echo "run 89 call 2 done after $SECONDS s" | tee -a $OUT/call.txt
grep -E "^==|us per step|^fills \| (us|landed)" $OUT/fs/call.txt | tee -a $OUT/call.txt
