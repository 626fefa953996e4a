#!/usr/bin/env bash
# Run 58 call 11: SYNC DOMAINS after a review: parity 1 now in physical domain 2 (the
# logical remote domain mapped to 2 for the launch, apart from domain 1, where NCCL's
# kernels run by default), parity 0 without a domain attribute (the stream's: default).
# bundle_dm (this commit, ab) against call 7's bundle (`2817dfc`: remote = 1, parity 0
# explicitly default): the 1-GPU fused, split and mailbox tests on bundle_dm,
# compute-sanitizer memcheck and synccheck on its fused TP8 B=16 two-step graph, and the
# A/B (design B = 9, 16, 40, 64; DeepSeek B = 9, 16, 48) twice.
# Build first (here): tools/bundle.sh bundle_dm ab
#   rm -f bundle_pack/*; tar cJf bundle_pack/run58_call11.tar.xz bundle_dm \
#     bundle/bench bundle/profile_step bundle/COMMIT
# carry: bundle_pack
date -u
tar xJf bundle_pack/run58_call11.tar.xz && cat bundle/COMMIT bundle_dm/COMMIT
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
for test in group_fused_1gpu_test group_split_1gpu_test mailbox_gpu_test; do
  timeout 120 bundle_dm/$test > "$OUT/$test.log" 2>&1
  echo "$test: exit $?"; tail -1 "$OUT/$test.log"
done
BUNDLE=bundle_dm SANITIZER_SHAPE="8 16" SANITIZED=fused SANITIZERS="memcheck synccheck" \
  TESTS=" " timeout 120 tools/gpu_validate.sh "$OUT/v" 2>&1
BATCHES=9,16,40,64 timeout 120 tools/gpu_ab.sh "$OUT/ab" bundle bundle_dm bundle bundle_dm \
  > "$OUT/ab.txt" 2>&1
BENCH_ARGS="--dims deepseek" BATCHES=9,16,48 timeout 90 tools/gpu_ab.sh "$OUT/abds" \
  bundle bundle_dm bundle bundle_dm > "$OUT/abds.txt" 2>&1
cat "$OUT/ab.txt" "$OUT/abds.txt" | grep -v "^exit"
(cd "$OUT" && tar czf rest.tgz ab abds v *.log && rm -rf ab abds v *.log)
echo "all done after $SECONDS s"
