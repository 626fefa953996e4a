#!/usr/bin/env bash
# On a GPU host (cuobjdump is there only): the SASS of the kernels whose mangled name
# matches PATTERN (an awk regular expression), from one binary of a bundle, e.g. kFusedX
# (the fused N = 16 instance of Mode 2):
#   tools/sass_of.sh bundle_m ModeE2E > /tmp/sass_fusedx.txt
# Prints each matching function's whole `cuobjdump -sass` text (the pipeline of run 49
# call 5; `cuobjdump -fun NAME` warned that the mangled name was not found, calls 1, 2),
# and its instruction count on stderr.
set -euo pipefail
bundle=${1:?usage: tools/sass_of.sh BUNDLE PATTERN [BINARY]}
pattern=${2:?usage: tools/sass_of.sh BUNDLE PATTERN [BINARY]}
binary=${3:-group_fused_1gpu_test}
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
cuobjdump -sass "$bundle/$binary" | awk -v p="$pattern" '/Function : /{keep = $3 ~ p} keep' \
  > "$scratch"
echo "$bundle $pattern: $(grep -c '/\*[0-9a-f]*\*/' "$scratch" || true) instructions" >&2
cat "$scratch"
