/* floor.cu: the weight-streaming floor. Each of `grid` CTAs streams a contiguous 1/grid
 * slice of the bytes through a ring of bulk copies of kChunkBytes, completed on
 * mbarriers; one thread issues and waits, nobody computes. Two footprints: one CTA an SM
 * (a ring of kStages, 128 KB of shared memory), or two an SM as the fused kernel's plans
 * place theirs (kStagesTwoPerSm, 96 KB each), so that the next grid under PDL finds room
 * beside this one as the fused kernel's does (bench times both and takes the faster; at
 * the design dims one an SM, perf/RESULTS.md run 67 call 2: two an SM packs the grid onto
 * fewer SMs). This is the SPEC's "pure weight stream": a step of the operator can at best
 * match it.
 *
 * With PDL the first ring goes out before griddepcontrol.wait (weights never depend on
 * the previous kernel) and launch_dependents follows at once, as the fused kernel would
 * do if it had no grid barrier.
 *
 * The routed experts' stand-ins: routed_standin streams for a fixed time (it holds its
 * SMs for that long whatever runs beside it); the bytes stand-in is the floor's stream
 * over a fixed number of its own bytes on fewer SMs, so that traffic beside it
 * (SharedDown's, the next kernel's first ring) slows it as it would slow real routed
 * experts streaming their weights. A PDL-aware bytes stand-in is the floor's form (PDL,
 * the trigger after its first ring); a plain one is a plain launch that never triggers,
 * as a kernel that knows nothing of PDL (a dependent launched with PDL starts once all of
 * its CTAs have exited).
 */
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tma.cuh"
#include "perf/floor.h"

