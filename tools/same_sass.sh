#!/usr/bin/env bash
# On a GPU host (cuobjdump is there only): whether two bundles' kernels have the same
# SASS, function by function (md5 of each function's `cuobjdump -sass` text). Run 46 calls
# 5 and 6 checked a change this way: every fused instance it meant to leave alone had
# main's SASS. From the repository root with the bundles unpacked:
#   tools/same_sass.sh bundle bundle_n [group_fused_1gpu_test]
# prints "same" / "DIFF" and the start of each kernel's name, then the counts.
# IGNORE_CONSTANT_OFFSETS=1 compares with every constant-bank offset (c[0x0][0x...])
# blanked: where a by-value parameter grew at its end (tools/same_ptx.sh
# IGNORE_PARAM_SIZES), the parameters after it are read a few bytes later, and only
# those offsets differ.
set -euo pipefail
new=${1:?usage: tools/same_sass.sh NEW_BUNDLE OLD_BUNDLE [BINARY]}
old=${2:?usage: tools/same_sass.sh NEW_BUNDLE OLD_BUNDLE [BINARY]}
binary=${3:-group_fused_1gpu_test}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
for side in new old; do
  bundle=${!side}
  mkdir -p "$scratch/$side"
  cuobjdump -sass "$bundle/$binary" |
    if [ "${IGNORE_CONSTANT_OFFSETS:-0}" = 1 ]; then
      sed -E 's/c\[0x0\]\[0x[0-9a-f]+\]/c[0x0][_]/g'
    else
      cat
    fi |
    awk -v dir="$scratch/$side" '/Function : /{f=dir "/" $3} f {print > f}'
  (cd "$scratch/$side" && md5sum * | sort -k2) > "$scratch/$side.md5"
done
join -1 2 -2 2 "$scratch/new.md5" "$scratch/old.md5" |
  awk '{print ($2 == $3 ? "same" : "DIFF"), $1}' |
  sed -E 's/ _ZN[0-9A-Za-z_]*_cu_[0-9a-f]{8}[0-9]+/ /' | awk '{print $1, substr($2, 1, 60)}' |
  sort | tee "$scratch/compare.txt"
echo "same: $(grep -c '^same' "$scratch/compare.txt" || true)," \
  "different: $(grep -c '^DIFF' "$scratch/compare.txt" || true)," \
  "only in $new: $(join -v1 -1 2 -2 2 "$scratch/new.md5" "$scratch/old.md5" | wc -l)," \
  "only in $old: $(join -v2 -1 2 -2 2 "$scratch/new.md5" "$scratch/old.md5" | wc -l)"
