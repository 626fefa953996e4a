#!/usr/bin/env bash
# Run 55 call 2: perf/publish_probe with two more forms: tag-rows (one bulk copy a row of h a poll) and count (the release and grid barrier alone, no h loads); otherwise as call 1: h from its 96 owners to 112 CTAs' shared
# memory, released and barriered as the fused kernel does it (red.release.gpu count-in,
# ld.acquire.gpu poll, 2-D TMA loads) against a tagged h (BF16 | tag << 16 words, relaxed
# stores, no count) polled with one bulk copy a try, at inter 384 (TP16) and 768 (TP8), B
# = 9, 16, with 0 or 4 cold 8 KB copies in flight in each CTA and the owners' writes
# staggered over 0 or 300 ns. Twice, 32 launches a row.
# Build first (here, with Bazel):
#   bazel build //perf:publish_probe
#   rm -rf bundle_pp && mkdir bundle_pp && cp bazel-bin/perf/publish_probe bundle_pp/ \
#     && git rev-parse --short HEAD > bundle_pp/COMMIT
# carry: bundle_pp
date -u
echo "bundle_pp $(cat bundle_pp/COMMIT)"
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
cd bundle_pp
for pass in 1 2; do
  timeout 120 ./publish_probe 32 > $OUT/publish_$pass.txt 2>&1; code=$?
  echo "== publish_probe pass $pass exit $code"
  cat $OUT/publish_$pass.txt
done
echo "all done after $SECONDS s"
