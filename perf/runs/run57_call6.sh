#!/usr/bin/env bash
# Run 57 call 6: api_test after the last read's mend (its split-down case through
# CHECK_CUDA and one x_bytes: the same allocation), on one H200.
# Build first (here, with Bazel):
#   bazel build //engine:api_test; mkdir bundle_api; cp bazel-bin/engine/api_test bundle_api/
#   rm -f bundle_pack/*; tar cJf bundle_pack/run57_call6.tar.xz bundle_api
# carry: bundle_pack
date -u
tar xJf bundle_pack/run57_call6.tar.xz
echo "bundle $(cat bundle_api/COMMIT)"
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
(cd bundle_api && timeout 60 ./api_test; echo "api_test exit $?")
