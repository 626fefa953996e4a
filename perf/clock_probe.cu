/* clock_probe.cu: what an interval between two %globaltimer stamps holds
 * (perf/RESULTS.md run 43).
 *
 * The fused kernel's phase trace (tools/limits.sh) cuts a step at %globaltimer stamps.
 * Run 43 found clock64 cycles over the stamps' interval of the same pass giving 1.3-1.5
 * GHz, while nvidia-smi read 1980 MHz throughout the benchmark. This probe measures the
 * timer alone, one CTA of one warp per SM, lane 0: a busy wait of `spin` SM cycles
 * bracketed by %globaltimer reads (their ratio: the SM clock as a stamp sees it), the
 * timer's smallest non-zero step between successive reads, and the cycles one read
 * costs.
 */
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>
#include <vector>

#include "perf/clock_probe.h"
#include "ops/ptx/memory.cuh"

namespace {

using shx::ptx::globaltimer;

constexpr int kReads = 32; /* back-to-back reads timed for the cost of one */
constexpr int kSteps = 64; /* timer changes watched for its resolution */

struct Sample {
  long long spin_cycles, spin_ns, step_ns, read_cycles;
};

__global__ void clock_probe_kernel(long long spin, Sample *samples) {
  if (threadIdx.x != 0) return;
  Sample sample;
  /* The busy wait between two stamps. */
  const uint64_t t0 = globaltimer();
  const long long c0 = clock64();
  long long c1 = c0;
  while (c1 - c0 < spin) c1 = clock64();
  const uint64_t t1 = globaltimer();
  sample.spin_cycles = c1 - c0;
  sample.spin_ns = static_cast<long long>(t1 - t0);
  /* The smallest non-zero step over kSteps changes of the timer. */
  long long step = 1LL << 62;
  uint64_t last = globaltimer();
  for (int changes = 0; changes < kSteps;) {
    const uint64_t now = globaltimer();
    if (now != last) {
      step = min(step, static_cast<long long>(now - last));
      last = now;
      ++changes;
    }
  }
  sample.step_ns = step;
  /* One read's cost (each read is an asm volatile: none is dropped or merged). */
  const long long r0 = clock64();
#pragma unroll
  for (int i = 0; i < kReads; ++i) globaltimer();
  const long long r1 = clock64();
  sample.read_cycles = (r1 - r0) / kReads;
  samples[blockIdx.x] = sample;
}

double median(std::vector<long long> values) {
  std::sort(values.begin(), values.end());
  return static_cast<double>(values[values.size() / 2]);
}

}  // namespace

extern "C" int shx_clock_probe(long long spin, double *spin_cycles, double *spin_ns,
                               double *step_ns, double *read_cycles) {
  if (spin <= 0 || spin_cycles == nullptr || spin_ns == nullptr || step_ns == nullptr ||
      read_cycles == nullptr)
    return -1;
  int devices = 0;
  cudaDeviceProp prop;
  if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0 ||
      cudaGetDeviceProperties(&prop, 0) != cudaSuccess || prop.major != 9)
    return 77;
  const int ctas = prop.multiProcessorCount;
  Sample *samples = nullptr;
  if (cudaMalloc(&samples, ctas * sizeof(Sample)) != cudaSuccess) return -1;
  clock_probe_kernel<<<ctas, 32>>>(spin, samples);
  std::vector<Sample> host(ctas);
  const bool ok = cudaGetLastError() == cudaSuccess &&
                  cudaMemcpy(host.data(), samples, ctas * sizeof(Sample),
                             cudaMemcpyDeviceToHost) == cudaSuccess;
  cudaFree(samples);
  if (!ok) return -1;
  std::vector<long long> cycles, ns, steps, reads;
  for (const Sample &s : host) {
    cycles.push_back(s.spin_cycles);
    ns.push_back(s.spin_ns);
    steps.push_back(s.step_ns);
    reads.push_back(s.read_cycles);
  }
  *spin_cycles = median(cycles);
  *spin_ns = median(ns);
  *step_ns = median(steps);
  *read_cycles = median(reads);
  return 0;
}
