#!/usr/bin/env bash
# Run 43, call 5 (perf/RESULTS.md), nvidia-h200: what the kernel's MMA stream has that
# perf/wgmma_rate's lacks. bundle_q (r43_replay_clock, a diagnostic on r43_replay: the
# replayed down pass's SM cycles written as point 7 = point 6 + cycles, so that the
# trace's "MMAs done" less "stage ready" reads kilocycles): traces at TP16 B = 9, 16, 32;
# then the SASS of the fused kernel's TP16 N = 16 instance in bundle_q's bench and of
# wgmma_rate's N = 16, 2-chain, mode 0 kernel, both saved to $OUT.
# carry: bundle_pack
date -u
tar xJf bundle_pack/run43_call5.tar.xz && cat bundle_q/COMMIT bundle_w/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for b in 9 16 32; do
  for rep in 1 2; do
    echo "== bundle_q TP16 B=$b (run $rep): stage ready, and + kilocycles of the replayed pass"
    (cd bundle_q && timeout 30 ./profile_step fused 16 $b 40 1 trace 2>&1 |
       grep -E "per step|first down|MMAs done|rror")
  done
done
extract() {  # $1 binary, $2 function pattern, $3 output
  cuobjdump --dump-sass "$1" | awk -v pat="$2" '
    /Function : / { keep = index($0, pat) > 0 }
    keep { print }' > "$3"
  echo "$3: $(wc -l < "$3") lines, HGMMA $(grep -c HGMMA "$3")"
}
extract bundle_q/bench "shared_expert_fusedILi16ELNS1_4ModeE0ELi2ELb0E" $OUT/sass_fused16.txt
extract bundle_w/wgmma_rate "wgmma_rate_kernelILi16ELi2ELi0E" $OUT/sass_rate16_mode0.txt
extract bundle_w/wgmma_rate "wgmma_rate_kernelILi16ELi2ELi4E" $OUT/sass_rate16_mode4.txt
echo "all done after $SECONDS s"
