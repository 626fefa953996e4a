#!/usr/bin/env bash
# Run 55 call 9: TAGGED H's read cut in two. bundle_tgs (branch r55_tagged_stamp
# `0b6511f`: r55_tagged_rel, the count released and acquired so that one copy suffices,
# with trace point 0 stamped when that copy lands). profile_step's trace of the last of
# 40 steps (TP16 B = 9, 16), three times each: "grid barrier passed" (point 4: the count
# seen), "producer issued pre-barrier" (point 0: now the copy landed), "first down stage
# ready" (point 6: the check done, the down loop starting). main's trace beside it.
# Build first (here, with Bazel):
#   git checkout r55_tagged_stamp && tools/bundle.sh bundle_tgs ab && git checkout main
#   rm -f bundle_pack/*; tar cJf bundle_pack/run55_call9.tar.xz bundle bundle_tgs
# carry: bundle_pack
date -u
tar xJf bundle_pack/run55_call9.tar.xz
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in bundle bundle_tgs; do
  for shape in "16 9" "16 16"; do
    for i in 1 2 3; do
      echo "== $b $(cat $b/COMMIT) profile_step fused $shape 40 1 trace ($i)"
      (cd $b && timeout 30 ./profile_step fused $shape 40 1 trace 2>&1 |
         grep -E "per step|grid barrier passed|producer issued|first down stage|h published|h stored|rror|imeout")
    done
  done
done
echo "all done after $SECONDS s"
