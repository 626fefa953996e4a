#!/usr/bin/env bash
# Run 63 call 5: what limits the current fused kernel, cell by cell (tools/limits.sh:
# the step of a 40-step graph cut at the kernel's phase stamps, then the same graph
# without stamps), at the design dims (TP8 and TP16, B = 9, 16, 32, 64, 128) and the
# DeepSeek dims (B = 9, 64), for the acceptance's "what limits it" with today's kernel
# (fused_performance.md's table is run 32's).
# Build first (here): tools/bundle.sh bundle; tar cJf bundle_pack/run63_call5.tar.xz bundle
# carry: bundle_pack
{
date -u
tar xJf bundle_pack/run63_call5.tar.xz && cat bundle/COMMIT
nvidia-smi -L
} 2>&1 | tee $OUT/call.txt
timeout 280 tools/limits.sh $OUT/design 2>&1 | tee $OUT/limits_design.md | tee -a $OUT/call.txt
echo "design exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
SHX_DIMS=deepseek CELLS="8 9;8 64;16 9;16 64" timeout 150 tools/limits.sh $OUT/deepseek 2>&1 |
  tee $OUT/limits_deepseek.md | tee -a $OUT/call.txt
echo "deepseek exit ${PIPESTATUS[0]} after $SECONDS s" | tee -a $OUT/call.txt
rm -rf $OUT/design $OUT/deepseek
