#!/usr/bin/env bash
# Run 86 call 3: main's bundle after the review of run 86's change (027df64: the forget
# rule on every post-check failure, the current device checked first, this rank's own
# mailbox on the op's device; the tests that check them; and the host changes after it:
# shx_stream, the config and policy checks): every GPU test (on two GPUs the two-GPU
# tests and api_gpu_test's other-device cases too) and the main job (tools/gpu_suite.sh).
# Then, as a call of its own, run86_call2.sh (the "Clean" checks: SASS, the sanitizers,
# memcheck over watchdog_gpu_test): the suite alone takes about 350 s on one GPU, more
# on two.
# Build first (here): tools/bundle.sh bundle; rm -f bundle_pack/*;
#   tar cJf bundle_pack/run86.tar.xz bundle                       carry: bundle_pack
PACK=bundle_pack/run86.tar.xz tools/gpu_suite.sh $OUT
