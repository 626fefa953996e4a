#!/usr/bin/env bash
# Run 43, call 13 (perf/RESULTS.md), nvidia-h200: the replayed down pass (calls 2, 5)
# timed by both clocks in the same build and launch: bundle_q2 (r43_replay_both): point
# 7 ("first down job MMAs done") is the %globaltimer stamp after the pass, point 12 ("h
# stored") point 6 + the pass's clock64 cycles. Call 12 found the two clocks agreeing at
# 1.979 GHz over a plain busy wait. TP16 B = 9, 32, twice each.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call13.tar.xz && cat bundle_q2/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in 9 32; do
  for rep in 1 2; do
    echo "== TP16 B=$b (run $rep)"
    (cd bundle_q2 && timeout 30 ./profile_step fused 16 $b 40 1 trace 2>&1 |
       grep -E "per step|first down|MMAs done|h stored|rror")
  done
done
echo "all done after $SECONDS s"
