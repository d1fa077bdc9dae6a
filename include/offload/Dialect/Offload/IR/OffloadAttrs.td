//===- OffloadAttrs.td - offload attributes and enums ------*- tablegen -*-===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADATTRS_TD
#define OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADATTRS_TD

include "offload/Dialect/Offload/IR/OffloadBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Dialect/GPU/IR/CompilationAttrInterfaces.td"

//===----------------------------------------------------------------------===//
// Map kinds and modifiers
//===----------------------------------------------------------------------===//

def Offload_MapKind : I32EnumAttr<"MapKind", "what a map clause moves", [
    I32EnumAttrCase<"to", 0>,
    I32EnumAttrCase<"from", 1>,
    I32EnumAttrCase<"tofrom", 2>,
    I32EnumAttrCase<"alloc", 3>,
    I32EnumAttrCase<"release", 4>,
    I32EnumAttrCase<"del", 5, "delete">,
  ]> {
  let cppNamespace = "::mlir::offload";
  let genSpecializedAttr = 0;
}

def Offload_MapModifier : I32BitEnumAttr<"MapModifier",
    "modifiers of a map clause", [
    I32BitEnumAttrCaseNone<"none">,
    I32BitEnumAttrCaseBit<"always", 0>,
    I32BitEnumAttrCaseBit<"present", 1>,
  ]> {
  let cppNamespace = "::mlir::offload";
  let genSpecializedAttr = 0;
}

def Offload_MapAttr : Offload_Attr<"Map", "map"> {
  let summary = "One map clause: a map kind and its modifiers";
  let description = [{
    The kind says what moves between host and device when the mapping starts
    and ends, with OpenMP's meaning:

    | kind | on entry | on exit |
    |---|---|---|
    | `to` | copy host -> device | - |
    | `from` | allocate | copy device -> host |
    | `tofrom` | copy host -> device | copy device -> host |
    | `alloc` | allocate | - |
    | `release` | - | drop one reference |
    | `delete` | - | free, whatever the reference count |

    Copies happen only when the buffer is not already present on the device
    (mappings are reference counted) unless the `always` modifier is given;
    `present` makes a buffer that is not already mapped a runtime error.

    ```mlir
    #offload.map<tofrom>
    #offload.map<to, always>
    ```
  }];
  let parameters = (ins
    EnumParameter<Offload_MapKind>:$kind,
    DefaultValuedParameter<"MapModifier", "MapModifier::none">:$modifiers);
  let assemblyFormat = "`<` $kind (`,` $modifiers^)? `>`";
  let extraClassDeclaration = [{
    bool isAlways() const {
      return ::mlir::offload::bitEnumContainsAll(getModifiers(), MapModifier::always);
    }
    bool isPresent() const {
      return ::mlir::offload::bitEnumContainsAll(getModifiers(), MapModifier::present);
    }
    /// True when the clause copies host data to the device on entry.
    bool copiesIn() const {
      return getKind() == MapKind::to || getKind() == MapKind::tofrom;
    }
    /// True when the clause copies device data back to the host on exit.
    bool copiesOut() const {
      return getKind() == MapKind::from || getKind() == MapKind::tofrom;
    }
  }];
}

def Offload_MapArrayAttr : TypedArrayAttrBase<Offload_MapAttr,
                                              "array of map clauses">;

//===----------------------------------------------------------------------===//
// Targets
//===----------------------------------------------------------------------===//

def Offload_NVPTXTargetAttr : Offload_Attr<"NVPTXTarget", "nvptx"> {
  let summary = "Build kernels for NVIDIA GPUs";
  let description = [{
    Kernels are lowered through `gpu` and `nvvm` to PTX. `format` chooses the
    image embedded in the program:

    * `cubin`: an ELF cubin made by `ptxas` when the program is built; it runs
      on GPUs of the same major architecture as `chip`.
    * `bitcode`: NVPTX LLVM bitcode that the offload runtime compiles for the
      GPU it finds when the program starts (needs `ptxas` on `PATH` there).
    * `auto` (default): `cubin` when `ptxas` is found at build time, else
      `bitcode`.

    ```mlir
    #offload.nvptx<chip = "sm_90">
    #offload.nvptx<chip = "sm_80", features = "+ptx80", format = "bitcode">
    ```
  }];
  let parameters = (ins
    StringRefParameter<"GPU architecture", [{"sm_90"}]>:$chip,
    StringRefParameter<"target features", [{""}]>:$features,
    StringRefParameter<"image format: auto, cubin or bitcode",
                       [{"auto"}]>:$format);
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
  let genVerifyDecl = 1;
}

def Offload_AMDGPUTargetAttr : Offload_Attr<"AMDGPUTarget", "amdgpu"> {
  let summary = "Build kernels for AMD GPUs";
  let description = [{
    Kernels are lowered through `gpu` and `rocdl` to an AMDGCN code object
    (hsaco), linked with `ld.lld` against the ROCm device libraries
    (Debian's `rocm-device-libs`).

    ```mlir
    #offload.amdgpu<chip = "gfx942">
    ```
  }];
  let parameters = (ins
    StringRefParameter<"GPU architecture", [{"gfx942"}]>:$chip,
    StringRefParameter<"target features", [{""}]>:$features);
  let assemblyFormat = "(`<` struct(params)^ `>`)?";
  let genVerifyDecl = 1;
}

def Offload_HostTargetAttr : Offload_Attr<"HostTarget", "host"> {
  let summary = "Build kernels for the host device (x86-64)";
  let description = [{
    Kernels are compiled for the machine the compiler runs on into a shared
    object that the offload runtime's host plugin loads and calls. With it a
    program runs the whole offload path (registration, mapping, launch)
    without a GPU.

    ```mlir
    #offload.host
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Image registration
//===----------------------------------------------------------------------===//

def Offload_LibompTargetAttr : Offload_Attr<"Libomptarget", "libomptarget", [
    OffloadingTranslationAttrTrait]> {
  let summary = "Registers a gpu.binary's images with libomptarget";
  let description = [{
    The offloading handler of the `gpu.binary` that holds a module's device
    images. When the module is translated to LLVM IR, every object of the
    binary (a cubin or NVPTX bitcode, an AMDGPU code object, a host shared
    object) becomes a device image of one OpenMP offload descriptor,
    registered with the offload runtime by a global constructor
    (`llvm::offloading::wrapOpenMPBinaries`). Kernels are found through the
    offload entries of the host globals marked `offload.entry`.

    ```mlir
    gpu.binary @__offload_images <#offload.libomptarget> [
      #gpu.object<#nvvm.target<chip = "sm_90">, bin = "...">,
      #gpu.object<#offload.host, bin = "...">]
    ```
  }];
}

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADATTRS_TD
