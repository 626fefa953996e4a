/* tma_rate.cu: how fast one thread issues the fused kernel's TMA copies (perf/RESULTS.md
 * run 41). The fused kernel's producer is lane 0 of one warp; run 39's fill trace saw its
 * copies go out about 0.065 us apart, and SharedDown's step fell 1.2-1.45 us when a down
 * block took one copy instead of two (run 40). This probe isolates that issue rate: each
 * of 132 CTAs (one per SM: 200 KB of shared memory) makes `fills` fills of a ring of 8
 * slots, each fill one mbarrier arrive.expect_tx and `copies` 2D copies of a [rows x 64]
 * BF16 box from an L2-resident matrix (1 MB, read once before timing), in one of the
 * issue forms below (one kernel instance per form: branches between forms inside the loop
 * cost about 80 cycles a fill, run 41 calls 5, 6). Slots are overwritten while earlier
 * copies may be in flight: the bytes are meaningless, only the times count. Lane 0 reads
 * clock64 before the first issue, after the last, and once every fill's barrier has
 * completed.
 *
 * What it found (run 41 calls 7-11): an arrive.expect_tx costs about 15 cycles; a copy
 * about 50 more within a fill; the rest of a fill's cost is the code around the copies.
 * Lane 0 alone running a loop over a runtime copy count took 221-322 cycles a fill for
 * 1-3 copies (185-319 with the operands in ordinary registers), lanes 0..copies-1
 * issuing in one instruction 100-213 (198-213 for three), and the fused producer's own
 * straight-line refill (arm, two hinted copies, one plain copy of another map) on lane 0
 * alone 162 (32 fills) to 170-216 (64 fills), less than from lanes 0-2 (276): the
 * producer's issue is not what paces its refills.
 */
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>

#include "ops/ptx/mbarrier.cuh"
#include "ops/ptx/memory.cuh"
#include "ops/ptx/tensor_map.cuh"
#include "ops/ptx/tma.cuh"
#include "perf/hopper.h"
#include "perf/tma_rate.h"

