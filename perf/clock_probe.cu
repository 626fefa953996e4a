/* clock_probe.cu: what an interval between two %globaltimer stamps holds
 * (perf/RESULTS.md run 43).
 *
 * The fused kernel's phase trace (tools/limits.sh) cuts a step at %globaltimer stamps.
 * Run 43 found clock64 cycles over the stamps' interval of the same pass giving 1.3-1.5
 * GHz, while nvidia-smi read 1980 MHz throughout the benchmark. This probe measures the
 * timer alone, one CTA of one warp per SM, lane 0: a busy wait of `spin` SM cycles
 * bracketed by %globaltimer reads (their ratio: the SM clock as a stamp sees it), the
 * timer's smallest non-zero step between successive reads, and the cycles one read
 * costs. With `stream`, a second warp of each CTA streams HBM meanwhile (8 bulk copies of
 * 16 KB in flight a CTA, from a 1 GB buffer, 132 CTAs: the fused kernel's traffic), so
 * that the ratio shows whether the SM clock drops while HBM is busy.
 *
 * What it found (run 43 calls 12, 14): about 1.97 GHz with HBM idle or streamed (the
 * copies' bandwidth not measured), the timer's step 32 ns. The read-cost column of those
 * calls was 0 with the reads' results unused (ptxas may have dropped them); the reads
 * are now summed into the sample.
 */
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>
#include <vector>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tma.cuh"
#include "perf/clock_probe.h"
#include "perf/hopper.h"

namespace {

using shx::ptx::globaltimer;

constexpr int kReads = 32; /* back-to-back reads timed for the cost of one */
constexpr int kSteps = 64; /* timer changes watched for its resolution */
constexpr int kSlots = 8;            /* bulk copies in flight a streaming CTA */
constexpr uint32_t kCopyBytes = 16384;
constexpr size_t kColdBytes = SHX_PROBE_COLD_BYTES;
constexpr size_t kRegionBytes = kColdBytes / 256; /* a CTA's share of the buffer */
constexpr int kStreamSmem = kSlots * kCopyBytes + 8 * kSlots;

struct Sample {
  long long spin_cycles, spin_ns, step_ns, read_cycles;
  unsigned long long timer_sum; /* keeps the timed reads (not reported) */
};

/* Warp 1's lane 0 (stream mode): bulk copies of the CTA's region of `cold`, kSlots in
 * flight, until warp 0 sets *done. */
__device__ void stream_until_done(const uint8_t *cold, uint8_t *smem, volatile int *done) {
  const uint32_t data = shx::ptx::smem_address(smem);
  const uint32_t barriers = data + kSlots * kCopyBytes;
  const uint8_t *region = cold + static_cast<size_t>(blockIdx.x) * kRegionBytes;
  size_t offset = 0;
  uint32_t phase = 0;
  for (int slot = 0; slot < kSlots; ++slot) {
    shx::ptx::mbarrier_arrive_expect_tx(barriers + 8 * slot, kCopyBytes);
    shx::ptx::bulk_load(data + slot * kCopyBytes, region + offset, kCopyBytes,
                        barriers + 8 * slot);
    offset = (offset + kCopyBytes) % kRegionBytes;
  }
  while (true) {
    for (int slot = 0; slot < kSlots; ++slot) {
      while (!shx::ptx::mbarrier_try_wait(barriers + 8 * slot, phase)) {
      }
      if (*done) {
        /* No copy may be in flight when the CTA ends: the slots after this one still
         * complete this phase, those before it (reissued) the next. */
        for (int later = slot + 1; later < kSlots; ++later)
          while (!shx::ptx::mbarrier_try_wait(barriers + 8 * later, phase)) {
          }
        for (int earlier = 0; earlier < slot; ++earlier)
          while (!shx::ptx::mbarrier_try_wait(barriers + 8 * earlier, phase ^ 1u)) {
          }
        return;
      }
      shx::ptx::mbarrier_arrive_expect_tx(barriers + 8 * slot, kCopyBytes);
      shx::ptx::bulk_load(data + slot * kCopyBytes, region + offset, kCopyBytes,
                          barriers + 8 * slot);
      offset = (offset + kCopyBytes) % kRegionBytes;
    }
    phase ^= 1u;
  }
}

__global__ void clock_probe_kernel(long long spin, const uint8_t *cold, Sample *samples) {
  extern __shared__ __align__(128) uint8_t smem[];
  __shared__ int done;
  const bool stream = cold != nullptr;
  if (threadIdx.x == 0) {
    done = 0;
    if (stream)
      for (int slot = 0; slot < kSlots; ++slot)
        shx::ptx::mbarrier_init(shx::ptx::smem_address(smem) + kSlots * kCopyBytes + 8 * slot,
                                1);
    shx::ptx::fence_mbarrier_init();
  }
  __syncthreads();
  if (threadIdx.x == 32) {
    if (stream) stream_until_done(cold, smem, &done);
    return;
  }
  if (threadIdx.x != 0) return;
  if (stream) { /* let the stream reach HBM's pace first: about 20 us */
    const long long start = clock64();
    while (clock64() - start < 40000) {
    }
  }
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
  /* One read's cost, the reads summed so that none is dropped. */
  const long long r0 = clock64();
  unsigned long long sum = 0;
#pragma unroll
  for (int i = 0; i < kReads; ++i) sum += globaltimer();
  const long long r1 = clock64();
  sample.read_cycles = (r1 - r0) / kReads;
  sample.timer_sum = sum;
  samples[blockIdx.x] = sample;
  *static_cast<volatile int *>(&done) = 1;
}

double median(std::vector<long long> values) {
  std::sort(values.begin(), values.end());
  return static_cast<double>(values[values.size() / 2]);
}

}  // namespace

extern "C" int shx_clock_probe(long long spin, int stream, double *spin_cycles,
                               double *spin_ns, double *step_ns, double *read_cycles) {
  if (spin <= 0 || spin_cycles == nullptr || spin_ns == nullptr || step_ns == nullptr ||
      read_cycles == nullptr)
    return -1;
  const int ctas = shx_hopper_sms();
  if (ctas == 0) return 77;
  if (stream && static_cast<size_t>(ctas) * kRegionBytes > kColdBytes) return -1;
  uint8_t *cold = nullptr;
  if (stream && (shx_probe_cold_buffer(&cold) != cudaSuccess ||
                 cudaFuncSetAttribute(clock_probe_kernel,
                                      cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      kStreamSmem) != cudaSuccess))
    return -1;
  Sample *samples = nullptr;
  if (cudaMalloc(&samples, ctas * sizeof(Sample)) != cudaSuccess) return -1;
  if (stream)
    clock_probe_kernel<<<ctas, 64, kStreamSmem>>>(spin, cold, samples);
  else
    clock_probe_kernel<<<ctas, 32>>>(spin, nullptr, samples);
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
