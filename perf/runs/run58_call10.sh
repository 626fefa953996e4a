#!/usr/bin/env bash
# Run 58 call 10: the CLUSTER SCHEDULING POLICY (branch r58_cluster_policy, on main with
# SYNC DOMAINS; a launch attribute only, the kernels' PTX is main's). With
# SHX_CLUSTER_POLICY=1 (spread) or 2 (load balancing) in the environment, the fused
# family's plan (its co-residency query) and every launch carry that cluster scheduling
# policy preference; 0 is the default policy. Same binaries, the environment alone
# differing: group_fused_1gpu_test under 1 and 2, then bench --table-only at the design
# dims (B = 9, 16, 32, 64) and the DeepSeek dims (B = 9, 16, 64), policies 0, 1, 2, two
# rounds.
# Build first (here): tools/bundle.sh bundle_cp ab (on branch r58_cluster_policy)
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call10.tar.xz bundle_cp
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call10.tar.xz
echo "bundle $(cat bundle_cp/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
cd bundle_cp
for policy in 1 2; do
  SHX_CLUSTER_POLICY=$policy timeout 120 ./group_fused_1gpu_test > "$OUT/group_$policy.log" 2>&1
  echo "group_fused_1gpu_test policy $policy: exit $?"; tail -1 "$OUT/group_$policy.log"
done
for round in 1 2; do
  for policy in 0 1 2; do
    SHX_CLUSTER_POLICY=$policy timeout 90 ./bench --batches 9,16,32,64 --table-only \
      --csv "$OUT/d_${policy}_$round.csv" > /dev/null 2>&1
    echo "design round $round policy $policy: exit $?"
    SHX_CLUSTER_POLICY=$policy timeout 90 ./bench --dims deepseek --batches 9,16,64 \
      --table-only --csv "$OUT/s_${policy}_$round.csv" > /dev/null 2>&1
    echo "deepseek round $round policy $policy: exit $?"
  done
done
(cd "$OUT" && for f in d_*.csv s_*.csv; do sed "s|^|${f%.csv},|" "$f"; done > all.csv &&
  rm -f d_*.csv s_*.csv)
echo "all done after $SECONDS s"
