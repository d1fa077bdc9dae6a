//===- Passes.td - offload conversion passes ---------------*- tablegen -*-===//

#ifndef OFFLOAD_CONVERSION_PASSES_TD
#define OFFLOAD_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertOffloadToGPU : Pass<"convert-offload-to-gpu", "ModuleOp"> {
  let summary = "Build device modules and host fallbacks from offload kernels";
  let description = [{
    For every target listed in the module's `offload.targets`, creates a
    `gpu.module @__offload_<target>` (with the target's `gpu` target
    attribute) holding every `offload.kernel` lowered to the runtime's
    calling convention (see `KernelABI.h`): a leading ignored pointer, then
    8-byte parameters, with memref descriptors rebuilt inside the kernel from
    a pointer and their dynamic sizes and strides.

    On GPU targets a kernel becomes a `gpu.func` whose outermost
    `scf.parallel` / `scf.forall` (1-D to 3-D) is distributed over blocks and
    threads: the innermost loop dimension on x, then y, then z; each thread
    starts at its global id and strides by the grid size, with the loop
    bound as the bounds check, so any grid is correct. When the grid has a
    thread for every iteration (a uniform test at the start; the default
    grid of a launch has), each thread instead runs the iteration at its id
    behind a bounds check, without the loop nest (constant steps only). A 1-D
    loop holding 1-D parallel loops, with code between them that writes no
    memory, goes on blocks (one iteration per block, striding by the number
    of blocks) and its nested loops on the block's threads (striding by the
    block size), their reductions through `gpu.all_reduce`, with barriers
    after nested loops that write memory and at the end of each iteration.
    A kernel without a parallel loop runs on the first thread only. On the
    host target a kernel
    becomes a `func.func` that runs its loops as written.

    Every kernel also gets a host copy, `func.func private
    @__offload_fallback_<kernel>` with the same calling convention, which the
    host lowering calls when the runtime cannot launch the kernel. Functions
    the kernels call are copied into each device module.

    Each kernel is lowered for the thread grid with one strategy, chosen in
    one place (`selectKernelStrategy`, KernelStrategy.h) from what it holds:
    `serial` (no parallel loop), `grid-loop`, `blocks-and-threads`,
    `grid-reduction` (the loop forms above), or `tiled-contraction` (a
    linalg contraction, with an optional fill of its output before it,
    computed in output tiles staged through shared memory), or
    `tensor-core-contraction` (a matmul or batch_matmul with f16 or bf16
    inputs in a module with a target that has Hopper's wgmma: 128x256 tiles
    per block of two warpgroups, TMA loads into 128-byte swizzled
    shared memory through an mbarrier ring, `nvgpu.warpgroup.mma`; that
    target's device module is built for its wgmma variant, sm_90a; the
    lowered kernel takes two more i64 parameters, the device addresses of
    the tensor maps of A and B, which the runtime makes at the launch; other
    targets, and launches without tensor maps, run the tiled contraction on
    the same grid). With `remarks`, each kernel's strategy is reported.

    Kernels are first checked as `offload-check-kernels` does, whatever the
    targets (a build for the host alone rejects what a GPU build rejects):
    one parallel loop, reductions a GPU can combine, no memory written
    outside the loop, no linalg op other than a tiled or tensor-core
    contraction (run `offload-lower-linalg` first), no `threads(...)` on a
    launch of one.

    The `offload.kernel` ops stay (launches refer to them) until
    `convert-offload-to-omp` lowers the launches.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark with the strategy of every kernel">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",  // device module targets
    "::mlir::nvgpu::NVGPUDialect",  // tensor-core contractions
    "::mlir::vector::VectorDialect",  // tiled contractions
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ConvertGPUToOffload : Pass<"convert-gpu-to-offload", "ModuleOp"> {
  let summary = "Run upstream gpu dialect host code and kernels through the "
                "offload runtime";
  let description = [{
    Takes a module written in MLIR's `gpu` dialect (host code with
    `gpu.launch_func`, `gpu.alloc`, `gpu.memcpy`, ... and kernels in
    `gpu.module`s; `gpu.launch` bodies are outlined first by
    `gpu-kernel-outlining`) to what the rest of `offload-pipeline` builds and
    runs through libomptarget:

    * every kernel (`gpu.func` with `gpu.kernel`) of every `gpu.module` goes
      into the device module of each target of `offload.targets`
      (`gpu.module @__offload_<target>`, the module `convert-offload-to-gpu`
      also fills), with the offload runtime's calling convention
      (KernelABI.h: a leading ignored pointer, 8-byte parameters, memrefs as
      a first-element pointer and their dynamic sizes and strides) followed
      by seven i64: the grid (x, y, z), the block (x, y, z) and the bytes of
      dynamic shared memory. The functions and globals of the `gpu.module`
      are copied along; symbols two `gpu.module`s both define are renamed
      `<module>_<symbol>`.
    * On GPU targets the kernel stays a `gpu.func` with its body.
    * On the host target (the runtime's host device runs a kernel once, on
      one thread) the kernel becomes a `func.func` that runs the body for
      every block and thread in turn: `gpu.thread_id`, `gpu.block_id`,
      `gpu.block_dim`, `gpu.grid_dim` and `gpu.global_id` become the loop
      indices and the launch's sizes, workgroup attributions and dynamic
      shared memory are allocated once per launch, private attributions per
      thread, and `gpu.printf` calls `printf`. A kernel that needs threads to
      run together (`gpu.barrier`, shuffles, subgroup and all-reduce
      operations, target intrinsics) cannot run there: when the host is the
      module's only target that is an error at the operation; otherwise the
      host image gets a kernel that stops the program with a message naming
      the kernel and the operation.
    * Host operations become calls into the support library
      (`include/offload/Runtime/GPUDialectRuntime.h`): `gpu.alloc`
      (`host_shared` too), `gpu.dealloc`, `gpu.memcpy`, `gpu.memset`,
      `gpu.host_register`, `gpu.host_unregister`, `gpu.set_default_device`
      and `gpu.launch_func` (grid, block and dynamic shared memory of the
      op). Every operation completes before it returns, so `gpu.wait` and
      async tokens need no code: they are dropped. Tokens may only be used
      by gpu operations.

    Each kernel's host address is an `llvm.mlir.global
    @__offload_region_<kernel>` marked `offload.entry`, as for offload
    kernels. The `gpu.module`s are erased.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::NVVM::NVVMDialect",  // device module targets
    "::mlir::ROCDL::ROCDLDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ConvertOffloadToOpenMP : Pass<"convert-offload-to-omp", "ModuleOp"> {
  let summary = "Lower launches and data movement to libomptarget calls";
  let description = [{
    Lowers the host side of the offload dialect:

    * `offload.data`, `offload.enter_data`, `offload.exit_data` and
      `offload.update` become `omp.target_data`, `omp.target_enter_data`,
      `omp.target_exit_data` and `omp.target_update` whose `omp.map.info`
      entries cover each buffer from its first to its last element; the
      OpenMP translation turns them into `__tgt_target_data_*_mapper`
      calls.
    * `offload.launch` becomes a call to `__tgt_target_kernel` with a
      version-3 `KernelArgs` structure: one entry per lowered kernel
      parameter (mapped buffers with their map kind and `TARGET_PARAM`,
      sizes, strides and scalars as `LITERAL`s), the grid (from the launch,
      or computed from the kernel's parallel loop bounds: 256 threads per
      block in 1-D, 32x8 in 2-D, 32x4x2 in 3-D, enough blocks for one thread
      per iteration), and the kernel's host address
      `@__offload_region_<kernel>`. When the runtime returns non-zero (no
      device, offloading disabled) the host fallback
      `@__offload_fallback_<kernel>` runs instead.
    * Two mapped buffers that copy differently and may be one buffer at run
      time (a caller passed one as two arguments) get their map types
      computed before the launch: where their bytes overlap, each takes the
      other's `TO` and `FROM` (libomptarget maps the memory once, for the
      first entry, and copies nothing for the second). Buffers known to be
      distinct (two allocations of the function, two globals, or an argument
      marked `llvm.noalias`, as for a Rust `&mut` or a C `restrict`) keep
      constant map types.
    * Each kernel's host address is an `llvm.mlir.global` marked
      `offload.entry`, from which the translation emits the offload entry
      table; the `offload.kernel` ops are erased.

    The module gets the `omp.is_target_device = false` and
    `omp.target_triples` attributes the OpenMP translation needs.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::omp::OpenMPDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def OffloadLegalizeCallSites
    : Pass<"offload-legalize-call-sites", "ModuleOp"> {
  let summary = "Keep call-site locations inside functions only";
  let description = [{
    A front end that inlines functions gives the inlined operations
    call-site locations (`loc(callsite("lib.mlir":3:4 at "app.mlir":10:2))`),
    and the lowering gives the globals it makes for an operation (map names,
    messages, `ident_t` strings) that operation's location. LLVM 22's
    `ensure-debug-info-scope-on-llvm-func` reads the function around every
    operation with a call-site location, and crashes on one outside any
    function. This pass gives each operation outside an `llvm.func` the
    location its call-site locations call (the callee's), keeping the
    rest of the location. Run it before that pass.
  }];
}

def OffloadLegalizeMapNames
    : Pass<"offload-legalize-map-names", "ModuleOp"> {
  let summary = "Make the runtime print omp.map.info names";
  let description = [{
    The offload runtime prints a name for every buffer it maps (in
    `LIBOMPTARGET_INFO` output and in its errors), read as the first field of
    a `;name;file;line;col;;` string. LLVM 22's OpenMP translation builds that
    string from the `omp.map.info` op's location in the `ident_t` layout
    (`;file;name;...`), so the runtime would print the file name. This pass
    gives each `omp.map.info` with a `name` attribute a location that the
    translation turns into the runtime's layout. Run it last, after any pass
    that rewrites locations (such as `ensure-debug-info-scope-on-llvm-func`).
  }];
}

def OffloadEmbedImages : Pass<"offload-embed-images", "ModuleOp"> {
  let summary = "Embed the device images and their registration as LLVM "
                "dialect globals and constructors";
  let description = [{
    Replaces the `gpu.binary` holding a module's device images (handler
    `#offload.libomptarget`, what `offload-serialize-device-modules` makes)
    with what its translation would produce, written in the LLVM dialect:
    the images and the offload descriptor of LLVM's
    `llvm::offloading::wrapOpenMPBinaries`, its registration constructor and
    destructor, an offload entry per kernel (the globals marked
    `offload.entry`) and, for NVIDIA images, the constructors that prepare
    the CUDA contexts (and LLVM's NVPTX target for bitcode images). The
    launch state (`offload.runtime_state`) gets the descriptor as its
    initial value. It then drops the offload dialect's attributes from the
    module (`offload.targets`, `offload.entry`, ...).

    What is left uses only the LLVM, OpenMP and GPU dialects' translations,
    so stock `mlir-translate --mlir-to-llvmir` translates it, and the result
    links with `clang ... -lomptarget -lomp` (libomp for the host threads of
    launches over several devices). The last pass of `offload-pipeline`
    (unless `embed-images=0`).
  }];
  let dependentDialects = ["LLVM::LLVMDialect", "DLTIDialect"];
}

#endif // OFFLOAD_CONVERSION_PASSES_TD