namespace {

constexpr int kSlots = 8;
constexpr int kMaxCopies = 3;
constexpr int kMaxRows = 64;
constexpr int kSlotBytes = kMaxCopies * kMaxRows * 128; /* 24 KB */
constexpr int kMaxFills = 64;
constexpr int kMatrixRows = 8192;                        /* x 128 B = 1 MB */
constexpr int kSmemBytes = kSlots * kSlotBytes + 8 * kMaxFills + 1024;
constexpr int kCtas = 132;

/* Issue forms (the `form` argument): */
enum Form {
  kSerial = 0,       /* lane 0 arms each fill's barrier, then issues its copies */
  kLanes = 1,        /* lane 0 arms, lanes 0..copies-1 issue the copies in one instruction */
  kArmOnly = 2,      /* lane 0 arms, no copies (nothing lands) */
  kArmedSerial = 3,  /* every barrier armed before the timing; lane 0 issues the copies */
  kArmedLanes = 4,   /* armed before; the lanes issue them */
  kBulkSerial = 5,   /* as kSerial with plain bulk copies (no tensor map) of the bytes */
  kLoneLane = 6,     /* armed before; lane 0 alone runs the whole loop (the fused kernel's
                        producer: lanes 1-31 are elsewhere), issuing the copies */
  kLoneLaneVector = 7, /* kLoneLane with the copies' coordinates and addresses made
                          per-thread values (plus %laneid, which is 0 there), so that ptxas
                          computes them in ordinary registers, not the uniform datapath */
  kRefillLone = 8,   /* the fused producer's refill, straight-line on lane 0 alone: arm,
                        two hinted copies of one map (gate, up rows), a plain copy of a
                        second map (x); `copies` is ignored (3) */
  kRefillLanes = 9,  /* the same refill with lanes 0 and 1 issuing the hinted copies and
                        lane 2 the plain one, the loop run by the whole warp */
  kForms = 10
};

template <int kForm>
__global__ void __launch_bounds__(32, 1)
    tma_rate_kernel(const __grid_constant__ CUtensorMap map,
                    const __grid_constant__ CUtensorMap second_map, const uint8_t *matrix,
                    int copies, int rows, int fills, long long *issue_cycles,
                    long long *landed_cycles) {
  extern __shared__ __align__(1024) uint8_t smem[];
  const uint32_t raw = shx::ptx::smem_address(smem);
  const uint32_t ring = (raw + 1023u) & ~1023u;
  const uint32_t barriers = ring + kSlots * kSlotBytes;
  const int lane = threadIdx.x;
  if (lane == 0) {
    shx::ptx::prefetch_tensormap(&map);
    for (int f = 0; f < fills; ++f) shx::ptx::mbarrier_init(barriers + 8 * f, 1);
    shx::ptx::fence_mbarrier_init();
  }
  __syncwarp();
  const uint32_t box_bytes = static_cast<uint32_t>(rows) * 128;
  /* Each CTA its own rows of the matrix, in the order of its fills. */
  auto row_of = [&](int f, int c) {
    return ((blockIdx.x * kMaxFills + f) * kMaxCopies + c) * rows % kMatrixRows;
  };
  constexpr bool kArmedBefore = kForm == kArmedSerial || kForm == kArmedLanes ||
                                kForm == kLoneLane || kForm == kLoneLaneVector;
  static_assert(kForm >= 0 && kForm < kForms, "an issue form");
  if (kArmedBefore && lane == 0)
    for (int f = 0; f < fills; ++f)
      shx::ptx::mbarrier_arrive_expect_tx(barriers + 8 * f, copies * box_bytes);
  __syncwarp();
  long long start = 0;
  if (lane == 0) start = clock64();
  constexpr bool kRefill = kForm == kRefillLone || kForm == kRefillLanes;
  if (kRefill) {
    const uint64_t policy = shx::ptx::l2_policy_evict_first();
    const uint32_t refill_bytes = 3 * box_bytes;
    if (kForm == kRefillLone && lane == 0) {
      for (int f = 0; f < fills; ++f) {
        const uint32_t slot = ring + (f % kSlots) * kSlotBytes, barrier = barriers + 8 * f;
        shx::ptx::mbarrier_arrive_expect_tx(barrier, refill_bytes);
        shx::ptx::tma_load_2d_hinted(slot, &map, barrier, 0, row_of(f, 0), policy);
        shx::ptx::tma_load_2d_hinted(slot + box_bytes, &map, barrier, 0, row_of(f, 1), policy);
        shx::ptx::tma_load_2d(slot + 2 * box_bytes, &second_map, barrier, 0, 0);
      }
    }
    if (kForm == kRefillLanes) {
      for (int f = 0; f < fills; ++f) {
        const uint32_t slot = ring + (f % kSlots) * kSlotBytes, barrier = barriers + 8 * f;
        if (lane == 0) shx::ptx::mbarrier_arrive_expect_tx(barrier, refill_bytes);
        __syncwarp();
        if (lane < 2)
          shx::ptx::tma_load_2d_hinted(slot + lane * box_bytes, &map, barrier, 0,
                                       row_of(f, lane), policy);
        else if (lane == 2)
          shx::ptx::tma_load_2d(slot + 2 * box_bytes, &second_map, barrier, 0, 0);
        __syncwarp();
      }
    }
  }
  if ((kForm == kLoneLane || kForm == kLoneLaneVector) && lane == 0) {
    uint32_t lane_id = 0;
    if (kForm == kLoneLaneVector) asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane_id));
    for (int f = 0; f < fills; ++f) {
      const uint32_t slot = ring + lane_id + (f % kSlots) * kSlotBytes,
                     barrier = barriers + lane_id + 8 * f;
      for (int c = 0; c < copies; ++c)
        shx::ptx::tma_load_2d(slot + c * box_bytes, &map, barrier, 0,
                              row_of(f, c) + static_cast<int>(lane_id));
    }
  }
  /* Forms 0-5: one pass of this loop a fill, every lane in it. */
  constexpr bool kPerFillLoop = !kRefill && kForm != kLoneLane && kForm != kLoneLaneVector;
  for (int f = 0; f < fills && kPerFillLoop; ++f) {
    const uint32_t slot = ring + (f % kSlots) * kSlotBytes, barrier = barriers + 8 * f;
    if constexpr (kForm == kLanes || kForm == kArmedLanes) {
      if (kForm == kLanes && lane == 0)
        shx::ptx::mbarrier_arrive_expect_tx(barrier, copies * box_bytes);
      __syncwarp();
      if (lane < copies)
        shx::ptx::tma_load_2d(slot + lane * box_bytes, &map, barrier, 0, row_of(f, lane));
      __syncwarp();
    } else if (lane == 0) {
      if constexpr (!kArmedBefore)
        shx::ptx::mbarrier_arrive_expect_tx(barrier, copies * box_bytes);
      if constexpr (kForm == kSerial || kForm == kArmedSerial)
        for (int c = 0; c < copies; ++c)
          shx::ptx::tma_load_2d(slot + c * box_bytes, &map, barrier, 0, row_of(f, c));
      if constexpr (kForm == kBulkSerial)
        for (int c = 0; c < copies; ++c)
          shx::ptx::bulk_load(slot + c * box_bytes,
                              matrix + static_cast<size_t>(row_of(f, c)) * 128, box_bytes,
                              barrier);
    }
  }
  if (lane == 0) {
    const long long issued = clock64();
    for (int f = 0; f < fills && kForm != kArmOnly; ++f)
      while (!shx::ptx::mbarrier_try_wait(barriers + 8 * f, 0)) {
      }
    const long long landed = clock64();
    issue_cycles[blockIdx.x] = issued - start;
    landed_cycles[blockIdx.x] = landed - start;
  }
}

