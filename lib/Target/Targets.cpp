//===- Targets.cpp - register every offload target --------------*- C++ -*-===//

#include "offload/Target/Targets.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ComplexToLLVM/ComplexToLLVM.h"
#include "mlir/Conversion/ComplexToStandard/ComplexToStandard.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/ROCDL/ROCDLToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

void mlir::offload::addPreLLVMLoweringPasses(OpPassManager &pm) {
  // Subviews (mapped sections, strided kernel arguments) become
  // affine.apply on their metadata: expand them before lowering affine.
  // expand_shape first, ours: upstream's rewrite of it crashes on dynamic
  // output shapes.
  pm.addPass(createOffloadExpandReshapes());
  // Copies between strided views: loops, not calls of MLIR's runtime library.
  pm.addPass(createOffloadExpandCopies());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Complex numbers (buffers of them are plain structs): arithmetic to
  // arith/math first, then the struct itself.
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createConvertComplexToLLVMPass());
  // (Not upstream's arith-expand: its maximumf / minimumf get the sign of
  // zero wrong.)
  pm.addPass(createOffloadExpandArith());
  pm.addPass(createSCFToControlFlowPass());
}

void mlir::offload::addHostFloatPasses(OpPassManager &pm) {
  // bf16 arithmetic in f32, rounded back after each operation, and the
  // conversions as integer arithmetic (round to nearest even): x86-64
  // programs have no __truncsfbf2 to call, so code that rounds to bf16 (a
  // kernel's host copy with a bf16 output) could not be linked.
  arith::ArithEmulateUnsupportedFloatsOptions emulate;
  emulate.sourceTypeStrs = {"bf16"};
  pm.addPass(arith::createArithEmulateUnsupportedFloats(emulate));
  OffloadExpandArithOptions expand;
  expand.includeBf16 = true;
  pm.addPass(createOffloadExpandArith(expand));
}

void mlir::offload::addPostLLVMLoweringPasses(OpPassManager &pm) {
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

llvm::LogicalResult mlir::offload::verifyProcessor(Operation *op,
                                                   StringRef targetName,
                                                   StringRef triple,
                                                   StringRef chip,
                                                   StringRef features) {
  static std::once_flag initialized;
  std::call_once(initialized, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargetMCs();
  });
  llvm::Triple parsed(triple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(parsed, error);
  if (!target)
    return op->emitError() << "the " << targetName
                           << " target is not built into this LLVM (" << error
                           << ")";
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target->createMCSubtargetInfo(parsed, "", ""));
  if (!info)
    return op->emitError() << "LLVM has no subtarget information for "
                           << triple;
  if (!info->isCPUStringValid(chip))
    return op->emitError() << targetName << " chip '" << chip
                           << "' is not a processor LLVM's " << triple
                           << " backend knows";
  SmallVector<StringRef> parts;
  features.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    StringRef feature = part.trim();
    if (!feature.consume_front("+") && !feature.consume_front("-"))
      return op->emitError()
             << targetName << " feature '" << part.trim()
             << "' must start with '+' (enable) or '-' (disable)";
    bool known = llvm::any_of(
        info->getAllProcessorFeatures(),
        [&](const llvm::SubtargetFeatureKV &kv) { return feature == kv.Key; });
    if (!known)
      return op->emitError()
             << targetName << " feature '" << feature << "' is not one LLVM's "
             << triple << " backend knows";
  }
  return success();
}

void mlir::offload::registerAllTargets(DialectRegistry &registry) {
  registerNVPTXTarget(registry);
  registerAMDGPUTarget(registry);
  registerHostTarget(registry);
  // What the serializers translate device modules with.
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  registerROCDLDialectTranslation(registry);
}
