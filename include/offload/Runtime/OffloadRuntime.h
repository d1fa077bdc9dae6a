/*===- OffloadRuntime.h - queued kernel launches -------------------*- C -*-===*\
|*                                                                            *|
|* The support library (libOffloadRuntime.a) that programs built by offload   *|
|* link next to libomptarget. It launches kernels through LLVM's liboffload   *|
|* (libLLVMOffload.so.22.1) on one queue per device, on buffers that          *|
|* libomptarget mapped, so that consecutive launches do not wait for each     *|
|* other; libomptarget keeps doing every data mapping and remains the launch  *|
|* path whenever this one does not apply. docs/LaunchPath.md says why and     *|
|* how; the generated code that calls these functions comes from              *|
|* convert-offload-to-omp.                                                    *|
|*                                                                            *|
|* The generated code references both functions as weak symbols: a program   *|
|* linked without this library still runs, launching through libomptarget    *|
|* and waiting for every kernel.                                              *|
|*                                                                            *|
|* Environment:                                                               *|
|*   OFFLOAD_QUEUE_LAUNCHES=0  never queue; every launch goes through         *|
|*                             libomptarget (__tgt_target_kernel)             *|
|*   OFFLOAD_RUNTIME_INFO=1    print on stderr what the library decides per   *|
|*                             device and module, why a launch was not        *|
|*                             queued or got no tensor maps, and what setting *|
|*                             liboffload up cost                             *|
|*   OFFLOAD_QUEUE_SETUP=      when liboffload is set up (loaded, devices,    *|
|*                             queues, the modules' images and kernels):      *|
|*     startup (default)       in a constructor, before main, when the CUDA   *|
|*                             driver is in the process (always when named)   *|
|*     background              on a thread started there; the first launch    *|
|*                             waits for what is left of it                   *|
|*     launch                  at the first launch                            *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_RUNTIME_OFFLOADRUNTIME_H
#define OFFLOAD_RUNTIME_OFFLOADRUNTIME_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One per module that launches kernels (`__offload_module` in the generated
/// code): the module's offload descriptor (`__tgt_bin_desc`), which the
/// translation to LLVM IR fills in next to the images' registration, and
/// this library's state for the module, made on first use. Zero-initialized.
typedef struct __offload_rt_module {
  const void *images;
  void *state;
} __offload_rt_module;

/// Queues the kernel whose offload entry address is `host_addr` on device
/// `device` (-1: the default device) with `kernel_args` (the version-3
/// `KernelArgsTy` the launch passes to `__tgt_target_kernel`), and returns 0
/// without waiting for it, when libomptarget would copy nothing for the
/// launch: every buffer it maps is present on the device in full, with no
/// `always`, `delete` or mapper. `ident` (an `ident_t`) gives the launch's
/// source location for messages. Otherwise, or when the device cannot queue
/// (not a CUDA GPU of liboffload, no image for it), it first waits for
/// every launch it queued and returns 1: the caller then launches through
/// `__tgt_target_kernel`.
int32_t __offload_rt_launch(__offload_rt_module *module, const void *ident,
                            int64_t device, void *host_addr,
                            void *kernel_args);

/// Queues a copy of `bytes` bytes between the copies device `source` and
/// device `dest` (-1: the default device) hold of the host buffer whose
/// element at `host_begin` starts them (`offload.device_copy`), and returns
/// 0 without waiting for it. The copy runs after everything queued on
/// either device so far (launches, other copies) and before anything
/// queued on either later; __offload_rt_wait waits for it too. `ident`
/// gives the copy's source location for messages. Otherwise (a device that
/// cannot queue, a buffer a device does not hold, liboffload refusing the
/// copy) it first waits for everything queued and returns 1: the caller
/// then copies through libomptarget (`omp_target_memcpy`).
int32_t __offload_rt_device_copy(const void *ident, int64_t dest,
                                 int64_t source, const void *host_begin,
                                 int64_t bytes);

/// Registers a module's launch state; called by a constructor of the
/// module (priority 102, after the images are registered with libomptarget)
/// so that the library's own constructor (priority 103) loads liboffload and
/// the module's image while the program starts, not at its first launch
/// (OFFLOAD_QUEUE_SETUP above).
void __offload_rt_register_module(__offload_rt_module *module);

/// Waits until every launch `__offload_rt_launch` queued has finished. A
/// kernel that failed stops the program with a message naming the device,
/// the kernel, where it was launched and where the program waited.
void __offload_rt_wait(const void *ident);

/// The number of blocks a grid reduction (a kernel whose parallel loop
/// reduces) runs on device `device` (-1: the default device) with
/// `threads_per_block` threads each: as many as fill every multiprocessor
/// of the device with the same number of blocks (at most 2048 threads per
/// multiprocessor), so that no multiprocessor does more of the reduction
/// than another, and at most `max_blocks`. When the number of
/// multiprocessors is not known (not a CUDA device of liboffload, queued
/// launches turned off), returns `fallback`.
int32_t __offload_rt_reduction_blocks(int64_t device, int32_t threads_per_block,
                                      int32_t max_blocks, int32_t fallback);

/// The devices `devices(all)` stands for (offload.all_devices): writes to
/// `list` (at most `capacity`) the numbers of the devices the runtime
/// reports that are not libomptarget's host plugin's (UID
/// "<host architecture>-<number>"), or of every device when there is no
/// other kind or OFFLOAD_ALL_DEVICES=every is set; returns how many. -1
/// when libomptarget's device functions are not in the process.
int32_t __offload_rt_all_devices(int32_t *list, int32_t capacity);

/// Tensor maps (CUtensorMap) for a launch of a tensor-core contraction
/// kernel (convert-offload-to-gpu, TensorCoreContraction.cpp). `operands`
/// operands each take `kTmaOperandFields` = 20 int64 in `fields`:
///   [0] the kernel argument (index into `kernel_args`' arrays) of the
///       buffer, [1] the literal argument that receives the tensor map's
///       device address, [2] the CUtensorMapDataType, [3] the rank,
///   [4..8] the sizes, innermost first, [9..12] the strides of sizes 1..
///       in bytes, [13..17] the box, [18] the CUtensorMapSwizzle,
///   [19] the element size in bytes.
/// When the device is a CUDA GPU of compute capability 9.x, every operand's
/// device address is known (the buffers are mapped first when they are not
/// present) and the driver (libcuda.so.1, looked up at run time) encodes
/// every map, it stores the device addresses of the maps (made once per
/// device address, shape and box, and kept) in the literal arguments and
/// raises `kernel_args`' DynCGroupMem to `shared_bytes`. Otherwise it
/// makes no maps and the kernel runs its path without tensor maps. On any
/// CUDA GPU of compute capability 8.0 or later it first raises
/// DynCGroupMem to `warp_shared_bytes`, the stages of the mma.sync kernel
/// that images for sm_80 and later hold instead of the wgmma one
/// (MmaSyncContraction.cpp).
/// Returns 1 when it mapped the operands' buffers: the caller then calls
/// __offload_rt_finish_tma after the launch (before any host fallback).
int32_t __offload_rt_prepare_tma(const void *ident, int64_t device,
                                 void *kernel_args, uint32_t shared_bytes,
                                 uint32_t warp_shared_bytes, uint32_t operands,
                                 const int64_t *fields);

/// Waits for the launches queued so far and unmaps the buffers
/// __offload_rt_prepare_tma mapped for the same arguments.
void __offload_rt_finish_tma(const void *ident, int64_t device,
                             void *kernel_args, uint32_t operands,
                             const int64_t *fields);

#ifdef __cplusplus
}
#endif

#endif /* OFFLOAD_RUNTIME_OFFLOADRUNTIME_H */
