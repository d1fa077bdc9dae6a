//===- Driver.h - compile offload modules to programs -----------*- C++ -*-===//
//
// The steps of offload-cc as a library, for the compile driver, the C API
// and other embedders: lower an offload module, translate it to LLVM IR,
// compile it for the host and link it with the offload runtime.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DRIVER_DRIVER_H
#define OFFLOAD_DRIVER_DRIVER_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir::offload {

struct CompileOptions {
  /// Targets overriding the module's (offload-set-targets syntax); empty
  /// keeps the module's own.
  std::string targets;
  /// Report inferred map clauses as remarks.
  bool remarks = false;
  /// Checking mode: compare every launch with the kernel's host copy.
  bool check = false;
  /// Let f32 contractions run on tensor cores as TF32 (sets
  /// `offload.allow_tf32` on the module): it changes their results.
  bool allowTF32 = false;
  /// Debug build of the device code: bound every mbarrier wait (sets
  /// `offload.bounded_waits` on the module; also with `check`).
  bool debug = false;
  /// Keep the PTX of NVIDIA cubins (DeviceImage, extension "ptx").
  bool keepAssembly = false;
  /// Host code optimization level (0-3).
  unsigned optLevel = 2;
  /// Embed the device images as LLVM dialect globals at the end of the
  /// lowering (offload-embed-images); false leaves them in their gpu.binary
  /// (getDeviceImages), for embedDeviceImages to do later.
  bool embedImages = true;
  /// Where to describe each step (the -v of offload-cc), or null.
  llvm::raw_ostream *log = nullptr;
};

/// Runs offload-pipeline on `module`, leaving the LLVM and omp dialects and
/// the device images; a module that holds tensors is bufferized first
/// (`bufferize`). Diagnostics go to the context's handler.
LogicalResult lowerOffloadModule(ModuleOp module,
                                 const CompileOptions &options);

/// Runs offload-embed-images: the device images of a module lowered with
/// `embedImages = false` become LLVM dialect globals and constructors.
LogicalResult embedDeviceImages(ModuleOp module);

/// Translates a lowered module to LLVM IR, with its device images embedded
/// and registered. Returns null (after a diagnostic) on failure.
std::unique_ptr<llvm::Module> translateOffloadModule(ModuleOp module,
                                                     llvm::LLVMContext &ctx);

/// Optimizes `module` for the host at `options.optLevel` and writes a
/// position-independent object file to `path`.
llvm::Error emitObjectFile(llvm::Module &module, llvm::StringRef path,
                           const CompileOptions &options);

/// Links `objects` with the offload runtime into an executable, or a shared
/// library when `shared`, at `output`. `extraArgs` go to the linker driver
/// (e.g. -L/-l).
llvm::Error linkProgram(llvm::ArrayRef<std::string> objects,
                        llvm::StringRef output, bool shared,
                        llvm::ArrayRef<std::string> extraArgs,
                        const CompileOptions &options);

/// The device images of a lowered module: (target name, file extension,
/// bytes) for each object of its `gpu.binary @__offload_images`.
struct DeviceImage {
  std::string target;
  std::string extension;
  std::string bytes;
};
std::vector<DeviceImage> getDeviceImages(ModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_DRIVER_DRIVER_H
