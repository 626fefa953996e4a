#!/usr/bin/env bash
# Run 101 call 2 (stop 85), asked of nvidia-h200: on an H200, run 100 call 4's A/B first
# (EXIT DRAIN X against main before it, into $OUT/ab); then, on any card, run 101 call
# 1's suite at 54b06ad (into $OUT/suite). No build: both packs are in bundle_pack, as
# those two scripts say.                                           carry: bundle_pack
set -u
top=$OUT
mkdir -p "$top/ab" "$top/suite"
OUT=$top/ab timeout 330 bash perf/runs/run100_call4.sh
OUT=$top/suite timeout 260 bash perf/runs/run101_call1.sh
echo "run101_call2 done after $SECONDS s" | tee "$top/done.txt"
