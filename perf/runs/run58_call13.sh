#!/usr/bin/env bash
# Run 58 call 13: SYNC DOMAINS with parity 0 in physical domain 3 too (the remote domain
# mapped to 3 for the launch; parity 1 in 2 as in call 11), so that a step's fences are
# apart from the default domain of the engine's other kernels as well, one of which (the
# routed experts, after the step with PDL) can run beside the step's chain. In the
# benchmark consecutive fused steps are apart either way, so the A/B should read equal.
# bundle_d3 (this commit, ab, plus pdl_graph_gpu_test) against call 11's bundle_dm
# (`38f2d6e`): the 1-GPU fused, split and mailbox tests and pdl_graph_gpu_test on
# bundle_d3, compute-sanitizer memcheck and synccheck on its fused TP8 B=16 two-step
# graph, and the A/B (design B = 9, 16, 64; DeepSeek B = 9, 64) twice.
# Build first (here): tools/bundle.sh bundle_d3 ab &&
#   cp bazel-bin/graphs/pdl_graph_gpu_test bundle_d3/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call13.tar.xz bundle_d3 bundle_dm
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call13.tar.xz && cat bundle_dm/COMMIT bundle_d3/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for test in pdl_graph_gpu_test group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 120 bundle_d3/$test > "$OUT/$test.log" 2>&1
  echo "$test: exit $?"; tail -1 "$OUT/$test.log"
done
grep "parity" "$OUT/pdl_graph_gpu_test.log"
BUNDLE=bundle_d3 SANITIZER_SHAPE="8 16" SANITIZED=fused SANITIZERS="memcheck synccheck" \
  TESTS=" " timeout 120 tools/gpu_validate.sh "$OUT/v" 2>&1
BATCHES=9,16,64 timeout 120 tools/gpu_ab.sh "$OUT/ab" bundle_dm bundle_d3 bundle_dm \
  bundle_d3 > "$OUT/ab.txt" 2>&1
BENCH_ARGS="--dims deepseek" BATCHES=9,64 timeout 90 tools/gpu_ab.sh "$OUT/abds" \
  bundle_dm bundle_d3 bundle_dm bundle_d3 > "$OUT/abds.txt" 2>&1
cat "$OUT/ab.txt" "$OUT/abds.txt" | grep -v "^exit"
(cd "$OUT" && tar czf rest.tgz ab abds v *.log && rm -rf ab abds v *.log)
echo "all done after $SECONDS s"
