#!/usr/bin/env bash
# PREPARED, NOT RUN YET (run 27 had no device time left): the SM clock and power while
# the benchmark runs (run 27 call 13's cycle sums against the stamps' times suggested
# 1.1-1.3 GHz or more in the down loop). nvidia-smi samples every 50 ms during
# `bench --batches 9,64 --table-only` (bundle = a full bundle from tools/bundle.sh).
set -u
source tools/gpu_env.sh "$OUT"
cat bundle/COMMIT
nvidia-smi --query-gpu=clocks.max.sm,clocks.applications.graphics,power.limit,enforced.power.limit --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu,clocks_throttle_reasons.active \
  --format=csv,noheader -lms 50 > "$out/clocks.csv" 2>&1 &
sampler=$!
sleep 1
(cd bundle && timeout 60 ./bench --batches 9,64 --table-only > "$out/bench.txt" 2>&1)
sleep 0.5
kill $sampler
cat "$out/bench.txt" | tail -6
echo "samples: $(wc -l < "$out/clocks.csv")"
awk -F', ' '{print $2}' "$out/clocks.csv" | sort | uniq -c | sort -k2 -n | tail -12
awk -F', ' '{print $6}' "$out/clocks.csv" | sort | uniq -c | head
awk -F', ' '{gsub(/ W/,"",$4); if ($4+0 > m) m = $4+0} END {print "max power W", m}' "$out/clocks.csv"
