//===- OffloadOps.td - offload operations ------------------*- tablegen -*-===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_TD
#define OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_TD

include "offload/Dialect/Offload/IR/OffloadBase.td"
include "offload/Dialect/Offload/IR/OffloadAttrs.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"

// A device number: an index or a signless integer of 8 to 64 bits. An i1
// would be sign-extended, `true` to -1: the default device.
def Offload_DeviceNumber : AnyTypeOf<[Index, I8, I16, I32, I64],
    "device number (index, i8, i16, i32 or i64)">;
def Offload_DeviceNumberList
    : AnyTypeOf<[MemRefRankOf<[I8, I16, I32, I64], [1]>],
                "1-D memref of device numbers (i8, i16, i32 or i64)">;

//===----------------------------------------------------------------------===//
// KernelOp
//===----------------------------------------------------------------------===//

def Offload_KernelOp : Offload_Op<"kernel", [
    AffineScope, AutomaticAllocationScope, FunctionOpInterface,
    IsolatedFromAbove]> {
  let summary = "A function that runs on a device";
  let description = [{
    A kernel is the unit of offloading: a function with memref (buffer) and
    scalar arguments and no results, isolated from the code around it. It is
    built for every target the module lists in `offload.targets` and also
    kept as host code, so a launch the runtime refuses runs on the host.

    The kernel's outermost `scf.parallel` or `scf.forall` (one to three
    dimensions) is its iteration space: on a GPU each iteration runs on its
    own thread (the innermost loop dimension on the x threads, so that
    neighbouring iterations touch neighbouring elements); on the host device
    the loop runs as written. Code outside that loop runs in every thread and
    must not write memory. A kernel without a parallel loop runs once. When
    the loop is 1-D and holds 1-D parallel loops (with or without
    reductions) with code between them that writes no memory, its
    iterations go on thread blocks and the nested loops on each block's
    threads.

    Arguments may be memrefs of integers, floats or `index` (identity or
    strided layouts, default memory space) and integer, float or `index`
    scalars.

    No two iterations of a parallel loop may write an element that the
    other reads or writes: `offload-check-races` proves it and rejects
    what it cannot prove. The unit attribute `allow_races` (`offload.kernel
    @k(...) attributes {allow_races} {...}`) turns that check off for a
    kernel whose author knows better (a scatter through a permutation, say).

    ```mlir
    offload.kernel @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = memref.dim %x, %c0 : memref<?xf32>
      scf.parallel (%i) = (%c0) to (%n) step (%c1) {
        %xi = memref.load %x[%i] : memref<?xf32>
        %yi = memref.load %y[%i] : memref<?xf32>
        %m = arith.mulf %a, %xi : f32
        %r = arith.addf %m, %yi : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      offload.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       UnitAttr:$allow_races);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];
  let extraClassDeclaration = [{
    /// FunctionOpInterface: the callable region (kernels always have a body).
    ::mlir::Region *getCallableRegion() { return &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    bool isDeclaration() { return false; }

    /// The kernel's iteration space: the first `scf.parallel` or `scf.forall`
    /// directly in its body, or null when it has none.
    ::mlir::Operation *getParallelLoop();
    /// Number of dimensions of getParallelLoop() (0 when there is none).
    unsigned getParallelRank();
  }];
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def Offload_ReturnOp : Offload_Op<"return", [
    Pure, HasParent<"KernelOp">, ReturnLike, Terminator]> {
  let summary = "Ends a kernel";
  let description = [{
    Terminates the body of an `offload.kernel`. Kernels return no values;
    they communicate through the buffers they write.

    ```mlir
    offload.return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// LaunchOp
//===----------------------------------------------------------------------===//

def Offload_LaunchOp : Offload_Op<"launch", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Runs a kernel on a device";
  let description = [{
    Launches kernel `$kernel` with `$args`, which must match the kernel's
    signature, and waits for it to finish; with `nowait`, it may return
    before the kernel has finished, and an `offload.wait` must come before
    anything that depends on the kernel (`offload-chain-launches` sets it
    and places the waits).

    * `map(...)` clauses say what each buffer needs; buffers without a clause
      get one inferred from what the kernel reads and writes (see
      `offload-infer-maps`). Only `to`, `from`, `tofrom` and `alloc` make
      sense on a launch. A clause names either an argument or a
      `memref.subview` of one, a section: only that part of the argument is
      moved, and the kernel still indexes the whole argument.
    * `allow_aliasing` (in the attribute dictionary) accepts buffers that may
      overlap while the kernel writes one of them; without it such a launch
      is an error (see `offload-check-aliasing`).
    * `device(...)` picks the device by number (default: the runtime's
      default device, `OMP_DEFAULT_DEVICE`). A number the runtime has no
      device for (`device(7)` with four devices, `OMP_DEFAULT_DEVICE=99`)
      makes the launch, and data ops on that number, run on the host,
      after a message the first time ("offload: device 7 does not exist
      (the runtime has 4): launches on it run on the host"); under
      `OMP_TARGET_OFFLOAD=mandatory` the runtime stops the program instead.
    * `devices(%d0, %d1, ... : i32, ...)` or `devices(all)` runs the launch
      on several devices at once (the listed ones, or every device the
      runtime reports, without libomptarget's host plugin's devices when
      there are GPUs: `offload.all_devices`): `offload-split-devices` splits the kernel's parallel
      loop along its outermost dimension into one equal share per device
      present, and each device gets only the sections of the buffers its
      share reaches (see `offload-split-devices`). Devices listed but absent
      are left out, and one listed twice takes one share; with none present the kernel runs on the host. Not with
      `device(...)`, `blocks(...)` or `threads(...)`.
      `devices(%list : memref<?xi32>)` takes the list at run time instead,
      from a one-dimensional buffer of device numbers (what the C interface's
      `__offload_launch_<kernel>__devices` and Python's `devices=` pass).
    * `blocks(...) threads(...)` set the grid (one to three dimensions, as
      many as the kernel's parallel loop has). By default the grid covers the
      loop's iteration space with one thread per iteration; a smaller grid
      is also correct, each thread then takes several iterations.

    * `nowait`: launches queued one after the other run in order on one
      device queue without the host waiting in between, when every buffer
      the launch maps is already present on the device (so the launch moves
      no data); otherwise the launch waits as without `nowait`.

    When the runtime does not launch the kernel (offloading disabled, no
    device with an image for it) the kernel runs on the host instead, from
    its host copy. A failure once a device is in use (a failed copy or
    launch), or no usable device under `OMP_TARGET_OFFLOAD=mandatory`, stops
    the program with the runtime's error, which gives the launch's source
    location.

    ```mlir
    offload.launch @saxpy(%a, %x, %y) : (f32, memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @saxpy(%a, %x, %y) map(to: %x : memref<?xf32>,
        tofrom: %y : memref<?xf32>) device(%dev : i32) blocks(%nb) threads(%nt)
        : (f32, memref<?xf32>, memref<?xf32>) -> ()
    offload.launch @saxpy(%a, %x, %y) nowait
        : (f32, memref<?xf32>, memref<?xf32>) -> ()
    offload.wait
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$kernel,
                       Variadic<AnyType>:$args,
                       Variadic<AnyType>:$map_vars,
                       OptionalAttr<Offload_MapArrayAttr>:$map_kinds,
                       Optional<Offload_DeviceNumber>:$device,
                       Variadic<Index>:$blocks,
                       Variadic<Index>:$threads,
                       Variadic<AnyTypeOf<[Offload_DeviceNumber,
                           Offload_DeviceNumberList]>>:$devices,
                       UnitAttr:$allow_aliasing,
                       UnitAttr:$nowait,
                       UnitAttr:$all_devices);
  let assemblyFormat = [{
    $kernel `(` $args `)`
    (`map` `(` custom<MapClauses>($map_vars, type($map_vars), $map_kinds)^ `)`)?
    (`device` `(` $device^ `:` type($device) `)`)?
    custom<Devices>($devices, type($devices), $all_devices)
    (`blocks` `(` $blocks^ `)`)?
    (`threads` `(` $threads^ `)`)?
    (`nowait` $nowait^)?
    attr-dict `:` functional-type($args, results)
  }];
  let extraClassDeclaration = [{
    /// The map clause of argument `value` (one naming it or a section of
    /// it), or null when it has none.
    ::mlir::offload::MapAttr getMapFor(::mlir::Value value);
    /// What the map clause of argument `value` names: `value` itself or a
    /// section of it; null when it has no clause.
    ::mlir::Value getMappedSection(::mlir::Value value);
  }];
  let hasVerifier = 1;
}

def Offload_WaitOp : Offload_Op<"wait", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Waits for the kernels of earlier nowait launches";
  let description = [{
    Returns when every kernel that an `offload.launch ... nowait` of this
    thread started, and every copy an `offload.device_copy ... nowait`
    queued, has finished. A kernel that failed stops the program
    with a message naming the device, the kernel, and where it was launched.
    Without such launches it does nothing. `offload-chain-launches` puts one
    before the first operation after queued launches that could observe
    their effects or touch the runtime's mappings, and before the function
    returns.

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      offload.launch @step(%grid) nowait : (memref<?x?xf32>) -> ()
    }
    offload.wait
    ```
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Aggregates
//===----------------------------------------------------------------------===//

def Offload_PackOp : Offload_Op<"pack", [
    Pure,
    RangedTypesMatchWith<"members match the aggregate's element types",
                         "aggregate", "members",
                         "::llvm::cast<::mlir::TupleType>($_self).getTypes()">]> {
  let summary = "Makes an aggregate of buffers and scalars for a kernel";
  let description = [{
    Groups buffers and scalars into one kernel argument of `tuple` type, the
    offload form of a struct that holds several buffers (a Rust struct of
    slices, a C struct of pointers with their lengths). A launch maps each
    buffer member on its own, with its own inferred or explicit map clause
    naming the member; the kernel receives the aggregate with device
    addresses in it and takes it apart with `offload.unpack`. Members are
    what a kernel argument may be (buffers and scalars), not aggregates.

    ```mlir
    %s = offload.pack %a, %b, %n : tuple<memref<?xf32>, memref<?xf32>, index>
    offload.launch @k(%s) : (tuple<memref<?xf32>, memref<?xf32>, index>) -> ()
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$members);
  let results = (outs AnyTuple:$aggregate);
  let assemblyFormat = [{
    ($members^)? attr-dict `:` type($aggregate)
  }];
  let hasVerifier = 1;
}

def Offload_UnpackOp : Offload_Op<"unpack", [
    Pure,
    RangedTypesMatchWith<"members match the aggregate's element types",
                         "aggregate", "members",
                         "::llvm::cast<::mlir::TupleType>($_self).getTypes()">]> {
  let summary = "Takes an aggregate made by offload.pack apart";
  let description = [{
    The members of an aggregate kernel argument, in order.

    ```mlir
    %a, %b, %n = offload.unpack %s : tuple<memref<?xf32>, memref<?xf32>, index>
    ```
  }];
  let arguments = (ins AnyTuple:$aggregate);
  let results = (outs Variadic<AnyType>:$members);
  let assemblyFormat = [{
    $aggregate attr-dict `:` type($aggregate)
  }];
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Data movement
//===----------------------------------------------------------------------===//

def Offload_DataOp : Offload_Op<"data", [
    AttrSizedOperandSegments, SingleBlock, NoTerminator, RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Keeps buffers mapped on a device for the extent of a region";
  let description = [{
    Maps the buffers of its `map(...)` clauses when the region starts and
    unmaps them when it ends, so launches inside reuse device copies instead
    of moving data each time. Allowed kinds: `to`, `from`, `tofrom`, `alloc`.

    ```mlir
    offload.data map(tofrom: %grid : memref<?x?xf32>) {
      scf.for %it = %c0 to %steps step %c1 {
        offload.launch @step(%grid) : (memref<?x?xf32>) -> ()
      }
    }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$map_vars,
                       Offload_MapArrayAttr:$map_kinds,
                       Optional<Offload_DeviceNumber>:$device);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `map` `(` custom<MapClauses>($map_vars, type($map_vars), $map_kinds) `)`
    (`device` `(` $device^ `:` type($device) `)`)?
    $body attr-dict
  }];
  let hasVerifier = 1;
}

class Offload_StandaloneDataOp<string mnemonic>
    : Offload_Op<mnemonic, [
        AttrSizedOperandSegments,
        DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let arguments = (ins Variadic<AnyType>:$map_vars,
                       Offload_MapArrayAttr:$map_kinds,
                       Optional<Offload_DeviceNumber>:$device);
  let assemblyFormat = [{
    `map` `(` custom<MapClauses>($map_vars, type($map_vars), $map_kinds) `)`
    (`device` `(` $device^ `:` type($device) `)`)?
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDefinition = [{
    void $cppClass::getEffects(
        ::llvm::SmallVectorImpl<::mlir::SideEffects::EffectInstance<
            ::mlir::MemoryEffects::Effect>> &effects) {
      getDataOpEffects(getMapVarsMutable(), getMapKindsAttr(), effects);
    }
  }];
}

def Offload_EnterDataOp : Offload_StandaloneDataOp<"enter_data"> {
  let summary = "Maps buffers onto a device until a matching exit_data";
  let description = [{
    Starts the mapping of each buffer (`to` copies it to the device, `alloc`
    only allocates). The mapping lasts until an `offload.exit_data` releases
    it, across functions.

    ```mlir
    offload.enter_data map(to: %a : memref<?xf32>, alloc: %b : memref<?xf32>)
    ```
  }];
}

def Offload_ExitDataOp : Offload_StandaloneDataOp<"exit_data"> {
  let summary = "Ends mappings started by enter_data";
  let description = [{
    Ends the mapping of each buffer: `from` copies it back first, `release`
    drops one reference, `delete` frees the device copy whatever its
    reference count.

    ```mlir
    offload.exit_data map(from: %b : memref<?xf32>, release: %a : memref<?xf32>)
    ```
  }];
}

def Offload_UpdateOp : Offload_StandaloneDataOp<"update"> {
  let summary = "Copies mapped buffers between host and device";
  let description = [{
    Copies already-mapped buffers: `to` from host to device, `from` from
    device to host. A buffer that is not mapped is skipped, or is an error
    with the `present` modifier.

    ```mlir
    offload.update map(from: %y : memref<?xf32>)
    ```
  }];
}

def Offload_DeviceCopyOp : Offload_Op<"device_copy", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Copies what one device holds of a buffer to another device";
  let description = [{
    Copies the elements of `$buffer` (a buffer or a view of one) from device
    `$source`'s copy to device `$dest`'s copy. Both devices must hold it
    mapped (an `offload.enter_data` of a section that contains it); the
    host's copy is neither read nor written. libomptarget copies directly
    between devices that can (`omp_target_memcpy`: CUDA devices with peer
    access) and through a host buffer of its own otherwise. Like the other
    data operations, it moves the bytes from the view's first element to
    its last.

    A buffer that either device does not hold, or a copy the runtime
    refuses, stops the program with a message naming the op's location and
    both devices.

    The copy is first offered to the offload runtime library, which queues
    it when both devices queue launches (CUDA GPUs of liboffload): after
    everything queued on either device before it (the kernels that wrote
    the rows, and those that may still read what it overwrites), and before
    anything queued on either later. Without `nowait` the op then waits for
    it; with `nowait` it returns at once, like a `nowait` launch, and an
    `offload.wait` waits for it. Otherwise libomptarget copies as above,
    after every queued launch has finished.

    `offload-split-devices` uses it to exchange the halo rows of the
    sections that consecutive split launches keep on their devices;
    `offload-chain-launches` marks it `nowait`.

    ```mlir
    offload.device_copy %rows from(%d0 : i32) to(%d1 : i32)
        : memref<?xf32, strided<[1], offset: ?>>
    offload.device_copy %rows from(%d0 : i32) to(%d1 : i32) nowait
        : memref<?xf32, strided<[1], offset: ?>>
    ```
  }];
  let arguments = (ins AnyMemRef:$buffer,
                       Offload_DeviceNumber:$source,
                       Offload_DeviceNumber:$dest,
                       UnitAttr:$nowait);
  let assemblyFormat = [{
    $buffer `from` `(` $source `:` type($source) `)`
    `to` `(` $dest `:` type($dest) `)` (`nowait` $nowait^)? attr-dict
    `:` type($buffer)
  }];
  let hasVerifier = 1;
}

def Offload_AllDevicesOp : Offload_Op<"all_devices"> {
  let summary = "Lists the devices a launch over every device runs on";
  let description = [{
    Writes to `$list` the numbers of the devices `devices(all)` stands for,
    in increasing order, and returns how many it wrote:

    - every device the runtime reports that is not one of libomptarget's
      host plugin's devices (those run kernels on the host's own cores, so a
      share given to them competes with the GPUs' shares for the host);
    - every device when there is no other kind (a machine without GPUs,
      where the host plugin's devices are the only ones);
    - every device in all cases with `OFFLOAD_ALL_DEVICES=every` in the
      environment, and when the offload runtime library is not linked in.

    A device is the host plugin's when its UID (`omp_get_uid_from_device`)
    is the host architecture's plugin name and a number (`x86_64-3`).
    `$list` must hold at least `omp_get_num_devices()` elements.
    `offload-split-devices` creates it for `devices(all)`.

    ```mlir
    %count = offload.all_devices %list : memref<?xi32>
    ```
  }];
  let arguments = (ins Arg<MemRefRankOf<[I32], [1]>, "the devices",
                           [MemWrite]>:$list);
  let results = (outs Index:$count);
  let assemblyFormat = "$list attr-dict `:` type($list)";
  let hasVerifier = 1;
}

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADOPS_TD
