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
} // namespace mlir::offload

#define GET_OP_CLASSES
#include "offload/Dialect/Offload/IR/OffloadOps.h.inc"

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_H
