//===- HostTarget.cpp - #offload.host ---------------------------*- C++ -*-===//
//
// The host device: kernels keep their loops, are lowered with the ordinary
// LLVM lowering and compiled into an x86-64 shared object that the offload
// runtime's host plugin loads (dlopen) and calls (libffi, every parameter a
// pointer-sized integer).
//
//===----------------------------------------------------------------------===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"
#include "offload/Target/HostCodegen.h"
#include "offload/Target/Targets.h"
#include "offload/Target/Tools.h"

#include "mlir/Conversion/ConvertToLLVM/ToLLVMPass.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
struct HostTargetModel
    : public TargetAttrInterface::ExternalModel<HostTargetModel,
                                                HostTargetAttr> {
  StringRef getTargetName(Attribute) const { return "host"; }

  // The host attribute also serializes the device module (below).
  Attribute getDeviceModuleTarget(Attribute attr) const { return attr; }

  void annotateKernel(Attribute, Operation *) const {}

  bool usesThreadGrid(Attribute) const { return false; }

  Attribute getWarpgroupMmaModuleTarget(Attribute) const { return {}; }
  Attribute getWarpMmaModuleTarget(Attribute) const { return {}; }

  void buildDeviceLoweringPipeline(Attribute, OpPassManager &pm) const {
    // Math as in host code: LLVM intrinsics and libm.
    pm.addPass(createOffloadLowerMath());
    addHostFloatPasses(pm);
    addPreLLVMLoweringPasses(pm);
    pm.addPass(createConvertToLLVMPass());
    addPostLLVMLoweringPasses(pm);
  }

  FailureOr<gpu::TargetOptions> getSerializationOptions(Attribute,
                                                        Operation *op) const {
    if (!findLld()) {
      op->emitError() << "host images are linked with ld.lld, which was not "
                         "found (Debian package lld-22; or set OFFLOAD_LLD)";
      return failure();
    }
    return gpu::TargetOptions({}, {}, "", "", gpu::CompilationTarget::Binary);
  }
};

/// Compiles a lowered host device module into a shared object.
struct HostSerializer
    : public gpu::TargetAttrInterface::ExternalModel<HostSerializer,
                                                     HostTargetAttr> {
  std::optional<SmallVector<char, 0>>
  serializeToObject(Attribute, Operation *module,
                    const gpu::TargetOptions &) const {
    auto fail = [&](const Twine &message) {
      module->emitError() << "host image: " << message;
      return std::nullopt;
    };
    llvm::LLVMContext context;
    std::unique_ptr<llvm::Module> llvmModule =
        translateModuleToLLVMIR(module, context, "offload-host-image");
    if (!llvmModule)
      return fail("translation to LLVM IR failed");

    // Object file (-O3, as clang builds host-device kernels), then a shared
    // object linked by ld.lld.
    llvm::SmallString<128> objPath, soPath;
    if (llvm::sys::fs::createTemporaryFile("offload-host", "o", objPath) ||
        llvm::sys::fs::createTemporaryFile("offload-host", "so", soPath))
      return fail("cannot create temporary files");
    llvm::FileRemover removeObj(objPath), removeSo(soPath);
    if (llvm::Error error = compileToHostObject(*llvmModule, objPath, 3))
      return fail(llvm::toString(std::move(error)));
    std::optional<std::string> lld = findLld();
    if (!lld)
      return fail("ld.lld not found (Debian package lld-22; or set "
                  "OFFLOAD_LLD)");
    // -Bsymbolic: the image's kernels call its own functions even when
    // another image loaded before defines the same names. Through clang
    // where there is one, with libm and the compiler's runtime library:
    // the image names the libraries it needs (expf, and __extendhfsf2 for
    // f16), since the program that loads it may hold them only where the
    // image cannot see them (a library opened RTLD_LOCAL); else ld.lld
    // alone.
    std::optional<std::string> clang = findClang();
    std::string ldPath = "--ld-path=" + *lld;
    SmallVector<StringRef> args;
    if (clang)
      args = {*clang,
              "-shared",
              ldPath,
              "-Wl,-Bsymbolic",
              "-Wl,--hash-style=gnu",
              "-o",
              soPath.str(),
              objPath.str(),
              "-lm"};
    else
      args = {*lld, "-shared",    "-Bsymbolic", "--hash-style=gnu",
              "-o", soPath.str(), objPath.str()};
    std::string message;
    if (llvm::sys::ExecuteAndWait(args.front(), args, std::nullopt, {}, 0, 0,
                                  &message) != 0)
      return fail((clang ? "linking with clang failed: " : "ld.lld failed: ") +
                  message);
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> so =
        llvm::MemoryBuffer::getFile(soPath);
    if (!so)
      return fail("cannot read " + soPath);
    StringRef bytes = (*so)->getBuffer();
    return SmallVector<char, 0>(bytes.begin(), bytes.end());
  }

  Attribute createObject(Attribute attr, Operation *,
                         const SmallVector<char, 0> &object,
                         const gpu::TargetOptions &) const {
    MLIRContext *ctx = attr.getContext();
    return gpu::ObjectAttr::get(
        ctx, attr, gpu::CompilationTarget::Binary,
        StringAttr::get(ctx, StringRef(object.data(), object.size())),
        /*properties=*/nullptr, /*kernels=*/nullptr);
  }
};
} // namespace

void mlir::offload::registerHostTarget(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, OffloadDialect *) {
    HostTargetAttr::attachInterface<HostTargetModel, HostSerializer>(*ctx);
  });
}
