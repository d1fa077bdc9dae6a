//===- NVPTXTarget.cpp - #offload.nvptx -------------------------*- C++ -*-===//
//
// NVIDIA GPUs: kernels go through gpu -> nvvm and MLIR's NVVM serializer,
// which makes a cubin with ptxas or NVPTX bitcode that the offload runtime
// compiles when the program starts.
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Target/Targets.h"
#include "offload/Target/Tools.h"

// GPUToNVVMPass.h uses mlir::Pass without including it.
#include "mlir/Pass/Pass.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace mlir::offload;

/// A directory laid out as a CUDA toolkit for MLIR's serializer,
/// `bin/ptxas` and `nvvm/libdevice/libdevice.10.bc` linking to `ptxas` and
/// `libdevice`: made once (under the system's temporary directory, named by
/// the two paths) and reused.
static std::optional<std::string> getLinkedToolkit(StringRef ptxas,
                                                   StringRef libdevice) {
  llvm::SmallString<256> root;
  llvm::sys::path::system_temp_directory(/*erasedOnReboot=*/true, root);
  llvm::sys::path::append(
      root, "offload-toolkit-" +
                llvm::utohexstr(llvm::xxh3_64bits(ptxas.str() + "\n" +
                                                   libdevice.str())));
  llvm::SmallString<256> bin(root), nvvm(root);
  llvm::sys::path::append(bin, "bin");
  llvm::sys::path::append(nvvm, "nvvm", "libdevice");
  llvm::SmallString<256> ptxasLink(bin), libdeviceLink(nvvm);
  llvm::sys::path::append(ptxasLink, "ptxas");
  llvm::sys::path::append(libdeviceLink, "libdevice.10.bc");
  auto link = [](StringRef target, StringRef path) {
    if (llvm::sys::fs::equivalent(target, path))
      return true;
    llvm::SmallString<256> absolute(target);
    if (llvm::sys::fs::make_absolute(absolute))
      return false;
    llvm::sys::fs::remove(path);
    return !llvm::sys::fs::create_link(absolute, path);
  };
  if (llvm::sys::fs::create_directories(bin) ||
      llvm::sys::fs::create_directories(nvvm) || !link(ptxas, ptxasLink) ||
      !link(libdevice, libdeviceLink))
    return std::nullopt;
  return std::string(root);
}

