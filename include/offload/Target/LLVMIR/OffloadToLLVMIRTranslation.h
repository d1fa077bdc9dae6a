//===- OffloadToLLVMIRTranslation.h - offload to LLVM IR --------*- C++ -*-===//
//
// Translation of what the offload lowering leaves in the LLVM dialect:
// the `gpu.binary` whose handler is `#offload.libomptarget` becomes device
// images registered with libomptarget, and the host globals marked
// `offload.entry` become the offload entry table.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_LLVMIR_OFFLOADTOLLVMIRTRANSLATION_H
#define OFFLOAD_TARGET_LLVMIR_OFFLOADTOLLVMIRTRANSLATION_H

namespace mlir {
class DialectRegistry;
class MLIRContext;
namespace offload {

/// Registers the offload dialect's LLVM IR translation and the
/// `#offload.libomptarget` offloading handler.
void registerOffloadDialectTranslation(DialectRegistry &registry);

/// Registers everything a module produced by `offload-pipeline` needs to be
/// translated to LLVM IR: the builtin, LLVM, OpenMP and GPU dialect
/// translations and the offload dialect's.
void registerOffloadToLLVMIRTranslations(DialectRegistry &registry);

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_TARGET_LLVMIR_OFFLOADTOLLVMIRTRANSLATION_H
