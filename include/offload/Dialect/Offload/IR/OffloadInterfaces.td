//===- OffloadInterfaces.td - offload target interface -----*- tablegen -*-===//
//
// The one interface behind which the differences between targets (NVPTX,
// AMDGPU, host) live.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADINTERFACES_TD
#define OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADINTERFACES_TD

include "mlir/IR/OpBase.td"

def Offload_TargetAttrInterface : AttrInterface<"TargetAttrInterface"> {
  let cppNamespace = "::mlir::offload";
  let description = [{
    Implemented by the target attributes listed in a module's
    `offload.targets` (`#offload.nvptx`, `#offload.amdgpu`, `#offload.host`).
    It tells the target-neutral lowering what differs between targets: the
    attribute the device `gpu.module` carries (which selects the upstream
    serializer), whether parallel loops become a thread grid, the pass
    pipeline that lowers the device module to the LLVM dialect, and the image
    format embedded in the host program.

    The implementations live in `lib/Target/<Target>/` and are attached as
    external models by `offload::registerTargetInterfaces`.
  }];
  let methods = [
    InterfaceMethod<[{
        Short lower-case name of the target (`nvptx`, `amdgpu`, `host`), used
        to name the device module and in diagnostics.
      }],
      "::llvm::StringRef", "getTargetName", (ins)>,
    InterfaceMethod<[{
        The attribute (implementing `gpu::TargetAttrInterface`) to attach to
        the device `gpu.module` built for this target.
      }],
      "::mlir::Attribute", "getDeviceModuleTarget", (ins)>,
    InterfaceMethod<[{
        True when kernels run as a grid of blocks and threads (GPUs): the
        kernel's parallel loop is distributed over the grid. False when the
        runtime calls the kernel once (the host plugin): the kernel keeps its
        loops.
      }],
      "bool", "usesThreadGrid", (ins)>,
    InterfaceMethod<[{
        Adds target-specific attributes to `kernel`, a lowered kernel in this
        target's device module (e.g. the largest block size it must accept).
      }],
      "void", "annotateKernel", (ins "::mlir::Operation *":$kernel)>,
    InterfaceMethod<[{
        The attribute for the device `gpu.module` of this target when it
        holds kernels built for Hopper's warpgroup tensor cores (TMA loads,
        mbarrier pipelines, `wgmma`), or null when this target cannot run
        such kernels. NVPTX `sm_90` answers an `sm_90a` NVVM target (the
        architecture-specific variant that has `wgmma`), so the user never
        names it; other chips and targets answer null.
      }],
      "::mlir::Attribute", "getWarpgroupMmaModuleTarget", (ins)>,
    InterfaceMethod<[{
        The attribute for the device `gpu.module` of this target when it
        holds kernels built for warp-level tensor cores (`mma.sync`
        m16n8k16, or m16n8k8 for TF32, fed from shared memory that
        `cp.async` fills), or null when this target cannot run such kernels.
        NVPTX chips from `sm_80` on answer their usual module target; the
        lowering asks this only of targets without warpgroup tensor cores
        (`getWarpgroupMmaModuleTarget`), so `sm_80` to `sm_89`, and `sm_90`
        in bitcode form, get `mma.sync` kernels (a wgmma target's module
        holds them too where wgmma cannot read an operand: an f32 A[k][m]).
      }],
      "::mlir::Attribute", "getWarpMmaModuleTarget", (ins)>,
    InterfaceMethod<[{
        Adds the passes that lower a device `gpu.module` of this target to the
        LLVM dialect (and target intrinsics) to `pm`, which is nested on
        `gpu.module`.
      }],
      "void", "buildDeviceLoweringPipeline", (ins "::mlir::OpPassManager &":$pm)>,
    InterfaceMethod<[{
        Checks, before anything is lowered for this target, that its backend
        knows the chip and every feature named, and that the features keep
        what the lowering relies on. Emits an error on `op` naming the
        target and fails otherwise.
      }],
      "::llvm::LogicalResult", "verifyTarget", (ins "::mlir::Operation *":$op),
      /*methodBody=*/[{}],
      /*defaultImplementation=*/[{ return ::mlir::success(); }]>,
    InterfaceMethod<[{
        Options for serializing the device module (`gpu::TargetOptions`):
        image format, tool paths. Fails with a diagnostic on `module` naming
        what is missing when no image can be produced.
      }],
      "::mlir::FailureOr<::mlir::gpu::TargetOptions>", "getSerializationOptions",
      (ins "::mlir::Operation *":$module)>,
  ];
}

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADINTERFACES_TD
