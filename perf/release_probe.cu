/* release_probe.cu: does the h release wait for the CTA's TMA loads in flight?
 * (perf/RESULTS.md run 41.)
 *
 * The fused kernel publishes h with red.release.gpu from consumer thread 0, which
 * compiles to MEMBAR.ALL.GPU; ERRBAR; CGAERRBAR; RED (run 40). Leaving the release out
 * (a diagnostic) saved 0.4-0.55 us at TP8 and 0.25-0.4 at TP16 B >= 32, but only 0.05 at
 * TP16 B <= 16 (run 40 call 1): the cells where the producer's last down-weight loads are
 * still in flight at the release are the costly ones. This probe asks whether the
 * MEMBAR waits for loads that another warp of the CTA issued: 132 CTAs (one per SM), warp
 * 1's lane 0 issues `loads` 8 KB bulk copies from a 1 GB buffer (cold: each launch reads
 * other bytes), then thread 0 stores 8 words and releases, and its clock64 brackets the
 * release. Mode 1 lets warp 1 wait for its copies before the release; mode 2 issues L2
 * prefetches (cp.async.bulk.prefetch.L2) of the same bytes instead of copies, as the
 * fused kernel asks its late down blocks into L2 before the release.
 *
 * What it found (run 41 calls 14, 17): the release waits for them. Median cycles: with 16
 * copies in flight 7658-10935, landed 729-1340, none 923-1244; with 16 L2 prefetches in
 * flight 3510-3682.
 *
 * Modes 3 and 4 (run 42) ask the same across CTAs: does a release wait for copies that
 * ANOTHER CTA on the same SM has in flight, as the next step's grid (PDL, two CTAs per
 * SM) has its first ring in flight beside this grid's h release? 264 CTAs of 97 KB, two
 * per SM, all resident at once. The first CTA to arrive on an SM (a per-SM ticket) is the
 * loader: it issues `loads` copies (mode 4: and waits for them), then raises the SM's
 * flag; the second is the releaser: it waits for the flag, then stores and releases as
 * above. Reported: the median over the releasers. What they found (run 42 call 1): 12
 * copies in flight in the other CTA made the release 1962-2509 cycles (none 621-624,
 * landed 708-711).
 *
 * Modes 6-8 (run 42) time loads in the second CTA instead of the release, beside the
 * other CTA's copies: one ld.relaxed.gpu.v4 of an L2-resident line (6); 24 of them in each
 * of 64 threads, until every thread has its data (7: the tagged h's read, run 42 calls
 * 2-8, took 1.4-2.5 us in the kernel); one 2 KB bulk copy (8: TMA, as the released h is
 * read). Mode 6 found (call 5): 306-544 cycles, 451-923 beside 12 copies in flight.
 *
 * The third table (run 44) asks whether the cost follows the SM or the traffic: the
 * copies only on odd SMs (half the traffic), the release, one load and one bulk copy
 * timed on the even SMs (other SMs' traffic) and on the odd ones (their own SM's). It
 * found (call 8) both: a release 621-625 cycles with no copies, 932-1021 with copies on
 * other SMs, 1186-1424 beside them; one load 305-356, 341-353, 548-1153. (The bulk
 * copy's 1870-2020 on the even SMs against 673-675 beside the copies is not explained:
 * the even SMs' timed CTAs start during the odd SMs' issue, the odd SMs' after their own
 * loads are issued, so the two columns do not time the same moment.)
 */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include <algorithm>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tma.cuh"
#include "perf/hopper.h"
#include "perf/release_probe.h"

namespace {

/* Relaxed load at GPU scope (from L2, never a stale L1 line): four 32-bit words (16
 * bytes, 16-byte aligned), each read atomically on its own, that another CTA may be
 * writing concurrently (run 42's tagged h, docs/experiments/tagged_h.patch, whose words
 * prove themselves by a tag). Only this probe uses them, so they live here. */
__device__ __forceinline__ uint4 ld_relaxed_gpu_v4(const uint32_t *address) {
  uint4 value;
  asm volatile("ld.relaxed.gpu.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(value.x), "=r"(value.y), "=r"(value.z), "=r"(value.w)
               : "l"(address)
               : "memory");
  return value;
}

/* Relaxed 32-bit store at GPU scope: one word read concurrently by ld_relaxed_gpu_v4. */
__device__ __forceinline__ void st_relaxed_gpu(uint32_t *address, uint32_t value) {
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(address), "r"(value) : "memory");
}

constexpr int kCtas = 132;
constexpr int kMaxLoads = 16;
constexpr uint32_t kLoadBytes = 8192;
constexpr size_t kColdBytes = SHX_PROBE_COLD_BYTES;
constexpr int kSmemBytes = kMaxLoads * kLoadBytes + 8 * kMaxLoads + 1024;

