//===- GPUToOffload.h - gpu dialect input to the offload runtime -*- C++
//-*-===//
//
// Programs written in MLIR's gpu dialect (host code with gpu.launch_func,
// gpu.alloc, gpu.memcpy, ...; kernels in gpu.modules) run through the
// offload runtime: kernels go into the device module of every target, with
// the runtime's calling convention, and host operations become calls into
// the support library (include/offload/Runtime/GPUDialectRuntime.h).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_GPUTOOFFLOAD_GPUTOOFFLOAD_H
#define OFFLOAD_CONVERSION_GPUTOOFFLOAD_GPUTOOFFLOAD_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
class SymbolTable;
class TypeConverter;
namespace offload {

#define GEN_PASS_DECL_CONVERTGPUTOOFFLOAD
#include "offload/Conversion/Passes.h.inc"

/// The launch parameters a lowered gpu-dialect kernel takes after those of
/// its arguments (KernelABI.h), each an i64: the grid (x, y, z), the block
/// (x, y, z) and the bytes of dynamic shared memory. The host device's
/// version of a kernel runs its blocks and threads from them; GPU versions
/// ignore them.
constexpr unsigned kNumGPULaunchParams = 7;

/// The attribute convert-gpu-to-offload sets on each kernel of a gpu.module
/// (a StringAttr): the name of the kernel in the device modules and of its
/// offload entry.
inline StringRef getDeviceKernelAttrName() { return "offload.device_kernel"; }

/// The first operation of `kernel`, or of a function it calls (looked up in
/// `symbols`, the kernel's gpu.module), that the host device cannot run:
/// threads of a block there run one after another, so nothing that makes
/// threads wait for or talk to each other (barriers, shuffles, subgroup and
/// all-reduce operations), no target intrinsic, and no thread or block id
/// outside the kernel itself. Null when it can run there.
Operation *findHostBlocker(gpu::GPUFuncOp kernel, SymbolTable &symbols);

/// Builds, at the insertion point, `kernel` lowered for a GPU target under
/// `name`: a gpu.func kernel with the runtime's parameters (KernelABI.h and
/// kNumGPULaunchParams), the same attributions and the same body.
gpu::GPUFuncOp buildGPUKernel(OpBuilder &b, gpu::GPUFuncOp kernel,
                              StringRef name);

/// Builds, at the insertion point, `kernel` lowered for the host device
/// under `name` (findHostBlocker must have returned null): a private
/// function with the body (ids as parameters, gpu.printf as printf), and the
/// kernel, a func.func with the runtime's parameters that calls it for every
/// thread of every block in turn. Returns the kernel.
func::FuncOp buildHostKernel(OpBuilder &b, gpu::GPUFuncOp kernel,
                             StringRef name);

/// Builds, at the insertion point, a host-device kernel `name` with the
/// parameters of `kernel` that prints `message` on stderr and aborts.
func::FuncOp buildHostKernelStub(OpBuilder &b, gpu::GPUFuncOp kernel,
                                 StringRef name, StringRef message);

/// Makes the memrefs of `op` and everything nested in it (values, function
/// signatures, memref.global types) drop their memory spaces (workgroup,
/// private, ...): on the host device every buffer is host memory.
void dropGPUAddressSpaces(Operation *op);

/// Patterns lowering the host operations of the gpu dialect (gpu.launch_func,
/// gpu.alloc, gpu.dealloc, gpu.memcpy, gpu.memset, gpu.wait,
/// gpu.host_register, gpu.host_unregister, gpu.set_default_device) to calls
/// into the support library. `converter` must map !gpu.async.token to no
/// type (tokens are dropped: every operation completes before it returns)
/// and other types to themselves. Launched kernels must carry
/// getDeviceKernelAttrName() and have their address global
/// (getKernelAddressName).
void populateGPUToOffloadConversionPatterns(TypeConverter &converter,
                                            RewritePatternSet &patterns);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_CONVERSION_GPUTOOFFLOAD_GPUTOOFFLOAD_H
