/* launch_probe.cu: the two latencies around a programmatic dependent launch, measured
 * without the fused kernel's work (perf/RESULTS.md run 44).
 *
 * The fused kernel's limits tables put about 4.5-4.9 us between a grid's trigger and the
 * next grid's first MMA at both TP8 and TP16 B=9 (run 43 call 1): the next grid starts
 * about 1.1-1.2 us after the trigger, loads its first ring, and its dependency wait
 * returns 0.7-1.2 us after this grid's last push (0.41 us where that ring had landed
 * long before, run 32 call 10). This probe takes the two latencies apart on a chain of
 * launches of one kernel that does nothing but wait (its CTAs as many as the fused
 * grid's, its shared memory as large, so that two share an SM under PDL, and with or
 * without clusters of 8):
 *   launch   from the last CTA's griddepcontrol.launch_dependents to the next grid's
 *            CTAs' entry;
 *   release  from this grid's last CTA exit to the next grid's dependency wait
 *            returning, with the next grid's copies (its "first ring", from a cold 1 GB
 *            buffer) in flight at that exit or not; in CTAs that copy and in CTAs that
 *            do not (so: does a wait wait for its own CTA's copies, or for all); with
 *            the copies as L2 prefetches instead of loads.
 * The chain is captured in a CUDA graph (the launch attribute becomes programmatic edges,
 * as in the benchmark), so that the host's launch rate is not measured.
 *
 * What it found (run 44 calls 1, 2, 4): the next grid's first CTA enters about 0.5 us
 * after the last trigger (the last by 0.6-0.7 us), with or without clusters of 8 and with
 * 1.5 KB more of parameters. Its wait returns about 0.35 us after the last exit with
 * nothing in flight, up to 1.7 us after it with its own 8.75 MB of copies still loading,
 * and in every CTA alike, those that copied nothing too: the predecessor's completion
 * waits for the memory traffic in flight. L2 prefetches hold it less (1.0 against 1.67
 * us with the trigger 3 us after the wait).
 *
 * GEOMETRY: `ctas` CTAs of 160 threads (the fused kernel's), `smem_kb` KB of dynamic
 * shared memory each, clusters of `cluster`. Thread 0 stamps and waits; the producer
 * thread (128: warp 4's lane 0, as in the fused kernel) issues the copies, 16 KB each,
 * onto one mbarrier, and stamps when they have landed.
 */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include <algorithm>
#include <vector>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tma.cuh"
#include "perf/hopper.h"
#include "perf/launch_probe.h"