/* The timed release of every mode but 6-8: 8 word stores, then red.release.gpu on the
 * counter, its cycles (clock64) into cycles[CTA]. */
__device__ __forceinline__ void timed_release(uint32_t *counter, uint32_t *words,
                                              long long *cycles) {
#pragma unroll
  for (int i = 0; i < 8; ++i) words[blockIdx.x * 8 + i] = static_cast<uint32_t>(i);
  const long long start = clock64();
  shx::ptx::red_release_gpu_add(counter, 1u);
  const long long stop = clock64();
  cycles[blockIdx.x] = stop - start;
}

__global__ void __launch_bounds__(64, 1)
    release_probe_kernel(const uint8_t *cold, size_t offset, int loads, int mode,
                         uint32_t *counter, uint32_t *words, long long *cycles) {
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t ring = (shx::ptx::smem_address(smem) + 1023u) & ~1023u;
  const uint32_t barriers = ring + kMaxLoads * kLoadBytes;
  if (threadIdx.x == 32) {
    for (int i = 0; i < kMaxLoads; ++i) shx::ptx::mbarrier_init(barriers + 8 * i, 1);
    shx::ptx::fence_mbarrier_init();
    const uint8_t *source =
        cold + offset + static_cast<size_t>(blockIdx.x) * kMaxLoads * kLoadBytes;
    for (int i = 0; i < loads; ++i) {
      if (mode == 2) {
        shx::ptx::bulk_prefetch_l2(source + static_cast<size_t>(i) * kLoadBytes, kLoadBytes);
        continue;
      }
      shx::ptx::mbarrier_arrive_expect_tx(barriers + 8 * i, kLoadBytes);
      shx::ptx::bulk_load(ring + i * kLoadBytes, source + static_cast<size_t>(i) * kLoadBytes,
                          kLoadBytes, barriers + 8 * i);
    }
    if (mode == 1)
      for (int i = 0; i < loads; ++i)
        while (!shx::ptx::mbarrier_try_wait(barriers + 8 * i, 0)) {
        }
  }
  __syncthreads();
  if (threadIdx.x == 0) timed_release(counter, words, cycles);
  if (threadIdx.x == 32 && mode == 0)
    for (int i = 0; i < loads; ++i)
      while (!shx::ptx::mbarrier_try_wait(barriers + 8 * i, 0)) {
      }
}

constexpr int kCrossMaxLoads = 12;
constexpr int kCrossSmemBytes = kCrossMaxLoads * kLoadBytes + 8 * kCrossMaxLoads + 1024;
constexpr int kMaxSms = 256;

/* Waits (2 ms at most) for the other CTA of the SM, the loader, to raise its flag; false
 * if it never came (the timed CTA then reports -2). */
__device__ __forceinline__ bool loader_flag_raised(uint32_t *flag) {
  const uint64_t start_ns = shx::ptx::globaltimer();
  while (atomicAdd(flag, 0u) == 0u)
    if (shx::ptx::globaltimer() - start_ns > 2000000ull) return false;
  return true;
}

/* Modes 3, 4: tickets[sm] and flags[sm] start at 0; cycles[cta] = -1 for a loader and
 * for a timed CTA left out. `where` (run 44): 0, copies on every SM, every timed CTA
 * counted; 1, copies only on odd SMs, the timed CTAs of even SMs counted (traffic on
 * other SMs); 2, copies only on odd SMs, the timed CTAs of odd SMs counted (the same
 * traffic, on their own SM). */
