// ghost_rows: a 2-D stencil on a 130 x 512 grid with periodic ghost rows:
// after each launch, a host helper @ghosts(g) copies row R-2 into row 0 and
// row 1 into row R-1 (g[0, j] = g[R-2, j], g[R-1, j] = g[1, j]). 30 steps
// of a -> b, b -> a, in a helper @step(a, b). The compiler should keep both
// grids on the device across all steps and move only the rows the host
// touches: the two it reads come back, the two it writes go to the device,
// 2 KiB each, as an OpenMP programmer's target updates do (before, the
// whole grid moved both ways at every fill). The result is checked against
// the same steps on the host.
//
//   offload-cc ghost_rows.mlir -o ghost_rows && ./ghost_rows
module attributes {offload.targets = [#offload.nvptx<chip = "sm_90">,
                                      #offload.host]} {
  // out[i, j] = (in[i-1, j] + 2 in[i, j] + in[i+1, j] + in[i, (j+1) mod m])
  // mod 65521 for the rows 1 .. R-2.
  offload.kernel @vstep(%in: memref<?x?xi32>, %out: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %md = arith.constant 65521 : i32
    %rows = memref.dim %in, %c0 : memref<?x?xi32>
    %cols = memref.dim %in, %c1 : memref<?x?xi32>
    %rl = arith.subi %rows, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c0) to (%rl, %cols) step (%c1, %c1) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %wrap = arith.cmpi eq, %jp, %cols : index
      %jn = arith.select %wrap, %c0, %jp : index
      %n = memref.load %in[%im, %j] : memref<?x?xi32>
      %c = memref.load %in[%i, %j] : memref<?x?xi32>
      %s = memref.load %in[%ip, %j] : memref<?x?xi32>
      %e = memref.load %in[%i, %jn] : memref<?x?xi32>
      %c2 = arith.muli %c, %two : i32
      %a = arith.addi %n, %c2 : i32
      %b = arith.addi %a, %s : i32
      %d = arith.addi %b, %e : i32
      %r = arith.remui %d, %md : i32
      memref.store %r, %out[%i, %j] : memref<?x?xi32>
    }
    offload.return
  }

  func.func private @ghosts(%g: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %rows = memref.dim %g, %c0 : memref<?x?xi32>
    %cols = memref.dim %g, %c1 : memref<?x?xi32>
    %rl = arith.subi %rows, %c1 : index
    %rl2 = arith.subi %rows, %c2 : index
    scf.for %j = %c0 to %cols step %c1 {
      %top = memref.load %g[%rl2, %j] : memref<?x?xi32>
      memref.store %top, %g[%c0, %j] : memref<?x?xi32>
      %bot = memref.load %g[%c1, %j] : memref<?x?xi32>
      memref.store %bot, %g[%rl, %j] : memref<?x?xi32>
    }
    return
  }

  func.func private @step(%a: memref<?x?xi32>, %b: memref<?x?xi32>) {
    offload.launch @vstep(%a, %b) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    func.call @ghosts(%b) : (memref<?x?xi32>) -> ()
    offload.launch @vstep(%b, %a) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    func.call @ghosts(%a) : (memref<?x?xi32>) -> ()
    return
  }

  // The same step on the host, for the check.
  func.func private @host_vstep(%in: memref<?x?xi32>, %out: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %two = arith.constant 2 : i32
    %md = arith.constant 65521 : i32
    %rows = memref.dim %in, %c0 : memref<?x?xi32>
    %cols = memref.dim %in, %c1 : memref<?x?xi32>
    %rl = arith.subi %rows, %c1 : index
    scf.for %i = %c1 to %rl step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %im = arith.subi %i, %c1 : index
        %ip = arith.addi %i, %c1 : index
        %jp = arith.addi %j, %c1 : index
        %wrap = arith.cmpi eq, %jp, %cols : index
        %jn = arith.select %wrap, %c0, %jp : index
        %n = memref.load %in[%im, %j] : memref<?x?xi32>
        %c = memref.load %in[%i, %j] : memref<?x?xi32>
        %s = memref.load %in[%ip, %j] : memref<?x?xi32>
        %e = memref.load %in[%i, %jn] : memref<?x?xi32>
        %c2 = arith.muli %c, %two : i32
        %a = arith.addi %n, %c2 : i32
        %b = arith.addi %a, %s : i32
        %d = arith.addi %b, %e : i32
        %r = arith.remui %d, %md : i32
        memref.store %r, %out[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  func.func private @init(%g: memref<?x?xi32>, %h: memref<?x?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %seed = arith.constant 7919 : i32
    %md = arith.constant 65521 : i32
    %rows = memref.dim %g, %c0 : memref<?x?xi32>
    %cols = memref.dim %g, %c1 : memref<?x?xi32>
    scf.for %i = %c0 to %rows step %c1 {
      scf.for %j = %c0 to %cols step %c1 {
        %k = arith.muli %i, %cols : index
        %l = arith.addi %k, %j : index
        %li = arith.index_cast %l : index to i32
        %v = arith.muli %li, %seed : i32
        %w = arith.remui %v, %md : i32
        memref.store %w, %g[%i, %j] : memref<?x?xi32>
        memref.store %w, %h[%i, %j] : memref<?x?xi32>
      }
    }
    return
  }

  llvm.func @printf(!llvm.ptr, ...) -> i32
  llvm.mlir.global private constant @result("ghost_rows: %ld steps on %ld x %ld, %ld equal to the host's, a[7, 9] = %d: %s\0A\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @pass("PASS\00") {addr_space = 0 : i32}
  llvm.mlir.global private constant @fail("FAIL\00") {addr_space = 0 : i32}

  func.func @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = arith.constant 130 : index
    %m = arith.constant 512 : index
    %steps = arith.constant 30 : index
    %a = memref.alloc(%r, %m) : memref<?x?xi32>
    %b = memref.alloc(%r, %m) : memref<?x?xi32>
    %ra = memref.alloc(%r, %m) : memref<?x?xi32>
    %rb = memref.alloc(%r, %m) : memref<?x?xi32>
    func.call @init(%a, %ra) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    func.call @init(%b, %rb) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    func.call @ghosts(%a) : (memref<?x?xi32>) -> ()
    func.call @ghosts(%ra) : (memref<?x?xi32>) -> ()
    scf.for %k = %c0 to %steps step %c1 {
      func.call @step(%a, %b) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
    }
    scf.for %k = %c0 to %steps step %c1 {
      func.call @host_vstep(%ra, %rb) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
      func.call @ghosts(%rb) : (memref<?x?xi32>) -> ()
      func.call @host_vstep(%rb, %ra) : (memref<?x?xi32>, memref<?x?xi32>) -> ()
      func.call @ghosts(%ra) : (memref<?x?xi32>) -> ()
    }
    %same = scf.for %i = %c0 to %r step %c1 iter_args(%acc = %c0) -> index {
      %row = scf.for %j = %c0 to %m step %c1 iter_args(%acc2 = %acc) -> index {
        %v = memref.load %a[%i, %j] : memref<?x?xi32>
        %w = memref.load %ra[%i, %j] : memref<?x?xi32>
        %eq = arith.cmpi eq, %v, %w : i32
        %inc = arith.addi %acc2, %c1 : index
        %next = arith.select %eq, %inc, %acc2 : index
        scf.yield %next : index
      }
      scf.yield %row : index
    }
    %total = arith.muli %r, %m : index
    %all = arith.cmpi eq, %same, %total : index
    %c7 = arith.constant 7 : index
    %c9 = arith.constant 9 : index
    %x = memref.load %a[%c7, %c9] : memref<?x?xi32>
    %fmt = llvm.mlir.addressof @result : !llvm.ptr
    %p = llvm.mlir.addressof @pass : !llvm.ptr
    %f = llvm.mlir.addressof @fail : !llvm.ptr
    %verdict = arith.select %all, %p, %f : !llvm.ptr
    %s64 = arith.index_cast %steps : index to i64
    %r64 = arith.index_cast %r : index to i64
    %m64 = arith.index_cast %m : index to i64
    %same64 = arith.index_cast %same : index to i64
    llvm.call @printf(%fmt, %s64, %r64, %m64, %same64, %x, %verdict) vararg(!llvm.func<i32 (ptr, ...)>) : (!llvm.ptr, i64, i64, i64, i64, i32, !llvm.ptr) -> i32
    memref.dealloc %a : memref<?x?xi32>
    memref.dealloc %b : memref<?x?xi32>
    memref.dealloc %ra : memref<?x?xi32>
    memref.dealloc %rb : memref<?x?xi32>
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %rc = arith.select %all, %c0_i32, %c1_i32 : i32
    return %rc : i32
  }
}
