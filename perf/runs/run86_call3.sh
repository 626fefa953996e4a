#!/usr/bin/env bash
# Run 86 call 3: main's bundle after the review of run 86's change (027df64: the forget
# rule on every post-check failure, the current device checked first, this rank's own
# mailbox on the op's device; the tests that check them; and the host changes after it:
# shx_stream, the config and policy checks): every one-GPU test and the main
# job (tools/gpu_suite.sh into $OUT/suite), then run86_call2.sh's "Clean" checks (SASS,
# the three sanitizers at its shapes, memcheck over watchdog_gpu_test) into $OUT.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run86.tar.xz bundle                       carry: bundle_pack
mkdir -p $OUT/suite
PACK=bundle_pack/run86.tar.xz timeout 420 tools/gpu_suite.sh $OUT/suite
echo "gpu_suite exit $? after $SECONDS s"
perf/runs/run86_call2.sh