template <int kForm>
cudaError_t launch_form(const CUtensorMap &map, const uint8_t *matrix, int copies, int rows,
                        int fills, long long *issue, long long *landed) {
  cudaError_t error = cudaFuncSetAttribute(
      tma_rate_kernel<kForm>, cudaFuncAttributeMaxDynamicSharedMemorySize, kSmemBytes);
  if (error != cudaSuccess) return error;
  /* The second map (the refills' x) is the same matrix's descriptor, another parameter. */
  tma_rate_kernel<kForm><<<kCtas, 32, kSmemBytes>>>(map, map, matrix, copies, rows, fills,
                                                    issue, landed);
  return cudaGetLastError();
}

cudaError_t launch(int form, const CUtensorMap &map, const uint8_t *matrix, int copies,
                   int rows, int fills, long long *issue, long long *landed) {
  switch (form) {
    case kSerial: return launch_form<kSerial>(map, matrix, copies, rows, fills, issue, landed);
    case kLanes: return launch_form<kLanes>(map, matrix, copies, rows, fills, issue, landed);
    case kArmOnly: return launch_form<kArmOnly>(map, matrix, copies, rows, fills, issue, landed);
    case kArmedSerial:
      return launch_form<kArmedSerial>(map, matrix, copies, rows, fills, issue, landed);
    case kArmedLanes:
      return launch_form<kArmedLanes>(map, matrix, copies, rows, fills, issue, landed);
    case kBulkSerial:
      return launch_form<kBulkSerial>(map, matrix, copies, rows, fills, issue, landed);
    case kLoneLane:
      return launch_form<kLoneLane>(map, matrix, copies, rows, fills, issue, landed);
    case kLoneLaneVector:
      return launch_form<kLoneLaneVector>(map, matrix, copies, rows, fills, issue, landed);
    case kRefillLone:
      return launch_form<kRefillLone>(map, matrix, copies, rows, fills, issue, landed);
    case kRefillLanes:
      return launch_form<kRefillLanes>(map, matrix, copies, rows, fills, issue, landed);
    default: return cudaErrorInvalidValue;
  }
}

}  // namespace

extern "C" int shx_tma_rate(int copies, int rows, int form, int fills,
                            double *issue_cycles_per_fill, double *landed_cycles_per_fill) {
  if (form < 0 || form >= kForms || copies < 1 || copies > kMaxCopies ||
      (rows != 16 && rows != 32 && rows != 64) || fills < 1 || fills > kMaxFills ||
      issue_cycles_per_fill == nullptr || landed_cycles_per_fill == nullptr)
    return -1;
  if (shx_hopper_sms() == 0) return 77;
  shx::tensor_map::EncodeTiled encode = shx::tensor_map::encode_tiled();
  if (encode == nullptr) return -1;
  void *matrix = nullptr;
  long long *issue = nullptr, *landed = nullptr;
  cudaError_t error = cudaMalloc(&matrix, static_cast<size_t>(kMatrixRows) * 128);
  if (error == cudaSuccess) error = cudaMemset(matrix, 0, static_cast<size_t>(kMatrixRows) * 128);
  if (error == cudaSuccess) error = cudaMalloc(&issue, sizeof(long long) * kCtas);
  if (error == cudaSuccess) error = cudaMalloc(&landed, sizeof(long long) * kCtas);
  CUtensorMap map;
  if (error == cudaSuccess &&
      shx::tensor_map::encode_bf16_sw128(encode, &map, matrix, 64, kMatrixRows,
                                         static_cast<uint32_t>(rows)) != CUDA_SUCCESS)
    error = cudaErrorInvalidValue;
  /* The first launch brings the matrix into L2; the second is timed. */
  for (int run = 0; run < 2 && error == cudaSuccess; ++run) {
    error = launch(form, map, static_cast<const uint8_t *>(matrix), copies, rows, fills,
                   issue, landed);
    if (error == cudaSuccess) error = cudaDeviceSynchronize();
  }
  long long host_issue[kCtas], host_landed[kCtas];
  if (error == cudaSuccess)
    error = cudaMemcpy(host_issue, issue, sizeof host_issue, cudaMemcpyDeviceToHost);
  if (error == cudaSuccess)
    error = cudaMemcpy(host_landed, landed, sizeof host_landed, cudaMemcpyDeviceToHost);
  cudaFree(matrix);
  cudaFree(issue);
  cudaFree(landed);
  if (error != cudaSuccess) {
    fprintf(stderr, "tma_rate: %s\n", cudaGetErrorString(error));
    return -1;
  }
  long long most_issue = 0, most_landed = 0;
  for (int c = 0; c < kCtas; ++c) {
    most_issue = host_issue[c] > most_issue ? host_issue[c] : most_issue;
    most_landed = host_landed[c] > most_landed ? host_landed[c] : most_landed;
  }
  *issue_cycles_per_fill = static_cast<double>(most_issue) / fills;
  *landed_cycles_per_fill = static_cast<double>(most_landed) / fills;
  return 0;
}