__global__ void __launch_bounds__(64, 2)
    cross_cta_kernel(const uint8_t *cold, size_t offset, int loads, int wait_landed,
                     int timed_load, int where,
                     uint32_t *tickets, uint32_t *flags, uint32_t *counter, uint32_t *words,
                     long long *cycles) {
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t ring = (shx::ptx::smem_address(smem) + 1023u) & ~1023u;
  const uint32_t barriers = ring + kCrossMaxLoads * kLoadBytes;
  __shared__ uint32_t role;
  const uint32_t sm = shx::ptx::smid();
  if (threadIdx.x == 0) role = atomicAdd(&tickets[sm], 1u);
  __syncthreads();
  if (where != 0 && sm % 2 == 0) loads = 0; /* copies only on odd SMs */
  const bool counted = where == 0 || (where == 1) == (sm % 2 == 0);
  if (role == 0) { /* loader */
    if (threadIdx.x == 0) {
      cycles[blockIdx.x] = -1;
      for (int i = 0; i < loads; ++i) shx::ptx::mbarrier_init(barriers + 8 * i, 1);
      shx::ptx::fence_mbarrier_init();
      const uint8_t *source =
          cold + offset + static_cast<size_t>(sm) * kCrossMaxLoads * kLoadBytes;
      for (int i = 0; i < loads; ++i) {
        shx::ptx::mbarrier_arrive_expect_tx(barriers + 8 * i, kLoadBytes);
        shx::ptx::bulk_load(ring + i * kLoadBytes,
                            source + static_cast<size_t>(i) * kLoadBytes, kLoadBytes,
                            barriers + 8 * i);
      }
      if (wait_landed)
        for (int i = 0; i < loads; ++i)
          while (!shx::ptx::mbarrier_try_wait(barriers + 8 * i, 0)) {
          }
      atomicExch(&flags[sm], 1u);
      if (!wait_landed)
        for (int i = 0; i < loads; ++i)
          while (!shx::ptx::mbarrier_try_wait(barriers + 8 * i, 0)) {
          }
    }
    return;
  }
  if (timed_load >= 2) {
    /* modes 7, 8: 24 loads of 16 bytes a thread (64 threads) from L2-resident lines, or one
     * 2 KB bulk copy; warmed first, timed by thread 0 from after the loader's flag until
     * every thread has its data. */
    const uint32_t *hot = reinterpret_cast<const uint32_t *>(
        cold + kColdBytes - (size_t{32} << 20) + static_cast<size_t>(sm) * 65536);
    constexpr int kPairs = 12;
    const uint32_t *mine = hot + threadIdx.x * 8;
    uint32_t sum = 0;
    if (threadIdx.x == 0) cycles[blockIdx.x] = 0;
    if (threadIdx.x == 0 && timed_load == 3) {
      shx::ptx::mbarrier_init(barriers, 1);
      shx::ptx::fence_mbarrier_init();
    }
    /* One pass of the timed reads (the bulk copy's barrier phase `parity`). */
    auto read = [&](uint32_t parity) {
      if (timed_load == 2) {
#pragma unroll
        for (int k = 0; k < kPairs; ++k) {
          const uint4 x = ld_relaxed_gpu_v4(mine + k * 512);
          const uint4 y = ld_relaxed_gpu_v4(mine + k * 512 + 4);
          sum += x.x + y.y;
        }
      } else if (threadIdx.x == 0) {
        shx::ptx::mbarrier_arrive_expect_tx(barriers, 2048);
        shx::ptx::bulk_load(ring, hot, 2048, barriers);
        while (!shx::ptx::mbarrier_try_wait(barriers, parity)) {
        }
      }
    };
    read(0); /* warms L2 */
    __syncthreads();
    if (threadIdx.x == 0 && !loader_flag_raised(&flags[sm])) cycles[blockIdx.x] = -2;
    __syncthreads();
    if (cycles[blockIdx.x] == -2) return;
    const long long start = clock64();
    read(1);
    st_relaxed_gpu(words + blockIdx.x * 8 + (threadIdx.x & 7), sum); /* data in */
    __syncthreads();
    const long long stop = clock64();
    if (threadIdx.x == 0) cycles[blockIdx.x] = counted ? stop - start : -1;
    return;
  }
  if (threadIdx.x != 0) return;
  if (!loader_flag_raised(&flags[sm])) { /* releaser */
    cycles[blockIdx.x] = -2;
    return;
  }
  if (timed_load) { /* mode 6: one L2 round trip of an ld.relaxed.gpu instead */
    const uint4 hot = ld_relaxed_gpu_v4(reinterpret_cast<const uint32_t *>(cold));
    (void)hot;
    const long long start = clock64();
    const uint4 value =
        ld_relaxed_gpu_v4(reinterpret_cast<const uint32_t *>(cold) + 4);
    st_relaxed_gpu(words + blockIdx.x * 8, value.x); /* waits for the load */
    const long long stop = clock64();
    cycles[blockIdx.x] = counted ? stop - start : -1;
    return;
  }
  timed_release(counter, words, cycles);
  if (!counted) cycles[blockIdx.x] = -1;
}

}  // namespace

