#!/usr/bin/env bash
# Whether a change leaves the CUDA kernels' code as it was: compiles each .cu under ops/
# to PTX (compute_90a, the build's flags) at REV and in the working tree and compares
# the files byte for byte. Identical PTX means identical SASS from the same ptxas, so a
# refactor that passes needs no device time to keep a measured kernel's results.
#   tools/same_ptx.sh REV        (exit 0: every file identical; 1: some differ)
set -euo pipefail
cd "$(dirname "$0")/.."
rev=${1:?usage: tools/same_ptx.sh REV}
nvcc=/usr/local/cuda/bin/nvcc
scratch=$(mktemp -d)
trap 'git worktree remove --force "$scratch/rev" >/dev/null 2>&1 || true; rm -rf "$scratch"' EXIT
git worktree add --detach -q "$scratch/rev" "$rev"
status=0
for src in ops/*.cu; do
  [ -f "$scratch/rev/$src" ] || { echo "$src: not at $rev"; status=1; continue; }
  out=$scratch/$(basename "$src" .cu)
  "$nvcc" -std=c++17 -O3 -gencode=arch=compute_90a,code=compute_90a -I. -Iinclude -ptx \
    "$src" -o "$out.now.ptx"
  (cd "$scratch/rev" && "$nvcc" -std=c++17 -O3 -gencode=arch=compute_90a,code=compute_90a \
    -I. -Iinclude -ptx "$src" -o "$out.rev.ptx")
  # The anonymous namespace's mangled name carries hashes of the file's path: zeroed, so
  # that the two checkouts' PTX compare.
  for f in "$out.now.ptx" "$out.rev.ptx"; do
    sed -i -e 's/_GLOBAL__N__[0-9a-f]\{8\}_/_GLOBAL__N__00000000_/g' \
      -e 's/_cu_[0-9a-f]\{8\}/_cu_00000000/g' "$f"
  done
  if cmp -s "$out.now.ptx" "$out.rev.ptx"; then
    echo "$src: PTX identical"
  else
    echo "$src: PTX differs"
    status=1
  fi
done
exit $status
