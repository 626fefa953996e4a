/* ptx/tensor_map.cuh: the host side of the TMA loads of ptx/tma.cuh: tensor maps of
 * row-major BF16 matrices in the layout wgmma's shared-memory descriptors expect (boxes
 * of 64 elements = one 128-byte row, 128-byte swizzle), encoded through the runtime's
 * driver entry point, so that nothing links libcuda. Used by ops/fused.cu and the probes
 * in perf/.
 */
#ifndef SHX_OPS_PTX_TENSOR_MAP_CUH_
#define SHX_OPS_PTX_TENSOR_MAP_CUH_

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include <atomic>

namespace shx {
namespace tensor_map {

typedef PFN_cuTensorMapEncodeTiled_v12000 EncodeTiled;

/* cuTensorMapEncodeTiled, looked up once; NULL where the driver does not have it. */
inline EncodeTiled encode_tiled() {
  static std::atomic<void *> cached{nullptr};
  void *function = cached.load(std::memory_order_acquire);
  if (function == nullptr) {
    cudaDriverEntryPointQueryResult query = cudaDriverEntryPointSymbolNotFound;
    if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &function, 12000,
                                         cudaEnableDefault, &query) != cudaSuccess ||
        query != cudaDriverEntryPointSuccess) {
      return nullptr;
    }
    cached.store(function, std::memory_order_release);
  }
  return reinterpret_cast<EncodeTiled>(function);
}

/* A row-major BF16 [rows, columns] matrix read in [box_rows, 64]-element boxes, 128-byte
 * swizzle. Rows past `rows` read as zeros. */
inline CUresult encode_bf16_sw128(EncodeTiled encode, CUtensorMap *map, const void *base,
                                  uint64_t columns, uint64_t rows, uint32_t box_rows) {
  const cuuint64_t dims[2] = {columns, rows};
  const cuuint64_t strides[1] = {columns * 2};
  const cuuint32_t box[2] = {64, box_rows};
  const cuuint32_t element_strides[2] = {1, 1};
  return encode(map, CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, const_cast<void *>(base), dims,
                strides, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE,
                CU_TENSOR_MAP_SWIZZLE_128B, CU_TENSOR_MAP_L2_PROMOTION_L2_256B,
                CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

}  // namespace tensor_map
}  // namespace shx

#endif  // SHX_OPS_PTX_TENSOR_MAP_CUH_