namespace {

constexpr int kStages = 8;
constexpr int kStagesTwoPerSm = 6; /* 2 x (96 KB + 48 B + 1 KB reserved) within 228 KB */
constexpr uint32_t kChunkBytes = 16 * 1024;
/* The dynamic shared memory of a ring of `stages`: the slots, then their barriers. */
constexpr int ring_smem_bytes(int stages) { return stages * kChunkBytes + 8 * stages; }
constexpr int kSmemBytes = ring_smem_bytes(kStages); /* the one-an-SM ring */

/* One thread's ring of `stages` slots of `slot_bytes` at `ring`, each with its mbarrier
 * (one arrival + the copy's bytes) after the slots; returns the barriers' address. */
__device__ __forceinline__ uint32_t init_ring(uint32_t ring, int stages, uint32_t slot_bytes) {
  const uint32_t barriers = ring + stages * slot_bytes;
  for (int s = 0; s < stages; ++s) shx::ptx::mbarrier_init(barriers + 8 * s, 1);
  shx::ptx::fence_mbarrier_init();
  return barriers;
}

/* kTrigger: launch_dependents once the first ring is issued (the floor, the PDL-aware
 * stand-in), in a CTA of more than kRing chunks (a shorter slice triggers by exiting);
 * without it a dependent launched with PDL starts only once all of this grid's CTAs have
 * exited. Without the PDL launch attribute griddepcontrol.wait returns at once. */
template <bool kTrigger, int kRing>
__global__ void __launch_bounds__(32, 1) stream_floor(const uint8_t *weights, size_t bytes) {
  extern __shared__ __align__(128) uint8_t smem[];
  if (threadIdx.x != 0) return;
  const uint32_t ring = shx::ptx::smem_address(smem);
  const uint32_t barriers = init_ring(ring, kRing, kChunkBytes);
  /* This CTA's slice, in 16-byte units so every copy stays aligned. */
  const size_t units = bytes / 16;
  const size_t begin = units * blockIdx.x / gridDim.x * 16;
  const size_t end = units * (blockIdx.x + 1) / gridDim.x * 16;
  const size_t chunks = (end - begin + kChunkBytes - 1) / kChunkBytes;
  for (size_t i = 0; i < chunks; ++i) {
    const int stage = static_cast<int>(i % kRing);
    const uint32_t barrier = barriers + 8 * stage;
    if (kTrigger && i == kRing) {
      shx::ptx::griddep_launch_dependents();
    }
    if (i >= kRing) { /* wait for the copy that used this stage last round */
      const uint32_t parity = static_cast<uint32_t>((i / kRing - 1) & 1);
      while (!shx::ptx::mbarrier_try_wait(barrier, parity)) {
      }
    }
    const size_t offset = begin + i * kChunkBytes;
    const uint32_t size =
        static_cast<uint32_t>(end - offset < kChunkBytes ? end - offset : kChunkBytes);
    shx::ptx::mbarrier_arrive_expect_tx(barrier, size);
    shx::ptx::bulk_load(ring + stage * kChunkBytes, weights + offset, size, barrier);
    if (i + 1 == kRing || i + 1 == chunks) shx::ptx::griddep_wait();
  }
  /* Drain: the last copy of every stage. */
  for (size_t i = chunks > kRing ? chunks - kRing : 0; i < chunks; ++i) {
    const int stage = static_cast<int>(i % kRing);
    const uint32_t parity = static_cast<uint32_t>((i / kRing) & 1);
    while (!shx::ptx::mbarrier_try_wait(barriers + 8 * stage, parity)) {
    }
  }
}

/* The same stream through 2D tensor-map boxes laid out as the fused kernel reads the
 * gate/up weights: CTA c of `grid` takes the 64-row tile c / 4 (32 rows at 32 t and 32
 * at inter + 32 t) over a quarter of K, two [32 x 64] boxes per 8 KB stage. Compared
 * with stream_floor over the same bytes it isolates the cost of the access pattern. */
__global__ void __launch_bounds__(32, 1)
    stream_floor_tiles(const __grid_constant__ CUtensorMap map, int inter, int k_blocks) {
  extern __shared__ __align__(1024) uint8_t smem[];
  if (threadIdx.x != 0) return;
  const uint32_t raw = shx::ptx::smem_address(smem);
  const uint32_t ring = (raw + 1023) & ~1023u;
  constexpr int kTileStages = 16;
  const uint32_t barriers = init_ring(ring, kTileStages, 8192);
  const int tile = blockIdx.x / 4, quarter = blockIdx.x % 4;
  const int begin = k_blocks * quarter / 4, end = k_blocks * (quarter + 1) / 4;
  for (int i = 0; i < end - begin; ++i) {
    const int stage = i % kTileStages;
    const uint32_t barrier = barriers + 8 * stage;
    if (i >= kTileStages) {
      while (!shx::ptx::mbarrier_try_wait(barrier, ((i / kTileStages) - 1) & 1)) {
      }
    }
    shx::ptx::mbarrier_arrive_expect_tx(barrier, 8192);
    shx::ptx::tma_load_2d(ring + stage * 8192, &map, barrier, 64 * (begin + i), 32 * tile);
    shx::ptx::tma_load_2d(ring + stage * 8192 + 4096, &map, barrier, 64 * (begin + i),
                          inter + 32 * tile);
  }
  const int count = end - begin;
  for (int i = count > kTileStages ? count - kTileStages : 0; i < count; ++i) {
    while (!shx::ptx::mbarrier_try_wait(barriers + 8 * (i % kTileStages),
                                        (i / kTileStages) & 1)) {
    }
  }
}

/* The routed experts' stand-in: `gridDim.x` CTAs, one per SM (128 KB of shared memory
 * each, so no SharedDown CTA fits beside one), each streaming its own slice of
 * `weights` through a bulk-copy ring until `duration_ns` have passed: it occupies those
 * SMs for a fixed time and takes HBM bandwidth as real experts would. */
__global__ void __launch_bounds__(32, 1)
    routed_standin(const uint8_t *weights, size_t bytes, uint64_t duration_ns) {
  extern __shared__ __align__(128) uint8_t smem[];
  if (threadIdx.x != 0) return;
  const uint32_t ring = shx::ptx::smem_address(smem);
  const uint32_t barriers = init_ring(ring, kStages, kChunkBytes);
  const size_t slice = bytes / gridDim.x / kChunkBytes * kChunkBytes;
  const uint8_t *begin = weights + slice * blockIdx.x;
  const uint64_t start = shx::ptx::globaltimer();
  size_t i = 0;
  for (; shx::ptx::globaltimer() - start < duration_ns; ++i) {
    const int stage = static_cast<int>(i % kStages);
    const uint32_t barrier = barriers + 8 * stage;
    if (i >= kStages) {
      while (!shx::ptx::mbarrier_try_wait(barrier, static_cast<uint32_t>((i / kStages - 1) & 1))) {
      }
    }
    shx::ptx::mbarrier_arrive_expect_tx(barrier, kChunkBytes);
    shx::ptx::bulk_load(ring + stage * kChunkBytes, begin + (i * kChunkBytes) % slice,
                        kChunkBytes, barrier);
  }
  for (size_t k = i > kStages ? i - kStages : 0; k < i; ++k) {
    while (!shx::ptx::mbarrier_try_wait(barriers + 8 * (k % kStages),
                                        static_cast<uint32_t>((k / kStages) & 1))) {
    }
  }
}

/* A persistent kernel's footprint without its traffic (graphs/neighbour_gpu_test): CTAs
 * of kSpinnerThreads that spin on %globaltimer for `duration_ns`. With kLive > 0 every
 * thread keeps kLive floats live across the spin, so that ptxas gives the CTA most of an
 * SM's register file, as a kernel compiled for 640 threads and one block an SM may use
 * (NCCL's kernels: NCCL_MAX_NTHREADS = 640); with kLive = 0 it takes few registers.
 * Each CTA writes the SM it ran on to sm_ids[blockIdx.x] (when not null), so that the
 * caller can count the SMs held. */
constexpr int kSpinnerThreads = 640;
constexpr int kSpinnerLive = 64;

template <int kLive>
__global__ void __launch_bounds__(kSpinnerThreads, 1)
    spinner(uint64_t duration_ns, int *sm_ids, float *sink) {
  if (sm_ids != nullptr && threadIdx.x == 0) sm_ids[blockIdx.x] = (int)shx::ptx::smid();
  float live[kLive > 0 ? kLive : 1];
#pragma unroll
  for (int i = 0; i < kLive; ++i) live[i] = (float)(threadIdx.x + i);
  const uint64_t start = shx::ptx::globaltimer();
  while (shx::ptx::globaltimer() - start < duration_ns) {
#pragma unroll
    for (int i = 0; i < kLive; ++i) live[i] = live[i] * 0.999f + 1.0f;
  }
  float sum = 0.0f;
#pragma unroll
  for (int i = 0; i < kLive; ++i) sum += live[i];
  if (sum == -1.0f) sink[threadIdx.x] = sum; /* never true (the values stay positive): keeps
                                                 them live at 10 registers for kLive = 0,
                                                 the form run 61 measured */
}

/* A hold the spinner and stand-ins can honour: 0 to 1e9 us. A negative or NaN one would
 * convert to an undefined (in practice huge) count of nanoseconds: a kernel that never
 * ends. */
bool hold_is_bounded(double microseconds) {
  return microseconds >= 0.0 && microseconds <= 1e9;
}

}  // namespace

