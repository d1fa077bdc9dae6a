//===- Driver.cpp - compile offload modules to programs ---------*- C++ -*-===//

#include "offload/Driver/Driver.h"

#include "offload/Conversion/OffloadToOpenMP/OffloadToOpenMP.h"
#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Pipelines/Pipelines.h"
#include "offload/Target/HostCodegen.h"
#include "offload/Target/Tools.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::offload;

LogicalResult mlir::offload::lowerOffloadModule(ModuleOp module,
                                                const CompileOptions &options) {
  if (options.allowTF32)
    module->setAttr(OffloadDialect::getAllowTF32AttrName(),
                    UnitAttr::get(module.getContext()));
  if ((options.debug || options.check) &&
      !module->hasAttr(OffloadDialect::getBoundedWaitsAttrName()))
    module->setAttr(OffloadDialect::getBoundedWaitsAttrName(),
                    UnitAttr::get(module.getContext()));
  PassManager pm(module.getContext());
  OffloadPipelineOptions pipeline;
  pipeline.targets = options.targets;
  pipeline.remarks = options.remarks;
  pipeline.check = options.check;
  pipeline.keepAssembly = options.keepAssembly;
  pipeline.embedImages = options.embedImages;
  // Linalg on tensors (what ML compilers produce before bufferization):
  // bufferize first.
  pipeline.bufferize = holdsTensors(module);
  buildOffloadPipeline(pm, pipeline);
  if (options.log) {
    *options.log << "offload-cc: lowering with offload-pipeline: ";
    pm.printAsTextualPipeline(*options.log);
    *options.log << "\n";
  }
  return pm.run(module);
}

LogicalResult mlir::offload::embedDeviceImages(ModuleOp module) {
  PassManager pm(module.getContext());
  pm.addPass(createOffloadEmbedImages());
  return pm.run(module);
}

std::unique_ptr<llvm::Module>
mlir::offload::translateOffloadModule(ModuleOp module, llvm::LLVMContext &ctx) {
  // The LLVM module is named after the source file: the OpenMP translation
  // uses that name in the source locations the runtime prints.
  StringRef name = "LLVMDialectModule";
  if (auto fileLoc = module->getLoc()->findInstanceOf<FileLineColLoc>())
    name = fileLoc.getFilename();
  return translateModuleToLLVMIR(module, ctx, name);
}

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

llvm::Error mlir::offload::emitObjectFile(llvm::Module &module,
                                          llvm::StringRef path,
                                          const CompileOptions &options) {
  return compileToHostObject(module, path, options.optLevel);
}

/// The compiler-rt builtins archive of `clang` (libclang-rt-22-dev), for
/// the conversions libgcc lacks (f32 and f64 to bf16: __truncsfbf2,
/// __truncdfbf2, which host code rounding to bf16 calls), or nothing.
static std::optional<std::string> findBuiltins(llvm::StringRef clang) {
  for (std::string version :
       {std::string(LLVM_VERSION_STRING), std::to_string(LLVM_VERSION_MAJOR)}) {
    llvm::SmallString<256> dir(clang);
    llvm::sys::path::remove_filename(dir);
    llvm::sys::path::remove_filename(dir);
    llvm::sys::path::append(dir, "lib", "clang", version, "lib");
    for (auto [sub, name] :
         {std::pair<const char *, const char *>{
              "linux", "libclang_rt.builtins-x86_64.a"},
          {"x86_64-pc-linux-gnu", "libclang_rt.builtins.a"},
          {"x86_64-unknown-linux-gnu", "libclang_rt.builtins.a"}}) {
      llvm::SmallString<256> path(dir);
      llvm::sys::path::append(path, sub, name);
      if (llvm::sys::fs::exists(path))
        return std::string(path);
    }
  }
  return std::nullopt;
}

llvm::Error mlir::offload::linkProgram(llvm::ArrayRef<std::string> objects,
                                       llvm::StringRef output, bool shared,
                                       llvm::ArrayRef<std::string> extraArgs,
                                       const CompileOptions &options) {
  std::optional<std::string> clang = findClang();
  if (!clang)
    return makeError("clang, which links programs, was not found (Debian "
                     "package clang-22; or set OFFLOAD_CLANG)");
  std::string runtimeDir = getLibomptargetDir();
  std::vector<std::string> args = {*clang};
  // LLVM's linker when it is there (lld-22): a tenth of GNU ld's time on
  // these programs.
  if (std::optional<std::string> lld = findLld())
    args.push_back("--ld-path=" + *lld);
  // A library binds its own symbols to itself: two modules loaded in one
  // process (Python loads them RTLD_GLOBAL) may define kernels, their host
  // copies and entry points of the same names.
  if (shared)
    args.insert(args.end(), {"-shared", "-Wl,-Bsymbolic"});
  for (const std::string &object : objects)
    args.push_back(object);
  args.insert(args.end(), {"-o", output.str()});
  // Queued launches (include/offload/Runtime/OffloadRuntime.h). The
  // generated code references it weakly, which does not pull members out of
  // an archive: take it whole. Without it programs still run, waiting for
  // every kernel.
  if (std::optional<std::string> runtime = findRuntimeLibrary())
    args.insert(args.end(),
                {"-Wl,--whole-archive", *runtime, "-Wl,--no-whole-archive"});
  else
    llvm::errs() << "offload-cc: warning: libOffloadRuntime.a not found (set "
                    "OFFLOAD_RUNTIME_LIB): launches of " << output
                 << " will each wait for their kernel\n";
  args.insert(args.end(), {"-L" + runtimeDir, "-Wl,-rpath," + runtimeDir,
                           "-lomptarget", "-lomp", "-lm"});
  if (std::optional<std::string> builtins = findBuiltins(*clang))
    args.push_back(*builtins);
  args.insert(args.end(), extraArgs.begin(), extraArgs.end());
  if (options.log) {
    *options.log << "offload-cc: linking:";
    for (const std::string &arg : args)
      *options.log << " " << arg;
    *options.log << "\n";
  }
  SmallVector<llvm::StringRef> argRefs(args.begin(), args.end());
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(*clang, argRefs, std::nullopt, {}, 0, 0,
                                     &message);
  if (rc != 0)
    return makeError("linking " + output + " failed" +
                     (message.empty() ? "" : ": " + message));
  return llvm::Error::success();
}

std::vector<DeviceImage> mlir::offload::getDeviceImages(ModuleOp module) {
  std::vector<DeviceImage> images;
  for (auto binary : module.getOps<gpu::BinaryOp>())
    for (auto object : binary.getObjects().getAsRange<gpu::ObjectAttr>()) {
      DeviceImage image;
      Attribute target = object.getTarget();
      bool bitcode = object.getFormat() == gpu::CompilationTarget::Offload;
      if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(target)) {
        image.target = ("nvptx-" + nvvm.getChip()).str();
        image.extension = bitcode ? "bc" : "cubin";
      } else if (auto rocdl = dyn_cast<ROCDL::ROCDLTargetAttr>(target)) {
        image.target = ("amdgpu-" + rocdl.getChip()).str();
        image.extension = "hsaco";
      } else {
        image.target = "host";
        image.extension = "so";
      }
      image.bytes = object.getObject().getValue().str();
      images.push_back(image);
      if (DictionaryAttr properties = object.getProperties())
        if (auto ptx = properties.getAs<StringAttr>("offload.assembly")) {
          image.extension = "ptx";
          image.bytes = ptx.getValue().str();
          images.push_back(std::move(image));
        }
    }
  return images;
}
