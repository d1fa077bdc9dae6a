//===- OffloadBase.td - offload dialect definition ---------*- tablegen -*-===//
//
// The offload dialect: kernels, maps and launches, single source with the
// host code that launches them.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADBASE_TD
#define OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Offload_Dialect : Dialect {
  let name = "offload";
  let cppNamespace = "::mlir::offload";
  let summary = "Kernels, data maps and launches for GPU offloading";
  let description = [{
    The `offload` dialect lets a front end run ordinary functions on a GPU
    (or on the host) with the data movement worked out by the compiler.

    * `offload.kernel` is the unit of offloading: a function whose outermost
      `scf.parallel` / `scf.forall` is its iteration space.
    * `offload.launch` runs a kernel on a device. Without map clauses the
      compiler infers what each buffer needs from what the kernel reads and
      writes (`offload-infer-maps`); explicit `map(...)` clauses win.
    * `offload.data`, `offload.enter_data`, `offload.exit_data` and
      `offload.update` keep buffers resident on a device across launches and
      move them explicitly.

    The module lists the targets it is built for in `offload.targets`; every
    program also runs on the host device, without a GPU:

    ```mlir
    module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                          #offload.host]} {
      offload.kernel @scale(%a: f32, %x: memref<?xf32>) {
        %c0 = arith.constant 0 : index
        %c1 = arith.constant 1 : index
        %n = memref.dim %x, %c0 : memref<?xf32>
        scf.parallel (%i) = (%c0) to (%n) step (%c1) {
          %v = memref.load %x[%i] : memref<?xf32>
          %r = arith.mulf %a, %v : f32
          memref.store %r, %x[%i] : memref<?xf32>
        }
        offload.return
      }
      func.func @run(%a: f32, %x: memref<?xf32>) {
        offload.launch @scale(%a, %x) : (f32, memref<?xf32>) -> ()
        return
      }
    }
    ```

    Structured `linalg` ops on memrefs in host code become kernels and
    launches of their own (`offload-outline-linalg`), so linear algebra
    written by an ML compiler runs on the device too; a `func.func` with the
    unit attribute `offload.host` keeps its linalg ops on the host.

    The unit attribute `offload.allow_tf32` (on the module, a `func.func`,
    an `offload.kernel` or a linalg op; `offload-cc --offload-tf32` sets it
    on the module) lets f32 contractions run on tensor cores as TF32, which
    changes their results; without it they stay exact.

    On an `offload.kernel`, `offload.equal_dims` lists dimensions of its
    memref arguments that are equal whenever it runs (set by
    `offload-lower-linalg` from the linalg ops it lowers: `[[0, 1, 2, 1]]`
    says dimension 1 of arguments 0 and 2 are equal); map inference relies
    on it.

    The lowering (`offload-pipeline`) turns kernels into device images
    (NVPTX, AMDGPU, x86-64 host) and launches into calls to LLVM's offload
    runtime, libomptarget.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the module attribute listing the targets to build for.
    static constexpr ::llvm::StringLiteral getTargetsAttrName() {
      return ::llvm::StringLiteral("offload.targets");
    }
    /// Name of the attribute that records, on a device gpu.module, the
    /// offload target it was built for.
    static constexpr ::llvm::StringLiteral getTargetAttrName() {
      return ::llvm::StringLiteral("offload.target");
    }
    /// Name of the attribute that marks a host global as the address that
    /// identifies a kernel to the offload runtime (its offload entry).
    static constexpr ::llvm::StringLiteral getEntryAttrName() {
      return ::llvm::StringLiteral("offload.entry");
    }
    /// Name of the unit attribute that marks a func.func whose linalg ops
    /// stay on the host: offload-outline-linalg does not outline them into
    /// kernels (its launches, if any, are unaffected).
    static constexpr ::llvm::StringLiteral getHostAttrName() {
      return ::llvm::StringLiteral("offload.host");
    }
    /// Name of the unit attribute that marks, on an llvm.mlir.global, the
    /// module's launch state (`__offload_rt_module`, a pair of pointers):
    /// the translation to LLVM IR stores the module's offload descriptor in
    /// its first field.
    static constexpr ::llvm::StringLiteral getRuntimeStateAttrName() {
      return ::llvm::StringLiteral("offload.runtime_state");
    }
    /// Name of the attribute that records, on an offload.kernel, dimensions
    /// of its memref arguments that are equal whenever it runs: an array of
    /// classes, each a flat list of (argument number, dimension) pairs
    /// (`[0, 1, 2, 1]`: dimension 1 of arguments 0 and 2). The lowering of
    /// linalg ops in kernels sets it from what their semantics require, so
    /// that map inference sees that a loop bounded by one buffer's size
    /// covers another of the same size.
    static constexpr ::llvm::StringLiteral getEqualDimsAttrName() {
      return ::llvm::StringLiteral("offload.equal_dims");
    }
    /// Name of the unit attribute that lets f32 contractions run on tensor
    /// cores as TF32 (10-bit mantissas for the products, f32 sums), which
    /// changes their results: on a builtin.module (every contraction in it;
    /// `offload-cc --offload-tf32` sets it), a func.func, an offload.kernel
    /// or the linalg op itself. Without it f32 contractions stay exact.
    static constexpr ::llvm::StringLiteral getAllowTF32AttrName() {
      return ::llvm::StringLiteral("offload.allow_tf32");
    }
    /// Name of the attribute of a builtin.module (or a gpu.module) that
    /// bounds every mbarrier wait of its NVIDIA kernels (a debug build:
    /// `offload-cc --offload-debug`): a unit attribute for 10000 ms, or a
    /// positive integer number of milliseconds
    /// (offload-bound-mbarrier-waits).
    static constexpr ::llvm::StringLiteral getBoundedWaitsAttrName() {
      return ::llvm::StringLiteral("offload.bounded_waits");
    }
    /// Name of the unit attribute of the ops through which the passes
    /// only query a buffer's address (whether a device holds it, whether
    /// two buffers overlap): unlike other ways of taking its address, they
    /// hand out nothing the host could read or write through later.
    static constexpr ::llvm::StringLiteral getAddressQueryAttrName() {
      return ::llvm::StringLiteral("offload.address_query");
    }
  }];
}

class Offload_Op<string mnemonic, list<Trait> traits = []>
    : Op<Offload_Dialect, mnemonic, traits>;

class Offload_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Offload_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // OFFLOAD_DIALECT_OFFLOAD_IR_OFFLOADBASE_TD
