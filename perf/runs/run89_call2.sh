#!/usr/bin/env bash
# Run 89 call 2: when the TP8 B=9 ring fills land, main against IDLE PREFETCH W = 8
# (call 1: 1.0 us slower, its gate/up loop 0.58 us longer although its first eight refills
# were asked into L2 about 1 us before they are issued). FILL STAMPS builds
# (FILL_STAMPS=1 tools/bundle.sh DIR ab) of main (2d4c4cc) and of r89_idle_prefetch~1
# (bfca42e); profile_step's "fills |" rows, three processes each, alternated.
# carry: bundle_pack_fs
{
date -u
tar xJf bundle_pack_fs/run89c2.tar.xz && cat bundle_fs_main/COMMIT bundle_fs_ip8/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2 3; do
  for b in bundle_fs_main bundle_fs_ip8; do
    echo "== $b round $round"
    (cd $b && timeout 60 ./profile_step fused 8 9 40 1 trace 2>&1) > $OUT/${b}_$round.txt
    echo "exit $?"
    grep -E "us per step|^fills" $OUT/${b}_$round.txt
  done
done 2>&1 | tee -a $OUT/call.txt
(cd $OUT && tar czf traces.tgz bundle_fs_*.txt && rm -f bundle_fs_*.txt)
echo "done after $SECONDS s" | tee -a $OUT/call.txt