extern "C" int shx_release_probe_cross(int loads, int wait_landed, int timed_load, int where,
                                       double *release_cycles,
                                       int *releasers) {
  if (loads < 0 || loads > kCrossMaxLoads || timed_load < 0 || timed_load > 3 || where < 0 ||
      where > 2 ||
      release_cycles == nullptr || releasers == nullptr)
    return -1;
  const int sms = shx_hopper_sms();
  if (sms == 0) return 77;
  const int ctas = 2 * sms;
  uint8_t *cold = nullptr;
  static size_t next_offset = 0;
  uint32_t *tickets = nullptr, *counter = nullptr, *words = nullptr;
  long long *cycles = nullptr;
  cudaError_t error = shx_probe_cold_buffer(&cold);
  /* tickets[kMaxSms], flags[kMaxSms], then the counter */
  if (error == cudaSuccess) error = cudaMalloc(&tickets, sizeof(uint32_t) * (2 * kMaxSms + 1));
  if (error == cudaSuccess) error = cudaMemset(tickets, 0, sizeof(uint32_t) * (2 * kMaxSms + 1));
  counter = tickets + 2 * kMaxSms;
  if (error == cudaSuccess) error = cudaMalloc(&words, sizeof(uint32_t) * 8 * ctas);
  if (error == cudaSuccess) error = cudaMalloc(&cycles, sizeof(long long) * ctas);
  if (error == cudaSuccess)
    error = cudaFuncSetAttribute(cross_cta_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                 kCrossSmemBytes);
  const size_t per_launch = static_cast<size_t>(kMaxSms) * kCrossMaxLoads * kLoadBytes;
  if (next_offset + per_launch > kColdBytes - (size_t{64} << 20)) next_offset = 0;
  const size_t offset = next_offset;
  next_offset += per_launch;
  if (error == cudaSuccess) {
    cross_cta_kernel<<<ctas, 64, kCrossSmemBytes>>>(cold, offset, loads, wait_landed,
                                                    timed_load, where, tickets,
                                                    tickets + kMaxSms, counter, words, cycles);
    error = cudaGetLastError();
  }
  if (error == cudaSuccess) error = cudaDeviceSynchronize();
  long long host[2 * kMaxSms];
  if (error == cudaSuccess)
    error = cudaMemcpy(host, cycles, sizeof(long long) * ctas, cudaMemcpyDeviceToHost);
  cudaFree(tickets);
  cudaFree(words);
  cudaFree(cycles);
  if (error != cudaSuccess) {
    fprintf(stderr, "release_probe: %s\n", cudaGetErrorString(error));
    return -1;
  }
  long long timed[2 * kMaxSms];
  int count = 0;
  for (int i = 0; i < ctas; ++i)
    if (host[i] >= 0) timed[count++] = host[i];
  *releasers = count;
  if (count == 0) return -1;
  std::sort(timed, timed + count);
  *release_cycles = static_cast<double>(timed[count / 2]);
  return 0;
}

extern "C" int shx_release_probe(int loads, int mode, double *release_cycles) {
  if (loads < 0 || loads > kMaxLoads || mode < 0 || mode > 2 || release_cycles == nullptr)
    return -1;
  if (shx_hopper_sms() == 0) return 77;
  uint8_t *cold = nullptr;
  static size_t next_offset = 0;
  uint32_t *counter = nullptr, *words = nullptr;
  long long *cycles = nullptr;
  cudaError_t error = shx_probe_cold_buffer(&cold);
  if (error == cudaSuccess) error = cudaMalloc(&counter, sizeof(uint32_t));
  if (error == cudaSuccess) error = cudaMalloc(&words, sizeof(uint32_t) * 8 * kCtas);
  if (error == cudaSuccess) error = cudaMalloc(&cycles, sizeof(long long) * kCtas);
  if (error == cudaSuccess)
    error = cudaFuncSetAttribute(release_probe_kernel,
                                 cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes);
  /* Each launch reads bytes that no earlier launch of this function read, from the front
   * of the shared cold buffer (shx_probe_cold_buffer): the memset wrote it front to back,
   * so those bytes are long out of the 60 MB L2. (The cross-CTA table walks the same
   * buffer from its front again, after this table's 500 MB.) */
  const size_t per_launch = static_cast<size_t>(kCtas) * kMaxLoads * kLoadBytes;
  if (next_offset + per_launch > kColdBytes - (size_t{64} << 20)) next_offset = 0;
  const size_t offset = next_offset;
  next_offset += per_launch;
  if (error == cudaSuccess) {
    release_probe_kernel<<<kCtas, 64, kSmemBytes>>>(cold, offset, loads, mode, counter, words,
                                                    cycles);
    error = cudaGetLastError();
  }
  if (error == cudaSuccess) error = cudaDeviceSynchronize();
  long long host[kCtas];
  if (error == cudaSuccess)
    error = cudaMemcpy(host, cycles, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(counter);
  cudaFree(words);
  cudaFree(cycles);
  if (error != cudaSuccess) {
    fprintf(stderr, "release_probe: %s\n", cudaGetErrorString(error));
    return -1;
  }
  std::sort(host, host + kCtas);
  *release_cycles = static_cast<double>(host[kCtas / 2]);
  return 0;
}
