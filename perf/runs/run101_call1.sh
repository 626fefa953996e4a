#!/usr/bin/env bash
# Run 101 call 1 (prepared in stop 84): main at 54b06ad through the suite, on any card:
# every GPU test of the full bundle, with group_args_test's GPU-range path, and the main
# job (tools/gpu_suite.sh). On nvidia-h200-x2 the two-GPU tests run (the two-GPU
# validation issue 3 asks for); on one GPU they skip. 54b06ad is run 100 call 2's d5f6384
# plus EXIT DRAIN X's drain function as a member (PTX the same but for its name), the
# shared refusal check, group_args_test and the last read's mends (host code, behaviour
# unchanged).
# Build (here): tools/bundle.sh bundle; rm -f bundle_pack/run100s.tar.xz; tar cJf
# bundle_pack/run100s.tar.xz bundle.                               carry: bundle_pack
PACK=bundle_pack/run100s.tar.xz tools/gpu_suite.sh $OUT
