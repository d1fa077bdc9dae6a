/*===- GPUDialectRuntime.h - host operations of the gpu dialect ----*- C -*-===*\
|*                                                                            *|
|* The functions that convert-gpu-to-offload lowers the host operations of   *|
|* MLIR's gpu dialect to, in the support library libOffloadRuntime.a. They   *|
|* run everything through libomptarget (looked up in the process at run     *|
|* time) on one device: the runtime's default device                        *|
|* (omp_get_default_device(): the first GPU when there is one, else the     *|
|* host device; OMP_DEFAULT_DEVICE=n picks another), or the one             *|
|* gpu.set_default_device chose. Every function completes its operation    *|
|* before it returns, so async tokens and gpu.wait need no code.            *|
|*                                                                            *|
|* `where` is a message prefix ("gpu.alloc at file:line:col"). Failures     *|
|* print it with what went wrong on stderr and abort.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_RUNTIME_GPUDIALECTRUNTIME_H
#define OFFLOAD_RUNTIME_GPUDIALECTRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// gpu.alloc: `bytes` of device memory (omp_target_alloc), or with
/// `host_shared` memory both the host and the device reach
/// (llvm_omp_target_alloc_shared: CUDA managed memory on NVIDIA GPUs).
void *__offload_gpu_alloc(const char *where, int64_t bytes,
                          int32_t host_shared);

/// gpu.dealloc of memory __offload_gpu_alloc returned.
void __offload_gpu_free(const char *where, void *ptr);

/// gpu.memcpy: `bytes` from `src` to `dst`, each on the device when it lies
/// in memory __offload_gpu_alloc returned, else on the host. `src_bytes`,
/// the size of the source, must be `bytes` (the op copies whole buffers of
/// one shape): the program stops otherwise.
void __offload_gpu_memcpy(const char *where, void *dst, const void *src,
                          int64_t bytes, int64_t src_bytes);

/// gpu.memset: `count` elements of `element_bytes` (1, 2, 4 or 8) at `dst`
/// set to the low bytes of `bits`.
void __offload_gpu_memset(const char *where, void *dst, int64_t bits,
                          int32_t element_bytes, int64_t count);

/// gpu.host_register / gpu.host_unregister of an unranked memref: `rank`
/// and its ranked descriptor ({allocated, aligned, offset, sizes[rank],
/// strides[rank]}). Kernels may then take the host buffer: each launch
/// copies it to the device and back around the kernel, unless the device
/// reaches host memory (omp_target_is_accessible).
void __offload_gpu_host_register(const char *where, int64_t rank,
                                 const void *descriptor,
                                 int64_t element_bytes);
void __offload_gpu_host_unregister(const char *where, int64_t rank,
                                   const void *descriptor,
                                   int64_t element_bytes);

/// gpu.set_default_device: the device of the operations that follow.
void __offload_gpu_set_default_device(const char *where, int32_t device);

/// gpu.launch_func: launches the kernel whose offload entry address is
/// `host_addr` on a grid of `grid_*` blocks of `block_*` threads with
/// `dynamic_shared` bytes of dynamic shared memory, and waits for it.
/// `args` holds the `count` lowered arguments (KernelABI.h); `kinds[i]` is 1
/// where args[i] is a buffer's address. The kernel also gets the grid, the
/// block and `dynamic_shared` as seven more arguments (the host device's
/// version of the kernel runs its threads from them).
void __offload_gpu_launch(const char *where, void *host_addr, int64_t grid_x,
                          int64_t grid_y, int64_t grid_z, int64_t block_x,
                          int64_t block_y, int64_t block_z,
                          int32_t dynamic_shared, int32_t count,
                          const int64_t *args, const char *kinds);

#ifdef __cplusplus
}
#endif

#endif /* OFFLOAD_RUNTIME_GPUDIALECTRUNTIME_H */