namespace {

using shx::ptx::globaltimer;

constexpr int kThreads = 160;
constexpr int kProducerThread = 128;
constexpr int kLaunches = 40;  /* a chain of launches in one graph */
constexpr int kWarmup = 4;     /* pairs left out at the head of the chain */
constexpr uint32_t kCopyBytes = 16384;
constexpr size_t kColdBytes = SHX_PROBE_COLD_BYTES;
constexpr int kMaxRingKb = 208; /* the regions below: 1 GB / 208 KB = 5041 */

enum Stamp { kEntry, kWait, kTrigger, kExit, kLanded, kStamps };

__device__ __forceinline__ void spin_until(uint64_t deadline) {
  while (globaltimer() < deadline) {
  }
}

/* Bytes added to the kernel's parameters (the fused kernel's are about 1.3 KB: four
 * tensor maps, the plan's per-CTA arrays, the arguments), unused by the kernel. */
template <int kBytes>
struct Padding {
  unsigned char bytes[kBytes];
};

template <int kPadBytes>
__global__ void __launch_bounds__(kThreads)
    launch_probe_kernel(shx_launch_probe_config config, int launch, const uint8_t *cold,
                        unsigned long long *stamps, const Padding<kPadBytes> padding) {
  (void)padding; /* only its size matters */
  extern __shared__ __align__(1024) uint8_t ring[];
  __shared__ __align__(8) uint64_t landed;
  unsigned long long *mine =
      stamps + (static_cast<size_t>(launch) * config.ctas + blockIdx.x) * kStamps;
  const uint32_t barrier = shx::ptx::smem_address(&landed);
  if (threadIdx.x == 0) {
    mine[kEntry] = globaltimer();
    shx::ptx::mbarrier_init(barrier, 1);
    shx::ptx::fence_mbarrier_init();
  }
  __syncthreads();
  const int copies = blockIdx.x % config.copy_every == 0
                         ? config.ring_kb * 1024 / static_cast<int>(kCopyBytes)
                         : 0;
  if (threadIdx.x == kProducerThread && copies > 0) {
    /* Region launch * ctas + cta of the buffer: a chain never reads a line twice. */
    const size_t regions = kColdBytes / (static_cast<size_t>(kMaxRingKb) * 1024);
    const size_t region = (static_cast<size_t>(launch) * config.ctas + blockIdx.x) % regions;
    const uint8_t *source = cold + region * kMaxRingKb * 1024;
    if (config.prefetch) {
      for (int copy = 0; copy < copies; ++copy)
        shx::ptx::bulk_prefetch_l2(source + copy * kCopyBytes, kCopyBytes);
      return;
    }
    const uint32_t destination = shx::ptx::smem_address(ring);
    shx::ptx::mbarrier_arrive_expect_tx(barrier, copies * kCopyBytes);
    for (int copy = 0; copy < copies; ++copy)
      shx::ptx::bulk_load(destination + copy * kCopyBytes, source + copy * kCopyBytes,
                          kCopyBytes, barrier);
    while (!shx::ptx::mbarrier_try_wait(barrier, 0)) {
    }
    mine[kLanded] = globaltimer();
    return;
  }
  if (threadIdx.x != 0) return;
  shx::ptx::griddep_wait();
  const uint64_t waited = globaltimer();
  mine[kWait] = waited;
  spin_until(waited + config.trigger_ns);
  shx::ptx::griddep_launch_dependents();
  mine[kTrigger] = globaltimer();
  spin_until(waited + config.work_ns);
  mine[kExit] = globaltimer();
}

double mean(const std::vector<double> &values) {
  if (values.empty()) return 0.0;
  double sum = 0.0;
  for (double value : values) sum += value;
  return sum / static_cast<double>(values.size());
}

/* The two parameter sizes (config->param_bytes 0 or not): 8 bytes, or 1536 more bytes
 * than the probe's own (about the fused kernel's). */
constexpr int kSmallPad = 8, kLargePad = 1536;

template <int kPadBytes>
cudaError_t set_attributes(size_t smem, int cluster) {
  cudaError_t status = cudaFuncSetAttribute(launch_probe_kernel<kPadBytes>,
                                            cudaFuncAttributeMaxDynamicSharedMemorySize,
                                            static_cast<int>(smem));
  if (status != cudaSuccess) return status;
  return cudaFuncSetAttribute(launch_probe_kernel<kPadBytes>,
                              cudaFuncAttributeNonPortableClusterSizeAllowed, cluster > 8);
}

int fail(char *error, const char *what, cudaError_t status) {
  if (error != nullptr) snprintf(error, 160, "%s: %s", what, cudaGetErrorString(status));
  return -1;
}

}  // namespace

