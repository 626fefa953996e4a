"""gpu_probe: one of perf/'s measurement probes, a CUDA kernel library and its main."""

load("//tools:cuda.bzl", "cuda_library")

def gpu_probe(name, hopper = True):
    """`name`_kernel from `name`.cu and `name`.h, and the binary `name` from `name`_main.c.

    hopper: the kernel includes perf/hopper.h (the probes' shared device helpers).
    """
    cuda_library(
        name = name + "_kernel",
        srcs = [name + ".cu"],
        hdrs = [name + ".h"],
        textual_hdrs = (["hopper.h"] if hopper else []) + ["//ops:ptx_headers"],
    )
    native.cc_binary(
        name = name,
        srcs = [name + "_main.c"],
        linkstatic = True,
        deps = [":" + name + "_kernel"],
    )
