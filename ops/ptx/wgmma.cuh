/* ptx/wgmma.cuh: named wrappers for the Hopper warpgroup MMA (wgmma, sm_90a).
 *
 * Only what the shared-expert kernels use: D[64 x N] (FP32, registers) += A[64 x 16] *
 * B[16 x N], BF16 operands read from shared memory through matrix descriptors (A also
 * from registers: wgmma_bf16_a_regs at N = 16, 24, 32), both K-major (each row of A and
 * each column of B holds 64 consecutive K elements = 128 bytes) in the 128-byte swizzle
 * layout that TMA writes.
 *
 * Accumulator fragment of m64nN for thread t of the warpgroup (warp w = t / 32, lane l):
 * d[4 j + e] is row 16 w + l / 4 + 8 (e / 2), column 8 j + 2 (l % 4) + (e % 2), j < N / 8.
 *
 * Sequence per accumulation: wgmma_fence(); wgmma_bf16<N>(...) x k; wgmma_commit();
 * wgmma_wait<0>(); fence_operand() around the accumulator keeps the compiler from moving
 * its reads and writes across the asynchronous MMAs.
 */
#ifndef SHX_OPS_PTX_WGMMA_CUH_
#define SHX_OPS_PTX_WGMMA_CUH_

#include <stdint.h>

