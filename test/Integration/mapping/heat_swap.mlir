// heat_swap: the 2-D heat equation on a 256 x 256 grid, 201 steps whose
// number the program computes at run time (a call), written as ping-pong:
// each step a call @step(cur, nxt) whose launch reads one grid and writes
// the other, and the loop swaps the two in its iteration arguments
// (`scf.yield %nxt, %cur`), as `std::mem::swap` or swapped pointers are
// written. The host touches neither grid in the loop, so the compiler
// should map both once around the loop (the loop may not run: both go in)
// and bring back only the grid the loop's first result names, which the
// host reads afterwards (after 201 steps, b). The result is checked against
// the same steps computed on the host, element by element.
//
//   offload-cc heat_swap.mlir -o heat_swap && ./heat_swap
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // out = in + r * (sum of the four neighbours - 4 * in), inside the fixed
  // boundary.
  offload.kernel @diffuse(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = arith.constant 0.2 : f32
    %four = arith.constant 4.0 : f32
    %rows = memref.dim %in, %c0 : memref<?x?xf32>
    %cols = memref.dim %in, %c1 : memref<?x?xf32>
    %rlast = arith.subi %rows, %c1 : index
    %clast = arith.subi %cols, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%rlast, %clast) step (%c1, %c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %c = memref.load %in[%i, %j] : memref<?x?xf32>
      %n = memref.load %in[%im, %j] : memref<?x?xf32>
      %s = memref.load %in[%ip, %j] : memref<?x?xf32>
      %w = memref.load %in[%i, %jm] : memref<?x?xf32>
      %e = memref.load %in[%i, %jp] : memref<?x?xf32>
      %ns = arith.addf %n, %s : f32
      %nsw = arith.addf %ns, %w : f32
      %sum = arith.addf %nsw, %e : f32
      %c4 = arith.mulf %c, %four : f32
      %lap = arith.subf %sum, %c4 : f32
      %d = arith.mulf %lap, %r : f32
      %v = arith.addf %c, %d : f32
      memref.store %v, %out[%i, %j] : memref<?x?xf32>
    }
    offload.return
  }

  // One time step: in -> out.
  func.func @step(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
    offload.launch @diffuse(%in, %out) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
    return
  }

  // The same updates on the host, for the check.
  func.func @host_diffuse(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = arith.constant 0.2 : f32
    %four = arith.constant 4.0 : f32
    %rows = memref.dim %in, %c0 : memref<?x?xf32>
    %cols = memref.dim %in, %c1 : memref<?x?xf32>
    %rlast = arith.subi %rows, %c1 : index
    %clast = arith.subi %cols, %c1 : index
    scf.for %i = %c1 to %rlast step %c1 {
      scf.for %j = %c1 to %clast step %c1 {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %jm = arith.subi %j, %c1 : index
        %jp = arith.addi %j, %c1 : index
        %c = memref.load %in[%i, %j] : memref<?x?xf32>
        %n = memref.load %in[%im, %j] : memref<?x?xf32>
        %s = memref.load %in[%ip, %j] : memref<?x?xf32>
        %w = memref.load %in[%i, %jm] : memref<?x?xf32>
        %e = memref.load %in[%i, %jp] : memref<?x?xf32>
        %ns = arith.addf %n, %s : f32
        %nsw = arith.addf %ns, %w : f32
        %sum = arith.addf %nsw, %e : f32
        %c4 = arith.mulf %c, %four : f32
        %lap = arith.subf %sum, %c4 : f32
        %d = arith.mulf %lap, %r : f32
        %v = arith.addf %c, %d : f32
        memref.store %v, %out[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // Hot top edge (1.0), cold elsewhere (0.0).
  func.func @init(%g: memref<?x?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %rows = memref.dim %g, %c0 : memref<?x?xf32>
    %cols = memref.dim %g, %c1 : memref<?x?xf32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %top = arith.cmpi eq, %i, %c0 : index
        %v = arith.select %top, %one, %zero : f32
        memref.store %v, %g[%i, %j] : memref<?x?xf32>
      }
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("heat_swap: %ld x %ld grid, %ld steps in calls to step(cur, nxt), swapped, %ld of %ld points equal to the host's, value at (8, 128) = %.6f: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  // The number of steps, computed at run time.
  func.func private @get_steps() -> index {
    %s = arith.constant 201 : index
    return %s : index
  }

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %n = arith.constant 256 : index
    %steps = func.call @get_steps() : () -> index
    %a = memref.alloc(%n, %n) : memref<?x?xf32>
    %b = memref.alloc(%n, %n) : memref<?x?xf32>
    %ra = memref.alloc(%n, %n) : memref<?x?xf32>
    %rb = memref.alloc(%n, %n) : memref<?x?xf32>
    func.call @init(%a) : (memref<?x?xf32>) -> ()
    func.call @init(%b) : (memref<?x?xf32>) -> ()
    func.call @init(%ra) : (memref<?x?xf32>) -> ()
    func.call @init(%rb) : (memref<?x?xf32>) -> ()

    // The grids swap roles at every step: keeping both on the device across
    // the loop, whichever holds what, is the compiler's job.
    %res:2 = scf.for %k = %c0 to %steps step %c1
        iter_args(%cur = %a, %nxt = %b) -> (memref<?x?xf32>, memref<?x?xf32>) {
      func.call @step(%cur, %nxt) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      scf.yield %nxt, %cur : memref<?x?xf32>, memref<?x?xf32>
    }
    %ref:2 = scf.for %k = %c0 to %steps step %c1
        iter_args(%cur = %ra, %nxt = %rb) -> (memref<?x?xf32>, memref<?x?xf32>) {
      func.call @host_diffuse(%cur, %nxt) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
      scf.yield %nxt, %cur : memref<?x?xf32>, memref<?x?xf32>
    }

    %nn = arith.muli %n, %n : index
    %same = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> index {
      %row = scf.for %j = %c0 to %n step %c1 iter_args(%r = %acc) -> index {
        %v = memref.load %res#0[%i, %j] : memref<?x?xf32>
        %w = memref.load %ref#0[%i, %j] : memref<?x?xf32>
        %eq = arith.cmpf oeq, %v, %w : f32
        %inc = arith.addi %r, %c1 : index
        %next = arith.select %eq, %inc, %r : index
        scf.yield %next : index
      }
      scf.yield %row : index
    }
    %all = arith.cmpi eq, %same, %nn : index
    %c8 = arith.constant 8 : index
    %half = arith.divui %n, %c2 : index
    %center = memref.load %res#0[%c8, %half] : memref<?x?xf32>
    %center64 = arith.extf %center : f32 to f64
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %n64 = arith.index_cast %n : index to i64
    %s64 = arith.index_cast %steps : index to i64
    %same64 = arith.index_cast %same : index to i64
    %nn64 = arith.index_cast %nn : index to i64
    llvm.call @printf(%fmt, %n64, %n64, %s64, %same64, %nn64, %center64, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i64, f64, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?x?xf32>
    memref.dealloc %b : memref<?x?xf32>
    memref.dealloc %ra : memref<?x?xf32>
    memref.dealloc %rb : memref<?x?xf32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
