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

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class GlobalValue;
class GlobalVariable;
class Module;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
namespace gpu {
class BinaryOp;
} // namespace gpu
namespace LLVM {
class GlobalOp;
} // namespace LLVM
namespace offload {

/// Adds to `module` the registration of `binary`'s device images with the
/// offload runtime (llvm::offloading::wrapOpenMPBinaries: the images, the
/// descriptor and its constructor), an offload entry for each kernel (the
/// module's `llvm.mlir.global`s marked `offload.entry`), the constructors
/// NVIDIA images need, and the constructor that registers the module's
/// launch state (the global marked `offload.runtime_state`) with the runtime
/// library. `lookupGlobal` gives the LLVM global of such an
/// `llvm.mlir.global`. Returns the offload descriptor, or failure after
/// emitting an error.
FailureOr<llvm::GlobalVariable *> embedOffloadImages(
    gpu::BinaryOp binary, llvm::Module &module,
    llvm::function_ref<llvm::GlobalValue *(LLVM::GlobalOp)> lookupGlobal);

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
