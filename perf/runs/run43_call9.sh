#!/usr/bin/env bash
# Run 43, call 9 (perf/RESULTS.md), nvidia-h200: what the SM clock is while the benchmark
# runs the fused step (call 5 put it at about 1.3-1.5 GHz in the down loop): nvidia-smi
# samples every 20 ms (SM clock, power draw and limit, temperature, active clock event
# reasons) while `bench --batches 9,64 --table-only` runs main (bundle, f4904e0), and the
# same sampling idle before it.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call9.tar.xz && cat bundle/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
q=timestamp,clocks.sm,clocks.max.sm,clocks.applications.graphics,power.draw,power.limit,temperature.gpu,clocks_event_reasons.active
nvidia-smi --query-gpu=$q --format=csv > /dev/null 2>&1 ||
  q=${q/clocks_event_reasons.active/clocks_throttle_reasons.active}
nvidia-smi --query-gpu=$q --format=csv | head -3
nvidia-smi --query-gpu=$q --format=csv,noheader -lms 20 > $OUT/smi.csv 2>&1 &
smi=$!
sleep 1
echo "bench start $(date +%T.%N)"
(cd bundle && ./bench --batches 9,64 --table-only > $OUT/bench.txt 2>&1)
echo "bench end $(date +%T.%N) exit $?"
sleep 0.5
kill $smi
cat $OUT/bench.txt | grep -E "^ +(8|16) "
echo "samples: $(wc -l < $OUT/smi.csv)"
awk -F', ' '{c[$2]++; r[$8]++} END {for (k in c) print "sm clock", k, c[k]; for (k in r) print "reasons", k, r[k]}' $OUT/smi.csv | sort -k3 -n | tail -25
awk -F', ' '{p=$5+0; if (p > m) m = p; s += p; n++} END {print "power W: max", m, "mean", s/n}' $OUT/smi.csv
echo "all done after $SECONDS s"