namespace shx {
namespace ptx {

/* Orders earlier register and shared-memory accesses of the warpgroup before the
 * following wgmma reads them. Needed before the first MMA of a batch and whenever the
 * accumulator registers were touched by ordinary code. */
__device__ __forceinline__ void wgmma_fence() {
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
}

/* Closes the MMAs issued since the last commit into one wgmma-group. */
__device__ __forceinline__ void wgmma_commit() {
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}

/* Waits until at most `kPending` wgmma-groups of this warpgroup are still running. */
template <int kPending>
__device__ __forceinline__ void wgmma_wait() {
  asm volatile("wgmma.wait_group.sync.aligned %0;" ::"n"(kPending) : "memory");
}

/* A compiler-only fence on one accumulator register: no instruction. */
__device__ __forceinline__ void fence_operand(float &value) {
  asm volatile("" : "+f"(value)::"memory");
}

/* Matrix descriptor of a K-major, 128-byte-swizzled operand at shared address `address`
 * (bits [0,14): address >> 4; [16,30): leading byte offset >> 4, unused for swizzled
 * K-major, set to 1; [32,46): stride byte offset >> 4 = 1024 >> 4, the distance between
 * 8-row groups; [49,52): base offset 0; [62,64): layout 1 = 128-byte swizzle).
 *
 * NOTES: the base offset field may stay 0 because every tile starts 1024-byte aligned;
 * a k16 step inside the 128-byte row advances the start address by 32 bytes, and the
 * hardware applies the swizzle to the full computed address, so the advanced start
 * still lands on the right (swizzled) chunks. */
__device__ __forceinline__ uint64_t make_smem_desc_sw128(uint32_t address) {
  const uint64_t start = (address & 0x3FFFFu) >> 4;
  const uint64_t leading = 1;
  const uint64_t stride = 1024 >> 4;
  const uint64_t swizzle_128b = 1;
  return start | (leading << 16) | (stride << 32) | (swizzle_128b << 62);
}

/* wgmma_bf16<N>(d, a, b): d += A * B for one k16 step (every caller accumulates: its
 * accumulators start at zero, so scale-d is the constant 1, not a per-call flag).
 * The operand lists of the twelve shapes are built by the macros below: SHX_WGMMA_REGS_<R>
 * spells "%0, ..., %R-1" and SHX_WGMMA_ACC_<R>(d) the R "+f" operands. */
template <int N>
struct Wgmma;

#define SHX_WGMMA_REGS_4 "%0, %1, %2, %3"
#define SHX_WGMMA_REGS_8 SHX_WGMMA_REGS_4 ", %4, %5, %6, %7"
#define SHX_WGMMA_REGS_12 SHX_WGMMA_REGS_8 ", %8, %9, %10, %11"
#define SHX_WGMMA_REGS_16 SHX_WGMMA_REGS_8 ", %8, %9, %10, %11, %12, %13, %14, %15"
#define SHX_WGMMA_REGS_20 SHX_WGMMA_REGS_16 ", %16, %17, %18, %19"
#define SHX_WGMMA_REGS_24 SHX_WGMMA_REGS_16 ", %16, %17, %18, %19, %20, %21, %22, %23"
#define SHX_WGMMA_REGS_28 SHX_WGMMA_REGS_24 ", %24, %25, %26, %27"
#define SHX_WGMMA_REGS_32                                                     \
  SHX_WGMMA_REGS_16 ", %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, " \
                    "%27, %28, %29, %30, %31"
#define SHX_WGMMA_REGS_40 SHX_WGMMA_REGS_32 ", %32, %33, %34, %35, %36, %37, %38, %39"
#define SHX_WGMMA_REGS_48 SHX_WGMMA_REGS_40 ", %40, %41, %42, %43, %44, %45, %46, %47"
#define SHX_WGMMA_REGS_56 SHX_WGMMA_REGS_48 ", %48, %49, %50, %51, %52, %53, %54, %55"
#define SHX_WGMMA_REGS_64                                                     \
  SHX_WGMMA_REGS_32 ", %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, " \
                    "%43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, " \
                    "%55, %56, %57, %58, %59, %60, %61, %62, %63"

#define SHX_WGMMA_ACC_4(d, o) "+f"(d[o + 0]), "+f"(d[o + 1]), "+f"(d[o + 2]), "+f"(d[o + 3])
#define SHX_WGMMA_ACC_8(d, o) SHX_WGMMA_ACC_4(d, o), SHX_WGMMA_ACC_4(d, o + 4)
#define SHX_WGMMA_ACC_12(d, o) SHX_WGMMA_ACC_8(d, o), SHX_WGMMA_ACC_4(d, o + 8)
#define SHX_WGMMA_ACC_16(d, o) SHX_WGMMA_ACC_8(d, o), SHX_WGMMA_ACC_8(d, o + 8)
#define SHX_WGMMA_ACC_20(d, o) SHX_WGMMA_ACC_16(d, o), SHX_WGMMA_ACC_4(d, o + 16)
#define SHX_WGMMA_ACC_24(d, o) SHX_WGMMA_ACC_16(d, o), SHX_WGMMA_ACC_8(d, o + 16)
#define SHX_WGMMA_ACC_28(d, o) SHX_WGMMA_ACC_24(d, o), SHX_WGMMA_ACC_4(d, o + 24)
#define SHX_WGMMA_ACC_32(d, o) SHX_WGMMA_ACC_16(d, o), SHX_WGMMA_ACC_16(d, o + 16)
#define SHX_WGMMA_ACC_40(d, o) SHX_WGMMA_ACC_32(d, o), SHX_WGMMA_ACC_8(d, o + 32)
#define SHX_WGMMA_ACC_48(d, o) SHX_WGMMA_ACC_32(d, o), SHX_WGMMA_ACC_16(d, o + 32)
#define SHX_WGMMA_ACC_56(d, o) SHX_WGMMA_ACC_48(d, o), SHX_WGMMA_ACC_8(d, o + 48)
#define SHX_WGMMA_ACC_64(d, o) SHX_WGMMA_ACC_32(d, o), SHX_WGMMA_ACC_32(d, o + 32)

/* One specialization per N: R = N / 2 accumulator registers are %0..%R-1, then the A
 * descriptor, the B descriptor and scale-d, always 1 (the "keep" predicate; 0 would
 * overwrite d; a runtime flag cost a VOTEU and a predicate per MMA, perf/RESULTS.md run
 * 27). The trailing "1, 1, 0, 0" are scale-a, scale-b (no negation) and the transpose
 * flags of A and B (0 = K-major).
 * No "memory" clobber, on purpose: the MMAs read shared memory through descriptors the
 * compiler cannot see, so what orders them against C++ accesses to that memory is the
 * asm around them, which does clobber memory (wgmma_fence before, wgmma_wait_group after,
 * the mbarrier waits and bar.sync). Keep every C++ access of a stage's shared memory on
 * the far side of one of those; a clobber here would also pin the accumulators'
 * scheduling, which the measured kernels do not have. */
#define SHX_DEFINE_WGMMA_BF16(N, R, DESC_A, DESC_B, SCALE_D)                         \
  template <>                                                                        \
  struct Wgmma<N> {                                                                  \
    static __device__ __forceinline__ void mma(float (&d)[R], uint64_t a, uint64_t b) {\
      asm volatile(                                                                  \
          "{\n"                                                                      \
          ".reg .pred keep;\n"                                                       \
          "setp.ne.b32 keep, " SCALE_D ", 0;\n"                                      \
          "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.bf16.bf16 "                \
          "{" SHX_WGMMA_REGS_##R "}, " DESC_A ", " DESC_B ", keep, 1, 1, 0, 0;\n"    \
          "}\n"                                                                      \
          : SHX_WGMMA_ACC_##R(d, 0)                                                  \
          : "l"(a), "l"(b), "r"(1u));                                                \
    }                                                                                \
  };

/* wgmma_bf16_a_regs<N>(d, a, b): d += A * B for one k16 step at N = 16, 24 or 32, with A
 * from registers (LATE IN REGISTERS, ops/fused.cu: kFusedX at N = 16, kFusedLate at N =
 * 24, 32) and B from shared memory as above. Thread t (warp w = t / 32, lane l) holds A's
 * elements a0..a7 in a[0..3] (two BF16 a register, the lower column in the low half):
 * a[0] row r = 16 w + l / 4, columns c = 2 (l % 4) and c + 1; a[1] row r + 8, the same
 * columns; a[2] row r, columns c + 8, c + 9; a[3] row r + 8, columns c + 8, c + 9. Always
 * accumulates; "1, 1, 0": scale-a, scale-b, B's transpose flag (no transpose flag for A
 * in registers). No "memory" clobber, as the Wgmma shapes above: the epilogue's shared
 * stores wait behind wgmma_wait and bar.sync. The operands: the R accumulators, A's four
 * registers (A_REGS), B's descriptor and scale-d. */
template <int N>
struct WgmmaARegs;

#define SHX_DEFINE_WGMMA_BF16_A_REGS(N, R, A_REGS, DESC_B, SCALE_D)                    \
  template <>                                                                         \
  struct WgmmaARegs<N> {                                                              \
    static __device__ __forceinline__ void mma(float (&d)[R], const uint32_t (&a)[4],   \
                                               uint64_t b) {                          \
      asm volatile(                                                                   \
          "{\n"                                                                       \
          ".reg .pred keep;\n"                                                        \
          "setp.ne.b32 keep, " SCALE_D ", 0;\n"                                       \
          "wgmma.mma_async.sync.aligned.m64n" #N "k16.f32.bf16.bf16 "                 \
          "{" SHX_WGMMA_REGS_##R "}, {" A_REGS "}, " DESC_B ", keep, 1, 1, 0;\n"      \
          "}\n"                                                                       \
          : SHX_WGMMA_ACC_##R(d, 0)                                                   \
          : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(b), "r"(1u));             \
    }                                                                                 \
  };

SHX_DEFINE_WGMMA_BF16_A_REGS(16, 8, "%8, %9, %10, %11", "%12", "%13")
SHX_DEFINE_WGMMA_BF16_A_REGS(24, 12, "%12, %13, %14, %15", "%16", "%17")
SHX_DEFINE_WGMMA_BF16_A_REGS(32, 16, "%16, %17, %18, %19", "%20", "%21")

template <int N>
__device__ __forceinline__ void wgmma_bf16_a_regs(float (&d)[N / 2], const uint32_t (&a)[4],
                                                  uint64_t b) {
  WgmmaARegs<N>::mma(d, a, b);
}

SHX_DEFINE_WGMMA_BF16(8, 4, "%4", "%5", "%6")
SHX_DEFINE_WGMMA_BF16(16, 8, "%8", "%9", "%10")
SHX_DEFINE_WGMMA_BF16(24, 12, "%12", "%13", "%14")
SHX_DEFINE_WGMMA_BF16(32, 16, "%16", "%17", "%18")
SHX_DEFINE_WGMMA_BF16(40, 20, "%20", "%21", "%22")
SHX_DEFINE_WGMMA_BF16(48, 24, "%24", "%25", "%26")
SHX_DEFINE_WGMMA_BF16(56, 28, "%28", "%29", "%30")
SHX_DEFINE_WGMMA_BF16(64, 32, "%32", "%33", "%34")
SHX_DEFINE_WGMMA_BF16(80, 40, "%40", "%41", "%42")
SHX_DEFINE_WGMMA_BF16(96, 48, "%48", "%49", "%50")
SHX_DEFINE_WGMMA_BF16(112, 56, "%56", "%57", "%58")
SHX_DEFINE_WGMMA_BF16(128, 64, "%64", "%65", "%66")

#undef SHX_DEFINE_WGMMA_BF16
#undef SHX_DEFINE_WGMMA_BF16_A_REGS
#undef SHX_WGMMA_ACC_64
#undef SHX_WGMMA_ACC_56
#undef SHX_WGMMA_ACC_48
#undef SHX_WGMMA_ACC_40
#undef SHX_WGMMA_ACC_32
#undef SHX_WGMMA_ACC_28
#undef SHX_WGMMA_ACC_24
#undef SHX_WGMMA_ACC_20
#undef SHX_WGMMA_ACC_16
#undef SHX_WGMMA_ACC_12
#undef SHX_WGMMA_ACC_8
#undef SHX_WGMMA_ACC_4
#undef SHX_WGMMA_REGS_64
#undef SHX_WGMMA_REGS_56
#undef SHX_WGMMA_REGS_48
#undef SHX_WGMMA_REGS_40
#undef SHX_WGMMA_REGS_32
#undef SHX_WGMMA_REGS_28
#undef SHX_WGMMA_REGS_24
#undef SHX_WGMMA_REGS_20
#undef SHX_WGMMA_REGS_16
#undef SHX_WGMMA_REGS_12
#undef SHX_WGMMA_REGS_8
#undef SHX_WGMMA_REGS_4

template <int N>
__device__ __forceinline__ void wgmma_bf16(float (&d)[N / 2], uint64_t a, uint64_t b) {
  Wgmma<N>::mma(d, a, b);
}

}  // namespace ptx
}  // namespace shx

#endif  // SHX_OPS_PTX_WGMMA_CUH_
