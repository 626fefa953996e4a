/* nccl_window.h: peers' addresses in an NCCL symmetric window, for ranks in separate
 * processes whose mailboxes live in one (graphs/process_gpu_test). Test code: the library
 * itself does not link NCCL. */
#ifndef SHX_GRAPHS_NCCL_WINDOW_H_
#define SHX_GRAPHS_NCCL_WINDOW_H_

#include <cuda_runtime_api.h>
#include <nccl.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SHX_NCCL_WINDOW_MAX_POINTERS 16

/* Whether `window` is a device window of a symmetric registration. Where the communicator
 * has no symmetric support, NCCL 2.28's ncclCommWindowRegister succeeds but returns a
 * host-side local registration handle in its place (src/dev_runtime.cc), which a kernel
 * must not read. */
int shx_nccl_window_is_symmetric(ncclWindow_t window);

/* addresses[i] = the address, in this process, of byte offsets[i] of NCCL rank
 * ranks[i]'s part of `window` (registered with NCCL_WIN_COLL_SYMMETRIC; every rank in
 * the window's load/store team). NCCL hands these out on the device only
 * (ncclGetPeerPointer), so a one-warp kernel writes them where the host can read them.
 * count <= SHX_NCCL_WINDOW_MAX_POINTERS; cudaErrorInvalidValue (nothing allocated or
 * launched) where an array is NULL, count is out of range or the window is not
 * symmetric (shx_nccl_window_is_symmetric). Synchronizes `stream`, and its cudaFree the
 * whole device, so it is set-up work: never inside a stream capture. */
cudaError_t shx_nccl_window_addresses(ncclWindow_t window, const int *ranks,
                                      const size_t *offsets, int count, void **addresses,
                                      cudaStream_t stream);

#ifdef __cplusplus
}
#endif

#endif /* SHX_GRAPHS_NCCL_WINDOW_H_ */