extern "C" shx_status shx_spinner_launch(int sms, int shared_bytes, int many_registers,
                                         int carveout, double microseconds, int *sm_ids,
                                         void *stream, char *message) {
  if (sms < 1 || shared_bytes < 0 || shared_bytes > 227 * 1024) {
    snprintf(message, 256, "spinner: %d SMs with %d bytes of shared memory unsupported", sms,
             shared_bytes);
    return SHX_INVALID_ARGUMENT;
  }
  /* Checked before any attribute is set. */
  if (!hold_is_bounded(microseconds) || carveout < -1 || carveout > 100) {
    snprintf(message, 256, "spinner: %g us or carveout %d out of range (0..1e9 us, -1..100)",
             microseconds, carveout);
    return SHX_INVALID_ARGUMENT;
  }
  auto kernel = many_registers ? spinner<kSpinnerLive> : spinner<0>;
  cudaError_t error =
      cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared_bytes);
  if (error == cudaSuccess)
    error = cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                 carveout);
  if (error == cudaSuccess) {
    kernel<<<sms, kSpinnerThreads, shared_bytes, static_cast<cudaStream_t>(stream)>>>(
        static_cast<uint64_t>(microseconds * 1000.0), sm_ids, nullptr);
    error = cudaGetLastError();
  }
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, 256, "spinner launch: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

