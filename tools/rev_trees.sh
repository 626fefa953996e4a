# Sourced by tools/same_ptx.sh and tools/sass_sizes.sh, from the repository root: nvcc,
# a scratch folder removed on exit with every git worktree made in it, and
#   add_rev_tree DIR REV      a detached worktree of REV at DIR (inside $scratch).
nvcc=/usr/local/cuda/bin/nvcc
scratch=$(mktemp -d)
remove_rev_trees() {
  for w in "$scratch"/rev*; do git worktree remove --force "$w" >/dev/null 2>&1 || true; done
  rm -rf "$scratch"
}
trap remove_rev_trees EXIT
add_rev_tree() { git worktree add --detach -q "$1" "$2"; }
