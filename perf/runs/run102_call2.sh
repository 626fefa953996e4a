#!/usr/bin/env bash
# Run 102 call 2 (stop 85), an H200 only (it exits at once elsewhere): run 101 call 4 (the
# A/B of EXIT DRAIN X, then bench --repeat 2) with the bundle at 363ebeb, stop 85's host
# checks (bundle_pack/run102s.tar.xz; kernels' PTX as 54b06ad's); run 102 call 1 ran its
# suite on an H100.                                                 carry: bundle_pack
PACK=bundle_pack/run102s.tar.xz bash perf/runs/run101_call4.sh
