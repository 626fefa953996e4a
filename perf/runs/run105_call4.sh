#!/usr/bin/env bash
# Run 105 call 4 (stop 87), any card: the timing review's changes (a helper's review of the
# timing method, stop 87: d352da7; bundle_x at ef21c4e), old against new in one run:
#  - bench part 2 (`bench --beside-only`): the gate-only and SharedDown-only rows now take
#    sets of twice the L2 in the part they stream (shx_timing_streaming), and the timed
#    routed stand-in streams a 64 MiB slice of its own each layer (it reread the same
#    ~60 MB every layer); design dims, old (bundle, 11f4caa) and new (bundle_x) twice,
#    alternated; then the DeepSeek dims, old and new once;
#  - profile_step at the DeepSeek dims: 10 weight sets (old) against bench's (new: 12 at
#    TP8, 23 at TP16 on an H200; the H100's 50 MB L2 takes fewer), fused and floor, TP16
#    and TP8 B=9, 40 steps asked.
# Build: tools/bundle.sh bundle_x ab (at ef21c4e, which bundle_x/COMMIT names
# ); tar cJf bundle_pack/run105x.tar.xz bundle_x.
#        carry: bundle_pack/run105h.tar.xz bundle_pack/run105x.tar.xz
set -u
top=$(cd "$OUT" && pwd)
{ date -u; nvidia-smi -L; } 2>&1 | tee $top/head.txt
export NCCL_NVLS_ENABLE=0
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
rm -rf bundle bundle_x && tar xJf bundle_pack/run105h.tar.xz && tar xJf bundle_pack/run105x.tar.xz
cat bundle/COMMIT bundle_x/COMMIT | tee -a $top/head.txt
for round in 1 2; do
  for b in bundle bundle_x; do
    (cd $b && timeout 150 ./bench --beside-only --csv $top/beside_${b}_$round.csv) \
      > $top/beside_${b}_$round.txt 2>&1
    echo "$b beside round $round exit $? at $SECONDS s" | tee -a $top/head.txt
  done
done
for b in bundle bundle_x; do
  (cd $b && timeout 150 ./bench --beside-only --dims deepseek \
    --csv $top/beside_deepseek_$b.csv) > $top/beside_deepseek_$b.txt 2>&1
  echo "$b beside deepseek exit $? at $SECONDS s" | tee -a $top/head.txt
done
for b in bundle bundle_x; do
  for variant in fused floor; do
    for tp in 16 8; do
      echo "== $b $variant TP$tp"
      (cd $b && SHX_DIMS=deepseek timeout 60 ./profile_step $variant $tp 9 40 1 2>&1 | tail -2)
    done
  done
done > $top/profile_deepseek.txt 2>&1
echo "profile_step done at $SECONDS s" | tee -a $top/head.txt
grep -h -A8 'timed routed stand-in' $top/beside_bundle*_1.txt $top/beside_bundle*_2.txt
grep -h -B1 -A6 'timed routed stand-in' $top/beside_deepseek_*.txt
cat $top/profile_deepseek.txt
