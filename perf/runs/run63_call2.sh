#!/usr/bin/env bash
# Run 63 call 2: TWO GRIDS (ops/fused.cu shx_fused_plan_make), A/B. On a green context
# whose SMs hold the widest fused grid once but not twice (96 SMs: 112 CTAs, two an SM
# at most, 192 slots), the plan takes the widest grid of the same cluster size that fits
# twice (96 CTAs), so that the next step's grid is resident beside this one under PDL.
# bundle_a: 0794982 (the plan as before); bundle_b: the same + TWO GRIDS. Two rounds of
# bench's table at 96, 104 SMs (where the plan changes), 112 and 64 (where it does not),
# the whole GPU, and the DeepSeek dims on the whole GPU and 96 SMs.
# Build first (here): tools/bundle.sh bundle_a ab (at 0794982); tools/bundle.sh bundle_b ab;
#   tar cJf bundle_pack/run63_call2.tar.xz bundle_a bundle_b
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_call2.tar.xz && cat bundle_a/COMMIT bundle_b/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for round in 1 2; do
  for case in "96" "104" "112" "64" "0" "0 deepseek" "96 deepseek"; do
    set -- $case
    for b in a b; do
      extra=(--table-only)
      [ $1 -gt 0 ] && extra=(--sms $1)
      [ -n "${2:-}" ] && extra+=(--dims deepseek)
      echo "== round $round bundle_$b sms $1 ${2:-design}" >> $OUT/tables.txt
      (cd bundle_$b && timeout 60 ./bench --batches 9,16,32,64 "${extra[@]}" \
        --csv $OUT/r${round}_${b}_sms$1_${2:-design}.csv) 2>/dev/null >> $OUT/tables.txt
      echo "exit $? after $SECONDS s" >> $OUT/tables.txt
    done
  done
done
rm -f $OUT/*.csv
tail -5 $OUT/tables.txt | tee -a $OUT/call.txt
