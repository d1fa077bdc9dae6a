//===- OffloadOps.h - offload operations ------------------------*- C++ -*-===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_H
#define OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"

namespace mlir::offload {
/// The memory of offload devices and the runtime's table of what is mapped
/// there: launches and data operations read and write it, so they are never
/// dead code and keep their order.
struct DeviceMemoryResource
    : public SideEffects::Resource::Base<DeviceMemoryResource> {
  StringRef getName() final { return "offload::DeviceMemory"; }
};

/// True when a kernel can take an argument of `type`: an integer, float or
/// index scalar of at most 64 bits, or a memref of those with an identity or
/// strided layout in the default memory space.
bool isSupportedKernelArgType(Type type);

/// The values a launch operand carries to a kernel: the members of an
/// aggregate made by offload.pack, or the operand itself.
SmallVector<Value> getAggregateMembers(Value value);

/// Whether `name` can name a kernel: it is the kernel's symbol in every
/// device image (PTX, AMDGPU assembly, the host's ELF), which take C
/// identifiers (letters, digits and '_', not starting with a digit).
bool isKernelName(StringRef name);

/// `name` made a C identifier, for kernels the compiler names after a
/// function (`main.1`, `jit(g)`): every other character becomes '_', and a
/// leading digit gets one in front. Not unique: callers add a suffix.
std::string toKernelName(StringRef name);
} // namespace mlir::offload

#define GET_OP_CLASSES
#include "offload/Dialect/Offload/IR/OffloadOps.h.inc"

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_H