extern "C" int shx_launch_probe(const shx_launch_probe_config *config, double *launch_ns,
                                double *launch_all_ns, double *release_ns,
                                double *release_idle_ns, double *step_ns, double *ring_ns,
                                char *error) {
  if (config == nullptr || launch_ns == nullptr || launch_all_ns == nullptr ||
      release_ns == nullptr || release_idle_ns == nullptr || step_ns == nullptr ||
      ring_ns == nullptr || config->copy_every < 1 || config->prefetch < 0 ||
      config->prefetch > 1 || config->param_bytes < 0 ||
      config->ctas <= 0 || config->cluster <= 0 || config->cluster > 16 ||
      config->ctas % config->cluster != 0 || config->smem_kb < 0 || config->smem_kb > 227 ||
      config->ring_kb < 0 || config->ring_kb > kMaxRingKb || config->ring_kb > config->smem_kb ||
      config->ring_kb % 16 != 0 || config->trigger_ns < 0 ||
      config->work_ns < config->trigger_ns) {
    if (error != nullptr) snprintf(error, 160, "launch_probe: bad configuration");
    return -1;
  }
  if (shx_hopper_sms() == 0) return 77;
  uint8_t *cold = nullptr;
  cudaError_t status;
  if ((status = shx_probe_cold_buffer(&cold)) != cudaSuccess)
    return fail(error, "cold buffer", status);
  const size_t smem = static_cast<size_t>(config->smem_kb) * 1024;
  if ((status = config->param_bytes == 0 ? set_attributes<kSmallPad>(smem, config->cluster)
                                         : set_attributes<kLargePad>(smem, config->cluster)) !=
      cudaSuccess)
    return fail(error, "kernel attributes", status);

  const size_t stamp_count = static_cast<size_t>(kLaunches) * config->ctas * kStamps;
  unsigned long long *stamps = nullptr;
  cudaStream_t stream = nullptr;
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;
  std::vector<unsigned long long> host(stamp_count);
  int result = 0;
  do {
    /* Zeroed: a CTA that copies nothing leaves its "landed" stamp 0, which the exit's
     * maximum below then ignores. */
    if ((status = cudaMalloc(&stamps, stamp_count * sizeof(*stamps))) != cudaSuccess ||
        (status = cudaMemset(stamps, 0, stamp_count * sizeof(*stamps))) != cudaSuccess ||
        (status = cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking)) != cudaSuccess) {
      result = fail(error, "allocation", status);
      break;
    }
    if ((status = cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal)) !=
        cudaSuccess) {
      result = fail(error, "capture", status);
      break;
    }
    for (int launch = 0; launch < kLaunches && status == cudaSuccess; ++launch) {
      cudaLaunchAttribute attributes[2];
      attributes[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
      attributes[0].val.programmaticStreamSerializationAllowed = 1;
      attributes[1].id = cudaLaunchAttributeClusterDimension;
      attributes[1].val.clusterDim.x = static_cast<unsigned>(config->cluster);
      attributes[1].val.clusterDim.y = 1;
      attributes[1].val.clusterDim.z = 1;
      cudaLaunchConfig_t launch_config = {};
      launch_config.gridDim = dim3(static_cast<unsigned>(config->ctas));
      launch_config.blockDim = dim3(kThreads);
      launch_config.dynamicSmemBytes = smem;
      launch_config.stream = stream;
      launch_config.attrs = attributes;
      launch_config.numAttrs = config->cluster > 1 ? 2 : 1;
      const uint8_t *source = cold;
      status = config->param_bytes == 0
                   ? cudaLaunchKernelEx(&launch_config, launch_probe_kernel<kSmallPad>, *config,
                                        launch, source, stamps, Padding<kSmallPad>{})
                   : cudaLaunchKernelEx(&launch_config, launch_probe_kernel<kLargePad>, *config,
                                        launch, source, stamps, Padding<kLargePad>{});
    }
    const cudaError_t end = cudaStreamEndCapture(stream, &graph);
    if (status == cudaSuccess) status = end;
    if (status != cudaSuccess) {
      result = fail(error, "launch capture", status);
      break;
    }
    if ((status = cudaGraphInstantiate(&exec, graph, 0)) != cudaSuccess ||
        (status = cudaGraphLaunch(exec, stream)) != cudaSuccess || /* warm */
        (status = cudaGraphLaunch(exec, stream)) != cudaSuccess ||
        (status = cudaStreamSynchronize(stream)) != cudaSuccess ||
        (status = cudaMemcpy(host.data(), stamps, stamp_count * sizeof(*stamps),
                             cudaMemcpyDeviceToHost)) != cudaSuccess) {
      result = fail(error, "graph run", status);
      break;
    }
  } while (false);
  if (exec != nullptr) cudaGraphExecDestroy(exec);
  if (graph != nullptr) cudaGraphDestroy(graph);
  if (stream != nullptr) cudaStreamDestroy(stream);
  if (stamps != nullptr) cudaFree(stamps);
  if (result != 0) return result;

  const int ctas = config->ctas;
  auto at = [&](int launch, int cta, int stamp) {
    return static_cast<double>(host[(static_cast<size_t>(launch) * ctas + cta) * kStamps + stamp]);
  };
  std::vector<double> launches, launches_all, releases, releases_idle, steps, rings;
  for (int launch = kWarmup; launch + 1 < kLaunches; ++launch) {
    double last_trigger = 0.0, last_exit = 0.0, first_entry = 1e300, last_entry = 0.0;
    std::vector<double> waits, next_waits;
    for (int cta = 0; cta < ctas; ++cta) {
      last_trigger = std::max(last_trigger, at(launch, cta, kTrigger));
      last_exit = std::max(last_exit, std::max(at(launch, cta, kExit),
                                               at(launch, cta, kLanded)));
      first_entry = std::min(first_entry, at(launch + 1, cta, kEntry));
      last_entry = std::max(last_entry, at(launch + 1, cta, kEntry));
      waits.push_back(at(launch, cta, kWait));
      next_waits.push_back(at(launch + 1, cta, kWait));
    }
    for (int cta = 0; cta < ctas; ++cta) {
      const bool copying = config->ring_kb > 0 && cta % config->copy_every == 0;
      const double release = at(launch + 1, cta, kWait) - last_exit;
      (copying || config->copy_every == 1 ? releases : releases_idle).push_back(release);
      if (copying && !config->prefetch)
        rings.push_back(at(launch + 1, cta, kLanded) - at(launch + 1, cta, kEntry));
    }
    launches.push_back(first_entry - last_trigger);
    launches_all.push_back(last_entry - last_trigger);
    steps.push_back(mean(next_waits) - mean(waits));
  }
  *launch_ns = mean(launches);
  *launch_all_ns = mean(launches_all);
  *release_ns = mean(releases);
  *release_idle_ns = mean(releases_idle);
  *step_ns = mean(steps);
  *ring_ns = mean(rings);
  return 0;
}