namespace {
struct NVPTXTargetModel
    : public TargetAttrInterface::ExternalModel<NVPTXTargetModel,
                                                NVPTXTargetAttr> {
  StringRef getTargetName(Attribute) const { return "nvptx"; }

  Attribute getDeviceModuleTarget(Attribute attr) const {
    auto target = cast<NVPTXTargetAttr>(attr);
    return NVVM::NVVMTargetAttr::get(attr.getContext(), /*optLevel=*/3,
                                     "nvptx64-nvidia-cuda", target.getChip(),
                                     getFeatures(target));
  }

  /// The user's features, or none: LLVM then picks the chip's first PTX
  /// version, except before sm_70, whose first versions predate the
  /// warp-synchronous shuffles (shfl.sync, PTX 6.0) that reductions use.
  static std::string getFeatures(NVPTXTargetAttr target) {
    if (!target.getFeatures().empty())
      return target.getFeatures().str();
    unsigned number = 0;
    StringRef chip = target.getChip();
    if (chip.consume_front("sm_") &&
        !chip.take_while(llvm::isDigit).getAsInteger(10, number) && number < 70)
      return "+ptx60";
    return "";
  }

  LogicalResult verifyTarget(Attribute attr, Operation *op) const {
    auto target = cast<NVPTXTargetAttr>(attr);
    return verifyProcessor(op, "NVPTX", "nvptx64-nvidia-cuda", target.getChip(),
                           target.getFeatures());
  }

  void annotateKernel(Attribute, Operation *) const {}

  /// sm_90 (and sm_90a) GPUs run wgmma kernels when they are built for
  /// sm_90a: ptxas refuses wgmma for sm_90, and an sm_90a cubin has the ELF
  /// header of an sm_90 one, so the runtime loads it on the same GPUs. Only
  /// for cubins: NVPTX bitcode is compiled by the runtime for the GPU it
  /// finds, which would be plain sm_90.
  Attribute getWarpgroupMmaModuleTarget(Attribute attr) const {
    auto target = cast<NVPTXTargetAttr>(attr);
    if (target.getChip() != "sm_90" && target.getChip() != "sm_90a")
      return {};
    StringRef format = target.getFormat();
    if (format == "bitcode" || (format == "auto" && !findPtxas()))
      return {};
    // wgmma, TMA and mbarrier transaction counts need PTX 8.0.
    StringRef features =
        target.getFeatures().empty() ? "+ptx80" : target.getFeatures();
    return NVVM::NVVMTargetAttr::get(attr.getContext(), /*optLevel=*/3,
                                     "nvptx64-nvidia-cuda", "sm_90a", features);
  }

  /// Chips from sm_80 on (Ampere, Ada, Hopper and later) run mma.sync
  /// m16n8k16 with f16 and bf16, ldmatrix and cp.async, in cubins and in
  /// bitcode alike (PTX 7.0, the first version LLVM gives sm_80).
  Attribute getWarpMmaModuleTarget(Attribute attr) const {
    auto target = cast<NVPTXTargetAttr>(attr);
    StringRef chip = target.getChip();
    unsigned number = 0;
    if (!chip.consume_front("sm_") ||
        chip.take_while(llvm::isDigit).getAsInteger(10, number) || number < 80)
      return {};
    return getDeviceModuleTarget(attr);
  }

  bool usesThreadGrid(Attribute) const { return true; }

  void buildDeviceLoweringPipeline(Attribute, OpPassManager &pm) const {
    // Tensor-core kernels (nvgpu TMA, mbarrier and warpgroup ops) first,
    // while their structured control flow still carries nvgpu types.
    pm.addPass(createConvertNVGPUToNVVMPass());
    // Debug builds (offload.bounded_waits): mbarrier waits that give up.
    pm.addPass(createOffloadBoundMbarrierWaits());
    // Math: libdevice's functions when it is there (convert-gpu-to-nvvm
    // calls them), else the math dialect's approximations.
    OffloadLowerMathOptions math;
    math.library = findLibdevice() ? "libdevice" : "none";
    pm.addPass(createOffloadLowerMath(math));
    addPreLLVMLoweringPasses(pm);
    ConvertGpuOpsToNVVMOpsOptions options;
    options.indexBitwidth = 64;
    pm.addPass(createConvertGpuOpsToNVVMOps(options));
    // NVVM ops built from PTX (wgmma, mbarrier waits, TMA) as inline
    // assembly.
    pm.addPass(createConvertNVVMToLLVMPass());
    addPostLLVMLoweringPasses(pm);
  }

  FailureOr<gpu::TargetOptions> getSerializationOptions(Attribute attr,
                                                        Operation *op) const {
    auto target = cast<NVPTXTargetAttr>(attr);
    std::optional<std::string> ptxas = findPtxas();
    StringRef format = target.getFormat();
    if (format == "cubin" && !ptxas) {
      op->emitError()
          << "NVPTX format 'cubin' needs ptxas from the CUDA toolkit, "
             "which was not found (set OFFLOAD_PTXAS or CUDA_HOME, or use "
             "format 'bitcode', which the runtime compiles on the GPU "
             "machine)";
      return failure();
    }
    bool cubin = format == "cubin" || (format == "auto" && ptxas);
    // MLIR's serializer links libdevice from <toolkit>/nvvm/libdevice and
    // looks for ptxas in <toolkit>/bin: point it at the toolkit that holds
    // the ptxas we found, when that toolkit has the libdevice we use (the
    // lowering called its functions); else link that libdevice by name.
    std::optional<std::string> libdevice = findLibdevice();
    std::string toolkit;
    SmallVector<Attribute> libraries;
    if (ptxas && libdevice) {
      llvm::SmallString<256> root(*ptxas);
      llvm::sys::path::remove_filename(root); // .../bin
      llvm::sys::path::remove_filename(root); // toolkit root
      llvm::SmallString<256> inToolkit(root);
      llvm::sys::path::append(inToolkit, "nvvm", "libdevice",
                              "libdevice.10.bc");
      if (llvm::sys::fs::equivalent(inToolkit, *libdevice))
        toolkit = std::string(root);
    }
    // A ptxas outside such a toolkit (OFFLOAD_PTXAS naming another CUDA's,
    // or a wrapper): a toolkit of links to it and to the libdevice, so
    // that the serializer runs that ptxas.
    if (ptxas && libdevice && toolkit.empty())
      if (std::optional<std::string> linked =
              getLinkedToolkit(*ptxas, *libdevice))
        toolkit = *linked;
    if (libdevice && toolkit.empty())
      libraries.push_back(StringAttr::get(attr.getContext(), *libdevice));
    return gpu::TargetOptions(toolkit, libraries, "", "",
                              cubin ? gpu::CompilationTarget::Binary
                                    : gpu::CompilationTarget::Offload);
  }
};
} // namespace

void mlir::offload::registerNVPTXTarget(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, OffloadDialect *) {
    NVPTXTargetAttr::attachInterface<NVPTXTargetModel>(*ctx);
  });
}
