//===- SerializeDeviceModules.cpp - offload-serialize-device-modules -*- C++
//-*-===//

#include "offload/Dialect/Offload/IR/OffloadDialect.h"
#include "offload/Dialect/Offload/Transforms/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADSERIALIZEDEVICEMODULES
#include "offload/Dialect/Offload/Transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct OffloadSerializeDeviceModulesPass
    : public offload::impl::OffloadSerializeDeviceModulesBase<
          OffloadSerializeDeviceModulesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Attribute> objects;
    SmallVector<gpu::GPUModuleOp> serialized;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      auto target = gpuModule->getAttrOfType<TargetAttrInterface>(
          OffloadDialect::getTargetAttrName());
      if (!target)
        continue; // not built by the offload lowering
      FailureOr<gpu::TargetOptions> options =
          target.getSerializationOptions(gpuModule);
      if (failed(options))
        return signalPassFailure();
      auto serializer = dyn_cast_if_present<gpu::TargetAttrInterface>(
          gpuModule.getTargetsAttr() ? gpuModule.getTargetsAttr()[0]
                                     : Attribute());
      if (!serializer) {
        gpuModule.emitError() << "device module has no serializable target";
        return signalPassFailure();
      }
      // With keep-assembly, the PTX an NVIDIA cubin is assembled from, as
      // the serializer hands it over.
      std::string assembly;
      bool keepPtx =
          keepAssembly && isa<NVVM::NVVMTargetAttr>(serializer) &&
          options->getCompilationTarget() == gpu::CompilationTarget::Binary;
      if (keepPtx)
        options = gpu::TargetOptions(
            options->getToolkitPath(), options->getLibrariesToLink(),
            options->getCmdOptions(), options->getELFSection(),
            options->getCompilationTarget(), /*getSymbolTableCallback=*/{},
            /*initialLlvmIRCallback=*/{}, /*linkedLlvmIRCallback=*/{},
            /*optimizedLlvmIRCallback=*/{},
            [&](StringRef ptx) { assembly = ptx.str(); });
      std::optional<SmallVector<char, 0>> image =
          serializer.serializeToObject(gpuModule, *options);
      if (!image) {
        gpuModule.emitError()
            << "cannot build the " << target.getTargetName() << " image";
        return signalPassFailure();
      }
      Attribute object = serializer.createObject(gpuModule, *image, *options);
      if (keepPtx) {
        auto gpuObject = cast<gpu::ObjectAttr>(object);
        NamedAttrList properties(gpuObject.getProperties());
        properties.set("offload.assembly",
                       StringAttr::get(&getContext(), assembly));
        object = gpu::ObjectAttr::get(
            &getContext(), gpuObject.getTarget(), gpuObject.getFormat(),
            gpuObject.getObject(), properties.getDictionary(&getContext()),
            gpuObject.getKernels());
      }
      objects.push_back(object);
      serialized.push_back(gpuModule);
    }
    if (serialized.empty())
      return;
    OpBuilder builder(serialized.front());
    auto binary =
        gpu::BinaryOp::create(builder, module.getLoc(), "__offload_images",
                              LibomptargetAttr::get(&getContext()), objects);
    for (gpu::GPUModuleOp gpuModule : serialized)
      gpuModule.erase();
    SymbolTable(module).insert(binary);
  }
};
} // namespace
