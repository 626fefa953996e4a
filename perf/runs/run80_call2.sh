#!/usr/bin/env bash
# Run 80 call 2, a negative control: 83aa667's api_gpu_test built against the library as
# it was before that commit (engine/op.c, engine/op.h and the header at a092d2b), which
# accepted a tail after peers[rank] was rebound. The test must fail there.
# Build first (here):
#   git clone -q . /work/neg && cd /work/neg &&
#   git checkout -q a092d2b -- engine/op.c engine/op.h include/shared_expert.h &&
#   bazel build //engine:api_gpu_test && mkdir -p ../main/bundle_neg &&
#   cp bazel-bin/engine/api_gpu_test ../main/bundle_neg/            carry: bundle_neg
export LD_LIBRARY_PATH=/usr/local/cuda/targets/x86_64-linux/lib:${LD_LIBRARY_PATH:-}
date -u
timeout 60 bundle_neg/api_gpu_test > $OUT/negative.txt 2>&1
echo "exit $?" >> $OUT/negative.txt
cat $OUT/negative.txt
