//===- Passes.td - offload dialect passes ------------------*- tablegen -*-===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_TD
#define OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def OffloadSetTargets : Pass<"offload-set-targets", "ModuleOp"> {
  let summary = "Set the targets a module is built for";
  let description = [{
    Replaces the module's `offload.targets` with the targets named in
    `targets`, a comma-separated list of `nvptx[:chip[:format]]`,
    `amdgpu[:chip]` and `host`, e.g. `nvptx:sm_90,host`. With an empty list
    the module keeps its own targets; a module with none gets `host`.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = [
    Option<"targets", "targets", "std::string", /*default=*/"\"\"",
           "Comma-separated targets: nvptx[:chip[:cubin|bitcode]], "
           "amdgpu[:chip], host">,
  ];
}

def OffloadInferMaps : Pass<"offload-infer-maps", "ModuleOp"> {
  let summary = "Infer map clauses of launches from what kernels access";
  let description = [{
    Gives every buffer of an `offload.launch` that has no explicit map
    clause one inferred from the kernel's memory effects on the matching
    argument, followed through view-like ops (`memref.subview`, casts,
    reshapes): a buffer the kernel only reads is mapped `to`; one it writes
    is mapped `tofrom`; one it does not access is not mapped (its address is
    passed but never dereferenced). An access the analysis cannot see
    through (an op without declared memory effects, a call) counts as read
    and write. Explicit map clauses are kept as written.

    With `remarks`, each inferred clause is reported as a remark that says
    why.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every inferred map clause">,
  ];
  let statistics = [
    Statistic<"numInferred", "inferred-maps", "Number of map clauses inferred">,
  ];
}

def OffloadLowerDeviceModules
    : Pass<"offload-lower-device-modules", "ModuleOp"> {
  let summary = "Lower each device module with its target's pipeline";
  let description = [{
    Runs, on every `gpu.module` whose target comes from an offload target,
    the pass pipeline that target provides (`TargetAttrInterface::
    buildDeviceLoweringPipeline`): `convert-gpu-to-nvvm` for NVPTX,
    `convert-gpu-to-rocdl` for AMDGPU, `convert-to-llvm` for the host, each
    after the structured-control-flow and memref expansions they need.
  }];
  // What the targets' pipelines create.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::ub::UBDialect",
  ];
}

def OffloadSerializeDeviceModules
    : Pass<"offload-serialize-device-modules", "ModuleOp"> {
  let summary = "Compile device modules into one gpu.binary";
  let description = [{
    Serializes every lowered device `gpu.module` with its target (a cubin or
    NVPTX bitcode, an AMDGPU code object, a host shared object) and replaces
    them all by one `gpu.binary @__offload_images` whose offloading handler,
    `#offload.libomptarget`, registers the images with the offload runtime
    when the module is translated to LLVM IR.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_TD
