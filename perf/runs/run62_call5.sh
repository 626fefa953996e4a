#!/usr/bin/env bash
# Run 62 call 5: the step's time on part of the GPU. bench --sms K (part 1's table on a
# green context of K SMs made current first, so the ops plan for its SMs) at K = 96 and
# 64, beside the same table on the whole GPU, B = 9, 64, 128, both tps.
# Build first (here): tools/bundle.sh bundle_x ab; tar cJf bundle_pack/run62_call5.tar.xz bundle_x
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run62_call5.tar.xz && cat bundle_x/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call5.txt
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for sms in 0 96 64; do
  extra=(--table-only)
  [ $sms -gt 0 ] && extra=(--sms $sms)
  (cd bundle_x && timeout 70 ./bench --batches 9,64,128 "${extra[@]}" --csv $OUT/bench_sms$sms.csv) \
    2>/dev/null | tee -a $OUT/call5.txt
  echo "bench sms $sms: exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call5.txt
done
