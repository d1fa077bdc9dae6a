//===- KernelABI.h - How kernel arguments cross the runtime -----*- C++ -*-===//
//
// The calling convention between generated host code, the offload runtime
// (libomptarget) and lowered kernels. Device lowering (convert-offload-to-gpu)
// and host lowering (convert-offload-to-omp) both use it, so the two sides
// agree by construction.
//
// A lowered kernel takes only 8-byte parameters:
//   - first, a pointer the runtime prepends to every launch (KernelArgs
//     version 3 "dyn_ptr"); kernels ignore it;
//   - then, for each kernel argument in order:
//       scalar: one i64 holding the value's bits (zero-extended), passed to
//               the runtime as a LITERAL;
//       memref: a pointer to the buffer's first element (the runtime maps it
//               and passes the device address), then one i64 for each
//               dynamic size and one for each dynamic stride, in dimension
//               order.
//       aggregate (tuple, made by offload.pack): its members' parameters,
//               in order.
// The kernel rebuilds each memref descriptor from these values, so memrefs
// of any rank and strided layout cross the runtime without a descriptor in
// memory; an aggregate is rebuilt from its members, which hold device
// addresses (each buffer member is mapped on its own).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_UTILS_KERNELABI_H
#define OFFLOAD_DIALECT_OFFLOAD_UTILS_KERNELABI_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

namespace mlir::offload {

/// Types of the parameters of a lowered kernel whose arguments have
/// `argTypes`, including the leading runtime pointer.
SmallVector<Type> getLoweredKernelParamTypes(MLIRContext *context,
                                             TypeRange argTypes);

/// Number of lowered parameters that carry one argument of `type`.
unsigned getNumLoweredParams(Type type);

/// Size in bytes of one element of a memref with `elementType` (index is 8
/// bytes: all targets use 64-bit indices in memory).
unsigned getElementSizeInBytes(Type elementType);

/// Host side: the values that carry `value` (a launch operand) to a lowered
/// kernel, in parameter order. A memref yields its first-element pointer
/// (`!llvm.ptr`) followed by i64 dynamic sizes and strides; a scalar yields
/// one i64.
SmallVector<Value> packKernelArgument(OpBuilder &b, Location loc, Value value);

/// Host side: the address of the first element of `memref`, as an
/// `!llvm.ptr`.
Value getFirstElementPointer(OpBuilder &b, Location loc, Value memref);

/// Host side: the address of the lowest element of `memref` (its first,
/// unless a stride is negative), as an `!llvm.ptr`: where a map clause's
/// bytes start.
Value getLowestElementPointer(OpBuilder &b, Location loc, Value memref);

/// Host side: the number of bytes of `memref` reachable from its lowest
/// element to its highest (what a map clause moves), as an i64.
Value getMappedSizeInBytes(OpBuilder &b, Location loc, Value memref);

/// Device side: rebuilds a kernel argument of `type` from the lowered
/// parameters that carry it (getNumLoweredParams(type) values).
Value unpackKernelArgument(OpBuilder &b, Location loc, Type type,
                           ValueRange params);

} // namespace mlir::offload

#endif // OFFLOAD_DIALECT_OFFLOAD_UTILS_KERNELABI_H
