//===- AMDGPUTarget.cpp - #offload.amdgpu -----------------------*- C++ -*-===//
//
// AMD GPUs: kernels go through gpu -> rocdl and MLIR's ROCDL serializer,
// which links the ROCm device libraries and makes a code object with ld.lld.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Target/Targets.h"
#include "offload/Target/Tools.h"

// GPUToROCDLPass.h uses mlir::Pass without including it.
#include "mlir/Pass/Pass.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AMDGPUTargetModel
    : public TargetAttrInterface::ExternalModel<AMDGPUTargetModel,
                                                AMDGPUTargetAttr> {
  StringRef getTargetName(Attribute) const { return "amdgpu"; }

  Attribute getDeviceModuleTarget(Attribute attr) const {
    auto target = cast<AMDGPUTargetAttr>(attr);
    // Code object version 5, which the offload runtime's AMDGPU plugin
    // loads; LLVM's generic targets exist only from version 6 on.
    StringRef abiVersion =
        target.getChip().ends_with("-generic") ? "600" : "500";
    return ROCDL::ROCDLTargetAttr::get(attr.getContext(), /*optLevel=*/3,
                                       "amdgcn-amd-amdhsa", target.getChip(),
                                       target.getFeatures(), abiVersion);
  }

  bool usesThreadGrid(Attribute) const { return true; }

  LogicalResult verifyTarget(Attribute attr, Operation *op) const {
    auto target = cast<AMDGPUTargetAttr>(attr);
    return verifyProcessor(op, "AMDGPU", "amdgcn-amd-amdhsa", target.getChip(),
                           target.getFeatures());
  }

  /// The chipset the GPU-to-ROCDL lowering picks instructions for: the chip,
  /// or for LLVM's generic targets (which that lowering does not parse) the
  /// first chip of the family, whose instructions every member has.
  static std::string getLoweringChipset(StringRef chip) {
    if (!chip.ends_with("-generic"))
      return chip.str();
    return llvm::StringSwitch<std::string>(chip)
        .Case("gfx9-generic", "gfx900")
        .Case("gfx9-4-generic", "gfx940")
        .Case("gfx10-1-generic", "gfx1010")
        .Case("gfx10-3-generic", "gfx1030")
        .Case("gfx11-generic", "gfx1100")
        .Case("gfx12-generic", "gfx1200")
        .Default(chip.str());
  }

  Attribute getWarpgroupMmaModuleTarget(Attribute) const { return {}; }
  Attribute getWarpMmaModuleTarget(Attribute) const { return {}; }

  void annotateKernel(Attribute, Operation *kernel) const {
    // AMDGPU kernels default to at most 256 work-items per workgroup; let
    // launches use up to the hardware's 1024 like on NVIDIA GPUs.
    kernel->setAttr(
        ROCDL::ROCDLDialect::FlatWorkGroupSizeAttrHelper(kernel->getContext())
            .getName(),
        StringAttr::get(kernel->getContext(), "1,1024"));
  }

  void buildDeviceLoweringPipeline(Attribute attr, OpPassManager &pm) const {
    // Math: the ROCm device library's functions (convert-gpu-to-rocdl calls
    // them) or intrinsics.
    OffloadLowerMathOptions math;
    math.library = "ocml";
    pm.addPass(createOffloadLowerMath(math));
    // The stack is in address space 5 (private memory).
    pm.addPass(createOffloadPrivateAllocas());
    addPreLLVMLoweringPasses(pm);
    ConvertGpuOpsToROCDLOpsOptions options;
    options.chipset =
        getLoweringChipset(cast<AMDGPUTargetAttr>(attr).getChip());
    options.indexBitwidth = 64;
    pm.addPass(createConvertGpuOpsToROCDLOps(options));
    addPostLLVMLoweringPasses(pm);
  }

  FailureOr<gpu::TargetOptions> getSerializationOptions(Attribute,
                                                        Operation *op) const {
    if (!findRocmBitcodeDir()) {
      op->emitError()
          << "AMDGPU images need the ROCm device libraries (ocml.bc, "
             "ockl.bc: Debian package rocm-device-libs), which were not "
             "found; set OFFLOAD_ROCM_BITCODE_DIR to their directory";
      return failure();
    }
    if (!findLld()) {
      op->emitError() << "AMDGPU images are linked with ld.lld, which was "
                         "not found (Debian package lld-22, or set "
                         "OFFLOAD_LLD)";
      return failure();
    }
    std::optional<std::string> toolkit = getRocmToolkitDir();
    if (!toolkit) {
      op->emitError() << "could not create the ROCm toolkit directory for "
                         "the AMDGPU serializer";
      return failure();
    }
    return gpu::TargetOptions(*toolkit, {}, "", "",
                              gpu::CompilationTarget::Binary);
  }
};
} // namespace

void mlir::offload::registerAMDGPUTarget(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, OffloadDialect *) {
    AMDGPUTargetAttr::attachInterface<AMDGPUTargetModel>(*ctx);
  });
}
