#!/usr/bin/env bash
# Run 94 call 1 (prepared in stop 77, for an H200): OWN PREFETCH, kept in main since run 93
# on three H100s, against the kernel before it on the card issue 3 is judged on. Three
# rounds of the table at TP8 B = 9, 16 (bundle_m92: f70247f, the kernels before;
# bundle_now: d2ff557, whose kernels are 5404fe6's), tools/limits.sh at TP8 B=9 of both,
# then main's full table (`bench --repeat 2`, the README's form, perf/runs/run67_call2.sh),
# then (added in stop 78) run 92's W and delay variants against main on this card, since
# the H200's HBM is faster than the H100's the sweep was tuned on (bundle_w8d512,
# bundle_w8d2048, bundle_w4d1024, bundle_w12d1024: 452da20 built with the named
# SHX_OWN_PREFETCH_REFILLS / SHX_OWN_PREFETCH_DELAY, perf/runs/run92_call2.sh), and the
# FILL STAMPS of both at TP8 B=9 (bundle_fs_m92, bundle_fs_w8d1024: run 92 call 2's).
# If the device is not an H200 the numbers are still recorded, labelled with the card.
# Build (here): on main `tools/bundle.sh bundle_now ab`; bundle_m92 from f70247f
#   (`tools/bundle.sh bundle_m92 ab` in a worktree at f70247f); then
#   mkdir -p bundle_pack_r94; tar cJf bundle_pack_r94/run94.tar.xz bundle_m92/{COMMIT,bench,\
#   profile_step} bundle_now/{COMMIT,bench,profile_step} bundle_w{8d512,8d2048,4d1024,\
#   12d1024}/{COMMIT,bench} bundle_fs_{m92,w8d1024}/{COMMIT,profile_step}
#                                                                 carry: bundle_pack_r94
{ date -u; tar xJf bundle_pack_r94/run94.tar.xz
  for b in bundle_m92 bundle_now; do echo "$b: $(cat $b/COMMIT)"; done; nvidia-smi -L; } 2>&1 |
  tee $OUT/call.txt
export NCCL_NVLS_ENABLE=0 LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
BATCHES=9,16 tools/gpu_ab.sh $OUT/ab bundle_m92 bundle_now bundle_m92 bundle_now \
  bundle_m92 bundle_now 2>&1 | tee -a $OUT/call.txt
for b in bundle_m92 bundle_now; do
  echo "== limits $b"; BUNDLE=$b CELLS="8 9" timeout 60 tools/limits.sh $OUT/lim_$b
done 2>&1 | tee -a $OUT/call.txt
(cd bundle_now && timeout 200 ./bench --repeat 2 --csv $OUT/bench.csv) > $OUT/bench.txt 2>&1
echo "bench --repeat 2 exit $? after $SECONDS s" | tee -a $OUT/call.txt
cat $OUT/bench.txt >> $OUT/call.txt
BATCHES=9,16 tools/gpu_ab.sh $OUT/sweep bundle_w8d512 bundle_now bundle_w8d2048 bundle_w4d1024 \
  bundle_w12d1024 bundle_now 2>&1 | tee -a $OUT/call.txt
SHAPES="8 9" tools/gpu_fill_traces.sh $OUT/fs bundle_fs_m92 bundle_fs_w8d1024 2>&1 |
  tee -a $OUT/call.txt
(cd $OUT && tar czf ab.tgz ab sweep fs lim_* && rm -rf ab sweep fs lim_*)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
