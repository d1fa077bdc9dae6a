//===- Targets.h - offload target implementations ---------------*- C++ -*-===//
//
// Attach the implementations of offload::TargetAttrInterface (and, for the
// host, gpu::TargetAttrInterface) to the offload target attributes.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_TARGETS_H
#define OFFLOAD_TARGET_TARGETS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

namespace mlir {
class DialectRegistry;
class OpPassManager;
class Operation;
namespace offload {

/// The passes every lowering to the LLVM dialect here starts with: affine,
/// arith, memref views and structured control flow become what the LLVM
/// conversions take (lower-affine, arith-expand, expand-strided-metadata,
/// convert-scf-to-cf).
void addPreLLVMLoweringPasses(OpPassManager &pm);
/// Host code (the host program and the host device's images) then computes
/// bf16 arithmetic in f32 and rounds to bf16 with integer arithmetic
/// (arith-emulate-unsupported-floats, arith-expand with bf16).
void addHostFloatPasses(OpPassManager &pm);
/// ... and ends with: fold the casts the conversions leave and clean up
/// (reconcile-unrealized-casts, canonicalize, cse).
void addPostLLVMLoweringPasses(OpPassManager &pm);

/// Checks that LLVM's backend for `triple` knows `chip` as a processor and
/// every `+name`/`-name` of the comma-separated `features`; emits an error
/// on `op` naming `targetName` and what the backend knows otherwise.
llvm::LogicalResult verifyProcessor(Operation *op, llvm::StringRef targetName,
                                    llvm::StringRef triple,
                                    llvm::StringRef chip,
                                    llvm::StringRef features);

/// #offload.nvptx: gpu -> nvvm -> cubin (ptxas) or NVPTX bitcode.
void registerNVPTXTarget(DialectRegistry &registry);
/// #offload.amdgpu: gpu -> rocdl -> AMDGCN code object.
void registerAMDGPUTarget(DialectRegistry &registry);
/// #offload.host: llvm -> x86-64 shared object for the host plugin.
void registerHostTarget(DialectRegistry &registry);

/// All of the above, plus what the upstream serializers they use need (the
/// NVVM/ROCDL target attributes and the LLVM IR translations).
void registerAllTargets(DialectRegistry &registry);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_TARGET_TARGETS_H