extern "C" shx_status shx_standin_launch(const void *weights, size_t bytes, int sms,
                                         double microseconds, void *stream, char *message) {
  if (weights == nullptr || sms < 1 || bytes / sms < kChunkBytes) {
    snprintf(message, 256, "standin: %d SMs over %zu bytes unsupported", sms, bytes);
    return SHX_INVALID_ARGUMENT;
  }
  if (!hold_is_bounded(microseconds)) {
    snprintf(message, 256, "standin: %g us out of range (0..1e9 us)", microseconds);
    return SHX_INVALID_ARGUMENT;
  }
  cudaError_t error = cudaFuncSetAttribute(routed_standin,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           kSmemBytes);
  if (error == cudaSuccess) {
    routed_standin<<<sms, 32, kSmemBytes, static_cast<cudaStream_t>(stream)>>>(
        static_cast<const uint8_t *>(weights), bytes,
        static_cast<uint64_t>(microseconds * 1000.0));
    error = cudaGetLastError();
  }
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, 256, "standin launch: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

extern "C" shx_status shx_floor_tiles_launch(const void *gate_up, int hidden, int inter,
                                             void *stream, char *message) {
  static PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  if (encode == nullptr) {
    void *function = nullptr;
    cudaDriverEntryPointQueryResult query;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &function, 12000,
                                         cudaEnableDefault, &query) != cudaSuccess ||
        query != cudaDriverEntryPointSuccess) {
      snprintf(message, 256, "floor tiles: no cuTensorMapEncodeTiled");
      return SHX_CUDA_ERROR;
    }
    encode = reinterpret_cast<PFN_cuTensorMapEncodeTiled_v12000>(function);
  }
  CUtensorMap map;
  const cuuint64_t dims[2] = {(cuuint64_t)hidden, (cuuint64_t)(2 * inter)};
  const cuuint64_t strides[1] = {(cuuint64_t)hidden * 2};
  const cuuint32_t box[2] = {64, 32}, element_strides[2] = {1, 1};
  if (encode(&map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, const_cast<void *>(gate_up), dims,
             strides, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
             CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
             CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE) != CUDA_SUCCESS) {
    snprintf(message, 256, "floor tiles: tensor map failed");
    return SHX_CUDA_ERROR;
  }
  const int smem = 16 * 8192 + 1024 + 128;
  cudaError_t error = cudaFuncSetAttribute(stream_floor_tiles,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, smem);
  if (error == cudaSuccess) {
    stream_floor_tiles<<<(inter / 32) * 4, 32, smem, static_cast<cudaStream_t>(stream)>>>(
        map, inter, hidden / 64);
    error = cudaGetLastError();
  }
  if (error != cudaSuccess) {
    snprintf(message, 256, "floor tiles launch: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

namespace {

/* Launches stream_floor<kTrigger, kRing> over [weights, weights + bytes) with `grid` CTAs,
 * with programmatic stream serialization where pdl. */
template <bool kTrigger, int kRing = kStages>
cudaError_t launch_stream(const void *weights, size_t bytes, int grid, int pdl,
                          void *stream) {
  constexpr int kRingSmem = ring_smem_bytes(kRing);
  cudaError_t error = cudaFuncSetAttribute(stream_floor<kTrigger, kRing>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           kRingSmem);
  if (error != cudaSuccess) return error;
  cudaLaunchConfig_t config = {};
  cudaLaunchAttribute attribute;
  config.gridDim = dim3(grid, 1, 1);
  config.blockDim = dim3(32, 1, 1);
  config.dynamicSmemBytes = kRingSmem;
  config.stream = static_cast<cudaStream_t>(stream);
  attribute.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attribute.val.programmaticStreamSerializationAllowed = 1;
  config.attrs = &attribute;
  config.numAttrs = pdl ? 1 : 0;
  error = cudaLaunchKernelEx(&config, stream_floor<kTrigger, kRing>,
                             static_cast<const uint8_t *>(weights), bytes);
  return error == cudaSuccess ? cudaGetLastError() : error;
}

/* Checks a stream's arguments; false with `message` filled where they are unsupported. */
bool stream_arguments_ok(const char *what, const void *weights, size_t bytes, int grid,
                         char *message) {
  if (weights != nullptr && reinterpret_cast<uintptr_t>(weights) % 16 == 0 &&
      bytes % 16 == 0 && grid >= 1 && bytes / grid >= kChunkBytes)
    return true;
  snprintf(message, 256, "%s: weights %p, bytes %zu, grid %d unsupported", what, weights,
           bytes, grid);
  return false;
}

}  // namespace

extern "C" shx_status shx_floor_launch(const void *weights, size_t bytes, int grid, int pdl,
                                       int ctas_per_sm, void *stream, char *message) {
  if (!stream_arguments_ok("floor", weights, bytes, grid, message))
    return SHX_INVALID_ARGUMENT;
  if (ctas_per_sm != 1 && ctas_per_sm != 2) {
    snprintf(message, 256, "floor: %d CTAs an SM unsupported (1 or 2)", ctas_per_sm);
    return SHX_INVALID_ARGUMENT;
  }
  const cudaError_t error =
      ctas_per_sm == 1 ? launch_stream<true>(weights, bytes, grid, pdl, stream)
                       : launch_stream<true, kStagesTwoPerSm>(weights, bytes, grid, pdl, stream);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, 256, "floor launch: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

extern "C" shx_status shx_standin_bytes_launch(const void *weights, size_t bytes, int sms,
                                               int pdl_aware, void *stream,
                                               char *message) {
  if (!stream_arguments_ok("standin", weights, bytes, sms, message))
    return SHX_INVALID_ARGUMENT;
  const cudaError_t error = pdl_aware ? launch_stream<true>(weights, bytes, sms, 1, stream)
                                        : launch_stream<false>(weights, bytes, sms, 0, stream);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, 256, "standin launch: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

namespace {

constexpr int kAttentionThreads = 256;

/* The attention stand-in (shx_attention_standin_launch): lets its dependents launch, waits
 * out its delay, then writes a and poisons x with grid-stride loops. The values of a come
 * from a hash of (seed, index), uniform BF16 in [-1, 1). */
__global__ void attention_standin(uint16_t *a, size_t a_count, uint16_t *x, size_t x_count,
                                  uint32_t seed, uint64_t delay_ns) {
  shx::ptx::griddep_launch_dependents();
  shx::ptx::griddep_wait(); /* no-op where launched plainly; kept for a PDL launch */
  const uint64_t start = shx::ptx::globaltimer();
  while (shx::ptx::globaltimer() - start < delay_ns) {
  }
  const size_t stride = (size_t)gridDim.x * blockDim.x;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < a_count; i += stride) {
    uint32_t h = (uint32_t)i * 0x9E3779B1u ^ seed * 0x85EBCA77u;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    const float value = (float)(h >> 8) * 0x1p-23f - 1.0f; /* [-1, 1) */
    a[i] = (uint16_t)(__float_as_uint(value) >> 16);
  }
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < x_count; i += stride)
    x[i] = 0xFFFF; /* a NaN */
}

}  // namespace

extern "C" shx_status shx_attention_standin_prepare(char *message) {
  const cudaError_t error = cudaFuncSetAttribute(
      attention_standin, cudaFuncAttributePreferredSharedMemoryCarveout,
      cudaSharedmemCarveoutMaxShared);
  if (error != cudaSuccess) {
    (void)cudaGetLastError();
    snprintf(message, 256, "attention stand-in: carveout: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}

extern "C" shx_status shx_attention_standin_launch(void *a, size_t a_count, void *x,
                                                   size_t x_count, uint32_t seed,
                                                   double microseconds, void *stream,
                                                   char *message) {
  if (a == nullptr || x == nullptr || !hold_is_bounded(microseconds)) {
    snprintf(message, 256, "attention stand-in: a %p, x %p, %g us", a, x, microseconds);
    return SHX_INVALID_ARGUMENT;
  }
  (void)cudaGetLastError();
  attention_standin<<<132, kAttentionThreads, 0, static_cast<cudaStream_t>(stream)>>>(
      static_cast<uint16_t *>(a), a_count, static_cast<uint16_t *>(x), x_count, seed,
      static_cast<uint64_t>(microseconds * 1000.0));
  const cudaError_t error = cudaGetLastError();
  if (error != cudaSuccess) {
    snprintf(message, 256, "attention stand-in: %s", cudaGetErrorString(error));
    return SHX_CUDA_ERROR;
  }
  return SHX_SUCCESS;
}
