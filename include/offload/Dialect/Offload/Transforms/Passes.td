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

def OffloadOutlineLinalg : Pass<"offload-outline-linalg", "ModuleOp"> {
  let summary = "Run the linalg ops of host code on the device";
  let description = [{
    In a module that lists `offload.targets`, outlines every structured
    `linalg` op on memrefs in host code (the bodies of `func.func`s, at any
    nesting: `scf.for` loops, `scf.if`, ...) into a new private
    `offload.kernel` and replaces it by an `offload.launch` of that kernel
    without map clauses, so that map inference, buffers kept on the device
    across launches, queued launches and `--offload-check` apply to it as to
    any launch. The kernel is named `__linalg_<function>_<op>_<n>` after
    its first op that is not a fill; its arguments are the op's memref and
    scalar operands and the values its body uses from above (constants are
    cloned into the kernel instead), and its body is the op followed by
    `offload.return`.

    Ops that belong together go into one kernel, in order:

    * a `linalg.fill` followed by an op that reduces into the filled buffer
      (a contraction such as `linalg.matmul`, `linalg.batch_matmul` or a
      `linalg.generic` contraction, or a reduction);
    * an op that reads a buffer an op of the group writes (a consumer: the
      epilogue of a contraction, the next step of a softmax), and a
      `linalg.fill` whose buffer the next op reduces into when that op is
      such a consumer;
    * consecutive elementwise ops (parallel loops only, projected
      permutations, outputs indexed by the identity) where each reads or
      writes the buffer the previous one writes, through the identity, so
      that they have the same iteration space.

    A kernel may so hold several ops: `offload-split-kernels` fuses the
    loops they become where it can (the four steps of a row softmax into one
    loop over rows) and launches the rest one after the other, their
    buffers left on the device.

    Between ops of one kernel there may be ops that do not touch memory
    (constants, index math, `memref.alloc`, views); anything else ends the
    group. The launch takes the place of the group's last op.

    Groups that make the same kernel (the same argument types and the same
    body, e.g. a layer applied twice, or a warm-up run before a timed one)
    launch one kernel, named after the first of them: the image holds it
    once and the program pays its first launch once.

    The launch runs on the default device, except beside split launches
    (`devices(...)`): when split launches in its block (or, failing that,
    in the closest enclosing block of the function that has some) take a
    buffer the op takes whole, all run over the same devices, those are
    known where the op is, and the op takes no view of their buffers, the
    launch runs over those devices too, so that a norm or an update between
    the steps of a stencil split over devices keeps the stencil's sections
    on them (`offload-split-devices` splits it, and keeps the sections
    across it).

    Left alone: functions with the unit attribute `offload.host`, linalg ops
    on tensors (bufferize them first, `offload-pipeline{bufferize=1}`), ops
    in kernels and `memref.copy` (not linalg). An op that uses a value a
    kernel cannot take as an argument (e.g. a memref in another memory space
    or with a non-strided layout, a non-constant vector) is an error at the
    op.

    With `remarks`, every launch created is reported:
    `outlined linalg.matmul into kernel @__linalg_f_matmul_0 launched here`,
    with `(the same kernel as an earlier group's)` before `launched` when a
    kernel is reused, and `, over the devices of the split launch of @k
    beside it, which takes one of its buffers` when it runs beside split
    launches.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every kernel outlined from linalg ops">,
  ];
  let statistics = [
    Statistic<"numKernels", "kernels", "Number of kernels outlined">,
    Statistic<"numOps", "linalg-ops", "Number of linalg ops outlined">,
  ];
}

def OffloadLiftControlFlow
    : Pass<"offload-lift-control-flow", "::mlir::func::FuncOp"> {
  let summary = "Lift host functions written with branches to structured "
                "control flow";
  let description = [{
    Rewrites a host function whose body has several blocks joined by
    `cf.br`, `cf.cond_br` and `cf.switch` (a loop written as blocks, an
    early `return`), as front ends emitting a control-flow graph write
    them, into one block of `scf.if`, `scf.while` and `scf.index_switch`
    ops (upstream's `transformCFGToSCF` with the ControlFlow dialect's
    lifting). The passes that place data movement then see its loops and
    branches: a loop of launches written as blocks keeps its buffers on the
    device across it, and a call of such a function from a loop is entered
    with them, as for the same function written with `scf`.

    A function it cannot lift (a conditional branch of another dialect,
    `llvm.cond_br` say)
    stays as it is; it then moves data at each launch, as before.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::ub::UBDialect",
  ];
}

def OffloadDecomposeLinalg : Pass<"offload-decompose-linalg", "ModuleOp"> {
  let summary = "Decompose aggregate linalg ops (softmax, pack, unpack)";
  let description = [{
    Rewrites `linalg.pack` and `linalg.unpack` on tensors (the data layout
    changes of tiled ML kernels) into `tensor.pad`, `tensor.expand_shape`
    and `linalg.transpose`, and `linalg.transpose`, `tensor.collapse_shape`
    and `tensor.extract_slice` (inner tiles of constant sizes; others are
    an error). Rewrites each `linalg.softmax` into ops the rest of the
    pipeline handles, so that ML front ends can hand it over as they
    produce it:

    * on tensors: the op's own decomposition (`linalg.fill` and
      `linalg.generic` ops on tensors: the maximum along the dimension,
      `exp(x - max)`, their sum, the division), which the host's
      bufferization then turns into buffers;
    * on memrefs in host code: the same four `linalg.generic` ops, the
      maximum and the sum of each row in temporaries (`memref.alloc`,
      freed after), each op outlined into a kernel by
      `offload-outline-linalg`;
    * on memrefs inside an `offload.kernel`: an `scf.parallel` over the
      other dimensions whose body finds the row's maximum, writes
      `exp(x - max)` while summing it, then divides by the sum, in
      sequential loops along the dimension.

    The compile driver and the device pipeline run it first.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def OffloadBufferizeHost : Pass<"offload-bufferize-host", "ModuleOp"> {
  let summary = "Bufferize the tensors of host code";
  let description = [{
    One-shot bufferization of the module's host code, for modules written
    with linalg (and tensor, arith, scf) on tensors: function boundaries
    included, tensor arguments and results becoming memrefs with the
    identity layout (so that a C caller sees plain row-major arrays).
    Kernels are left alone: a tensor in an `offload.kernel` stays there,
    and `offload-lower-linalg` reports it. Follow it with the
    ownership-based deallocation of the buffers it allocates;
    `offload-bufferize-pipeline` (`offload-pipeline{bufferize=1}`) runs
    both, after turning elementwise arith and math ops on tensors into
    linalg.generic (`convert-elementwise-to-linalg`).

    That deallocation frees every buffer a function allocates, and takes
    no `memref.dealloc` of the program's own: this pass removes those that
    free a buffer the same function allocates (the deallocation frees it
    again), and rejects the others (a buffer a caller passed, or a call
    returned), with the reason.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def OffloadRaiseContractions
    : Pass<"offload-raise-contractions", "::mlir::offload::KernelOp"> {
  let summary = "Raise loop nests that compute contractions to linalg";
  let description = [{
    Replaces, in a kernel, a top-level `scf.parallel` loop nest that
    computes a contraction by the linalg op it is, so that the kernel
    lowering can generate a tiled contraction kernel for it:

    ```mlir
    scf.parallel (%i, %j) = (%c0, %c0) to (%c64, %c16) step (%c1, %c1) {
      %cij = memref.load %C[%i, %j] : memref<64x16xf32>
      %r = scf.for %k = %c0 to %c32 step %c1 iter_args(%acc = %cij) -> f32 {
        %a = memref.load %A[%i, %k] : memref<64x32xf32>
        %b = memref.load %B[%k, %j] : memref<32x16xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        scf.yield %s : f32
      }
      memref.store %r, %C[%i, %j] : memref<64x16xf32>
    }
    // becomes
    linalg.matmul ins(%A, %B : memref<64x32xf32>, memref<32x16xf32>)
                  outs(%C : memref<64x16xf32>)
    ```

    The nest: the parallel loop over the output's indices, 2-D (i, j) or
    3-D (b, i, j), possibly continued by nested `scf.for` loops (a 1-D
    parallel loop over i holding an `scf.for` over j), around a sequential
    `scf.for` over k. Each step of k loads one element of A and one of B,
    each indexed by loop indices only, in any order (so transposed and
    batched operands are contractions too), optionally converts them
    (`arith.extf`, `extsi`, `extui`, `sitofp`, ... any arith cast),
    multiplies them (`mulf`, `muli`) and adds the product to an
    accumulator. The accumulator is either carried by the k loop
    (`iter_args`), whose result is stored to C at the output indices, or
    C's element itself, loaded and stored in the k loop. It starts from C's
    element (the contraction accumulates into C) or from a value that does
    not vary in the nest (C is first filled with it: `linalg.fill`).

    The result is `linalg.matmul` or `linalg.batch_matmul` (with
    `indexing_maps` for transposed operands, and `cast = cast_unsigned` for
    unsigned conversions) when the named op computes exactly what the loop
    body does, otherwise a `linalg.generic` whose body is the loop body's
    arithmetic. Either is a contraction for `matchContraction`
    (`Utils/Contraction.h`).

    The nest is raised only when the linalg op computes the same thing:
    steps are 1, bounds do not vary in the nest, nothing in the nest touches
    memory except the loads of A, B and C and the stores to C at the output
    indices (so A and B are not written), A and B are not views of C, and
    the nest is the whole parallel loop (pure operations aside, which are
    dropped or, for bounds and the initial value, computed before the linalg
    op). An operand whose loops are not known to run from 0 to its sizes
    (a lower bound other than 0, an upper bound that is neither
    `memref.dim` of that operand nor its static size) is replaced by the
    `memref.subview` the loops reach, `[lb, ub)` along each dimension, so
    that the linalg op's sizes are the loops' trip counts. With dynamic
    shapes this is the common case for some operands: loops bounded by C's
    sizes read subviews of A and B, whose sizes may be larger.

    With `remarks`, each raised nest is reported with the op and the
    contraction it computes (`C[i, j] += A[i, k] * B[k, j]`), and each nest
    that multiplies and accumulates in an inner loop but is not raised with
    the reason.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
  ];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every loop nest raised, or not raised and "
           "looking like a contraction">,
  ];
  let statistics = [
    Statistic<"numRaised", "raised-contractions",
              "Number of loop nests raised to linalg contractions">,
  ];
}

def OffloadLowerLinalg : Pass<"offload-lower-linalg", "ModuleOp"> {
  let summary = "Lower linalg ops inside kernels to parallel loops";
  let description = [{
    Lowers every linalg structured op on memrefs inside an `offload.kernel`
    (fill, copy, transpose, broadcast, map, reduce, matvec, convolutions,
    generic, ...) and every `memref.copy` (as the `linalg.copy` it is) to
    the loop forms the kernel strategies of `convert-offload-to-gpu` put on
    the GPU:

    * no reduction dimension: one `scf.parallel` over all dimensions (the
      leading ones collapsed when there are more than three);
    * one reduction dimension, innermost, whose extent is not known to be
      below 256, and a body that combines each output with one arith
      operation (add, mul, max, min, and, or, xor): an `scf.parallel` over
      the outputs holding an `scf.parallel` with `scf.reduce` over the
      reduction (each output on a block, the reduction on its threads);
      then all-parallel ops of two or more dimensions in the same kernel
      become a loop over rows holding a loop over the rest, so that the
      loops over the same rows fuse (`offload-split-kernels`);
    * only reduction dimensions: one `scf.parallel` with `scf.reduce` (a
      reduction over the grid);
    * otherwise: an `scf.parallel` over the outputs, each accumulating over
      the reductions in sequential loops, in registers.

    Loop sizes are read from one representative of the dimensions a linalg
    op makes equal (a static size, or a kernel argument's dimension), so the
    loops of different ops over the same data have the same bounds.

    A contraction (`matmul`, `batch_matmul`, their transposed forms, and
    generic contractions, see `Utils/Contraction.h`) at the top of a kernel
    that the tiled contraction strategy can compute stays whole, with a
    `linalg.fill` of its output right before it. linalg ops on tensors in
    kernels are errors.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every linalg op lowered or kept">,
  ];
}

def OffloadInlineKernelCalls
    : Pass<"offload-inline-kernel-calls", "ModuleOp"> {
  let summary = "Inline the functions kernels call";
  let description = [{
    Replaces each `func.call` in an `offload.kernel` by the body of the
    function it calls, when that function has a body of one block and is
    not recursive (it calls itself neither directly nor through other
    functions); the calls the inlined bodies make are inlined in turn. The
    inlined ops keep the callee's locations. Functions stay in the module
    (the host, and other modules, may call them).

    The analyses after it (race checks, the rows a share of a split kernel
    reads, inferred maps) see what a kernel does through its helpers: a
    kernel whose loop calls `@put(%y, %i, %v)` writes `y[i]` in iteration
    `i`, where a call would count as writing all of `y`. Calls of
    functions of several blocks, recursive ones and ones without a body
    stay calls.

    With `remarks`, each inlined call is reported.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every call inlined">,
  ];
}

def OffloadSplitKernels : Pass<"offload-split-kernels", "ModuleOp"> {
  let summary = "Fuse a kernel's parallel loops, then split it into one kernel per loop";
  let description = [{
    Makes every kernel one parallel iteration space (run it after
    `offload-lower-linalg`):

    * Fusion: two `scf.parallel` loops at the top of a kernel, with the same
      bounds and nothing with memory effects between them, become one when
      every buffer one writes and the other touches is accessed (in both,
      nested loops included) only at indices that hold each induction
      variable of the loop at the same positions: then an iteration of the
      second loop only reads and writes what the same iteration of the first
      did, and running them in one iteration keeps their order. An
      elementwise chain fuses into one loop, and the row-wise steps of a
      softmax (max, subtract and exp, sum, divide) into one loop over rows.
    * Fission: a kernel that still holds several parallel loops (or linalg
      ops, a fill staying with the contraction after it) becomes one kernel
      per loop, `@<kernel>_<i>`, each with the pure top-level computations
      it uses and the kernel's arguments that it uses (in their order), and
      every launch of the kernel becomes launches of the parts in order,
      each passing the part's arguments. Explicit map clauses of the
      launch become an `offload.data` region around the parts (so buffers
      stay on the device between them); inferred maps and
      `offload-hoist-transfers` keep the buffers on the device from one part
      to the next. A value one part computes and a later part uses (a
      reduction's result the next loop reads, `x[i] = max - x[i]`) goes
      from one to the other in a one-element buffer each launch allocates:
      the first part stores it, the later ones load it before their loop.
      Anything else with memory effects at the top of such a kernel is an
      error (it cannot be assigned to one part).

    With `remarks`, each fusion and split is reported.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every fusion and split">,
  ];
}

def OffloadSplitDevices : Pass<"offload-split-devices", "ModuleOp"> {
  let summary = "Split launches over several devices into one share per device";
  let description = [{
    Rewrites every `offload.launch ... devices(%d0, %d1, ...)` and
    `devices(all)` (run it after the checks and before `offload-infer-maps`):

    * When the kernel can be split, `@<kernel>_share` is the kernel with two
      more `index` arguments `lo` and `hi` that replace the bounds of the
      outermost dimension of its parallel loop. The launch becomes, for each
      device present (listed devices the runtime does not report are left
      out; `all` is every device `offload.all_devices` lists: those the
      runtime reports, without the host plugin's when there are GPUs), a
      launch of the share kernel on that device over an equal share
      `[lo, hi)` of the loop's iterations. Map inference then maps on each device only the
      sections of the buffers its share reaches (the rows it writes, plus
      the halo it reads) and copies back only the rows it wrote; a buffer
      read at rows the loop does not bound goes whole to every device.
    * The devices run their shares at the same time: the launches sit in
      an `omp.parallel` region of one host thread per device present, share
      `p` on thread `p` (a thread runs every so many shares when the
      runtime gives fewer threads), so each device's copies and kernel go
      on while the others' do. With `concurrent=false` (checking mode,
      whose checks of a share compare whole buffers) the region has one
      thread, which runs the shares one after the other.
    * Reductions: each share starts from the combiner's neutral element and
      leaves its partial result in a one-element buffer of its own; once all
      shares finished, the host combines the partial results, in the order
      of the devices, with the loop's initial value and then does what the
      kernel did with the results after the loop (a store, arithmetic on
      them).
    * A kernel can be split when its body is one `scf.parallel` (with
      computations without memory effects and loads before it and, when it has
      reductions, what it does with their results after it) whose
      outermost dimension has step 1 and whose reductions each combine
      with one arith operation that has a neutral element, it takes no
      aggregates, it does not have `allow_races`, each buffer it writes is
      written only at the rows of the iteration that writes it (the access
      analysis proves it), and the loop's bounds and initial values can be
      computed on the host. Otherwise the launch runs whole on the first
      device present.
    * With no device present, the kernel runs on the host.
    * Two buffer arguments the share touches, one of them written, that may
      be one buffer at run time (a caller passed it twice) are compared
      before the launch: where their bytes overlap, it runs whole on the
      first device present (split, each device would map the rows of both
      and copy back rows the others wrote). A run checks its buffers once,
      before it, and splits its launches one by one when two overlap.
    * A reduction combines each share's partial result with the others'
      when its `scf.reduce` region is one arith operation with a neutral
      element on its two arguments, in either order (they all commute).
    * A kernel made of linalg ops on buffers (a contraction kept whole for
      its strategy, the fill before it) splits too when the outermost loop
      dimension of each op is parallel and indexes, in every operand it
      indexes, its rows (outputs included, at a constant row of a kernel
      argument): the share applies the ops to rows `[lo, hi)` of those
      operands, and its launches name the rows they map.
    * Consecutive split launches over the same devices with the same shares
      (a run: the ops of a block from the first such launch to the last,
      loops included, where nothing else maps data and the host neither
      frees their buffers nor passes them to calls; every launch's loop bounds provably equal to
      the first's, or, for launches that map a buffer of the run, compared
      at run time before it, a copy of the run splitting each launch on its
      own running when they differ) keep their sections on the devices.
      Launches whose loops (of step 1) run over rows of a buffer of the
      run and may have other bounds than the first's (a stencil's interior
      `[1, n - 1)`, then a sum over every row `[0, n)`) join it too,
      without a check: the devices' shares `[lo, hi)` are then equal parts
      of the hull of the loops that run (computed before the run), each launch runs on each device
      the iterations of its own loop in that share, `[max(lo, lb),
      min(hi, ub))`, and a buffer its first launch writes whole enters
      without copying only when that launch's loop is the hull (checked
      before the run). Launches on buffers of their own interleaved with
      the run's (two problems advanced in one loop) form groups in it,
      each with the devices' equal shares of its own loop. Before the run each device enters the rows
      of each buffer its share reaches (`offload.enter_data`, once), after
      it each copies back only the rows it wrote (`offload.exit_data`), and
      before a launch that reads rows outside its share of a buffer some
      launch may have written since, each device receives those rows from
      the devices that wrote them (`offload.device_copy`, after a barrier:
      no device launches before all received theirs). A host load of one
      element of a buffer the run writes gets it first from the device
      whose share holds its row (`offload.update`); a store sends it to
      every device keeping its row. Around other host ops reading or
      writing them (a host loop, a copy), each device copies
      back the rows of its share before (when the launches write the
      buffer) and receives the rows it keeps after (when the op writes it).
      Anything else (a call given one, a launch on one device given one, a
      free, other devices or shares, a kernel that cannot be split) ends
      the run; with `remarks` the run says what each device
      keeps and where halos move, and an op that ends one says why.
      `resident=false` (checking mode) splits every launch on its own.
      For runs to reach across calls, the pass first inlines the calls of
      functions that make split launches (themselves or through their
      callees; not recursive ones, ones of several blocks, or ones with
      stack allocations) that pass buffers and either run in a loop or
      beside split launches (or such calls) on one of those buffers; a
      function grows by inlining to `inline-limit` operations at most (a
      call past it says so in a remark). Then the calls, in functions making split launches,
      of functions that only load and store single elements and compute
      without memory effects; it removes private functions no call is left
      to. A
      buffer the launches of a run only read and the host writes between
      them does not end the run: each launch maps its own section of it.
      A loop passing buffers of one shape between iterations, permuted
      (ping-pong: the iteration arguments of an `scf.for`, or the
      arguments of both regions of an `scf.while`), whose split launches
      alone use them, is part of a run: each device keeps the rows of the
      buffers the loop starts with.

    With `remarks`, each launch says whether it was split, and why not.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::offload::OffloadDialect",
    "::mlir::omp::OpenMPDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every launch over several devices">,
    Option<"concurrent", "concurrent", "bool", /*default=*/"true",
           "Run the shares on a host thread each (false: one after the "
           "other, as checking mode needs: each checked share compares whole "
           "buffers)">,
    Option<"resident", "resident", "bool", /*default=*/"true",
           "Keep the sections of consecutive split launches on their "
           "devices, exchanging only halo rows in between (false: each "
           "launch moves its sections, as checking mode needs)">,
    Option<"inlineLimit", "inline-limit", "int64_t", /*default=*/"20000",
           "The most operations a function may grow to by inlining the "
           "calls of functions making split launches">,
  ];
}

def OffloadCheckKernels : Pass<"offload-check-kernels", "ModuleOp"> {
  let summary = "Check what kernels contain, the same for every target";
  let description = [{
    Reports, before any target-specific lowering, what no target can run, so
    that a build for the host alone rejects what a GPU build rejects (run it
    after `offload-lower-linalg` and `offload-split-kernels`):

    * more than one `scf.parallel` / `scf.forall` at the top of a kernel
      (one kernel is one iteration space);
    * a parallel loop of more than 3 dimensions, an `scf.forall` with
      shared outputs, reductions of other than integers and floats or whose
      combiner is not one arith operation with a neutral element and a GPU
      counterpart;
    * memory written outside the kernel's parallel loop (every GPU thread
      would write it), except after a loop with reductions and into
      `memref.alloca` buffers;
    * linalg ops other than one contraction that the tiled contraction
      strategy computes (`offload-lower-linalg` lowers the others);
    * `threads(...)` on a launch of a tiled contraction, which runs on its
      own block size;
    * kernels in nested modules (kernels are compiled at the top of the
      module the pipeline runs on);
    * host code that uses memrefs in GPU workgroup or private memory
      (`#gpu.address_space<...>`), which exists only inside kernels;
    * host code on tensors (the pipeline bufferizes it only with
      `bufferize=1`, which offload-cc sets when the module holds tensors).

    `convert-offload-to-gpu` applies the kernel checks, for every target.
  }];
}

def OffloadCheckBounds : Pass<"offload-check-bounds", "ModuleOp"> {
  let summary = "Reject kernel accesses that loop bounds carry out of their buffer";
  let description = [{
    For every load, store, vector access and atomic update in a kernel that
    runs in every iteration of the loops around it (no `scf.if` or other
    non-loop region in between), computes the range of each index over
    those loops and reports an error when it reaches past the size of the
    dimension or below 0:

    ```mlir
    scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
      %i1 = arith.addi %i, %c1 : index
      // error: 'memref.load' reads argument #0 of @k at indices 1 to 64
      // along dimension 0, but it has 64 elements there
      %v = memref.load %a[%i1] : memref<64xf32>
      ...
    }
    ```

    The size is the static size of the dimension, or for a dynamic one the
    size the loop bound is computed from (`memref.dim`): a loop up to
    `memref.dim %a, 0` that reads `%a[%i + 1]` always reads one element
    past the end. Indices are sums and products of loop variables,
    constants and values fixed during the loops (`arith`, `affine.apply`);
    an index read from memory, or a loop whose bounds depend on another
    loop's variable or take a minimum, is not checked (its extremes are not
    known to be reached).
  }];
}

def OffloadCheckRaces : Pass<"offload-check-races", "ModuleOp"> {
  let summary = "Reject writes that iterations of a parallel loop may race on";
  let description = [{
    Proves, for every `scf.parallel` and `scf.forall` in a kernel (nested
    ones included, and those of the functions with a body the kernel calls,
    directly or not), that no iteration writes an element of a buffer that
    another iteration reads or writes, and reports an error at every write
    it cannot prove so: iterations run at the same time on a GPU, so such a
    write gives results that depend on timing, while the host device, which
    runs them in order, hides the bug.

    ```mlir
    scf.parallel (%i) = (%c1) to (%n) step (%c1) {
      %im1 = arith.subi %i, %c1 : index
      %prev = memref.load %y[%im1] : memref<?xf32>
      %xi = memref.load %x[%i] : memref<?xf32>
      %s = arith.addf %prev, %xi : f32
      // error: 'memref.store' writes an element of argument #1 of @scan
      // that another iteration of the parallel loop may read with
      // 'memref.load' at scan.mlir:4:15; use memref.atomic_rmw ...
      memref.store %s, %y[%i] : memref<?xf32>
    }
    ```

    The proof works on the indices of each pair of accesses of one buffer
    (one a write), as polynomials in the loop variables of two different
    iterations: it shows that the two index tuples can only be equal when
    every variable of the loop is the same in both (the write is an
    injective function of the iteration: `a[i]`, `a[2 * i + 1]`,
    `a[i * n + j]` with `j` in `[0, n)`, `a[i, k]` in an inner loop over
    `k`, `a[i / n, i % n]`), or can never be equal (`a[2 * i]` and
    `a[2 * i + 1]`). Indices go through `memref.subview`, `memref.cast`,
    `memref.transpose` and `memref.expand_shape` to the buffer they view.
    Reads and writes of other buffers, atomic updates of one element by
    several iterations (`memref.atomic_rmw`, `memref.generic_atomic_rmw`),
    reductions (`scf.reduce`) and buffers allocated in the kernel
    (private to a thread) do not race.

    It gives up, and reports the write, when an index is read from memory
    (a histogram, a scatter through a permutation), when a view or an op
    hides which elements are written (`memref.reinterpret_cast`,
    `memref.collapse_shape`, a call), and when the proof needs a fact about
    run-time values that it does not have (`a[i * s]` with a run-time `s`,
    which may be 0). A kernel with the unit attribute `allow_races` is not
    checked: its author vouches that no two iterations meet.
  }];
}

def OffloadCheckAliasing : Pass<"offload-check-aliasing", "ModuleOp"> {
  let summary = "Reject launches that pass overlapping buffers to a writer";
  let description = [{
    Reports an error for every `offload.launch` that passes two buffers which
    may overlap (the same buffer twice, or views of one buffer that the
    compiler cannot prove disjoint) to a kernel that writes at least one of
    them: like Rust's `&mut`, a buffer a kernel writes must be reachable
    through one argument only. The error names both arguments and where they
    are defined. Distinct allocations and distinct function arguments count
    as distinct buffers (overlapping function arguments make the runtime stop
    the program when it maps them). A launch with the `allow_aliasing`
    attribute is not checked.
  }];
}

def OffloadAddEntryChecks : Pass<"offload-add-entry-checks", "ModuleOp"> {
  let summary = "Generate the run-time checks of each entry point's buffers";
  let description = [{
    For every public `func.func` with a body (the entry points of the C
    interface, including the launchers `__offload_launch_<kernel>` it makes),
    generates a checker `@__offload_check_<name>` that takes the entry's
    arguments followed by `(!llvm.ptr message, i64 size)` and returns an
    `i32`: 0 when the call is safe, 1 when a buffer is too small, 2 when two
    buffers overlap, with the reason written into `message` (`snprintf`, so a null message of
    size 0 is allowed). The entry gets the attribute
    `offload_capi.entry_check = @__offload_check_<name>` and the checker
    `llvm.emit_c_interface`. It checks, in this order:

    * **bounds**: for every buffer argument and dimension, the largest index
      the function's loads, stores (`memref`, `vector`, atomics), linalg ops,
      `memref.copy` and launched kernels reach, given the other arguments
      (scalars, sizes of buffers), must be below the size, and the smallest
      must not be negative:

          saxpy(): argument 'y' is too small: dimension 0 has size 4, but saxpy needs 8
          shift(): argument 'x' would be accessed at index -1 in dimension 0

    * **aliasing**: two buffer arguments whose byte ranges overlap, where
      the function uses both and writes one, are refused (the rule of
      `offload-check-aliasing` for launches; launches with `allow_aliasing`
      exempt the pair):

          f(): arguments 'x' and 'y' overlap in memory, and f writes 'y'; pass distinct arrays

    The reach of an access is computed exactly, so a check never refuses a
    call that stays in bounds: its indices must be sums of loop variables
    (each at most once), times or divided by (positive constant) values
    computed from the arguments, plus such values; its loops must have
    bounds and steps computed from the arguments (no loop variable, no
    value read from memory), and it must run whenever its loops run (not
    under `scf.if`, in `scf.while`, through a view, in a function without a
    body). Other accesses are not checked; with `remarks`, each is reported
    with the reason. The argument names come from the discardable attribute
    `offload_capi.arg_names` when present (else `arg<i>`), the entry's name
    without the `__offload_launch_` prefix.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
  ];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every access whose reach is not checked">,
  ];
}

def OffloadInferMaps : Pass<"offload-infer-maps", "ModuleOp"> {
  let summary = "Infer map clauses of launches from what kernels access";
  let description = [{
    Gives every buffer of an `offload.launch` that has no explicit map
    clause one inferred from the kernel's memory effects on the matching
    argument (`MemoryEffectOpInterface`), followed through view-like ops,
    branches, and calls to functions with bodies:

    * read and never written: `to`;
    * written over its whole extent and never read before it is written:
      `from`, or `alloc` when the buffer is one the function allocates and
      nothing reads it after the launch;
    * otherwise, when written: `tofrom`;
    * not accessed: not mapped (its address is passed but never
      dereferenced).

    "Whole extent" is proven for a store at exactly the induction variables
    of the kernel's parallel loop, unconditional in its body (or in loops
    there with constant bounds that run at least once), whose bounds
    are 0 and the buffer's sizes, and for destination-style ops (`linalg`)
    and `memref.copy` writing the whole buffer unconditionally. A read after
    such a write in the write's block (a `linalg.matmul` after the
    `linalg.fill` of its output), or a load later in an iteration of the
    element a store at the induction variables wrote in that iteration (an
    elementwise chain fused into one loop), reads only what the kernel
    wrote.

    Sections: when every access of a buffer argument is a load or store in
    the parallel loop at `iv + c` along the buffer's outermost dimension,
    the clause names a `memref.subview` of the rows `[lb + min c, ub + max
    c)` (clamped to the buffer), computed on the host from the loop bounds,
    and only those move; a store at `iv` that covers the section makes it
    `from`.

    An access the analysis cannot see through (an op without declared
    memory effects, a call to a function without a body) counts as read and
    write of the whole buffer. Explicit map clauses are kept as written.
    Launches over several devices (`devices(...)`) are left alone:
    `offload-split-devices` turns them into one launch per device first,
    and those get their clauses.

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

def OffloadHoistTransfers : Pass<"offload-hoist-transfers", "ModuleOp"> {
  let summary = "Keep buffers on the device across launches";
  let description = [{
    Makes buffers resident on the device across the launches of a block, and
    out of loops, instead of moving them at every launch (run it after
    `offload-infer-maps`). In each block of host code, for each buffer that
    launches in the block (directly or inside `scf.for`, `scf.while`,
    `scf.if`, ...) map, it inserts an `offload.enter_data` before the first
    op that launches on it and an `offload.exit_data` after the last:

    * enter `to` when a launch needs the host's contents before any launch
      has overwritten them (else `alloc`);
    * exit `from` when a launch wrote it and the host may read it afterwards
      (else `release`).

    The launches' own clauses then find the buffer present and copy nothing.
    A host access between launches becomes an `offload.update` of exactly
    what it touches: a `memref.load` / `memref.store` of one element updates
    that element (a subview of size 1, of the view it indexes when that is
    a view of the buffer; inside the `scf.if`s around it, if any), a host `scf.for` indexing a 1-D buffer at its variable plus
    constants the section it reaches, anything else the whole buffer;
    `from` before a read of data a launch wrote (or before a write that may
    not cover all of the part updated), `to` after a write. Updates `from`
    of neighbouring elements of a 1-D buffer with only reads between
    (`a[i]`, then `a[i + 1]`) become one update of the elements they cover
    (after placement: the remarks count them apart).

    Across calls: every function with a body is summarised first, callees
    before callers (per memref argument: whether its launches, or those of
    the functions it calls, map it, whether they need its contents or write
    it, whether the host touches it inside). A call passing a buffer to a
    function whose launches map it counts as a launch of the caller's block,
    so a loop calling such a function keeps the buffer on the device around
    the loop. Calls made while a buffer is kept on the device call a private
    copy of the callee, `@<name>_resident_<positions>`, entered with those
    arguments on the device: its launches find them present, and its host
    accesses get the updates they need (one element for a load or store).
    The callee itself is not changed (a public one has callers this module
    does not see); a private one that no call reaches any more is removed.
    The functions of a cycle of calls (recursive ones) are summarised
    together, to a fixed point: an argument the cycle launches on and
    passes on within it as itself (not a view, on one device) is entered
    like any other, and the copies' calls within the cycle call copies
    entered with it. Functions with more than one block are not
    summarised: a buffer passed to one that launches keeps its per-launch
    clauses.

    A memref a function allocates (or gets from a call to such a function),
    launches on and returns is summarised too: a caller that keeps using
    it on the device calls a copy, `@<name>_resident_<positions>_r<result>`,
    that enters it right after allocating it and returns it still entered;
    the call is the caller's enter, and the caller exits it after its last
    use. A loop chaining such calls in an iteration argument (`%y = call
    @next(%x)`, `memref.dealloc %x`, `scf.yield %y`) enters the first
    buffer before it, releases each one before its dealloc, and leaves its
    result entered for the block around it.

    Buffers a loop passes from one iteration to the next in its iteration
    arguments (`scf.for ... iter_args(%cur = %a, %nxt = %b)` yielding
    `%nxt, %cur`, or an `scf.while` whose condition and body pass them on
    permuted: ping-pong, whichever holds what) stay on the device across
    the loop when only launches (or calls whose callees only launch on
    them) use them inside, through those arguments, apart from host loads
    and stores of one element (each updates that element): each buffer the loop
    starts with is entered before it (`alloc` when the loop surely runs and
    its first launch on that argument overwrites all of it), and after it
    the results the host may read are updated `from` the device and the
    buffers released, or, when the host may read a buffer by its own name
    afterwards (or it is not the function's own), all come back at the
    exit.

    Globals (`memref.global`) that launches map are buffers like the
    others: a host function that uses one (`memref.get_global`), or calls
    one that does, and that other host functions call, first takes it as a
    trailing argument (a public one, or one reached otherwise than by host
    calls, through a private copy `@<name>_globals`), and every other
    function gets it once at its entry. A loop calling a function that
    launches on a global, or reads it on the host, then keeps it on the
    device across the loop, with the updates the callee's host accesses
    need.

    Launches that pick a device (`device(%d)`) keep the buffer on that
    device: the data ops name it too, when all the buffer's launches in the
    block pick the same value (or constant) and it is computed before the
    first of them. Across calls, a callee whose launches on an argument all
    pick one constant device, or the device another argument gives, is
    entered with the buffer on that device.
    A buffer is left alone (keeping its per-launch clauses) when launches
    map different views of it (one launch passing it under two names
    included) or pick different devices (a call's launches
    run on the default device), when a clause has the `always` or `present`
    modifier, when it is freed between launches, or when it is passed to a
    function that launches and is not summarised (or whose launches on it
    pick a device it computes), or when it is made by choosing among other
    buffers (`arith.select`, an `scf.if` yielding buffers, a call returning
    one of several): it may be one of them at run time. An argument kept on
    the device that the caller may have passed as another argument too,
    which the host touches or a launch maps in between, is entered only
    where their bytes do not overlap (a comparison before the enter).

    With `remarks`, each hoisted buffer is reported with the copies it no
    longer makes per execution of the block and the functions it was kept
    on the device across, each redirected call with the copy it calls, and
    a buffer that still moves at every iteration of a loop with the
    reason.
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every buffer kept on the device">,
  ];
  let statistics = [
    Statistic<"numHoisted", "hoisted-buffers",
              "Number of buffers kept on the device across launches">,
    Statistic<"numUpdates", "updates", "Number of updates inserted">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def OffloadChainLaunches
    : Pass<"offload-chain-launches", "::mlir::func::FuncOp"> {
  let summary = "Let consecutive launches run without waiting in between";
  let description = [{
    Marks launches `nowait` and puts an `offload.wait` only where the host
    next needs their kernels to have finished, so that a chain of launches
    (one after the other, or in a loop) is queued on the device while the
    host goes on issuing it, as CUDA streams do. At run time a `nowait`
    launch is queued only when every buffer it maps is already present on
    the device (so it moves no data, as after `offload-hoist-transfers` or
    inside `offload.data`); otherwise it waits for what is queued and
    launches as before.

    In each block, launches and operations without memory effects (index
    math, `memref.dim`, views), and `scf.for` / `scf.if` / `scf.while` /
    `scf.index_switch` / `scf.execute_region` holding only such operations,
    need no wait. Neither do OpenMP runtime queries (`omp_get_thread_num`
    and the like), host work on buffers no kernel can reach (allocated in
    the function and only loaded, stored, measured and freed there: the
    list of devices of a split launch), `omp.barrier`, and `omp.parallel`
    regions (without reductions or privatization) holding only such
    operations: the threads of a split launch queue their shares, each on
    its device, and the host goes on to the next launch without waiting.
    Copies between devices (`offload.device_copy`, the halo exchange of
    split launches kept on their devices) are marked `nowait` too: the
    runtime library queues each behind the kernels of both devices, so a
    run of split launches with halo exchanges is queued without a wait per
    launch. A wait goes before the first other operation after
    launches: anything that reads or writes memory, allocates or frees it,
    moves data (`offload.enter_data`, `exit_data`, `update`, `data`), calls a
    function, or whose effects are unknown; and before the block's
    terminator (so a function's launches have finished when it returns, and
    each iteration of a loop that also does other work ends with its
    kernels done). Operations with regions that do other work are processed
    block by block in the same way.

    With `remarks`, every wait is reported with the operation it precedes.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark for every wait inserted">,
  ];
  let statistics = [
    Statistic<"numNowait", "nowait-launches",
              "Number of launches that do not wait for their kernel">,
    Statistic<"numNowaitCopies", "nowait-copies",
              "Number of copies between devices that do not wait">,
    Statistic<"numWaits", "waits", "Number of waits inserted">,
  ];
}

def OffloadInsertChecks : Pass<"offload-insert-checks", "ModuleOp"> {
  let summary = "Check every launch against the kernel's host copy";
  let description = [{
    The checking mode of `offload-cc --offload-check`. Around every
    `offload.launch` (after `convert-offload-to-gpu`, which creates the host
    copies `@__offload_fallback_<kernel>`), it copies the buffers the kernel
    writes, runs the host copy on the copies, launches, and compares the two
    results element by element: integers exactly, floats within a
    relative 1e-5 (f32), 1e-12 (f64) or one unit in the last place (f16,
    bf16) plus, for what a contraction writes (C, or an elementwise op's
    output of C) when its A and B are kernel arguments, K * eps * max|A| *
    max|B| from the launch's inputs (eps: 2^-22, 2^-10 with TF32, C's unit
    roundoff for a narrow C), NaN equal to NaN, complex numbers
    part by part (vector elements are not compared). The first difference
    is printed as

        offload-check: kernel @k at file:line:col: argument #i differs at
        [i, j]: device <value>, host <value>

    and the program exits with status 1; otherwise it goes on with the
    device's results.

    Every load, store and atomic update (`memref`, `vector`) of the host
    copy first checks its indices against the buffer's sizes; the first
    access out of bounds is printed as

        offload-check: kernel @k: the store at file:line:col is out of
        bounds of argument #i: index [i, j], size [n, m]

    and the program exits with status 1. The host copy runs before the
    device, so nothing has been corrupted by then. Every clause of a checked launch gets the `always`
    modifier (and `alloc` becomes `from`) so that the host copy sees the
    device's inputs and the comparison its results, also inside data
    regions; run it without `offload-hoist-transfers`.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::complex::ComplexDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def OffloadExpandCopies : Pass<"offload-expand-copies"> {
  let summary = "Rewrite memref.copy of non-contiguous views as loops";
  let description = [{
    Replaces every `memref.copy` whose source or target is not contiguous
    (a strided view: a subview of a matrix, a transposed view) by a loop
    nest of `memref.load` / `memref.store` over its elements. The LLVM
    lowering copies contiguous buffers with one memcpy, but calls
    `memrefCopy` of MLIR's C runner utilities for the others, which neither
    offload's programs nor device code link. Every target pipeline runs it
    before lowering to LLVM; copies inside kernels became parallel loops
    before (`offload-lower-linalg`).

    ```mlir
    memref.copy %a, %b : memref<3x3xf32, strided<[10, 1], offset: 11>>
                      to memref<3x3xf32, strided<[10, 1], offset: 22>>
    ```

    becomes an `scf.for` nest over the 3 x 3 elements. Copies of unranked
    memrefs are left as they are.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def OffloadExpandArith : Pass<"offload-expand-arith"> {
  let summary = "Expand the arith ops LLVM has no instruction for";
  let description = [{
    Rewrites `arith.ceildivsi`, `arith.ceildivui`, `arith.floordivsi`, the
    scaling extensions and truncations and, with `include-bf16`, `bf16`
    `arith.extf` / `arith.truncf` into arith ops the LLVM lowering handles
    (upstream's expansions). Unlike upstream's `arith-expand`, it leaves
    `arith.maximumf` / `arith.minimumf` (and the `maxnumf`, `minnumf` and
    integer min/max ops) to the LLVM lowering, which makes them LLVM's
    `maximum` / `minimum` intrinsics: `arith-expand`'s compare and select
    gets the sign of zero wrong (`maximumf(+0.0, -0.0)` gave -0.0 on every
    target). Every target pipeline runs it before lowering to LLVM.
  }];
  let options = [
    Option<"includeBf16", "include-bf16", "bool", /*default=*/"false",
           "Also expand bf16 extf and truncf into integer arithmetic">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def OffloadPrivateAllocas : Pass<"offload-private-allocas"> {
  let summary = "Put the stack buffers of device code in private memory";
  let description = [{
    Makes each `memref.alloca` of the default memory space allocate in GPU
    private memory (`#gpu.address_space<private>`) and casts the result
    back (`memref.memory_space_cast`), so that its users are unchanged.
    AMDGPU's stack lives in address space 5: an `alloca` in the default
    (flat) space stops its instruction selection ("Cannot select:
    FrameIndex"). The AMDGPU target pipeline runs it before
    `convert-gpu-to-rocdl`, which maps private memory to address space 5,
    as clang does for HIP. A per-thread scratch array in a kernel:

    ```mlir
    %a = memref.alloca() : memref<4xf32>
    ```

    becomes

    ```mlir
    %p = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
    %a = memref.memory_space_cast %p
        : memref<4xf32, #gpu.address_space<private>> to memref<4xf32>
    ```
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def OffloadExpandReshapes : Pass<"offload-expand-reshapes"> {
  let summary = "Rewrite memref.expand_shape as a reinterpret_cast";
  let description = [{
    Replaces every `memref.expand_shape` by a `memref.reinterpret_cast` of
    its source's base buffer (`memref.extract_strided_metadata`): the same
    offset, the sizes of `output_shape`, and in each reassociation group the
    source dimension's stride on the innermost result dimension and the
    products of the inner sizes outwards. Every target pipeline runs it
    before `expand-strided-metadata`, whose own rewrite of expand_shape
    crashes on dynamic output shapes in MLIR 22.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def OffloadLowerMath : Pass<"offload-lower-math"> {
  let summary = "Lower the math ops a target's LLVM lowering leaves";
  let description = [{
    Rewrites the `math` ops that the target's own lowering
    (`convert-to-llvm`, `convert-gpu-to-nvvm`, `convert-gpu-to-rocdl`) does
    not handle into ops it does, with the math library `library` names:

    - `libm` (host code and host-device kernels): f16 and bf16 math in f32;
      `acosh`, `asinh`, `atanh`, `cbrt`, `erf`, `erfc` as calls of the C
      library (upstream `convert-math-to-libm`'s patterns); the rest become
      LLVM intrinsics, which call libm where the CPU has no instruction.
    - `libdevice` (NVPTX, CUDA's libdevice found): bf16 math in f32; `absi`,
      `ctlz`, `cttz`, `ctpop` and `trunc` as LLVM intrinsics;
      `convert-gpu-to-nvvm` calls libdevice's `__nv_*` for the rest.
    - `ocml` (AMDGPU): bf16 math in f32; `convert-gpu-to-rocdl` calls the
      ROCm device library's `__ocml_*` or uses intrinsics.
    - `none` (NVPTX without libdevice): f16 and bf16 math in f32, the math
      dialect's expansions (`math-expand-ops`) and f32 polynomial
      approximations; the operations NVPTX has instructions for become LLVM
      intrinsics. What is left (f64 transcendental functions) is an error.

    Every library also gets `clampf` (upstream expansion), `isinf` and
    `isnormal` (as comparisons of the magnitude). `ipowi` and `fpowi` are
    expected to have been outlined by `convert-math-to-funcs` before. An op
    that is still not lowerable is reported at the op.
  }];
  let options = [
    Option<"library", "library", "std::string", /*default=*/"\"libm\"",
           "The math library of the target: libm, libdevice, ocml or none">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def OffloadBoundMbarrierWaits
    : Pass<"offload-bound-mbarrier-waits", "gpu::GPUModuleOp"> {
  let summary = "Make mbarrier waits give up and report instead of hanging";
  let description = [{
    The debug-build check of tensor-core kernels (`offload-cc
    --offload-debug`), in the NVPTX lowering after `convert-nvgpu-to-nvvm`.
    In a `gpu.module` that carries `offload.bounded_waits` (copied by
    `convert-offload-to-gpu` from the builtin.module: a unit attribute for
    10000 ms, or an integer number of milliseconds), every
    `nvvm.mbarrier.try_wait.parity` (which loops until the phase completes)
    becomes a loop that gives up after that long on the GPU's global timer,
    prints

        offload: kernel @k: an mbarrier wait did not complete within
        10000 ms (block (x, y, z), thread t): stopping the kernel

    and traps, so that a wait that never completes (a TMA load that never
    arrives, a phase that is never reached) becomes a failed launch naming
    the kernel instead of a hang. Without the attribute the pass changes
    nothing.
  }];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
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

    With `keep-assembly`, each NVIDIA cubin's object also keeps the PTX it
    was assembled from, as the string property `offload.assembly`
    (`offload-cc --save-temps` writes it to `<out>.<target>.ptx`).
  }];
  let options = [
    Option<"keepAssembly", "keep-assembly", "bool", /*default=*/"false",
           "Keep the PTX of each NVIDIA cubin in its object's properties">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif // OFFLOAD_DIALECT_OFFLOAD_TRANSFORMS_PASSES_TD
