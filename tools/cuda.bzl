"""cuda_library: nvcc for sm_90a from Bazel 4.2 (rules_cuda needs Bazel 6).

Each .cu becomes one object through a genrule that calls the local toolkit's nvcc; the
ptxas report (registers, shared memory, spills, stack) of each file is kept beside it as
<file>.ptxas.txt, so `bazel build //ops:fused_ptxas` shows it without a GPU. The
objects are wrapped in a cc_library, so C targets depend on CUDA code like any other.
No relocatable device code: every kernel's device helpers are header-only.
"""

# The toolkit's nvcc by its absolute path: it finds its own tools (cicc, ptxas) and
# headers beside its real location, which a sandboxed symlink would hide.
NVCC = "/usr/local/cuda/bin/nvcc"

# tools/nvcc_flags.sh reads this list (one quoted flag a line) for the scripts that
# compile outside Bazel (tools/same_ptx.sh, tools/sass_sizes.sh).
NVCC_FLAGS = [
    "-std=c++17",
    "-O3",
    "-gencode=arch=compute_90a,code=sm_90a",
    "-Xptxas=-v",
    "-Xcompiler=-fPIC,-Wall",
    "-I.",
    "-Iinclude",
]

# The FILL STAMPS diagnostic build (`bazel build --define shx_fill_stamps=1`, ops/BUILD's
# config): its define, for nvcc here and for the C code that reads the trace (perf/BUILD).
FILL_STAMPS_DEFINE = "-DSHX_FILL_STAMPS=1"
FILL_STAMPS_COPTS = select({
    "//ops:fill_stamps": [FILL_STAMPS_DEFINE],
    "//conditions:default": [],
})

def _nvcc_command(copts, src, obj, report):
    return ("scratch=$$(mktemp -d /tmp/nvcc.XXXXXX) && " +
            "TMPDIR=$$scratch " + NVCC + " %s %s -c $(location %s) -o $(location %s) " +
            "2> $(location %s); code=$$?; rm -rf $$scratch; " +
            "[ $$code -eq 0 ] || { cat $(location %s) >&2; exit 1; }") % (
        " ".join(NVCC_FLAGS), " ".join(copts), src, obj, report, report,
    )

def cuda_library(name, srcs, hdrs = [], deps = [], textual_hdrs = [], copts = []):
    objects = []
    reports = []
    for src in srcs:
        stem = src.replace("/", "_").rsplit(".", 1)[0]
        obj = "_objs_cuda/%s/%s.o" % (name, stem)
        report = "%s.ptxas.txt" % stem
        native.genrule(
            name = "%s_%s_nvcc" % (name, stem),
            srcs = [src] + hdrs + textual_hdrs + ["//:include/shared_expert.h"],
            outs = [obj, report],
            # nvcc names its temporary files after its PID, which is the same in
            # every sandbox's PID namespace: each action gets its own TMPDIR.
            # `bazel build --define shx_fill_stamps=1` adds -DSHX_FILL_STAMPS=1 (the
            # fused kernel's fill-landing diagnostic, ops/fused.cu FILL STAMPS).
            cmd = select({
                "//ops:fill_stamps": _nvcc_command(
                    copts + [FILL_STAMPS_DEFINE],
                    src,
                    obj,
                    report,
                ),
                "//conditions:default": _nvcc_command(copts, src, obj, report),
            }),
            message = "nvcc %s" % src,
        )
        objects.append(obj)
        reports.append(report)
    native.filegroup(name = name + "_ptxas", srcs = reports)
    native.cc_library(
        name = name,
        srcs = objects,
        hdrs = hdrs,
        deps = deps + ["@cuda//:cudart"],
        linkstatic = True,
    )
