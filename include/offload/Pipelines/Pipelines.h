//===- Pipelines.h - offload-pipeline and its stages ------------*- C++ -*-===//

#ifndef OFFLOAD_PIPELINES_PIPELINES_H
#define OFFLOAD_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"

namespace mlir {
class OpPassManager;
class Operation;
namespace offload {

struct OffloadPipelineOptions
    : public PassPipelineOptions<OffloadPipelineOptions> {
  PassOptions::Option<std::string> targets{
      *this, "targets",
      llvm::cl::desc("Targets to build for, overriding the module's "
                     "offload.targets: comma-separated "
                     "nvptx[:chip[:cubin|bitcode]], amdgpu[:chip], host"),
      llvm::cl::init("")};
  PassOptions::Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Report every inferred map clause, every buffer kept "
                     "on the device and every wait for queued launches as a "
                     "remark"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> bufferize{
      *this, "bufferize",
      llvm::cl::desc("Bufferize tensors first (offload-bufferize-pipeline): "
                     "for linalg on tensors; function arguments and results "
                     "of tensor type become memrefs with the identity "
                     "layout"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> check{
      *this, "check",
      llvm::cl::desc("Checking mode: run every kernel on the device and on "
                     "the host and report the first element that differs "
                     "(offload-insert-checks; buffers are not kept on the "
                     "device across launches)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> keepAssembly{
      *this, "keep-assembly",
      llvm::cl::desc("Also keep the PTX of each NVIDIA cubin "
                     "(offload-serialize-device-modules{keep-assembly})"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> embedImages{
      *this, "embed-images",
      llvm::cl::desc("Embed the device images and their registration as "
                     "LLVM dialect globals and constructors "
                     "(offload-embed-images), so that stock mlir-translate "
                     "translates the result; 0 keeps them in a gpu.binary "
                     "for offload-translate"),
      llvm::cl::init(true)};
};

/// Tensors to buffers, for modules written with linalg (or tensor, arith,
/// scf) on tensors: eliminate-empty-tensors, offload-bufferize-host
/// (one-shot bufferization of host code over function boundaries: tensor
/// arguments and results become memrefs with the identity layout), the
/// ownership-based deallocation of what it allocates
/// (buffer-deallocation-pipeline), convert-bufferization-to-memref.
void buildOffloadBufferizePipeline(OpPassManager &pm);

/// Whether the host code of `module` (kernels aside) holds values of tensor
/// type, so that offload-pipeline needs `bufferize`.
bool holdsTensors(Operation *module);

/// Device side (after offload-bufferize-pipeline with `bufferize`): set the
/// targets, outline linalg ops of host code into kernels, infer maps, build,
/// lower and serialize the device modules (offload-set-targets,
/// offload-outline-linalg, offload-infer-maps,
/// convert-offload-to-gpu, offload-lower-device-modules,
/// offload-serialize-device-modules).
void buildOffloadDevicePipeline(OpPassManager &pm,
                                const OffloadPipelineOptions &options);

/// Host side: let launches run without waiting in between
/// (offload-chain-launches), lower launches and data movement
/// (convert-offload-to-omp), linalg ops left in host code to loops
/// (convert-linalg-to-loops), then everything to the LLVM and omp dialects,
/// ready for translation.
void buildOffloadHostPipeline(OpPassManager &pm,
                              const OffloadPipelineOptions &options);

/// Both, in order: an offload module to LLVM dialect with embedded images.
void buildOffloadPipeline(OpPassManager &pm,
                          const OffloadPipelineOptions &options);

/// Registers offload-pipeline, offload-bufferize-pipeline,
/// offload-device-pipeline and offload-host-pipeline.
void registerOffloadPipelines();

} // namespace offload
} // namespace mlir

#endif // OFFLOAD_PIPELINES_PIPELINES_H
